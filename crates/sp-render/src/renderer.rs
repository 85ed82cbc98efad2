//! The renderer: owns the device, the CPU copies of everything it draws (images, clips), and
//! draws one frame from a [`SpriteBatch`] and a list of [`ClipInstance`]s.
//!
//! Frame: clear to the background colour → grid → vertex clips (depth tested) → sprites (one
//! instanced draw per run of equal blend mode, in batch order). Everything on the GPU can be
//! rebuilt from the CPU copies ([`Renderer::rebuild`]) after a lost WebGL context or WebGPU device.

use std::collections::BTreeMap;

use crate::atlas::{AtlasEntry, AtlasLayout, pack};
use crate::atlas_gpu::AtlasGpu;
use crate::blend::blend_index;
use crate::clips::{
    ClipDrawUniform, ClipId, ClipInstance, EncodedFrames, FrameEncoding, VertexClip, encode_frames,
    frame_pair, mat4_mul, view_matrix,
};
use crate::error::{Error, Result};
use crate::gpu::{Gpu, MAX_PAGE_PX};
use crate::image::PremulImage;
use crate::pipelines::{DEPTH_FORMAT, Pipelines};
use crate::sprites::{SPRITE_INSTANCE_BYTES, SpriteBatch};
use crate::target::RenderTarget;
use crate::tier::{GpuTier, TierPreference};
use crate::view::{View, ViewUniform};

/// Reserved image path of the 4×4 white image used by flat-coloured clip materials.
pub const WHITE_IMAGE: &str = "sp-render:white";

/// What one [`Renderer::render`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameReport {
    /// Whether a frame was presented (false while the surface or device is unavailable).
    pub presented: bool,
    /// Sprites drawn.
    pub sprites: u32,
    /// Draw calls issued.
    pub draw_calls: u32,
}

struct ClipEntry {
    clip: VertexClip,
    encoded: EncodedFrames,
    gpu: Option<ClipBuffers>,
}

struct ClipBuffers {
    frames: Vec<wgpu::Buffer>,
    uvs: wgpu::Buffer,
    indices: wgpu::Buffer,
}

/// A growable GPU buffer.
struct GrowBuffer {
    buffer: wgpu::Buffer,
    capacity: u64,
    usage: wgpu::BufferUsages,
    label: &'static str,
}

impl GrowBuffer {
    fn new(
        device: &wgpu::Device,
        label: &'static str,
        usage: wgpu::BufferUsages,
        capacity: u64,
    ) -> Self {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: capacity,
            usage: usage | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        GrowBuffer {
            buffer,
            capacity,
            usage,
            label,
        }
    }

    /// Makes room for `bytes`; returns true when the buffer was replaced.
    fn reserve(&mut self, device: &wgpu::Device, bytes: u64) -> bool {
        if bytes <= self.capacity {
            return false;
        }
        *self = GrowBuffer::new(device, self.label, self.usage, bytes.next_power_of_two());
        true
    }
}

/// Device resources rebuilt after a loss.
struct DeviceState {
    gpu: Gpu,
    pipelines: Pipelines,
    view_buffer: wgpu::Buffer,
    view_group: wgpu::BindGroup,
    atlas: Option<AtlasGpu>,
    instances: GrowBuffer,
    clip_uniforms: GrowBuffer,
    clip_group: wgpu::BindGroup,
    depth: Option<(wgpu::TextureView, u32, u32)>,
    offscreen: Option<wgpu::Texture>,
}

impl DeviceState {
    fn new(gpu: Gpu) -> DeviceState {
        let device = &gpu.device;
        let pipelines = Pipelines::new(device, gpu.config.format);
        let view_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("view"),
            size: std::mem::size_of::<ViewUniform>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let view_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("view"),
            layout: &pipelines.view_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: view_buffer.as_entire_binding(),
            }],
        });
        let instances = GrowBuffer::new(
            device,
            "sprite instances",
            wgpu::BufferUsages::VERTEX,
            64 * 1024,
        );
        let clip_uniforms =
            GrowBuffer::new(device, "clip draws", wgpu::BufferUsages::UNIFORM, 16 * 1024);
        let clip_group = clip_bind_group(device, &pipelines, &clip_uniforms.buffer);
        DeviceState {
            gpu,
            pipelines,
            view_buffer,
            view_group,
            atlas: None,
            instances,
            clip_uniforms,
            clip_group,
            depth: None,
            offscreen: None,
        }
    }

    fn uniform_stride(&self) -> u64 {
        let align = u64::from(self.gpu.device.limits().min_uniform_buffer_offset_alignment).max(16);
        crate::clips::CLIP_DRAW_UNIFORM_BYTES.div_ceil(align) * align
    }
}

