//! The fields of the scene's colliders and paths ([`crate::document::collider`],
//! [`crate::document::path`]) and of a system's collision response and path following
//! ([`crate::behaviour::collision`], [`crate::behaviour::path_follow`]). Limits are the
//! constants beside those types.

use super::super::FieldKind::{Bool, List};
use super::super::{FieldSpec as F, Unit};
use super::{C, coord, name, secs};
use crate::behaviour::collision::{MAX_PAUSE_SECS, MAX_RADIUS_PX};
use crate::behaviour::path_follow::MAX_PATH_SPEED_PX_PER_SEC;
use crate::document::collider::{MAX_COLLIDER_POINTS, MAX_COLLIDER_SYSTEMS, MAX_COLLIDERS};
use crate::document::path::{MAX_PATH_POINTS, MAX_PATHS};

const fn size(path: &'static str) -> F {
    F::number(path, Unit::Px).limits(0.0, C).step(1.0)
}

// ---- colliders --------------------------------------------------------------------------

/// `colliders`: the scene's walls.
pub const COLLIDERS: F = F::of("colliders", List).at_most(MAX_COLLIDERS as f64);
/// `colliders[].name`.
pub const COLLIDER_NAME: F = name("colliders[].name");
/// `colliders[].visible`: drawn in the editor (it acts either way).
pub const COLLIDER_VISIBLE: F = F::of("colliders[].visible", Bool);
/// `colliders[].shape.kind`.
pub const COLLIDER_SHAPE: F = F::choice(
    "colliders[].shape.kind",
    &["segment", "polyline", "circle", "rect"],
);
/// `colliders[].shape(segment).a[0]`.
pub const SEGMENT_A_X: F = coord("colliders[].shape(segment).a[0]");
/// `colliders[].shape(segment).a[1]`.
pub const SEGMENT_A_Y: F = coord("colliders[].shape(segment).a[1]");
/// `colliders[].shape(segment).b[0]`.
pub const SEGMENT_B_X: F = coord("colliders[].shape(segment).b[0]");
/// `colliders[].shape(segment).b[1]`.
pub const SEGMENT_B_Y: F = coord("colliders[].shape(segment).b[1]");
/// `colliders[].shape(polyline).points`.
pub const POLYLINE_POINTS: F =
    F::of("colliders[].shape(polyline).points", List).at_most(MAX_COLLIDER_POINTS as f64);
/// `colliders[].shape(polyline).points[][0]`.
pub const POLYLINE_POINT_X: F = coord("colliders[].shape(polyline).points[][0]");
/// `colliders[].shape(polyline).points[][1]`.
pub const POLYLINE_POINT_Y: F = coord("colliders[].shape(polyline).points[][1]");
/// `colliders[].shape(polyline).closed`: the last point joins the first.
pub const POLYLINE_CLOSED: F = F::of("colliders[].shape(polyline).closed", Bool);
/// `colliders[].shape(circle).center[0]`.
pub const COLLIDER_CIRCLE_X: F = coord("colliders[].shape(circle).center[0]");
/// `colliders[].shape(circle).center[1]`.
pub const COLLIDER_CIRCLE_Y: F = coord("colliders[].shape(circle).center[1]");
/// `colliders[].shape(circle).radius`.
pub const COLLIDER_CIRCLE_RADIUS: F = size("colliders[].shape(circle).radius");
/// `colliders[].shape(rect).center[0]`.
pub const COLLIDER_RECT_X: F = coord("colliders[].shape(rect).center[0]");
/// `colliders[].shape(rect).center[1]`.
pub const COLLIDER_RECT_Y: F = coord("colliders[].shape(rect).center[1]");
/// `colliders[].shape(rect).width`.
pub const COLLIDER_RECT_WIDTH: F = size("colliders[].shape(rect).width");
/// `colliders[].shape(rect).height`.
pub const COLLIDER_RECT_HEIGHT: F = size("colliders[].shape(rect).height");
/// `colliders[].shape(rect).rotationDeg`.
pub const COLLIDER_RECT_ROTATION: F = F::number("colliders[].shape(rect).rotationDeg", Unit::Deg)
    .limits(-C, C)
    .step(1.0);
/// `colliders[].systems`: the systems it acts on (empty: all).
pub const COLLIDER_SYSTEMS: F =
    F::of("colliders[].systems", List).at_most(MAX_COLLIDER_SYSTEMS as f64);
/// `colliders[].systems[]`: a system name.
pub const COLLIDER_SYSTEM: F = name("colliders[].systems[]");

// ---- paths ------------------------------------------------------------------------------

