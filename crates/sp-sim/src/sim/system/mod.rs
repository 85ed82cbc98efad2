//! The simulation of one particle system, exact in time.
//!
//! A step from `t₀` to `t₁` processes, in time order, every scheduled birth `t_b ≤ t₁` (see
//! [`super::schedule`]) and every death `t_d = t_b + lifetime ≤ t₁` (a death at the same time as
//! a birth comes first, so its slot can be reused at once). A birth finding `max_particles` alive
//! is dropped (it takes no serial and no random numbers; while the pool stays full, all births up
//! to the next death are dropped in one go). A particle born and dead within one step takes its
//! serial, slot and draws but is never stored. Then every living particle is moved to
//! `t₁`: particles alive at `t₀` by the exact flow over `t₁ − t₀` ([`super::motion`]), newborns
//! from their birth state over `t₁ − t_b`. Everything else is a function of the age
//! `a = t₁ − t_b` and the normalised life `u = a·(1/lifetime)`:
//! - rotation `= r₀ + ω·a` (degrees clockwise, unwrapped);
//! - scale `= s₀·scaleCurve(u)` (times the system scale at birth in World space);
//! - colour `= colorGradient(u)`, alpha `= clamp(alphaCurve(u), 0, 1)`;
//! - image: flipbook frame of `a` ([`super::frames`]) or the texture picked at birth.
//!
//! Spawn (9 uniform draws `u₀…u₈` per birth, always, in this order, so changing one property
//! never reshuffles the others): lifetime `= lerp(u₀)`, speed `= lerp(u₁)`, direction
//! `θ = direction + (u₂ − ½)·spread`, emitter point from `(u₃, u₄)` ([`super::emitter`]), start
//! rotation `lerp(u₅)`, angular velocity `lerp(u₆)`, start scale `lerp(u₇)`, texture pick `u₈`.
//! Velocity `= speed·(cos θ, sin θ)` (y down, clockwise). In Local space position and velocity stay
//! in system space. In World space they are mapped through the system transform at birth
//! (point: full transform; velocity: rotation and scale) — the *effective* transform at the
//! birth time `t_b`, which for a system following a bone is its own transform moved to
//! `bone(t_b) + offset` ([`super::follow`]) —, the start rotation gets the system
//! rotation added and the scale the system scale multiplied. With `alignToVelocity` the rotation
//! also gets the direction of motion: `atan2(v₀)` at birth plus the signed turn since birth
//! `atan2(v₀ × v, v₀ · v)` (continuous, since a velocity under constant gravity and damping turns
//! by less than 180°, so the angle never wraps); gravity acts in the particle's space
//! (scene space for World, system space for Local).

use super::birth::{Birth, place_on_path};
use super::emitter;
use super::env::SystemEnv;
use super::follow::Follow;
use super::frames::picked_texture;
use super::hypot::hypot_f32;
use super::integrate::{Kinematics, SpawnRecord};
use super::life_table::LifeEval;
use super::motion::StepFactors;
use super::pair::F64x2;
use super::particle::{
    Particle, ParticleEvent, ScenePose, TransformTrig, pose_in_scene, sin_cos_deg,
};
use super::pool::SlotPool;
use super::rng::Pcg32;
use super::schedule::Schedule;
use super::state::{Integrated, Motion, NO_TRAIL, OnPath, Prepared, finish, finish_as};
use super::trail::{History, PreparedTrail, TrailDetail, TrailFrame, TrailInput};
use crate::behaviour::{MAX_FORCES, RotationMode};
use crate::document::{DEFAULT_SUBSTEPS_PER_SEC, ParticleSystem, SimulationSpace, Transform2D};

