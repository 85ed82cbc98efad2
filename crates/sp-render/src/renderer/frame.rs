//! One frame: pending uploads (atlas, clips), per-draw clip uniforms, and the render pass
//! (clear → grid → vertex clips → sprites), then submit and present.

use super::device::{ClipBuffers, ClipDrawCall, clip_bind_group};
use super::{FrameReport, Renderer, WHITE_IMAGE};
use crate::atlas_gpu::AtlasGpu;
use crate::blend::blend_index;
use crate::clips::{
    ClipDrawUniform, ClipInstance, FrameEncoding, mat4_mul, mix4, premultiplied_colors, view_matrix,
};
use crate::error::Result;
use crate::pipelines::DEPTH_FORMAT;
use crate::sprites::{SPRITE_INSTANCE_BYTES, SpriteBatch};
use crate::view::ViewUniform;

impl Renderer {
    pub(super) fn upload_pending(&mut self) {
        let st = &mut self.state;
        if st.atlas.is_none() {
            st.atlas = Some(AtlasGpu::new(
                &st.gpu.device,
                &st.gpu.queue,
                &st.pipelines.atlas_layout,
                &self.layout,
                &self.images,
            ));
        }
        for entry in self.clips.values_mut() {
            if entry.gpu.is_some() {
                continue;
            }
            let device = &st.gpu.device;
            let make = |label: &str, bytes: &[u8], usage: wgpu::BufferUsages| {
                let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size: (bytes.len() as u64).max(4).next_multiple_of(4),
                    usage: usage | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                let mut padded = bytes.to_vec();
                padded.resize(buffer.size() as usize, 0);
                st.gpu.queue.write_buffer(&buffer, 0, &padded);
                buffer
            };
            let frames = entry
                .encoded
                .frames
                .iter()
                .map(|f| make("clip frame", f, wgpu::BufferUsages::VERTEX))
                .collect();
            let uvs = make(
                "clip uvs",
                bytemuck::cast_slice(&entry.clip.uvs),
                wgpu::BufferUsages::VERTEX,
            );
            let indices = make(
                "clip indices",
                bytemuck::cast_slice(&entry.clip.indices),
                wgpu::BufferUsages::INDEX,
            );
            entry.gpu = Some(ClipBuffers {
                frames,
                uvs,
                indices,
            });
        }
    }

