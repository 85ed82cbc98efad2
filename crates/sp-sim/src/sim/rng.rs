//! The per-system pseudo-random generator: PCG32 (PCG-XSH-RR 64/32, O'Neill 2014).
//!
//! State update: `s ← s·6364136223846793005 + inc (mod 2⁶⁴)` with odd `inc`.
//! Output: `rotr32(((s ≫ 18) ⊕ s) ≫ 27, s ≫ 59)` of the state before the update.
//! Seeding (the reference `pcg32_srandom_r`): `inc = (stream ≪ 1) | 1`, `s = 0`, step, `s += seed`, step.
//! Uniform floats: `u = (x ≫ 8)·2⁻²⁴ ∈ [0, 1)` (24 bits, exact in `f32`).
//!
//! Integer arithmetic only, so native and wasm produce the same sequence.

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
/// Stream selector shared by all systems (the seed makes them differ).
const STREAM: u64 = 0x5350_5041_5254; // "SPPART"

/// PCG32 generator state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg32 {
    state: u64,
    inc: u64,
}

impl Pcg32 {
    /// A generator seeded as in the reference implementation.
    pub fn new(seed: u64) -> Pcg32 {
        let mut rng = Pcg32 {
            state: 0,
            inc: (STREAM << 1) | 1,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(seed);
        rng.next_u32();
        rng
    }

    /// Next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// Skips `delta` outputs in `O(log delta)` (Brown, "Random number generation with arbitrary
    /// strides", 1994): the state becomes `s·Aᵟ + C·(Aᵟ − 1)/(A − 1)`, computed by squaring.
    pub fn advance(&mut self, mut delta: u64) {
        let (mut mult, mut plus) = (MULTIPLIER, self.inc);
        let (mut acc_mult, mut acc_plus) = (1u64, 0u64);
        while delta > 0 {
            if delta & 1 == 1 {
                acc_mult = acc_mult.wrapping_mul(mult);
                acc_plus = acc_plus.wrapping_mul(mult).wrapping_add(plus);
            }
            plus = mult.wrapping_add(1).wrapping_mul(plus);
            mult = mult.wrapping_mul(mult);
            delta >>= 1;
        }
        self.state = acc_mult.wrapping_mul(self.state).wrapping_add(acc_plus);
    }

    /// Uniform `f32` in `[0, 1)`.
    pub fn next_f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / 16_777_216.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_reference_sequence() {
        // pcg32-demo: pcg32_srandom_r(&rng, 42, 54) prints 0xa15c02b7 0x7b47f409 0xba1d3330.
        let mut rng = Pcg32 {
            state: 0,
            inc: (54 << 1) | 1,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(42);
        rng.next_u32();
        assert_eq!(
            [rng.next_u32(), rng.next_u32(), rng.next_u32()],
            [0xa15c02b7, 0x7b47f409, 0xba1d3330]
        );
    }

    #[test]
    fn advancing_skips_exactly_that_many_outputs() {
        for delta in [0u64, 1, 2, 7, 64, 1000, 12_345] {
            let mut stepped = Pcg32::new(99);
            for _ in 0..delta {
                stepped.next_u32();
            }
            let mut jumped = Pcg32::new(99);
            jumped.advance(delta);
            assert_eq!(jumped, stepped, "{delta}");
        }
    }

    #[test]
    fn floats_stay_in_unit_interval() {
        let mut rng = Pcg32::new(7);
        for _ in 0..10_000 {
            let u = rng.next_f32();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
