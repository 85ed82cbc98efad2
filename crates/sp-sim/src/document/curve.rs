//! Curves and gradients over a particle's normalised life `t = age / lifetime ∈ [0, 1]`.
//!
//! Both interpolate between their keys: for keys `(t₀, v₀)`, `(t₁, v₁)` with `t₀ ≤ t ≤ t₁` and
//! `x = (t − t₀)/(t₁ − t₀)`, `v(t) = v₀ + (v₁ − v₀)·w(x)` where `w(x) = x` for a key whose
//! `interp` is `linear` (the default, and the only kind before issue 10) and the smoothstep
//! `w(x) = x²(3 − 2x)` for a `smooth` key (zero slope at both keys); the first key of a segment
//! chooses. Before the first key the first value holds, after the last key the last value holds.
//! Keys are kept sorted by `t`. Gradients are piecewise linear.
//!
//! [`Curve::integral`] is the exact area `∫₀ᵘ v(t) dt` (constant extension outside the keys): a
//! linear segment adds `Δ·(v₀ + v₁)/2`, a smooth one the same (∫₀¹ w = ½), and partial segments
//! `Δ·(v₀·x + (v₁ − v₀)·W(x))` with `W(x) = x²/2` (linear) or `x³ − x⁴/2` (smooth).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::color::Rgb;

/// How a curve moves from a key to the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "CurveInterp")]
pub enum Interp {
    /// Straight line (`w(x) = x`).
    #[default]
    Linear,
    /// Ease in and out (`w(x) = x²(3 − 2x)`): flat at both keys.
    Smooth,
}

impl Interp {
    /// True for [`Interp::Linear`] (the field is then left out of saved documents).
    pub fn is_linear(&self) -> bool {
        *self == Interp::Linear
    }
    /// `w(x)` for `x ∈ [0, 1]`.
    #[inline]
    pub fn weight(self, x: f32) -> f32 {
        match self {
            Interp::Linear => x,
            Interp::Smooth => x * x * (3.0 - 2.0 * x),
        }
    }
    /// `W(x) = ∫₀ˣ w`.
    #[inline]
    pub fn weight_integral(self, x: f64) -> f64 {
        match self {
            Interp::Linear => 0.5 * x * x,
            Interp::Smooth => x * x * x - 0.5 * x * x * x * x,
        }
    }
}

/// One key of a [`Curve`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CurveKey {
    /// Normalised life, 0..1.
    pub t: f32,
    /// Value at `t`.
    pub v: f32,
    /// Interpolation from this key to the next (absent: linear).
    #[serde(default, skip_serializing_if = "Interp::is_linear")]
    #[ts(as = "Option<Interp>", optional)]
    pub interp: Interp,
}

impl CurveKey {
    /// A key with linear interpolation to the next one.
    pub const fn linear(t: f32, v: f32) -> CurveKey {
        CurveKey {
            t,
            v,
            interp: Interp::Linear,
        }
    }
    /// A key with smooth interpolation to the next one.
    pub const fn smooth(t: f32, v: f32) -> CurveKey {
        CurveKey {
            t,
            v,
            interp: Interp::Smooth,
        }
    }
}

/// A scalar curve over normalised life (see the module formula). The default is empty (a
/// multiplier of 1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(transparent)]
#[ts(as = "Vec<CurveKey>")]
pub struct Curve {
    /// Keys sorted by `t`; an empty curve evaluates to 1.
    pub keys: Vec<CurveKey>,
}

impl Curve {
    /// A constant curve.
    pub fn constant(v: f32) -> Curve {
        Curve {
            keys: vec![CurveKey::linear(0.0, v)],
        }
    }

    /// True when the curve has no key.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// True when the curve is empty or every key has the value `v` (it then multiplies by `v`
    /// everywhere).
    pub fn is_constant(&self, v: f32) -> bool {
        self.keys.iter().all(|k| k.v == v)
    }

    /// A straight ramp from `from` at birth to `to` at death.
    pub fn ramp(from: f32, to: f32) -> Curve {
        Curve {
            keys: vec![CurveKey::linear(0.0, from), CurveKey::linear(1.0, to)],
        }
    }

    /// Evaluates the curve at normalised life `t`.
    pub fn eval(&self, t: f32) -> f32 {
        let keys = &self.keys;
        let Some(first) = keys.first() else {
            return 1.0;
        };
        if t <= first.t {
            return first.v;
        }
        for pair in keys.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if t <= b.t {
                let span = b.t - a.t;
                return if span > 0.0 {
                    let x = (t - a.t) / span;
                    match a.interp {
                        Interp::Linear => a.v + (b.v - a.v) * x,
                        smooth => a.v + (b.v - a.v) * smooth.weight(x),
                    }
                } else {
                    b.v
                };
            }
        }
        keys[keys.len() - 1].v
    }

    /// `n` values of the curve at evenly spaced normalised lives `t_i = i/(n − 1)`, `i = 0…n−1`
    /// (one value at `t = 0` when `n = 1`): what the editor's curve graph draws, evaluated by
    /// [`Curve::eval`] so the drawing is the simulation's own curve.
    pub fn sample(&self, n: usize) -> Vec<f32> {
        match n {
            0 => Vec::new(),
            1 => vec![self.eval(0.0)],
            _ => {
                let last = (n - 1) as f32;
                (0..n).map(|i| self.eval(i as f32 / last)).collect()
            }
        }
    }

    /// `∫₀ᵘ v(t) dt` for `u ≥ 0` (see the module formula); an empty curve is 1 everywhere.
    pub fn integral(&self, u: f64) -> f64 {
        let keys = &self.keys;
        let Some(first) = keys.first() else {
            return u;
        };
        let t0 = f64::from(first.t);
        if u <= t0 {
            return f64::from(first.v) * u;
        }
        let mut area = f64::from(first.v) * t0;
        for pair in keys.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (ta, tb) = (f64::from(a.t), f64::from(b.t));
            let span = tb - ta;
            let (va, vb) = (f64::from(a.v), f64::from(b.v));
            if u <= tb {
                if span <= 0.0 {
                    return area;
                }
                let x = (u - ta) / span;
                return area + span * (va * x + (vb - va) * a.interp.weight_integral(x));
            }
            area += span * 0.5 * (va + vb);
        }
        let last = &keys[keys.len() - 1];
        area + f64::from(last.v) * (u - f64::from(last.t))
    }
}

/// One key of a [`Gradient`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ColorKey {
    /// Normalised life, 0..1.
    pub t: f32,
    /// Colour at `t`.
    pub color: Rgb,
}

/// A colour gradient over normalised life (see the module formula, per channel).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(transparent)]
#[ts(as = "Vec<ColorKey>")]
pub struct Gradient {
    /// Keys sorted by `t`; an empty gradient evaluates to white.
    pub keys: Vec<ColorKey>,
}

impl Gradient {
    /// A single colour.
    pub fn solid(color: Rgb) -> Gradient {
        Gradient {
            keys: vec![ColorKey { t: 0.0, color }],
        }
    }

    /// Evaluates the gradient at normalised life `t`.
    pub fn eval(&self, t: f32) -> Rgb {
        let keys = &self.keys;
        let Some(first) = keys.first() else {
            return Rgb::WHITE;
        };
        if t <= first.t {
            return first.color;
        }
        for pair in keys.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if t <= b.t {
                let span = b.t - a.t;
                return if span > 0.0 {
                    a.color.lerp(b.color, (t - a.t) / span)
                } else {
                    b.color
                };
            }
        }
        keys[keys.len() - 1].color
    }
}