/// `paths`: the scene's paths.
pub const PATHS: F = F::of("paths", List).at_most(MAX_PATHS as f64);
/// `paths[].name` (non-empty, unique: systems follow a path by name).
pub const PATH_NAME: F = name("paths[].name");
/// `paths[].visible`.
pub const PATH_VISIBLE: F = F::of("paths[].visible", Bool);
/// `paths[].kind`.
pub const PATH_KIND: F = F::choice("paths[].kind", &["polyline", "catmullRom", "bezier"]);
/// `paths[].points`.
pub const PATH_POINTS: F = F::of("paths[].points", List).at_most(MAX_PATH_POINTS as f64);
/// `paths[].points[][0]`.
pub const PATH_POINT_X: F = coord("paths[].points[][0]");
/// `paths[].points[][1]`.
pub const PATH_POINT_Y: F = coord("paths[].points[][1]");
/// `paths[].handles`: Bézier handles, at most one pair per point.
pub const PATH_HANDLES: F = F::of("paths[].handles", List).at_most(MAX_PATH_POINTS as f64);
/// `paths[].handles[].in[0]`: offset from the point.
pub const PATH_HANDLE_IN_X: F = coord("paths[].handles[].in[0]");
/// `paths[].handles[].in[1]`.
pub const PATH_HANDLE_IN_Y: F = coord("paths[].handles[].in[1]");
/// `paths[].handles[].out[0]`.
pub const PATH_HANDLE_OUT_X: F = coord("paths[].handles[].out[0]");
/// `paths[].handles[].out[1]`.
pub const PATH_HANDLE_OUT_Y: F = coord("paths[].handles[].out[1]");
/// `paths[].closed`.
pub const PATH_CLOSED: F = F::of("paths[].closed", Bool);

// ---- a system's collision and path following ---------------------------------------------

/// `systems[].collision.response`.
pub const COLLISION_RESPONSE: F = F::choice(
    "systems[].collision.response",
    &["none", "bounce", "stop", "pause", "destroy"],
);
/// `systems[].collision.restitution`: share of the normal speed a rebound keeps.
pub const COLLISION_RESTITUTION: F = F::number("systems[].collision.restitution", Unit::None)
    .limits(0.0, 1.0)
    .step(0.05);
/// `systems[].collision.friction`: Coulomb friction along the wall.
pub const COLLISION_FRICTION: F = F::number("systems[].collision.friction", Unit::None)
    .limits(0.0, 1.0)
    .step(0.05);
/// `systems[].collision.pauseSecs` (`response: "pause"`).
pub const COLLISION_PAUSE: F = F::number("systems[].collision.pauseSecs", Unit::Secs)
    .limits(0.0, MAX_PAUSE_SECS as f64)
    .step(0.1);
/// `systems[].collision.radiusPx`: the particle's collision radius.
pub const COLLISION_RADIUS: F = F::number("systems[].collision.radiusPx", Unit::Px)
    .limits(0.0, MAX_RADIUS_PX as f64)
    .step(1.0);
/// `systems[].pathFollow.mode`: the emitter or each particle travels the path.
pub const PATH_FOLLOW_MODE: F = F::choice("systems[].pathFollow.mode", &["emitter", "particles"]);
/// `systems[].pathFollow.path`: the path's name.
pub const PATH_FOLLOW_PATH: F = name("systems[].pathFollow.path");
/// `systems[].pathFollow.timing`: a travel time or a speed.
pub const PATH_FOLLOW_TIMING: F = F::choice("systems[].pathFollow.timing", &["time", "speed"]);
/// `systems[].pathFollow.travelSecs` (0: the system's duration).
pub const PATH_FOLLOW_TRAVEL: F = secs("systems[].pathFollow.travelSecs");
/// `systems[].pathFollow.speedPxPerSec` (`timing: "speed"`).
pub const PATH_FOLLOW_SPEED: F = F::number("systems[].pathFollow.speedPxPerSec", Unit::PxPerSec)
    .limits(0.0, MAX_PATH_SPEED_PX_PER_SEC as f64)
    .step(10.0);
/// `systems[].pathFollow.repeat`.
pub const PATH_FOLLOW_REPEAT: F =
    F::choice("systems[].pathFollow.repeat", &["once", "loop", "pingPong"]);
/// `systems[].pathFollow.orient`: turned along the path.
pub const PATH_FOLLOW_ORIENT: F = F::of("systems[].pathFollow.orient", Bool);
/// `systems[].pathFollow.start`: the path's start or its point nearest the emitter.
pub const PATH_FOLLOW_START: F = F::choice("systems[].pathFollow.start", &["pathStart", "nearest"]);
