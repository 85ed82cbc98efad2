//! Colliders: scene objects that particles bounce off, stick to, pause at or die at (export spec
//! §10.2). A collider is never exported itself (§2.3): its effect is baked into the particles'
//! own animation. Each system says how its particles respond ([`crate::behaviour::collision`]);
//! the collider says which systems it affects (`systems`: names, empty = every system).
//!
//! Shapes, in scene pixels (y down): a segment `a → b`; a polyline through `points` (closed:
//! the last point joins the first); a circle (`center`, `radius`); a rectangle (`center`,
//! `width × height`, turned by `rotationDeg` clockwise about its centre). Every shape is a set
//! of walls without thickness that act on both sides: a particle is kept on the side it comes
//! from (a circle holds particles born inside it, and keeps the others out). The eye
//! (`visible`) only shows or hides the outline on the canvas: a hidden collider still acts
//! (§2.4: its effect is baked whether it is shown or not).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::schema::{FieldSpec, fields as f};
use super::validate::{list_len, num, text};
use crate::Result;

/// Most colliders in a scene.
pub const MAX_COLLIDERS: usize = 64;
/// Most points of one polyline collider.
pub const MAX_COLLIDER_POINTS: usize = 256;
/// Most system names one collider lists.
pub const MAX_COLLIDER_SYSTEMS: usize = 256;

/// The geometry of a collider, scene pixels (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ColliderShape {
    /// A straight wall from `a` to `b`.
    Segment {
        /// First end, scene pixels.
        a: [f32; 2],
        /// Second end, scene pixels.
        b: [f32; 2],
    },
    /// Walls through `points` in order (fewer than two points: no wall).
    Polyline {
        /// Vertices, scene pixels.
        points: Vec<[f32; 2]>,
        /// The last point joins the first.
        #[serde(default)]
        closed: bool,
    },
    /// A circular wall.
    Circle {
        /// Centre, scene pixels.
        center: [f32; 2],
        /// Radius, pixels.
        radius: f32,
    },
    /// A rectangle's four walls.
    Rect {
        /// Centre, scene pixels.
        center: [f32; 2],
        /// Width, pixels (before the rotation).
        width: f32,
        /// Height, pixels (before the rotation).
        height: f32,
        /// Rotation about the centre, degrees clockwise.
        #[serde(default, rename = "rotationDeg")]
        rotation_deg: f32,
    },
}

impl ColliderShape {
    /// One shape of each kind as the editor adds it (the schema's defaults per kind).
    pub const NEW_SHAPES: &'static [ColliderShape] = &[
        ColliderShape::Segment {
            a: [-100.0, 100.0],
            b: [100.0, 100.0],
        },
        ColliderShape::Polyline {
            points: Vec::new(),
            closed: false,
        },
        ColliderShape::Circle {
            center: [0.0, 100.0],
            radius: 50.0,
        },
        ColliderShape::Rect {
            center: [0.0, 100.0],
            width: 200.0,
            height: 20.0,
            rotation_deg: 0.0,
        },
    ];
}

impl Default for ColliderShape {
    fn default() -> Self {
        ColliderShape::Segment {
            a: [-100.0, 100.0],
            b: [100.0, 100.0],
        }
    }
}

/// A collider scene object (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Collider {
    /// Display name (plain text).
    pub name: String,
    /// Eye icon: shows the outline on the canvas (the collider acts either way).
    pub visible: bool,
    /// Geometry.
    #[serde(deserialize_with = "super::in_frame::one")]
    pub shape: ColliderShape,
    /// Names of the systems it affects; empty: every system.
    pub systems: Vec<String>,
}

impl Default for Collider {
    fn default() -> Self {
        Collider {
            name: "Collider".into(),
            visible: true,
            shape: ColliderShape::default(),
            systems: Vec::new(),
        }
    }
}

impl Collider {
    /// Whether the collider acts on the system named `system_name`.
    pub fn affects(&self, system_name: &str) -> bool {
        self.systems.is_empty() || self.systems.iter().any(|s| s == system_name)
    }

    /// Checks the limits (the schema's [`fields`](crate::document::schema::fields)); `p` is
    /// the JSON path of the collider.
    pub fn validate(&self, p: &str) -> Result<()> {
        text(&format!("{p}.name"), &self.name, &f::COLLIDER_NAME)?;
        list_len(
            &format!("{p}.systems"),
            self.systems.len(),
            &f::COLLIDER_SYSTEMS,
            "systems",
        )?;
        for (i, s) in self.systems.iter().enumerate() {
            text(&format!("{p}.systems[{i}]"), s, &f::COLLIDER_SYSTEM)?;
        }
        let q = format!("{p}.shape");
        match &self.shape {
            ColliderShape::Segment { a, b } => {
                point(&format!("{q}.a"), *a, &f::SEGMENT_A_X, &f::SEGMENT_A_Y)?;
                point(&format!("{q}.b"), *b, &f::SEGMENT_B_X, &f::SEGMENT_B_Y)
            }
            ColliderShape::Polyline { points, .. } => {
                list_len(
                    &format!("{q}.points"),
                    points.len(),
                    &f::POLYLINE_POINTS,
                    "points",
                )?;
                for (i, pt) in points.iter().enumerate() {
                    point(
                        &format!("{q}.points[{i}]"),
                        *pt,
                        &f::POLYLINE_POINT_X,
                        &f::POLYLINE_POINT_Y,
                    )?;
                }
                Ok(())
            }
            ColliderShape::Circle { center, radius } => {
                point(
                    &format!("{q}.center"),
                    *center,
                    &f::COLLIDER_CIRCLE_X,
                    &f::COLLIDER_CIRCLE_Y,
                )?;
                num(&format!("{q}.radius"), *radius, &f::COLLIDER_CIRCLE_RADIUS)
            }
            ColliderShape::Rect {
                center,
                width,
                height,
                rotation_deg,
            } => {
                point(
                    &format!("{q}.center"),
                    *center,
                    &f::COLLIDER_RECT_X,
                    &f::COLLIDER_RECT_Y,
                )?;
                num(&format!("{q}.width"), *width, &f::COLLIDER_RECT_WIDTH)?;
                num(&format!("{q}.height"), *height, &f::COLLIDER_RECT_HEIGHT)?;
                num(
                    &format!("{q}.rotationDeg"),
                    *rotation_deg,
                    &f::COLLIDER_RECT_ROTATION,
                )
            }
        }
    }
}

/// A point `p[0]`, `p[1]` within the limits of `x` and `y`.
pub(crate) fn point(p: &str, v: [f32; 2], x: &FieldSpec, y: &FieldSpec) -> Result<()> {
    num(&format!("{p}[0]"), v[0], x)?;
    num(&format!("{p}[1]"), v[1], y)
}
