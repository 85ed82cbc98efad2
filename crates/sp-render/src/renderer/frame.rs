//! One frame: pending uploads (atlas; clips: data texture, UVs, indices), the clip batch
//! ([`super::clip_batch`]), the frame's trails ([`super::trail_upload`]), and the render pass
//! (clear → grid → vertex clips → sprites and trail ribbons in batch order), then submit and
//! present.

use super::device::{ClipBuffers, data_texture, filled_buffer};
use super::{FrameReport, Renderer};
use crate::atlas_gpu::AtlasGpu;
use crate::blend::blend_index;
use crate::clip_pack::data_texture_size;
use crate::clips::ClipInstance;
use crate::error::Result;
use crate::pipelines::DEPTH_FORMAT;
use crate::sprites::{DrawKind, SPRITE_INSTANCE_BYTES, SpriteBatch};
use crate::view::ViewUniform;

impl Renderer {
    pub(super) fn upload_pending(&mut self) {
        let mipmaps = self.wants_mipmaps();
        let st = &mut self.state;
        let stale = st
            .atlas
            .as_ref()
            .is_none_or(|a| a.bind_group_trilinear.is_some() != mipmaps);
        if stale {
            st.atlas = Some(AtlasGpu::new(
                &st.gpu.device,
                &st.gpu.queue,
                &st.pipelines.atlas_layout,
                &self.layout,
                &self.images,
                mipmaps,
            ));
        }
        let (max_dim, max_layers) = (st.gpu.max_texture_px, st.gpu.max_layers);
        for entry in self.clips.values_mut() {
            if entry.gpu.is_some() {
                continue;
            }
            // Checked against this device's limits when added; a smaller device after a loss
            // leaves the clip undrawn rather than failing the frame.
            let words = &entry.packed.words;
            let Some(size) = data_texture_size(words.len(), max_dim, max_layers) else {
                continue;
            };
            let (texture, data_group) =
                data_texture(&st.gpu, &st.pipelines.clip_data_layout, "clip data", size);
            let mut texels = bytemuck::cast_slice::<u32, u8>(words).to_vec();
            texels.resize(size.texels() as usize * 4, 0);
            st.gpu.queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &texture,
                    mip_level: 0,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                &texels,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(size.width * 4),
                    rows_per_image: Some(size.rows_per_layer),
                },
                texture.size(),
            );
            let uvs = filled_buffer(
                &st.gpu,
                "clip uvs",
                bytemuck::cast_slice(&entry.clip.uvs),
                wgpu::BufferUsages::VERTEX,
            );
            let indices = filled_buffer(
                &st.gpu,
                "clip indices",
                bytemuck::cast_slice(&entry.clip.indices),
                wgpu::BufferUsages::INDEX,
            );
            entry.gpu = Some(ClipBuffers {
                data_group,
                data_size: size,
                uvs,
                indices,
            });
        }
    }

    /// Draws one frame (see the module docs) and presents it.
    ///
    /// # Errors
    /// None today: an unavailable surface or lost device skips the frame (`presented: false`).
    pub fn render(&mut self, sprites: &SpriteBatch, clips: &[ClipInstance]) -> Result<FrameReport> {
        let mut report = FrameReport::default();
        if self.is_lost() {
            return Ok(report);
        }
        self.upload_pending();
        self.prepare_clips(clips);
        let st = &mut self.state;
        let device = &st.gpu.device;
        let uniform = ViewUniform::new(&self.view, self.background);
        st.gpu
            .queue
            .write_buffer(&st.view_buffer, 0, bytemuck::bytes_of(&uniform));
        if !sprites.instances.is_empty() {
            let bytes = sprites.instances.len() as u64 * SPRITE_INSTANCE_BYTES;
            st.instances.reserve(device, bytes);
            st.gpu.queue.write_buffer(
                &st.instances.buffer,
                0,
                bytemuck::cast_slice(&sprites.instances),
            );
        }
        let trails_ready = st.trails.upload(&st.gpu, &st.pipelines, sprites);

        // Target texture.
        let (w, h) = (st.gpu.config.width, st.gpu.config.height);
        let mut frame = None;
        let target_view = if let Some(surface) = &st.gpu.surface {
            match surface.get_current_texture() {
                wgpu::CurrentSurfaceTexture::Success(t)
                | wgpu::CurrentSurfaceTexture::Suboptimal(t) => {
                    let v = t
                        .texture
                        .create_view(&wgpu::TextureViewDescriptor::default());
                    frame = Some(t);
                    v
                }
                wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                    surface.configure(device, &st.gpu.config);
                    return Ok(report);
                }
                _ => return Ok(report),
            }
        } else {
            let stale = st
                .offscreen
                .as_ref()
                .is_none_or(|t| (t.width(), t.height()) != (w, h));
            if stale {
                st.offscreen = Some(attachment(
                    device,
                    "offscreen",
                    (w, h),
                    st.gpu.config.format,
                    wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                ));
            }
            match &st.offscreen {
                Some(t) => t.create_view(&wgpu::TextureViewDescriptor::default()),
                None => return Ok(report),
            }
        };
        if st.depth.as_ref().is_none_or(|d| (d.1, d.2) != (w, h)) {
            let depth = attachment(
                device,
                "depth",
                (w, h),
                DEPTH_FORMAT,
                wgpu::TextureUsages::RENDER_ATTACHMENT,
            );
            st.depth = Some((
                depth.create_view(&wgpu::TextureViewDescriptor::default()),
                w,
                h,
            ));
        }
        let Some((depth_view, _, _)) = &st.depth else {
            return Ok(report);
        };
        let Some(atlas) = &st.atlas else {
            return Ok(report);
        };

        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("frame"),
        });
        {
            let [r, g, b] = self.background;
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("scene"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &target_view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color {
                            r: f64::from(r),
                            g: f64::from(g),
                            b: f64::from(b),
                            a: 1.0,
                        }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: depth_view,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(1.0),
                        store: wgpu::StoreOp::Discard,
                    }),
                    stencil_ops: None,
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_bind_group(0, &st.view_group, &[]);
            if self.grid {
                pass.set_pipeline(&st.pipelines.grid);
                pass.draw(0..3, 0..1);
                report.draw_calls += 1;
            }
            if !self.batch.calls.is_empty() {
                pass.set_bind_group(1, &atlas.bind_group, &[]);
                pass.set_vertex_buffer(1, st.clip_instances.buffer.slice(..));
                let mut bound_clip = None;
                let mut bound_topology = None;
                let mut bound_trilinear = false;
                let mut bound_pipeline = None;
                for call in &self.batch.calls {
                    let Some(entry) = self.clips.get(&call.clip) else {
                        continue;
                    };
                    let Some(buffers) = &entry.gpu else { continue };
                    let Some(pipeline) = st.pipelines.clip.get(call.pipeline as usize) else {
                        continue;
                    };
                    if bound_clip != Some(call.clip) {
                        let trilinear = atlas
                            .bind_group_trilinear
                            .as_ref()
                            .filter(|_| entry.trilinear);
                        if trilinear.is_some() != bound_trilinear {
                            pass.set_bind_group(1, trilinear.unwrap_or(&atlas.bind_group), &[]);
                            bound_trilinear = trilinear.is_some();
                        }
                        pass.set_bind_group(2, &buffers.data_group, &[]);
                        pass.set_index_buffer(buffers.indices.slice(..), wgpu::IndexFormat::Uint32);
                        bound_clip = Some(call.clip);
                        bound_topology = None;
                    }
                    if bound_topology != Some(call.topology) {
                        let Some(topo) = entry.clip.topologies.get(call.topology as usize) else {
                            continue;
                        };
                        let uv_start = u64::from(topo.first_vertex) * 8;
                        let uv_end = uv_start + u64::from(topo.vertex_count) * 8;
                        pass.set_vertex_buffer(0, buffers.uvs.slice(uv_start..uv_end));
                        bound_topology = Some(call.topology);
                    }
                    if bound_pipeline != Some(call.pipeline) {
                        pass.set_pipeline(pipeline);
                        bound_pipeline = Some(call.pipeline);
                    }
                    pass.set_bind_group(3, &st.clip_group, &[call.offset]);
                    pass.draw_indexed(
                        call.index_start..call.index_start + call.index_count,
                        0,
                        call.first_instance..call.first_instance + call.instance_count,
                    );
                    report.draw_calls += 1;
                }
                report.clip_instances = self.batch.records.len() as u32;
            }
            if !sprites.is_empty() {
                pass.set_bind_group(1, &atlas.bind_group, &[]);
                let mut bound: Option<DrawKind> = None;
                for draw in &sprites.draws {
                    let range = draw.start..draw.start + draw.count;
                    match draw.kind {
                        DrawKind::Sprites => {
                            if bound != Some(draw.kind) {
                                pass.set_vertex_buffer(0, st.instances.buffer.slice(..));
                                bound = Some(draw.kind);
                            }
                            pass.set_pipeline(&st.pipelines.sprite[blend_index(draw.blend)]);
                            pass.draw(0..4, range);
                        }
                        DrawKind::Trails { mesh } => {
                            let (Some(data), Some(buffers)) =
                                (st.trails.data_group(), st.trails.mesh(mesh))
                            else {
                                continue;
                            };
                            if !trails_ready {
                                continue;
                            }
                            if bound != Some(draw.kind) {
                                pass.set_bind_group(2, data, &[]);
                                pass.set_vertex_buffer(0, buffers.vertices.slice(..));
                                pass.set_vertex_buffer(1, st.trails.instances.buffer.slice(..));
                                pass.set_index_buffer(
                                    buffers.indices.slice(..),
                                    wgpu::IndexFormat::Uint32,
                                );
                                bound = Some(draw.kind);
                            }
                            pass.set_pipeline(&st.pipelines.trail[blend_index(draw.blend)]);
                            pass.draw_indexed(0..buffers.index_count, 0, range);
                        }
                    }
                    report.draw_calls += 1;
                }
                report.sprites = sprites.instances.len() as u32;
                report.ribbons = sprites.ribbons;
            }
        }
        st.gpu.queue.submit([encoder.finish()]);
        if let Some(frame) = frame {
            st.gpu.queue.present(frame);
        }
        report.presented = true;
        Ok(report)
    }
}

/// A `w × h` 2D texture of one mip level and one sample: a render target or depth buffer.
fn attachment(
    device: &wgpu::Device,
    label: &str,
    (w, h): (u32, u32),
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}
