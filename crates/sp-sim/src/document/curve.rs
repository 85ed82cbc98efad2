//! Curves and gradients over a particle's normalised life `t = age / lifetime ∈ [0, 1]`.
//!
//! Both are piecewise linear through their keys: for keys `(t₀, v₀)`, `(t₁, v₁)` with
//! `t₀ ≤ t ≤ t₁`, `v(t) = v₀ + (v₁ − v₀)·(t − t₀)/(t₁ − t₀)`; before the first key the first
//! value holds, after the last key the last value holds. Keys are kept sorted by `t`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::color::Rgb;

/// One key of a [`Curve`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CurveKey {
    /// Normalised life, 0..1.
    pub t: f32,
    /// Value at `t`.
    pub v: f32,
}

/// A scalar curve over normalised life (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
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
            keys: vec![CurveKey { t: 0.0, v }],
        }
    }

    /// A straight ramp from `from` at birth to `to` at death.
    pub fn ramp(from: f32, to: f32) -> Curve {
        Curve {
            keys: vec![CurveKey { t: 0.0, v: from }, CurveKey { t: 1.0, v: to }],
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
                    a.v + (b.v - a.v) * (t - a.t) / span
                } else {
                    b.v
                };
            }
        }
        keys[keys.len() - 1].v
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