/// The simulation of one particle system (see the module formula).
#[derive(Clone, Debug)]
pub struct SystemSim {
    system: ParticleSystem,
    prepared: Prepared,
    transform: Transform2D,
    follow: Option<Follow>,
    time_secs: f64,
    rng: Pcg32,
    schedule: Schedule,
    pool: SlotPool,
    deaths: Deaths,
    next_serial: u64,
    /// Live particles are `particles[head..]` (dead ones at the front are skipped by moving
    /// `head`, so the usual first-born-first-dead order costs no copying).
    particles: Vec<Particle>,
    motion: Vec<Motion>,
    /// Integrated motion, parallel to `particles` (empty for a closed-form system).
    integrated: Vec<Integrated>,
    /// Path travel, parallel to `particles` (empty unless the particles follow a path).
    on_path: Vec<OnPath>,
    /// The colliders and path acting on the system.
    env: SystemEnv,
    head: usize,
    /// Indices (into `particles`) of the particles that died in the current step.
    dead: Vec<usize>,
    /// Trail histories, indexed by [`Motion::trail`] (reused after a death).
    histories: Vec<History>,
    /// Free entries of `histories`.
    free_histories: Vec<u32>,
    /// Every birth's spawn state, while recording ([`SystemSim::record_births`]).
    recorded: Option<Vec<Birth>>,
    /// False: births, deaths and the cap only, particle states stay at their birth values.
    moving: bool,
    /// A loop-continuous system played as its periodic emitter ([`super::looping`]).
    periodic: Option<Box<Periodic>>,
}

mod deaths;
mod periodic;
mod spawn;
mod step;
use deaths::Deaths;
use periodic::Periodic;

impl SystemSim {
    /// A simulation of `system` at time 0, nothing born yet (integrated motion on the default
    /// grid of [`DEFAULT_SUBSTEPS_PER_SEC`] steps per second).
    pub fn new(system: &ParticleSystem) -> SystemSim {
        SystemSim::with_substeps(system, DEFAULT_SUBSTEPS_PER_SEC)
    }

    /// A simulation of `system` at time 0 whose integrated motion (if any) steps
    /// `substeps_per_sec` times per second of particle age (the scene's `substepsPerSec`).
    pub fn with_substeps(system: &ParticleSystem, substeps_per_sec: u32) -> SystemSim {
        SystemSim::with_env(system, substeps_per_sec, SystemEnv::none())
    }

    /// [`SystemSim::with_substeps`] meeting the colliders and the path of `env`
    /// ([`SystemEnv::resolve`] finds them in a scene).
    pub fn with_env(system: &ParticleSystem, substeps_per_sec: u32, env: SystemEnv) -> SystemSim {
        SystemSim {
            system: system.clone(),
            prepared: Prepared::with(system, substeps_per_sec, &system.transform, &env, None),
            transform: system.transform,
            follow: None,
            time_secs: 0.0,
            rng: Pcg32::new(u64::from(system.seed)),
            schedule: Schedule::new(system),
            pool: SlotPool::default(),
            deaths: Deaths::default(),
            next_serial: 0,
            particles: Vec::new(),
            motion: Vec::new(),
            integrated: Vec::new(),
            on_path: Vec::new(),
            env,
            head: 0,
            dead: Vec::new(),
            histories: Vec::new(),
            free_histories: Vec::new(),
            recorded: None,
            moving: true,
            periodic: None,
        }
    }

    /// Switches particle motion off (`false`: only births, deaths and the cap are simulated;
    /// particle states keep their birth values, for counting) or back on.
    pub fn set_motion(&mut self, on: bool) {
        self.moving = on;
    }

    /// Records the spawn state of every birth from now on (`true`) or stops (`false`), returning
    /// what was recorded.
    pub(super) fn record_births(&mut self, on: bool) -> Vec<Birth> {
        let taken = self.recorded.take().unwrap_or_default();
        if on {
            self.recorded = Some(Vec::new());
        }
        taken
    }

