//! The fields of a particle system: emission (shapes, rate, bursts), life, motion, rotation,
//! looks, images and follow. Its behaviour modules: [`super::motion`].

use super::super::FieldKind::{Bool, Colour, Curve, Gradient, Integer, List, Range};
use super::super::{CurveAxis, FieldSpec as F, Unit};
use super::{C, S, coord, name, reference, secs};
use crate::document::validate::{
    MAX_ANCHOR, MAX_BURST_FIRINGS, MAX_BURSTS, MAX_CURVE_KEYS, MAX_DAMPING, MAX_FPS,
    MAX_LIFETIME_SECS, MAX_PARTICLES, MAX_RATE_PER_SEC, MAX_SKELETON_INSTANCES, MAX_TEXTURES,
};

// ---- a particle system -----------------------------------------------------------------

/// A size of an emitter shape, pixels.
const fn size(path: &'static str) -> F {
    F::number(path, Unit::Px).limits(0.0, C).step(1.0)
}
/// The width of an emitter's edge band, pixels (the shape also bounds it).
const fn band(path: &'static str) -> F {
    size(path)
}

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
    &["point", "circle", "rect", "line", "arc", "roundedRect"],
);
/// `systems[].emitter(circle).radius`.
pub const CIRCLE_RADIUS: F = F::number("systems[].emitter(circle).radius", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].emitter(circle).edge`.
pub const CIRCLE_EDGE: F = F::of("systems[].emitter(circle).edge", Bool);
/// `systems[].emitter(circle).thicknessPx` (with `edge`; at most the radius).
pub const CIRCLE_THICKNESS: F = band("systems[].emitter(circle).thicknessPx");
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
/// `systems[].emitter(rect).thicknessPx` (with `edge`; at most half the shorter side).
pub const RECT_THICKNESS: F = band("systems[].emitter(rect).thicknessPx");
/// `systems[].emitter(line).length`.
pub const LINE_LENGTH: F = F::number("systems[].emitter(line).length", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].emitter(arc).radius` (outer radius).
pub const ARC_RADIUS: F = size("systems[].emitter(arc).radius");
/// `systems[].emitter(arc).startDeg` (clockwise from +x).
pub const ARC_START: F = F::number("systems[].emitter(arc).startDeg", Unit::Deg)
    .limits(-C, C)
    .step(1.0);
/// `systems[].emitter(arc).spanDeg` (360: a full ring).
pub const ARC_SPAN: F = F::number("systems[].emitter(arc).spanDeg", Unit::Deg)
    .limits(0.0, 360.0)
    .step(1.0);
/// `systems[].emitter(arc).thicknessPx` (inward from the arc; at most the radius).
pub const ARC_THICKNESS: F = band("systems[].emitter(arc).thicknessPx");
/// `systems[].emitter(roundedRect).width`.
pub const ROUNDED_RECT_WIDTH: F = size("systems[].emitter(roundedRect).width");
/// `systems[].emitter(roundedRect).height`.
pub const ROUNDED_RECT_HEIGHT: F = size("systems[].emitter(roundedRect).height");
/// `systems[].emitter(roundedRect).cornerRadiusPx` (at most half the shorter side).
pub const ROUNDED_RECT_CORNER: F = size("systems[].emitter(roundedRect).cornerRadiusPx");
/// `systems[].emitter(roundedRect).edge`.
pub const ROUNDED_RECT_EDGE: F = F::of("systems[].emitter(roundedRect).edge", Bool);
/// `systems[].emitter(roundedRect).thicknessPx` (with `edge`; at most half the shorter side).
pub const ROUNDED_RECT_THICKNESS: F = band("systems[].emitter(roundedRect).thicknessPx");
/// `systems[].ratePerSec`.
pub const RATE: F = F::number("systems[].ratePerSec", Unit::PerSec)
    .limits(0.0, MAX_RATE_PER_SEC as f64)
    .step(1.0);
/// `systems[].rateCurve`: emission rate multiplier over each emission cycle (empty: 1).
pub const RATE_CURVE: F = F::number("systems[].rateCurve", Unit::Times)
    .kind(Curve)
    .along(CurveAxis::Cycle)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].bursts`.
pub const BURSTS: F = F::of("systems[].bursts", List).at_most(MAX_BURSTS as f64);
/// `systems[].bursts[].timeSecs`.
pub const BURST_TIME: F = secs("systems[].bursts[].timeSecs");
/// `systems[].bursts[].count`.
pub const BURST_COUNT: F = F::of("systems[].bursts[].count", Integer)
    .limits(0.0, MAX_PARTICLES as f64)
    .step(1.0);
/// `systems[].bursts[].intervalSecs` (0: once per cycle).
pub const BURST_INTERVAL: F = secs("systems[].bursts[].intervalSecs");
/// `systems[].bursts[].cycles` (firings per emission cycle; 0: as many as fit).
pub const BURST_CYCLES: F = F::of("systems[].bursts[].cycles", Integer)
    .limits(0.0, MAX_BURST_FIRINGS as f64)
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
/// `systems[].rotationMode`.
pub const ROTATION_MODE: F = F::choice(
    "systems[].rotationMode",
    &["random", "fixed", "initialDirection", "velocity"],
);
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
/// `systems[].drawOrder` (stacking of overlapping particles).
pub const DRAW_ORDER: F = F::choice("systems[].drawOrder", &["newestOnTop", "oldestOnTop"]);
/// `systems[].follow.skeleton` (set together with the bone).
pub const FOLLOW_SKELETON: F = name("systems[].follow.skeleton");
/// `systems[].follow.bone`.
pub const FOLLOW_BONE: F = name("systems[].follow.bone");
/// `systems[].follow.instance` (0: the first instance; one past the instances a skeleton has is
/// not an error, the system falls back to its own transform until that instance exists).
pub const FOLLOW_INSTANCE: F = F::of("systems[].follow.instance", Integer)
    .limits(0.0, (MAX_SKELETON_INSTANCES - 1) as f64)
    .step(1.0);
/// `systems[].follow.offsetX`.
pub const FOLLOW_OFFSET_X: F = coord("systems[].follow.offsetX").step(1.0);
/// `systems[].follow.offsetY`.
pub const FOLLOW_OFFSET_Y: F = coord("systems[].follow.offsetY").step(1.0);
