//! Outlines of the scene's colliders and paths on the canvas (editor aids, never exported).
//!
//! Each visible collider and path becomes a polyline in scene pixels, made by the same code
//! the simulation uses (`sp_sim::sim::walls::collider_outline`, `sp_sim::sim::path_geom`: what
//! is drawn is what particles meet and follow); each piece is one sprite of the 4×4 white image
//! (`WHITE_IMAGE`): anchored at its start `(0, ½)`, `length × w` with `w` =
//! [`LINE_CSS_PX`] / zoom scene pixels, turned by `atan2(dy, dx)`. The points the user placed
//! (collider vertices, path points) get a square of [`POINT_CSS_PX`]. Colliders draw in
//! [`COLLIDER_COLOR`], paths in [`PATH_COLOR`], after the particles (on top), with normal blend.

use sp_sim::document::{BlendMode, ColliderShape, Scene};
use sp_sim::sim::path_geom::PathGeom;
use sp_sim::sim::walls::collider_outline;

use crate::atlas::AtlasLayout;
use crate::renderer::WHITE_IMAGE;
use crate::sprites::{SpriteBatch, SpriteInstance};

/// Line width, CSS pixels (at any zoom).
pub const LINE_CSS_PX: f32 = 1.5;
/// Side of a point's square, CSS pixels.
pub const POINT_CSS_PX: f32 = 5.0;
/// Colour of collider outlines (straight RGBA8).
pub const COLLIDER_COLOR: [u8; 4] = [255, 160, 64, 230];
/// Colour of paths (straight RGBA8).
pub const PATH_COLOR: [u8; 4] = [72, 208, 255, 210];

/// One outline: its polyline, the points to mark, its colour.
#[derive(Clone, Debug, Default, PartialEq)]
struct Outline {
    line: Vec<[f32; 2]>,
    points: Vec<[f32; 2]>,
    color: [u8; 4],
}

/// The outlines of a scene's visible colliders and paths, prepared once per document.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneGizmos {
    outlines: Vec<Outline>,
}

impl SceneGizmos {
    /// The outlines of `scene` (hidden objects left out).
    pub fn from_scene(scene: &Scene) -> SceneGizmos {
        let mut outlines = Vec::new();
        for c in scene.colliders.iter().filter(|c| c.visible) {
            let points = match &c.shape {
                ColliderShape::Segment { a, b } => vec![*a, *b],
                ColliderShape::Polyline { points, .. } => points.clone(),
                ColliderShape::Circle { center, .. } => vec![*center],
                ColliderShape::Rect { center, .. } => vec![*center],
            };
            outlines.push(Outline {
                line: collider_outline(&c.shape),
                points,
                color: COLLIDER_COLOR,
            });
        }
        for p in scene.paths.iter().filter(|p| p.visible) {
            outlines.push(Outline {
                line: PathGeom::new(p, |q| q).polyline(),
                points: p.points.clone(),
                color: PATH_COLOR,
            });
        }
        SceneGizmos { outlines }
    }

    /// Nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.outlines.is_empty()
    }

    /// Appends the outlines to `batch` for a view of `zoom` CSS pixels per scene pixel (nothing
    /// when the atlas has no white image).
    pub fn push_sprites(&self, layout: &AtlasLayout, zoom: f32, batch: &mut SpriteBatch) {
        let Some(white) = layout.entry(WHITE_IMAGE) else {
            return;
        };
        let scale = if zoom > 0.0 { 1.0 / zoom } else { 1.0 };
        let (w, side) = (LINE_CSS_PX * scale, POINT_CSS_PX * scale);
        for o in &self.outlines {
            for pair in o.line.windows(2) {
                let (dx, dy) = (pair[1][0] - pair[0][0], pair[1][1] - pair[0][1]);
                let len = (dx * dx + dy * dy).sqrt();
                if len <= 0.0 {
                    continue;
                }
                batch.push(
                    BlendMode::Normal,
                    SpriteInstance {
                        position: pair[0],
                        size: [len, w],
                        anchor: [0.0, 0.5],
                        rotation_rad: dy.atan2(dx),
                        layer: white.layer,
                        uv_rect: white.uv_rect,
                        color: o.color,
                    },
                );
            }
            for &p in &o.points {
                batch.push(
                    BlendMode::Normal,
                    SpriteInstance {
                        position: p,
                        size: [side, side],
                        anchor: [0.5, 0.5],
                        rotation_rad: 0.0,
                        layer: white.layer,
                        uv_rect: white.uv_rect,
                        color: o.color,
                    },
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use sp_sim::document::{Collider, PathKind, PathObject};

    use super::*;
    use crate::atlas::pack;
    use crate::image::PremulImage;

    #[test]
    fn visible_colliders_and_paths_become_lines_on_top() {
        let scene = Scene {
            colliders: vec![
                Collider {
                    shape: ColliderShape::Segment {
                        a: [0.0, 100.0],
                        b: [30.0, 140.0],
                    },
                    ..Collider::default()
                },
                Collider {
                    visible: false,
                    ..Collider::default()
                },
            ],
            paths: vec![PathObject {
                kind: PathKind::Polyline,
                points: vec![[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]],
                ..PathObject::default()
            }],
            ..Scene::default()
        };
        let mut images = BTreeMap::new();
        images.insert(WHITE_IMAGE.to_string(), PremulImage::white(4));
        let layout = pack(&images, 256);
        let mut batch = SpriteBatch::default();
        SceneGizmos::from_scene(&scene).push_sprites(&layout, 2.0, &mut batch);
        // The segment (1 piece + 2 points) and the path (2 pieces + 3 points).
        assert_eq!(batch.len(), 3 + 5);
        let seg = batch.instances[0];
        assert_eq!(seg.position, [0.0, 100.0]);
        assert!((seg.size[0] - 50.0).abs() < 1e-4 && (seg.size[1] - 0.75).abs() < 1e-6);
        assert!((seg.rotation_rad - 40.0f32.atan2(30.0)).abs() < 1e-6);
        assert_eq!(seg.color, COLLIDER_COLOR);
        assert_eq!(batch.instances[3].color, PATH_COLOR);
        assert!(SceneGizmos::from_scene(&Scene::default()).is_empty());
    }
}
