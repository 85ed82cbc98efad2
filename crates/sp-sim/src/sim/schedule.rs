//! Emission schedule: the exact birth times of a system, in order.
//!
//! With `d` = delay, `D` = duration, `r` = rate per second (system time, seconds):
//! - continuous births at `tᵢ = d + i/r`, `i = 0, 1, 2, …`; one-shot: only while `i/r < D`, i.e.
//!   `i < ⌈D·r⌉` births in all; loop-continuous: forever;
//! - a burst fires at `time + j·interval` for `j = 0 … n − 1` ([`burst_firings`]): `n` =
//!   `cycles`, or when `cycles` is 0 as many as start before `D` (`⌈(D − time)/interval⌉`, at
//!   least 1; exactly 1 when `interval` is 0, the only case before issue 10);
//! - one-shot bursts: `count` births at `d + offset` for each firing offset (once each);
//!   loop-continuous bursts: `count` births at `d + c·D + (offset mod D)` for every cycle `c ≥ 0`;
//! - on equal times continuous births come before bursts, bursts in list order (a stable sort by
//!   time);
//! - `set_emitting(false)` at time `T` drops every birth after `T`; `set_emitting(true)` resumes
//!   with the first scheduled birth after the current time.
//!
//! The times are computed from the indices (`d + i/r`), never accumulated, so no drift and no
//! dependence on the step size.
//!
//! With an emission-rate curve `c(x)` over the cycle (`rateCurve`, `x = (t − d)/D` within each
//! cycle, empty or constant 1 = the formula above), the emitted count up to time `t` is
//! `n(t) = k·C + r·D·I(x)` for cycle `k` and phase `x` (`I` the exact integral of the curve,
//! `C = r·D·I(1)` per cycle), and birth `i` is at the first `t` with `n(t) = i`: cycle
//! `k = ⌊i/C⌋`, phase by bisection of the monotone `I` (64 halvings, a fixed count, so every
//! build finds the same time). One-shot: births while `i < C` (`⌈C⌉` in all).

use super::lookup::IntegralEval;
use crate::document::{Burst, ParticleSystem, PlayMode};

/// Most firings [`burst_firings`] lists (one more than validation accepts, so an unvalidated
/// system cannot allocate without bound).
const FIRINGS_CAP: usize = crate::document::validate::MAX_BURST_FIRINGS as usize + 1;

/// Offsets (seconds after the delay) of the firings of `b` in one emission cycle of length
/// `duration_secs` (see the module formula).
pub fn burst_firings(b: &Burst, duration_secs: f32) -> Vec<f32> {
    let time = b.time_secs.max(0.0);
    let interval = if b.interval_secs.is_finite() {
        b.interval_secs.max(0.0)
    } else {
        0.0
    };
    let n = if b.cycles > 0 {
        b.cycles as usize
    } else if interval > 0.0 {
        let room = f64::from(duration_secs.max(0.0)) - f64::from(time);
        let n = f64::ceil(room / f64::from(interval));
        if n >= FIRINGS_CAP as f64 {
            FIRINGS_CAP
        } else if n >= 1.0 {
            n as usize
        } else {
            1
        }
    } else {
        1
    };
    (0..n.min(FIRINGS_CAP))
        .map(|j| time + j as f32 * interval)
        .collect()
}

/// Cursor over a system's birth times.
#[derive(Clone, Debug)]
pub struct Schedule {
    delay: f64,
    duration: f64,
    rate: f64,
    looping: bool,
    /// Continuous births emitted so far (index of the next one).
    rate_index: u64,
    /// One-shot: number of continuous births in all.
    rate_total: u64,
    /// `(∫ rateCurve, C = r·D·I(1))` when the curve is not constant 1.
    rate_curve: Option<(IntegralEval, f64)>,
    /// `(i, t_i)`: the time of continuous birth `i` as [`Schedule::rate_time`] computed it, for
    /// the next birth and the one before it. With a rate curve each time is a 64-step
    /// bisection, and every step asks for the next birth at least twice ([`Schedule::peek`],
    /// [`Schedule::pop`]) and a full pool once more ([`Schedule::drop_births`]); remembering the
    /// two values gives the same bits without the repeated search.
    rate_memo: [(u64, f64); 2],
    /// Bursts `(offset within a cycle, count)`, stably sorted by offset.
    bursts: Vec<(f64, u32)>,
    /// Current burst cycle (loop mode; always 0 for one-shot).
    cycle: u64,
    /// Next burst in `bursts`.
    burst_index: usize,
    /// Births already taken from the current burst.
    burst_taken: u32,
    emitting: bool,
}

