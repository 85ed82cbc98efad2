//! Bézier segments fitted to what the runtime evaluates (see the module formula of [`super`]).
//!
//! spine-core evaluates a Bézier key as a 10-piece polyline ([`super::runtime_curve`]): points
//! `P_m = B(u_m)`, `u_m = m/10`, between `P₀ = (tᵢ, Vᵢ)` and `P₁₀ = (tⱼ, Vⱼ)`, with
//! `B(u) = w³·P₀ + 3w²u·C₁ + 3wu²·C₂ + u³·P₁₀`, `w = 1 − u`. The time coordinates of the points
//! depend only on the key times and the handle times, so for a frame sampled at `t` the piece
//! `[P_a, P_a+1]` and the fraction `λ` along it are known before any value is: the runtime's
//! value there is `(1 − λ)·y_a + λ·y_a+1`, **linear** in the handle values `cy₁`, `cy₂` and the
//! end value `Vⱼ`. Per channel these three are fitted by least squares over the frames in
//! `(i, j)` plus the end frame `j` (whose value is `Vⱼ`), with a small ridge toward the linear
//! handles (`cy₁ = (2Vᵢ + Vⱼ)/3`, `cy₂ = (Vᵢ + 2Vⱼ)/3`) for spans with few frames; `Vⱼ` is kept
//! within tolerance of the sample and written with the fewest decimals within half of the
//! remaining tolerance of its fit (the handles are then fitted again to it). (Lawson iterations toward the minimax fit were tried: on the
//! medium peer-tool scene they saved 0.05 % of the bytes for twice the fitting time.)
//! Handle times are the decimals with the fewest digits in `tᵢ + [0.27, 0.40]·Δ` and
//! `tᵢ + [0.60, 0.73]·Δ` (closest to `Δ/3`, `2Δ/3`): shorter to write, any of them fits.
//! Every candidate is verified against the exact `f32` polyline at every frame it spans.

use super::runtime_curve::{BezierTable, bezier_times, f32_round, piece_at};
use super::{Piece, exact_round, within_tolerance};

/// Ridge weight toward the linear handles.
const RIDGE: f64 = 1e-6;

/// How far (in tolerances left for the end value) the end value may move from its fit to be
/// written with fewer digits; the handles are fitted again to the value as written.
const BEZIER_END_SLACK: f64 = 0.5;

/// Buffers reused by the fits of one run.
#[derive(Default)]
pub(crate) struct Scratch {
    basis: Vec<[f64; 4]>,
}

/// The farthest Bézier segment from `i` (written value `value`) that reaches at least `from`
/// (a shorter one would not pay for its handles): end frame, written end value and handles;
/// searched by doubling and bisection.
#[allow(clippy::type_complexity)]
pub(crate) fn farthest<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    value: &[f64; N],
    from: usize,
    scratch: &mut Scratch,
) -> Option<(usize, [f64; N], [[f64; 4]; N])> {
    let n = piece.samples.len();
    if from >= n {
        return None;
    }
    let (v, h) = fit(piece, i, value, from, scratch)?;
    let mut best = (from, v, h);
    let mut bad = n;
    let mut step = 1;
    while best.0 + 1 < n {
        let j = (best.0 + step).min(n - 1);
        match fit(piece, i, value, j, scratch) {
            Some((v, h)) => {
                best = (j, v, h);
                step *= 2;
            }
            None => {
                bad = j;
                break;
            }
        }
    }
    while bad > best.0 + 1 {
        let mid = (best.0 + bad) / 2;
        match fit(piece, i, value, mid, scratch) {
            Some((v, h)) => best = (mid, v, h),
            None => bad = mid,
        }
    }
    Some(best)
}

/// The decimal with the fewest digits in `[lo, hi]`, the closest to `target` among those.
fn short_decimal(lo: f64, hi: f64, target: f64) -> f64 {
    let mut q = 1.0;
    for _ in 0..=6 {
        let near = exact_round::round(target * q) / q;
        if (lo..=hi).contains(&near) {
            return near;
        }
        let up = exact_round::ceil(lo * q) / q;
        if up <= hi {
            return up;
        }
        q *= 10.0;
    }
    exact_round::round(target * 1e6) / 1e6
}

/// Bernstein weights of the cubic at polyline point `m` (0 = start key, 10 = end key).
const fn bernstein(m: usize) -> [f64; 4] {
    let u = m as f64 / 10.0;
    let w = 1.0 - u;
    [w * w * w, 3.0 * w * w * u, 3.0 * w * u * u, u * u * u]
}

