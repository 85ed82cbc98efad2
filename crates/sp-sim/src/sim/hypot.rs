//! `√(x² + y²)` of two `f32` with `libm::hypotf`'s bits on every target, its square root from
//! `std`.
//!
//! On stable wasm32, `libm`'s square root is its software one (the hardware instruction needs
//! `libm`'s nightly-only `unstable-intrinsics`), and a birth takes the speed of its velocity. The
//! algorithm is the one `libm::hypotf` documents and follows (musl's): order the magnitudes,
//! answer the infinite, NaN, zero and far-apart cases directly, scale by `2^±90` near the ends
//! of the range, then `z·sqrt(f32(x₆₄² + y₆₄²))`. Both square roots are IEEE 754's correctly
//! rounded one, so the results are the same bits (the test compares them).

/// `libm::hypotf(x, y)`, bit for bit, with `f32::sqrt`.
#[inline]
pub(crate) fn hypot_f32(x: f32, y: f32) -> f32 {
    const EXP_MASK: u32 = 0xff << 23;
    let (mut big, mut small) = (x.to_bits() & !(1 << 31), y.to_bits() & !(1 << 31));
    if big < small {
        (big, small) = (small, big);
    }
    let (mut x, mut y) = (f32::from_bits(big), f32::from_bits(small));
    if small == EXP_MASK {
        return y;
    }
    if big >= EXP_MASK || small == 0 || big - small >= 25 << 23 {
        return x + y;
    }
    let (up, down) = (f32::from_bits(0x6c80_0000), f32::from_bits(0x1280_0000)); // 2⁹⁰, 2⁻⁹⁰
    let mut z = 1.0;
    if big >= (0x7f + 60) << 23 {
        (z, x, y) = (up, x * down, y * down);
    } else if small < (0x7f - 60) << 23 {
        (z, x, y) = (down, x * up, y * up);
    }
    let (x, y) = (f64::from(x), f64::from(y));
    z * ((x * x + y * y) as f32).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Pcg32;

    fn same(x: f32, y: f32) {
        let (ours, theirs) = (hypot_f32(x, y), libm::hypotf(x, y));
        assert!(
            ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()),
            "hypot({x:e}, {y:e}): {ours:e} against libm's {theirs:e}"
        );
    }

    #[test]
    fn equals_libm_hypotf_bit_for_bit() {
        let specials = [
            0.0,
            -0.0,
            1.0,
            -3.0,
            f32::MIN_POSITIVE,
            1e-45,
            f32::MAX,
            -f32::MAX,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            2f32.powi(60),
            2f32.powi(-60),
            2f32.powi(60).next_down(),
            2f32.powi(-60).next_up(),
        ];
        for &x in &specials {
            for &y in &specials {
                same(x, y);
            }
        }
        // Random bit patterns (every exponent, sign and NaN payload), and pairs of scene-sized
        // velocities.
        let mut rng = Pcg32::new(0x4879_706f);
        for _ in 0..2_000_000 {
            same(
                f32::from_bits(rng.next_u32()),
                f32::from_bits(rng.next_u32()),
            );
            let (a, b) = (
                rng.next_f32() * 2000.0 - 1000.0,
                rng.next_f32() * 2000.0 - 1000.0,
            );
            same(a, b);
            // Exponents 25 apart and near it (the far-apart case).
            same(a, b * 2f32.powi(-24));
            same(a, b * 2f32.powi(-26));
        }
    }
}