impl Schedule {
    /// The schedule of `system` from time 0.
    pub fn new(system: &ParticleSystem) -> Schedule {
        let looping = system.mode == PlayMode::LoopContinuous;
        let duration = f64::from(system.duration_secs.max(0.0));
        let rate = f64::from(system.rate_per_sec.max(0.0));
        let mut bursts: Vec<(f64, u32)> = system
            .bursts
            .iter()
            .filter(|b| b.count > 0)
            .flat_map(|b| {
                burst_firings(b, system.duration_secs)
                    .into_iter()
                    .map(move |offset| (offset, b.count))
            })
            .map(|(offset, count)| {
                let t = f64::from(offset.max(0.0));
                (
                    if looping && duration > 0.0 {
                        t % duration
                    } else {
                        t
                    },
                    count,
                )
            })
            .collect();
        bursts.sort_by(|a, b| a.0.total_cmp(&b.0));
        if looping && duration <= 0.0 {
            bursts.clear();
        }
        let rate_curve = (!system.rate_curve.is_constant(1.0) && duration > 0.0).then(|| {
            let integral = IntegralEval::new(&system.rate_curve);
            let per_cycle = rate * duration * integral.eval(1.0);
            (integral, per_cycle)
        });
        let rate_total = if looping || rate <= 0.0 {
            0
        } else if let Some((_, per_cycle)) = &rate_curve {
            f64::ceil(*per_cycle) as u64
        } else {
            f64::ceil(duration * rate) as u64
        };
        // A curve that is zero everywhere emits nothing.
        let rate = match &rate_curve {
            Some((_, c)) if *c <= 0.0 => 0.0,
            _ => rate,
        };
        let mut schedule = Schedule {
            delay: f64::from(system.delay_secs.max(0.0)),
            duration,
            rate,
            looping,
            rate_index: 0,
            rate_total,
            rate_curve,
            rate_memo: [(u64::MAX, 0.0); 2],
            bursts,
            cycle: 0,
            burst_index: 0,
            burst_taken: 0,
            emitting: true,
        };
        schedule.remember_rate_time();
        schedule
    }

    /// Remembers the times of continuous births `rate_index` and `rate_index − 1`
    /// ([`Schedule::rate_memo`]).
    fn remember_rate_time(&mut self) {
        if self.rate <= 0.0 {
            return;
        }
        let i = self.rate_index;
        let [current, previous] = self.rate_memo;
        let before = match i.checked_sub(1) {
            Some(p) if current.0 == p => current,
            Some(p) if previous.0 == p => previous,
            Some(p) => (p, self.rate_time(p)),
            None => (u64::MAX, 0.0),
        };
        let now = match (current, previous) {
            (c, _) if c.0 == i => c,
            (_, p) if p.0 == i => p,
            _ => (i, self.rate_time(i)),
        };
        self.rate_memo = [now, before];
    }

    /// [`Schedule::rate_time`], from the memo when it holds `i`.
    fn rate_time_memo(&self, i: u64) -> f64 {
        let [current, previous] = self.rate_memo;
        if current.0 == i {
            current.1
        } else if previous.0 == i {
            previous.1
        } else {
            self.rate_time(i)
        }
    }

    fn next_rate_time(&self) -> Option<f64> {
        if self.rate <= 0.0 || (!self.looping && self.rate_index >= self.rate_total) {
            return None;
        }
        Some(self.rate_time_memo(self.rate_index))
    }

