//! The table of editable fields (see the parent module for the path syntax and the recipe).
//! Limits are the validation constants of [`crate::document::validate`], written nowhere else.

use super::FieldKind::{Bool, Colour, Curve, Gradient, Integer, List, Range, Text};
use super::{FieldSpec as F, Unit};
use crate::document::validate::{
    MAX_ANCHOR, MAX_BURSTS, MAX_COORD, MAX_CURVE_KEYS, MAX_DAMPING, MAX_DURATION_SECS, MAX_FPS,
    MAX_IMAGE_SIDE, MAX_LIFETIME_SECS, MAX_LIST, MAX_MODEL_SPEED, MAX_NAME_CHARS, MAX_PARTICLES,
    MAX_PATH_CHARS, MAX_RATE_PER_SEC, MAX_SCALE, MAX_SKELETON_INSTANCES, MAX_SKELETON_SPEED,
    MAX_SYSTEMS, MAX_TEXTURES,
};

const C: f64 = MAX_COORD as f64;
const S: f64 = MAX_SCALE as f64;
const NAME: f64 = MAX_NAME_CHARS as f64;
const PATH: f64 = MAX_PATH_CHARS as f64;

const fn name(path: &'static str) -> F {
    F::of(path, Text).at_most(NAME)
}
const fn reference(path: &'static str) -> F {
    F::of(path, Text).at_most(PATH)
}
const fn coord(path: &'static str) -> F {
    F::number(path, Unit::Px).limits(-C, C)
}
const fn secs(path: &'static str) -> F {
    F::number(path, Unit::Secs)
        .limits(0.0, MAX_DURATION_SECS as f64)
        .step(0.1)
}
const fn fps(path: &'static str) -> F {
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

// ---- a particle system -----------------------------------------------------------------

/// `systems[].name`.
pub const SYSTEM_NAME: F = name("systems[].name");
/// `systems[].visible`.
pub const SYSTEM_VISIBLE: F = F::of("systems[].visible", Bool);
/// `systems[].animation`.
pub const SYSTEM_ANIMATION: F = name("systems[].animation");
/// `systems[].loopAnimations.start`.
pub const LOOP_START: F = name("systems[].loopAnimations.start");
/// `systems[].loopAnimations.loop`.
pub const LOOP_LOOP: F = name("systems[].loopAnimations.loop");
/// `systems[].loopAnimations.end`.
pub const LOOP_END: F = name("systems[].loopAnimations.end");
/// `systems[].seed`.
pub const SEED: F = F::of("systems[].seed", Integer)
    .limits(0.0, u32::MAX as f64)
    .step(1.0);
/// `systems[].transform.x`.
pub const SYSTEM_X: F = coord("systems[].transform.x").step(1.0);
/// `systems[].transform.y`.
pub const SYSTEM_Y: F = coord("systems[].transform.y").step(1.0);
/// `systems[].transform.rotationDeg`.
pub const SYSTEM_ROTATION: F = F::number("systems[].transform.rotationDeg", Unit::Deg)
    .limits(-C, C)
    .step(1.0);
/// `systems[].transform.scaleX`.
pub const SYSTEM_SCALE_X: F = F::number("systems[].transform.scaleX", Unit::Times)
    .limits(-S, S)
    .step(0.1);
/// `systems[].transform.scaleY`.
pub const SYSTEM_SCALE_Y: F = F::number("systems[].transform.scaleY", Unit::Times)
    .limits(-S, S)
    .step(0.1);
/// `systems[].space`.
pub const SPACE: F = F::choice("systems[].space", &["local", "world"]);
/// `systems[].mode`.
pub const MODE: F = F::choice("systems[].mode", &["oneShot", "loopContinuous"]);
/// `systems[].durationSecs` (a loop-continuous system also needs it above 0).
pub const DURATION: F = secs("systems[].durationSecs");
/// `systems[].delaySecs`.
pub const DELAY: F = secs("systems[].delaySecs");
/// `systems[].emitter.kind`.
pub const EMITTER: F = F::choice(
    "systems[].emitter.kind",
    &["point", "circle", "rect", "line"],
);
/// `systems[].emitter(circle).radius`.
pub const CIRCLE_RADIUS: F = F::number("systems[].emitter(circle).radius", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].emitter(circle).edge`.
pub const CIRCLE_EDGE: F = F::of("systems[].emitter(circle).edge", Bool);
/// `systems[].emitter(rect).width`.
pub const RECT_WIDTH: F = F::number("systems[].emitter(rect).width", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].emitter(rect).height`.
pub const RECT_HEIGHT: F = F::number("systems[].emitter(rect).height", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].emitter(rect).edge`.
pub const RECT_EDGE: F = F::of("systems[].emitter(rect).edge", Bool);
/// `systems[].emitter(line).length`.
pub const LINE_LENGTH: F = F::number("systems[].emitter(line).length", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].ratePerSec`.
pub const RATE: F = F::number("systems[].ratePerSec", Unit::PerSec)
    .limits(0.0, MAX_RATE_PER_SEC as f64)
    .step(1.0);
/// `systems[].bursts`.
pub const BURSTS: F = F::of("systems[].bursts", List).at_most(MAX_BURSTS as f64);
/// `systems[].bursts[].timeSecs`.
pub const BURST_TIME: F = secs("systems[].bursts[].timeSecs");
/// `systems[].bursts[].count`.
pub const BURST_COUNT: F = F::of("systems[].bursts[].count", Integer)
    .limits(0.0, MAX_PARTICLES as f64)
    .step(1.0);
/// `systems[].maxParticles`.
pub const MAX_PARTICLES_FIELD: F = F::of("systems[].maxParticles", Integer)
    .limits(0.0, MAX_PARTICLES as f64)
    .step(1.0);
/// `systems[].lifetimeSecs` (both ends above 0).
pub const LIFETIME: F = F::number("systems[].lifetimeSecs", Unit::Secs)
    .kind(Range)
    .limits(0.0, MAX_LIFETIME_SECS as f64)
    .above_min()
    .step(0.1);
/// `systems[].speed`.
pub const SPEED: F = F::number("systems[].speed", Unit::PxPerSec)
    .kind(Range)
    .limits(-C, C)
    .step(1.0);
/// `systems[].directionDeg` (clockwise from +x: 270 is up).
pub const DIRECTION: F = F::number("systems[].directionDeg", Unit::Deg)
    .limits(-C, C)
    .step(1.0);
/// `systems[].spreadDeg`.
pub const SPREAD: F = F::number("systems[].spreadDeg", Unit::Deg)
    .limits(0.0, 360.0)
    .step(1.0);
/// `systems[].gravity[0]`.
pub const GRAVITY_X: F = F::number("systems[].gravity[0]", Unit::PxPerSec2)
    .limits(-C, C)
    .step(1.0);
/// `systems[].gravity[1]` (positive falls).
pub const GRAVITY_Y: F = F::number("systems[].gravity[1]", Unit::PxPerSec2)
    .limits(-C, C)
    .step(1.0);
/// `systems[].damping`.
pub const DAMPING: F = F::number("systems[].damping", Unit::PerSec)
    .limits(0.0, MAX_DAMPING as f64)
    .step(0.1);
/// `systems[].startRotationDeg`.
pub const START_ROTATION: F = F::number("systems[].startRotationDeg", Unit::Deg)
    .kind(Range)
    .limits(-C, C)
    .step(1.0);
/// `systems[].angularVelocityDeg`.
pub const ANGULAR_VELOCITY: F = F::number("systems[].angularVelocityDeg", Unit::DegPerSec)
    .kind(Range)
    .limits(-C, C)
    .step(1.0);
/// `systems[].alignToVelocity`.
pub const ALIGN_TO_VELOCITY: F = F::of("systems[].alignToVelocity", Bool);
/// `systems[].startScale`.
pub const START_SCALE: F = F::number("systems[].startScale", Unit::Times)
    .kind(Range)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].scaleCurve` (values; at most [`MAX_CURVE_KEYS`] keys).
pub const SCALE_CURVE: F = F::number("systems[].scaleCurve", Unit::Times)
    .kind(Curve)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].colorGradient` (at most [`MAX_CURVE_KEYS`] keys).
