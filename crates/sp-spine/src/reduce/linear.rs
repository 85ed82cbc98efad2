//! The farthest linear segment from a key (see the module formula of [`super`]).
//!
//! From the key at frame `i` with stored value `Vᵢ` at stored time `tᵢ`, a slope `m` per channel
//! puts the runtime's value at an in-between frame `k` (sampled at `t_k`) at `Vᵢ + m·(t_k − tᵢ)`
//! and the next key at `Vⱼ = Vᵢ + m·(tⱼ − tᵢ)` (its stored time `tⱼ`; the end frame sees that
//! key). Each frame allows the slopes `m ∈ [(s − tol' − Vᵢ)/Δt, (s + tol' − Vᵢ)/Δt]`, so the
//! slopes that keep every frame up to `j` are an interval (a cone) narrowed frame by frame:
//! O(1) per extension. `tol' = tol − ½/steps` leaves room for writing `Vⱼ` rounded. The end
//! value is the one with the fewest decimals in `Vᵢ + [m_lo, m_hi]·(tⱼ − tᵢ)`, the closest to
//! the middle of the cone among those; the segment is then verified exactly
//! ([`super::Piece::linear_fits`]). Joint channels (translate) are boxed channel by channel;
//! when that end misses the tolerance as a distance, the cone is narrowed to
//! `tol/√2` per channel (a box inside the disc), and as a last resort the segment ends on the
//! sample, stepping back until it fits.

use super::Piece;
use super::runtime_curve::f32_round;

/// The farthest `j` reachable by a linear segment from `i` (written value `value`), and the
/// written value of the key at `j`.
pub(crate) fn farthest<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    value: &[f64; N],
) -> (usize, [f64; N]) {
    let joint = piece.specs.iter().any(|s| s.joint);
    let shrinks: &[f64] = if joint {
        &[1.0, std::f64::consts::FRAC_1_SQRT_2]
    } else {
        &[1.0]
    };
    let mut last_j = i + 1;
    for &shrink in shrinks {
        let (j, v) = cone(piece, i, value, shrink);
        if piece.linear_fits(i, value, j, &v) {
            return (j, v);
        }
        last_j = j;
    }
    // Ending on the sample itself, stepping back (a one-frame segment ending on the rounded
    // sample always fits: the rounding is within tolerance).
    for j in (i + 1..=last_j).rev() {
        let v: [f64; N] = std::array::from_fn(|c| piece.specs[c].quantize(piece.samples[j][c]));
        if j == i + 1 || piece.linear_fits(i, value, j, &v) {
            return (j, v);
        }
    }
    let v = std::array::from_fn(|c| piece.specs[c].quantize(piece.samples[i + 1][c]));
    (i + 1, v)
}

