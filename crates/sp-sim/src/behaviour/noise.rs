//! Seeded 3D simplex noise with its analytic gradient, and the 2D curl field built on it.
//!
//! Noise `N(x, y, z)` (Perlin's simplex noise, 3D): skew `s = (x + y + z)/3` to find the simplex
//! cell `(i, j, k) = ⌊(x, y, z) + s⌋`, unskew with `G = 1/6`, and sum over the cell's four
//! corners `c` with offset `d_c` (from the corner to the point) the kernel
//! `n_c = t_c⁴·(g_c · d_c)`, `t_c = max(0, 0.5 − |d_c|²)`, where the gradient `g_c` is one of the
//! 12 cube-edge directions `(±1, ±1, 0)`, `(±1, 0, ±1)`, `(0, ±1, ±1)`, picked by an integer
//! hash of `(i, j, k, seed)` (wrapping `u32` arithmetic: identical everywhere). The result is
//! scaled by 32 (values in about `[−1, 1]`). The kernel is C², so its exact gradient
//! `∂n_c/∂x = t_c⁴·g_c.x − 8·t_c³·d_c.x·(g_c · d_c)` (likewise in y) is continuous.
//!
//! Curl: with the stream function `ψ(x, y) = N(x, y, z)`, the field
//! `curl ψ = (∂ψ/∂y, −∂ψ/∂x)` has zero divergence (`∂²ψ/∂x∂y − ∂²ψ/∂y∂x = 0`): it swirls
//! without sources or sinks. Only `⌊⌋` (an integer cast) and `+ − ×` are used, in a fixed order, so native
//! and wasm agree bit for bit.

/// The 12 cube-edge gradients, padded to 16 (four repeated, as in improved Perlin noise).
const GRADIENTS: [[f64; 3]; 16] = [
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [1.0, -1.0, 0.0],
    [-1.0, -1.0, 0.0],
    [1.0, 0.0, 1.0],
    [-1.0, 0.0, 1.0],
    [1.0, 0.0, -1.0],
    [-1.0, 0.0, -1.0],
    [0.0, 1.0, 1.0],
    [0.0, -1.0, 1.0],
    [0.0, 1.0, -1.0],
    [0.0, -1.0, -1.0],
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [0.0, -1.0, 1.0],
    [0.0, -1.0, -1.0],
];

const F3: f64 = 1.0 / 3.0;
const G3: f64 = 1.0 / 6.0;

/// Integer hash of a lattice point (murmur3's finaliser over a mix of the coordinates).
#[inline(always)]
fn hash(i: i64, j: i64, k: i64, seed: u32) -> u32 {
    let mut h = seed
        ^ (i as u32).wrapping_mul(0x8da6_b343)
        ^ (j as u32).wrapping_mul(0xd816_3841)
        ^ (k as u32).wrapping_mul(0xcb1a_b31f);
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h
}

/// `⌊x⌋` as an integer and as a float, through one integer cast (exact for `|x| < 2⁶³`, which the
/// validated coordinates keep; faster than a library call in the per-particle loop). Bit for bit
/// the float `⌊x⌋` of a cast and a compare, and that float cast back, for every `x`: beyond
/// `±2⁶³` (and at `±∞`) the cast saturates and `saturating_sub` keeps the bound, as the float's
/// `− 1` rounds back to it; a NaN gives 0. In wasm each saturating cast is about nine machine
/// instructions in V8, and the lattice index needed a second one (a unit test compares both forms).
#[inline(always)]
fn floor(x: f64) -> (i64, f64) {
    let i = x as i64;
    let i = if i as f64 > x { i.saturating_sub(1) } else { i };
    (i, i as f64)
}

/// The four corners of the simplex holding `(x, y, z)`: lattice point and offset to the point.
#[inline(always)]
fn corners(x: f64, y: f64, z: f64) -> [(i64, i64, i64, f64, f64, f64); 4] {
    let s = (x + y + z) * F3;
    let ((i, fi), (j, fj), (k, fk)) = (floor(x + s), floor(y + s), floor(z + s));
    let t = (fi + fj + fk) * G3;
    let (x0, y0, z0) = (x - (fi - t), y - (fj - t), z - (fk - t));
    // Which simplex of the cube: the order of x0, y0, z0. The first step goes along the largest
    // offset, the second adds the middle one (ties as `x ≥ y ≥ z`); read without branches, as
    // the order is random from call to call.
    let (xy, xz, yz) = (x0 >= y0, x0 >= z0, y0 >= z0);
    let (i1, j1, k1) = (
        i64::from(xy & xz),
        i64::from(!xy & yz),
        i64::from(!yz & !xz),
    );
    let (i2, j2, k2) = (
        i64::from(xy | xz),
        i64::from(!xy | yz),
        i64::from(!xz | !yz),
    );
    [
        (i, j, k, x0, y0, z0),
        (
            i + i1,
            j + j1,
            k + k1,
            x0 - i1 as f64 + G3,
            y0 - j1 as f64 + G3,
            z0 - k1 as f64 + G3,
        ),
        (
            i + i2,
            j + j2,
            k + k2,
            x0 - i2 as f64 + 2.0 * G3,
            y0 - j2 as f64 + 2.0 * G3,
            z0 - k2 as f64 + 2.0 * G3,
        ),
        (
            i + 1,
            j + 1,
            k + 1,
            x0 - 1.0 + 3.0 * G3,
            y0 - 1.0 + 3.0 * G3,
            z0 - 1.0 + 3.0 * G3,
        ),
    ]
}