pub const COLOR_GRADIENT: F = F::of("systems[].colorGradient", Gradient);
/// `systems[].colorGradient[].color`.
pub const GRADIENT_COLOR: F = F::of("systems[].colorGradient[].color", Colour);
/// `systems[].alphaCurve` (values 0..=1).
pub const ALPHA_CURVE: F = F::number("systems[].alphaCurve", Unit::None)
    .kind(Curve)
    .limits(0.0, 1.0)
    .step(0.05);
/// Most keys of a curve or gradient (`t` of every key is 0..=1).
pub const CURVE_KEYS: F = F::of("systems[].scaleCurve[]", List).at_most(MAX_CURVE_KEYS as f64);
/// `systems[].textures`.
pub const TEXTURES: F = F::of("systems[].textures", List).at_most(MAX_TEXTURES as f64);
/// `systems[].textures[]`: `builtin:NAME` or a relative path.
pub const TEXTURE: F = reference("systems[].textures[]");
/// `systems[].texturePick`.
pub const TEXTURE_PICK: F = F::choice("systems[].texturePick", &["random", "inOrder"]);
/// `systems[].flipbook.enabled`.
pub const FLIPBOOK_ENABLED: F = F::of("systems[].flipbook.enabled", Bool);
/// `systems[].flipbook.fps`.
pub const FLIPBOOK_FPS: F = F::number("systems[].flipbook.fps", Unit::PerSec)
    .limits(1.0, MAX_FPS as f64)
    .step(1.0);
