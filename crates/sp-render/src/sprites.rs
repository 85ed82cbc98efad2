//! Particle sprites as GPU instances, grouped in draws that share a blend mode.
//!
//! A [`SpriteBatch`] is filled once per frame in draw order (systems in scene order, particles
//! in their system's draw order) and uploaded as one instance buffer; each [`SpriteDraw`] is one instanced
//! draw of 4 vertices (triangle strip) per sprite.

use bytemuck::{Pod, Zeroable};
use sp_sim::document::BlendMode;

/// One particle quad, exactly as the vertex shader reads it (`sprite.wgsl`, 52 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct SpriteInstance {
    /// Scene position of the anchor point, pixels (y down).
    pub position: [f32; 2],
    /// Quad size in scene pixels: image size × scale (a negative value mirrors).
    pub size: [f32; 2],
    /// Anchor in the image, 0..1 from its top-left.
    pub anchor: [f32; 2],
    /// Rotation in radians, clockwise on screen.
    pub rotation_rad: f32,
    /// Atlas layer.
    pub layer: u32,
    /// `(u0, v0, u1, v1)` in the layer.
    pub uv_rect: [f32; 4],
    /// Straight-alpha tint (RGB) and alpha, 8 bits each.
    pub color: [u8; 4],
}

/// Byte size of one [`SpriteInstance`].
pub const SPRITE_INSTANCE_BYTES: u64 = std::mem::size_of::<SpriteInstance>() as u64;

/// A run of consecutive instances drawn with one blend mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteDraw {
    /// Blend mode of the run.
    pub blend: BlendMode,
    /// First instance.
    pub start: u32,
    /// Number of instances.
    pub count: u32,
}

/// All sprites of a frame, in draw order.
#[derive(Clone, Debug, Default)]
pub struct SpriteBatch {
    /// Instances in draw order.
    pub instances: Vec<SpriteInstance>,
    /// Draw runs covering `instances` in order.
    pub draws: Vec<SpriteDraw>,
}

impl SpriteBatch {
    /// Empties the batch, keeping its allocations.
    pub fn clear(&mut self) {
        self.instances.clear();
        self.draws.clear();
    }

    /// Appends a sprite drawn with `blend`, extending the last run when the blend matches.
    pub fn push(&mut self, blend: BlendMode, sprite: SpriteInstance) {
        let index = self.instances.len() as u32;
        self.instances.push(sprite);
        match self.draws.last_mut() {
            Some(last) if last.blend == blend && last.start + last.count == index => {
                last.count += 1;
            }
            _ => self.draws.push(SpriteDraw {
                blend,
                start: index,
                count: 1,
            }),
        }
    }

    /// Number of sprites.
    pub fn len(&self) -> usize {
        self.instances.len()
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.instances.is_empty()
    }
}

/// Packs a straight-alpha colour (channels 0..1, clamped; NaN → 0) into RGBA8.
pub fn pack_color(r: f32, g: f32, b: f32, a: f32) -> [u8; 4] {
    let q = |v: f32| -> u8 {
        if v.is_nan() {
            0
        } else {
            (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
        }
    };
    [q(r), q(g), q(b), q(a)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_layout_is_52_bytes() {
        assert_eq!(SPRITE_INSTANCE_BYTES, 52);
    }

    #[test]
    fn runs_merge_by_blend_in_order() {
        let mut batch = SpriteBatch::default();
        let s = SpriteInstance::zeroed();
        batch.push(BlendMode::Normal, s);
        batch.push(BlendMode::Normal, s);
        batch.push(BlendMode::Additive, s);
        batch.push(BlendMode::Normal, s);
        assert_eq!(
            batch.draws,
            vec![
                SpriteDraw {
                    blend: BlendMode::Normal,
                    start: 0,
                    count: 2
                },
                SpriteDraw {
                    blend: BlendMode::Additive,
                    start: 2,
                    count: 1
                },
                SpriteDraw {
                    blend: BlendMode::Normal,
                    start: 3,
                    count: 1
                },
            ]
        );
        batch.clear();
        assert!(batch.is_empty() && batch.draws.is_empty());
    }

    #[test]
    fn colors_clamp_and_round() {
        assert_eq!(pack_color(1.5, 0.5, -1.0, f32::NAN), [255, 128, 0, 0]);
    }
}
