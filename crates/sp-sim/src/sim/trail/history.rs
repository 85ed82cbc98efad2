//! A particle's recorded head positions ([`crate::behaviour::trail`] "History" and
//! "Polyline"): candidates at the fixed ages `k·Δ`, filtered by the least movement, pruned to
//! what the trail's length still needs, and the polyline of the trail at an age.
//!
//! The points are a pure function of the particle's spawn record: candidate `k` is the
//! position at age `k·Δ` (closed form from the birth state, or the kept grid state on the
//! integrated path), and which candidates are kept depends only on earlier candidates. So the
//! polyline at a given age does not depend on the steps that led there.

use std::collections::VecDeque;

use crate::behaviour::trail::LengthMode;
use crate::sim::motion::StepFactors;

/// One recorded point, particle space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrailPoint {
    /// Age of the particle when it was there, seconds.
    pub age_secs: f64,
    /// Position, pixels (y down).
    pub p: [f64; 2],
}

/// How a system records and cuts its trails.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recorder {
    /// Age between candidates, seconds.
    pub interval_secs: f64,
    /// Least distance from the last recorded point, pixels.
    pub min_move_px: f64,
    /// Seconds or points.
    pub mode: LengthMode,
    /// Seconds of history.
    pub length_secs: f64,
    /// Recorded points kept.
    pub length_points: usize,
}

/// One particle's recorded points (oldest first).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    points: VecDeque<TrailPoint>,
    next_k: u32,
    last: [f64; 2],
    p0: [f64; 2],
    v0: [f64; 2],
}

impl History {
    /// Starts the history of a particle born at `p0` with velocity `v0` (particle space):
    /// candidate 0 is recorded.
    pub fn start(&mut self, p0: [f64; 2], v0: [f64; 2]) {
        self.points.clear();
        self.points.push_back(TrailPoint {
            age_secs: 0.0,
            p: p0,
        });
        self.next_k = 1;
        self.last = p0;
        self.p0 = p0;
        self.v0 = v0;
    }

    /// The recorded points, oldest first.
    pub fn points(&self) -> impl DoubleEndedIterator<Item = &TrailPoint> + ExactSizeIterator {
        self.points.iter()
    }

    /// Offers candidate `k` at position `p` (ignored when already seen).
    pub fn offer(&mut self, rec: &Recorder, k: u32, p: [f64; 2]) {
        if k < self.next_k {
            return;
        }
        self.next_k = k + 1;
        let d = crate::sim::path_geom::dist(self.last, p);
        if d >= rec.min_move_px {
            self.points.push_back(TrailPoint {
                age_secs: f64::from(k) * rec.interval_secs,
                p,
            });
            self.last = p;
        }
    }

    /// Offers every candidate up to age `age_secs` of closed-form motion (gravity `g`, damping
    /// `k`, see [`crate::sim::motion`]) from the birth state.
    pub fn record_closed_form(&mut self, rec: &Recorder, age_secs: f64, g: [f64; 2], damping: f64) {
        let (p0, v0) = (self.p0, self.v0);
        self.record_with(rec, age_secs, |a| {
            let f = StepFactors::new(damping, a);
            [f.apply(p0[0], v0[0], g[0]).0, f.apply(p0[1], v0[1], g[1]).0]
        });
    }

    /// Offers every candidate up to age `age_secs` of a motion given as a function of age
    /// (`at(age)`: the position then, particle space; a particle travelling a path).
    pub fn record_with(&mut self, rec: &Recorder, age_secs: f64, at: impl Fn(f64) -> [f64; 2]) {
        let last_k = f64::floor(age_secs / rec.interval_secs);
        if last_k.is_nan() || last_k < f64::from(self.next_k) {
            return;
        }
        let last_k = last_k.min(f64::from(u32::MAX - 1)) as u32;
        for k in self.next_k..=last_k {
            self.offer(rec, k, at(f64::from(k) * rec.interval_secs));
        }
    }