/// `systems[].flipbook.mode`.
pub const FLIPBOOK_MODE: F = F::choice(
    "systems[].flipbook.mode",
    &["onceVanish", "onceHold", "loop", "reverseLoop"],
);
/// `systems[].anchor[0]` (0..1 of the image from its left).
pub const ANCHOR_X: F = F::number("systems[].anchor[0]", Unit::None)
    .limits(-(MAX_ANCHOR as f64), MAX_ANCHOR as f64)
    .step(0.05);
/// `systems[].anchor[1]` (0..1 of the image from its top).
pub const ANCHOR_Y: F = F::number("systems[].anchor[1]", Unit::None)
    .limits(-(MAX_ANCHOR as f64), MAX_ANCHOR as f64)
    .step(0.05);
/// `systems[].blend`.
pub const BLEND: F = F::choice(
    "systems[].blend",
    &["normal", "additive", "multiply", "screen"],
);
/// `systems[].follow.skeleton` (set together with the bone).
pub const FOLLOW_SKELETON: F = name("systems[].follow.skeleton");
/// `systems[].follow.bone`.
pub const FOLLOW_BONE: F = name("systems[].follow.bone");
/// `systems[].follow.offsetX`.
pub const FOLLOW_OFFSET_X: F = coord("systems[].follow.offsetX").step(1.0);
/// `systems[].follow.offsetY`.
pub const FOLLOW_OFFSET_Y: F = coord("systems[].follow.offsetY").step(1.0);

// ---- skeleton objects -------------------------------------------------------------------

