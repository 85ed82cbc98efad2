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

use crate::sim::pair::F64x2;

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

/// Which simplex of the cube holds the offsets `(x0, y0, z0)` from its first corner: the steps
/// to its second and third corners. The first step goes along the largest offset, the second
/// adds the middle one (ties as `x ≥ y ≥ z`); read without branches, as the order is random from
/// call to call.
#[inline(always)]
fn order(x0: f64, y0: f64, z0: f64) -> ((i64, i64, i64), (i64, i64, i64)) {
    let (xy, xz, yz) = (x0 >= y0, x0 >= z0, y0 >= z0);
    (
        (
            i64::from(xy & xz),
            i64::from(!xy & yz),
            i64::from(!yz & !xz),
        ),
        (
            i64::from(xy | xz),
            i64::from(!xy | yz),
            i64::from(!xz | !yz),
        ),
    )
}

/// The four corners of the simplex holding `(x, y, z)`: lattice point and offset to the point.
#[inline(always)]
fn corners(x: f64, y: f64, z: f64) -> [(i64, i64, i64, f64, f64, f64); 4] {
    let s = (x + y + z) * F3;
    let ((i, fi), (j, fj), (k, fk)) = (floor(x + s), floor(y + s), floor(z + s));
    let t = (fi + fj + fk) * G3;
    let (x0, y0, z0) = (x - (fi - t), y - (fj - t), z - (fk - t));
    let ((i1, j1, k1), (i2, j2, k2)) = order(x0, y0, z0);
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

/// [`gradient_xy`] at two points `(x, y, z)`, one per lane of an [`F64x2`]: the offsets and the
/// corners' kernels in lanes, the lattice (`⌊⌋`, the simplex order, the hashes) point by point.
/// The same operations in the same order lane by lane: the same bits (tests).
#[inline]
pub(crate) fn gradient_xy_two(x: F64x2, y: F64x2, z: F64x2, seed: u32) -> [F64x2; 2] {
    let s = x.add(y).add(z).mul(F64x2::splat(F3));
    let (xs, ys, zs) = (x.add(s), y.add(s), z.add(s));
    let (a, b) = (
        [floor(xs.x()), floor(ys.x()), floor(zs.x())],
        [floor(xs.y()), floor(ys.y()), floor(zs.y())],
    );
    let lanes = |axis: usize| F64x2::new(a[axis].1, b[axis].1);
    let (fi, fj, fk) = (lanes(0), lanes(1), lanes(2));
    let t = fi.add(fj).add(fk).mul(F64x2::splat(G3));
    let (x0, y0, z0) = (x.sub(fi.sub(t)), y.sub(fj.sub(t)), z.sub(fk.sub(t)));
    let (oa, ob) = (order(x0.x(), y0.x(), z0.x()), order(x0.y(), y0.y(), z0.y()));
    // The four corners one after the other (as `gradient_xy`): the first corner's offsets as
    // they are, the others `x0 − step + shift`.
    // (Written out: `array::map` stayed a loop through memory in wasm at `opt-level = "s"`.)
    let x0s = [x0, y0, z0];
    let stepped = |st: [(i64, i64, i64); 2], shift: f64| {
        let off = |v: F64x2, la: i64, lb: i64| {
            v.sub(F64x2::new(la as f64, lb as f64))
                .add(F64x2::splat(shift))
        };
        [
            off(x0, st[0].0, st[1].0),
            off(y0, st[0].1, st[1].1),
            off(z0, st[0].2, st[1].2),
        ]
    };
    let off_last = |v: F64x2| v.sub(F64x2::splat(1.0)).add(F64x2::splat(3.0 * G3));
    let last = [off_last(x0), off_last(y0), off_last(z0)];
    let zero = F64x2::splat(0.0);
    let g = add_corner_two(
        [zero, zero],
        x0s,
        corner_gradient(&a, &b, [(0, 0, 0); 2], seed),
    );
    let g = add_corner_two(
        g,
        stepped([oa.0, ob.0], G3),
        corner_gradient(&a, &b, [oa.0, ob.0], seed),
    );
    let g = add_corner_two(
        g,
        stepped([oa.1, ob.1], 2.0 * G3),
        corner_gradient(&a, &b, [oa.1, ob.1], seed),
    );
    let g = add_corner_two(g, last, corner_gradient(&a, &b, [(1, 1, 1); 2], seed));
    let k = F64x2::splat(32.0);
    [k.mul(g[0]), k.mul(g[1])]
}

/// The gradients `g_c`, one per lane, of the corner `step` away from the first corners (lattice
/// points `a`, `b`) of two simplices.
#[inline(always)]
fn corner_gradient(
    a: &[(i64, f64); 3],
    b: &[(i64, f64); 3],
    step: [(i64, i64, i64); 2],
    seed: u32,
) -> [F64x2; 3] {
    let pick = |p: &[(i64, f64); 3], st: (i64, i64, i64)| {
        GRADIENTS[(hash(p[0].0 + st.0, p[1].0 + st.1, p[2].0 + st.2, seed) >> 28) as usize]
    };
    let (ga, gb) = (pick(a, step[0]), pick(b, step[1]));
    [
        F64x2::new(ga[0], gb[0]),
        F64x2::new(ga[1], gb[1]),
        F64x2::new(ga[2], gb[2]),
    ]
}

/// [`add_corner`] in lanes: `g` plus the gradient of one corner with offsets `d` and gradient
/// `grad`, one point per lane.
#[inline(always)]
fn add_corner_two(g: [F64x2; 2], [dx, dy, dz]: [F64x2; 3], grad: [F64x2; 3]) -> [F64x2; 2] {
    let zero = F64x2::splat(0.0);
    let tc = F64x2::splat(0.5)
        .sub(dx.mul(dx))
        .sub(dy.mul(dy))
        .sub(dz.mul(dz));
    let tc = tc.gt(zero).select(tc, zero);
    let dot = grad[0].mul(dx).add(grad[1].mul(dy)).add(grad[2].mul(dz));
    let t2 = tc.mul(tc);
    let t3 = t2.mul(tc);
    let t4 = t2.mul(t2);
    let eight_t3 = F64x2::splat(8.0).mul(t3);
    [
        g[0].add(t4.mul(grad[0]).sub(eight_t3.mul(dx).mul(dot))),
        g[1].add(t4.mul(grad[1]).sub(eight_t3.mul(dy).mul(dot))),
    ]
}

/// [`curl`] at two points, one per lane ([`gradient_xy_two`]).
#[inline]
pub(crate) fn curl_two(x: F64x2, y: F64x2, z: F64x2, seed: u32) -> [F64x2; 2] {
    let [gx, gy] = gradient_xy_two(x, y, z, seed);
    [gy, gx.neg()]
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
mod tests;
