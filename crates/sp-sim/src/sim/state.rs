//! Per-particle state beside the public [`Particle`], the system properties the per-particle loop
//! reads, and the evaluation of everything that is a function of age (formulas in
//! [`super::system`]): `u = a·(1/lifetime)`, rotation `r₀ + ω·a` (+ the turn of the velocity
//! since birth when aligned), scale `s₀·scaleCurve(u)`, colour `colorGradient(u)`, alpha
//! `clamp(alphaCurve(u), 0, 1)`, flipbook frame of `a`.

use super::frames::flipbook_frame;
use super::lookup::{CurveEval, GradientEval, clamp};
use super::particle::Particle;
use crate::document::{FlipbookMode, ParticleSystem};

/// Per-particle motion state, parallel to the public [`Particle`] list.
#[derive(Clone, Copy, Debug)]
pub(super) struct Motion {
    pub(super) px: f64,
    pub(super) py: f64,
    pub(super) vx: f64,
    pub(super) vy: f64,
    pub(super) rotation0_deg: f32,
    pub(super) angular_deg_per_sec: f32,
    pub(super) scale0_x: f32,
    pub(super) scale0_y: f32,
    /// Unit initial velocity `(cos, sin)` (align to velocity).
    pub(super) dir0: [f32; 2],
    /// `1 / lifetime` (0 for a zero lifetime), so the normalised life is one multiplication.
    pub(super) inv_lifetime: f32,
    /// Born during the current step: moved from its birth state, not by the step's factors.
    pub(super) fresh: bool,
}

/// Properties of the system read in the per-particle loop, prepared once.
#[derive(Clone, Debug)]
pub(super) struct Prepared {
    pub(super) damping: f64,
    pub(super) gravity: [f64; 2],
    pub(super) scale: CurveEval,
    pub(super) alpha: CurveEval,
    pub(super) color: GradientEval,
    pub(super) texture_count: u16,
    pub(super) flipbook: Option<(FlipbookMode, f32)>,
    pub(super) max_particles: usize,
    pub(super) align: bool,
}

impl Prepared {
    pub(super) fn new(system: &ParticleSystem) -> Prepared {
        let texture_count = u16::try_from(system.textures.len()).unwrap_or(u16::MAX);
        Prepared {
            damping: f64::from(system.damping.max(0.0)),
            gravity: [f64::from(system.gravity[0]), f64::from(system.gravity[1])],
            scale: CurveEval::new(&system.scale_curve, 1.0),
            alpha: CurveEval::new(&system.alpha_curve, 1.0),
            color: GradientEval::new(&system.color_gradient),
            texture_count,
            flipbook: (system.flipbook.enabled && texture_count > 0)
                .then_some((system.flipbook.mode, system.flipbook.fps)),
            max_particles: system.max_particles as usize,
            align: system.align_to_velocity,
        }
    }
}

/// Writes the public state of a particle of age `age` whose motion is already at `t₁`.
#[inline(always)]
pub(super) fn finish(prep: &Prepared, p: &mut Particle, m: &Motion, age: f64) {
    let age32 = age as f32;
    let life = if m.inv_lifetime > 0.0 {
        age32 * m.inv_lifetime
    } else {
        1.0
    };
    let scale = prep.scale.eval(life);
    p.age_secs = age32;
    p.x = m.px as f32;
    p.y = m.py as f32;
    p.rotation_deg = m.rotation0_deg + m.angular_deg_per_sec * age32;
    if prep.align {
        p.rotation_deg += turn_deg(m.dir0, m.vx, m.vy);
    }
    p.scale_x = m.scale0_x * scale;
    p.scale_y = m.scale0_y * scale;
    p.color = prep.color.eval(life);
    p.alpha = clamp(prep.alpha.eval(life), 0.0, 1.0);
    if let Some((mode, fps)) = prep.flipbook {
        (p.texture_index, p.visible) = flipbook_frame(mode, prep.texture_count, fps, age);
    }
}

/// Signed angle in degrees (clockwise, y down) from the unit vector `dir0` to `(vx, vy)`.
#[inline]
fn turn_deg(dir0: [f32; 2], vx: f64, vy: f64) -> f32 {
    let (vx, vy) = (vx as f32, vy as f32);
    let cross = dir0[0] * vy - dir0[1] * vx;
    let dot = dir0[0] * vx + dir0[1] * vy;
    if cross == 0.0 && dot == 0.0 {
        0.0
    } else {
        libm::atan2f(cross, dot).to_degrees()
    }
}
