//! The loop set of a loop-continuous system and its periodic copies (the formula is in the
//! [module doc](super)).
//!
//! Frames here are frames of the plan's rate `fps`; a *frame position* `F` is a time in frames
//! (`t·fps`, snapped to the nearest integer when within 10⁻⁹ of it, so that a time meant to be on
//! a frame is on it). Copy `k` of life `j` at frame position `F` reads the life at the original
//! time `u = (F + k·L)/fps`: at an integer `F` that is the very number the real simulation uses
//! for frame `F + k·L` (`frame / fps`), so the copies shown at a frame are exactly the lives the
//! real simulation shows at the corresponding frame.

use super::plan::{LoopPlan, longest_life_secs};
use crate::document::ParticleSystem;
use crate::sim::birth::{Birth, birth_history, evaluate_traced};
use crate::sim::env::SystemEnv;
use crate::sim::follow::Follow;
use crate::sim::integrate::GridState;
use crate::sim::particle::Particle;
use crate::sim::state::Prepared;
use crate::sim::system::SystemSim;
use crate::sim::trail::{History, PreparedTrail};

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

/// The candidate a trail history records next once recorded up to `age_secs` on the closed-form
/// path (`⌊age/Δ⌋ + 1`, see [`History::record_closed_form`]).
fn next_candidate(trail: &PreparedTrail, age_secs: f64) -> u32 {
    let k = f64::floor(age_secs / trail.recorder.interval_secs);
    if k.is_nan() || k < 0.0 {
        1
    } else {
        k.min(f64::from(u32::MAX - 2)) as u32 + 1
    }
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

    /// Whether copy `k` of life `life` belongs to the emission: born (virtually) at or after
    /// the delay and, when emission stops at frame position `stop`, at or before it.
    pub fn allows(&self, life: usize, k: i64, stop: Option<f64>) -> bool {
        let fps = f64::from(self.plan.fps);
        let b = self.lives[life].birth_secs;
        let kl = (k * i64::from(self.plan.loop_frames)) as f64;
        b - kl / fps >= self.plan.delay_secs - TIME_EPSILON_SECS
            && stop.is_none_or(|s| b <= (s + kl) / fps + TIME_EPSILON_SECS)
    }

    /// The copies of life `j` shown at frame position `frame` with emission stopped at `stop`:
    /// `k` in the returned inclusive range (empty when `lo > hi`). Alive (`birth ≤ u < death` at
    /// `u = (frame + k·L)/fps`) and [`LoopSet::allows`] each hold on a run of consecutive `k`.
    fn copy_range(&self, j: usize, frame: f64, stop: Option<f64>) -> (i64, i64) {
        let fps = f64::from(self.plan.fps);
        let l = i64::from(self.plan.loop_frames);
        let life = &self.lives[j];
        let u = |k: i64| (frame + (k * l) as f64) / fps;
        // Smallest k born by u, largest k not dead at u.
        let born = |k: i64| life.birth_secs <= u(k);
        let living = |k: i64| u(k) < life.death_secs;
        let mut lo = f64::floor((f64::from(life.first_frame) - frame) / l as f64) as i64;
        while born(lo - 1) {
            lo -= 1;
        }
        while !born(lo) {
            lo += 1;
        }
        let mut hi = f64::floor((f64::from(life.end_frame) - frame) / l as f64) as i64;
        while !living(hi) && hi >= lo {
            hi -= 1;
        }
        while living(hi + 1) {
            hi += 1;
        }
        // Born at or after the delay: k at most some bound; at or before the stop: at least one.
        let kl = |k: i64| (k * l) as f64;
        let delay_ok =
            |k: i64| life.birth_secs - kl(k) / fps >= self.plan.delay_secs - TIME_EPSILON_SECS;
        let mut d = f64::floor((life.birth_secs - self.plan.delay_secs) * fps / l as f64) as i64;
        while delay_ok(d + 1) {
            d += 1;
        }
        while !delay_ok(d) && d >= lo {
            d -= 1;
        }
        hi = hi.min(d);
        if let Some(s) = stop {
            let stop_ok = |k: i64| life.birth_secs <= (s + kl(k)) / fps + TIME_EPSILON_SECS;
            let mut m = f64::floor((life.birth_secs * fps - s) / l as f64) as i64;
            while stop_ok(m - 1) {
                m -= 1;
            }
            while !stop_ok(m) && m <= hi {
                m += 1;
            }
            lo = lo.max(m);
        }
        (lo, hi)
    }

    /// Appends to `out` the copies shown at frame position `frame` with emission stopped at
    /// `stop`: the alive copies ([`LoopSet::copy_range`]), at most `maxParticles` of them, the
    /// newest kept (highest [`LoopSet::copy_serial`]): the cap holds for the copies as it holds
    /// in the real simulation, and since the rule reads only the copies alive at `frame` it is
    /// periodic like them.
    pub fn copies_at(&self, frame: f64, stop: Option<f64>, out: &mut Vec<LoopCopy>) {
        // The lives that may show a copy: some `frame + k·L` within two frames of the life's
        // frames (a copy shown is born by and alive at `(frame + k·L)/fps`, i.e. on a frame in
        // `[first_frame − 1, end_frame)`); the others have an empty range and cost nothing.
        let l = f64::from(self.plan.loop_frames);
        let candidates: Vec<u32> = (0..self.lives.len() as u32)
            .filter(|&j| {
                let life = &self.lives[j as usize];
                let (a, b) = (
                    f64::from(life.first_frame) - 2.0,
                    f64::from(life.end_frame) + 2.0,
                );
                frame + f64::ceil((a - frame) / l) * l <= b
            })
            .collect();
        self.copies_among(frame, stop, &candidates, out);
    }

    /// [`LoopSet::copies_at`] looking at every life (what the candidate filters must match).
    #[cfg(test)]
    pub(crate) fn copies_at_every_life(
        &self,
        frame: f64,
        stop: Option<f64>,
        out: &mut Vec<LoopCopy>,
    ) {
        let every: Vec<u32> = (0..self.lives.len() as u32).collect();
        self.copies_among(frame, stop, &every, out);
    }

    /// [`LoopSet::copies_at`] among the lives `candidates` (ascending; every life not listed
    /// shows no copy at `frame`).
    fn copies_among(
        &self,
        frame: f64,
        stop: Option<f64>,
        candidates: &[u32],
        out: &mut Vec<LoopCopy>,
    ) {
        let ranges: Vec<(usize, i64, i64)> = candidates
            .iter()
            .map(|&j| {
                let (lo, hi) = self.copy_range(j as usize, frame, stop);
                (j as usize, lo, hi)
            })
            .collect();
        select_newest(&ranges, self.prep.max_particles as u64, out);
    }

    /// The cap of live particles, `maxParticles`.
    pub(super) fn max_particles(&self) -> usize {
        self.prep.max_particles
    }

    /// The serial a copy is shown with: `(k_top − k)·n + life`, so that serial order is birth
    /// order of the copies (an earlier period first, then the real birth order).
    pub fn copy_serial(&self, c: LoopCopy) -> u64 {
        ((self.k_top - c.k).max(0) as u64) * self.lives.len() as u64 + c.life as u64
    }

    /// The copy a serial of [`LoopSet::copy_serial`] stands for.
    pub fn copy_of_serial(&self, serial: u64) -> Option<LoopCopy> {
        let n = self.lives.len() as u64;
        (n > 0).then(|| LoopCopy {
            life: (serial % n) as usize,
            k: self.k_top - (serial / n) as i64,
        })
    }

    /// Replaces `out` with the particles shown at frame position `frame` (emission stopped at
    /// `stop`, if any), sorted by copy serial: each copy's state at its age, with `serial` =
    /// [`LoopSet::copy_serial`], `birth_secs` its virtual birth and `slot` its life's index.
    /// With a trail, each copy's history is its life's at that age ([`LoopSet::shown_trail`]).
    pub fn show(&mut self, frame: f64, stop: Option<f64>, out: &mut Vec<Particle>) {
        let mut copies = Vec::new();
        self.copies_at(frame, stop, &mut copies);
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        scratch.extend(copies.iter().map(|&c| (self.copy_serial(c), c.life, c.k)));
        scratch.sort_unstable_by_key(|x| x.0);
        self.pass = self.pass.wrapping_add(1);
        out.clear();
        self.shown.clear();
        let traced = self.prep.trail.is_some();
        let fps = f64::from(self.plan.fps);
        let l = i64::from(self.plan.loop_frames);
        for (i, &(serial, j, k)) in scratch.iter().enumerate() {
            let kl = (k * l) as f64;
            let u = (frame + kl) / fps;
            let age = u - self.lives[j].birth_secs;
            let (mut p, velocity) = self.state(j, age, i as u32);
            p.serial = serial;
            p.birth_secs = self.lives[j].birth_secs - kl / fps;
            p.slot = j as u32;
            out.push(p);
            if traced {
                self.shown.push(Shown {
                    life: j as u32,
                    kept: u32::MAX,
                    age_secs: age,
                    velocity,
                });
            }
        }
        let pass = self.pass;
        for g in &mut self.grids {
            g.retain(|kept| kept.stamp == pass);
        }
        if traced {
            for g in &self.grids {
                for (idx, kept) in g.iter().enumerate() {
                    if let Some(s) = self.shown.get_mut(kept.shown as usize) {
                        s.kept = idx as u32;
                    }
                }
            }
        }
        self.scratch = scratch;
    }

    /// The trail settings of the system (`None` without an active trail).
    pub fn trail(&self) -> Option<&PreparedTrail> {
        self.prep.trail.as_ref()
    }

    /// What the trail of particle `index` of the last [`LoopSet::show`] is computed from: its
    /// life's history at the copy's age (the history of the same life at the same original
    /// time, so a copy shifted by `k·L` carries its life's trail shifted the same way). `None`
    /// without a trail or such a particle.
    pub fn shown_trail(&self, index: usize) -> Option<LifeTrail<'_>> {
        let s = self.shown.get(index)?;
        let kept = self.grids.get(s.life as usize)?.get(s.kept as usize)?;
        Some(LifeTrail {
            history: kept.history.as_ref()?,
            age_secs: s.age_secs,
            velocity: s.velocity,
        })
    }

    /// The state of life `j` at age `age_secs` and its velocity, continuing integrated motion
    /// and the trail history from the latest kept state at or before that age not yet used in
    /// this pass (then kept for the next, as particle `shown` of the pass).
    fn state(&mut self, j: usize, age_secs: f64, shown: u32) -> (Particle, [f64; 2]) {
        let birth = &self.births[j];
        let integrated = match (&self.prep.model, &birth.integrated) {
            (Some(model), Some(i)) => Some((model, i)),
            _ => None,
        };
        let trail = self.prep.trail.as_ref();
        if integrated.is_none() && trail.is_none() {
            return evaluate_traced(&self.prep, birth, age_secs, None, None);
        }
        // Kept states are ordered by grid point (integrated) or next trail candidate.
        let target = match (integrated, trail) {
            (Some((model, _)), _) => model.grid_index(age_secs),
            (None, Some(t)) => next_candidate(t, age_secs),
            (None, None) => 0,
        };
        let key = |kept: &Kept| match integrated {
            Some(_) => kept.grid.map_or(0, |g| g.n),
            None => kept.next_k,
        };
        let pass = self.pass;
        let kept = &mut self.grids[j];
        // A trail history pruned at a later age may miss points an earlier age needs.
        let best = kept
            .iter()
            .enumerate()
            .filter(|(_, k)| key(k) <= target && (k.history.is_none() || k.age_secs <= age_secs))
            .max_by(|a, b| {
                key(a.1)
                    .cmp(&key(b.1))
                    .then(a.1.age_secs.total_cmp(&b.1.age_secs))
            })
            .map(|(i, _)| i);
        let fresh = || Kept {
            grid: integrated.map(|(_, i)| i.grid),
            history: trail.map(|_| birth_history(birth)),
            next_k: 1,
            age_secs: 0.0,
            stamp: pass,
            shown,
        };
        let slot = match best {
            Some(i) if kept[i].stamp != pass => i,
            Some(i) => {
                let copy = kept[i].clone();
                kept.push(copy);
                kept.len() - 1
            }
            None => {
                kept.push(fresh());
                kept.len() - 1
            }
        };
        let k = &mut kept[slot];
        let out = evaluate_traced(
            &self.prep,
            birth,
            age_secs,
            k.grid.as_mut(),
            k.history.as_mut(),
        );
        if let Some(t) = trail {
            k.next_k = k.next_k.max(next_candidate(t, age_secs));
        }
        k.age_secs = age_secs;
        k.stamp = pass;
        k.shown = shown;
        out
    }

    /// Age of the last collision event (impact or pause end) of life `j` at or before age
    /// `age_secs`, replayed from its birth; `None` before its first one or without colliders.
    pub fn last_event_age(&self, j: usize, age_secs: f64) -> Option<f64> {
        let (model, i) = (self.prep.model.as_ref()?, self.births.get(j)?.integrated?);
        let mut grid = i.grid;
        let contact = model.sample(&i.record, &mut grid, age_secs, false).contact;
        (contact.events > 0).then_some(contact.last_event_age)
    }

    /// Life `j` at every frame it is alive, `first_frame..end_frame` (original frame times
    /// `frame / fps`), with its real serial and birth.
    pub fn sample_life(&self, j: usize) -> Vec<Particle> {
        let mut out = Vec::new();
        self.sample_life_with(j, |p, _| out.push(p));
        out
    }

    /// [`LoopSet::sample_life`] calling `each(particle, trail)` frame by frame, `trail` (systems
    /// with a trail) being what the life's trail at that frame is computed from.
    pub fn sample_life_with(
        &self,
        j: usize,
        mut each: impl FnMut(Particle, Option<LifeTrail<'_>>),
    ) {
        let life = self.lives[j];
        let birth = &self.births[j];
        let fps = f64::from(self.plan.fps);
        let mut grid = birth.integrated.map(|i| i.grid);
        let mut history = self.prep.trail.as_ref().map(|_| birth_history(birth));
        for f in life.first_frame..life.end_frame {
            let age = f64::from(f) / fps - life.birth_secs;
            let (p, velocity) =
                evaluate_traced(&self.prep, birth, age, grid.as_mut(), history.as_mut());
            each(
                p,
                history.as_ref().map(|h| LifeTrail {
                    history: h,
                    age_secs: age,
                    velocity,
                }),
            );
        }
    }

    /// Frames from `stop` to the first frame at which every copy allowed by emission stopped at
    /// frame `stop` is gone (0 when none outlives it): the length of the end segment.
    pub fn end_frames(&self, stop: u32) -> u32 {
        let l = i64::from(self.plan.loop_frames);
        let s = f64::from(stop);
        let mut last = i64::from(stop);
        for (j, life) in self.lives.iter().enumerate() {
            // The allowed copy with the smallest k lives longest; k is at least ⌈(first − stop)/L⌉ − 1.
            let mut k = (i64::from(life.first_frame) - i64::from(stop)).div_euclid(l) - 1;
            while !self.allows(j, k, Some(s)) && k < self.k_top {
                k += 1;
            }
            if self.allows(j, k, Some(s)) {
                last = last.max(i64::from(life.end_frame) - k * l);
            }
        }
        (last - i64::from(stop)).max(0) as u32
    }
}

