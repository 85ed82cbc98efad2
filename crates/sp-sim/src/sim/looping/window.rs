//! The copies a loop set shows at every integer frame of a window (what the exporter bakes),
//! in integer arithmetic.
//!
//! At an integer frame position `v`, copy `k` of a life reads the original frame `n = v + k·L`
//! at the time `n / fps` ([`super::set`]): it is alive when `N_b ≤ n < N_d`, where `N_b` is the
//! first integer `n` with `birth ≤ n / fps` and `N_d` the first with `n / fps ≥ death` (each test
//! is monotone in `n`, the division being correctly rounded). Whether the copy belongs to the
//! emission reads `k` alone: born at or after the delay for `k ≤ K_delay`, at or before the stop
//! for `k ≥ K_stop`. So the copies of a life at `v` are
//!
//! `k ∈ [max(⌈(N_b − v) / L⌉, K_stop), min(⌊(N_d − 1 − v) / L⌋, K_delay)]`,
//!
//! the very set [`LoopSet::copies_at`] finds by testing the times copy by copy: each bound is
//! found once per life with the same floating-point tests. Copy `k` thus shows on the frames
//! `[N_b − k·L, N_d − k·L)`, so a window's copies are found by walking each life's copies once,
//! in time proportional to the copies shown (the cap then selects among them frame by frame as
//! `copies_at` does).

use super::set::{LoopCopy, LoopSet, TIME_EPSILON_SECS, select_newest};

/// The integer bounds of one life's copies (see the module docs).
#[derive(Clone, Copy, Debug)]
struct LifeBounds {
    /// First original frame at which the life is born, `N_b`.
    born: i64,
    /// First original frame at which it is dead, `N_d`.
    dead: i64,
    /// Highest copy born at or after the delay, `K_delay`.
    k_delay: i64,
    /// Lowest copy born at or before the stop, `K_stop` (`i64::MIN` without a stop).
    k_stop: i64,
}

/// The lowest integer `n` at which the monotone test `holds` (false below, true from it on),
/// searched from `guess`; `None` when the search leaves `±2⁵²` (a time that is not finite).
fn first_holding(guess: f64, holds: impl Fn(i64) -> bool) -> Option<i64> {
    const LIMIT: i64 = 1 << 52;
    if !guess.is_finite() || guess.abs() >= LIMIT as f64 {
        return None;
    }
    let mut n = guess as i64;
    while n > -LIMIT && holds(n - 1) {
        n -= 1;
    }
    while n < LIMIT && !holds(n) {
        n += 1;
    }
    (n.abs() < LIMIT).then_some(n)
}

impl LoopSet {
    /// The bounds of life `j` with emission stopped at frame position `stop`; `None` when the
    /// life never shows a copy (a time that is not finite).
    fn life_bounds(&self, j: usize, stop: Option<f64>) -> Option<LifeBounds> {
        let plan = self.plan();
        let fps = f64::from(plan.fps);
        let l = i64::from(plan.loop_frames);
        let life = &self.lives()[j];
        let kl = |k: i64| (k * l) as f64;
        // The tests of `LoopSet::copy_range`, as written there.
        let living = |n: i64| n as f64 / fps < life.death_secs;
        let delay_ok =
            |k: i64| life.birth_secs - kl(k) / fps >= plan.delay_secs - TIME_EPSILON_SECS;
        let born = first_holding(f64::ceil(life.birth_secs * fps), |n| {
            life.birth_secs <= n as f64 / fps
        })?;
        let dead = first_holding(f64::ceil(life.death_secs * fps), |n| !living(n))?;
        // The first copy born before the delay, less one.
        let k_delay = first_holding(
            f64::floor((life.birth_secs - plan.delay_secs) * fps / l as f64),
            |k| !delay_ok(k),
        )? - 1;
        let k_stop = match stop {
            Some(s) => first_holding(f64::floor((life.birth_secs * fps - s) / l as f64), |k| {
                life.birth_secs <= (s + kl(k)) / fps + TIME_EPSILON_SECS
            })?,
            None => i64::MIN,
        };
        Some(LifeBounds {
            born,
            dead,
            k_delay,
            k_stop,
        })
    }

    /// [`LoopSet::copies_at`] at every frame of `first..=last` (integer frame positions), with
    /// emission stopped at `stop`: the same copies in the same order (see the module docs).
    /// Each copy's frames within the window form one interval, so the ranges of every frame
    /// are built by walking each life's copies once: the work is the number of copies shown.
    pub fn copies_over(&self, first: u32, last: u32, stop: Option<f64>) -> Vec<Vec<LoopCopy>> {
        let l = i64::from(self.plan().loop_frames);
        if l <= 0 {
            return (first..=last)
                .map(|v| {
                    let mut out = Vec::new();
                    self.copies_at(f64::from(v), stop, &mut out);
                    out
                })
                .collect();
        }
        if first > last {
            return Vec::new();
        }
        let (first, last) = (i64::from(first), i64::from(last));
        // `ranges[v − first]`: `(life, lo, hi)` of every life showing a copy at `v`, lives
        // ascending (the order `copies_at` selects from).
        let mut ranges: Vec<Vec<(usize, i64, i64)>> = vec![Vec::new(); (last - first + 1) as usize];
        for j in 0..self.lives().len() {
            let Some(b) = self.life_bounds(j, stop) else {
                continue;
            };
            // Copy k shows at the frames v with N_b ≤ v + k·L < N_d.
            let k_lo = (-(last - b.born).div_euclid(l)).max(b.k_stop);
            let k_hi = (b.dead - 1 - first).div_euclid(l).min(b.k_delay);
            for k in k_lo..=k_hi {
                let from = (b.born - k * l).max(first);
                let to = (b.dead - 1 - k * l).min(last);
                for list in ranges
                    .iter_mut()
                    .take((to - first + 1).max(0) as usize)
                    .skip((from - first) as usize)
                {
                    // A life's copies at one frame are consecutive: extend its range.
                    match list.last_mut() {
                        Some(range) if range.0 == j => range.2 = k,
                        _ => list.push((j, k, k)),
                    }
                }
            }
        }
        let cap = self.max_particles() as u64;
        ranges
            .iter()
            .map(|frame| {
                let mut out = Vec::with_capacity(frame.len());
                select_newest(frame, cap, &mut out);
                out
            })
            .collect()
    }
}
