//! Fast evaluation of life curves and gradients for the per-particle loop.
//!
//! Same formula as [`crate::document::Curve`]: piecewise linear through the keys, constant before
//! the first and after the last key, `v = v₀ + (v₁ − v₀)·(t − t₀)/(t₁ − t₀)`. Prepared as `n + 1`
//! segments `(start, base, slope)` so that evaluation is `base + slope·(t − start)` for segment
//! `i = #{keys with tₖ < t}`: segment 0 is the constant first value, segment `n` the constant last
//! value, segment `i` in between starts at key `i − 1` with slope `(vᵢ − vᵢ₋₁)/(tᵢ − tᵢ₋₁)`
//! (precomputed, so the result may differ from the document's evaluation in the last bit; a
//! zero-length segment is never selected, as in the document where the later value holds).
//! `i` is a branch-free count for up to 4 keys and a binary search (`partition_point`) above.
//! A segment starting at a `smooth` key is `v₀ + (v₁ − v₀)·w(x)`, `w(x) = x²(3 − 2x)`,
//! `x = (t − t₀)/(t₁ − t₀)` (only curves that have a smooth key take that branch).
//! [`IntegralEval`] is `∫₀ᵘ v` from a prepared table of cumulative areas (the document's
//! [`Curve::integral`], one segment evaluated per call).

use crate::document::{Curve, Gradient, Interp, Rgb};

/// A curve prepared for evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveEval {
    ts: Vec<f32>,
    /// `(start, base, slope)` per segment, `ts.len() + 1` of them.
    segments: Vec<(f32, f32, f32)>,
    /// Per segment: `Some((1/span, v₁ − v₀))` for a smooth segment; empty when none is smooth.
    smooth: Vec<Option<(f32, f32)>>,
    constant: Option<f32>,
}

impl CurveEval {
    /// Prepares `curve`; an empty curve evaluates to `empty_value`.
    pub fn new(curve: &Curve, empty_value: f32) -> CurveEval {
        let ts: Vec<f32> = curve.keys.iter().map(|k| k.t).collect();
        let vs: Vec<f32> = curve.keys.iter().map(|k| k.v).collect();
        let constant = match vs.first() {
            None => Some(empty_value),
            Some(&v0) if vs.iter().all(|&v| v == v0) => Some(v0),
            Some(_) => None,
        };
        let n = ts.len();
        let segments = (0..=n)
            .map(|i| match i {
                0 => (0.0, vs.first().copied().unwrap_or(empty_value), 0.0),
                i if i == n => (0.0, vs[n - 1], 0.0),
                i => (
                    ts[i - 1],
                    vs[i - 1],
                    slope(ts[i - 1], ts[i], vs[i - 1], vs[i]),
                ),
            })
            .collect();
        let any_smooth = (1..n).any(|i| curve.keys[i - 1].interp == Interp::Smooth);
        let smooth = if any_smooth {
            (0..=n)
                .map(|i| {
                    (i > 0
                        && i < n
                        && curve.keys[i - 1].interp == Interp::Smooth
                        && ts[i] > ts[i - 1])
                        .then(|| (1.0 / (ts[i] - ts[i - 1]), vs[i] - vs[i - 1]))
                })
                .collect()
        } else {
            Vec::new()
        };
        CurveEval {
            ts,
            segments,
            smooth,
            constant,
        }
    }

    /// The constant value, when the curve has one.
    pub fn constant(&self) -> Option<f32> {
        self.constant
    }

    /// The key times, as the document has them.
    pub(super) fn key_times(&self) -> &[f32] {
        &self.ts
    }

    /// Segment `i` (`0..=keys`): `(start, base, slope)` and, for a smooth one, `(1/span, Δ)`.
    pub(super) fn segment(&self, i: usize) -> ((f32, f32, f32), Option<(f32, f32)>) {
        (self.segments[i], self.smooth.get(i).copied().flatten())
    }

    /// Whether any segment is smooth.
    pub(super) fn has_smooth(&self) -> bool {
        !self.smooth.is_empty()
    }

    /// Value at normalised life `t`.
    #[inline(always)]
    pub fn eval(&self, t: f32) -> f32 {
        if let Some(c) = self.constant {
            return c;
        }
        let i = count_below(&self.ts, t);
        let (start, base, slope) = self.segments[i];
        if !self.smooth.is_empty()
            && let Some((inv_span, delta)) = self.smooth[i]
        {
            let x = (t - start) * inv_span;
            return base + delta * (x * x * (3.0 - 2.0 * x));
        }
        base + slope * (t - start)
    }
}

/// `∫₀ᵘ v(t) dt` of a curve, prepared (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct IntegralEval {
    /// Keys as `(t, v, interp)` in `f64`.
    keys: Vec<(f64, f64, Interp)>,
    /// Area up to each key.
    areas: Vec<f64>,
    /// `Some(v)` when the curve is the constant `v` (the integral is `v·u`).
    constant: Option<f64>,
}