fn clip_bind_group(
    device: &wgpu::Device,
    pipelines: &Pipelines,
    buffer: &wgpu::Buffer,
) -> wgpu::BindGroup {
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("clip draws"),
        layout: &pipelines.clip_draw_layout,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer,
                offset: 0,
                size: wgpu::BufferSize::new(crate::clips::CLIP_DRAW_UNIFORM_BYTES),
            }),
        }],
    })
}

/// The scene renderer (see the module docs).
pub struct Renderer {
    state: DeviceState,
    images: BTreeMap<String, PremulImage>,
    layout: AtlasLayout,
    view: View,
    background: [f32; 3],
    grid: bool,
    clips: BTreeMap<ClipId, ClipEntry>,
    next_clip: u32,
    clip_scratch: Vec<u8>,
    draw_scratch: Vec<(ClipId, u32, u32, u32, usize)>,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer")
            .field("tier", &self.tier())
            .field("images", &self.images.len())
            .field("clips", &self.clips.len())
            .finish_non_exhaustive()
    }
}

impl Renderer {
    /// Opens a device on `target` (WebGPU → WebGL2 per `preference`, see [`crate::gpu`]).
    ///
    /// # Errors
    /// [`Error::NoRenderer`] when no backend works.
    pub async fn create(
        target: &mut dyn RenderTarget,
        preference: TierPreference,
    ) -> Result<Renderer> {
        let gpu = Gpu::open(target, preference).await?;
        Ok(Renderer::with_gpu(gpu))
    }

    /// A renderer on an already opened [`Gpu`] (e.g. [`Gpu::open_headless`] in tests).
    pub fn with_gpu(gpu: Gpu) -> Renderer {
        let mut images = BTreeMap::new();
        images.insert(WHITE_IMAGE.to_string(), PremulImage::white(4));
        let mut renderer = Renderer {
            state: DeviceState::new(gpu),
            images,
            layout: AtlasLayout::default(),
            view: View::default(),
            background: [0.12, 0.12, 0.14],
            grid: true,
            clips: BTreeMap::new(),
            next_clip: 1,
            clip_scratch: Vec::new(),
            draw_scratch: Vec::new(),
        };
        renderer.layout = pack(&renderer.images, renderer.max_page_px());
        let (w, h) = (
            renderer.state.gpu.config.width,
            renderer.state.gpu.config.height,
        );
        renderer.view.width_px = w;
        renderer.view.height_px = h;
        renderer
    }

    /// The preference that re-opens the same backend as now (for [`Gpu::open`] after a loss).
    pub fn same_tier_preference(&self) -> TierPreference {
        match self.tier() {
            GpuTier::WebGpu => TierPreference::WebGpu,
            _ => TierPreference::WebGl2,
        }
    }

    /// Re-opens the device after a loss (same backend as before) and rebuilds every GPU resource
    /// from the CPU copies.
    ///
    /// # Errors
    /// [`Error::NoRenderer`] when the backend is still unavailable (try again later).
    pub async fn rebuild(&mut self, target: &mut dyn RenderTarget) -> Result<()> {
        let gpu = Gpu::open(target, self.same_tier_preference()).await?;
        let forget_old = self.tier() == GpuTier::WebGl2;
        self.adopt_gpu(gpu, forget_old);
        Ok(())
    }

