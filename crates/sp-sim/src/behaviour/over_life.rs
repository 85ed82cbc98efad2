//! Over-life curves beyond scale, colour and alpha: one group of multipliers of the particle's
//! normalised life `u = age / lifetime`, each empty (= 1 everywhere) by default.
//!
//! - `speed`: `p' = speed(u)·(v + velocity fields)` — scales how fast the particle moves
//!   without changing its velocity state (channels: translate);
//! - `spin`: rotation `= r₀ + ω·∫₀ᵃ spin(age/L) d(age) = r₀ + ω·L·I(u)`, `I` the exact integral
//!   of the curve ([`crate::document::Curve::integral`]), so spin stays exact at any frame rate
//!   and costs no integration (channel: rotate);
//! - `sizeX`, `sizeY`: `scale = s₀·scaleCurve(u)·(sizeX(u), sizeY(u))` (channel: scale);
//! - `gravity`: gravity `g·gravity(u)` (channels: translate).
//!
//! A non-empty `speed` or `gravity` curve puts the system on the integrated path
//! ([`crate::sim::integrate`]); `spin` and `size` never do.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::Curve;
use crate::document::schema::fields as f;
use crate::document::validate::curve;

/// Largest speed, spin or gravity multiplier.
pub const MAX_MULTIPLIER: f32 = 1000.0;

/// The over-life multiplier curves (see the module formula).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct OverLife {
    /// Speed multiplier (empty: 1).
    #[serde(skip_serializing_if = "is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub speed: Curve,
    /// Spin multiplier (empty: 1).
    #[serde(skip_serializing_if = "is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub spin: Curve,
    /// Horizontal size multiplier, on top of `scaleCurve` (empty: 1).
    #[serde(skip_serializing_if = "is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub size_x: Curve,
    /// Vertical size multiplier, on top of `scaleCurve` (empty: 1).
    #[serde(skip_serializing_if = "is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub size_y: Curve,
    /// Gravity multiplier (empty: 1).
    #[serde(skip_serializing_if = "is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub gravity: Curve,
}

fn is_empty(c: &Curve) -> bool {
    c.keys.is_empty()
}

impl OverLife {
    /// Export channels of each curve: `speed` and `gravity` translate, `spin` rotate, sizes scale.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate, Channel::Rotate, Channel::Scale];

    /// True when every curve is empty.
    pub fn is_empty(&self) -> bool {
        [
            &self.speed,
            &self.spin,
            &self.size_x,
            &self.size_y,
            &self.gravity,
        ]
        .iter()
        .all(|c| c.keys.is_empty())
    }

    /// True when motion needs integration (a speed or gravity curve other than 1).
    pub fn moves_particles(&self) -> bool {
        !self.speed.is_constant(1.0) || !self.gravity.is_constant(1.0)
    }

    /// Checks the limits; `p` is the JSON path of the group.
    pub fn validate(&self, p: &str) -> Result<()> {
        curve(&format!("{p}.speed"), &self.speed, &f::OVER_LIFE_SPEED)?;
        curve(&format!("{p}.spin"), &self.spin, &f::OVER_LIFE_SPIN)?;
        curve(&format!("{p}.sizeX"), &self.size_x, &f::OVER_LIFE_SIZE_X)?;
        curve(&format!("{p}.sizeY"), &self.size_y, &f::OVER_LIFE_SIZE_Y)?;
        curve(
            &format!("{p}.gravity"),
            &self.gravity,
            &f::OVER_LIFE_GRAVITY,
        )
    }
}
