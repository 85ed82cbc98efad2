//! Key reduction (export spec §12): every frame is baked, then keys are removed only while the
//! runtime's own interpolation stays within tolerance at every baked frame.
//!
//! A *run* is a stretch of consecutive frames between forced keys (§12.4: birth, death, show and
//! hide, loop seams, abrupt turns of the path ([`corners`])); its first and last frames are always keys, so no reduction ever crosses a
//! forced key. Inside a run, greedy extension: from a key at frame `i`, the next key is the
//! farthest frame `j` such that the segment `i → j` reproduces every frame `k ∈ (i, j)` within
//! each channel's tolerance, evaluated exactly as the runtime does ([`runtime_curve`]: `f32` key
//! storage, the key values as written after quantisation). Channels that share a key (translate
//! x/y, the four rgba channels) are reduced together; *joint* channels (translate x/y) are held to
//! their tolerance as one Euclidean distance `√(Σ e_c²) ≤ tol` (a position error is a distance in
//! pixels), the others channel by channel `|e_c| ≤ tol_c`. In Bézier mode a segment may also be a
//! cubic per channel, fitted by least squares with handle times fixed at `t₁ + Δ/3`,
//! `t₁ + 2Δ/3` (so the curve is a cubic polynomial in time) and verified against the runtime's
//! 10-segment polyline; a linear segment is preferred whenever it reaches as far.

pub mod corners;
pub mod runtime_curve;

use runtime_curve::{BezierTable, f32_round, linear_value};

/// Interpolation of continuous keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveMode {
    /// Linear keys only.
    Linear,
    /// Bézier segments allowed (linear preferred where it does as well).
    Bezier,
}

/// One channel's tolerance and written precision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChannelSpec {
    /// Largest allowed difference between the runtime's value and the baked value.
    pub tolerance: f64,
    /// Written values are `round(v·steps)/steps` (100 = two decimals, 255 = 8-bit colour).
    pub steps: f64,
    /// Precision of Bézier handle values (steps per unit).
    pub handle_steps: f64,
    /// Measured together with the key's other joint channels as one Euclidean distance (the
    /// joint channels of a key share one tolerance).
    pub joint: bool,
}

/// Whether errors `err` (runtime value − baked value, per channel) are within `specs` (see the
/// module formula: joint channels as one distance, the others one by one).
pub fn within_tolerance<const N: usize>(specs: &[ChannelSpec; N], err: &[f64; N]) -> bool {
    let mut joint_sq = 0.0;
    let mut joint_tol: Option<f64> = None;
    for c in 0..N {
        if specs[c].joint {
            joint_sq += err[c] * err[c];
            joint_tol = Some(joint_tol.map_or(specs[c].tolerance, |t| t.min(specs[c].tolerance)));
        } else if err[c].abs() > specs[c].tolerance {
            return false;
        }
    }
    joint_tol.is_none_or(|t| joint_sq <= t * t)
}

impl ChannelSpec {
    /// The value as written to JSON.
    pub fn quantize(&self, v: f64) -> f64 {
        let q = libm::round(v * self.steps) / self.steps;
        if q == 0.0 { 0.0 } else { q }
    }
    fn quantize_handle(&self, v: f64) -> f64 {
        let q = libm::round(v * self.handle_steps) / self.handle_steps;
        if q == 0.0 { 0.0 } else { q }
    }
}

/// Frame timing: key times on the integer frame grid (§11.4, §13.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Frames per second.
    pub fps: u32,
}

