//! Advancing a system in time (see the parent module for the model): births and deaths in time
//! order, spawning, removing the dead, and moving the living to the step's end — in closed
//! form, on each particle's age grid, or along a path.

use super::*;

impl SystemSim {
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
            let death = self.deaths.peek().filter(|d| f64::from_bits(d.0) <= t1);
            match (birth, death) {
                (_, Some((bits, serial, slot)))
                    if birth.is_none_or(|b| f64::from_bits(bits) <= b) =>
                {
                    self.deaths.pop();
                    if let Some(i) = self.live_index(serial) {
                        self.dead.push(i);
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

    /// The index in `particles` of the living particle `serial`, if it is stored. The living
    /// are in serial order from `head`, and the dead of this step stay listed until
    /// [`SystemSim::remove_dead`]: when particles die in the order they were born (every
    /// particle of a fixed lifetime), the next to die is the first one not yet listed, so that
    /// index is tried before a binary search (the same index: serials are unique).
    fn live_index(&self, serial: u64) -> Option<usize> {
        let next = self.head + self.dead.len();
        if self.particles.get(next).is_some_and(|p| p.serial == serial) {
            return Some(next);
        }
        self.particles[self.head..]
            .binary_search_by_key(&serial, |p| p.serial)
            .ok()
            .map(|i| self.head + i)
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
            self.deaths.push((life_death.to_bits(), serial, slot));
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
            let trig = TransformTrig::of(t);
            [px, py] = trig.point(ex, ey);
            [vx, vy] = trig.vector(vx, vy);
            rotation0 += t.rotation_deg;
            scale0_x *= t.scale_x;
            scale0_y *= t.scale_y;
        }
        let speed_now = hypot_f32(vx, vy);
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
            self.deaths.push((death.to_bits(), serial, slot));
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
            pos: F64x2::new(mx, my),
            vel: F64x2::new(f64::from(vx), f64::from(vy)),
            rotation0_deg: rotation0,
            angular_deg_per_sec: s.angular_velocity_deg.lerp(u[6]),
            scale0_x,
            scale0_y,
            dir0,
            inv_lifetime,
            fresh: true,
            trail: NO_TRAIL,
            life_row: 0,
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
            self.histories[index as usize].start(motion.pos.to_array(), motion.vel.to_array());
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
        // The plain form when the system allows it and its channels have a table: the loop then
        // has no call (the other forms give the same states).
        match prep.life.table() {
            Some(table) if prep.plain_finish() => {
                move_closed_form::<true, _>(prep, table, old_p, old_m, &f, t1);
            }
            _ => move_closed_form::<false, _>(prep, &prep.life, old_p, old_m, &f, t1),
        }
        // Newborns: from their birth state over their own age.
        for (p, m) in new_p.iter_mut().zip(new_m.iter_mut()) {
            let age = t1 - p.birth_secs;
            m.advance_closed_form(prep.damping, age, prep.gravity);
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
            m.pos = F64x2::from(y.p);
            m.vel = F64x2::from(y.v);
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

/// Moves the particles `p`/`m` of a closed-form system, all alive at the step's start, by one
/// step of factors `f` to `t1` and finishes them ([`finish_as`] with `PLAIN` and `life`).
#[inline(always)]
fn move_closed_form<const PLAIN: bool, L: LifeEval>(
    prep: &Prepared,
    life: &L,
    p: &mut [Particle],
    m: &mut [Motion],
    f: &StepFactors,
    t1: f64,
) {
    let [gx, gy] = prep.gravity;
    // Both axes at once: `p + (v·φ + g·ψ)`, `v·e^{−kτ} + g·φ` (the scalar order, lane by lane).
    let g_psi = F64x2::new(gx * f.psi, gy * f.psi);
    let g_phi = F64x2::new(gx * f.phi, gy * f.phi);
    let (phi, decay) = (F64x2::splat(f.phi), F64x2::splat(f.decay));
    for (p, m) in p.iter_mut().zip(m.iter_mut()) {
        m.pos = m.pos.add(m.vel.mul(phi).add(g_psi));
        m.vel = m.vel.mul(decay).add(g_phi);
        m.life_row = finish_as::<PLAIN, L>(prep, life, p, m, t1 - p.birth_secs, None);
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
    // Empty runs (dead neighbours, the usual case when the oldest die) are skipped: in wasm each
    // `copy_within` is a `memory.copy`, a call into V8's runtime even for no bytes.
    if backward {
        for j in (0..m).rev() {
            let start = if j > 0 { dead[j - 1] + 1 } else { head };
            if start < dead[j] {
                v.copy_within(start..dead[j], start + (m - j));
            }
        }
    } else {
        for j in 0..m {
            let end = if j + 1 < m { dead[j + 1] } else { len };
            if dead[j] + 1 < end {
                v.copy_within(dead[j] + 1..end, dead[j] - j);
            }
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
