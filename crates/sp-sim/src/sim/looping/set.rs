//! The loop set of a loop-continuous system and its periodic copies (the formula is in the
//! [module doc](super)).
//!
//! Frames here are frames of the plan's rate `fps`; a *frame position* `F` is a time in frames
//! (`t·fps`, snapped to the nearest integer when within 10⁻⁹ of it, so that a time meant to be on
//! a frame is on it). Copy `k` of life `j` at frame position `F` reads the life at the original
//! time `u = (F + k·L)/fps`: at an integer `F` that is the very number the real simulation uses
//! for frame `F + k·L` (`frame / fps`), so the copies shown at a frame are exactly the lives the
//! real simulation shows at the corresponding frame.
//!
//! This file holds the loop set's types and its recording; `copies.rs` which copies are shown
//! at a frame position (delay, stop, cap, serials); `show.rs` their states (each continued from
//! its life's kept evaluation states) and a life sampled frame by frame.

use super::plan::{LoopPlan, longest_life_secs};
use crate::document::ParticleSystem;
use crate::sim::birth::Birth;
use crate::sim::env::SystemEnv;
use crate::sim::follow::Follow;
use crate::sim::integrate::GridState;
use crate::sim::state::Prepared;
use crate::sim::system::SystemSim;
use crate::sim::trail::{History, PreparedTrail};

mod copies;
mod show;

pub(super) use copies::select_newest;

/// Times within this many seconds count as equal when a birth is compared with the loop
/// window, the delay and the stop (births computed as `delay + i/rate` land within rounding of
/// the frame times they are meant to equal).
pub const TIME_EPSILON_SECS: f64 = 1e-9;

/// Frame positions within this many frames of an integer are that integer.
pub const FRAME_SNAP: f64 = 1e-9;

/// Most lives a loop set holds: the window's first births up to this many (a guard against
/// documents whose loop would hold more lives than any preview or export can play; the limits
/// of a document allow 100 000 births per second over an hour).
pub const MAX_LOOP_LIVES: usize = 1_000_000;

/// True when `system` can never have `maxParticles` alive at once: the births of any stretch of
/// one longest lifetime (`rate × the rate curve's peak × life + 1`, plus every burst firing of
/// the cycles it touches) stay below the cap.
fn cap_cannot_bind(system: &ParticleSystem) -> bool {
    let life = f64::from(longest_life_secs(system));
    let peak = if system.rate_curve.keys.is_empty() {
        1.0
    } else {
        system
            .rate_curve
            .keys
            .iter()
            .map(|k| f64::from(k.v))
            .fold(0.0f64, f64::max)
    };
    let rate = f64::from(system.rate_per_sec.max(0.0)) * peak * life + 1.0;
    let duration = f64::from(system.duration_secs);
    let bursts = if duration > 0.0 {
        let per_cycle: f64 = system
            .bursts
            .iter()
            .map(|b| {
                f64::from(b.count)
                    * crate::sim::schedule::burst_firings(b, system.duration_secs).len() as f64
            })
            .sum();
        per_cycle * (f64::ceil(life / duration) + 1.0)
    } else {
        0.0
    };
    rate + bursts < f64::from(system.max_particles)
}

/// One life of the loop set, in the real simulation's time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoopLife {
    /// Spawn serial in the real simulation.
    pub serial: u64,
    /// Birth time, seconds (in `[T₀, T₀ + L)` of the plan, within [`TIME_EPSILON_SECS`]).
    pub birth_secs: f64,
    /// Death time `birth + lifetime` (earlier when a collider destroys it), seconds.
    pub death_secs: f64,
    /// First frame at which it is alive (`birth ≤ frame / fps`).
    pub first_frame: u32,
    /// First frame at which it is gone (`death ≤ frame / fps`); `first_frame` when it is never
    /// alive at a frame.
    pub end_frame: u32,
}

/// Copy `k` of life `life` (shifted `k·L` frames earlier: born at `birth − k·L/fps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopCopy {
    /// Index into [`LoopSet::lives`].
    pub life: usize,
    /// Copy index.
    pub k: i64,
}

/// The loop set of one system and the state of its copies (see the module docs).
#[derive(Clone, Debug)]
pub struct LoopSet {
    plan: LoopPlan,
    prep: Prepared,
    lives: Vec<LoopLife>,
    births: Vec<Birth>,
    /// Kept evaluation states per life (integrated motion, trail history), each stamped with
    /// the pass that last used it; a pass keeps only those it used.
    grids: Vec<Vec<Kept>>,
    /// Per particle of the last [`LoopSet::show`]: its life, the kept state that holds its trail
    /// history (an index into `grids[life]`), its age and its velocity (systems with a trail).
    shown: Vec<Shown>,
    pass: u32,
    /// Above every copy index shown at a frame position ≥ 0 (for the copy serials).
    k_top: i64,
    scratch: Vec<(u64, usize, i64)>,
}

/// A kept evaluation state of one life: its grid (integrated motion; unused on the closed-form
/// path) and its trail history, both at the same age.
#[derive(Clone, Debug)]
struct Kept {
    grid: Option<GridState>,
    history: Option<History>,
    /// Candidate index the history records next (closed-form path with a trail).
    next_k: u32,
    /// The age it was evaluated at, seconds.
    age_secs: f64,
    /// The pass that last used it.
    stamp: u32,
    /// The particle of that pass it produced (index into the output of [`LoopSet::show`]).
    shown: u32,
}