impl Timing {
    /// The time written for frame `f`: `f / fps` rounded *down* to 6 decimals, so that a runtime
    /// evaluating at the frame's time never sees the key as still in the future.
    pub fn key_time(&self, frame: u32) -> f64 {
        let micros = u64::from(frame) * 1_000_000 / u64::from(self.fps.max(1));
        micros as f64 / 1e6
    }
    /// The time a runtime samples frame `f` at (`f32` of `f / fps`, as the fidelity test does).
    pub fn eval_time(&self, frame: u32) -> f64 {
        f32_round(f64::from(frame) / f64::from(self.fps.max(1)))
    }
    /// How far past the key of frame `f` the runtime already is when it samples that frame
    /// (key times are rounded down to 1 µs, then stored and sampled as `f32`), seconds.
    pub fn key_lag_secs(&self, frame: u32) -> f64 {
        (self.eval_time(frame) - self.stored_key_time(frame)).max(0.0)
    }
    /// The key time as the runtime stores it.
    fn stored_key_time(&self, frame: u32) -> f64 {
        f32_round(self.key_time(frame))
    }
    /// Handle time precision: 1 µs.
    fn quantize_time(t: f64) -> f64 {
        libm::round(t * 1e6) / 1e6
    }
}

/// A reduced key's curve to the next key.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyCurve<const N: usize> {
    /// Linear to the next key.
    Linear,
    /// Hold until the next key.
    Stepped,
    /// Absolute handles per channel: `[cx1, cy1, cx2, cy2]`.
    Bezier([[f64; 4]; N]),
}

/// A reduced key.
#[derive(Clone, Debug, PartialEq)]
pub struct Key<const N: usize> {
    /// Frame index.
    pub frame: u32,
    /// Quantised values, as written.
    pub values: [f64; N],
    /// Curve to the next key.
    pub curve: KeyCurve<N>,
}

/// Reduces one run of consecutive frames starting at `start_frame`. The result starts with the
/// run's first frame and ends with its last; the last key's curve is `Linear` (the caller sets
/// `Stepped` when the next key belongs to another run).
pub fn reduce_run<const N: usize>(
    start_frame: u32,
    samples: &[[f64; N]],
    specs: &[ChannelSpec; N],
    mode: CurveMode,
    timing: Timing,
) -> Vec<Key<N>> {
    let n = samples.len();
    let mut keys = Vec::new();
    if n == 0 {
        return keys;
    }
    let quantized =
        |k: usize| -> [f64; N] { std::array::from_fn(|c| specs[c].quantize(samples[k][c])) };
    let seg = Segment {
        start_frame,
        samples,
        specs,
        timing,
    };
    let mut i = 0usize;
    while i + 1 < n {
        // Farthest linear segment.
        let best_linear = seg.farthest_linear(i);
        let mut chosen = (best_linear, KeyCurve::Linear);
        if mode == CurveMode::Bezier && best_linear + 1 < n {
            let mut j = best_linear + 1;
            while j < n {
                match seg.bezier_fit(i, j) {
                    Some(handles) => chosen = (j, KeyCurve::Bezier(handles)),
                    None => break,
                }
                j += 1;
            }
        }
        keys.push(Key {
            frame: start_frame + i as u32,
            values: quantized(i),
            curve: chosen.1,
        });
        i = chosen.0;
    }
    keys.push(Key {
        frame: start_frame + (n - 1) as u32,
        values: quantized(n - 1),
        curve: KeyCurve::Linear,
    });
    keys
}

/// [`reduce_run`] with forced keys: every index in `forced` (sorted, inside the run) is a key and
/// no segment crosses it (export spec §12.4).
pub fn reduce_run_forced<const N: usize>(
    start_frame: u32,
    samples: &[[f64; N]],
    forced: &[usize],
    specs: &[ChannelSpec; N],
    mode: CurveMode,
    timing: Timing,
) -> Vec<Key<N>> {
    let mut keys: Vec<Key<N>> = Vec::new();
    let mut from = 0usize;
    let ends = forced
        .iter()
        .copied()
        .filter(|&k| k > 0 && k + 1 < samples.len())
        .chain([samples.len().saturating_sub(1)]);
    for to in ends {
        if to < from || samples.is_empty() {
            continue;
        }
        let piece = reduce_run(
            start_frame + from as u32,
            &samples[from..=to],
            specs,
            mode,
            timing,
        );
        // The shared key at `from` takes the curve of the piece that starts there.
        keys.pop();
        keys.extend(piece);
        from = to;
    }
    keys
}