/// [`bernstein`] at the 11 polyline points, computed once by the compiler (the same IEEE
/// operations as at run time, so the same bits; every fit read them per in-between frame).
const BERNSTEIN: [[f64; 4]; 11] = {
    let mut table = [[0.0; 4]; 11];
    let mut m = 0;
    while m < 11 {
        table[m] = bernstein(m);
        m += 1;
    }
    table
};

/// Where a frame falls on the runtime's polyline: `(a, λ)`, the piece from point `a` to `a + 1`
/// ([`piece_at`], resumed from `from`).
fn locate(xs: &[f64; 9], t1: f64, t2: f64, t: f64, from: usize) -> (usize, f64) {
    let a = piece_at(xs, t, from);
    let lambda = match a {
        0 => (t - t1) / (xs[0] - t1),
        1..=8 => (t - xs[a - 1]) / (xs[a] - xs[a - 1]),
        _ => (t - xs[8]) / (t2 - xs[8]),
    };
    (a, lambda)
}

/// Solves the symmetric 3×3 system `a·z = b`; `None` when singular.
fn solve3(a: [[f64; 3]; 3], b: [f64; 3]) -> Option<[f64; 3]> {
    let det3 = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det3(a);
    if d.abs() < 1e-300 || !d.is_finite() {
        return None;
    }
    let mut z = [0.0; 3];
    for (col, zc) in z.iter_mut().enumerate() {
        let mut m = a;
        for row in 0..3 {
            m[row][col] = b[row];
        }
        *zc = det3(m) / d;
    }
    z.iter().all(|v| v.is_finite()).then_some(z)
}

/// Fits and verifies the segment `i → j`: written end value and handles.
#[allow(clippy::type_complexity)]
fn fit<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    value: &[f64; N],
    j: usize,
    scratch: &mut Scratch,
) -> Option<([f64; N], [[f64; 4]; N])> {
    let timing = piece.timing;
    let key1 = timing.key_time(piece.start_frame + i as u32);
    let key2 = timing.key_time(piece.start_frame + j as u32);
    let span = key2 - key1;
    if span <= 0.0 {
        return None;
    }
    let cx1 = short_decimal(key1 + 0.27 * span, key1 + 0.40 * span, key1 + span / 3.0);
    let cx2 = short_decimal(
        key1 + 0.60 * span,
        key1 + 0.73 * span,
        key1 + 2.0 * span / 3.0,
    );
    let (t1, t2) = (piece.key_t[i], piece.key_t[j]);
    let xs = bezier_times(t1, cx1, cx2, t2);
    // Per in-between frame: the weights of (V₁, cy₁, cy₂, V₂) in the runtime's value.
    let basis = &mut scratch.basis;
    basis.clear();
    // The frames' times increase, so each search resumes at the previous frame's piece.
    let mut from = 0;
    basis.extend((i + 1..j).map(|k| {
        let (a, lambda) = locate(&xs, t1, t2, piece.eval_t[k], from);
        from = a;
        let (p, q) = (BERNSTEIN[a], BERNSTEIN[a + 1]);
        std::array::from_fn(|r| (1.0 - lambda) * p[r] + lambda * q[r])
    }));
    let v1: [f64; N] = value.map(f32_round);
    let (end, handles) = solve(piece, i, j, &v1, basis)?;
    verify(piece, i, j, &v1, &end, &handles, (t1, cx1, cx2, t2)).then(|| {
        (
            end,
            std::array::from_fn(|c| [cx1, handles[c][0], cx2, handles[c][1]]),
        )
    })
}

