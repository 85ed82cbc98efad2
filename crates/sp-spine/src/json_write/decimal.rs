//! Short decimals written directly (see the parent module for why they are `serde_json`'s own).

use serde_json::ser::{CompactFormatter, Formatter};
use std::io;

/// The compact formatter with short decimals written directly (see the parent module).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortDecimals;

impl Formatter for ShortDecimals {
    fn write_f64<W>(&mut self, writer: &mut W, value: f64) -> io::Result<()>
    where
        W: ?Sized + io::Write,
    {
        let mut buf = [0u8; 24];
        match short_decimal(value, &mut buf) {
            Some(len) => writer.write_all(&buf[..len]),
            None => CompactFormatter.write_f64(writer, value),
        }
    }
}

/// Writes `value` as `k / 10ᵈ` into `buf` (see the module doc) and returns its length, or
/// `None` when it has no such form in the fast path's range. One check at six decimals finds the
/// same decimal as a search over `d`: `k₆ = round(|v|·10⁶)` reads back as `v` exactly when the
/// shortest form does (it is that decimal with zeros appended), and dropping its trailing zeros
/// gives the shortest form.
pub(super) fn short_decimal(value: f64, buf: &mut [u8; 24]) -> Option<usize> {
    let abs = value.abs();
    if !(1e-5..1e9).contains(&abs) {
        return None;
    }
    // `+ 0.5` and truncation round (a tie would not read back anyway); `|v|·10⁶ < 2⁵³`, so the
    // signed conversions are exact (in wasm the unsigned ones are longer sequences).
    let k = (abs * 1e6 + 0.5) as i64;
    if k as f64 / 1e6 != abs {
        return None;
    }
    // `k / 10⁶` is `abs` (just checked), and `⌊k / 10⁶⌋` is `⌊abs⌋`: the quotient of an integer
    // `k < 10¹⁵` by 10⁶ is at least 10⁻⁶ below the next integer, far more than half an ulp of a
    // value below 10⁹, so the rounded quotient cannot reach it. So the whole part needs no
    // 64-bit division (a `div` in wasm, which has no multiply-high to divide by a constant),
    // and both parts fit in 32 bits.
    let whole = abs as u32;
    let frac = (k - i64::from(whole) * 1_000_000) as u32;
    if frac == 0 {
        // An integer: `serde_json` writes it with ".0"; the caller writes integers as integers.
        return None;
    }
    let mut len = usize::from(value < 0.0);
    buf[0] = b'-';
    len += write_u32(whole, &mut buf[len..]);
    buf[len] = b'.';
    // Six fraction digits, two at a time, then the trailing zeros dropped (not all six are).
    for (i, pair) in [frac / 10_000, frac / 100 % 100, frac % 100]
        .into_iter()
        .enumerate()
    {
        let at = len + 1 + 2 * i;
        let pair = pair as usize;
        buf[at..at + 2].copy_from_slice(&PAIRS[2 * pair..2 * pair + 2]);
    }
    let mut end = len + 7;
    while buf[end - 1] == b'0' {
        end -= 1;
    }
    Some(end)
}

/// `"00" "01" … "99"`.
const PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// Writes `n` in decimal at the start of `out` (at least 20 bytes long for any `n`) and returns
/// its length: [`write_u32`] when it fits (64-bit divisions are calls or `div`s in wasm).
pub(super) fn write_u64(n: u64, out: &mut [u8]) -> usize {
    if let Ok(small) = u32::try_from(n) {
        return write_u32(small, out);
    }
    // The low nine digits, then the rest (at most eleven) before them.
    let (high, low) = (n / 1_000_000_000, (n % 1_000_000_000) as u32);
    let len = write_u64(high, out);
    let mut nine = [b'0'; 10];
    let digits = write_u32(low, &mut nine);
    out[len..len + 9 - digits].fill(b'0');
    out[len + 9 - digits..len + 9].copy_from_slice(&nine[..digits]);
    len + 9
}