struct Segment<'a, const N: usize> {
    start_frame: u32,
    samples: &'a [[f64; N]],
    specs: &'a [ChannelSpec; N],
    timing: Timing,
}

impl<const N: usize> Segment<'_, N> {
    fn frame(&self, k: usize) -> u32 {
        self.start_frame + k as u32
    }

    /// Stored (f32) key values at sample `k`.
    fn stored(&self, k: usize, c: usize) -> f64 {
        f32_round(self.specs[c].quantize(self.samples[k][c]))
    }

    /// The farthest `j` such that `i → j` is a linear segment within tolerance, extending until
    /// the first failure. Each intermediate frame `k` bounds the segment's slope per channel:
    /// `m ∈ [(s_k − tol − v_i)/(t_k − t_i), (s_k + tol − v_i)/(t_k − t_i)]`, so each extension is
    /// O(1); the chosen segment is then verified exactly ([`Segment::linear_fits`]).
    fn farthest_linear(&self, i: usize) -> usize {
        let n = self.samples.len();
        let t1 = self.timing.stored_key_time(self.frame(i));
        let v1: [f64; N] = std::array::from_fn(|c| self.stored(i, c));
        let mut lo = [f64::NEG_INFINITY; N];
        let mut hi = [f64::INFINITY; N];
        let mut best = i + 1;
        for j in i + 1..n {
            if j > i + 1 {
                let t2 = self.timing.stored_key_time(self.frame(j));
                let ok = (0..N).all(|c| {
                    let m = (self.stored(j, c) - v1[c]) / (t2 - t1);
                    m >= lo[c] - 1e-9 * lo[c].abs().max(1.0)
                        && m <= hi[c] + 1e-9 * hi[c].abs().max(1.0)
                });
                if !ok {
                    break;
                }
                best = j;
            }
            let dt = self.timing.eval_time(self.frame(j)) - t1;
            if dt <= 0.0 {
                break;
            }
            for c in 0..N {
                let tol = self.specs[c].tolerance;
                lo[c] = lo[c].max((self.samples[j][c] - tol - v1[c]) / dt);
                hi[c] = hi[c].min((self.samples[j][c] + tol - v1[c]) / dt);
            }
        }
        while best > i + 1 && !self.linear_fits(i, best) {
            best -= 1;
        }
        best
    }

    fn linear_fits(&self, i: usize, j: usize) -> bool {
        let t1 = self.timing.stored_key_time(self.frame(i));
        let t2 = self.timing.stored_key_time(self.frame(j));
        let v1: [f64; N] = std::array::from_fn(|c| self.stored(i, c));
        let v2: [f64; N] = std::array::from_fn(|c| self.stored(j, c));
        (i + 1..j).all(|k| {
            let t = self.timing.eval_time(self.frame(k));
            let err: [f64; N] =
                std::array::from_fn(|c| linear_value(t, t1, v1[c], t2, v2[c]) - self.samples[k][c]);
            within_tolerance(self.specs, &err)
        })
    }

    /// Least-squares cubic per channel over `i..=j`, quantised and verified with the runtime's
    /// polyline evaluation.
    fn bezier_fit(&self, i: usize, j: usize) -> Option<[[f64; 4]; N]> {
        let key1 = self.timing.key_time(self.frame(i));
        let key2 = self.timing.key_time(self.frame(j));
        let span = key2 - key1;
        if span <= 0.0 {
            return None;
        }
        let cx1 = Timing::quantize_time(key1 + span / 3.0);
        let cx2 = Timing::quantize_time(key1 + 2.0 * span / 3.0);
        let (t1, t2) = (f32_round(key1), f32_round(key2));
        let mut handles = [[0.0; 4]; N];
        for (c, handle) in handles.iter_mut().enumerate() {
            let spec = &self.specs[c];
            let (y0, y3) = (
                spec.quantize(self.samples[i][c]),
                spec.quantize(self.samples[j][c]),
            );
            // Normal equations of min Σ (B1·c1 + B2·c2 − r)², B1 = 3w²u, B2 = 3wu², w = 1 − u,
            // r = y − w³·y0 − u³·y3; a small ridge toward the linear handles keeps 1–2 interior
            // frames well-posed.
            let lin1 = y0 + (y3 - y0) / 3.0;
            let lin2 = y0 + 2.0 * (y3 - y0) / 3.0;
            let ridge = 1e-6;
            let (mut s11, mut s12, mut s22, mut r1, mut r2) =
                (ridge, 0.0, ridge, ridge * lin1, ridge * lin2);
            for k in i + 1..j {
                let t = f64::from(self.frame(k)) / f64::from(self.timing.fps);
                let u = (t - key1) / span;
                let w = 1.0 - u;
                let (b1, b2) = (3.0 * w * w * u, 3.0 * w * u * u);
                let r = self.samples[k][c] - w * w * w * y0 - u * u * u * y3;
                s11 += b1 * b1;
                s12 += b1 * b2;
                s22 += b2 * b2;
                r1 += b1 * r;
                r2 += b2 * r;
            }
            let det = s11 * s22 - s12 * s12;
            let (c1, c2) = if det.abs() > 1e-18 {
                ((r1 * s22 - r2 * s12) / det, (s11 * r2 - s12 * r1) / det)
            } else {
                (lin1, lin2)
            };
            if !(c1.is_finite() && c2.is_finite()) {
                return None;
            }
            let (cy1, cy2) = (spec.quantize_handle(c1), spec.quantize_handle(c2));
            *handle = [cx1, cy1, cx2, cy2];
        }
        // Verified against the runtime's polyline, all channels of the key together.
        let ends: [(f64, f64); N] = std::array::from_fn(|c| {
            let spec = &self.specs[c];
            (
                f32_round(spec.quantize(self.samples[i][c])),
                f32_round(spec.quantize(self.samples[j][c])),
            )
        });
        let tables: [BezierTable; N] = std::array::from_fn(|c| {
            let [cx1, cy1, cx2, cy2] = handles[c];
            BezierTable::new(t1, ends[c].0, cx1, cy1, cx2, cy2, t2, ends[c].1)
        });
        for k in i + 1..j {
            let t = self.timing.eval_time(self.frame(k));
            let err: [f64; N] = std::array::from_fn(|c| {
                tables[c].value(t, t1, ends[c].0, t2, ends[c].1) - self.samples[k][c]
            });
            if !within_tolerance(self.specs, &err) {
                return None;
            }
        }
        Some(handles)
    }
}

