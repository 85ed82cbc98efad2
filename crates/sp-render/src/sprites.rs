//! Particle sprites and trails as GPU instances, grouped in draws that share a kind and a
//! blend mode.
//!
//! A [`SpriteBatch`] is filled once per frame in draw order (systems in scene order; per system
//! its trails, then its particles, each in the system's draw order) and uploaded as one sprite
//! instance buffer, one trail instance buffer and the trails' chains (one data texture, see
//! [`crate::trail_skin`]); each [`SpriteDraw`] is one instanced draw: of 4 vertices (triangle
//! strip) per sprite, or of a system's trail mesh per trail (the mesh uploaded once, see
//! [`crate::trail_meshes`]).

use bytemuck::{Pod, Zeroable};
use sp_sim::document::BlendMode;

use crate::trail_meshes::TrailMeshes;
use crate::trail_skin::TrailInstance;

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

/// What a draw run draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawKind {
    /// Sprite instances `start..start + count`.
    #[default]
    Sprites,
    /// Trail instances `start..start + count`, all of the mesh in slot `mesh` of
    /// [`SpriteBatch::trail_meshes`].
    Trails {
        /// The mesh slot.
        mesh: u32,
    },
}

/// A run of consecutive instances drawn with one blend mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteDraw {
    /// Blend mode of the run.
    pub blend: BlendMode,
    /// First instance.
    pub start: u32,
    /// Number of instances.
    pub count: u32,
    /// Sprites or trails.
    pub kind: DrawKind,
}

/// All sprites and trails of a frame, in draw order.
#[derive(Clone, Debug, Default)]
pub struct SpriteBatch {
    /// Sprite instances in draw order.
    pub instances: Vec<SpriteInstance>,
    /// Trail instances in draw order.
    pub trail_instances: Vec<TrailInstance>,
    /// The trails' chains ([`crate::trail_skin::push_chain`]), the trail data texture's words.
    pub trail_words: Vec<u32>,
    /// The frame's trail meshes (kept by [`SpriteBatch::clear`]).
    pub trail_meshes: TrailMeshes,
    /// Trails pushed.
    pub ribbons: u32,
    /// Draw runs covering `instances` and `trail_instances` in order.
    pub draws: Vec<SpriteDraw>,
}

impl SpriteBatch {
    /// Empties the batch, keeping its allocations and its trail meshes.
    pub fn clear(&mut self) {
        self.instances.clear();
        self.trail_instances.clear();
        self.trail_words.clear();
        self.trail_meshes.begin_frame();
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

    /// Appends a trail (its chain already in [`SpriteBatch::trail_words`]) of the mesh in slot
    /// `mesh`, drawn with `blend`, extending the last run when it is a trail run of the same
    /// mesh and blend.
    pub fn push_trail(&mut self, blend: BlendMode, mesh: u32, trail: TrailInstance) {
        let index = self.trail_instances.len() as u32;
        self.trail_instances.push(trail);
        self.ribbons += 1;
        self.extend_run(DrawKind::Trails { mesh }, blend, index, 1);
    }

    /// Number of sprites.
    pub fn len(&self) -> usize {
        self.instances.len()
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.instances.is_empty() && self.trail_instances.is_empty()
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
    fn trails_and_sprites_keep_their_order() {
        let mut batch = SpriteBatch::default();
        let t = TrailInstance::zeroed();
        batch.push_trail(BlendMode::Additive, 0, t);
        batch.push_trail(BlendMode::Additive, 0, t);
        batch.push(BlendMode::Additive, SpriteInstance::zeroed());
        batch.push_trail(BlendMode::Additive, 1, t);
        batch.push_trail(BlendMode::Additive, 2, t);
        assert_eq!(batch.ribbons, 4);
        let kinds: Vec<(DrawKind, u32, u32)> = batch
            .draws
            .iter()
            .map(|d| (d.kind, d.start, d.count))
            .collect();
        // One draw per system's mesh, never merged across meshes.
        assert_eq!(
            kinds,
            vec![
                (DrawKind::Trails { mesh: 0 }, 0, 2),
                (DrawKind::Sprites, 0, 1),
                (DrawKind::Trails { mesh: 1 }, 2, 1),
                (DrawKind::Trails { mesh: 2 }, 3, 1)
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