    /// Drops the points the trail no longer needs at age `age_secs`: in seconds mode all but one
    /// at or before `age − lengthSecs`, in points mode all but the newest `lengthPoints + 1`.
    pub fn prune(&mut self, rec: &Recorder, age_secs: f64) {
        match rec.mode {
            LengthMode::Secs => {
                let tail = age_secs - rec.length_secs;
                while self.points.len() >= 2 && self.points[1].age_secs <= tail {
                    self.points.pop_front();
                }
            }
            LengthMode::Points => {
                while self.points.len() > rec.length_points + 1 {
                    self.points.pop_front();
                }
            }
        }
    }

    /// The trail's polyline at age `age_secs`, head first, particle space (see the module docs
    /// of [`crate::behaviour::trail`]).
    pub fn polyline(&self, rec: &Recorder, head: [f64; 2], age_secs: f64, out: &mut Vec<[f64; 2]>) {
        out.clear();
        out.push(head);
        // Newest first: the deque's back slice reversed, then its front slice reversed. Points
        // recorded at or after `age_secs` are not in the past yet: ages increase along the
        // deque, so they are the end of each slice.
        let (front, back) = self.points.as_slices();
        let (front, back) = (before(front, age_secs), before(back, age_secs));
        let newest_first = back.iter().rev().chain(front.iter().rev());
        match rec.mode {
            LengthMode::Secs => {
                let (mut prev_age, mut prev) = (age_secs, head);
                let tail_age = age_secs - rec.length_secs;
                for pt in newest_first {
                    if pt.age_secs > tail_age {
                        out.push(pt.p);
                        (prev_age, prev) = (pt.age_secs, pt.p);
                        continue;
                    }
                    let span = prev_age - pt.age_secs;
                    let f = if span > 0.0 {
                        ((prev_age - tail_age) / span).clamp(0.0, 1.0)
                    } else {
                        1.0
                    };
                    out.push([
                        prev[0] + (pt.p[0] - prev[0]) * f,
                        prev[1] + (pt.p[1] - prev[1]) * f,
                    ]);
                    return;
                }
            }
            LengthMode::Points => out.extend(newest_first.take(rec.length_points).map(|pt| pt.p)),
        }
    }
}

