//! The atlas on the GPU: one RGBA8 2D array texture, rebuilt from the CPU images whenever the
//! set of images changes, the device is new, or mipmaps are switched on or off.
//!
//! With mipmaps every layer gets its full chain ([`crate::mips`]) and two bind groups exist:
//! `bind_group` samples level 0 only (bilinear, exactly as without mips: particles and ordinary
//! clips look the same), `bind_group_trilinear` filters between levels (clips that asked for it).

use std::collections::BTreeMap;

use crate::atlas::{AtlasLayout, padded_block};
use crate::image::PremulImage;

/// GPU texture array holding an [`AtlasLayout`].
#[derive(Debug)]
pub struct AtlasGpu {
    /// Bind group (group 1) with the texture view and a bilinear sampler on level 0.
    pub bind_group: wgpu::BindGroup,
    /// Bind group with a trilinear sampler over the mip chain (only when built with mipmaps).
    pub bind_group_trilinear: Option<wgpu::BindGroup>,
    _texture: wgpu::Texture,
}

impl AtlasGpu {
    /// Creates the texture for `layout` and uploads every image (and, with `mipmaps`, every
    /// layer's mip chain).
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        layout_group: &wgpu::BindGroupLayout,
        layout: &AtlasLayout,
        images: &BTreeMap<String, PremulImage>,
        mipmaps: bool,
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
            mip_level_count: if mipmaps {
                crate::mips::level_count(layout.page_px)
            } else {
                1
            },
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        if mipmaps {
            upload_layers_with_mips(queue, &texture, layout, images, layers);
        } else {
            upload_placements(queue, &texture, layout, images);
        }
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some("atlas"),
            dimension: Some(wgpu::TextureViewDimension::D2Array),
            ..Default::default()
        });
        let bind = |label: &str, sampler: &wgpu::Sampler| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: layout_group,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(&view),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::Sampler(sampler),
                    },
                ],
            })
        };
        let sampler = |label: &str, mipmap_filter: wgpu::MipmapFilterMode, lod_max_clamp: f32| {
            device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some(label),
                address_mode_u: wgpu::AddressMode::ClampToEdge,
                address_mode_v: wgpu::AddressMode::ClampToEdge,
                address_mode_w: wgpu::AddressMode::ClampToEdge,
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                mipmap_filter,
                lod_min_clamp: 0.0,
                lod_max_clamp,
                ..Default::default()
            })
        };
        let bind_group = bind(
            "atlas",
            &sampler("atlas", wgpu::MipmapFilterMode::Nearest, 0.0),
        );
        let bind_group_trilinear = mipmaps.then(|| {
            bind(
                "atlas trilinear",
                &sampler("atlas trilinear", wgpu::MipmapFilterMode::Linear, 32.0),
            )
        });
        AtlasGpu {
            bind_group,
            bind_group_trilinear,
            _texture: texture,
        }
    }
}

/// A rectangle of one mip level of one layer.
#[derive(Clone, Copy)]
struct Region {
    level: u32,
    layer: u32,
    x: u32,
    y: u32,
    width: u32,
    height: u32,
}

fn write_region(queue: &wgpu::Queue, texture: &wgpu::Texture, r: Region, bytes: &[u8]) {
    queue.write_texture(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: r.level,
            origin: wgpu::Origin3d {
                x: r.x,
                y: r.y,
                z: r.layer,
            },
            aspect: wgpu::TextureAspect::All,
        },
        bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(r.width * 4),
            rows_per_image: Some(r.height),
        },
        wgpu::Extent3d {
            width: r.width,
            height: r.height,
            depth_or_array_layers: 1,
        },
    );
}

/// Level 0 only: each image's padded block where it is placed.
fn upload_placements(
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    layout: &AtlasLayout,
    images: &BTreeMap<String, PremulImage>,
) {
    for (path, placement) in &layout.placements {
        let Some(image) = images.get(path) else {
            continue;
        };
        let (block, w, h) = padded_block(image, placement);
        let pad = crate::atlas::PAD_PX;
        write_region(
            queue,
            texture,
            Region {
                level: 0,
                layer: placement.layer,
                x: placement.x - pad,
                y: placement.y - pad,
                width: w,
                height: h,
            },
            &block,
        );
    }
}

/// Every layer composed on the CPU, then its whole mip chain.
fn upload_layers_with_mips(
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    layout: &AtlasLayout,
    images: &BTreeMap<String, PremulImage>,
    layers: u32,
) {
    let side = layout.page_px;
    let pad = crate::atlas::PAD_PX;
    for layer in 0..layers {
        let mut level0 = vec![0u8; side as usize * side as usize * 4];
        for (path, placement) in layout.placements.iter().filter(|(_, p)| p.layer == layer) {
            let Some(image) = images.get(path) else {
                continue;
            };
            let (block, w, h) = padded_block(image, placement);
            let (x0, y0) = ((placement.x - pad) as usize, (placement.y - pad) as usize);
            for row in 0..h as usize {
                let d = ((y0 + row) * side as usize + x0) * 4;
                let s = row * w as usize * 4;
                level0[d..d + w as usize * 4].copy_from_slice(&block[s..s + w as usize * 4]);
            }
        }
        write_region(
            queue,
            texture,
            Region {
                level: 0,
                layer,
                x: 0,
                y: 0,
                width: side,
                height: side,
            },
            &level0,
        );
        for (level, (pixels, s)) in crate::mips::chain(&level0, side).iter().enumerate() {
            write_region(
                queue,
                texture,
                Region {
                    level: level as u32 + 1,
                    layer,
                    x: 0,
                    y: 0,
                    width: *s,
                    height: *s,
                },
                pixels,
            );
        }
    }
}