/// The farthest end of a non-empty cone with tolerances scaled by `shrink`, and its value.
fn cone<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    value: &[f64; N],
    shrink: f64,
) -> (usize, [f64; N]) {
    let n = piece.samples.len();
    let specs = piece.specs;
    let t0 = piece.key_t[i];
    let v0 = value.map(f32_round);
    let tol: [f64; N] = std::array::from_fn(|c| {
        let s = &specs[c];
        // Room for the rounding of the written end value and for f32 storage.
        (s.tolerance * shrink - 0.5 / s.steps - 1e-7 * (1.0 + v0[c].abs())).max(0.0)
    });
    let mut lo = [f64::NEG_INFINITY; N];
    let mut hi = [f64::INFINITY; N];
    // The farthest end so far: its frame, time from the key and cone of slopes per channel.
    let mut best: Option<(usize, f64, [[f64; 2]; N])> = None;
    for j in i + 1..n {
        let s = &piece.samples[j];
        // j as the end: the key's own time.
        let dt_end = piece.key_t[j] - t0;
        if dt_end <= 0.0 {
            break;
        }
        if piece.pin_last && j + 1 == n {
            // The run's last key is its sample as written (loop seams stay exact): it ends this
            // segment if its slope is inside the cone of the frames before it.
            let pinned: [f64; N] = std::array::from_fn(|c| specs[c].quantize(s[c]));
            let fits = (0..N).all(|c| {
                let m = (f32_round(pinned[c]) - v0[c]) / dt_end;
                lo[c] <= m && m <= hi[c]
            });
            if fits {
                return (j, pinned);
            }
            break;
        }
        let mut cone = [[0.0; 2]; N];
        let mut ok = true;
        for c in 0..N {
            let l = larger(lo[c], (s[c] - tol[c] - v0[c]) / dt_end);
            let h = smaller(hi[c], (s[c] + tol[c] - v0[c]) / dt_end);
            if l > h {
                ok = false;
                break;
            }
            cone[c] = [l, h];
        }
        if ok {
            best = Some((j, dt_end, cone));
        }
        // j as an in-between frame of a longer segment: its sampling time.
        let dt = piece.eval_t[j] - t0;
        if dt <= 0.0 {
            break;
        }
        let mut open = true;
        for c in 0..N {
            lo[c] = larger(lo[c], (s[c] - tol[c] - v0[c]) / dt);
            hi[c] = smaller(hi[c], (s[c] + tol[c] - v0[c]) / dt);
            open &= lo[c] <= hi[c];
        }
        if !open {
            break;
        }
    }
    match best {
        // The end value with the fewest digits in the cone, the closest to its middle.
        Some((j, dt_end, cone)) => (
            j,
            std::array::from_fn(|c| {
                let [l, h] = cone[c];
                let mid = v0[c] + 0.5 * (l + h) * dt_end;
                specs[c].shortest_in(v0[c] + l * dt_end, v0[c] + h * dt_end, mid)
            }),
        ),
        None => (
            i + 1,
            std::array::from_fn(|c| specs[c].quantize(piece.samples[i + 1][c])),
        ),
    }
}

/// The larger of `a` and `b` (`a` when `b` is NaN, `b` when they are equal): what `a.max(b)`
/// gives the cone's bounds, written as a compare. In wasm `f64::max` is a call into `fmax` (its
/// NaN rule has no instruction), and the cone's four bounds per frame made those calls ~5 % of
/// the editor's export in Node 20 (`--cpu-prof`); this inlines to a compare and a select. Also
/// the joint tolerance of [`super::within_tolerance`] and the corners' neighbour test.
#[inline(always)]
pub(crate) fn larger(a: f64, b: f64) -> f64 {
    if a > b || b.is_nan() { a } else { b }
}

/// The smaller of `a` and `b` (`a` when `b` is NaN, `b` when they are equal), as [`larger`].
#[inline(always)]
pub(crate) fn smaller(a: f64, b: f64) -> f64 {
    if a < b || b.is_nan() { a } else { b }
}

#[cfg(test)]
mod tests {
    use super::{larger, smaller};

    #[test]
    fn larger_and_smaller_are_max_and_min_on_the_cone_bounds() {
        let values = [
            f64::NEG_INFINITY,
            -3.5,
            -1e-300,
            -0.0,
            0.0,
            2.25,
            1e300,
            f64::INFINITY,
        ];
        for a in values {
            for b in values {
                if a == b {
                    // Equal (±0 too): the second one, as the compare gives.
                    assert_eq!(larger(a, b).to_bits(), b.to_bits());
                    assert_eq!(smaller(a, b).to_bits(), b.to_bits());
                } else {
                    assert_eq!(larger(a, b).to_bits(), a.max(b).to_bits(), "{a} {b}");
                    assert_eq!(smaller(a, b).to_bits(), a.min(b).to_bits(), "{a} {b}");
                }
            }
            // A NaN bound is ignored, as by `f64::max` / `f64::min`.
            assert_eq!(larger(a, f64::NAN).to_bits(), a.to_bits());
            assert_eq!(smaller(a, f64::NAN).to_bits(), a.to_bits());
        }
    }
}