    /// Time of continuous birth `i` (see the module formula).
    fn rate_time(&self, i: u64) -> f64 {
        let Some((integral, per_cycle)) = &self.rate_curve else {
            return self.delay + i as f64 / self.rate;
        };
        let target = i as f64;
        let cycle = f64::floor(target / per_cycle);
        let q = (target - cycle * per_cycle) / (self.rate * self.duration);
        // Smallest phase x with I(x) ≥ q.
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        if integral.eval(lo) < q {
            for _ in 0..64 {
                let mid = 0.5 * (lo + hi);
                if integral.eval(mid) >= q {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
        } else {
            hi = 0.0;
        }
        self.delay + (cycle + hi) * self.duration
    }

    /// An estimate of the number of continuous births by `t` (exact up to rounding; callers
    /// correct it with [`Schedule::rate_time`]).
    fn rate_count_estimate(&self, t: f64) -> f64 {
        let since = t - self.delay;
        if since <= 0.0 {
            return 0.0;
        }
        match &self.rate_curve {
            None => since * self.rate,
            Some((integral, per_cycle)) => {
                let cycles = since / self.duration;
                let k = f64::floor(cycles);
                k * per_cycle + self.rate * self.duration * integral.eval(cycles - k)
            }
        }
    }

    fn next_burst_time(&self) -> Option<f64> {
        let &(offset, _) = self.bursts.get(self.burst_index)?;
        Some(self.delay + self.cycle as f64 * self.duration + offset)
    }

    /// Time of the next birth, if any remains.
    pub fn peek(&self) -> Option<f64> {
        if !self.emitting {
            return None;
        }
        match (self.next_rate_time(), self.next_burst_time()) {
            (Some(r), Some(b)) => Some(r.min(b)),
            (r, b) => r.or(b),
        }
    }

    /// Consumes the next birth (the one [`Schedule::peek`] reports).
    pub fn pop(&mut self) {
        match (self.next_rate_time(), self.next_burst_time()) {
            (Some(r), Some(b)) if r <= b => {
                self.rate_index += 1;
                self.remember_rate_time();
            }
            (Some(_), None) => {
                self.rate_index += 1;
                self.remember_rate_time();
            }
            (_, Some(_)) => self.pop_burst(),
            (None, None) => {}
        }
    }

    fn pop_burst(&mut self) {
        let Some(&(_, count)) = self.bursts.get(self.burst_index) else {
            return;
        };
        self.burst_taken += 1;
        if self.burst_taken >= count {
            self.burst_taken = 0;
            self.burst_index += 1;
            if self.looping && self.burst_index >= self.bursts.len() {
                self.burst_index = 0;
                self.cycle += 1;
            }
        }
    }

    /// True when no birth will ever come again (one-shot emission over, or emission switched off).
    pub fn is_exhausted(&self) -> bool {
        self.peek().is_none()
    }

    /// Switches emission on or off at system time `now_secs` (see the module formula).
    pub fn set_emitting(&mut self, on: bool, now_secs: f64) {
        if on == self.emitting {
            return;
        }
        self.emitting = on;
        if on {
            self.skip_through(now_secs);
        }
    }

    /// Drops every birth at or before `now_secs`.
    fn skip_through(&mut self, now_secs: f64) {
        self.drop_births(now_secs, true);
    }

    /// Drops every birth before `limit_secs` (also at it when `inclusive`), in time independent of
    /// how many there are (used when the pool is full: births then are dropped anyway); returns
    /// how many births were dropped.
    pub fn drop_births(&mut self, limit_secs: f64, inclusive: bool) -> u64 {
        let before = |t: f64| {
            if inclusive {
                t <= limit_secs
            } else {
                t < limit_secs
            }
        };
        let mut dropped = 0u64;
        if self.rate > 0.0 {
            let estimate = self.rate_count_estimate(limit_secs);
            let mut i = if estimate > 0.0 {
                f64::floor(estimate) as u64
            } else {
                0
            };
            // The same time formula as `next_rate_time`, so rounding cannot disagree with it.
            let time = |i: u64| self.rate_time_memo(i);
            while i > 0 && !before(time(i - 1)) {
                i -= 1;
            }
            while before(time(i)) {
                i += 1;
            }
            if !self.looping {
                i = i.min(self.rate_total);
            }
            dropped += i.saturating_sub(self.rate_index);
            self.rate_index = self.rate_index.max(i);
            self.remember_rate_time();
        }
        if self.looping && self.duration > 0.0 && !self.bursts.is_empty() {
            let cycles = (limit_secs - self.delay) / self.duration;
            let cycle = if cycles > 0.0 {
                f64::floor(cycles) as u64
            } else {
                0
            };
            if cycle > self.cycle {
                let per_cycle: u64 = self.bursts.iter().map(|&(_, c)| u64::from(c)).sum();
                let left: u64 = self.bursts[self.burst_index.min(self.bursts.len())..]
                    .iter()
                    .map(|&(_, c)| u64::from(c))
                    .sum::<u64>()
                    .saturating_sub(u64::from(self.burst_taken));
                dropped += left + (cycle - self.cycle - 1) * per_cycle;
                self.cycle = cycle;
                self.burst_index = 0;
                self.burst_taken = 0;
            }
        }
        while self.next_burst_time().is_some_and(before) {
            let count = self.bursts[self.burst_index].1;
            dropped += u64::from(count.saturating_sub(self.burst_taken));
            self.burst_taken = 0;
            self.burst_index += 1;
            if self.looping && self.burst_index >= self.bursts.len() {
                self.burst_index = 0;
                self.cycle += 1;
            }
        }
        dropped
    }
}

#[cfg(test)]
mod tests;