/// Evaluates reduced keys the way the runtime does at frame `frame` (for tests and checks):
/// `None` before the first key.
pub fn runtime_value<const N: usize>(
    keys: &[Key<N>],
    frame: u32,
    timing: Timing,
) -> Option<[f64; N]> {
    let t = timing.eval_time(frame);
    let first = keys.first()?;
    if t < f32_round(timing.key_time(first.frame)) {
        return None;
    }
    let idx = keys
        .iter()
        .rposition(|k| f32_round(timing.key_time(k.frame)) <= t)?;
    let k1 = &keys[idx];
    let Some(k2) = keys.get(idx + 1) else {
        return Some(k1.values.map(f32_round));
    };
    let t1 = f32_round(timing.key_time(k1.frame));
    let t2 = f32_round(timing.key_time(k2.frame));
    Some(std::array::from_fn(|c| {
        let (v1, v2) = (f32_round(k1.values[c]), f32_round(k2.values[c]));
        match &k1.curve {
            KeyCurve::Linear => linear_value(t, t1, v1, t2, v2),
            KeyCurve::Stepped => v1,
            KeyCurve::Bezier(h) => {
                let [cx1, cy1, cx2, cy2] = h[c];
                BezierTable::new(t1, v1, cx1, cy1, cx2, cy2, t2, v2).value(t, t1, v1, t2, v2)
            }
        }
    }))
}

#[cfg(test)]
mod tests;
