//! Wind: a constant acceleration in a direction, separate from gravity.
//!
//! `a = A·m(u)·(cos θ, sin θ)` with `A` the particle's `accelPxPerSec2` draw, `m(u)` the
//! `overLife` multiplier and `θ` = `directionDeg` (clockwise from +x, y down: 0 blows right,
//! 90 down). With a fixed strength (`min = max`) and no over-life curve it has the closed form
//! of gravity (it is added to it), so such a system stays on the exact closed-form path.
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, num, range};
use crate::document::{Curve, Range};

/// Largest acceleration, px/s².
pub const MAX_ACCEL_PX_PER_SEC2: f32 = 100_000.0;

/// Wind (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Wind {
    /// Acceleration, px/s², drawn per particle.
    pub accel_px_per_sec2: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
    /// Direction the wind blows to, degrees clockwise from +x.
    pub direction_deg: f32,
}

impl Default for Wind {
    fn default() -> Self {
        Wind {
            accel_px_per_sec2: Range::fixed(60.0),
            over_life: Curve { keys: Vec::new() },
            direction_deg: 0.0,
        }
    }
}

impl Wind {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(
            &format!("{p}.accelPxPerSec2"),
            self.accel_px_per_sec2,
            &f::WIND_ACCEL,
        )?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::WIND_OVER_LIFE,
        )?;
        num(
            &format!("{p}.directionDeg"),
            self.direction_deg,
            &f::WIND_DIRECTION,
        )
    }

    /// The unit direction `(cos θ, sin θ)`.
    pub fn unit(&self) -> [f64; 2] {
        let rad = f64::from(self.direction_deg).to_radians();
        let (sin, cos) = libm::sincos(rad);
        [cos, sin]
    }

    /// True when it is a constant acceleration for every particle (closed form).
    pub fn is_constant(&self) -> bool {
        self.accel_px_per_sec2.min == self.accel_px_per_sec2.max && self.over_life.is_constant(1.0)
    }
}
