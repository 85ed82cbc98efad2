//! Outlines of the scene's colliders and paths on the canvas (editor aids, never exported).
//!
//! Each visible collider and path becomes a polyline in scene pixels, made by the same code
//! the simulation uses (`sp_sim::sim::walls::collider_outline`, `sp_sim::sim::path_geom`: what
//! is drawn is what particles meet and follow); each piece is one sprite of the 4×4 white image
//! (`WHITE_IMAGE`): anchored at its start `(0, ½)`, `length × w` with `w` =
//! [`LINE_CSS_PX`] / zoom scene pixels, turned by `atan2(dy, dx)`. The points the user placed
//! (collider vertices, path points) get a square of [`POINT_CSS_PX`]; a Bézier path's handles
//! (non-zero offsets) a line from their point and a square of [`HANDLE_CSS_PX`] in
//! [`HANDLE_COLOR`]. Colliders draw in [`COLLIDER_COLOR`], paths in [`PATH_COLOR`], after the
//! particles (on top), with normal blend.

use sp_sim::document::{BlendMode, ColliderShape, PathKind, Scene};
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
/// Side of a Bézier handle's square, CSS pixels.
pub const HANDLE_CSS_PX: f32 = 4.0;
/// Colour of Bézier handles and their lines (straight RGBA8).
pub const HANDLE_COLOR: [u8; 4] = [200, 240, 255, 200];

/// One outline: its polyline, the points to mark, its colour, its handles (point, handle end).
#[derive(Clone, Debug, Default, PartialEq)]
struct Outline {
    line: Vec<[f32; 2]>,
    points: Vec<[f32; 2]>,
    color: [u8; 4],
    handles: Vec<([f32; 2], [f32; 2])>,
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
                handles: Vec::new(),
            });
        }
        for p in scene.paths.iter().filter(|p| p.visible) {
            let mut handles = Vec::new();
            if p.kind == PathKind::Bezier {
                for (pt, h) in p.points.iter().zip(&p.handles) {
                    for off in [h.in_offset, h.out_offset] {
                        if off != [0.0, 0.0] {
                            handles.push((*pt, [pt[0] + off[0], pt[1] + off[1]]));
                        }
                    }
                }
            }
            outlines.push(Outline {
                line: PathGeom::new(p, |q| q).polyline(),
                points: p.points.clone(),
                color: PATH_COLOR,
                handles,
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
        let (w, side, handle_side) = (
            LINE_CSS_PX * scale,
            POINT_CSS_PX * scale,
            HANDLE_CSS_PX * scale,
        );
        let sprite = |position, size, anchor, rotation_rad, color| SpriteInstance {
            position,
            size,
            anchor,
            rotation_rad,
            layer: white.layer,
            uv_rect: white.uv_rect,
            color,
        };
        let line = |batch: &mut SpriteBatch, a: [f32; 2], b: [f32; 2], color| {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let len = (dx * dx + dy * dy).sqrt();
            if len > 0.0 {
                batch.push(
                    BlendMode::Normal,
                    sprite(a, [len, w], [0.0, 0.5], dy.atan2(dx), color),
                );
            }
        };
        for o in &self.outlines {
            for pair in o.line.windows(2) {
                line(batch, pair[0], pair[1], o.color);
            }
            for &(p, h) in &o.handles {
                line(batch, p, h, HANDLE_COLOR);
            }
            for &p in &o.points {
                batch.push(
                    BlendMode::Normal,
                    sprite(p, [side, side], [0.5, 0.5], 0.0, o.color),
                );
            }
            for &(_, h) in &o.handles {
                batch.push(
                    BlendMode::Normal,
                    sprite(h, [handle_side, handle_side], [0.5, 0.5], 0.0, HANDLE_COLOR),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use sp_sim::document::{BezierHandles, Collider, PathObject};

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

        // A Bézier path: its handles (the zero one left out) get a line and a square each.
        let bezier = Scene {
            paths: vec![PathObject {
                kind: PathKind::Bezier,
                points: vec![[0.0, 0.0], [100.0, 0.0]],
                handles: vec![
                    BezierHandles {
                        in_offset: [0.0, 0.0],
                        out_offset: [30.0, -40.0],
                    },
                    BezierHandles {
                        in_offset: [-30.0, -40.0],
                        out_offset: [0.0, 0.0],
                    },
                ],
                ..PathObject::default()
            }],
            ..Scene::default()
        };
        let mut batch = SpriteBatch::default();
        SceneGizmos::from_scene(&bezier).push_sprites(&layout, 1.0, &mut batch);
        let handles: Vec<_> = batch
            .instances
            .iter()
            .filter(|s| s.color == HANDLE_COLOR)
            .collect();
        assert_eq!(handles.len(), 4, "two handle lines and two squares");
        assert!((handles[0].size[0] - 50.0).abs() < 1e-4, "{:?}", handles[0]);
        assert_eq!(handles[2].position, [30.0, -40.0]);
        assert_eq!(handles[3].position, [70.0, -40.0]);
    }
}