    /// Skips every scheduled birth up to and including `t_secs` without spawning it: its random
    /// draws and its serial are consumed as a spawn would consume them, and the time moves
    /// there. The result equals the real simulation's wherever the skipped particles would not
    /// matter: when none of them is alive at the times asked next and the cap cannot bind (the
    /// loop set's warm-up, [`crate::sim::looping::LoopSet::record`]).
    pub(super) fn skip_births_through(&mut self, t_secs: f64) {
        let n = self.schedule.drop_births(t_secs, true);
        let draws = 9 + self.prepared.force_ranges.len().min(MAX_FORCES) as u64;
        self.rng.advance(n.saturating_mul(draws));
        self.next_serial += n;
        self.time_secs = self.time_secs.max(t_secs);
    }

    /// The prepared properties (for the loop set, which evaluates lives as this system does).
    pub(super) fn prepared(&self) -> &Prepared {
        &self.prepared
    }

    /// Back to time 0 with nothing born (same system, same seed, same transform and follow; a
    /// periodic system keeps its loop set and its emission runs again).
    pub fn reset(&mut self) {
        if let Some(p) = self.periodic.as_mut() {
            p.stop_frame = None;
        }
        if self.periodic.is_some() {
            self.show_periodic(0.0);
            return;
        }
        let transform = self.transform;
        let follow = self.follow.take();
        let env = std::mem::take(&mut self.env);
        *self = SystemSim::with_env(&self.system, self.prepared.substeps_per_sec, env);
        self.set_transform(transform);
        self.set_follow(follow);
    }

    /// Makes the system follow a bone (`None`: its own transform). Takes effect for births
    /// from the current time on and for Local-space poses at once.
    pub fn set_follow(&mut self, follow: Option<Follow>) {
        let changed = follow != self.follow;
        self.follow = follow;
        if changed {
            // Force centres given in the other space than the particles' ride the bone.
            self.refresh_model();
        }
    }

    /// Prepares the motion again for the current transform and follow: force centres,
    /// colliders and paths given in the other space than the particles' (nothing to do on the
    /// closed-form path without them).
    fn refresh_model(&mut self) {
        if self.prepared.depends_on_transform() {
            self.prepared = Prepared::with(
                &self.system,
                self.prepared.substeps_per_sec,
                &self.transform,
                &self.env,
                self.follow.as_ref(),
            );
        }
    }

    /// The followed bone, if any.
    pub fn follow(&self) -> Option<&Follow> {
        self.follow.as_ref()
    }

    /// The effective system transform at system time `time_secs`: the transform given by
    /// [`SystemSim::set_transform`], moved along its path when the emitter travels one
    /// ([`super::path_motion`]), else onto the followed bone when there is one.
    pub fn transform_at(&self, time_secs: f64) -> Transform2D {
        if let Some(p) = &self.prepared.emitter_path {
            return p.emitter_transform(&self.transform, time_secs, self.system.delay_secs);
        }
        match &self.follow {
            Some(f) => f.transform_at(&self.transform, time_secs),
            None => self.transform,
        }
    }

    /// Whether the system's origin travels a path (its transform moves with time).
    pub fn travels_path(&self) -> bool {
        self.prepared.emitter_path.is_some()
    }

    /// The colliders and path acting on the system.
    pub fn env(&self) -> &SystemEnv {
        &self.env
    }

    /// System time of the last collision event (impact or pause end) of the live particle
    /// `particles()[index]`, `None` before its first one or when nothing collides.
    pub fn last_impact_secs(&self, index: usize) -> Option<f64> {
        if let Some(periodic) = &self.periodic {
            // A loop copy: its life's last event, shifted to the copy's virtual birth.
            let p = self.particles.get(self.head + index)?;
            let copy = periodic.set.copy_of_serial(p.serial)?;
            let age = self.time_secs - p.birth_secs;
            return periodic
                .set
                .last_event_age(copy.life, age)
                .map(|a| p.birth_secs + a);
        }
        let i = self.integrated.get(self.head + index)?;
        (i.sampled.events > 0).then_some(i.record.birth_secs + i.sampled.last_event_age)
    }

