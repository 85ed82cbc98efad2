//! The over-life channels every particle reads every frame, evaluated together.
//!
//! [`super::state::finish`] needs the scale curve, size X, size Y, the alpha curve and the
//! colour gradient at the particle's normalised life `u`. Evaluated one by one
//! ([`CurveEval::eval`], [`GradientEval::eval`]), each finds its own segment and half of the
//! per-particle time of a system without forces went there (README, Performance). Here they share
//! one segment search: the key times of the channels that vary are merged into one sorted list
//! `m₀ < m₁ < … < m_{J−1}`; row `j` (`j = #{mₖ < u}`) holds, for every channel, the segment that
//! channel's own search selects for any `u` in `(m_{j−1}, m_j]`, i.e. its segment
//! `i = #{keys of the channel ≤ m_{j−1}}` (`0` for `j = 0`). Each channel then computes exactly
//! what its own evaluation computes, in the same operations and order:
//!
//! - linear (and every gradient channel): `v = base + slope·(u − start)`;
//! - smooth: `v = base + Δ·(x²·(3 − 2x))`, `x = (u − start)·(1/span)`;
//! - constant: the constant;
//!
//! then alpha is limited to `[0, 1]`.
//!
//! In WebAssembly the eight lanes (scale, size X, size Y, alpha, red, green, blue, unused) are
//! computed at once, two `f32x4` (`simd128`, `.cargo/config.toml`); natively lane by lane with
//! branches (the optimiser's vector form was no faster there). `+ − ×` round each lane as the
//! scalar operation does (IEEE 754, no fused multiply-add), a lane select picks what the scalar
//! branch picks, a constant lane computes `c + (−0)·(+0)`, which is `c`, and alpha's limit is
//! `pmax`/`pmin`, the scalar limit's two compares; so both forms give the same bits as the
//! channel-by-channel evaluation (`tests.rs` checks both on every target, the wasm = native
//! state hashes check the wasm instructions), and exports do not change. With at most eight
//! merged times, the row is found in lanes too: the times in two `f32x4`, the lanes past the
//! end `+∞`, and `j` the number of lanes below `u` (two compares, a bit mask, a population count;
//! with more times, the first eight are counted so, and a search of the rest follows when all
//! eight are below `u`).
//! A channel whose keys are not sorted (never from a loaded document, which sorts them) keeps the
//! channel-by-channel evaluation.

pub(super) use self::eval::LifeEval;
use self::lanes::{F8, LANES, Lane3Bounds, M8};
use super::lookup::{CurveEval, GradientEval, clamp, count_below};
use crate::document::Rgb;

/// The over-life channel values at one normalised life.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct LifeValues {
    /// The scale curve (`scaleCurve`).
    pub(super) scale: f32,
    /// Size X over life.
    pub(super) size_x: f32,
    /// Size Y over life.
    pub(super) size_y: f32,
    /// The alpha curve, limited to `[0, 1]` ([`clamp`]: a NaN stays NaN).
    pub(super) alpha: f32,
    /// The colour gradient.
    pub(super) color: Rgb,
}

/// The five channels, prepared: one shared segment search when their keys allow it (see the
/// module doc).
#[derive(Clone, Debug)]
pub(super) struct LifeCurves {
    scale: CurveEval,
    size_x: CurveEval,
    size_y: CurveEval,
    alpha: CurveEval,
    color: GradientEval,
    table: Option<Table>,
}

impl LifeCurves {
    /// Prepares the channels and, when every varying channel's keys are sorted, their table.
    pub(super) fn new(
        scale: CurveEval,
        size_x: CurveEval,
        size_y: CurveEval,
        alpha: CurveEval,
        color: GradientEval,
    ) -> LifeCurves {
        let table = Table::new([&scale, &size_x, &size_y, &alpha], &color);
        LifeCurves {
            scale,
            size_x,
            size_y,
            alpha,
            color,
            table,
        }
    }

    /// The channels at normalised life `u`.
    #[cfg(test)]
    pub(super) fn eval(&self, u: f32) -> LifeValues {
        self.with(u, |v| v)
    }

    /// `write` applied to the channels at normalised life `u`. Each path calls `write` itself:
    /// with one value merged from both, the table's values went through the stack slot that the
    /// out-of-line path returns into, and a copy read two of them back as one 8-byte load (a
    /// store-forwarding stall: a fifth of the no-force loop's samples in wasm, V8's code
    /// profiled with `perf`).
    #[inline(always)]
    pub(super) fn with<R>(&self, u: f32, write: impl FnOnce(LifeValues) -> R) -> R {
        match &self.table {
            Some(t) => write(t.eval(u)),
            None => write(self.eval_each(u)),
        }
    }