    /// Switches to a newly opened device and rebuilds every GPU resource from the CPU copies
    /// (images, clips, view). Use when the caller cannot hold the renderer across an `await`.
    ///
    /// With `forget_old`, the old device's objects are leaked instead of destroyed: after a lost
    /// WebGL context they no longer exist, and deleting them only makes the browser warn.
    pub fn adopt_gpu(&mut self, mut gpu: Gpu, forget_old: bool) {
        gpu.resize(self.view.width_px, self.view.height_px);
        let old = std::mem::replace(&mut self.state, DeviceState::new(gpu));
        if forget_old {
            std::mem::forget(old);
        }
        self.layout = pack(&self.images, self.max_page_px());
        for entry in self.clips.values_mut() {
            entry.gpu = None;
        }
    }

    /// Backend in use.
    pub fn tier(&self) -> GpuTier {
        self.state.gpu.tier
    }

    /// Why the preferred backend was not used (e.g. why WebGPU fell back to WebGL2).
    pub fn fallback_reason(&self) -> Option<&str> {
        self.state.gpu.fallback_reason.as_deref()
    }

    /// Whether the device was lost ([`Renderer::rebuild`] is needed).
    pub fn is_lost(&self) -> bool {
        self.state.gpu.is_lost()
    }

    /// Takes the last GPU validation error, if any (reported, never a panic).
    pub fn take_gpu_error(&self) -> Option<String> {
        self.state.gpu.take_error()
    }

    fn max_page_px(&self) -> u32 {
        self.state.gpu.max_texture_px.min(MAX_PAGE_PX)
    }

    /// Sets pan/zoom and the canvas size (device pixels).
    pub fn set_view(&mut self, view: View) {
        self.state.gpu.resize(view.width_px, view.height_px);
        self.view = view;
        self.view.width_px = self.state.gpu.config.width;
        self.view.height_px = self.state.gpu.config.height;
    }

    /// Current view.
    pub fn view(&self) -> View {
        self.view
    }

    /// Shows or hides the grid.
    pub fn set_grid(&mut self, on: bool) {
        self.grid = on;
    }

    /// Background colour (0..1 RGB).
    pub fn set_background(&mut self, rgb: [f32; 3]) {
        self.background = rgb;
    }

    /// Adds or replaces an image (straight-alpha RGBA8) under `path`.
    ///
    /// # Errors
    /// [`Error::BadImage`] for a malformed image or when the atlas would exceed the device's
    /// texture array limit.
    pub fn add_image(&mut self, path: &str, width: u32, height: u32, rgba: Vec<u8>) -> Result<()> {
        if path == WHITE_IMAGE {
            return Err(Error::BadImage {
                path: path.into(),
                reason: "this name is reserved".into(),
            });
        }
        let image = PremulImage::from_straight(path, width, height, rgba)?;
        let previous = self.images.insert(path.to_string(), image);
        let layout = pack(&self.images, self.max_page_px());
        if layout.pages > self.state.gpu.max_layers {
            match previous {
                Some(p) => self.images.insert(path.to_string(), p),
                None => self.images.remove(path),
            };
            return Err(Error::BadImage {
                path: path.into(),
                reason: format!(
                    "the images no longer fit in the GPU's {} texture layers; remove some first",
                    self.state.gpu.max_layers
                ),
            });
        }
        self.layout = layout;
        self.state.atlas = None;
        Ok(())
    }

    /// Removes an image; returns whether it existed.
    pub fn remove_image(&mut self, path: &str) -> bool {
        if path == WHITE_IMAGE || self.images.remove(path).is_none() {
            return false;
        }
        self.layout = pack(&self.images, self.max_page_px());
        self.state.atlas = None;
        true
    }

    /// Whether an image is known.
    pub fn has_image(&self, path: &str) -> bool {
        self.images.contains_key(path)
    }

    /// Atlas placement of an image (for building sprites).
    pub fn atlas_entry(&self, path: &str) -> Option<AtlasEntry> {
        self.layout.entry(path)
    }

    /// The current atlas layout.
    pub fn atlas_layout(&self) -> &AtlasLayout {
        &self.layout
    }

    /// Uploads a baked clip; the CPU copy is kept for rebuilding after a device loss.
    ///
    /// # Errors
    /// [`Error::BadClip`] when the clip is malformed.
    pub fn add_clip(&mut self, clip: VertexClip, encoding: FrameEncoding) -> Result<ClipId> {
        clip.validate()?;
        let id = ClipId(self.next_clip);
        self.next_clip += 1;
        let encoded = encode_frames(&clip, encoding);
        self.clips.insert(
            id,
            ClipEntry {
                clip,
                encoded,
                gpu: None,
            },
        );
        Ok(id)
    }