/// Appends to `out` the copies of `ranges` (`(life, lo, hi)`: copies `lo..=hi` of each life, in
/// ascending life order) shown under the cap `cap`: all of them when they fit, else the newest
/// `cap` (highest [`LoopSet::copy_serial`]); each life's copies by `k` descending, lives in
/// order (see [`LoopSet::copies_at`]).
pub(super) fn select_newest(ranges: &[(usize, i64, i64)], cap: u64, out: &mut Vec<LoopCopy>) {
    let count_upto = |kmax: i64| -> u64 {
        ranges
            .iter()
            .map(|&(_, lo, hi)| (hi.min(kmax) - lo + 1).max(0) as u64)
            .sum()
    };
    let total = count_upto(i64::MAX);
    if total <= cap {
        for &(j, lo, hi) in ranges {
            for k in (lo..=hi).rev() {
                out.push(LoopCopy { life: j, k });
            }
        }
        return;
    }
    // The newest `cap` copies: every copy with k < K, and at k = K the highest lives, where K
    // is the smallest k with at least `cap` copies at or below it.
    // Searched between the lowest and the highest copy shown.
    let (mut a, mut b) = ranges
        .iter()
        .filter(|r| r.1 <= r.2)
        .fold(None, |span: Option<(i64, i64)>, r| {
            Some(span.map_or((r.1, r.2), |(lo, hi)| (lo.min(r.1), hi.max(r.2))))
        })
        .unwrap_or((0, 0));
    while a < b {
        let mid = a + (b - a) / 2;
        if count_upto(mid) >= cap {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    let k_cap = a;
    let mut room = cap - count_upto(k_cap - 1);
    for &(j, lo, hi) in ranges.iter().rev() {
        if lo <= k_cap && k_cap <= hi && room > 0 {
            out.push(LoopCopy { life: j, k: k_cap });
            room -= 1;
        }
    }
    for &(j, lo, hi) in ranges {
        for k in (lo..=hi.min(k_cap - 1)).rev() {
            out.push(LoopCopy { life: j, k });
        }
    }
}
