//! Device-side state of the renderer (rebuilt wholesale after a device loss): pipelines, the
//! view uniform, the atlas texture, growable sprite-instance, clip-instance and clip-uniform
//! buffers, the trails' buffers and data texture, depth target; and the per-clip CPU copy and GPU
//! objects.

use super::trail_upload::TrailGpu;
use crate::atlas_gpu::AtlasGpu;
use crate::clip_pack::{ClipLayouts, DataTextureSize, PackedClip};
use crate::clips::{FrameEncoding, VertexClip};
use crate::gpu::Gpu;
use crate::pipelines::Pipelines;
use crate::view::ViewUniform;

/// A clip as the renderer keeps it: the CPU copy (for rebuilding), its layouts and packed data
/// texture words, and its GPU objects once uploaded.
pub(super) struct ClipEntry {
    pub(super) clip: VertexClip,
    pub(super) encoding: FrameEncoding,
    /// Decode offset and scale of the positions (zero and one for f32).
    pub(super) decode: ([f32; 3], [f32; 3]),
    /// Bounding box over every frame, model units: `(min, extent)`.
    pub(super) model_box: ([f32; 3], [f32; 3]),
    pub(super) layouts: ClipLayouts,
    pub(super) packed: PackedClip,
    pub(super) gpu: Option<ClipBuffers>,
    /// Sample its images through the atlas mip chain (trilinear).
    pub(super) trilinear: bool,
}

/// One instanced draw of a frame: a draw range of one layout for a run of instances.
#[derive(Clone, Copy)]
pub(super) struct ClipDrawCall {
    pub(super) clip: crate::clips::ClipId,
    /// Topology (selects the UV run).
    pub(super) topology: u32,
    /// Index range.
    pub(super) index_start: u32,
    pub(super) index_count: u32,
    /// Pipeline ([`crate::blend::blend_index`]).
    pub(super) pipeline: u32,
    /// Dynamic offset of the draw's uniform.
    pub(super) offset: u32,
    /// Instances in the clip-instance buffer.
    pub(super) first_instance: u32,
    pub(super) instance_count: u32,
}

/// GPU objects of one clip.
pub(super) struct ClipBuffers {
    /// Bind group of the data texture (group 2); it keeps the texture alive.
    pub(super) data_group: wgpu::BindGroup,
    /// The data texture's size (its row width and rows per layer go into the draw uniforms).
    pub(super) data_size: crate::clip_pack::DataTextureSize,
    pub(super) uvs: wgpu::Buffer,
    pub(super) indices: wgpu::Buffer,
}

/// A growable GPU buffer.
pub(super) struct GrowBuffer {
    pub(super) buffer: wgpu::Buffer,
    pub(super) capacity: u64,
    pub(super) usage: wgpu::BufferUsages,
    pub(super) label: &'static str,
}

impl GrowBuffer {
    pub(super) fn new(
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
    pub(super) fn reserve(&mut self, device: &wgpu::Device, bytes: u64) -> bool {
        if bytes <= self.capacity {
            return false;
        }
        *self = GrowBuffer::new(device, self.label, self.usage, bytes.next_power_of_two());
        true
    }
}

/// Device resources rebuilt after a loss.
pub(super) struct DeviceState {
    pub(super) gpu: Gpu,
    pub(super) pipelines: Pipelines,
    pub(super) view_buffer: wgpu::Buffer,
    pub(super) view_group: wgpu::BindGroup,
    pub(super) atlas: Option<AtlasGpu>,
    pub(super) instances: GrowBuffer,
    /// Trail instances, chains and meshes.
    pub(super) trails: TrailGpu,
    pub(super) clip_instances: GrowBuffer,
    pub(super) clip_uniforms: GrowBuffer,
    pub(super) clip_group: wgpu::BindGroup,
    pub(super) depth: Option<(wgpu::TextureView, u32, u32)>,
    pub(super) offscreen: Option<wgpu::Texture>,
}

impl DeviceState {
    pub(super) fn new(gpu: Gpu) -> DeviceState {
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
        let trails = TrailGpu::new(device);
        let clip_instances = GrowBuffer::new(
            device,
            "clip instances",
            wgpu::BufferUsages::VERTEX,
            16 * 1024,
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
            trails,
            clip_instances,
            clip_uniforms,
            clip_group,
            depth: None,
            offscreen: None,
        }
    }

    pub(super) fn uniform_stride(&self) -> u64 {
        let align = u64::from(self.gpu.device.limits().min_uniform_buffer_offset_alignment).max(16);
        crate::clips::CLIP_DRAW_UNIFORM_BYTES.div_ceil(align) * align
    }
}

pub(super) fn clip_bind_group(
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

/// A new buffer of `usage` (plus `COPY_DST`) holding `bytes`, zero-padded to a whole number of
/// 4-byte words (at least one: wgpu copies whole words and refuses empty buffers here).
pub(super) fn filled_buffer(
    gpu: &Gpu,
    label: &str,
    bytes: &[u8],
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: (bytes.len() as u64).max(4).next_multiple_of(4),
        usage: usage | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    if bytes.len() as u64 == buffer.size() {
        gpu.queue.write_buffer(&buffer, 0, bytes);
    } else {
        let mut padded = bytes.to_vec();
        padded.resize(buffer.size() as usize, 0);
        gpu.queue.write_buffer(&buffer, 0, &padded);
    }
    buffer
}

/// A data texture of `size` (`R32Uint` words, rows continuing on the next array layer, read
/// with `textureLoad` by the clip and trail shaders) and its bind group in `layout`
/// (`Pipelines::clip_data_layout`); its texels are written by the caller.
pub(super) fn data_texture(
    gpu: &Gpu,
    layout: &wgpu::BindGroupLayout,
    label: &str,
    size: DataTextureSize,
) -> (wgpu::Texture, wgpu::BindGroup) {
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: size.width,
            height: size.rows_per_layer,
            depth_or_array_layers: size.layers,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::R32Uint,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let view = texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some(label),
        dimension: Some(wgpu::TextureViewDimension::D2Array),
        ..Default::default()
    });
    let group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some(label),
        layout,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: wgpu::BindingResource::TextureView(&view),
        }],
    });
    (texture, group)
}
