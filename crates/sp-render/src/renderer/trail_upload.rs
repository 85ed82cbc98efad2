//! The trails' GPU side ([`crate::trail_skin`]): the frame's trail instances and chains (the
//! trail data texture, grown by powers of two, only the rows in use written), and each mesh
//! slot's vertex and index buffers, uploaded only when the slot's version changes
//! ([`crate::trail_meshes`]).

use super::device::{GrowBuffer, data_texture, filled_buffer};
use crate::clip_pack::{DataTextureSize, data_texture_size};
use crate::gpu::Gpu;
use crate::pipelines::Pipelines;
use crate::sprites::{DrawKind, SpriteBatch};
use crate::trail_skin::TRAIL_INSTANCE_BYTES;

/// One mesh slot on the GPU.
pub(super) struct TrailMeshBuffers {
    /// The slot version these buffers hold.
    version: u64,
    pub(super) vertices: wgpu::Buffer,
    pub(super) indices: wgpu::Buffer,
    pub(super) index_count: u32,
}

/// The trail data texture and its bind group (group 2 of the trail pipelines).
struct TrailData {
    size: DataTextureSize,
    texture: wgpu::Texture,
    group: wgpu::BindGroup,
}

/// Everything the trail draws read (see the module docs).
pub(super) struct TrailGpu {
    pub(super) instances: GrowBuffer,
    data: Option<TrailData>,
    meshes: Vec<Option<TrailMeshBuffers>>,
}

impl TrailGpu {
    pub(super) fn new(device: &wgpu::Device) -> TrailGpu {
        TrailGpu {
            instances: GrowBuffer::new(
                device,
                "trail instances",
                wgpu::BufferUsages::VERTEX,
                16 * 1024,
            ),
            data: None,
            meshes: Vec::new(),
        }
    }

    /// Bind group of the trail data texture, once a frame with trails was uploaded.
    pub(super) fn data_group(&self) -> Option<&wgpu::BindGroup> {
        self.data.as_ref().map(|d| &d.group)
    }

    /// The buffers of mesh slot `k`, when uploaded.
    pub(super) fn mesh(&self, k: u32) -> Option<&TrailMeshBuffers> {
        self.meshes.get(k as usize).and_then(Option::as_ref)
    }

    /// Uploads `batch`'s trail instances and chains, and the meshes its draws use that changed.
    /// False when the chains do not fit in the device's largest data texture (nothing to draw).
    pub(super) fn upload(&mut self, gpu: &Gpu, pipelines: &Pipelines, batch: &SpriteBatch) -> bool {
        if batch.trail_instances.is_empty() {
            return true;
        }
        let (device, queue) = (&gpu.device, &gpu.queue);
        let bytes = batch.trail_instances.len() as u64 * TRAIL_INSTANCE_BYTES;
        self.instances.reserve(device, bytes);
        queue.write_buffer(
            &self.instances.buffer,
            0,
            bytemuck::cast_slice(&batch.trail_instances),
        );
        for draw in &batch.draws {
            let DrawKind::Trails { mesh: k } = draw.kind else {
                continue;
            };
            let Some(slot) = batch.trail_meshes.get(k) else {
                continue;
            };
            let k = k as usize;
            if self.meshes.len() <= k {
                self.meshes.resize_with(k + 1, || None);
            }
            if self.meshes[k]
                .as_ref()
                .is_some_and(|m| m.version == slot.version)
            {
                continue;
            }
            self.meshes[k] = Some(TrailMeshBuffers {
                version: slot.version,
                vertices: filled_buffer(
                    gpu,
                    "trail mesh vertices",
                    bytemuck::cast_slice(&slot.vertices),
                    wgpu::BufferUsages::VERTEX,
                ),
                indices: filled_buffer(
                    gpu,
                    "trail mesh indices",
                    bytemuck::cast_slice(&slot.indices),
                    wgpu::BufferUsages::INDEX,
                ),
                index_count: slot.indices.len() as u32,
            });
        }
        self.upload_words(gpu, pipelines, &batch.trail_words)
    }

    /// Writes `words` from the data texture's first texel (growing it first when too small).
    fn upload_words(&mut self, gpu: &Gpu, pipelines: &Pipelines, words: &[u32]) -> bool {
        let fits = |d: &TrailData| d.size.texels() >= words.len() as u64;
        if !self.data.as_ref().is_some_and(fits) {
            let want = words.len().next_power_of_two().max(4096);
            let Some(size) = data_texture_size(want, gpu.max_texture_px, gpu.max_layers)
                .or_else(|| data_texture_size(words.len(), gpu.max_texture_px, gpu.max_layers))
            else {
                return false;
            };
            let (texture, group) =
                data_texture(gpu, &pipelines.clip_data_layout, "trail data", size);
            self.data = Some(TrailData {
                size,
                texture,
                group,
            });
        }
        let Some(data) = &self.data else {
            return false;
        };
        let (width, rows) = (data.size.width, data.size.rows_per_layer);
        let per_layer = (width * rows) as usize;
        let write = |chunk: &[u32], x_rows: (u32, u32), layer: u32, extent: (u32, u32)| {
            gpu.queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &data.texture,
                    mip_level: 0,
                    origin: wgpu::Origin3d {
                        x: x_rows.0,
                        y: x_rows.1,
                        z: layer,
                    },
                    aspect: wgpu::TextureAspect::All,
                },
                bytemuck::cast_slice(chunk),
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(extent.0 * 4),
                    rows_per_image: Some(extent.1),
                },
                wgpu::Extent3d {
                    width: extent.0,
                    height: extent.1,
                    depth_or_array_layers: 1,
                },
            );
        };
        for (layer, chunk) in words.chunks(per_layer).enumerate() {
            // The full rows, then the last row's words alone (no padding copy).
            let full = chunk.len() / width as usize;
            let (head, tail) = chunk.split_at(full * width as usize);
            if full > 0 {
                write(head, (0, 0), layer as u32, (width, full as u32));
            }
            if !tail.is_empty() {
                write(tail, (0, full as u32), layer as u32, (tail.len() as u32, 1));
            }
        }
        true
    }
}
