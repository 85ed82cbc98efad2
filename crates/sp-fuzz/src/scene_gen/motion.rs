//! The motion-v2 modules of a generated system: forces (turbulence, vortex, attractor, wind,
//! drag, speed limit), the over-life curves, rotation modes, the rate curve, every emitter shape
//! and repeating bursts. Values stay within the document limits (the ones of
//! `sp_sim::behaviour`), with their extremes one time in sixteen.

use arbitrary::{Result, Unstructured};
use sp_sim::behaviour::{
    Attractor, CentreSpace, Drag, Falloff, Force, OverLife, RotationMode, SpeedLimit, Turbulence,
    Vortex, Wind, turbulence,
};
use sp_sim::document::{Burst, Curve, EmitterShape, Range};

use super::{curve, float, wide};

/// Most forces a generated system has (the document allows [`sp_sim::behaviour::MAX_FORCES`];
/// one system in sixteen gets that many).
const FEW_FORCES: u32 = 3;

/// An empty curve (the module's "1") half the time, else a random one in `[lo, hi]`.
fn maybe_curve(u: &mut Unstructured<'_>, lo: f32, hi: f32) -> Result<Curve> {
    if u.arbitrary()? {
        curve(u, lo, hi)
    } else {
        Ok(Curve { keys: Vec::new() })
    }
}

/// A strength range in `[lo, hi]`, or anywhere in `[-limit, limit]` one time in sixteen.
fn strength(u: &mut Unstructured<'_>, (lo, hi): (f32, f32), limit: (f32, f32)) -> Result<Range> {
    Ok(Range::new(
        wide(u, (lo, hi), limit.1, limit)?,
        wide(u, (lo, hi), limit.1, limit)?,
    ))
}

fn centre_space(u: &mut Unstructured<'_>) -> Result<CentreSpace> {
    Ok(if u.arbitrary()? {
        CentreSpace::Scene
    } else {
        CentreSpace::System
    })
}

fn point(u: &mut Unstructured<'_>) -> Result<[f32; 2]> {
    const COORD: (f32, f32) = (-1e6, 1e6);
    Ok([
        wide(u, (-300.0, 300.0), 1e6, COORD)?,
        wide(u, (-300.0, 300.0), 1e6, COORD)?,
    ])
}

/// One force of any kind.
fn force(u: &mut Unstructured<'_>) -> Result<Force> {
    const ACCEL: (f32, f32) = (-1e5, 1e5);
    Ok(match u.int_in_range(0..=5)? {
        0 => Force::Turbulence(Turbulence {
            accel_px_per_sec2: strength(u, (-800.0, 800.0), ACCEL)?,
            over_life: maybe_curve(u, -2.0, 2.0)?,
            // Above 0 (the limit refuses 0; `float` clamps its zero to the low end).
            frequency_per_px: if u.ratio(1u8, 16u8)? {
                float(u, 1e-4, turbulence::MAX_FREQUENCY_PER_PX)?
            } else {
                float(u, 1e-4, 0.05)?
            },
            scroll_per_sec: wide(
                u,
                (-2.0, 2.0),
                turbulence::MAX_SCROLL_PER_SEC,
                (
                    -turbulence::MAX_SCROLL_PER_SEC,
                    turbulence::MAX_SCROLL_PER_SEC,
                ),
            )?,
            octaves: u.int_in_range(1..=turbulence::MAX_OCTAVES)?,
            seed: u.arbitrary()?,
        }),
        1 => Force::Vortex(Vortex {
            spin_deg_per_sec: strength(u, (-720.0, 720.0), (-1e5, 1e5))?,
            over_life: maybe_curve(u, -2.0, 2.0)?,
            center: point(u)?,
            space: centre_space(u)?,
            radius_px: wide(u, (0.0, 300.0), 1e6, (0.0, 1e6))?,
            pull_per_sec: wide(u, (-2.0, 2.0), 1000.0, (-1000.0, 1000.0))?,
        }),
        2 => Force::Attractor(Attractor {
            accel_px_per_sec2: strength(u, (-1000.0, 1000.0), ACCEL)?,
            over_life: maybe_curve(u, -2.0, 2.0)?,
            position: point(u)?,
            space: centre_space(u)?,
            // Above 0 (the limit refuses 0).
            radius_px: wide(u, (1.0, 500.0), 1e6, (0.0, 1e6))?.max(0.01),
            falloff: *u.choose(&[Falloff::Constant, Falloff::Linear, Falloff::Smooth])?,
        }),
        3 => Force::Wind(Wind {
            accel_px_per_sec2: strength(u, (-500.0, 500.0), ACCEL)?,
            // Empty and fixed: the closed-form path; a curve or range: integrated.
            over_life: maybe_curve(u, -2.0, 2.0)?,
            direction_deg: wide(u, (0.0, 360.0), 1e6, (-1e6, 1e6))?,
        }),
        4 => Force::Drag(Drag {
            per_sec: strength(u, (0.0, 5.0), (0.0, 1000.0))?,
            over_life: maybe_curve(u, 0.0, 3.0)?,
        }),
        _ => Force::SpeedLimit(SpeedLimit {
            max_px_per_sec: strength(u, (0.0, 400.0), (0.0, 1e6))?,
            over_life: maybe_curve(u, 0.0, 3.0)?,
        }),
    })
}

