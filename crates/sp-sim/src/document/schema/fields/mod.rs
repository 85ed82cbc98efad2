//! The table of editable fields (see the parent module for the path syntax and the recipe):
//! the scene and export settings here, a particle system in `system.rs`, its behaviour modules
//! (over-life curves, forces) in `motion.rs`, its trail in `trail.rs`, skeleton and model
//! objects in `objects.rs`, colliders, paths and a system's collision and path following in
//! `scene_objects.rs`.
//! Limits are the validation constants of [`crate::document::validate`] and the constants beside
//! each behaviour type ([`crate::behaviour`]), written nowhere else.

mod motion;
mod objects;
mod scene_objects;
mod system;
mod trail;

pub use motion::*;
pub use objects::*;
pub use scene_objects::*;
pub use system::*;
pub use trail::*;

use super::FieldKind::{Bool, Integer, List, Text};
use super::{FieldSpec as F, Unit};
use crate::document::validate::{
    MAX_COORD, MAX_DURATION_SECS, MAX_FPS, MAX_IMAGE_SIDE, MAX_LIST, MAX_NAME_CHARS,
    MAX_PATH_CHARS, MAX_SCALE, MAX_SYSTEMS,
};
use crate::document::{MAX_SUBSTEPS_PER_SEC, MIN_SUBSTEPS_PER_SEC};

pub(super) const C: f64 = MAX_COORD as f64;
pub(super) const S: f64 = MAX_SCALE as f64;
const NAME: f64 = MAX_NAME_CHARS as f64;
const PATH: f64 = MAX_PATH_CHARS as f64;

pub(super) const fn name(path: &'static str) -> F {
    F::of(path, Text).at_most(NAME)
}
pub(super) const fn reference(path: &'static str) -> F {
    F::of(path, Text).at_most(PATH)
}
pub(super) const fn coord(path: &'static str) -> F {
    F::number(path, Unit::Px).limits(-C, C)
}
pub(super) const fn secs(path: &'static str) -> F {
    F::number(path, Unit::Secs)
        .limits(0.0, MAX_DURATION_SECS as f64)
        .step(0.1)
}
pub(super) const fn fps(path: &'static str) -> F {
    F::number(path, Unit::PerSec)
        .kind(Integer)
        .limits(1.0, MAX_FPS as f64)
        .step(1.0)
}

// ---- scene ------------------------------------------------------------------------------

/// `animations`: the project's animation names.
pub const ANIMATIONS: F = F::of("animations", List).at_most(MAX_LIST as f64);
/// `animations[]`.
pub const ANIMATION_NAME: F = name("animations[]");
/// `systems`.
pub const SYSTEMS: F = F::of("systems", List).at_most(MAX_SYSTEMS as f64);
/// `substepsPerSec`: the integrator's grid steps per second of particle age (advanced).
pub const SUBSTEPS: F = F::number("substepsPerSec", Unit::PerSec)
    .kind(Integer)
    .limits(MIN_SUBSTEPS_PER_SEC as f64, MAX_SUBSTEPS_PER_SEC as f64)
    .step(30.0);
/// `images`.
pub const IMAGES: F = F::of("images", List).at_most(MAX_LIST as f64);
/// `images[].path`.
pub const IMAGE_PATH: F = reference("images[].path");
/// `images[].width`.
pub const IMAGE_WIDTH: F = F::number("images[].width", Unit::ImagePx)
    .kind(Integer)
    .limits(0.0, MAX_IMAGE_SIDE as f64);
/// `images[].height`.
pub const IMAGE_HEIGHT: F = F::number("images[].height", Unit::ImagePx)
    .kind(Integer)
    .limits(0.0, MAX_IMAGE_SIDE as f64);

// ---- export settings -------------------------------------------------------------------

/// `export.imagesPath`.
pub const EXPORT_IMAGES_PATH: F = F::of("export.imagesPath", Text).at_most(PATH);
/// `export.spineVersion`.
pub const EXPORT_SPINE_VERSION: F = F::choice("export.spineVersion", &["4.2"]);
/// `export.curve`.
pub const EXPORT_CURVE: F = F::choice("export.curve", &["linear", "bezier"]);
/// `export.fps`.
pub const EXPORT_FPS: F = fps("export.fps");
/// `export.omitFps`.
pub const EXPORT_OMIT_FPS: F = F::of("export.omitFps", Bool);
/// `export.integerFrames`.
pub const EXPORT_INTEGER_FRAMES: F = F::of("export.integerFrames", Bool);
/// `export.bonePool`.
pub const EXPORT_BONE_POOL: F = F::of("export.bonePool", Bool);
/// `export.excludeEmptyAnimations`.
pub const EXPORT_EXCLUDE_EMPTY: F = F::of("export.excludeEmptyAnimations", Bool);
/// `export.fileName`.
pub const EXPORT_FILE_NAME: F = name("export.fileName");