impl IntegralEval {
    /// Prepares `curve`; an empty curve is 1 everywhere.
    pub fn new(curve: &Curve) -> IntegralEval {
        let keys: Vec<(f64, f64, Interp)> = curve
            .keys
            .iter()
            .map(|k| (f64::from(k.t), f64::from(k.v), k.interp))
            .collect();
        let constant = match keys.first() {
            None => Some(1.0),
            Some(&(_, v0, _)) if keys.iter().all(|k| k.1 == v0) => Some(v0),
            Some(_) => None,
        };
        let areas = curve
            .keys
            .iter()
            .map(|k| curve.integral(f64::from(k.t)))
            .collect();
        IntegralEval {
            keys,
            areas,
            constant,
        }
    }

    /// `∫₀ᵘ v`, `u ≥ 0`.
    #[inline]
    pub fn eval(&self, u: f64) -> f64 {
        if let Some(c) = self.constant {
            return c * u;
        }
        let keys = &self.keys;
        let i = keys.partition_point(|k| k.0 < u);
        if i == 0 {
            return keys[0].1 * u;
        }
        let (ta, va, interp) = keys[i - 1];
        let base = self.areas[i - 1];
        match keys.get(i) {
            None => base + va * (u - ta),
            Some(&(tb, vb, _)) => {
                let span = tb - ta;
                if span <= 0.0 {
                    return base;
                }
                let x = (u - ta) / span;
                base + span * (va * x + (vb - va) * interp.weight_integral(x))
            }
        }
    }
}

/// A gradient prepared for evaluation (per channel, as [`CurveEval`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GradientEval {
    ts: Vec<f32>,
    /// `(start, base, slope)` per segment, `ts.len() + 1` of them.
    segments: Vec<(f32, [f32; 3], [f32; 3])>,
    constant: Option<Rgb>,
}

impl GradientEval {
    /// Prepares `gradient`; an empty gradient evaluates to white.
    pub fn new(gradient: &Gradient) -> GradientEval {
        let ts: Vec<f32> = gradient.keys.iter().map(|k| k.t).collect();
        let cs: Vec<[f32; 3]> = gradient
            .keys
            .iter()
            .map(|k| [k.color.r, k.color.g, k.color.b])
            .collect();
        let constant = match gradient.keys.first() {
            None => Some(Rgb::WHITE),
            Some(k0) if gradient.keys.iter().all(|k| k.color == k0.color) => Some(k0.color),
            Some(_) => None,
        };
        let n = ts.len();
        let segments = (0..=n)
            .map(|i| match i {
                0 => (0.0, cs.first().copied().unwrap_or([1.0; 3]), [0.0; 3]),
                i if i == n => (0.0, cs[n - 1], [0.0; 3]),
                i => {
                    let (t0, t1, a, b) = (ts[i - 1], ts[i], cs[i - 1], cs[i]);
                    (
                        t0,
                        a,
                        [
                            slope(t0, t1, a[0], b[0]),
                            slope(t0, t1, a[1], b[1]),
                            slope(t0, t1, a[2], b[2]),
                        ],
                    )
                }
            })
            .collect();
        GradientEval {
            ts,
            segments,
            constant,
        }
    }

    /// The constant colour, when the gradient has one.
    pub(super) fn constant(&self) -> Option<Rgb> {
        self.constant
    }

    /// The key times, as the document has them.
    pub(super) fn key_times(&self) -> &[f32] {
        &self.ts
    }

    /// Segment `i` (`0..=keys`): `(start, base, slope)`.
    pub(super) fn segment(&self, i: usize) -> (f32, [f32; 3], [f32; 3]) {
        self.segments[i]
    }

    /// Colour at normalised life `t`.
    #[inline(always)]
    pub fn eval(&self, t: f32) -> Rgb {
        if let Some(c) = self.constant {
            return c;
        }
        let (start, [r, g, b], [mr, mg, mb]) = self.segments[count_below(&self.ts, t)];
        let d = t - start;
        Rgb {
            r: r + mr * d,
            g: g + mg * d,
            b: b + mb * d,
        }
    }
}

/// Number of keys with `tₖ < t` (keys sorted): a branch-free count for up to 4 keys, a binary
/// search above.
#[inline(always)]
pub(super) fn count_below(ts: &[f32], t: f32) -> usize {
    if ts.len() > 4 {
        ts.partition_point(|&k| k < t)
    } else {
        ts.iter().map(|&k| usize::from(k < t)).sum()
    }
}

/// `t` limited to `[lo, hi]` with plain compares (compiles to min/max instructions; a NaN `t`
/// stays NaN).
#[inline(always)]
pub fn clamp(t: f32, lo: f32, hi: f32) -> f32 {
    let t = if t < lo { lo } else { t };
    if t > hi { hi } else { t }
}

/// `(v₁ − v₀)/(t₁ − t₀)`, or 0 for a zero-length segment (never selected).
fn slope(t0: f32, t1: f32, v0: f32, v1: f32) -> f32 {
    let span = t1 - t0;
    if span > 0.0 { (v1 - v0) / span } else { 0.0 }
}

#[cfg(test)]
mod tests;