    /// The shared table, when the channels have one: a loop over many particles matches it
    /// once and evaluates it directly ([`LifeEval`]), so that the out-of-line path's call is not
    /// in the loop. With that call in it, Node 20's V8 reloaded the loop's values from the stack
    /// in every iteration (without it the no-force step took 0.84× the time there; Chromium's
    /// V8 showed no difference).
    #[inline]
    pub(super) fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// The channels at `u`, each with its own evaluation (the reference the table matches;
    /// out of line: only curves built with unsorted keys take it).
    #[cold]
    #[inline(never)]
    fn eval_each(&self, u: f32) -> LifeValues {
        LifeValues {
            scale: self.scale.eval(u),
            size_x: self.size_x.eval(u),
            size_y: self.size_y.eval(u),
            alpha: clamp(self.alpha.eval(u), 0.0, 1.0),
            color: self.color.eval(u),
        }
    }

    /// Whether the channels share one segment search (see the module doc).
    #[cfg(test)]
    pub(super) fn is_tabled(&self) -> bool {
        self.table.is_some()
    }
}

/// The merged key times and one row per merged segment (see the module doc).
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// Merged key times of the varying channels, sorted, distinct.
    ts: Vec<f32>,
    /// The first [`LANES`] of `ts` in lanes, the lanes past its end `+∞` (never below any
    /// `u`): the row is found by [`F8::count_below`], and only when every lane is below `u` by a
    /// search of the rest of `ts`. Always present: one `Option` fewer to match per particle.
    ts_lanes: F8,
    /// `ts.len() + 1` rows.
    rows: Vec<Row>,
    /// Per row, the smooth segments' `1/span` and `Δ` and which lanes are smooth; empty when no
    /// channel has a smooth segment.
    smooth: Vec<SmoothRow>,
    /// The lanes that are not constant (in lanes, the others' `u − start` is made `+0`; lane by
    /// lane, the others' value is their rows' `base`).
    varying_lanes: M8,
    /// Alpha's limit to `[0, 1]`, built once.
    alpha_bounds: Lane3Bounds,
}

/// One merged segment: each lane's `(start, base, slope)`; a constant lane's is `(0, c, −0)`.
#[derive(Clone, Copy, Debug)]
struct Row {
    start: F8,
    base: F8,
    slope: F8,
}

/// One merged segment's smooth lanes.
#[derive(Clone, Copy, Debug)]
struct SmoothRow {
    inv_span: F8,
    delta: F8,
    lanes: M8,
}

/// A channel's segment as its own evaluation uses it: `(start, base, slope)` and, when smooth,
/// `(1/span, Δ)`.
type Segment = ((f32, f32, f32), Option<(f32, f32)>);

impl Table {
    /// The table of the curves (scale, size X, size Y, alpha) and the gradient; `None` when a
    /// varying channel's keys are not sorted.
    fn new(curves: [&CurveEval; 4], color: &GradientEval) -> Option<Table> {
        // Per lane: its key times, or its constant.
        let mut keys: Vec<&[f32]> = Vec::with_capacity(LANES);
        let mut constant = [None; LANES];
        for (lane, c) in curves.iter().enumerate() {
            constant[lane] = c.constant();
            keys.push(c.key_times());
        }
        let color_constant = color.constant();
        for lane in 4..7 {
            constant[lane] = color_constant.map(|c| [c.r, c.g, c.b][lane - 4]);
            keys.push(color.key_times());
        }
        constant[7] = Some(0.0);
        keys.push(&[]);
        let sorted = |ts: &[f32]| ts.windows(2).all(|w| w[0] <= w[1]);
        if (0..LANES).any(|l| constant[l].is_none() && !sorted(keys[l])) {
            return None;
        }
        let mut ts: Vec<f32> = (0..LANES)
            .filter(|&l| constant[l].is_none())
            .flat_map(|l| keys[l].iter().copied())
            .collect();
        ts.sort_by(f32::total_cmp);
        ts.dedup_by(|a, b| a == b);
        let segment = |lane: usize, i: usize| -> Segment {
            match lane {
                0..=3 => curves[lane].segment(i),
                4..=6 => {
                    let (start, base, slope) = color.segment(i);
                    ((start, base[lane - 4], slope[lane - 4]), None)
                }
                _ => ((0.0, 0.0, 0.0), None),
            }
        };
        let any_smooth = curves
            .iter()
            .enumerate()
            .any(|(l, c)| constant[l].is_none() && c.has_smooth());
        let mut rows = Vec::with_capacity(ts.len() + 1);
        let mut smooth = Vec::new();
        for j in 0..=ts.len() {
            let (mut start, mut base, mut slope) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
            let (mut inv_span, mut delta, mut is_smooth) =
                ([0.0; LANES], [0.0; LANES], [false; LANES]);
            for lane in 0..LANES {
                if let Some(c) = constant[lane] {
                    // In lanes: `c + (−0)·(+0)`, i.e. `c` (see `Table::eval_lanes`).
                    (base[lane], slope[lane]) = (c, -0.0);
                    continue;
                }
                // The channel's own count for any u in (m_{j−1}, m_j].
                let i = match j {
                    0 => 0,
                    j => keys[lane].iter().filter(|&&k| k <= ts[j - 1]).count(),
                };
                let ((s, b, m), sm) = segment(lane, i);
                (start[lane], base[lane], slope[lane]) = (s, b, m);
                if let Some((inv, d)) = sm {
                    (inv_span[lane], delta[lane], is_smooth[lane]) = (inv, d, true);
                }
            }
            rows.push(Row {
                start: F8::new(start),
                base: F8::new(base),
                slope: F8::new(slope),
            });
            if any_smooth {
                smooth.push(SmoothRow {
                    inv_span: F8::new(inv_span),
                    delta: F8::new(delta),
                    lanes: M8::new(is_smooth),
                });
            }
        }
        let ts_lanes = F8::new(std::array::from_fn(|i| {
            ts.get(i).copied().unwrap_or(f32::INFINITY)
        }));
        Some(Table {
            ts,
            ts_lanes,
            rows,
            smooth,
            varying_lanes: M8::new(constant.map(|c| c.is_none())),
            alpha_bounds: Lane3Bounds::new(0.0, 1.0),
        })
    }

