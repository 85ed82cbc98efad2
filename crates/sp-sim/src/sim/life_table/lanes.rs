//! Eight `f32` lanes for the over-life table ([`super`]): the same IEEE 754 operation on eight
//! values at once, two `f32x4` in WebAssembly (`simd128`), an array elsewhere.

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use core::arch::wasm32 as w;

/// Lane count. Order in the table: scale, size X, size Y, alpha, red, green, blue, unused.
pub(super) const LANES: usize = 8;

/// Eight `f32` lanes: two `v128` in WebAssembly with `simd128`, an array elsewhere.
#[derive(Clone, Copy, Debug)]
pub(super) struct F8(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] [w::v128; 2],
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [f32; LANES],
);

/// Eight lane conditions for [`F8::select`].
#[derive(Clone, Copy, Debug)]
pub(super) struct M8(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] [w::v128; 2],
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [bool; LANES],
);

/// A two-operand lane operation: the `v128` intrinsic `$w` in wasm, the scalar `$op` elsewhere.
macro_rules! lanewise {
    ($name:ident, $w:ident, $op:tt, $doc:literal) => {
        #[doc = $doc]
        #[inline(always)]
        pub(super) fn $name(self, o: F8) -> F8 {
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            {
                F8([w::$w(self.0[0], o.0[0]), w::$w(self.0[1], o.0[1])])
            }
            #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
            {
                let (a, b) = (self.0, o.0);
                F8(std::array::from_fn(|i| a[i] $op b[i]))
            }
        }
    };
}

impl F8 {
    /// The lanes `v[0] … v[7]`.
    #[inline(always)]
    pub(super) fn new(v: [f32; LANES]) -> F8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F8([
                w::f32x4(v[0], v[1], v[2], v[3]),
                w::f32x4(v[4], v[5], v[6], v[7]),
            ])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F8(v)
        }
    }

    /// `x` in every lane.
    #[inline(always)]
    pub(super) fn splat(x: f32) -> F8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F8([w::f32x4_splat(x); 2])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F8([x; LANES])
        }
    }

    lanewise!(add, f32x4_add, +, "`self + o` in each lane.");
    lanewise!(sub, f32x4_sub, -, "`self − o` in each lane.");
    lanewise!(mul, f32x4_mul, *, "`self × o` in each lane.");

    /// `self` in the lanes of `m`, `+0` in the others (a bitwise and).
    #[inline(always)]
    pub(super) fn and(self, m: M8) -> F8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F8([
                w::v128_and(self.0[0], m.0[0]),
                w::v128_and(self.0[1], m.0[1]),
            ])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F8(std::array::from_fn(
                |i| if m.0[i] { self.0[i] } else { 0.0 },
            ))
        }
    }

    /// `a` in the lanes of `m`, `b` in the others.
    #[inline(always)]
    pub(super) fn select(m: M8, a: F8, b: F8) -> F8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F8([
                w::v128_bitselect(a.0[0], b.0[0], m.0[0]),
                w::v128_bitselect(a.0[1], b.0[1], m.0[1]),
            ])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F8(std::array::from_fn(
                |i| if m.0[i] { a.0[i] } else { b.0[i] },
            ))
        }
    }

    /// Lane `i` (the lane-by-lane form, which only native builds use).
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    #[inline(always)]
    pub(super) fn get(self, i: usize) -> f32 {
        self.0[i]
    }

    /// How many lanes are `< u` (IEEE 754 compares: a NaN lane or a NaN `u` counts 0): in
    /// WebAssembly two compares, a bit mask and a population count, without a branch or a loop.
    #[inline(always)]
    pub(super) fn count_below(self, u: f32) -> usize {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let u = w::f32x4_splat(u);
            let below = |k: w::v128| w::i32x4_bitmask(w::f32x4_lt(k, u)).count_ones();
            (below(self.0[0]) + below(self.0[1])) as usize
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.0.iter().filter(|&&k| k < u).count()
        }
    }

    /// Lane 3 (alpha) limited to `bounds` as [`crate::sim::lookup::clamp`] does it (`t < lo`
    /// gives `lo`, then `t > hi` gives `hi`; a NaN stays NaN, `−0` stays `−0`), the other lanes
    /// unchanged. In WebAssembly `pmax` then `pmin` on the first `f32x4`, whose definitions
    /// (`a < b ? b : a`, `b < a ? b : a`) are those two tests; its lanes 0–2 have the bounds
    /// `−∞` and `+∞`, which keep any value's bits.
    #[inline(always)]
    pub(super) fn clamp_lane3(self, bounds: &Lane3Bounds) -> F8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let low = w::f32x4_pmax(self.0[0], bounds.0[0]);
            F8([w::f32x4_pmin(low, bounds.0[1]), self.0[1]])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let mut v = self.0;
            v[3] = crate::sim::lookup::clamp(v[3], bounds.0[0], bounds.0[1]);
            F8(v)
        }
    }

    /// The eight lanes.
    #[inline(always)]
    pub(super) fn to_array(self) -> [f32; LANES] {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let (a, b) = (self.0[0], self.0[1]);
            [
                w::f32x4_extract_lane::<0>(a),
                w::f32x4_extract_lane::<1>(a),
                w::f32x4_extract_lane::<2>(a),
                w::f32x4_extract_lane::<3>(a),
                w::f32x4_extract_lane::<0>(b),
                w::f32x4_extract_lane::<1>(b),
                w::f32x4_extract_lane::<2>(b),
                w::f32x4_extract_lane::<3>(b),
            ]
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.0
        }
    }
}

/// The bounds of [`F8::clamp_lane3`], built once: in WebAssembly its two `f32x4` operands
/// (`(−∞, −∞, −∞, lo)` and `(+∞, +∞, +∞, hi)`), which V8 would otherwise rebuild from
/// immediates in every iteration of a loop (four instructions each); `(lo, hi)` elsewhere.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lane3Bounds(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] [w::v128; 2],
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [f32; 2],
);

impl Lane3Bounds {
    /// Lane 3 limited to `[lo, hi]`.
    pub(super) fn new(lo: f32, hi: f32) -> Lane3Bounds {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let (inf, ninf) = (f32::INFINITY, f32::NEG_INFINITY);
            Lane3Bounds([w::f32x4(ninf, ninf, ninf, lo), w::f32x4(inf, inf, inf, hi)])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            Lane3Bounds([lo, hi])
        }
    }
}

impl M8 {
    /// Lane `i` (the lane-by-lane form, which only native builds use).
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    #[inline(always)]
    pub(super) fn get(self, i: usize) -> bool {
        self.0[i]
    }

    /// Lane `i` set where `m[i]`.
    pub(super) fn new(m: [bool; LANES]) -> M8 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let l = |b: bool| if b { u32::MAX } else { 0 };
            M8([
                w::u32x4(l(m[0]), l(m[1]), l(m[2]), l(m[3])),
                w::u32x4(l(m[4]), l(m[5]), l(m[6]), l(m[7])),
            ])
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            M8(m)
        }
    }
}
