//! Drag per second: the particle's own velocity decays at a rate independent of the frame rate.
//!
//! `v' = −D·m(u)·v` with `D` the particle's `perSec` draw and `m(u)` the `overLife` multiplier:
//! with a constant `D` the speed falls as `e^{−D·t}` (half-life `ln 2 / D`), whatever the preview
//! or export frame rate. With a fixed strength (`min = max`) and no over-life curve it has the
//! closed form of the system's `damping` (it is added to it), so such a system stays on the exact
//! closed-form path.
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, range};
use crate::document::{Curve, Range};

/// Strongest drag, per second.
pub const MAX_PER_SEC: f32 = 1000.0;

/// Drag (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Drag {
    /// Decay rate of the velocity, per second, drawn per particle.
    pub per_sec: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
}

impl Default for Drag {
    fn default() -> Self {
        Drag {
            per_sec: Range::fixed(1.0),
            over_life: Curve { keys: Vec::new() },
        }
    }
}

impl Drag {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(&format!("{p}.perSec"), self.per_sec, &f::DRAG_RATE)?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::DRAG_OVER_LIFE,
        )
    }

    /// True when it is one constant rate for every particle (closed form).
    pub fn is_constant(&self) -> bool {
        self.per_sec.min == self.per_sec.max && self.over_life.is_constant(1.0)
    }
}