/// Writes `n` in decimal at the start of `out` (at least 10 bytes long for any `n`) and returns
/// its length.
pub(super) fn write_u32(mut n: u32, out: &mut [u8]) -> usize {
    let len = match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1_000..=9_999 => 4,
        10_000..=99_999 => 5,
        100_000..=999_999 => 6,
        1_000_000..=9_999_999 => 7,
        10_000_000..=99_999_999 => 8,
        100_000_000..=999_999_999 => 9,
        _ => 10,
    };
    let mut end = len;
    while n >= 100 {
        let pair = (n % 100) as usize;
        out[end - 2..end].copy_from_slice(&PAIRS[2 * pair..2 * pair + 2]);
        end -= 2;
        n /= 100;
    }
    if n >= 10 {
        out[end - 2..end].copy_from_slice(&PAIRS[2 * n as usize..2 * n as usize + 2]);
    } else {
        out[end - 1] = b'0' + n as u8;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::super::Writer;
    use super::*;
    use crate::json::Num;
    use serde::Serialize;

    /// `v` written by [`Writer::num`] and by `serde_json` (checked equal to what `serde_json`
    /// writes through [`ShortDecimals`] for an `f64` that is not an integer).
    fn both(v: f64) -> (String, String) {
        let mut w = Writer {
            out: Vec::new(),
            parallel: false,
            hash: None,
        };
        w.num(Num(v));
        let ours = String::from_utf8(w.out).expect("utf-8");
        let theirs = serde_json::to_string(&Num(v)).expect("serde_json");
        if v.is_finite() && v.fract() != 0.0 {
            let mut out = Vec::new();
            v.serialize(&mut serde_json::Serializer::with_formatter(
                &mut out,
                ShortDecimals,
            ))
            .expect("formatter");
            assert_eq!(String::from_utf8(out).expect("utf-8"), theirs, "{v}");
        }
        (ours, theirs)
    }

    #[test]
    fn writes_what_serde_json_writes_on_a_million_values() {
        // A fixed LCG: reproducible values of every decimal length and magnitude in range and
        // around its limits.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 11
        };
        let mut fast = 0;
        for i in 0..1_000_000u64 {
            let r = next();
            let v = match i % 4 {
                // Quantised decimals, as the reducer writes them.
                0 | 1 => {
                    let d = (r % 7) as i32;
                    let k = ((next() % 1_000_000_000_000) >> ((r >> 8) % 32)) as f64;
                    k / 10f64.powi(d)
                }
                // Arbitrary doubles over the range and beyond it.
                2 => f64::from_bits(0x3ed0_0000_0000_0000 + next() % 0x0130_0000_0000_0000),
                // Values next to decimals (one ulp off).
                _ => {
                    let k = (next() % 100_000_000) as f64 / 1000.0;
                    f64::from_bits(k.to_bits().wrapping_add(r % 3).wrapping_sub(1))
                }
            };
            let v = if r & 1 == 1 { -v } else { v };
            let (ours, theirs) = both(v);
            assert_eq!(ours, theirs, "value bits {:#x}", v.to_bits());
            fast += usize::from(short_decimal(v, &mut [0; 24]).is_some());
        }
        assert!(fast > 300_000, "the fast path took {fast}");
    }

    #[test]
    fn integers_are_written_as_their_display() {
        let check = |n: u64| {
            let mut out = [0u8; 24];
            let len = write_u64(n, &mut out);
            assert_eq!(
                std::str::from_utf8(&out[..len]).expect("ascii"),
                n.to_string()
            );
        };
        for n in [0, 9, 10, 99, 100, 999_999_999, 1_000_000_000, 1_000_000_001] {
            check(n);
        }
        for digits in 1..=20 {
            let p = 10u128.pow(digits);
            for n in [p - 1, p, p + 1, p + 7 * p / 10] {
                if let Ok(n) = u64::try_from(n) {
                    check(n);
                }
            }
        }
        check(u64::MAX);
        check(u64::from(u32::MAX));
        let mut state: u64 = 1;
        for _ in 0..100_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            check(state >> (state % 64));
        }
    }

    #[test]
    fn limits_and_small_cases() {
        for v in [
            0.1,
            -0.1,
            0.5,
            1.5,
            -11.55,
            0.066666,
            2.333333,
            1e-5,
            1.5e-5,
            9.9e-6,
            0.00001,
            123.456,
            999_999_999.5,
            1e9 + 0.5,
            0.1 + 0.2,
            1.0 / 3.0,
            -0.000123,
            5e-324,
            1e300,
            0.0,
            -0.0,
            7.0,
            -7.0,
            1e15,
            -1e15,
            999_999_999_999_999.0,
            1e16,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            i64::MAX as f64,
        ] {
            let (ours, theirs) = both(v);
            assert_eq!(ours, theirs, "{v}");
        }
        assert_eq!(both(0.066666).0, "0.066666");
        assert_eq!(
            short_decimal(0.1 + 0.2, &mut [0; 24]),
            None,
            "not a short decimal"
        );
        assert_eq!(short_decimal(2.5, &mut [0; 24]), Some(3));
    }
}
