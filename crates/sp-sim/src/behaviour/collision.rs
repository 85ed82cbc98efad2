//! Collision response: what a system's particles do when they meet a collider
//! ([`crate::document::Collider`]; the swept test and the step are [`crate::sim::contact`]).
//!
//! A particle is a point, or a disc of `radiusPx` (its centre is kept that far from every
//! wall). Impacts are found inside each step of the particle's age grid
//! ([`crate::sim::integrate`]) by solving for the exact crossing time, so they do not depend on
//! the frame rate and nothing passes through a wall at any speed. At an impact with wall normal
//! `n` (towards the particle), velocity `v = v_t + v_n·n`, incoming normal speed `w = −v_n > 0`:
//!
//! - `bounce`: `v' = v_t' + e·w·n` with restitution `e`; friction `μ` takes the Coulomb impulse
//!   off the tangential speed, `|v_t'| = max(|v_t| − μ·(1 + e)·w, 0)` (same direction). A
//!   rebound slower than [`REST_SPEED_PX_PER_SEC`] is dropped (`e·w → 0`): the particle comes to
//!   rest on the wall and slides along it, its inward speed removed every step with the same
//!   Coulomb friction (`μ·|Δv_n|` off the tangential speed), so it does not hop forever.
//! - `stop`: the particle sticks where it hits (`v = 0`) for the rest of its life.
//! - `pause`: it stays at the contact for `pauseSecs`, then continues with the bounced `v'`.
//! - `destroy`: it dies at the impact (its slot is free again, the export hides it from that
//!   frame on like any death).
//! - `none`: colliders do not affect the system.
//!
//! Every impact (and the end of a pause) is an event the exporter forces keys around (§10.2,
//! §12.4). Channels: translate, rotate (a particle turned with its motion turns at a bounce) and
//! attachment (a destroyed particle is hidden).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Channel;
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::num;

/// Largest collision radius of a particle, pixels.
pub const MAX_RADIUS_PX: f32 = 1000.0;
/// Longest pause at an impact, seconds.
pub const MAX_PAUSE_SECS: f32 = 60.0;
/// A rebound slower than this (px/s) is dropped: the particle rests on the wall (see the
/// module formula). 15 px/s under a gravity of 1000 px/s² would rise 0.11 px.
pub const REST_SPEED_PX_PER_SEC: f64 = 15.0;

/// What a particle does at a collider.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum CollisionResponse {
    /// Colliders do not affect the system.
    None,
    /// Rebound with restitution and friction.
    #[default]
    Bounce,
    /// Stick where it hits.
    Stop,
    /// Stay for `pauseSecs`, then continue with the rebound velocity.
    Pause,
    /// Die at the impact.
    Destroy,
}

/// A system's collision response (see the module formula).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Collision {
    /// What happens at an impact.
    pub response: CollisionResponse,
    /// Share of the normal speed kept by a rebound, 0..1.
    pub restitution: f32,
    /// Coulomb friction along the wall, 0..1.
    pub friction: f32,
    /// Seconds a `pause` lasts.
    pub pause_secs: f32,
    /// The particle's collision radius, pixels (0: a point).
    pub radius_px: f32,
}

impl Default for Collision {
    fn default() -> Self {
        Collision {
            response: CollisionResponse::Bounce,
            restitution: 0.5,
            friction: 0.2,
            pause_secs: 0.5,
            radius_px: 0.0,
        }
    }
}

impl Collision {
    /// Export channels this response moves.
    pub const CHANNELS: &'static [Channel] =
        &[Channel::Translate, Channel::Rotate, Channel::Attachment];

    /// True for the default (documents leave it out).
    pub fn is_default(&self) -> bool {
        *self == Collision::default()
    }

    /// Checks the limits; `p` is the JSON path (`systems[i].collision`).
    pub fn validate(&self, p: &str) -> Result<()> {
        num(
            &format!("{p}.restitution"),
            self.restitution,
            &f::COLLISION_RESTITUTION,
        )?;
        num(
            &format!("{p}.friction"),
            self.friction,
            &f::COLLISION_FRICTION,
        )?;
        num(
            &format!("{p}.pauseSecs"),
            self.pause_secs,
            &f::COLLISION_PAUSE,
        )?;
        num(
            &format!("{p}.radiusPx"),
            self.radius_px,
            &f::COLLISION_RADIUS,
        )
    }
}
