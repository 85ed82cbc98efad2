//! The fields of a system's behaviour modules ([`crate::behaviour`]): the over-life multiplier
//! curves and the forces. A force's fields are those of its kind:
//! `systems[].forces[](vortex).radiusPx` is the `radiusPx` of a force whose `kind` is `vortex`.
//! Limits are the constants beside each behaviour type.

use super::super::FieldKind::{Curve, Integer, List, Range};
use super::super::{FieldSpec as F, Unit};
use super::{C, S, coord};
use crate::behaviour::over_life::MAX_MULTIPLIER;
use crate::behaviour::{MAX_FORCES, attractor, drag, turbulence, vortex, wind};

const M: f64 = MAX_MULTIPLIER as f64;

/// A multiplier curve over the particle's life within `±MAX_MULTIPLIER` (or from 0 when
/// `signed` is false).
const fn multiplier(path: &'static str, signed: bool) -> F {
    F::number(path, Unit::Times)
        .kind(Curve)
        .limits(if signed { -M } else { 0.0 }, M)
        .step(0.1)
}

/// A strength drawn per particle, `±max` (or from 0 when `signed` is false).
const fn strength(path: &'static str, unit: Unit, max: f32, signed: bool, step: f64) -> F {
    let max = max as f64;
    F::number(path, unit)
        .kind(Range)
        .limits(if signed { -max } else { 0.0 }, max)
        .step(step)
}

// ---- over-life curves -------------------------------------------------------------------

