//! Two `f64` lanes: one `f64x2` in WebAssembly (`simd128`), an array elsewhere. The no-force
//! step moves both axes of a particle's closed-form state with one lane operation each
//! (`p + (v·φ + g·ψ)`, `v·e^{−kτ} + g·φ`) instead of two scalar ones; the integrated step
//! evaluates the derivative of two particles at once, one particle per lane
//! ([`crate::sim::integrate`]'s `lanes`). A lane operation rounds each lane as the scalar
//! operation does (IEEE 754: `+ − × ÷ √` correctly rounded, no fused multiply-add), and a lane
//! select picks what the scalar branch picks, so the states are the same bits on every target
//! (the wasm = native state hashes check it).

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use core::arch::wasm32 as w;

/// Two `f64` lanes `(x, y)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F64x2(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] w::v128,
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [f64; 2],
);

impl F64x2 {
    /// The lanes `(x, y)`.
    #[inline(always)]
    pub(crate) fn new(x: f64, y: f64) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2(x, y))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([x, y])
        }
    }

    /// `v` in both lanes.
    #[inline(always)]
    pub(crate) fn splat(v: f64) -> F64x2 {
        F64x2::new(v, v)
    }

    /// Lane `x`.
    #[inline(always)]
    pub(crate) fn x(self) -> f64 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            w::f64x2_extract_lane::<0>(self.0)
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.0[0]
        }
    }

    /// Lane `y`.
    #[inline(always)]
    pub(crate) fn y(self) -> f64 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            w::f64x2_extract_lane::<1>(self.0)
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.0[1]
        }
    }

    /// `[x, y]`.
    #[inline(always)]
    pub(crate) fn to_array(self) -> [f64; 2] {
        [self.x(), self.y()]
    }

    /// `[x as f32, y as f32]`: each lane rounded to the nearest `f32`, as `as` does (written as
    /// `f32x4.demote_f64x2_zero` in wasm, which the compiler may lower to two scalar
    /// conversions: the same rounding).
    #[inline(always)]
    pub(crate) fn to_f32(self) -> [f32; 2] {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            let v = w::f32x4_demote_f64x2_zero(self.0);
            [w::f32x4_extract_lane::<0>(v), w::f32x4_extract_lane::<1>(v)]
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            [self.0[0] as f32, self.0[1] as f32]
        }
    }

    /// `self + o` in each lane.
    #[inline(always)]
    pub(crate) fn add(self, o: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_add(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0] + o.0[0], self.0[1] + o.0[1]])
        }
    }

    /// `self × o` in each lane.
    #[inline(always)]
    pub(crate) fn mul(self, o: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_mul(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0] * o.0[0], self.0[1] * o.0[1]])
        }
    }
    /// `self − o` in each lane.
    #[inline(always)]
    pub(crate) fn sub(self, o: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_sub(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0] - o.0[0], self.0[1] - o.0[1]])
        }
    }

    /// `self ÷ o` in each lane.
    #[inline(always)]
    pub(crate) fn div(self, o: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_div(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0] / o.0[0], self.0[1] / o.0[1]])
        }
    }

    /// `√self` in each lane.
    #[inline(always)]
    pub(crate) fn sqrt(self) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_sqrt(self.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0].sqrt(), self.0[1].sqrt()])
        }
    }

    /// `−self` in each lane (the sign flipped, as the scalar `-x`).
    #[inline(always)]
    pub(crate) fn neg(self) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_neg(self.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([-self.0[0], -self.0[1]])
        }
    }

    /// The lanes where `self ≤ o` (false where either is NaN, as the scalar compare).
    #[inline(always)]
    pub(crate) fn le(self, o: F64x2) -> Mask2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            Mask2(w::f64x2_le(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            Mask2([self.0[0] <= o.0[0], self.0[1] <= o.0[1]])
        }
    }

    /// The lanes where `self > o` (false where either is NaN, as the scalar compare).
    #[inline(always)]
    pub(crate) fn gt(self, o: F64x2) -> Mask2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            Mask2(w::f64x2_gt(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            Mask2([self.0[0] > o.0[0], self.0[1] > o.0[1]])
        }
    }

    /// The lanes where `self ≥ o` (false where either is NaN, as the scalar compare).
    #[inline(always)]
    pub(crate) fn ge(self, o: F64x2) -> Mask2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            Mask2(w::f64x2_ge(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            Mask2([self.0[0] >= o.0[0], self.0[1] >= o.0[1]])
        }
    }
}

/// A true or false per lane of an [`F64x2`] (from its compares).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask2(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] w::v128,
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [bool; 2],
);

impl Mask2 {
    /// Per lane, `then` where the mask is true, else `otherwise` (the scalar `if`).
    #[inline(always)]
    pub(crate) fn select(self, then: F64x2, otherwise: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::v128_bitselect(then.0, otherwise.0, self.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let pick = |i: usize| if self.0[i] { then.0[i] } else { otherwise.0[i] };
            F64x2([pick(0), pick(1)])
        }
    }
}

impl From<[f64; 2]> for F64x2 {
    #[inline(always)]
    fn from([x, y]: [f64; 2]) -> F64x2 {
        F64x2::new(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_round_as_the_scalar_operations() {
        let (a, b) = ([0.1, -3.7e-300], [1.0 / 3.0, 7.0e10]);
        let (p, q) = (F64x2::from(a), F64x2::from(b));
        assert_eq!(p.add(q).to_array(), [a[0] + b[0], a[1] + b[1]]);
        assert_eq!(p.mul(q).to_array(), [a[0] * b[0], a[1] * b[1]]);
        assert_eq!(q.to_f32(), [b[0] as f32, b[1] as f32]);
        assert_eq!(F64x2::splat(2.5).to_array(), [2.5, 2.5]);
    }
}
