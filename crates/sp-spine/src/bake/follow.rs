//! The follow target's effective transform (export spec §10.4–10.5).
//!
//! Particles may later follow a path or a bone of a loaded Spine skeleton; that motion is baked
//! into the system's root. Until following exists the effective transform is the identity, and
//! this is the one place the baker asks for it.

use sp_sim::document::{ParticleSystem, Transform2D};

/// Supplies the effective transform of a system's follow target at a time.
pub trait FollowTarget {
    /// The system transform to use at `time_secs` (editor axes): the document's transform
    /// composed with whatever the system follows.
    fn effective_transform(&self, system: &ParticleSystem, time_secs: f64) -> Transform2D;
}

/// No follow: the system stays where the document puts it.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFollow;

impl FollowTarget for NoFollow {
    fn effective_transform(&self, system: &ParticleSystem, _time_secs: f64) -> Transform2D {
        system.transform
    }
}