/// `points` without its end recorded at or after `age_secs` (ages increase along `points`).
fn before(mut points: &[TrailPoint], age_secs: f64) -> &[TrailPoint] {
    while let [rest @ .., last] = points
        && last.age_secs >= age_secs
    {
        points = rest;
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(mode: LengthMode, min_move_px: f64) -> Recorder {
        Recorder {
            interval_secs: 0.1,
            min_move_px,
            mode,
            length_secs: 0.25,
            length_points: 3,
        }
    }

    #[test]
    fn seconds_mode_ends_at_the_interpolated_tail() {
        // Moving right at 100 px/s: candidates every 10 px.
        let r = rec(LengthMode::Secs, 0.0);
        let mut h = History::default();
        h.start([0.0, 0.0], [100.0, 0.0]);
        h.record_closed_form(&r, 0.55, [0.0, 0.0], 0.0);
        h.prune(&r, 0.55);
        let mut poly = Vec::new();
        h.polyline(&r, [55.0, 0.0], 0.55, &mut poly);
        let xs: Vec<f64> = poly.iter().map(|p| f64::round(p[0] * 1e9) / 1e9).collect();
        assert_eq!(xs, vec![55.0, 50.0, 40.0, 30.0]);
        // Young: the polyline ends at the birth point.
        let mut young = History::default();
        young.start([0.0, 0.0], [100.0, 0.0]);
        young.record_closed_form(&r, 0.15, [0.0, 0.0], 0.0);
        young.polyline(&r, [15.0, 0.0], 0.15, &mut poly);
        assert_eq!(poly.len(), 3);
        assert_eq!(poly[2], [0.0, 0.0]);
    }

    #[test]
    fn the_same_age_gives_the_same_points_whatever_the_steps() {
        let r = rec(LengthMode::Secs, 3.0);
        let (g, k) = ([0.0, 300.0], 1.5);
        let mut one = History::default();
        one.start([1.0, 2.0], [120.0, -80.0]);
        one.record_closed_form(&r, 1.3, g, k);
        one.prune(&r, 1.3);
        let mut many = History::default();
        many.start([1.0, 2.0], [120.0, -80.0]);
        for i in 1..=130 {
            let age = f64::from(i) / 100.0;
            many.record_closed_form(&r, age, g, k);
            many.prune(&r, age);
        }
        assert_eq!(one, many);
    }

    /// The polyline as the module formula states it: every recorded point older than the age,
    /// newest first, cut at the length (the former one-loop form).
    fn polyline_reference(h: &History, rec: &Recorder, head: [f64; 2], age: f64) -> Vec<[f64; 2]> {
        let mut out = vec![head];
        let (mut prev_age, mut prev) = (age, head);
        let tail_age = age - rec.length_secs;
        for pt in h.points().rev() {
            if pt.age_secs >= age {
                continue;
            }
            match rec.mode {
                LengthMode::Secs if pt.age_secs > tail_age => {
                    out.push(pt.p);
                    (prev_age, prev) = (pt.age_secs, pt.p);
                }
                LengthMode::Secs => {
                    let span = prev_age - pt.age_secs;
                    let f = if span > 0.0 {
                        ((prev_age - tail_age) / span).clamp(0.0, 1.0)
                    } else {
                        1.0
                    };
                    out.push([
                        prev[0] + (pt.p[0] - prev[0]) * f,
                        prev[1] + (pt.p[1] - prev[1]) * f,
                    ]);
                    break;
                }
                LengthMode::Points if out.len() > rec.length_points => break,
                LengthMode::Points => out.push(pt.p),
            }
        }
        out
    }

    #[test]
    fn the_polyline_is_the_reference_at_any_age() {
        // Histories whose deque has wrapped (pruned at the front, grown at the back), read at
        // ages between, on and before the recorded points (a loop copy reads a history
        // recorded past its own age).
        let mut poly = Vec::new();
        let mut wrapped = 0;
        for mode in [LengthMode::Secs, LengthMode::Points] {
            let r = rec(mode, 0.5);
            let mut h = History::default();
            h.start([3.0, -1.0], [90.0, 40.0]);
            for step in 1..=60 {
                let age = f64::from(step) * 0.037;
                h.record_closed_form(&r, age, [0.0, 250.0], 0.7);
                h.prune(&r, age);
                wrapped += usize::from(!h.points.as_slices().1.is_empty());
                for read in [age, age - 0.1, age - 0.05, age - 0.31, 0.0, age + 0.2] {
                    h.polyline(&r, [7.0, 8.0], read, &mut poly);
                    assert_eq!(
                        poly,
                        polyline_reference(&h, &r, [7.0, 8.0], read),
                        "{mode:?} step {step} read {read}"
                    );
                }
            }
        }
        assert!(wrapped > 0, "some history wrapped round its deque");
    }

    #[test]
    fn points_mode_and_least_movement() {
        // A particle that stops: with a least movement of 5 px, nothing is recorded once it
        // rests, and the trail keeps its last points.
        let r = rec(LengthMode::Points, 5.0);
        let mut h = History::default();
        h.start([0.0, 0.0], [0.0, 0.0]);
        for (k, x) in [(1, 10.0), (2, 12.0), (3, 20.0), (4, 20.0), (5, 20.0)] {
            h.offer(&r, k, [x, 0.0]);
        }
        let ages: Vec<f64> = h.points().map(|p| p.age_secs).collect();
        assert_eq!(ages.len(), 3, "{ages:?}");
        let mut poly = Vec::new();
        h.polyline(&r, [20.0, 0.0], 10.0, &mut poly);
        assert_eq!(
            poly,
            vec![[20.0, 0.0], [20.0, 0.0], [10.0, 0.0], [0.0, 0.0]]
        );
    }
}