/// `skeletons`.
pub const SKELETONS: F = F::of("skeletons", List).at_most(MAX_LIST as f64);
/// `skeletons[].name` (non-empty, unique among skeletons).
pub const SKELETON_NAME: F = name("skeletons[].name");
/// `skeletons[].path`.
pub const SKELETON_PATH: F = reference("skeletons[].path");
/// `skeletons[].atlas`.
pub const SKELETON_ATLAS: F = reference("skeletons[].atlas");
/// `skeletons[].key`.
pub const SKELETON_KEY: F = name("skeletons[].key");
/// `skeletons[].transform.x`.
pub const SKELETON_X: F = coord("skeletons[].transform.x").step(1.0);
/// `skeletons[].transform.y`.
pub const SKELETON_Y: F = coord("skeletons[].transform.y").step(1.0);
/// `skeletons[].animation`.
pub const SKELETON_ANIMATION: F = name("skeletons[].animation");
/// `skeletons[].skin`.
pub const SKELETON_SKIN: F = name("skeletons[].skin");
/// `skeletons[].visible`.
pub const SKELETON_VISIBLE: F = F::of("skeletons[].visible", Bool);
/// `skeletons[].scale` (above 0).
pub const SKELETON_SCALE: F = F::number("skeletons[].scale", Unit::Times)
    .limits(0.0, S)
    .above_min()
    .step(0.1);
/// `skeletons[].speed`.
pub const SKELETON_SPEED: F = F::number("skeletons[].speed", Unit::Times)
    .limits(0.0, MAX_SKELETON_SPEED as f64)
    .step(0.1);
/// `skeletons[].loop`.
pub const SKELETON_LOOP: F = F::of("skeletons[].loop", Bool);
/// `skeletons[].bakeFps`.
pub const SKELETON_BAKE_FPS: F = fps("skeletons[].bakeFps");
/// `skeletons[].extraInstances` (the first instance is the transform).
pub const SKELETON_EXTRA: F =
    F::of("skeletons[].extraInstances", List).at_most((MAX_SKELETON_INSTANCES - 1) as f64);
/// `skeletons[].mipmaps`.
pub const SKELETON_MIPMAPS: F = F::of("skeletons[].mipmaps", Bool);

// ---- model objects ----------------------------------------------------------------------

/// `models`.
pub const MODELS: F = F::of("models", List).at_most(MAX_LIST as f64);
/// `models[].name`.
pub const MODEL_NAME: F = name("models[].name");
/// `models[].path`.
pub const MODEL_PATH: F = reference("models[].path");
/// `models[].transform.x`.
pub const MODEL_X: F = coord("models[].transform.x").step(1.0);
/// `models[].transform.y`.
pub const MODEL_Y: F = coord("models[].transform.y").step(1.0);
/// `models[].clip`.
pub const MODEL_CLIP: F = name("models[].clip");
/// `models[].speed`.
pub const MODEL_SPEED: F = F::number("models[].speed", Unit::Times)
    .limits(0.0, MAX_MODEL_SPEED as f64)
    .step(0.1);
/// `models[].upAxis` (empty: the default, `y`).
pub const MODEL_UP_AXIS: F = F::choice("models[].upAxis", &["", "y", "z"]);
/// `models[].visible`.
pub const MODEL_VISIBLE: F = F::of("models[].visible", Bool);

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
    &RECT_WIDTH,
    &RECT_HEIGHT,
    &RECT_EDGE,
    &LINE_LENGTH,
    &RATE,
    &BURSTS,
    &BURST_TIME,
    &BURST_COUNT,
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
    &START_SCALE,
    &SCALE_CURVE,
    &COLOR_GRADIENT,
    &GRADIENT_COLOR,
    &ALPHA_CURVE,
    &CURVE_KEYS,
    &TEXTURES,
    &TEXTURE,
    &TEXTURE_PICK,
    &FLIPBOOK_ENABLED,
    &FLIPBOOK_FPS,
    &FLIPBOOK_MODE,
    &ANCHOR_X,
    &ANCHOR_Y,
    &BLEND,
    &FOLLOW_SKELETON,
    &FOLLOW_BONE,
    &FOLLOW_OFFSET_X,
    &FOLLOW_OFFSET_Y,
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
    &MODEL_PATH,
    &MODEL_X,
    &MODEL_Y,
    &MODEL_CLIP,
    &MODEL_SPEED,
    &MODEL_UP_AXIS,
    &MODEL_VISIBLE,
];
