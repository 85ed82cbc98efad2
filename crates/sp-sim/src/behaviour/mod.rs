//! Behaviour modules: each behaviour is one small typed module with its document fields (serde,
//! camelCase, every field defaulted), its formula in the doc comment, its own validation with
//! named limits, its evaluation, and the export channels it moves.
//!
//! A system's forces are a tagged list, `forces: [{"kind": "turbulence", …}, …]`, applied in
//! order (at most [`MAX_FORCES`]). Every force has a strength range drawn per particle (one
//! uniform draw per force, in list order, after the nine draws every particle takes, so systems
//! without forces draw exactly as before) and an `overLife` multiplier curve. The over-life
//! group ([`OverLife`]) and the start rotation mode ([`RotationMode`]) sit beside them.
//! Emitter shapes and bursts are document types of [`crate::document`] with their formulas in
//! [`crate::sim::emitter`] and [`crate::sim::schedule`].
//!
//! Adding a behaviour: a file here (type, limits, `validate`, `CHANNELS`, its field), a variant
//! of [`Force`] and one arm in the integrator's derivative ([`crate::sim::integrate`]).

pub mod attractor;
pub mod collision;
pub mod drag;
pub mod noise;
pub mod over_life;
pub mod path_follow;
pub mod rotation;
pub mod speed_limit;
pub mod trail;
pub mod turbulence;
pub mod vortex;
pub mod wind;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use attractor::{Attractor, Falloff};
pub use collision::{Collision, CollisionResponse};
pub use drag::Drag;
pub use over_life::OverLife;
pub use path_follow::{PathFollow, PathFollowMode, PathRepeat, PathStart, PathTiming};
pub use rotation::RotationMode;
pub use speed_limit::SpeedLimit;
pub use trail::Trail;
pub use turbulence::Turbulence;
pub use vortex::Vortex;
pub use wind::Wind;

use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::list_len;
use crate::document::{Curve, Range};

/// Most forces per system.
pub const MAX_FORCES: usize = 8;

/// What a behaviour moves in the export: the timelines it can change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Bone translate.
    Translate,
    /// Bone rotate.
    Rotate,
    /// Bone scale.
    Scale,
    /// Slot colour and alpha.
    Rgba,
    /// Slot attachment (image shown).
    Attachment,
}

/// The space a force's centre is given in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum CentreSpace {
    /// The system's local space: the centre moves, turns and scales with the system.
    #[default]
    System,
    /// The scene: the centre stays put when the system moves.
    Scene,
}

/// One force of a system's `forces` list (tagged by `kind`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Force {
    /// Curl-noise turbulence ([`turbulence`]).
    Turbulence(Turbulence),
    /// A swirl around a centre ([`vortex`]).
    Vortex(Vortex),
    /// Pull toward (or push from) a point ([`attractor`]).
    Attractor(Attractor),
    /// Constant acceleration ([`wind`]).
    Wind(Wind),
    /// Velocity decay per second ([`drag`]).
    Drag(Drag),
    /// Speed clamp ([`speed_limit`]).
    SpeedLimit(SpeedLimit),
}

impl Force {
    /// The strength range drawn per particle.
    pub fn strength(&self) -> Range {
        match self {
            Force::Turbulence(f) => f.accel_px_per_sec2,
            Force::Vortex(f) => f.spin_deg_per_sec,
            Force::Attractor(f) => f.accel_px_per_sec2,
            Force::Wind(f) => f.accel_px_per_sec2,
            Force::Drag(f) => f.per_sec,
            Force::SpeedLimit(f) => f.max_px_per_sec,
        }
    }

    /// The over-life multiplier.
    pub fn over_life(&self) -> &Curve {
        match self {
            Force::Turbulence(f) => &f.over_life,
            Force::Vortex(f) => &f.over_life,
            Force::Attractor(f) => &f.over_life,
            Force::Wind(f) => &f.over_life,
            Force::Drag(f) => &f.over_life,
            Force::SpeedLimit(f) => &f.over_life,
        }
    }

    /// Export channels.
    pub fn channels(&self) -> &'static [Channel] {
        match self {
            Force::Turbulence(_) => Turbulence::CHANNELS,
            Force::Vortex(_) => Vortex::CHANNELS,
            Force::Attractor(_) => Attractor::CHANNELS,
            Force::Wind(_) => Wind::CHANNELS,
            Force::Drag(_) => Drag::CHANNELS,
            Force::SpeedLimit(_) => SpeedLimit::CHANNELS,
        }
    }

    /// True when the force keeps the system on the exact closed-form path (a constant wind or
    /// drag, folded into gravity and damping).
    pub fn is_closed_form(&self) -> bool {
        match self {
            Force::Wind(w) => w.is_constant(),
            Force::Drag(d) => d.is_constant(),
            _ => false,
        }
    }

    /// Checks the force's limits; `p` is its JSON path.
    pub fn validate(&self, p: &str) -> Result<()> {
        match self {
            Force::Turbulence(f) => f.validate(p),
            Force::Vortex(f) => f.validate(p),
            Force::Attractor(f) => f.validate(p),
            Force::Wind(f) => f.validate(p),
            Force::Drag(f) => f.validate(p),
            Force::SpeedLimit(f) => f.validate(p),
        }
    }
}

/// Checks a `forces` list at path `p`.
pub fn validate_forces(p: &str, forces: &[Force]) -> Result<()> {
    list_len(p, forces.len(), &f::FORCES, "forces")?;
    for (i, f) in forces.iter().enumerate() {
        f.validate(&format!("{p}[{i}]"))?;
    }
    Ok(())
}
