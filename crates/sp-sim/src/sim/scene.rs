//! All systems of a scene on the editor's timeline: system `i` of the simulation is system `i`
//! of the scene (visible and hidden alike).
//!
//! [`SceneSim::new`] is what the preview plays and the export holds: a one-shot system is the
//! real simulation at the timeline time `t`; a loop-continuous system is its periodic emitter
//! ([`super::looping`]) at the virtual time the [`SceneTimeline`] maps `t` to (start, the loop
//! repeating, then the end). [`SceneSim::plain`] is the real simulation of every system at `t`
//! (a loop-continuous system emits forever): the source of the loop sets, and what benchmarks and
//! tests of the simulation itself run.

use super::follow::FollowTracks;
use super::looping::{LoopPlan, Played, SceneTimeline, SegmentKind, SystemTime, scene_loop_plans};
use super::system::SystemSim;
use crate::document::Scene;

/// The simulation of a whole scene.
#[derive(Clone, Debug)]
pub struct SceneSim {
    scene: Scene,
    systems: Vec<SystemSim>,
    time_secs: f64,
    /// Loop plans (`None`: one-shot, or everything in a plain simulation).
    plans: Vec<Option<LoopPlan>>,
    timeline: SceneTimeline,
}

impl SceneSim {
    /// The preview's simulation of `scene` at time 0 (see the module docs).
    pub fn new(scene: &Scene) -> SceneSim {
        SceneSim::with_follow(scene, &FollowTracks::new())
    }

    /// [`SceneSim::new`] with following systems on their bones in `tracks` (a system whose
    /// target has no track uses its own transform).
    pub fn with_follow(scene: &Scene, tracks: &FollowTracks) -> SceneSim {
        SceneSim::build(scene, tracks, scene_loop_plans(scene))
    }

    /// The real simulation of every system of `scene` at time 0 (see the module docs).
    pub fn plain(scene: &Scene) -> SceneSim {
        SceneSim::plain_with_follow(scene, &FollowTracks::new())
    }

    /// [`SceneSim::plain`] following the bones of `tracks`.
    pub fn plain_with_follow(scene: &Scene, tracks: &FollowTracks) -> SceneSim {
        SceneSim::build(scene, tracks, vec![None; scene.systems.len()])
    }

    fn build(scene: &Scene, tracks: &FollowTracks, plans: Vec<Option<LoopPlan>>) -> SceneSim {
        let systems: Vec<SystemSim> = scene
            .systems
            .iter()
            .zip(&plans)
            .map(|(s, plan)| {
                let follow = tracks.resolve(s);
                match plan {
                    Some(plan) => SystemSim::periodic(s, scene.substeps_per_sec, follow, *plan),
                    None => {
                        let mut sim = SystemSim::with_substeps(s, scene.substeps_per_sec);
                        sim.set_follow(follow);
                        sim
                    }
                }
            })
            .collect();
        let end_frames: Vec<u32> = systems
            .iter()
            .map(|s| {
                s.loop_set()
                    .map_or(0, |set| set.end_frames(set.plan().stop_frame()))
            })
            .collect();
        let timeline = SceneTimeline::new(scene, &plans, &end_frames);
        let mut sim = SceneSim {
            scene: scene.clone(),
            systems,
            time_secs: 0.0,
            plans,
            timeline,
        };
        sim.place_loops(0.0);
        sim
    }

    /// Re-resolves every system's follow target against `tracks` and replays to the current
    /// time (a loop-continuous system's loop set is recorded again with its new follow).
    pub fn set_follow_tracks(&mut self, tracks: &FollowTracks) {
        let time = self.time_secs;
        *self = SceneSim::build(&self.scene, tracks, std::mem::take(&mut self.plans));
        self.advance_to(time);
    }

    /// The timeline the simulation plays on.
    pub fn timeline(&self) -> &SceneTimeline {
        &self.timeline
    }

    /// Back to time 0.
    pub fn reset(&mut self) {
        for s in &mut self.systems {
            s.reset();
        }
        self.time_secs = 0.0;
        self.place_loops(0.0);
    }

    /// Advances every system by `dt_secs` (negative or NaN counts as 0); exact for any step.
    pub fn advance(&mut self, dt_secs: f64) {
        let dt = if dt_secs > 0.0 { dt_secs } else { 0.0 };
        self.advance_to(self.time_secs + dt);
    }

    /// Advances every system to timeline time `t_secs` (no-op if that is in the past).
    pub fn advance_to(&mut self, t_secs: f64) {
        if t_secs.is_nan() || t_secs < self.time_secs {
            return;
        }
        for s in self.systems.iter_mut().filter(|s| s.loop_set().is_none()) {
            s.advance_to_quiet(t_secs);
        }
        self.time_secs = t_secs;
        self.place_loops(t_secs);
    }

    /// Places every loop-continuous system at its virtual time for timeline time `t_secs`.
    fn place_loops(&mut self, t_secs: f64) {
        for (i, s) in self.systems.iter_mut().enumerate() {
            if let Some(at) = self.timeline.system_time(i, t_secs) {
                Self::place(s, at);
            }
        }
    }

    fn place(s: &mut SystemSim, at: SystemTime) {
        s.set_loop_stop(at.stop_frame);
        s.advance_to_quiet(at.virtual_secs);
    }

    /// Exact seek: one-shot systems reset and take one step to `time_secs`; loop-continuous
    /// systems are evaluated there directly (exact in either direction), keeping the grid
    /// states of their lives, so a seek within the loop — the wrap — costs what a frame costs
    /// (resetting them first would drop those states and integrate every copy from its birth
    /// again: 100× a frame on magic_portal).
    pub fn seek(&mut self, time_secs: f64) {
        for s in self.systems.iter_mut().filter(|s| s.loop_set().is_none()) {
            s.reset();
        }
        self.time_secs = 0.0;
        self.advance_to(if time_secs > 0.0 { time_secs } else { 0.0 });
    }

    /// Plays `dt_secs` on the timeline ([`SceneTimeline::play`]: the loop repeats seamlessly
    /// unless `play_end`, then the end; past the length, at least `min_length_secs`, back to 0)
    /// and moves every system there: forward when time moved on, an exact [`SceneSim::seek`]
    /// when it wrapped or restarted (the wrap lands on the loop's first frame, the same state
    /// for every system whose span divides the loop region). The one clock of the editor's
    /// playback.
    pub fn play(&mut self, dt_secs: f64, min_length_secs: f64, play_end: bool) -> Played {
        let played = self
            .timeline
            .play(self.time_secs, dt_secs, min_length_secs, play_end);
        if played.restarted || played.time_secs < self.time_secs {
            self.seek(played.time_secs);
        } else {
            self.advance_to(played.time_secs);
        }
        played
    }

    /// Shows every loop-continuous system `local_secs` into its own exported segment `kind`
    /// ([`SceneTimeline::segment_time`]: what its animation of that segment shows at that time);
    /// one-shot systems are reset (they are in no segment). The timeline time becomes
    /// `local_secs`.
    pub fn show_segment(&mut self, kind: SegmentKind, local_secs: f64) {
        for (i, s) in self.systems.iter_mut().enumerate() {
            match self.timeline.segment_time(i, kind, local_secs) {
                Some(at) => Self::place(s, at),
                None => s.reset(),
            }
        }
        self.time_secs = local_secs.max(0.0);
    }

    /// Timeline time, seconds.
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