    /// Drops a clip; returns whether it existed.
    pub fn remove_clip(&mut self, id: ClipId) -> bool {
        self.clips.remove(&id).is_some()
    }

    /// GPU bytes of a clip's frame buffers: `(per frame, all frames)`.
    pub fn clip_memory(&self, id: ClipId) -> Option<(usize, usize)> {
        self.clips
            .get(&id)
            .map(|e| e.clip.frame_memory(e.encoded.encoding))
    }

    fn upload_pending(&mut self) {
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

    /// Writes per-draw uniforms of the clip instances; fills `draw_scratch` with
    /// `(clip, frame a, frame b, uniform offset, draw range index)` per draw range.
    fn prepare_clips(&mut self, instances: &[ClipInstance]) {
        self.clip_scratch.clear();
        self.draw_scratch.clear();
        let stride = self.state.uniform_stride();
        let view_m = view_matrix(&self.view);
        for inst in instances {
            let Some(entry) = self.clips.get(&inst.clip) else {
                continue;
            };
            let pair = frame_pair(
                inst.time_secs,
                entry.clip.fps,
                entry.clip.frames.len() as u32,
                inst.looping,
            );
            let model_to_clip = mat4_mul(&view_m, &inst.model_to_scene);
            let e = &entry.encoded;
            for (range, draw) in entry.clip.draws.iter().enumerate() {
                let (uv_rect, layer) = match draw
                    .material
                    .texture
                    .as_deref()
                    .and_then(|t| self.layout.entry(t))
                {
                    Some(a) => (a.uv_rect, a.layer),
                    None => {
                        let w = self.layout.entry(WHITE_IMAGE);
                        let rect = w.map_or([0.0; 4], |w| {
                            let cu = (w.uv_rect[0] + w.uv_rect[2]) * 0.5;
                            let cv = (w.uv_rect[1] + w.uv_rect[3]) * 0.5;
                            [cu, cv, cu, cv]
                        });
                        (rect, w.map_or(0, |w| w.layer))
                    }
                };
                let c = draw.material.color;
                let t = inst.tint;
                let a = (c[3] * t[3]).clamp(0.0, 1.0);
                let uniform = ClipDrawUniform {
                    model_to_clip,
                    bbox_min: [e.bbox_min[0], e.bbox_min[1], e.bbox_min[2], 0.0],
                    bbox_extent_blend: [
                        e.bbox_extent[0],
                        e.bbox_extent[1],
                        e.bbox_extent[2],
                        pair.blend,
                    ],
                    color: [c[0] * t[0] * a, c[1] * t[1] * a, c[2] * t[2] * a, a],
                    uv_rect,
                    layer: [layer, 0, 0, 0],
                };
                let offset = self.clip_scratch.len() as u32;
                self.clip_scratch
                    .extend_from_slice(bytemuck::bytes_of(&uniform));
                self.clip_scratch
                    .resize(offset as usize + stride as usize, 0);
                self.draw_scratch
                    .push((inst.clip, pair.a, pair.b, offset, range));
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
                for &(id, a, b, offset, range) in &self.draw_scratch {
                    let Some(entry) = self.clips.get(&id) else {
                        continue;
                    };
                    let Some(buffers) = &entry.gpu else { continue };
                    let pipeline = match entry.encoded.encoding {
                        FrameEncoding::F32 => &st.pipelines.clip[0],
                        FrameEncoding::U16 => &st.pipelines.clip[1],
                    };
                    let (Some(fa), Some(fb), Some(draw)) = (
                        buffers.frames.get(a as usize),
                        buffers.frames.get(b as usize),
                        entry.clip.draws.get(range),
                    ) else {
                        continue;
                    };
                    pass.set_pipeline(pipeline);
                    pass.set_bind_group(2, &st.clip_group, &[offset]);
                    pass.set_vertex_buffer(0, fa.slice(..));
                    pass.set_vertex_buffer(1, fb.slice(..));
                    pass.set_vertex_buffer(2, buffers.uvs.slice(..));
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