/// `systems[].overLife.speed`: speed multiplier.
pub const OVER_LIFE_SPEED: F = multiplier("systems[].overLife.speed", true);
/// `systems[].overLife.spin`: spin multiplier.
pub const OVER_LIFE_SPIN: F = multiplier("systems[].overLife.spin", true);
/// `systems[].overLife.sizeX`: horizontal size multiplier (on top of `scaleCurve`).
pub const OVER_LIFE_SIZE_X: F = F::number("systems[].overLife.sizeX", Unit::Times)
    .kind(Curve)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].overLife.sizeY`: vertical size multiplier (on top of `scaleCurve`).
pub const OVER_LIFE_SIZE_Y: F = F::number("systems[].overLife.sizeY", Unit::Times)
    .kind(Curve)
    .limits(0.0, S)
    .step(0.1);
/// `systems[].overLife.gravity`: gravity multiplier.
pub const OVER_LIFE_GRAVITY: F = multiplier("systems[].overLife.gravity", true);

// ---- forces -----------------------------------------------------------------------------

/// `systems[].forces`: applied in order.
pub const FORCES: F = F::of("systems[].forces", List).at_most(MAX_FORCES as f64);
/// `systems[].forces[].kind`.
pub const FORCE_KIND: F = F::choice(
    "systems[].forces[].kind",
    &[
        "turbulence",
        "vortex",
        "attractor",
        "wind",
        "drag",
        "speedLimit",
    ],
);

/// `systems[].forces[](turbulence).accelPxPerSec2`: typical acceleration.
pub const TURBULENCE_ACCEL: F = strength(
    "systems[].forces[](turbulence).accelPxPerSec2",
    Unit::PxPerSec2,
    turbulence::MAX_ACCEL_PX_PER_SEC2,
    true,
    10.0,
);
/// `systems[].forces[](turbulence).overLife`.
pub const TURBULENCE_OVER_LIFE: F = multiplier("systems[].forces[](turbulence).overLife", true);
/// `systems[].forces[](turbulence).frequencyPerPx` (above 0; 1 / swirl size).
pub const TURBULENCE_FREQUENCY: F =
    F::number("systems[].forces[](turbulence).frequencyPerPx", Unit::PerPx)
        .limits(0.0, turbulence::MAX_FREQUENCY_PER_PX as f64)
        .above_min()
        .step(0.001);
/// `systems[].forces[](turbulence).scrollPerSec` (0: a frozen field).
pub const TURBULENCE_SCROLL: F =
    F::number("systems[].forces[](turbulence).scrollPerSec", Unit::PerSec)
        .limits(
            -(turbulence::MAX_SCROLL_PER_SEC as f64),
            turbulence::MAX_SCROLL_PER_SEC as f64,
        )
        .step(0.1);
/// `systems[].forces[](turbulence).octaves`.
pub const TURBULENCE_OCTAVES: F = F::of("systems[].forces[](turbulence).octaves", Integer)
    .limits(1.0, turbulence::MAX_OCTAVES as f64)
    .step(1.0);
/// `systems[].forces[](turbulence).seed` (added to the system seed).
pub const TURBULENCE_SEED: F = F::of("systems[].forces[](turbulence).seed", Integer)
    .limits(0.0, u32::MAX as f64)
    .step(1.0);

/// `systems[].forces[](vortex).spinDegPerSec`: angular speed inside the radius.
pub const VORTEX_SPIN: F = strength(
    "systems[].forces[](vortex).spinDegPerSec",
    Unit::DegPerSec,
    vortex::MAX_SPIN_DEG_PER_SEC,
    true,
    1.0,
);
/// `systems[].forces[](vortex).overLife`.
pub const VORTEX_OVER_LIFE: F = multiplier("systems[].forces[](vortex).overLife", true);
/// `systems[].forces[](vortex).center[0]`.
pub const VORTEX_CENTER_X: F = coord("systems[].forces[](vortex).center[0]").step(1.0);
/// `systems[].forces[](vortex).center[1]`.
pub const VORTEX_CENTER_Y: F = coord("systems[].forces[](vortex).center[1]").step(1.0);
/// `systems[].forces[](vortex).space`: of the centre.
pub const VORTEX_SPACE: F = F::choice("systems[].forces[](vortex).space", &["system", "scene"]);
/// `systems[].forces[](vortex).radiusPx` (0: rigid everywhere).
pub const VORTEX_RADIUS: F = F::number("systems[].forces[](vortex).radiusPx", Unit::Px)
    .limits(0.0, C)
    .step(1.0);
/// `systems[].forces[](vortex).pullPerSec`: inward pull.
pub const VORTEX_PULL: F = F::number("systems[].forces[](vortex).pullPerSec", Unit::PerSec)
    .limits(
        -(vortex::MAX_PULL_PER_SEC as f64),
        vortex::MAX_PULL_PER_SEC as f64,
    )
    .step(0.1);

/// `systems[].forces[](attractor).accelPxPerSec2` (negative repels).
pub const ATTRACTOR_ACCEL: F = strength(
    "systems[].forces[](attractor).accelPxPerSec2",
    Unit::PxPerSec2,
    attractor::MAX_ACCEL_PX_PER_SEC2,
    true,
    10.0,
);
/// `systems[].forces[](attractor).overLife`.
pub const ATTRACTOR_OVER_LIFE: F = multiplier("systems[].forces[](attractor).overLife", true);
/// `systems[].forces[](attractor).position[0]`.
pub const ATTRACTOR_X: F = coord("systems[].forces[](attractor).position[0]").step(1.0);
/// `systems[].forces[](attractor).position[1]`.
pub const ATTRACTOR_Y: F = coord("systems[].forces[](attractor).position[1]").step(1.0);
/// `systems[].forces[](attractor).space`: of the point.
pub const ATTRACTOR_SPACE: F =
    F::choice("systems[].forces[](attractor).space", &["system", "scene"]);
/// `systems[].forces[](attractor).radiusPx` (above 0: the reach).
pub const ATTRACTOR_RADIUS: F = F::number("systems[].forces[](attractor).radiusPx", Unit::Px)
    .limits(0.0, C)
    .above_min()
    .step(1.0);
/// `systems[].forces[](attractor).falloff`.
pub const ATTRACTOR_FALLOFF: F = F::choice(
    "systems[].forces[](attractor).falloff",
    &["constant", "linear", "smooth"],
);

/// `systems[].forces[](wind).accelPxPerSec2`.
pub const WIND_ACCEL: F = strength(
    "systems[].forces[](wind).accelPxPerSec2",
    Unit::PxPerSec2,
    wind::MAX_ACCEL_PX_PER_SEC2,
    true,
    10.0,
);
/// `systems[].forces[](wind).overLife`.
pub const WIND_OVER_LIFE: F = multiplier("systems[].forces[](wind).overLife", true);
/// `systems[].forces[](wind).directionDeg` (clockwise from +x: 0 blows right, 90 down).
pub const WIND_DIRECTION: F = F::number("systems[].forces[](wind).directionDeg", Unit::Deg)
    .limits(-C, C)
    .step(1.0);

/// `systems[].forces[](drag).perSec`: velocity decay rate.
pub const DRAG_RATE: F = strength(
    "systems[].forces[](drag).perSec",
    Unit::PerSec,
    drag::MAX_PER_SEC,
    false,
    0.1,
);
/// `systems[].forces[](drag).overLife`.
pub const DRAG_OVER_LIFE: F = multiplier("systems[].forces[](drag).overLife", false);

/// `systems[].forces[](speedLimit).maxPxPerSec`: highest speed.
pub const SPEED_LIMIT_MAX: F = strength(
    "systems[].forces[](speedLimit).maxPxPerSec",
    Unit::PxPerSec,
    crate::document::validate::MAX_COORD,
    false,
    1.0,
);
/// `systems[].forces[](speedLimit).overLife`.
pub const SPEED_LIMIT_OVER_LIFE: F = multiplier("systems[].forces[](speedLimit).overLife", false);