/// What a shown particle's trail is computed from.
#[derive(Clone, Copy, Debug)]
struct Shown {
    life: u32,
    kept: u32,
    age_secs: f64,
    velocity: [f64; 2],
}

/// What the trail of a life at one age is computed from ([`crate::sim::trail::TrailFrame`]).
#[derive(Clone, Copy, Debug)]
pub struct LifeTrail<'a> {
    /// The life's trail history, recorded and pruned at `age_secs`.
    pub history: &'a History,
    /// The age, seconds (original time − birth, the number the state was evaluated at).
    pub age_secs: f64,
    /// The particle's own velocity, particle space.
    pub velocity: [f64; 2],
}

/// Smallest frame `f ≥ 0` with `t ≤ f / fps`.
fn first_frame_at(t_secs: f64, fps: f64) -> u32 {
    if t_secs <= 0.0 || t_secs.is_nan() {
        return 0;
    }
    let mut f = f64::ceil(t_secs * fps).min(f64::from(u32::MAX - 2)) as u32;
    while f > 0 && t_secs <= f64::from(f - 1) / fps {
        f -= 1;
    }
    while t_secs > f64::from(f) / fps && f < u32::MAX - 1 {
        f += 1;
    }
    f
}

impl LoopSet {
    /// Records the loop set of `system` (integrated motion on a grid of `substeps_per_sec`,
    /// following `follow`) under `plan`: every birth of the real simulation in
    /// `[T₀, T₀ + L)` seconds, with its spawn state and the cap's outcome.
    pub fn record(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        follow: Option<&Follow>,
        plan: LoopPlan,
    ) -> LoopSet {
        LoopSet::record_in(system, substeps_per_sec, follow, SystemEnv::none(), plan)
    }

    /// [`LoopSet::record`] with the colliders and path of `env` acting on the system (its
    /// scene's, [`SystemEnv::resolve`]): a life's bounces, destruction (its death is then the
    /// impact) and path travel are recorded with it, so a copy does exactly what its original
    /// does at its own time.
    pub fn record_in(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        follow: Option<&Follow>,
        env: SystemEnv,
        plan: LoopPlan,
    ) -> LoopSet {
        let fps = f64::from(plan.fps);
        let w0 = f64::from(plan.t0_frames) / fps;
        let w1 = f64::from(plan.t0_frames + plan.loop_frames) / fps;
        let mut sim = SystemSim::with_env(system, substeps_per_sec, env);
        sim.set_follow(follow.cloned());
        sim.set_motion(false);
        let warm_to = w0 - 1.0;
        if warm_to > 0.0 {
            // Births that die long before the window only draw random numbers: skip them in
            // O(1) when the cap cannot bind.
            let skip_to = warm_to - f64::from(longest_life_secs(system)) - 1.0;
            if skip_to > 0.0 && cap_cannot_bind(system) {
                sim.skip_births_through(skip_to);
            }
            sim.advance_to_quiet(warm_to);
        }
        sim.record_births(true);
        let mut births: Vec<Birth> = Vec::new();
        let mut t = sim.time_secs();
        while t < w1 && births.len() < MAX_LOOP_LIVES {
            t = (t + 1.0).min(w1);
            sim.advance_to_quiet(t);
            births.extend(sim.record_births(true).into_iter().filter(|b| {
                let t = b.particle.birth_secs;
                t >= w0 - TIME_EPSILON_SECS && t < w1 - TIME_EPSILON_SECS
            }));
        }
        births.truncate(MAX_LOOP_LIVES);
        let lives: Vec<LoopLife> = births
            .iter()
            .map(|b| {
                let p = &b.particle;
                let death = b.death_secs;
                let first_frame = first_frame_at(p.birth_secs, fps);
                LoopLife {
                    serial: p.serial,
                    birth_secs: p.birth_secs,
                    death_secs: death,
                    first_frame,
                    end_frame: first_frame_at(death, fps).max(first_frame),
                }
            })
            .collect();
        let l = i64::from(plan.loop_frames);
        let k_top = lives
            .iter()
            .map(|x| i64::from(x.end_frame).div_euclid(l) + 2)
            .max()
            .unwrap_or(1);
        LoopSet {
            plan,
            prep: sim.prepared().clone(),
            grids: vec![Vec::new(); lives.len()],
            shown: Vec::new(),
            lives,
            births,
            pass: 0,
            k_top,
            scratch: Vec::new(),
        }
    }

    /// The plan.
    pub fn plan(&self) -> &LoopPlan {
        &self.plan
    }

    /// The lives of the loop set, by serial (birth order).
    pub fn lives(&self) -> &[LoopLife] {
        &self.lives
    }

    /// The frame position of time `t_secs` (see the module docs).
    pub fn frame_position(&self, t_secs: f64) -> f64 {
        let f = t_secs * f64::from(self.plan.fps);
        let r = f64::round(f);
        if (f - r).abs() <= FRAME_SNAP { r } else { f }
    }

    /// The cap of live particles, `maxParticles`.
    pub(super) fn max_particles(&self) -> usize {
        self.prep.max_particles
    }

    /// The trail settings of the system (`None` without an active trail).
    pub fn trail(&self) -> Option<&PreparedTrail> {
        self.prep.trail.as_ref()
    }
}
