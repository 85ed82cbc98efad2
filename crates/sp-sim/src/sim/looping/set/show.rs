//! The states of the copies shown: each copy's particle at its age, continued from the kept
//! evaluation states of its life (integrated motion, trail history), and a life sampled at
//! every frame it is alive.

use super::{Kept, LifeTrail, LoopSet, Shown};
use crate::sim::birth::{birth_history, evaluate_traced};
use crate::sim::particle::Particle;
use crate::sim::trail::PreparedTrail;

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

impl LoopSet {
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
}
