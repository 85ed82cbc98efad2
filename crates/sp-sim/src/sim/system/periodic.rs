//! A loop-continuous system played as its periodic emitter ([`crate::sim::looping`]): the
//! system's particles at time `t` are the copies of its loop set alive at `t`, evaluated from
//! their births, so a seek in either direction is exact and costs one evaluation per copy shown.

use super::SystemSim;
use crate::document::ParticleSystem;
use crate::sim::env::SystemEnv;
use crate::sim::follow::Follow;
use crate::sim::looping::{LoopPlan, LoopSet};

/// The periodic emitter a loop-continuous system plays, and where its emission stops.
#[derive(Clone, Debug)]
pub(super) struct Periodic {
    pub(super) set: LoopSet,
    /// Emission stopped at this frame position of the loop plan's frame rate (`None`: never).
    pub(super) stop_frame: Option<f64>,
    /// Most copies shown at once so far.
    pub(super) high_water: u32,
}

impl SystemSim {
    /// A loop-continuous `system` played as its periodic emitter under `plan`
    /// ([`crate::sim::looping`]): the loop set is recorded from the real simulation (following
    /// `follow`), and the system then shows, at time `t`, the copies of the loop set alive at
    /// `t` (its virtual time: see [`crate::sim::looping::SceneTimeline`] for the scene's mapping).
    /// The colliders and path of `env` act on the lives as in [`SystemSim::with_env`].
    /// Seeking is exact and cheap in both directions; no events are reported.
    pub fn periodic(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        follow: Option<Follow>,
        env: SystemEnv,
        plan: LoopPlan,
    ) -> SystemSim {
        let set = LoopSet::record_in(system, substeps_per_sec, follow.as_ref(), env.clone(), plan);
        let mut sim = SystemSim::with_env(system, substeps_per_sec, env);
        sim.set_follow(follow);
        sim.periodic = Some(Box::new(Periodic {
            set,
            stop_frame: None,
            high_water: 0,
        }));
        sim.show_periodic(0.0);
        sim
    }

    /// The loop set this system plays, when it plays one ([`SystemSim::periodic`]).
    pub fn loop_set(&self) -> Option<&LoopSet> {
        self.periodic.as_ref().map(|p| &p.set)
    }

    /// A periodic system: stops its emission at frame position `frame` of its plan's frame
    /// rate (copies born after it are not shown; `None`: emission never stops). No effect on
    /// other systems.
    pub fn set_loop_stop(&mut self, frame: Option<f64>) {
        if let Some(p) = self.periodic.as_mut() {
            p.stop_frame = frame;
        }
    }

    /// Shows the periodic emitter at time `t_secs` (see [`SystemSim::periodic`]).
    pub(super) fn show_periodic(&mut self, t_secs: f64) {
        let Some(p) = self.periodic.as_mut() else {
            return;
        };
        let t = if t_secs > 0.0 { t_secs } else { 0.0 };
        p.set
            .show(p.set.frame_position(t), p.stop_frame, &mut self.particles);
        self.head = 0;
        p.high_water = p.high_water.max(self.particles.len() as u32);
        self.time_secs = t;
    }
}
