//! All systems of a scene on one clock: system `i` of the simulation is system `i` of the scene
//! (visible and hidden alike), and every system's time equals the scene time. Each system meets
//! the scene's colliders and path that act on it ([`super::env`]).

use super::env::SystemEnv;
use super::follow::FollowTracks;
use super::system::SystemSim;
use crate::document::Scene;

/// The simulation of a whole scene.
#[derive(Clone, Debug)]
pub struct SceneSim {
    systems: Vec<SystemSim>,
    time_secs: f64,
}

impl SceneSim {
    /// A simulation of every system of `scene`, at time 0.
    pub fn new(scene: &Scene) -> SceneSim {
        SceneSim {
            systems: scene
                .systems
                .iter()
                .map(|s| {
                    SystemSim::with_env(s, scene.substeps_per_sec, SystemEnv::resolve(scene, s))
                })
                .collect(),
            time_secs: 0.0,
        }
    }

    /// A simulation of `scene` whose following systems follow their bones in `tracks` (a
    /// system whose target has no track uses its own transform).
    pub fn with_follow(scene: &Scene, tracks: &FollowTracks) -> SceneSim {
        let mut sim = SceneSim::new(scene);
        sim.set_follow_tracks(tracks);
        sim
    }

    /// Re-resolves every system's follow target against `tracks` (time unchanged; births
    /// already made keep where they were made).
    pub fn set_follow_tracks(&mut self, tracks: &FollowTracks) {
        for s in &mut self.systems {
            let follow = tracks.resolve(s.system());
            s.set_follow(follow);
        }
    }

    /// Back to time 0 with nothing born.
    pub fn reset(&mut self) {
        for s in &mut self.systems {
            s.reset();
        }
        self.time_secs = 0.0;
    }

    /// Advances every system by `dt_secs` (negative or NaN counts as 0); exact for any step.
    pub fn advance(&mut self, dt_secs: f64) {
        let dt = if dt_secs > 0.0 { dt_secs } else { 0.0 };
        self.advance_to(self.time_secs + dt);
    }

    /// Advances every system to scene time `t_secs` (no-op if that is in the past).
    pub fn advance_to(&mut self, t_secs: f64) {
        if t_secs.is_nan() || t_secs < self.time_secs {
            return;
        }
        for s in &mut self.systems {
            s.advance_to_quiet(t_secs);
        }
        self.time_secs = t_secs;
    }

    /// Exact seek: reset, then one step to `time_secs`.
    pub fn seek(&mut self, time_secs: f64) {
        self.reset();
        self.advance_to(time_secs);
    }

    /// Scene time, seconds.
    pub fn time_secs(&self) -> f64 {
        self.time_secs
    }

    /// The systems, in scene order.
    pub fn systems(&self) -> &[SystemSim] {
        &self.systems
    }

    /// Mutable access to the systems (to move an emitter or stop emission).
    pub fn systems_mut(&mut self) -> &mut [SystemSim] {
        &mut self.systems
    }

    /// Particles alive in all systems.
    pub fn live_particles(&self) -> usize {
        self.systems.iter().map(|s| s.particles().len()).sum()
    }
}