/// Least squares per channel: written end value and handle values `[cy₁, cy₂]`.
#[allow(clippy::type_complexity)]
fn solve<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    j: usize,
    v1: &[f64; N],
    basis: &[[f64; 4]],
) -> Option<([f64; N], [[f64; 2]; N])> {
    let mut end = [0.0; N];
    let mut handles = [[0.0; 2]; N];
    let end_weight = 1.0;
    for c in 0..N {
        let spec = &piece.specs[c];
        let s_end = piece.samples[j][c];
        // Normal equations of Σ w·(B·cy₁ + C·cy₂ + D·V₂ − (s − A·V₁))² + end and ridge rows.
        // The frames' rows (w = 1) first: their sums are symmetric, so six products are
        // accumulated, not nine (`1·x·y` and `y·x` are `x·y` to the bit).
        let [mut s11, mut s12, mut s13, mut s22, mut s23, mut s33] = [0.0; 6];
        let mut b = [0.0; 3];
        for (k, coef) in basis.iter().enumerate() {
            let rhs = piece.samples[i + 1 + k][c] - coef[0] * v1[c];
            let [x, y, z] = [coef[1], coef[2], coef[3]];
            s11 += x * x;
            s12 += x * y;
            s13 += x * z;
            s22 += y * y;
            s23 += y * z;
            s33 += z * z;
            b[0] += x * rhs;
            b[1] += y * rhs;
            b[2] += z * rhs;
        }
        let mut a = [[s11, s12, s13], [s12, s22, s23], [s13, s23, s33]];
        let mut add = |row: [f64; 3], rhs: f64, w: f64| {
            for r in 0..3 {
                for q in 0..3 {
                    a[r][q] += w * row[r] * row[q];
                }
                b[r] += w * row[r] * rhs;
            }
        };
        add([0.0, 0.0, 1.0], s_end, end_weight);
        add([1.0, 0.0, -1.0 / 3.0], 2.0 / 3.0 * v1[c], RIDGE);
        add([0.0, 1.0, -2.0 / 3.0], 1.0 / 3.0 * v1[c], RIDGE);
        let z = solve3(a, b)?;
        // The end value stays within tolerance of its sample (with room for its rounding).
        let room = (spec.tolerance
            * if spec.joint {
                std::f64::consts::FRAC_1_SQRT_2
            } else {
                1.0
            }
            - 0.5 / spec.steps)
            .max(0.0);
        let z2 = z[2].clamp(s_end - room, s_end + room);
        let v2 = if piece.pin_last && j + 1 == piece.samples.len() {
            spec.quantize(s_end)
        } else {
            spec.shortest_in(
                (z2 - BEZIER_END_SLACK * room).max(s_end - room),
                (z2 + BEZIER_END_SLACK * room).min(s_end + room),
                z2,
            )
        };
        // Handles again with the end value as written.
        let (mut s11, mut s12, mut s22, mut r1, mut r2) = (
            RIDGE,
            0.0,
            RIDGE,
            RIDGE * (2.0 * v1[c] + v2) / 3.0,
            RIDGE * (v1[c] + 2.0 * v2) / 3.0,
        );
        for (k, coef) in basis.iter().enumerate() {
            let r = piece.samples[i + 1 + k][c] - coef[0] * v1[c] - coef[3] * f32_round(v2);
            s11 += coef[1] * coef[1];
            s12 += coef[1] * coef[2];
            s22 += coef[2] * coef[2];
            r1 += coef[1] * r;
            r2 += coef[2] * r;
        }
        let det = s11 * s22 - s12 * s12;
        if det.abs() < 1e-300 {
            return None;
        }
        let cy1 = (r1 * s22 - r2 * s12) / det;
        let cy2 = (s11 * r2 - s12 * r1) / det;
        if !(cy1.is_finite() && cy2.is_finite()) {
            return None;
        }
        end[c] = v2;
        handles[c] = [spec.quantize_handle(cy1), spec.quantize_handle(cy2)];
    }
    Some((end, handles))
}

/// Whether every frame in `(i, j]` is within tolerance (stops at the first miss).
fn verify<const N: usize>(
    piece: &Piece<'_, N>,
    i: usize,
    j: usize,
    v1: &[f64; N],
    end: &[f64; N],
    handles: &[[f64; 2]; N],
    (t1, cx1, cx2, t2): (f64, f64, f64, f64),
) -> bool {
    let v2 = end.map(f32_round);
    let specs = piece.specs;
    let end_err: [f64; N] = std::array::from_fn(|c| v2[c] - piece.samples[j][c]);
    if !within_tolerance(specs, &end_err) {
        return false;
    }
    // Filled in place: built with `array::from_fn`, each table (144 bytes) was copied out.
    let mut tables = [BezierTable::ZERO; N];
    for (c, table) in tables.iter_mut().enumerate() {
        table.set(t1, v1[c], cx1, handles[c][0], cx2, handles[c][1], t2, v2[c]);
    }
    // Every channel's points have the same times (the handle times are shared); the frames'
    // times increase, so the piece search resumes at the previous frame's piece.
    let xs = tables[0].times();
    let mut from = 0;
    (i + 1..j).all(|k| {
        let t = piece.eval_t[k];
        from = piece_at(&xs, t, from);
        let err: [f64; N] = std::array::from_fn(|c| {
            tables[c].value_on(from, t, t1, v1[c], t2, v2[c]) - piece.samples[k][c]
        });
        within_tolerance(specs, &err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_weights_are_the_run_time_weights_bit_for_bit() {
        for (m, compiled) in BERNSTEIN.iter().enumerate() {
            // `black_box`: computed at run time, not folded by the compiler.
            let run_time = bernstein(std::hint::black_box(m));
            assert_eq!(
                compiled.map(f64::to_bits),
                run_time.map(f64::to_bits),
                "point {m}"
            );
        }
    }
}