    /// Writes per-draw uniforms of the clip instances; fills `draw_scratch` with one
    /// [`ClipDrawCall`] per draw range of each instance's chosen frame.
    pub(super) fn prepare_clips(&mut self, instances: &[ClipInstance]) {
        self.clip_scratch.clear();
        self.draw_scratch.clear();
        let stride = self.state.uniform_stride();
        let view_m = view_matrix(&self.view);
        let white = self.layout.entry(WHITE_IMAGE).map(|w| {
            let cu = (w.uv_rect[0] + w.uv_rect[2]) * 0.5;
            let cv = (w.uv_rect[1] + w.uv_rect[3]) * 0.5;
            ([cu, cv, cu, cv], w.layer)
        });
        for inst in instances {
            let Some(entry) = self.clips.get(&inst.clip) else {
                continue;
            };
            let clip = &entry.clip;
            let Some(choice) = clip.choose_frames(inst.time_secs, inst.looping) else {
                continue;
            };
            let model_to_clip = mat4_mul(&view_m, &inst.model_to_scene);
            let e = &entry.encoded;
            let Some(frame) = clip.frames.get(choice.a as usize) else {
                continue;
            };
            let next = clip.frame_draws(choice.b as usize);
            for (k, draw) in clip.frame_draws(choice.a as usize).iter().enumerate() {
                if draw.index_count == 0 {
                    continue;
                }
                let m = &draw.material;
                let (uv_rect, layer) = match m.texture.as_deref().and_then(|t| self.layout.entry(t))
                {
                    Some(a) => (a.uv_rect, a.layer),
                    None => white.unwrap_or(([0.0; 4], 0)),
                };
                let (mut color, mut dark) = premultiplied_colors(m.color, m.dark, inst.tint);
                if let (true, Some(nd)) = (choice.blend_colors, next.get(k)) {
                    let (c2, d2) =
                        premultiplied_colors(nd.material.color, nd.material.dark, inst.tint);
                    color = mix4(color, c2, choice.blend);
                    dark = mix4(dark, d2, choice.blend);
                }
                let uniform = ClipDrawUniform {
                    model_to_clip,
                    bbox_min: [e.bbox_min[0], e.bbox_min[1], e.bbox_min[2], 0.0],
                    bbox_extent_blend: [
                        e.bbox_extent[0],
                        e.bbox_extent[1],
                        e.bbox_extent[2],
                        choice.blend,
                    ],
                    color,
                    dark,
                    uv_rect,
                    layer: [layer, u32::from(clip.lit), 0, 0],
                };
                let offset = self.clip_scratch.len() as u32;
                self.clip_scratch
                    .extend_from_slice(bytemuck::bytes_of(&uniform));
                self.clip_scratch
                    .resize(offset as usize + stride as usize, 0);
                self.draw_scratch.push(ClipDrawCall {
                    clip: inst.clip,
                    a: choice.a,
                    b: choice.b,
                    offset,
                    draw: frame.first_draw + k as u32,
                });
            }
        }
        if self.clip_scratch.is_empty() {
            return;
        }
        let st = &mut self.state;
        if st
            .clip_uniforms
            .reserve(&st.gpu.device, self.clip_scratch.len() as u64)
        {
            st.clip_group =
                clip_bind_group(&st.gpu.device, &st.pipelines, &st.clip_uniforms.buffer);
        }
        st.gpu
            .queue
            .write_buffer(&st.clip_uniforms.buffer, 0, &self.clip_scratch);
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
        if !sprites.is_empty() {
            let bytes = sprites.instances.len() as u64 * SPRITE_INSTANCE_BYTES;
            st.instances.reserve(device, bytes);
            st.gpu.queue.write_buffer(
                &st.instances.buffer,
                0,
                bytemuck::cast_slice(&sprites.instances),
            );
        }

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
                st.offscreen = Some(device.create_texture(&wgpu::TextureDescriptor {
                    label: Some("offscreen"),
                    size: wgpu::Extent3d {
                        width: w,
                        height: h,
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: 1,
                    dimension: wgpu::TextureDimension::D2,
                    format: st.gpu.config.format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                    view_formats: &[],
                }));
            }
            match &st.offscreen {
                Some(t) => t.create_view(&wgpu::TextureViewDescriptor::default()),
                None => return Ok(report),
            }
        };
        if st.depth.as_ref().is_none_or(|d| (d.1, d.2) != (w, h)) {
            let depth = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("depth"),
                size: wgpu::Extent3d {
                    width: w,
                    height: h,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: DEPTH_FORMAT,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            });
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
            if !self.draw_scratch.is_empty() {
                pass.set_bind_group(1, &atlas.bind_group, &[]);
                for call in &self.draw_scratch {
                    let Some(entry) = self.clips.get(&call.clip) else {
                        continue;
                    };
                    let Some(buffers) = &entry.gpu else { continue };
                    let clip = &entry.clip;
                    let (Some(fa), Some(fb), Some(frame), Some(draw)) = (
                        buffers.frames.get(call.a as usize),
                        buffers.frames.get(call.b as usize),
                        clip.frames.get(call.a as usize),
                        clip.draws.get(call.draw as usize),
                    ) else {
                        continue;
                    };
                    let Some(topo) = clip.topologies.get(frame.topology as usize) else {
                        continue;
                    };
                    let pipelines = match entry.encoded.encoding {
                        FrameEncoding::F32 => &st.pipelines.clip[0],
                        FrameEncoding::U16 => &st.pipelines.clip[1],
                    };
                    let Some(pipeline) = pipelines.get(blend_index(draw.material.blend)) else {
                        continue;
                    };
                    let uv_start = u64::from(topo.first_vertex) * 8;
                    let uv_end = uv_start + u64::from(topo.vertex_count) * 8;
                    pass.set_pipeline(pipeline);
                    pass.set_bind_group(2, &st.clip_group, &[call.offset]);
                    pass.set_vertex_buffer(0, fa.slice(..));
                    pass.set_vertex_buffer(1, fb.slice(..));
                    pass.set_vertex_buffer(2, buffers.uvs.slice(uv_start..uv_end));
                    pass.set_index_buffer(buffers.indices.slice(..), wgpu::IndexFormat::Uint32);
                    pass.draw_indexed(
                        draw.index_start..draw.index_start + draw.index_count,
                        0,
                        0..1,
                    );
                    report.draw_calls += 1;
                }
            }
            if !sprites.is_empty() {
                pass.set_bind_group(1, &atlas.bind_group, &[]);
                pass.set_vertex_buffer(0, st.instances.buffer.slice(..));
                for draw in &sprites.draws {
                    pass.set_pipeline(&st.pipelines.sprite[blend_index(draw.blend)]);
                    pass.draw(0..4, draw.start..draw.start + draw.count);
                    report.draw_calls += 1;
                }
                report.sprites = sprites.instances.len() as u32;
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