/// `(∂N/∂x, ∂N/∂y)` at `(x, y, z)` for `seed` (see the module formula).
#[inline]
pub fn gradient_xy(x: f64, y: f64, z: f64, seed: u32) -> [f64; 2] {
    // The four corners one after the other, not in a loop: a loop over the array kept it in
    // memory in wasm (V8's code for a sample stored the 24 values, then read them back in a
    // loop of four turns; `opt-level = "s"` does not unroll it). Named, the array's values stay
    // in registers. The sums in the same order: the same bits.
    let [c0, c1, c2, c3] = corners(x, y, z);
    let g = add_corner([0.0, 0.0], c0, seed);
    let g = add_corner(g, c1, seed);
    let g = add_corner(g, c2, seed);
    let g = add_corner(g, c3, seed);
    [32.0 * g[0], 32.0 * g[1]]
}

/// `g` plus the gradient of one corner `(ci, cj, ck, dx, dy, dz)` of [`corners`] (before the
/// factor 32).
#[inline(always)]
fn add_corner(g: [f64; 2], c: (i64, i64, i64, f64, f64, f64), seed: u32) -> [f64; 2] {
    let (_, _, _, dx, dy, dz) = c;
    let (tc, grad) = reach_and_gradient(c, seed);
    // A corner out of reach (`t_c ≤ 0`) adds `±0` with `t_c = 0` (the sum starts at `+0`, so
    // it stays bit for bit what skipping it gives): no branch on the random reach. A compare
    // and select rather than `f64::max`, which wasm32 compiles to a call of `fmax` (the same
    // value: `t_c` is never `−0`, and a NaN gives 0 both ways).
    let tc = if tc > 0.0 { tc } else { 0.0 };
    let dot = grad[0] * dx + grad[1] * dy + grad[2] * dz;
    let t2 = tc * tc;
    let t3 = t2 * tc;
    let t4 = t2 * t2;
    [
        g[0] + (t4 * grad[0] - 8.0 * t3 * dx * dot),
        g[1] + (t4 * grad[1] - 8.0 * t3 * dy * dot),
    ]
}

/// Of one corner `(ci, cj, ck, dx, dy, dz)` of [`corners`]: its reach `t_c = 0.5 − |d_c|²`
/// (not yet limited to `≥ 0`) and its gradient `g_c`, picked by the hash of its lattice point.
#[inline(always)]
fn reach_and_gradient(c: (i64, i64, i64, f64, f64, f64), seed: u32) -> (f64, [f64; 3]) {
    let (ci, cj, ck, dx, dy, dz) = c;
    (
        0.5 - dx * dx - dy * dy - dz * dz,
        GRADIENTS[(hash(ci, cj, ck, seed) >> 28) as usize],
    )
}

/// The noise value itself (tests check [`gradient_xy`] against its finite differences).
pub fn value(x: f64, y: f64, z: f64, seed: u32) -> f64 {
    let mut n = 0.0;
    for c in corners(x, y, z) {
        let (_, _, _, dx, dy, dz) = c;
        let (tc, g) = reach_and_gradient(c, seed);
        if tc > 0.0 {
            let t2 = tc * tc;
            n += t2 * t2 * (g[0] * dx + g[1] * dy + g[2] * dz);
        }
    }
    32.0 * n
}

