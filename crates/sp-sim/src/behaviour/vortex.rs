//! Vortex: particles swirl around a centre (a velocity field added to the particle's own
//! velocity, so a particle in a pure vortex keeps its radius).
//!
//! With `d = p − c` (`c` the centre in particle space), `r = |d|`, `ω = W·m(u)` (`W` the
//! particle's `spinDegPerSec` draw in radians per second, `m(u)` the `overLife` multiplier) and
//! the falloff `g(r) = 1` for `r ≤ R` or `R = 0`, `g(r) = (R/r)²` beyond `R` = `radiusPx` (a
//! Rankine vortex: rigid rotation inside, tangential speed `ω·R²/r` outside), the particle's
//! position moves by `p' += ω·g(r)·(−d.y, d.x) − k·g(r)·d` where `k` = `pullPerSec` (an inward
//! pull: inside `R` the radius shrinks as `e^{−k·t}`, so it never reaches the centre). Positive
//! `W` turns clockwise on screen (y down). The tangential part is divergence-free inside `R`
//! only as a rotation; its flow is a circle, which the integrator must keep (tests).
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CentreSpace, Channel};
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, num, range};
use crate::document::{Curve, Range};
use crate::sim::pair::F64x2;

/// Fastest spin, degrees per second.
pub const MAX_SPIN_DEG_PER_SEC: f32 = 100_000.0;
/// Strongest inward pull, per second.
pub const MAX_PULL_PER_SEC: f32 = 1000.0;

/// A vortex (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Vortex {
    /// Angular speed inside the falloff radius, degrees per second clockwise, drawn per
    /// particle.
    pub spin_deg_per_sec: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
    /// Centre, pixels (y down), in `space`.
    pub center: [f32; 2],
    /// Space of `center`: the system's (moves with the emitter) or the scene's.
    pub space: CentreSpace,
    /// Radius of rigid rotation; beyond it the swirl weakens as `(R/r)²` (0: rigid everywhere).
    pub radius_px: f32,
    /// Inward pull, fraction of the radius per second.
    pub pull_per_sec: f32,
}

impl Default for Vortex {
    fn default() -> Self {
        Vortex {
            spin_deg_per_sec: Range::fixed(90.0),
            over_life: Curve { keys: Vec::new() },
            center: [0.0, 0.0],
            space: CentreSpace::System,
            radius_px: 150.0,
            pull_per_sec: 0.0,
        }
    }
}

impl Vortex {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(
            &format!("{p}.spinDegPerSec"),
            self.spin_deg_per_sec,
            &f::VORTEX_SPIN,
        )?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::VORTEX_OVER_LIFE,
        )?;
        num(
            &format!("{p}.center[0]"),
            self.center[0],
            &f::VORTEX_CENTER_X,
        )?;
        num(
            &format!("{p}.center[1]"),
            self.center[1],
            &f::VORTEX_CENTER_Y,
        )?;
        num(&format!("{p}.radiusPx"), self.radius_px, &f::VORTEX_RADIUS)?;
        num(
            &format!("{p}.pullPerSec"),
            self.pull_per_sec,
            &f::VORTEX_PULL,
        )
    }
}

/// A vortex prepared for evaluation (centre already in particle space).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct VortexField {
    pub(crate) center: [f64; 2],
    radius_sq: f64,
    pull: f64,
}

impl VortexField {
    pub(crate) fn new(v: &Vortex, center: [f64; 2]) -> VortexField {
        let r = f64::from(v.radius_px.max(0.0));
        VortexField {
            center,
            radius_sq: r * r,
            pull: f64::from(v.pull_per_sec),
        }
    }

    /// Velocity at `(x, y)` about the centre `c` (the field's `center`, or where a followed
    /// bone carried it) for angular speed `omega` (radians per second).
    #[inline(always)]
    pub(crate) fn velocity_about(&self, c: [f64; 2], x: f64, y: f64, omega: f64) -> [f64; 2] {
        let (dx, dy) = (x - c[0], y - c[1]);
        let r2 = dx * dx + dy * dy;
        let g = if self.radius_sq <= 0.0 || r2 <= self.radius_sq {
            1.0
        } else {
            self.radius_sq / r2
        };
        let (w, k) = (omega * g, self.pull * g);
        [-w * dy - k * dx, w * dx - k * dy]
    }

    /// [`VortexField::velocity_about`] of two particles at once, one per lane (the same
    /// operations lane by lane, so the same bits): centres `(cx, cy)`, positions `(x, y)`.
    #[inline(always)]
    pub(crate) fn velocity_about_lanes(
        &self,
        [cx, cy]: [F64x2; 2],
        x: F64x2,
        y: F64x2,
        omega: F64x2,
    ) -> [F64x2; 2] {
        let (dx, dy) = (x.sub(cx), y.sub(cy));
        let r2 = dx.mul(dx).add(dy.mul(dy));
        let one = F64x2::splat(1.0);
        let g = if self.radius_sq <= 0.0 {
            one
        } else {
            let radius_sq = F64x2::splat(self.radius_sq);
            r2.le(radius_sq).select(one, radius_sq.div(r2))
        };
        let (w, k) = (omega.mul(g), F64x2::splat(self.pull).mul(g));
        [w.neg().mul(dy).sub(k.mul(dx)), w.mul(dx).sub(k.mul(dy))]
    }
}
