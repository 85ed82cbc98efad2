//! The fields of a system's trail ([`crate::behaviour::trail`], export spec §9). Limits are the
//! constants beside the `Trail` type.

use super::super::FieldKind::{Bool, Curve, Gradient, Integer, List};
use super::super::{CurveAxis, FieldSpec as F, Unit};
use super::{S, reference};
use crate::behaviour::trail::{
    MAX_BONES, MAX_GRID_COLS, MAX_GRID_ROWS, MAX_IMAGES, MAX_LENGTH_POINTS, MAX_LENGTH_SECS,
    MAX_MIN_MOVE_PX, MAX_TILES, MAX_WIDTH_PX, MIN_BONES,
};

/// `systems[].trail.enabled`.
pub const TRAIL_ENABLED: F = F::of("systems[].trail.enabled", Bool);
/// `systems[].trail.lengthMode`: seconds of history or a number of points.
pub const TRAIL_LENGTH_MODE: F = F::choice("systems[].trail.lengthMode", &["secs", "points"]);
/// `systems[].trail.lengthSecs` (above 0 when `lengthMode` is `secs`).
pub const TRAIL_LENGTH_SECS: F = F::number("systems[].trail.lengthSecs", Unit::Secs)
    .limits(0.0, MAX_LENGTH_SECS as f64)
    .step(0.05);
/// `systems[].trail.lengthPoints`.
pub const TRAIL_LENGTH_POINTS: F = F::of("systems[].trail.lengthPoints", Integer)
    .limits(1.0, MAX_LENGTH_POINTS as f64)
    .step(1.0);
/// `systems[].trail.bones`: bones per trail chain.
pub const TRAIL_BONES: F = F::of("systems[].trail.bones", Integer)
    .limits(MIN_BONES as f64, MAX_BONES as f64)
    .step(1.0);
/// `systems[].trail.widthPx`.
pub const TRAIL_WIDTH: F = F::number("systems[].trail.widthPx", Unit::Px)
    .limits(0.0, MAX_WIDTH_PX as f64)
    .step(1.0);
/// `systems[].trail.widthCurve`: width along the trail, head (t = 0) → tail (t = 1).
pub const TRAIL_WIDTH_CURVE: F = F::number("systems[].trail.widthCurve", Unit::Times)
    .kind(Curve)
    .along(CurveAxis::Trail)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].trail.widthBySize`: width times the particle's size over life.
pub const TRAIL_WIDTH_BY_SIZE: F = F::of("systems[].trail.widthBySize", Bool);
/// `systems[].trail.colorOverLife`.
pub const TRAIL_COLOR_OVER_LIFE: F = F::of("systems[].trail.colorOverLife", Gradient);
/// `systems[].trail.alphaOverLife`.
pub const TRAIL_ALPHA_OVER_LIFE: F = F::number("systems[].trail.alphaOverLife", Unit::None)
    .kind(Curve)
    .limits(0.0, 1.0)
    .step(0.05);
/// `systems[].trail.inheritColor`: times the particle's own colour and alpha.
pub const TRAIL_INHERIT_COLOR: F = F::of("systems[].trail.inheritColor", Bool);
/// `systems[].trail.colorAlong`: colour head → tail (preview only; the export warns).
pub const TRAIL_COLOR_ALONG: F =
    F::of("systems[].trail.colorAlong", Gradient).along(CurveAxis::Trail);
/// `systems[].trail.alphaAlong`: alpha head → tail (preview only; the export warns).
pub const TRAIL_ALPHA_ALONG: F = F::number("systems[].trail.alphaAlong", Unit::None)
    .kind(Curve)
    .along(CurveAxis::Trail)
    .limits(0.0, 1.0)
    .step(0.05);
/// `systems[].trail.images`.
pub const TRAIL_IMAGES: F = F::of("systems[].trail.images", List).at_most(MAX_IMAGES as f64);
/// `systems[].trail.images[]`: `builtin:NAME` or a relative path.
pub const TRAIL_IMAGE: F = reference("systems[].trail.images[]");
/// `systems[].trail.imagePick`: random per particle, or the particle's own image index.
pub const TRAIL_IMAGE_PICK: F = F::choice("systems[].trail.imagePick", &["random", "particle"]);
/// `systems[].trail.uvRotationDeg`: 0, 90, 180 or 270.
pub const TRAIL_UV_ROTATION: F = F::number("systems[].trail.uvRotationDeg", Unit::Deg)
    .kind(Integer)
    .limits(0.0, 270.0)
    .step(90.0);
/// `systems[].trail.textureMode`: stretch once or tile along the length.
pub const TRAIL_TEXTURE_MODE: F = F::choice("systems[].trail.textureMode", &["stretch", "tile"]);
/// `systems[].trail.tileCount` (`textureMode: "tile"`).
pub const TRAIL_TILE_COUNT: F = F::of("systems[].trail.tileCount", Integer)
    .limits(1.0, MAX_TILES as f64)
    .step(1.0);
/// `systems[].trail.gridRows`: mesh rows across (`trailGridRows`, §9.2).
pub const TRAIL_GRID_ROWS: F = F::of("systems[].trail.gridRows", Integer)
    .limits(1.0, MAX_GRID_ROWS as f64)
    .step(1.0);
/// `systems[].trail.gridCols`: mesh columns along (`trailGridCols`; 0 = automatic).
pub const TRAIL_GRID_COLS: F = F::of("systems[].trail.gridCols", Integer)
    .limits(0.0, MAX_GRID_COLS as f64)
    .step(1.0);
/// `systems[].trail.minMovePx`: least head movement before a new point is recorded.
pub const TRAIL_MIN_MOVE: F = F::number("systems[].trail.minMovePx", Unit::Px)
    .limits(0.0, MAX_MIN_MOVE_PX as f64)
    .step(1.0);
/// `systems[].trail.blend` (absent: the system's).
pub const TRAIL_BLEND: F = F::choice(
    "systems[].trail.blend",
    &["normal", "additive", "multiply", "screen"],
);
/// `systems[].trail.drawParticle`: whether the particle's own sprite is still drawn.
pub const TRAIL_DRAW_PARTICLE: F = F::of("systems[].trail.drawParticle", Bool);
