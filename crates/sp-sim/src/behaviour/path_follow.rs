//! Path following: a system's emitter, or each of its particles, travels a path of the scene
//! ([`crate::document::PathObject`], named by `path`; geometry in [`crate::sim::path_geom`],
//! motion in [`crate::sim::path_motion`]).
//!
//! Distance along the path: `d = v·τ`, with `v = speedPxPerSec` (`timing: speed`) or
//! `v = L / T` (`timing: time`, `L` the path's length, `T = travelSecs`, or when that is 0 the
//! system's `durationSecs` for the emitter and each particle's lifetime for particles). The
//! position on the path is `s = s₀ + d` wrapped by `repeat`: `once` stops at the end (a closed
//! path after one lap), `loop` starts over (a closed path goes round), `pingPong` goes back and
//! forth (a triangle wave of period `2L`).
//!
//! - `mode: emitter`: the system's origin is at `P(s)`, `τ` = scene time since the system's
//!   `delaySecs`, `s₀ = 0`; with `orient` its rotation gets the path's direction of travel
//!   `θ(s)` added. Local-space particles move with it; World-space particles keep where they
//!   were born (§10.3: born particles never inherit later path motion).
//! - `mode: particles`: each particle travels the path over its life instead of its own motion
//!   (velocity, gravity and forces do not move it): `τ` = its age, with the speed curve
//!   `overLife.speed` as `d = v·L_life·∫₀ᵘ speed`. It starts (`s₀`) at the path's start
//!   (`start: pathStart`, keeping its offset from the emitter's origin) or at the path point
//!   nearest its birth position (`start: nearest`, keeping its offset from that point), the
//!   offset `(d_t, d_n)` measured along the path's tangent and normal at `s₀`: position
//!   `P(s) + d_t·T(s) + d_n·N(s)`. With `orient` its rotation gets `θ(s)` added. The over-life
//!   curves (scale, size, spin, colour, alpha) still apply.
//!
//! A path that does not exist, or has no length, leaves the system at the path's point (or its
//! own transform when missing). Channels: translate and rotate (of the system bone in Local
//! emitter mode, of the particle bones otherwise).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{num, text};

/// Fastest travel along a path, pixels per second.
pub const MAX_PATH_SPEED_PX_PER_SEC: f32 = 1_000_000.0;

/// What travels the path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PathFollowMode {
    /// The system's origin (emitter on path).
    #[default]
    Emitter,
    /// Each particle over its life (particles on path).
    Particles,
}

/// How the travel speed is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PathTiming {
    /// One pass of the path takes `travelSecs` (0: the system's duration, or each particle's
    /// life).
    #[default]
    Time,
    /// `speedPxPerSec` along the path.
    Speed,
}

/// What happens at the path's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PathRepeat {
    /// Stop at the end (a closed path: after one lap).
    #[default]
    Once,
    /// Start over (a closed path goes round and round).
    Loop,
    /// Back and forth.
    PingPong,
}

/// Where a particle starts on the path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PathStart {
    /// At the path's start, offset as it was from the emitter's origin.
    #[default]
    PathStart,
    /// At the path point nearest its birth position.
    Nearest,
}

/// A system's path following (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct PathFollow {
    /// Emitter on path, or particles on path.
    pub mode: PathFollowMode,
    /// Name of the path (`paths[].name`).
    pub path: String,
    /// Travel time or speed.
    pub timing: PathTiming,
    /// Seconds for one pass (`timing: time`; 0: the system's duration or each particle's life).
    pub travel_secs: f32,
    /// Speed along the path (`timing: speed`), pixels per second.
    pub speed_px_per_sec: f32,
    /// What happens at the end.
    pub repeat: PathRepeat,
    /// Add the path's direction of travel to the rotation.
    pub orient: bool,
    /// Where particles start (`mode: particles`).
    pub start: PathStart,
}

impl Default for PathFollow {
    fn default() -> Self {
        PathFollow {
            mode: PathFollowMode::Emitter,
            path: String::new(),
            timing: PathTiming::Time,
            travel_secs: 0.0,
            speed_px_per_sec: 200.0,
            repeat: PathRepeat::Once,
            orient: false,
            start: PathStart::PathStart,
        }
    }
}

impl PathFollow {
    /// Export channels path following moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate, Channel::Rotate];

    /// Checks the limits; `p` is the JSON path (`systems[i].pathFollow`).
    pub fn validate(&self, p: &str) -> Result<()> {
        text(&format!("{p}.path"), &self.path, &f::PATH_FOLLOW_PATH)?;
        num(
            &format!("{p}.travelSecs"),
            self.travel_secs,
            &f::PATH_FOLLOW_TRAVEL,
        )?;
        num(
            &format!("{p}.speedPxPerSec"),
            self.speed_px_per_sec,
            &f::PATH_FOLLOW_SPEED,
        )
    }
}
