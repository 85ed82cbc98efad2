//! Two `f64` lanes for a particle's closed-form motion state (position, velocity): one `f64x2`
//! in WebAssembly (`simd128`), an array elsewhere. The no-force step moves both axes with one
//! lane operation each (`p + (v·φ + g·ψ)`, `v·e^{−kτ} + g·φ`) instead of two scalar ones; a lane
//! operation rounds each lane as the scalar operation does (IEEE 754, no fused multiply-add), so
//! the states are the same bits on every target (the wasm = native state hashes check it).

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use core::arch::wasm32 as w;

/// Two `f64` lanes `(x, y)`.
#[derive(Clone, Copy, Debug)]
pub(super) struct F64x2(
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))] w::v128,
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))] [f64; 2],
);

impl F64x2 {
    /// The lanes `(x, y)`.
    #[inline(always)]
    pub(super) fn new(x: f64, y: f64) -> F64x2 {
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
    pub(super) fn splat(v: f64) -> F64x2 {
        F64x2::new(v, v)
    }

    /// Lane `x`.
    #[inline(always)]
    pub(super) fn x(self) -> f64 {
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
    pub(super) fn y(self) -> f64 {
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
    pub(super) fn to_array(self) -> [f64; 2] {
        [self.x(), self.y()]
    }

    /// `[x as f32, y as f32]`: each lane rounded to the nearest `f32`, as `as` does (written as
    /// `f32x4.demote_f64x2_zero` in wasm, which the compiler may lower to two scalar
    /// conversions: the same rounding).
    #[inline(always)]
    pub(super) fn to_f32(self) -> [f32; 2] {
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
    pub(super) fn add(self, o: F64x2) -> F64x2 {
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
    pub(super) fn mul(self, o: F64x2) -> F64x2 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            F64x2(w::f64x2_mul(self.0, o.0))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            F64x2([self.0[0] * o.0[0], self.0[1] * o.0[1]])
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