/// The curl `(∂ψ/∂y, −∂ψ/∂x)` of `ψ = N(x, y, z)` (see the module formula).
#[inline]
pub fn curl(x: f64, y: f64, z: f64, seed: u32) -> [f64; 2] {
    let [gx, gy] = gradient_xy(x, y, z, seed);
    [gy, -gx]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradient_is_the_derivative_of_the_value() {
        let eps = 1e-6;
        for i in 0..200 {
            let (x, y, z) = (
                i as f64 * 0.137 - 7.0,
                i as f64 * 0.071 + 3.0,
                i as f64 * 0.013,
            );
            let [gx, gy] = gradient_xy(x, y, z, 7);
            let dx = (value(x + eps, y, z, 7) - value(x - eps, y, z, 7)) / (2.0 * eps);
            let dy = (value(x, y + eps, z, 7) - value(x, y - eps, z, 7)) / (2.0 * eps);
            assert!(
                (gx - dx).abs() < 1e-5 && (gy - dy).abs() < 1e-5,
                "{i}: {gx} {dx} {gy} {dy}"
            );
        }
    }

    /// The simplex order as a chain of comparisons (the textbook form, branches and all).
    fn order_by_branches(x0: f64, y0: f64, z0: f64) -> (i64, i64, i64, i64, i64, i64) {
        if x0 >= y0 {
            if y0 >= z0 {
                (1, 0, 0, 1, 1, 0)
            } else if x0 >= z0 {
                (1, 0, 0, 1, 0, 1)
            } else {
                (0, 0, 1, 1, 0, 1)
            }
        } else if y0 < z0 {
            (0, 0, 1, 0, 1, 1)
        } else if x0 < z0 {
            (0, 1, 0, 0, 1, 1)
        } else {
            (0, 1, 0, 1, 1, 0)
        }
    }

    #[test]
    fn the_branchless_simplex_order_is_the_textbook_one_and_the_skipped_corners_add_nothing() {
        // Offsets with every order and every tie among three values.
        let vals = [0.1, 0.25, 0.4];
        for &a in &vals {
            for &b in &vals {
                for &c in &vals {
                    let (i1, j1, k1, i2, j2, k2) = order_by_branches(a, b, c);
                    // In the lattice cell (0, 0, 0) the offsets are the coordinates.
                    let cs = corners(a, b, c);
                    assert_eq!((cs[0].0, cs[0].1, cs[0].2), (0, 0, 0));
                    let want = [(i1, j1, k1), (i2, j2, k2)];
                    let got = [(cs[1].0, cs[1].1, cs[1].2), (cs[2].0, cs[2].1, cs[2].2)];
                    assert_eq!(got, want, "offsets {a} {b} {c}");
                }
            }
        }
        // Bit for bit what skipping the corners out of reach gives, on points all over the field.
        for n in 0..20_000 {
            let (x, y, z) = (
                f64::from(n) * 0.173 - 900.0,
                f64::from(n % 97) * 0.61 - 20.0,
                f64::from(n % 13) * 0.29,
            );
            let (mut gx, mut gy) = (0.0, 0.0);
            for (ci, cj, ck, dx, dy, dz) in corners(x, y, z) {
                let tc = 0.5 - dx * dx - dy * dy - dz * dz;
                if tc > 0.0 {
                    let g = GRADIENTS[(hash(ci, cj, ck, 9) >> 28) as usize];
                    let dot = g[0] * dx + g[1] * dy + g[2] * dz;
                    let (t2, t3) = (tc * tc, tc * tc * tc);
                    let t4 = t2 * t2;
                    gx += t4 * g[0] - 8.0 * t3 * dx * dot;
                    gy += t4 * g[1] - 8.0 * t3 * dy * dot;
                }
            }
            let [ax, ay] = gradient_xy(x, y, z, 9);
            assert_eq!(
                (ax.to_bits(), ay.to_bits()),
                ((32.0 * gx).to_bits(), (32.0 * gy).to_bits())
            );
        }
    }

    /// The float `⌊x⌋` of a cast and a compare, then cast back to the lattice index: the form
    /// `floor` replaces.
    fn floor_by_two_casts(x: f64) -> (i64, f64) {
        let i = x as i64 as f64;
        let fl = if i > x { i - 1.0 } else { i };
        (fl as i64, fl)
    }

    #[test]
    fn one_cast_floors_bit_for_bit_as_two() {
        let mut xs = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::EPSILON,
            -f64::EPSILON,
        ];
        // Around each power of two up to past 2⁶⁴, both signs, a few ulps either side.
        for e in 0..66 {
            let p = 2f64.powi(e);
            for v in [p, -p] {
                let mut below = v;
                let mut above = v;
                for _ in 0..4 {
                    below = below.next_down();
                    above = above.next_up();
                    xs.extend([below, v, above, v + 0.5, v - 0.5]);
                }
            }
        }
        // Spread over every magnitude (a fixed-seed xorshift of the bits).
        let mut bits = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            xs.push(f64::from_bits(bits));
            xs.push(f64::from_bits(bits) % 1e4);
        }
        for x in xs {
            let (i, f) = floor(x);
            let (want_i, want_f) = floor_by_two_casts(x);
            assert_eq!((i, f.to_bits()), (want_i, want_f.to_bits()), "x = {x:e}");
        }
    }

    #[test]
    fn the_seed_changes_the_field() {
        let a = gradient_xy(0.3, 0.7, 0.1, 1);
        let b = gradient_xy(0.3, 0.7, 0.1, 2);
        assert_ne!(a, b);
    }
}