/// A force list: empty half the time, else up to [`FEW_FORCES`] (or the document's limit one
/// time in sixteen) of any kinds, in any order.
pub(super) fn forces(u: &mut Unstructured<'_>) -> Result<Vec<Force>> {
    if u.arbitrary()? {
        return Ok(Vec::new());
    }
    let most = if u.ratio(1u8, 16u8)? {
        sp_sim::behaviour::MAX_FORCES as u32
    } else {
        FEW_FORCES
    };
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(1..=most)? {
        out.push(force(u)?);
    }
    Ok(out)
}

/// The over-life group: each curve empty (1) or drawn, extremes included.
pub(super) fn over_life(u: &mut Unstructured<'_>) -> Result<OverLife> {
    if u.arbitrary()? {
        return Ok(OverLife::default());
    }
    let multiplier = |u: &mut Unstructured<'_>| -> Result<Curve> {
        if u.ratio(1u8, 16u8)? {
            maybe_curve(u, -1000.0, 1000.0)
        } else {
            maybe_curve(u, -2.0, 3.0)
        }
    };
    Ok(OverLife {
        speed: multiplier(u)?,
        spin: multiplier(u)?,
        size_x: maybe_curve(u, 0.0, 3.0)?,
        size_y: maybe_curve(u, 0.0, 3.0)?,
        gravity: multiplier(u)?,
    })
}

/// One of the four rotation modes.
pub(super) fn rotation_mode(u: &mut Unstructured<'_>) -> Result<RotationMode> {
    Ok(*u.choose(&[
        RotationMode::Random,
        RotationMode::Fixed,
        RotationMode::InitialDirection,
        RotationMode::Velocity,
    ])?)
}

/// The emission rate multiplier over a cycle: empty (1) or drawn.
pub(super) fn rate_curve(u: &mut Unstructured<'_>) -> Result<Curve> {
    maybe_curve(u, 0.0, 3.0)
}

/// Any of the six emitter shapes, edge bands included (never wider than the shape).
pub(super) fn emitter(u: &mut Unstructured<'_>) -> Result<EmitterShape> {
    let edge = |u: &mut Unstructured<'_>, limit: f32| -> Result<(bool, f32)> {
        let edge: bool = u.arbitrary()?;
        let band = if edge && u.arbitrary()? {
            float(u, 0.0, limit)?
        } else {
            0.0
        };
        Ok((edge, band))
    };
    Ok(match u.int_in_range(0..=5)? {
        0 => EmitterShape::Point,
        1 => {
            let radius = float(u, 0.0, 200.0)?;
            let (edge, thickness_px) = edge(u, radius)?;
            EmitterShape::Circle {
                radius,
                edge,
                thickness_px,
            }
        }
        2 => {
            let width = float(u, 0.0, 300.0)?;
            let height = float(u, 0.0, 300.0)?;
            let (edge, thickness_px) = edge(u, 0.5 * width.min(height))?;
            EmitterShape::Rect {
                width,
                height,
                edge,
                thickness_px,
            }
        }
        3 => EmitterShape::Line {
            length: float(u, 0.0, 300.0)?,
        },
        4 => {
            let radius = float(u, 0.0, 200.0)?;
            EmitterShape::Arc {
                radius,
                start_deg: wide(u, (-360.0, 360.0), 1e6, (-1e6, 1e6))?,
                span_deg: float(u, 0.0, 360.0)?,
                thickness_px: float(u, 0.0, radius)?,
            }
        }
        _ => {
            let width = float(u, 0.0, 300.0)?;
            let height = float(u, 0.0, 300.0)?;
            let half = 0.5 * width.min(height);
            EmitterShape::RoundedRect {
                width,
                height,
                corner_radius_px: float(u, 0.0, half)?,
                edge: u.arbitrary()?,
                thickness_px: float(u, 0.0, half)?,
            }
        }
    })
}

/// Up to three bursts within (and past) the duration: single ones, repeats every
/// `intervalSecs`, a fixed number of cycles.
pub(super) fn bursts(u: &mut Unstructured<'_>, duration_secs: f32) -> Result<Vec<Burst>> {
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        let repeat: bool = u.arbitrary()?;
        out.push(Burst {
            time_secs: float(u, 0.0, duration_secs + 0.5)?,
            count: u.int_in_range(0..=20)?,
            // At most ~60 firings per cycle (far under the limit of 10,000).
            interval_secs: if repeat {
                float(u, 0.01, duration_secs.max(0.01))?.max(0.01)
            } else {
                0.0
            },
            cycles: if repeat { u.int_in_range(0..=4)? } else { 0 },
        });
    }
    Ok(out)
}
