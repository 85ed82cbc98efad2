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

use super::validate::{MAX_COORD, err, name, num};
use crate::Result;

/// Most colliders in a scene.
pub const MAX_COLLIDERS: usize = 64;
/// Most points of one polyline collider.
pub const MAX_COLLIDER_POINTS: usize = 256;
/// Most system names one collider lists.
pub const MAX_COLLIDER_SYSTEMS: usize = 256;

/// The geometry of a collider, scene pixels (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

impl Default for ColliderShape {
    fn default() -> Self {
        ColliderShape::Segment {
            a: [-100.0, 100.0],
            b: [100.0, 100.0],
        }
    }
}

/// A collider scene object (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Collider {
    /// Display name (plain text).
    pub name: String,
    /// Eye icon: shows the outline on the canvas (the collider acts either way).
    pub visible: bool,
    /// Geometry.
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

    /// Checks the limits; `p` is the JSON path of the collider.
    pub fn validate(&self, p: &str) -> Result<()> {
        name(&format!("{p}.name"), &self.name)?;
        if self.systems.len() > MAX_COLLIDER_SYSTEMS {
            return Err(err(
                &format!("{p}.systems"),
                format!(
                    "{} systems, above the limit {MAX_COLLIDER_SYSTEMS}",
                    self.systems.len()
                ),
            ));
        }
        for (i, s) in self.systems.iter().enumerate() {
            name(&format!("{p}.systems[{i}]"), s)?;
        }
        let q = format!("{p}.shape");
        match &self.shape {
            ColliderShape::Segment { a, b } => {
                point(&format!("{q}.a"), *a)?;
                point(&format!("{q}.b"), *b)
            }
            ColliderShape::Polyline { points, .. } => {
                if points.len() > MAX_COLLIDER_POINTS {
                    return Err(err(
                        &format!("{q}.points"),
                        format!(
                            "{} points, above the limit {MAX_COLLIDER_POINTS}",
                            points.len()
                        ),
                    ));
                }
                for (i, pt) in points.iter().enumerate() {
                    point(&format!("{q}.points[{i}]"), *pt)?;
                }
                Ok(())
            }
            ColliderShape::Circle { center, radius } => {
                point(&format!("{q}.center"), *center)?;
                num(&format!("{q}.radius"), *radius, 0.0, MAX_COORD)
            }
            ColliderShape::Rect {
                center,
                width,
                height,
                rotation_deg,
            } => {
                point(&format!("{q}.center"), *center)?;
                num(&format!("{q}.width"), *width, 0.0, MAX_COORD)?;
                num(&format!("{q}.height"), *height, 0.0, MAX_COORD)?;
                num(
                    &format!("{q}.rotationDeg"),
                    *rotation_deg,
                    -MAX_COORD,
                    MAX_COORD,
                )
            }
        }
    }
}

/// A scene point within ±[`MAX_COORD`].
pub(crate) fn point(p: &str, v: [f32; 2]) -> Result<()> {
    num(&format!("{p}[0]"), v[0], -MAX_COORD, MAX_COORD)?;
    num(&format!("{p}[1]"), v[1], -MAX_COORD, MAX_COORD)
}
