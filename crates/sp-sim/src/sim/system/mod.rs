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

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::emitter;
use super::env::SystemEnv;
use super::follow::Follow;
use super::frames::picked_texture;
use super::integrate::{Kinematics, SpawnRecord};
use super::motion::StepFactors;
use super::particle::{
    Particle, ParticleEvent, ScenePose, pose_in_scene, sin_cos_deg, transform_point,
    transform_vector,
};
use super::pool::SlotPool;
use super::rng::Pcg32;
use super::schedule::Schedule;
use super::state::{Birth, Integrated, Motion, NO_TRAIL, OnPath, Prepared, finish, place_on_path};
use super::trail::{History, PreparedTrail, TrailFrame, TrailInput};
use crate::behaviour::{MAX_FORCES, RotationMode};
use crate::document::{DEFAULT_SUBSTEPS_PER_SEC, ParticleSystem, SimulationSpace, Transform2D};

/// A death scheduled in the future: `(time bits, serial, slot)`; non-negative `f64` bits order like
/// the numbers.
type Death = Reverse<(u64, u64, u32)>;

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
    deaths: BinaryHeap<Death>,
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

mod periodic;
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
            deaths: BinaryHeap::new(),
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
    /// `out` ([`crate::sim::trail`]; `skin`: with the mesh vertices). False when the system has
    /// no trail or there is no such particle. A periodic system's copy carries its life's trail
    /// at the same original time ([`crate::sim::LoopSet::shown_trail`]).
    pub fn trail_frame(&self, index: usize, out: &mut TrailFrame, skin: bool) -> bool {
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
                (history, self.time_secs - p.birth_secs, [m.vx, m.vy])
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
        out.compute(trail, history, &input, skin);
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

    /// Advances by `dt_secs` (negative or NaN counts as 0), appending births and deaths to
    /// `events` in time order.
    pub fn advance(&mut self, dt_secs: f64, events: &mut Vec<ParticleEvent>) {
        let dt = if dt_secs > 0.0 { dt_secs } else { 0.0 };
        self.advance_to(self.time_secs + dt, events);
    }

    /// Advances to system time `t_secs` (no-op backwards: use [`SystemSim::reset`] to rewind; a
    /// periodic system goes to any time, backwards too, and reports no events).
    pub fn advance_to(&mut self, t_secs: f64, events: &mut Vec<ParticleEvent>) {
        self.advance_impl(t_secs, Some(events));
    }

    /// [`SystemSim::advance_to`] without recording events (seeking far ahead then needs no
    /// memory for them).
    pub fn advance_to_quiet(&mut self, t_secs: f64) {
        self.advance_impl(t_secs, None);
    }

    fn advance_impl(&mut self, t_secs: f64, events: Option<&mut Vec<ParticleEvent>>) {
        if self.periodic.is_some() {
            if !t_secs.is_nan() {
                self.show_periodic(t_secs);
            }
            return;
        }
        let t0 = self.time_secs;
        let t1 = if t_secs > t0 { t_secs } else { t0 };
        self.process_events(t1, events);
        if !self.dead.is_empty() {
            self.remove_dead();
        }
        if self.moving {
            self.update(t1 - t0, t1);
        }
        self.time_secs = t1;
    }

    /// Births and deaths up to `t1`, in time order; the dead are listed in `self.dead`.
    fn process_events(&mut self, t1: f64, mut events: Option<&mut Vec<ParticleEvent>>) {
        self.dead.clear();
        let mut alive = self.particles.len() - self.head;
        loop {
            let birth = self.schedule.peek().filter(|&t| t <= t1);
            let death = self
                .deaths
                .peek()
                .map(|Reverse(d)| *d)
                .filter(|d| f64::from_bits(d.0) <= t1);
            match (birth, death) {
                (_, Some((bits, serial, slot)))
                    if birth.is_none_or(|b| f64::from_bits(bits) <= b) =>
                {
                    self.deaths.pop();
                    if let Ok(i) =
                        self.particles[self.head..].binary_search_by_key(&serial, |p| p.serial)
                    {
                        self.dead.push(self.head + i);
                    }
                    self.pool.give_back(slot);
                    if let Some(events) = events.as_deref_mut() {
                        events.push(ParticleEvent::Died { slot, serial });
                    }
                    alive -= 1;
                }
                (Some(_), _) if alive >= self.prepared.max_particles => {
                    // Pool full: every birth before the next death is dropped, in one go.
                    match death {
                        Some((bits, ..)) => self.schedule.drop_births(f64::from_bits(bits), false),
                        None => self.schedule.drop_births(t1, true),
                    };
                }
                (Some(tb), _) => {
                    self.schedule.pop();
                    let (slot, serial) = self.spawn(tb, t1);
                    if let Some(events) = events.as_deref_mut() {
                        events.push(ParticleEvent::Born { slot, serial });
                    }
                    alive += 1;
                }
                (None, _) => break,
            }
        }
    }

    /// Creates a particle born at `tb` (see the module formula for the draws). A particle that
    /// also dies by `t1` (the end of this step) takes its serial, slot and random numbers but is
    /// never stored: so one long step (a seek) needs memory for the survivors only.
    fn spawn(&mut self, tb: f64, t1: f64) -> (u32, u64) {
        let mut u = [0.0f32; 9];
        for x in &mut u {
            *x = self.rng.next_f32();
        }
        let mut strengths = [0.0f32; MAX_FORCES];
        for (slot, range) in strengths.iter_mut().zip(&self.prepared.force_ranges) {
            *slot = range.lerp(self.rng.next_f32());
        }
        let mut lifetime = self.system.lifetime_secs.lerp(u[0]);
        if !(lifetime.is_finite() && lifetime > 0.0) {
            lifetime = 0.0;
        }
        let serial = self.next_serial;
        self.next_serial += 1;
        let slot = self.pool.take();
        let life_death = tb + f64::from(lifetime);
        if !self.prepared.destroys {
            self.deaths
                .push(Reverse((life_death.to_bits(), serial, slot)));
            if life_death <= t1 && self.recorded.is_none() {
                return (slot, serial);
            }
        }
        let s = &self.system;
        let speed = s.speed.lerp(u[1]);
        let direction = s.direction_deg + (u[2] - 0.5) * s.spread_deg;
        let (sin, cos) = sin_cos_deg(direction);
        let [ex, ey] = emitter::sample(&s.emitter, u[3], u[4]);
        let (mut vx, mut vy) = (speed * cos, speed * sin);
        let (mut px, mut py) = (ex, ey);
        let mut rotation0 = match self.prepared.rotation_mode {
            RotationMode::Fixed => s.start_rotation_deg.min,
            _ => s.start_rotation_deg.lerp(u[5]),
        };
        let scale0 = s.start_scale.lerp(u[7]);
        let (mut scale0_x, mut scale0_y) = (scale0, scale0);
        if s.space == SimulationSpace::World {
            let t = &self.transform_at(tb);
            [px, py] = transform_point(t, ex, ey);
            [vx, vy] = transform_vector(t, vx, vy);
            rotation0 += t.rotation_deg;
            scale0_x *= t.scale_x;
            scale0_y *= t.scale_y;
        }
        let speed_now = libm::hypotf(vx, vy);
        let dir0 = if speed_now > 0.0 {
            [vx / speed_now, vy / speed_now]
        } else {
            [1.0, 0.0]
        };
        let inv_lifetime = if lifetime > 0.0 { 1.0 / lifetime } else { 0.0 };
        let integrated = self.prepared.model.as_ref().map(|model| {
            let record = SpawnRecord {
                birth_secs: tb,
                inv_lifetime: f64::from(inv_lifetime),
                start: Kinematics {
                    p: [f64::from(px), f64::from(py)],
                    v: [f64::from(vx), f64::from(vy)],
                },
                strengths,
            };
            let grid = model.birth_grid(&record, true);
            Integrated {
                record,
                grid,
                heading0_deg: grid.heading_deg,
                sampled: grid.contact,
            }
        });
        let mut death = life_death;
        if self.prepared.destroys {
            // A collider may end the life early: its death is known now (exact births and
            // drops when the pool is full, whatever the frame rate).
            death = integrated
                .as_ref()
                .zip(self.prepared.model.as_ref())
                .and_then(|(i, model)| model.destroy_age(&i.record, f64::from(lifetime)))
                .map_or(life_death, |a| tb + a);
            self.deaths.push(Reverse((death.to_bits(), serial, slot)));
            if death <= t1 && self.recorded.is_none() {
                return (slot, serial);
            }
        }
        let on_path = self.prepared.particle_path.as_ref().map(|travel| {
            let origin = match s.space {
                SimulationSpace::World => {
                    let t = self.transform_at(tb);
                    [f64::from(t.x), f64::from(t.y)]
                }
                SimulationSpace::Local => [0.0, 0.0],
            };
            OnPath {
                start: travel.particle_start([f64::from(px), f64::from(py)], origin),
                speed: travel.speed_for(f64::from(lifetime)),
                lifetime: f64::from(lifetime),
            }
        });
        match (self.prepared.rotation_mode, &integrated) {
            (RotationMode::Velocity | RotationMode::InitialDirection, Some(i)) => {
                rotation0 += i.heading0_deg as f32;
            }
            (RotationMode::Velocity | RotationMode::InitialDirection, None) => {
                rotation0 += libm::atan2f(dir0[1], dir0[0]).to_degrees();
            }
            _ => {}
        }
        let texture_index =
            picked_texture(s.texture_pick, self.prepared.texture_count, u[8], serial);
        let particle = Particle {
            slot,
            serial,
            birth_secs: tb,
            age_secs: 0.0,
            lifetime_secs: lifetime,
            x: px,
            y: py,
            rotation_deg: rotation0,
            scale_x: scale0_x,
            scale_y: scale0_y,
            color: s.color_gradient.eval(0.0),
            alpha: 1.0,
            texture_index,
            visible: true,
            impacts: 0,
        };
        // A particle on a path starts where the path puts it (its trail history too).
        let [mx, my] = match (&on_path, &self.prepared.particle_path) {
            (Some(o), Some(travel)) => travel.particle_at(&o.start, 0.0).0,
            _ => [f64::from(px), f64::from(py)],
        };
        let motion = Motion {
            px: mx,
            py: my,
            vx: f64::from(vx),
            vy: f64::from(vy),
            rotation0_deg: rotation0,
            angular_deg_per_sec: s.angular_velocity_deg.lerp(u[6]),
            scale0_x,
            scale0_y,
            dir0,
            inv_lifetime,
            fresh: true,
            trail: NO_TRAIL,
        };
        if let Some(recorded) = self.recorded.as_mut() {
            recorded.push(Birth {
                particle,
                motion,
                integrated,
                on_path,
                death_secs: death,
            });
            if death <= t1 {
                return (slot, serial);
            }
        }
        let mut motion = motion;
        if self.moving && self.prepared.trail.is_some() {
            let index = self.free_histories.pop().unwrap_or_else(|| {
                self.histories.push(History::default());
                (self.histories.len() - 1) as u32
            });
            self.histories[index as usize].start([motion.px, motion.py], [motion.vx, motion.vy]);
            motion.trail = index;
        }
        self.particles.push(particle);
        self.motion.push(motion);
        if let Some(i) = integrated {
            self.integrated.push(i);
        }
        if let Some(o) = on_path {
            self.on_path.push(o);
        }
        (slot, serial)
    }

    /// Removes the particles listed in `self.dead`, keeping serial order, by moving whichever side
    /// is cheaper: the live ones before the last dead one move back (and `head` advances), or the
    /// live ones after the first dead one move forward. The parallel lists move the same way.
    fn remove_dead(&mut self) {
        for &d in &self.dead {
            let trail = self.motion[d].trail;
            if trail != NO_TRAIL {
                self.free_histories.push(trail);
            }
        }
        self.dead.sort_unstable();
        let (m, len) = (self.dead.len(), self.particles.len());
        let (first, last) = (self.dead[0], self.dead[m - 1]);
        let backward = last - self.head <= len - first;
        let head = self.head;
        let dead = &self.dead;
        remove_from(&mut self.particles, dead, head, backward);
        remove_from(&mut self.motion, dead, head, backward);
        remove_from(&mut self.integrated, dead, head, backward);
        remove_from(&mut self.on_path, dead, head, backward);
        if backward {
            self.head += m;
            if self.head >= 1024 && self.head >= len - self.head {
                let h = self.head;
                drain_front(&mut self.particles, h);
                drain_front(&mut self.motion, h);
                drain_front(&mut self.integrated, h);
                drain_front(&mut self.on_path, h);
                self.head = 0;
            }
        }
        self.dead.clear();
    }

    /// Moves every living particle to `t1` (`dt` after the previous step) and evaluates its
    /// life curves.
    fn update(&mut self, dt: f64, t1: f64) {
        if self.prepared.model.is_some() {
            self.update_integrated(t1);
            return;
        }
        if self.prepared.particle_path.is_some() {
            self.update_on_path(t1);
            return;
        }
        let prep = &self.prepared;
        let [gx, gy] = prep.gravity;
        let particles = &mut self.particles[self.head..];
        let motion = &mut self.motion[self.head..];
        // Newborns of this step are a suffix (births append, removal keeps order).
        let mut first_fresh = motion.len();
        while first_fresh > 0 && motion[first_fresh - 1].fresh {
            first_fresh -= 1;
        }
        let (old_p, new_p) = particles.split_at_mut(first_fresh);
        let (old_m, new_m) = motion.split_at_mut(first_fresh);
        // Particles alive at t₀: one set of factors for all, gravity terms folded in.
        let f = StepFactors::new(prep.damping, dt);
        let (gx_psi, gy_psi, gx_phi, gy_phi) = (gx * f.psi, gy * f.psi, gx * f.phi, gy * f.phi);
        for (p, m) in old_p.iter_mut().zip(old_m.iter_mut()) {
            m.px += m.vx * f.phi + gx_psi;
            m.py += m.vy * f.phi + gy_psi;
            m.vx = m.vx * f.decay + gx_phi;
            m.vy = m.vy * f.decay + gy_phi;
            finish(prep, p, m, t1 - p.birth_secs, None);
        }
        // Newborns: from their birth state over their own age.
        for (p, m) in new_p.iter_mut().zip(new_m.iter_mut()) {
            let age = t1 - p.birth_secs;
            let f = StepFactors::new(prep.damping, age);
            (m.px, m.vx) = f.apply(m.px, m.vx, gx);
            (m.py, m.vy) = f.apply(m.py, m.vy, gy);
            m.fresh = false;
            finish(prep, p, m, age, None);
        }
        if let Some(trail) = &prep.trail {
            let rec = &trail.recorder;
            for (p, m) in particles.iter().zip(motion.iter()) {
                if let Some(h) = self.histories.get_mut(m.trail as usize) {
                    let age = t1 - p.birth_secs;
                    h.record_closed_form(rec, age, prep.gravity, prep.damping);
                    h.prune(rec, age);
                }
            }
        }
    }

    /// Moves every living particle of an integrated system to its age at `t1` on its own grid
    /// ([`super::integrate::MotionModel::advance`]).
    fn update_integrated(&mut self, t1: f64) {
        let prep = &self.prepared;
        let Some(model) = prep.model.as_ref() else {
            return;
        };
        let particles = &mut self.particles[self.head..];
        let motion = &mut self.motion[self.head..];
        let integrated = &mut self.integrated[self.head..];
        for ((p, m), i) in particles
            .iter_mut()
            .zip(motion.iter_mut())
            .zip(integrated.iter_mut())
        {
            let age = t1 - p.birth_secs;
            let sample = match (&prep.trail, self.histories.get_mut(m.trail as usize)) {
                (Some(trail), Some(h)) => {
                    let stride = trail.stride;
                    let rec = &trail.recorder;
                    let out = model.sample_with(&i.record, &mut i.grid, age, prep.align, |n, y| {
                        if n.is_multiple_of(stride) {
                            h.offer(rec, n / stride, y.p);
                        }
                    });
                    h.prune(rec, age);
                    out
                }
                _ => model.sample(&i.record, &mut i.grid, age, prep.align),
            };
            let y = sample.y;
            m.px = y.p[0];
            m.py = y.p[1];
            m.vx = y.v[0];
            m.vy = y.v[1];
            m.fresh = false;
            let turn = prep
                .align
                .then_some((sample.heading_deg - i.heading0_deg) as f32);
            finish(prep, p, m, age, turn);
            p.impacts = sample.contact.events;
            i.sampled = sample.contact;
        }
    }

    /// Places every living particle of a system whose particles travel a path
    /// ([`super::path_motion`]): the distance travelled is `v·L_life·∫₀ᵘ speed`.
    fn update_on_path(&mut self, t1: f64) {
        let prep = &self.prepared;
        let Some(travel) = prep.particle_path.as_ref() else {
            return;
        };
        let particles = &mut self.particles[self.head..];
        let motion = &mut self.motion[self.head..];
        let on_path = &self.on_path[self.head..];
        for ((p, m), o) in particles.iter_mut().zip(motion.iter_mut()).zip(on_path) {
            let age = t1 - p.birth_secs;
            let history = self.histories.get_mut(m.trail as usize);
            place_on_path(prep, travel, o, p, m, age, history);
        }
    }
}

/// Removes the entries at the sorted indices `dead` of `v` (whose live part starts at `head`)
/// as [`SystemSim::remove_dead`] decided: moving the live entries before the last dead one back
/// (`backward`, the caller then advances `head`), or those after the first dead one forward.
/// An empty list (a feature the system does not use) is left alone.
fn remove_from<T: Copy>(v: &mut Vec<T>, dead: &[usize], head: usize, backward: bool) {
    if v.is_empty() {
        return;
    }
    let (m, len) = (dead.len(), v.len());
    if backward {
        for j in (0..m).rev() {
            let start = if j > 0 { dead[j - 1] + 1 } else { head };
            v.copy_within(start..dead[j], start + (m - j));
        }
    } else {
        for j in 0..m {
            let end = if j + 1 < m { dead[j + 1] } else { len };
            v.copy_within(dead[j] + 1..end, dead[j] - j);
        }
        v.truncate(len - m);
    }
}

/// Drops the first `n` entries of `v` (when it has any).
fn drain_front<T>(v: &mut Vec<T>, n: usize) {
    if !v.is_empty() {
        v.drain(..n);
    }
}
