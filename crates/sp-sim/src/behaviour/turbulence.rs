//! Turbulence: a smooth, seeded, time-evolving swirl (curl noise), as an acceleration.
//!
//! `a = S·m(u)·Σₒ wₒ·curl N(2ᵒ·f·x + oₒ, 2ᵒ·f·y − oₒ, σ·t + oₒ; seed + o) / (C·Σₒ wₒ)` for octaves
//! `o = 0 … octaves − 1`, `wₒ = 2⁻ᵒ`, `oₒ = 17.31·o` (decorrelating offsets), where `S` is the
//! particle's `accelPxPerSec2` draw, `m(u)` the `overLife` multiplier at normalised life `u`,
//! `f` = `frequencyPerPx`, `σ` = `scrollPerSec`, `t` the system time (so every particle sees the
//! same field at the same moment: coherent swirls), `N` the simplex noise of [`super::noise`]
//! (curl in noise units) and `C` = [`CURL_RMS`], the field's root-mean-square magnitude, so `S`
//! is the typical acceleration. Each octave is divergence-free, so the sum is too.
//!
//! Channels: translate (and rotate when aligned to velocity).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Channel, noise};
use crate::Result;
use crate::document::schema::fields as f;
use crate::document::validate::{curve, int, num, positive, range};
use crate::document::{Curve, Range};
use crate::sim::pair::F64x2;

/// Most octaves.
pub const MAX_OCTAVES: u32 = 4;
/// Highest spatial frequency, cycles per pixel.
pub const MAX_FREQUENCY_PER_PX: f32 = 1.0;
/// Fastest evolution, noise units per second.
pub const MAX_SCROLL_PER_SEC: f32 = 100.0;
/// Largest acceleration, px/s².
pub const MAX_ACCEL_PX_PER_SEC2: f32 = 100_000.0;
/// Root-mean-square magnitude of one octave's curl in noise units (measured over 10⁶ points by
/// the test `curl_rms_is_the_normaliser`).
pub const CURL_RMS: f64 = 1.04;

/// Turbulence (see the module formula).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Turbulence {
    /// Typical acceleration, px/s², drawn per particle.
    pub accel_px_per_sec2: Range,
    /// Multiplier over the particle's life (empty: 1).
    pub over_life: Curve,
    /// Spatial frequency of the largest swirls, cycles per pixel (1 / swirl size).
    pub frequency_per_px: f32,
    /// How fast the field changes, noise units per second (0: a frozen field).
    pub scroll_per_sec: f32,
    /// Octaves of detail, 1..=4 (each half the size and half the weight of the previous).
    pub octaves: u32,
    /// Added to the system seed to choose the field.
    pub seed: u32,
}

impl Default for Turbulence {
    fn default() -> Self {
        Turbulence {
            accel_px_per_sec2: Range::fixed(200.0),
            over_life: Curve { keys: Vec::new() },
            frequency_per_px: 0.01,
            scroll_per_sec: 0.3,
            octaves: 1,
            seed: 0,
        }
    }
}

impl Turbulence {
    /// Export channels this force moves.
    pub const CHANNELS: &'static [Channel] = &[Channel::Translate];

    /// Checks the limits; `p` is the JSON path of the force.
    pub fn validate(&self, p: &str) -> Result<()> {
        range(
            &format!("{p}.accelPxPerSec2"),
            self.accel_px_per_sec2,
            &f::TURBULENCE_ACCEL,
        )?;
        curve(
            &format!("{p}.overLife"),
            &self.over_life,
            &f::TURBULENCE_OVER_LIFE,
        )?;
        let frequency = format!("{p}.frequencyPerPx");
        num(&frequency, self.frequency_per_px, &f::TURBULENCE_FREQUENCY)?;
        num(
            &format!("{p}.scrollPerSec"),
            self.scroll_per_sec,
            &f::TURBULENCE_SCROLL,
        )?;
        int(
            &format!("{p}.octaves"),
            self.octaves,
            &f::TURBULENCE_OCTAVES,
        )?;
        // The size of the swirls is 1 / frequency.
        positive(
            &frequency,
            self.frequency_per_px,
            &f::TURBULENCE_FREQUENCY,
            "",
        )
    }
}

/// Turbulence prepared for evaluation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TurbulenceField {
    frequency: f64,
    scroll: f64,
    octaves: u32,
    seed: u32,
    /// `1 / (C·Σ wₒ)`.
    norm: f64,
}

