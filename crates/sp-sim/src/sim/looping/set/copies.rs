//! Which copies of the loop set are shown at a frame position: the run of copy indices each
//! life shows ([`LoopSet::copy_range`]), the emission's delay and stop, the cap (the newest
//! copies kept), the copies' serials and the length of the end segment.

use super::{LoopCopy, LoopSet, TIME_EPSILON_SECS};

impl LoopSet {
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
    /// `stop`: the alive copies (`LoopSet::copy_range`), at most `maxParticles` of them, the
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
pub(in crate::sim::looping) fn select_newest(
    ranges: &[(usize, i64, i64)],
    cap: u64,
    out: &mut Vec<LoopCopy>,
) {
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
