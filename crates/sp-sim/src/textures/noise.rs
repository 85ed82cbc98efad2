//! 2D value noise for the smoke texture.
//!
//! Lattice values `h(i, j) ∈ [0, 1)` come from an integer hash of `(i, j, seed)` (SplitMix64
//! finaliser); between lattice points the value is bilinear with smoothstep weights
//! `s(t) = t²(3 − 2t)`. [`ValueNoise::fractal`] sums `n` octaves with frequency ×2 and amplitude ×½
//! and divides by the total amplitude, so the result stays in `[0, 1)`.

/// A seeded value-noise field.
#[derive(Clone, Copy, Debug)]
pub struct ValueNoise {
    seed: u64,
}

impl ValueNoise {
    /// A field for `seed`.
    pub fn new(seed: u64) -> ValueNoise {
        ValueNoise { seed }
    }

    fn lattice(&self, i: i64, j: i64) -> f64 {
        let mut z = self.seed
            ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (j as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Noise at `(x, y)`, in `[0, 1)`.
    pub fn at(&self, x: f64, y: f64) -> f64 {
        let (fx, fy) = (f64::floor(x), f64::floor(y));
        let (i, j) = (fx as i64, fy as i64);
        let s = |t: f64| t * t * (3.0 - 2.0 * t);
        let (tx, ty) = (s(x - fx), s(y - fy));
        let a = self.lattice(i, j) + (self.lattice(i + 1, j) - self.lattice(i, j)) * tx;
        let b = self.lattice(i, j + 1) + (self.lattice(i + 1, j + 1) - self.lattice(i, j + 1)) * tx;
        a + (b - a) * ty
    }

    /// `octaves` octaves of noise, normalised to `[0, 1)`.
    pub fn fractal(&self, x: f64, y: f64, octaves: u32) -> f64 {
        let (mut sum, mut amp, mut freq, mut total) = (0.0, 1.0, 1.0, 0.0);
        for _ in 0..octaves {
            sum += amp * self.at(x * freq, y * freq);
            total += amp;
            amp *= 0.5;
            freq *= 2.0;
        }
        if total > 0.0 { sum / total } else { 0.0 }
    }
}