    /// A live particle's scene pose at the current time: Local-space particles are carried by
    /// the effective transform of now, World-space ones are already in scene space.
    pub fn scene_pose(&self, p: &Particle) -> ScenePose {
        pose_in_scene(self.system.space, &self.transform_at(self.time_secs), p)
    }

    /// The system being simulated.
    pub fn system(&self) -> &ParticleSystem {
        &self.system
    }

    /// Moves the emitter: World-space particles born from now on start from `transform`
    /// (Local-space particles follow the transform given to [`super::particle_to_scene`]).
    pub fn set_transform(&mut self, transform: Transform2D) {
        let moved = transform != self.transform;
        self.transform = transform;
        if moved {
            // Force centres given in the other space than the particles' move with it.
            self.refresh_model();
        }
    }

    /// The system's prepared trail (`None` without an active trail).
    pub fn trail(&self) -> Option<&PreparedTrail> {
        self.prepared.trail.as_ref()
    }

    /// The trail of live particle `index` (an index into [`SystemSim::particles`]) now, into
    /// `out` ([`crate::sim::trail`], as far as `detail` asks). False when the system has
    /// no trail or there is no such particle. A periodic system's copy carries its life's trail
    /// at the same original time ([`crate::sim::LoopSet::shown_trail`]).
    pub fn trail_frame(&self, index: usize, out: &mut TrailFrame, detail: TrailDetail) -> bool {
        let Some(trail) = &self.prepared.trail else {
            return false;
        };
        let i = self.head + index;
        let Some(p) = self.particles.get(i) else {
            return false;
        };
        let (history, age_secs, velocity) = match &self.periodic {
            Some(periodic) => match periodic.set.shown_trail(i) {
                Some(t) => (t.history, t.age_secs, t.velocity),
                None => return false,
            },
            None => {
                let Some(m) = self.motion.get(i) else {
                    return false;
                };
                let Some(history) = self.histories.get(m.trail as usize) else {
                    return false;
                };
                (history, self.time_secs - p.birth_secs, m.vel.to_array())
            }
        };
        let transform = self.transform_at(self.time_secs);
        let input = TrailInput {
            particle: p,
            pose: pose_in_scene(self.system.space, &transform, p),
            age_secs,
            velocity,
            space: self.system.space,
            transform: &transform,
        };
        out.compute(trail, history, &input, detail);
        true
    }

    /// The prepared integrated motion of this system, `None` on the closed-form path.
    pub fn motion_model(&self) -> Option<&super::integrate::MotionModel> {
        self.prepared.model.as_ref()
    }

    /// Switches emission off (loop end segment: the living finish) or back on (resuming with the
    /// first scheduled birth after the current time).
    pub fn set_emitting(&mut self, on: bool) {
        if let Some(p) = self.periodic.as_mut() {
            p.stop_frame = (!on).then(|| p.set.frame_position(self.time_secs));
            return;
        }
        self.schedule.set_emitting(on, self.time_secs);
    }

    /// Alive particles, sorted by serial (spawn order).
    pub fn particles(&self) -> &[Particle] {
        &self.particles[self.head..]
    }

    /// Emission is over (one-shot, or switched off) and no particle is alive.
    pub fn is_finished(&self) -> bool {
        if let Some(p) = &self.periodic {
            return p
                .stop_frame
                .is_some_and(|s| p.set.frame_position(self.time_secs) >= s)
                && self.particles().is_empty();
        }
        self.schedule.is_exhausted() && self.particles().is_empty()
    }

    /// System time, seconds.
    pub fn time_secs(&self) -> f64 {
        self.time_secs
    }

    /// Most slots ever used at once so far.
    pub fn slots_used(&self) -> u32 {
        match &self.periodic {
            Some(p) => p.high_water,
            None => self.pool.high_water(),
        }
    }
}
