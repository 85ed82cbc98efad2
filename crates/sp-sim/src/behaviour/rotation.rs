//! Start rotation modes: how a particle's rotation starts and whether it follows its motion.
//!
//! With `r` the `startRotationDeg` draw (`lerp(u₅)`), `ω` the spin and `φ(a)` the direction of
//! motion at age `a` (degrees clockwise, unwrapped):
//! - `random` (default, as before): rotation `= r + spin`;
//! - `fixed`: `startRotationDeg.min + spin` (the draw is still taken, so others do not move);
//! - `initialDirection`: `r + φ(0) + spin` (pointing where it was launched, then spinning);
//! - `velocity`: `r + φ(a) + spin` (turning with the motion: sparks, rain, leaves). The older
//!   field `alignToVelocity: true` means this mode and keeps loading.
//!
//! Channel: rotate.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;

/// The start rotation mode (see the module formula).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum RotationMode {
    /// A random start rotation from `startRotationDeg`.
    #[default]
    Random,
    /// Always `startRotationDeg.min`.
    Fixed,
    /// Turned to the launch direction (plus the start rotation).
    InitialDirection,
    /// Turned with the direction of motion all life long (plus the start rotation).
    Velocity,
}

impl RotationMode {
    /// Export channels.
    pub const CHANNELS: &'static [Channel] = &[Channel::Rotate];

    /// True when the mode is the default (the field is then left out of saved documents).
    pub fn is_default(&self) -> bool {
        *self == RotationMode::Random
    }
}
