//! Key reduction (export spec §12): every frame is baked, then keys are removed only while the
//! runtime's own interpolation stays within tolerance at every baked frame.
//!
//! A *run* is a stretch of consecutive frames between forced keys (§12.4: birth, death, show and
//! hide, loop seams, abrupt turns of the path ([`corners`])); its first and last frames are always
//! keys, so no reduction ever crosses a forced key. Channels that share a key (translate x/y, the
//! four rgba channels) are reduced together; *joint* channels (translate x/y) are held to their
//! tolerance as one Euclidean distance `√(Σ e_c²) ≤ tol` (a position error is a distance in
//! pixels), the others channel by channel `|e_c| ≤ tol_c`. Every segment is verified exactly as
//! the runtime evaluates it ([`runtime_curve`]: `f32` key storage, the values as written after
//! quantisation, spine-core's 10-segment Bézier polyline) at every baked frame it spans, and at
//! its end frame (where the next segment starts).
//!
//! Greedy, from the key at frame `i` with its written value `vᵢ`:
//! - **Linear** (`linear.rs`): the farthest `j` such that one slope `m` per channel keeps every
//!   frame `k ∈ (i, j]` within tolerance, `|vᵢ + m·(t_k − tᵢ) − s_k| ≤ tol` — each frame narrows
//!   an interval of slopes (a cone), so extending is O(1). The key at `j` is not the sample but
//!   `vⱼ = vᵢ + m·(tⱼ − tᵢ)` for some `m` in the cone: any value within tolerance of the sample
//!   may be a key, which reaches farther than ending on the sample; of those values the one
//!   with the fewest decimals is written ([`ChannelSpec::shortest_in`]), the closest to the
//!   middle of the cone among them (fewer bytes per key). The run's own first and last keys
//!   are its samples as written, so a loop's last key equals its first (`Piece::pin_last`).
//! - **Bézier** (`bezier.rs`, Bézier mode only): a cubic per channel with handle times near
//!   `tᵢ + Δ/3` and `tᵢ + 2Δ/3` (the decimals with the fewest digits there), handle values and
//!   end value fitted by least squares to the runtime's own polyline evaluation (which is linear
//!   in them); its reach is searched by doubling and bisection from the shortest span that would
//!   pay for it. It is taken over the linear segment only when it costs fewer bytes per frame
//!   covered ([`KeyCost`]): a Bézier key writes 4 more numbers per channel (and costs the
//!   runtime 18 floats per channel), so it must reach much farther to pay.

mod bezier;
pub mod corners;
mod exact_round;
mod linear;
mod run;
pub mod runtime_curve;

#[cfg(test)]
mod tests;

pub use run::{RunBuffers, RunFrames, reduce_run, reduce_run_forced, reduce_run_into};
use runtime_curve::{BezierTable, f32_round, linear_value};

/// Interpolation of continuous keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveMode {
    /// Linear keys only.
    Linear,
    /// Bézier segments allowed (linear preferred where it costs fewer bytes).
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
    /// Written values are clamped into `[min, max]` (colour channels: 0..1, as a key's 8-bit
    /// channel cannot hold more; [`ChannelSpec::UNBOUNDED`] otherwise).
    pub range: [f64; 2],
}

/// Whether errors `err` (runtime value − baked value, per channel) are within `specs` (see the
/// module formula: joint channels as one distance, the others one by one).
pub fn within_tolerance<const N: usize>(specs: &[ChannelSpec; N], err: &[f64; N]) -> bool {
    let mut joint_sq = 0.0;
    let mut joint_tol: Option<f64> = None;
    for c in 0..N {
        if specs[c].joint {
            joint_sq += err[c] * err[c];
            joint_tol = Some(joint_tol.map_or(specs[c].tolerance, |t| {
                linear::smaller(t, specs[c].tolerance)
            }));
        } else if err[c].abs() > specs[c].tolerance {
            return false;
        }
    }
    joint_tol.is_none_or(|t| joint_sq <= t * t)
}

impl ChannelSpec {
    /// No range limit.
    pub const UNBOUNDED: [f64; 2] = [f64::NEG_INFINITY, f64::INFINITY];