    /// The channels at `u`: in lanes in WebAssembly (two `f32x4`), lane by lane natively (where
    /// the optimiser's vector form of the lanes read its results back through the stack).
    #[inline(always)]
    fn eval(&self, u: f32) -> LifeValues {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            self.eval_lanes(u)
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.eval_scalar(u)
        }
    }

    /// [`Table::eval`] lane by lane, each lane's formula chosen by branches (native builds).
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    #[inline(always)]
    fn eval_scalar(&self, u: f32) -> LifeValues {
        let j = count_below(&self.ts, u);
        let (row, smooth) = (&self.rows[j], self.smooth.get(j));
        let lane = |i: usize| -> f32 {
            if !self.varying_lanes.get(i) {
                return row.base.get(i);
            }
            let d = u - row.start.get(i);
            if let Some(s) = smooth
                && s.lanes.get(i)
            {
                let x = d * s.inv_span.get(i);
                return row.base.get(i) + s.delta.get(i) * (x * x * (3.0 - 2.0 * x));
            }
            row.base.get(i) + row.slope.get(i) * d
        };
        LifeValues {
            scale: lane(0),
            size_x: lane(1),
            size_y: lane(2),
            alpha: clamp(lane(3), 0.0, 1.0),
            color: Rgb {
                r: lane(4),
                g: lane(5),
                b: lane(6),
            },
        }
    }

    /// The row of `u`, `#{mₖ < u}`: the lanes' count of the first [`LANES`] times, and when
    /// all of them are below `u` (so `ts` has more than [`LANES`], the lanes past its end being
    /// `+∞`), the count of the rest; `ts` is sorted, so this is the count over all of it.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    #[inline(always)]
    fn row_of(&self, u: f32) -> usize {
        let j = self.ts_lanes.count_below(u);
        if j < LANES {
            j
        } else {
            j + self.ts.get(LANES..).map_or(0, |rest| count_below(rest, u))
        }
    }

    /// [`Table::eval`] with every lane computed at once and the formulas selected per lane
    /// (WebAssembly; natively only the tests run it).
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    #[inline(always)]
    fn eval_lanes(&self, u: f32) -> LifeValues {
        self.eval_row(u, self.row_of(u))
    }

    /// [`Table::eval_row`], kept off the loop's path by LLVM (binaryen's `-Oz` may inline it
    /// again, its only caller, behind a branch the processor predicts not taken).
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    #[cold]
    #[inline(never)]
    fn eval_row_cold(&self, u: f32, j: usize) -> LifeValues {
        self.eval_row(u, j)
    }

    /// The lanes at `u` in row `j`.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    #[inline(always)]
    fn eval_row(&self, u: f32, j: usize) -> LifeValues {
        let row = &self.rows[j];
        // A constant lane's `d` is +0, so its value is `c + (−0)·(+0) = c + (−0)`: `c`'s bits
        // for any `c` that is not NaN (a document's are finite), whatever `u` is.
        let d = F8::splat(u).sub(row.start).and(self.varying_lanes);
        let mut v = row.base.add(row.slope.mul(d));
        if let Some(s) = self.smooth.get(j) {
            let x = d.mul(s.inv_span);
            let w = x.mul(x).mul(F8::splat(3.0).sub(F8::splat(2.0).mul(x)));
            v = F8::select(s.lanes, row.base.add(s.delta.mul(w)), v);
        }
        let v = v.clamp_lane3(&self.alpha_bounds).to_array();
        LifeValues {
            scale: v[0],
            size_x: v[1],
            size_y: v[2],
            alpha: v[3],
            color: Rgb {
                r: v[4],
                g: v[5],
                b: v[6],
            },
        }
    }
}

mod eval;
mod lanes;
#[cfg(test)]
mod tests;
