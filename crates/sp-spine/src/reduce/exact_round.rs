//! `round`, `floor` and `ceil` of `f64` in a few instructions, bit for bit `std`'s results.
//!
//! The reducer rounds a few times per candidate value (written decimals, handle times). On the
//! x86-64 baseline (no SSE4.1 `roundsd`) and in WebAssembly (whose `nearest` rounds half to even)
//! `f64::round` is a call into a software routine, as are `floor` and `ceil` natively: 4 % of a
//! Bézier export's instructions went to these calls. For `|x| < 2⁵²` the truncation `t` is exact
//! through an `i64` (`cvttsd2si`, `i64.trunc`), and so is `x − t` (its fractional part), so:
//!
//! - `round(x) = t ± 1` when `|x − t| ≥ ½` (away from zero), else `t`;
//! - `floor(x) = t − 1` when `t > x`, else `t`; `ceil(x) = t + 1` when `t < x`, else `t`;
//!
//! with the sign of `x` on a zero result (`round(−0.3) = −0`, as `std` gives). Any `|x| ≥ 2⁵²`
//! is already an integer, and NaN and infinities are returned as they are, as `std` does.
//!
//! WebAssembly has `f64.trunc`, `f64.floor` and `f64.ceil` as instructions (one `roundsd` each
//! in V8), while its float-to-`i64` conversion saturates (a conversion and checks): there the
//! truncation is `f64::trunc`, and `floor` and `ceil` are `std`'s.

/// `2⁵²`: every `f64` of at least this magnitude is an integer.
const INTEGRAL: f64 = 4_503_599_627_370_496.0;

/// Whether `|x| < 2⁵²` (false for NaN and infinities): only then can `x` have a fraction.
#[inline(always)]
fn has_fraction_bits(x: f64) -> bool {
    x.abs() < INTEGRAL
}

/// `x` truncated toward zero, with the sign of `x` (for `|x| < 2⁵²`).
#[inline(always)]
fn trunc_small(x: f64) -> f64 {
    if cfg!(target_arch = "wasm32") {
        x.trunc()
    } else {
        ((x as i64) as f64).copysign(x)
    }
}

/// [`f64::round`] (half away from zero), the same bits.
#[inline(always)]
pub fn round(x: f64) -> f64 {
    if !has_fraction_bits(x) {
        return x;
    }
    let t = trunc_small(x);
    let d = x - t;
    if d >= 0.5 {
        t + 1.0
    } else if d <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

/// [`f64::floor`], the same bits.
#[inline(always)]
pub fn floor(x: f64) -> f64 {
    if cfg!(target_arch = "wasm32") {
        return x.floor();
    }
    if !has_fraction_bits(x) {
        return x;
    }
    let t = trunc_small(x);
    if t > x { t - 1.0 } else { t }
}

/// [`f64::ceil`], the same bits.
#[inline(always)]
pub fn ceil(x: f64) -> f64 {
    if cfg!(target_arch = "wasm32") {
        return x.ceil();
    }
    if !has_fraction_bits(x) {
        return x;
    }
    let t = trunc_small(x);
    if t < x { t + 1.0 } else { t }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values where rounding is delicate: halves, one ulp around them, signed zeros, the 2⁵²
    /// boundary, subnormals, non-finite values.
    fn edge_values() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            5e-324,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            INTEGRAL,
            INTEGRAL - 0.5,
            INTEGRAL - 1.0,
            2.0 * INTEGRAL - 1.0,
            0.49999999999999994,
        ];
        for k in 0..40 {
            let half = k as f64 + 0.5;
            for x in [half, (k as f64), half * 1e3, half / 1e3] {
                let below = f64::from_bits(x.to_bits().saturating_sub(1));
                let above = f64::from_bits(x.to_bits() + 1);
                v.extend([x, below, above]);
            }
        }
        let negated: Vec<f64> = v.iter().map(|x| -x).collect();
        v.extend(negated);
        v
    }

    #[test]
    fn equals_std_bit_for_bit() {
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut values = edge_values();
        for _ in 0..2_000_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Every exponent from tiny to past 2⁵³, both signs.
            values.push(f64::from_bits(state));
            // Values on the reducer's scales: a sample times 10^q.
            let scaled = (state >> 11) as f64 / (1u64 << 53) as f64 * 2000.0 - 1000.0;
            values.push(scaled * 10f64.powi((state % 8) as i32));
        }
        for x in values {
            if has_fraction_bits(x) {
                // The wasm build truncates with `f64::trunc`: the same bits as the conversion
                // through `i64` that this (native) build runs, so both builds round alike.
                let through_i64 = ((x as i64) as f64).copysign(x);
                assert_eq!(through_i64.to_bits(), x.trunc().to_bits(), "trunc({x:e})");
            }
            for (ours, std, name) in [
                (round(x), x.round(), "round"),
                (floor(x), x.floor(), "floor"),
                (ceil(x), x.ceil(), "ceil"),
            ] {
                if x.is_nan() {
                    // NaN stays NaN (its payload is not a value).
                    assert!(ours.is_nan() && std.is_nan(), "{name}(NaN)");
                    continue;
                }
                assert_eq!(
                    ours.to_bits(),
                    std.to_bits(),
                    "{name}({x:e}) = {ours:e}, std {std:e}"
                );
            }
        }
    }
}