    /// The value as written to JSON.
    pub fn quantize(&self, v: f64) -> f64 {
        let q =
            (exact_round::round(v * self.steps) / self.steps).clamp(self.range[0], self.range[1]);
        if q == 0.0 { 0.0 } else { q }
    }
    /// The written value in `[lo, hi]` with the fewest decimals, the closest to `target` among
    /// those (at most the channel's own precision; 8-bit channels, always 2 hex digits, take
    /// `target` as written).
    pub fn shortest_in(&self, lo: f64, hi: f64, target: f64) -> f64 {
        if self.steps != 255.0 && lo <= hi {
            let mut q = 1.0;
            while q <= self.steps {
                let near = exact_round::round(target * q) / q;
                let candidate = if (lo..=hi).contains(&near) {
                    Some(near)
                } else {
                    let (up, down) = (
                        exact_round::ceil(lo * q) / q,
                        exact_round::floor(hi * q) / q,
                    );
                    match (up <= hi, down >= lo) {
                        (true, true) if (down - target).abs() < (up - target).abs() => Some(down),
                        (true, _) => Some(up),
                        (_, true) => Some(down),
                        _ => None,
                    }
                };
                if let Some(v) = candidate {
                    let v = v.clamp(self.range[0], self.range[1]);
                    return if v == 0.0 { 0.0 } else { v };
                }
                q *= 10.0;
            }
        }
        self.quantize(target)
    }
    /// A handle value as written.
    pub(crate) fn quantize_handle(&self, v: f64) -> f64 {
        let q = exact_round::round(v * self.handle_steps) / self.handle_steps;
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

/// Estimated bytes of one key as written, for choosing between a linear and a Bézier segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeyCost {
    /// A linear key (time, values, punctuation).
    pub linear: f64,
    /// A Bézier key: the linear key plus `"curve":[…]` with 4 numbers per channel.
    pub bezier: f64,
}

impl KeyCost {
    /// The estimate for `N` channels of `specs`: a value costs its digits (8-bit colour channels
    /// 2 hex digits), a handle value 6 characters, a handle time 5.
    pub fn estimate<const N: usize>(specs: &[ChannelSpec; N]) -> KeyCost {
        let value: f64 = specs
            .iter()
            .map(|s| if s.steps == 255.0 { 2.0 } else { 10.0 })
            .sum();
        let linear = 18.0 + value;
        KeyCost {
            linear,
            bezier: linear + 10.0 + N as f64 * (2.0 * 6.0 + 2.0 * 6.0),
        }
    }
}

/// The frames of one piece between forced keys, with the times the runtime stores and samples.
pub(crate) struct Piece<'a, const N: usize> {
    pub start_frame: u32,
    pub samples: &'a [[f64; N]],
    pub specs: &'a [ChannelSpec; N],
    pub timing: Timing,
    /// Stored (`f32`) key time of each frame.
    pub key_t: &'a [f64],
    /// Evaluation time of each frame.
    pub eval_t: &'a [f64],
    /// The last frame ends the run: its key is the sample as written (not any value within
    /// tolerance), so a loop's last key equals its first and the seam stays exact.
    pub pin_last: bool,
}

impl<const N: usize> Piece<'_, N> {
    /// Whether the linear segment `i → j` with written end values `vi`, `vj` holds every frame
    /// in `(i, j]` within tolerance (the end frame sees `vj`).
    pub fn linear_fits(&self, i: usize, vi: &[f64; N], j: usize, vj: &[f64; N]) -> bool {
        let (t1, t2) = (self.key_t[i], self.key_t[j]);
        let v1 = vi.map(f32_round);
        let v2 = vj.map(f32_round);
        let end: [f64; N] = std::array::from_fn(|c| v2[c] - self.samples[j][c]);
        within_tolerance(self.specs, &end)
            && (i + 1..j).all(|k| {
                let t = self.eval_t[k];
                let err: [f64; N] = std::array::from_fn(|c| {
                    linear_value(t, t1, v1[c], t2, v2[c]) - self.samples[k][c]
                });
                within_tolerance(self.specs, &err)
            })
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
