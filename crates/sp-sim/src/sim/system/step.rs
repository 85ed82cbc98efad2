//! Advancing a system in time (see the parent module for the model): births and deaths in time
//! order (each birth made by `spawn.rs`), removing the dead, and moving the living to the step's
//! end — in closed form, on each particle's age grid, or along a path.

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
    /// ([`crate::sim::integrate::MotionModel::advance`]); without a trail, each two particles'
    /// grids first advance together ([`crate::sim::integrate::MotionModel::advance_two`]: the
    /// same states).
    fn update_integrated(&mut self, t1: f64) {
        let prep = &self.prepared;
        let Some(model) = prep.model.as_ref() else {
            return;
        };
        let particles = &mut self.particles[self.head..];
        let motion = &mut self.motion[self.head..];
        let integrated = &mut self.integrated[self.head..];
        for ((p, m), i) in particles
            .chunks_mut(2)
            .zip(motion.chunks_mut(2))
            .zip(integrated.chunks_mut(2))
        {
            if let (None, [p0, p1], [i0, i1]) = (&prep.trail, &*p, &mut *i) {
                model.advance_two(
                    [&i0.record, &i1.record],
                    [&mut i0.grid, &mut i1.grid],
                    [t1 - p0.birth_secs, t1 - p1.birth_secs],
                    prep.align,
                );
            }
            for ((p, m), i) in p.iter_mut().zip(m.iter_mut()).zip(i.iter_mut()) {
                let age = t1 - p.birth_secs;
                let sample = match (&prep.trail, self.histories.get_mut(m.trail as usize)) {
                    (Some(trail), Some(h)) => {
                        let stride = trail.stride;
                        let rec = &trail.recorder;
                        let out =
                            model.sample_with(&i.record, &mut i.grid, age, prep.align, |n, y| {
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
    }

    /// Places every living particle of a system whose particles travel a path
    /// ([`crate::sim::path_motion`]): the distance travelled is `v·L_life·∫₀ᵘ speed`.
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