/// Every field, in panel order.
pub const ALL: &[&F] = &[
    &ANIMATIONS,
    &ANIMATION_NAME,
    &SYSTEMS,
    &SYSTEM_NAME,
    &SYSTEM_VISIBLE,
    &SYSTEM_ANIMATION,
    &LOOP_START,
    &LOOP_LOOP,
    &LOOP_END,
    &SEED,
    &SYSTEM_X,
    &SYSTEM_Y,
    &SYSTEM_ROTATION,
    &SYSTEM_SCALE_X,
    &SYSTEM_SCALE_Y,
    &SPACE,
    &MODE,
    &DURATION,
    &DELAY,
    &EMITTER,
    &CIRCLE_RADIUS,
    &CIRCLE_EDGE,
    &CIRCLE_THICKNESS,
    &RECT_WIDTH,
    &RECT_HEIGHT,
    &RECT_EDGE,
    &RECT_THICKNESS,
    &LINE_LENGTH,
    &ARC_RADIUS,
    &ARC_START,
    &ARC_SPAN,
    &ARC_THICKNESS,
    &ROUNDED_RECT_WIDTH,
    &ROUNDED_RECT_HEIGHT,
    &ROUNDED_RECT_CORNER,
    &ROUNDED_RECT_EDGE,
    &ROUNDED_RECT_THICKNESS,
    &RATE,
    &RATE_CURVE,
    &BURSTS,
    &BURST_TIME,
    &BURST_COUNT,
    &BURST_INTERVAL,
    &BURST_CYCLES,
    &MAX_PARTICLES_FIELD,
    &LIFETIME,
    &SPEED,
    &DIRECTION,
    &SPREAD,
    &GRAVITY_X,
    &GRAVITY_Y,
    &DAMPING,
    &START_ROTATION,
    &ANGULAR_VELOCITY,
    &ALIGN_TO_VELOCITY,
    &ROTATION_MODE,
    &START_SCALE,
    &SCALE_CURVE,
    &COLOR_GRADIENT,
    &GRADIENT_COLOR,
    &ALPHA_CURVE,
    &CURVE_KEYS,
    &OVER_LIFE_SPEED,
    &OVER_LIFE_SPIN,
    &OVER_LIFE_SIZE_X,
    &OVER_LIFE_SIZE_Y,
    &OVER_LIFE_GRAVITY,
    &FORCES,
    &FORCE_KIND,
    &TURBULENCE_ACCEL,
    &TURBULENCE_OVER_LIFE,
    &TURBULENCE_FREQUENCY,
    &TURBULENCE_SCROLL,
    &TURBULENCE_OCTAVES,
    &TURBULENCE_SEED,
    &VORTEX_SPIN,
    &VORTEX_OVER_LIFE,
    &VORTEX_CENTER_X,
    &VORTEX_CENTER_Y,
    &VORTEX_SPACE,
    &VORTEX_RADIUS,
    &VORTEX_PULL,
    &ATTRACTOR_ACCEL,
    &ATTRACTOR_OVER_LIFE,
    &ATTRACTOR_X,
    &ATTRACTOR_Y,
    &ATTRACTOR_SPACE,
    &ATTRACTOR_RADIUS,
    &ATTRACTOR_FALLOFF,
    &WIND_ACCEL,
    &WIND_OVER_LIFE,
    &WIND_DIRECTION,
    &DRAG_RATE,
    &DRAG_OVER_LIFE,
    &SPEED_LIMIT_MAX,
    &SPEED_LIMIT_OVER_LIFE,
    &TEXTURES,
    &TEXTURE,
    &TEXTURE_PICK,
    &FLIPBOOK_ENABLED,
    &FLIPBOOK_FPS,
    &FLIPBOOK_MODE,
    &ANCHOR_X,
    &ANCHOR_Y,
    &BLEND,
    &DRAW_ORDER,
    &FOLLOW_SKELETON,
    &FOLLOW_BONE,
    &FOLLOW_INSTANCE,
    &FOLLOW_OFFSET_X,
    &FOLLOW_OFFSET_Y,
    &TRAIL_ENABLED,
    &TRAIL_LENGTH_MODE,
    &TRAIL_LENGTH_SECS,
    &TRAIL_LENGTH_POINTS,
    &TRAIL_BONES,
    &TRAIL_WIDTH,
    &TRAIL_WIDTH_CURVE,
    &TRAIL_WIDTH_BY_SIZE,
    &TRAIL_COLOR_OVER_LIFE,
    &TRAIL_ALPHA_OVER_LIFE,
    &TRAIL_INHERIT_COLOR,
    &TRAIL_COLOR_ALONG,
    &TRAIL_ALPHA_ALONG,
    &TRAIL_IMAGES,
    &TRAIL_IMAGE,
    &TRAIL_IMAGE_PICK,
    &TRAIL_UV_ROTATION,
    &TRAIL_TEXTURE_MODE,
    &TRAIL_TILE_COUNT,
    &TRAIL_GRID_ROWS,
    &TRAIL_GRID_COLS,
    &TRAIL_MIN_MOVE,
    &TRAIL_BLEND,
    &TRAIL_DRAW_PARTICLE,
    &COLLISION_RESPONSE,
    &COLLISION_RESTITUTION,
    &COLLISION_FRICTION,
    &COLLISION_PAUSE,
    &COLLISION_RADIUS,
    &PATH_FOLLOW_MODE,
    &PATH_FOLLOW_PATH,
    &PATH_FOLLOW_TIMING,
    &PATH_FOLLOW_TRAVEL,
    &PATH_FOLLOW_SPEED,
    &PATH_FOLLOW_REPEAT,
    &PATH_FOLLOW_ORIENT,
    &PATH_FOLLOW_START,
    &SUBSTEPS,
    &IMAGES,
    &IMAGE_PATH,
    &IMAGE_WIDTH,
    &IMAGE_HEIGHT,
    &EXPORT_IMAGES_PATH,
    &EXPORT_SPINE_VERSION,
    &EXPORT_CURVE,
    &EXPORT_FPS,
    &EXPORT_OMIT_FPS,
    &EXPORT_INTEGER_FRAMES,
    &EXPORT_BONE_POOL,
    &EXPORT_EXCLUDE_EMPTY,
    &EXPORT_FILE_NAME,
    &SKELETONS,
    &SKELETON_NAME,
    &SKELETON_PATH,
    &SKELETON_ATLAS,
    &SKELETON_KEY,
    &SKELETON_X,
    &SKELETON_Y,
    &SKELETON_ANIMATION,
    &SKELETON_SKIN,
    &SKELETON_VISIBLE,
    &SKELETON_SCALE,
    &SKELETON_SPEED,
    &SKELETON_LOOP,
    &SKELETON_BAKE_FPS,
    &SKELETON_EXTRA,
    &SKELETON_MIPMAPS,
    &MODELS,
    &MODEL_NAME,
    &MODEL_KEY,
    &MODEL_PATH,
    &MODEL_X,
    &MODEL_Y,
    &MODEL_CLIP,
    &MODEL_SPEED,
    &MODEL_UP_AXIS,
    &MODEL_VISIBLE,
    &MODEL_LOOP,
    &MODEL_MARKERS,
    &MODEL_MARKER_CLIP,
    &MODEL_MARKER_NAME,
    &MODEL_MARKER_FRAME,
    &COLLIDERS,
    &COLLIDER_NAME,
    &COLLIDER_VISIBLE,
    &COLLIDER_SHAPE,
    &SEGMENT_A_X,
    &SEGMENT_A_Y,
    &SEGMENT_B_X,
    &SEGMENT_B_Y,
    &POLYLINE_POINTS,
    &POLYLINE_POINT_X,
    &POLYLINE_POINT_Y,
    &POLYLINE_CLOSED,
    &COLLIDER_CIRCLE_X,
    &COLLIDER_CIRCLE_Y,
    &COLLIDER_CIRCLE_RADIUS,
    &COLLIDER_RECT_X,
    &COLLIDER_RECT_Y,
    &COLLIDER_RECT_WIDTH,
    &COLLIDER_RECT_HEIGHT,
    &COLLIDER_RECT_ROTATION,
    &COLLIDER_SYSTEMS,
    &COLLIDER_SYSTEM,
    &PATHS,
    &PATH_NAME,
    &PATH_VISIBLE,
    &PATH_KIND,
    &PATH_POINTS,
    &PATH_POINT_X,
    &PATH_POINT_Y,
    &PATH_HANDLES,
    &PATH_HANDLE_IN_X,
    &PATH_HANDLE_IN_Y,
    &PATH_HANDLE_OUT_X,
    &PATH_HANDLE_OUT_Y,
    &PATH_CLOSED,
];