impl TurbulenceField {
    pub(crate) fn new(t: &Turbulence, system_seed: u32) -> TurbulenceField {
        let octaves = t.octaves.clamp(1, MAX_OCTAVES);
        let weights: f64 = (0..octaves).map(|o| libm::ldexp(1.0, -(o as i32))).sum();
        TurbulenceField {
            frequency: f64::from(t.frequency_per_px),
            scroll: f64::from(t.scroll_per_sec),
            octaves,
            seed: system_seed.wrapping_add(t.seed).wrapping_mul(0x9e37_79b9),
            norm: 1.0 / (CURL_RMS * weights),
        }
    }

    /// The unit-strength field at `(x, y)` (particle space, px) and system time `t` seconds.
    #[inline]
    pub(crate) fn unit_accel(&self, x: f64, y: f64, t: f64) -> [f64; 2] {
        let z = self.scroll * t;
        let (mut ax, mut ay) = (0.0, 0.0);
        let mut scale = self.frequency;
        let mut weight = 1.0;
        for o in 0..self.octaves {
            let off = 17.31 * f64::from(o);
            let [cx, cy] = noise::curl(
                x * scale + off,
                y * scale - off,
                z + off,
                self.seed.wrapping_add(o),
            );
            ax += weight * cx;
            ay += weight * cy;
            scale *= 2.0;
            weight *= 0.5;
        }
        [ax * self.norm, ay * self.norm]
    }

    /// [`TurbulenceField::unit_accel`] at two points `(x, y)` and system times `t`, one per
    /// lane ([`noise::curl_two`]; the same operations lane by lane: the same bits).
    #[inline]
    pub(crate) fn unit_accel_two(&self, x: F64x2, y: F64x2, t: F64x2) -> [F64x2; 2] {
        let z = F64x2::splat(self.scroll).mul(t);
        let (mut ax, mut ay) = (F64x2::splat(0.0), F64x2::splat(0.0));
        let mut scale = self.frequency;
        let mut weight = 1.0;
        for o in 0..self.octaves {
            let off = F64x2::splat(17.31 * f64::from(o));
            let sc = F64x2::splat(scale);
            let [cx, cy] = noise::curl_two(
                x.mul(sc).add(off),
                y.mul(sc).sub(off),
                z.add(off),
                self.seed.wrapping_add(o),
            );
            let w = F64x2::splat(weight);
            ax = ax.add(w.mul(cx));
            ay = ay.add(w.mul(cy));
            scale *= 2.0;
            weight *= 0.5;
        }
        let norm = F64x2::splat(self.norm);
        [ax.mul(norm), ay.mul(norm)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curl_rms_is_the_normaliser() {
        let mut sum = 0.0;
        let n = 1000;
        for i in 0..n {
            for j in 0..n {
                let [cx, cy] = noise::curl(i as f64 * 0.0917, j as f64 * 0.0731, 0.37, 5);
                sum += cx * cx + cy * cy;
            }
        }
        let rms = (sum / (n * n) as f64).sqrt();
        assert!((rms / CURL_RMS - 1.0).abs() < 0.03, "rms {rms}");
    }

    #[test]
    fn the_field_is_divergence_free() {
        let field = TurbulenceField::new(
            &Turbulence {
                octaves: 3,
                frequency_per_px: 0.02,
                ..Turbulence::default()
            },
            11,
        );
        let eps = 1e-3;
        let mut worst: f64 = 0.0;
        let mut typical = 0.0;
        for i in 0..400 {
            let (x, y, t) = (
                i as f64 * 3.7 - 500.0,
                i as f64 * 1.3 + 20.0,
                i as f64 * 0.01,
            );
            let ax1 = field.unit_accel(x + eps, y, t)[0];
            let ax0 = field.unit_accel(x - eps, y, t)[0];
            let ay1 = field.unit_accel(x, y + eps, t)[1];
            let ay0 = field.unit_accel(x, y - eps, t)[1];
            let div = (ax1 - ax0 + ay1 - ay0) / (2.0 * eps);
            // Compare with the size of one partial derivative.
            typical += ((ax1 - ax0) / (2.0 * eps)).abs();
            worst = worst.max(div.abs());
        }
        typical /= 400.0;
        assert!(typical > 1e-3, "the field varies: {typical}");
        assert!(
            worst < 1e-6 * typical.max(1.0),
            "divergence {worst} vs ∂ {typical}"
        );
    }
}
