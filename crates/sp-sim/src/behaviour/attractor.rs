//! Point attractor (or repulsor): an acceleration toward a point that fades with distance.
//!
//! With `d = c − p` (`c` the point in particle space), `r = |d|` and `R` = `radiusPx`:
//! `a = A·m(u)·f(r)·d/√(r² + 1)` where `A` is the particle's `accelPxPerSec2` draw (negative
//! repels), `m(u)` the `overLife` multiplier and the falloff `f` is, for `r < R` (0 beyond):
//! `constant` 1, `linear` `1 − r/R`, `smooth` `(1 − (r/R)²)²`. The `+1` (px²) softens the
//! direction at the centre, where a particle would otherwise flip direction every step.
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{CentreSpace, Channel};
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, num, positive, range};
use crate::document::{Curve, Range};
use crate::sim::pair::F64x2;

/// Largest acceleration, px/s².
pub const MAX_ACCEL_PX_PER_SEC2: f32 = 100_000.0;

/// How an attractor's pull fades with distance (see the module formula).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Falloff {
    /// Full strength up to the radius.
    Constant,
    /// `1 − r/R`.
    #[default]
    Linear,
    /// `(1 − (r/R)²)²`: flat at the centre, soft at the edge.
    Smooth,
}

/// A point attractor (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Attractor {
    /// Acceleration toward the point at full strength, px/s², drawn per particle (negative:
    /// repels).
    pub accel_px_per_sec2: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
    /// The point, pixels (y down), in `space`.
    pub position: [f32; 2],
    /// Space of `position`.
    pub space: CentreSpace,
    /// Reach: no pull from this distance on (pixels, above 0).
    pub radius_px: f32,
    /// How the pull fades toward the radius.
    pub falloff: Falloff,
}

impl Default for Attractor {
    fn default() -> Self {
        Attractor {
            accel_px_per_sec2: Range::fixed(300.0),
            over_life: Curve { keys: Vec::new() },
            position: [0.0, 0.0],
            space: CentreSpace::System,
            radius_px: 300.0,
            falloff: Falloff::Linear,
        }
    }
}

impl Attractor {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(
            &format!("{p}.accelPxPerSec2"),
            self.accel_px_per_sec2,
            &f::ATTRACTOR_ACCEL,
        )?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::ATTRACTOR_OVER_LIFE,
        )?;
        num(
            &format!("{p}.position[0]"),
            self.position[0],
            &f::ATTRACTOR_X,
        )?;
        num(
            &format!("{p}.position[1]"),
            self.position[1],
            &f::ATTRACTOR_Y,
        )?;
        let radius = format!("{p}.radiusPx");
        num(&radius, self.radius_px, &f::ATTRACTOR_RADIUS)?;
        positive(&radius, self.radius_px, &f::ATTRACTOR_RADIUS, " px")
    }
}

/// An attractor prepared for evaluation (point already in particle space).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct AttractorField {
    pub(crate) center: [f64; 2],
    radius: f64,
    inv_radius: f64,
    falloff: Falloff,
}

impl AttractorField {
    pub(crate) fn new(a: &Attractor, center: [f64; 2]) -> AttractorField {
        let radius = f64::from(a.radius_px.max(f32::MIN_POSITIVE));
        AttractorField {
            center,
            radius,
            inv_radius: 1.0 / radius,
            falloff: a.falloff,
        }
    }

    /// Acceleration at `(x, y)` per unit strength toward the point `c` (the field's `center`, or
    /// where a followed bone carried it).
    #[inline(always)]
    pub(crate) fn unit_accel_about(&self, c: [f64; 2], x: f64, y: f64) -> [f64; 2] {
        let (dx, dy) = (c[0] - x, c[1] - y);
        let r2 = dx * dx + dy * dy;
        let r = r2.sqrt();
        if r >= self.radius {
            return [0.0, 0.0];
        }
        let f = match self.falloff {
            Falloff::Constant => 1.0,
            Falloff::Linear => 1.0 - r * self.inv_radius,
            Falloff::Smooth => {
                let q = 1.0 - r2 * self.inv_radius * self.inv_radius;
                q * q
            }
        };
        let s = f / (r2 + 1.0).sqrt();
        [dx * s, dy * s]
    }

    /// [`AttractorField::unit_accel_about`] of two particles at once, one per lane (the same
    /// operations lane by lane, the lanes out of reach selected to `+0`: the same bits):
    /// centres `(cx, cy)`, positions `(x, y)`.
    #[inline(always)]
    pub(crate) fn unit_accel_about_lanes(
        &self,
        [cx, cy]: [F64x2; 2],
        x: F64x2,
        y: F64x2,
    ) -> [F64x2; 2] {
        let (dx, dy) = (cx.sub(x), cy.sub(y));
        let r2 = dx.mul(dx).add(dy.mul(dy));
        let r = r2.sqrt();
        let one = F64x2::splat(1.0);
        let inv = F64x2::splat(self.inv_radius);
        let f = match self.falloff {
            Falloff::Constant => one,
            Falloff::Linear => one.sub(r.mul(inv)),
            Falloff::Smooth => {
                let q = one.sub(r2.mul(inv).mul(inv));
                q.mul(q)
            }
        };
        let s = f.div(r2.add(one).sqrt());
        let out = r.ge(F64x2::splat(self.radius));
        let zero = F64x2::splat(0.0);
        [out.select(zero, dx.mul(s)), out.select(zero, dy.mul(s))]
    }
}
