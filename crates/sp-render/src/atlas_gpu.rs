//! The atlas on the GPU: one RGBA8 2D array texture, rebuilt from the CPU images whenever the
//! set of images changes or the device is new.

use std::collections::BTreeMap;

use crate::atlas::{AtlasLayout, padded_block};
use crate::image::PremulImage;

/// GPU texture array holding an [`AtlasLayout`].
#[derive(Debug)]
pub struct AtlasGpu {
    /// Bind group (group 1) with the texture view and sampler.
    pub bind_group: wgpu::BindGroup,
    _texture: wgpu::Texture,
}

impl AtlasGpu {
    /// Creates the texture for `layout` and uploads every image.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        layout_group: &wgpu::BindGroupLayout,
        layout: &AtlasLayout,
        images: &BTreeMap<String, PremulImage>,
    ) -> AtlasGpu {
        // WebGL2 treats a 1-layer array texture as a plain 2D texture: keep at least 2 layers.
        let layers = layout.pages.max(2);
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("atlas"),
            size: wgpu::Extent3d {
                width: layout.page_px,
                height: layout.page_px,
                depth_or_array_layers: layers,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        for (path, placement) in &layout.placements {
            let Some(image) = images.get(path) else {
                continue;
            };
            let (block, w, h) = padded_block(image, placement);
            queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &texture,
                    mip_level: 0,
                    origin: wgpu::Origin3d {
                        x: placement.x - crate::atlas::PAD_PX,
                        y: placement.y - crate::atlas::PAD_PX,
                        z: placement.layer,
                    },
                    aspect: wgpu::TextureAspect::All,
                },
                &block,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(w * 4),
                    rows_per_image: Some(h),
                },
                wgpu::Extent3d {
                    width: w,
                    height: h,
                    depth_or_array_layers: 1,
                },
            );
        }
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some("atlas"),
            dimension: Some(wgpu::TextureViewDimension::D2Array),
            ..Default::default()
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("atlas"),
            address_mode_u: wgpu::AddressMode::ClampToEdge,
            address_mode_v: wgpu::AddressMode::ClampToEdge,
            address_mode_w: wgpu::AddressMode::ClampToEdge,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("atlas"),
            layout: layout_group,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&view),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&sampler),
                },
            ],
        });
        AtlasGpu {
            bind_group,
            _texture: texture,
        }
    }
}
