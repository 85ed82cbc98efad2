//! Speed limit: the particle's own speed is clamped after every grid step.
//!
//! After each step of the integrator (and after the fractional step of a sample),
//! `v ← v·min(1, L/|v|)` with `L = S·m(u)`, `S` the particle's `maxPxPerSec` draw and `m(u)` the
//! `overLife` multiplier at the end of the step. Because the clamp happens on the particle's own
//! age grid, it is the same at every frame rate. Velocity fields (vortex) are not limited.
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, range};
use crate::document::{Curve, Range};

/// A speed limit (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct SpeedLimit {
    /// Highest speed, px/s, drawn per particle.
    pub max_px_per_sec: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
}

impl Default for SpeedLimit {
    fn default() -> Self {
        SpeedLimit {
            max_px_per_sec: Range::fixed(200.0),
            over_life: Curve { keys: Vec::new() },
        }
    }
}

impl SpeedLimit {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(
            &format!("{p}.maxPxPerSec"),
            self.max_px_per_sec,
            &f::SPEED_LIMIT_MAX,
        )?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::SPEED_LIMIT_OVER_LIFE,
        )
    }
}
