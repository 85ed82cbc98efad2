//! Particle sprites as GPU instances, and trail ribbons as indexed triangles, grouped in draws
//! that share a kind and a blend mode.
//!
//! A [`SpriteBatch`] is filled once per frame in draw order (systems in scene order; per system
//! its trails, then its particles, each in the system's draw order) and uploaded as one instance
//! buffer plus one ribbon vertex and index buffer; each [`SpriteDraw`] is one instanced draw of 4
//! vertices (triangle strip) per sprite, or one indexed draw of a run of ribbon triangles.

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

/// One ribbon vertex, exactly as the vertex shader reads it (`ribbon.wgsl`, 24 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct RibbonVertex {
    /// Scene position, pixels (y down).
    pub position: [f32; 2],
    /// Atlas coordinates in the layer.
    pub uv: [f32; 2],
    /// Atlas layer.
    pub layer: u32,
    /// Straight-alpha tint (RGB) and alpha, 8 bits each.
    pub color: [u8; 4],
}

/// Byte size of one [`RibbonVertex`].
pub const RIBBON_VERTEX_BYTES: u64 = std::mem::size_of::<RibbonVertex>() as u64;

/// What a draw run draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawKind {
    /// Sprite instances `start..start + count`.
    #[default]
    Sprites,
    /// Ribbon indices `start..start + count` (triangles).
    Ribbons,
}

/// A run of consecutive instances (or ribbon indices) drawn with one blend mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteDraw {
    /// Blend mode of the run.
    pub blend: BlendMode,
    /// First instance (first index for ribbons).
    pub start: u32,
    /// Number of instances (of indices for ribbons).
    pub count: u32,
    /// Sprites or ribbons.
    pub kind: DrawKind,
}

/// All sprites and ribbons of a frame, in draw order.
#[derive(Clone, Debug, Default)]
pub struct SpriteBatch {
    /// Instances in draw order.
    pub instances: Vec<SpriteInstance>,
    /// Ribbon vertices.
    pub ribbon_vertices: Vec<RibbonVertex>,
    /// Ribbon triangle indices (into `ribbon_vertices`).
    pub ribbon_indices: Vec<u32>,
    /// Ribbons pushed.
    pub ribbons: u32,
    /// Draw runs covering `instances` and `ribbon_indices` in order.
    pub draws: Vec<SpriteDraw>,
}

impl SpriteBatch {
    /// Empties the batch, keeping its allocations.
    pub fn clear(&mut self) {
        self.instances.clear();
        self.ribbon_vertices.clear();
        self.ribbon_indices.clear();
        self.ribbons = 0;
        self.draws.clear();
    }

    fn extend_run(&mut self, kind: DrawKind, blend: BlendMode, start: u32, count: u32) {
        match self.draws.last_mut() {
            Some(last)
                if last.kind == kind && last.blend == blend && last.start + last.count == start =>
            {
                last.count += count;
            }
            _ => self.draws.push(SpriteDraw {
                blend,
                start,
                count,
                kind,
            }),
        }
    }

    /// Appends a sprite drawn with `blend`, extending the last run when the blend matches.
    pub fn push(&mut self, blend: BlendMode, sprite: SpriteInstance) {
        let index = self.instances.len() as u32;
        self.instances.push(sprite);
        self.extend_run(DrawKind::Sprites, blend, index, 1);
    }

    /// Appends a ribbon (its vertices and its triangles, indices local to `vertices`) drawn
    /// with `blend`, extending the last run when it is a ribbon run of the same blend.
    pub fn push_ribbon(
        &mut self,
        blend: BlendMode,
        vertices: impl IntoIterator<Item = RibbonVertex>,
        triangles: &[u32],
    ) {
        let base = self.ribbon_vertices.len() as u32;
        self.ribbon_vertices.extend(vertices);
        let start = self.ribbon_indices.len() as u32;
        self.ribbon_indices
            .extend(triangles.iter().map(|&i| base + i));
        self.ribbons += 1;
        self.extend_run(DrawKind::Ribbons, blend, start, triangles.len() as u32);
    }

    /// Number of sprites.
    pub fn len(&self) -> usize {
        self.instances.len()
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.instances.is_empty() && self.ribbon_indices.is_empty()
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
        assert_eq!(RIBBON_VERTEX_BYTES, 24);
    }

    #[test]
    fn ribbons_and_sprites_keep_their_order() {
        let mut batch = SpriteBatch::default();
        let v = RibbonVertex::zeroed();
        batch.push_ribbon(BlendMode::Additive, [v; 3], &[0, 1, 2]);
        batch.push_ribbon(BlendMode::Additive, [v; 4], &[0, 1, 2, 0, 2, 3]);
        batch.push(BlendMode::Additive, SpriteInstance::zeroed());
        batch.push_ribbon(BlendMode::Additive, [v; 3], &[0, 1, 2]);
        assert_eq!(batch.ribbons, 3);
        assert_eq!(&batch.ribbon_indices[3..], &[3, 4, 5, 3, 5, 6, 7, 8, 9]);
        let kinds: Vec<(DrawKind, u32, u32)> = batch
            .draws
            .iter()
            .map(|d| (d.kind, d.start, d.count))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (DrawKind::Ribbons, 0, 9),
                (DrawKind::Sprites, 0, 1),
                (DrawKind::Ribbons, 9, 3)
            ]
        );
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
                    count: 2,
                    kind: DrawKind::Sprites
                },
                SpriteDraw {
                    blend: BlendMode::Additive,
                    start: 2,
                    count: 1,
                    kind: DrawKind::Sprites
                },
                SpriteDraw {
                    blend: BlendMode::Normal,
                    start: 3,
                    count: 1,
                    kind: DrawKind::Sprites
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
