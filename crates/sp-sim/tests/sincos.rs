//! `libm::sincos` and `libm::sincosf` give `sin` and `cos` bit for bit.
//!
//! Every angle whose sine and cosine the core needs (emission directions, emitter shapes,
//! transforms, trail nodes, wind, colliders, the export's coordinates) goes through one
//! `sincos` call: one argument reduction instead of two, the same kernels. The simulation's
//! states and the exports' bytes depend on those bits, so this pins that the pair equals the two
//! separate functions: on the branches where the code paths differ (`|x| < 2⁻²⁶` for `f64`,
//! where `sin` returns `x` and `sincos` its polynomial, which rounds to `x`; the octant
//! boundaries of the `f32` reductions), on every binade, and on the special values.

/// A small deterministic generator (SplitMix64) for the sweeps.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn check64(x: f64) {
    let (s, c) = libm::sincos(x);
    assert_eq!(
        s.to_bits(),
        libm::sin(x).to_bits(),
        "sin {x:e} ({:#x})",
        x.to_bits()
    );
    assert_eq!(
        c.to_bits(),
        libm::cos(x).to_bits(),
        "cos {x:e} ({:#x})",
        x.to_bits()
    );
}

fn check32(x: f32) {
    let (s, c) = libm::sincosf(x);
    assert_eq!(
        s.to_bits(),
        libm::sinf(x).to_bits(),
        "sinf {x:e} ({:#x})",
        x.to_bits()
    );
    assert_eq!(
        c.to_bits(),
        libm::cosf(x).to_bits(),
        "cosf {x:e} ({:#x})",
        x.to_bits()
    );
}

/// Zeros, infinities, NaN, the smallest and largest values, and multiples of π/4 with their
/// neighbours (the reductions' octant boundaries).
fn specials() -> Vec<f64> {
    let mut v = vec![
        0.0,
        f64::INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        1e-300,
        1e300,
    ];
    for k in 0..=4096 {
        let x = f64::from(k) * std::f64::consts::FRAC_PI_4;
        v.extend([x, x.next_up(), x.next_down()]);
    }
    v.iter().flat_map(|&x| [x, -x]).collect()
}

#[test]
fn sincos_is_sin_and_cos_bit_for_bit() {
    for x in specials() {
        check64(x);
    }
    // |x| from 2⁻²⁷·√2 to 2⁻²⁶ (sin returns x, sincos its polynomial): 200,000 evenly spaced
    // pairs of neighbours.
    let (lo, hi) = (0x3e46_a09e_0000_0000_u64, 0x3e50_0000_0000_0000_u64);
    let step = (hi - lo) / 200_000;
    for bits in (lo..hi).step_by(step as usize) {
        for b in [bits, bits + 1] {
            check64(f64::from_bits(b));
            check64(-f64::from_bits(b));
        }
    }
    // Angles in degrees as the core forms them (an f32 widened, then radians), every binade.
    let mut rng = SplitMix(0x5eed);
    for _ in 0..300_000 {
        let deg = f32::from_bits(rng.next() as u32);
        check64(f64::from(deg).to_radians());
    }
    // Any f64 with an exponent up to 2¹⁰ (reduced by the fast and the large-argument paths).
    for _ in 0..300_000 {
        let bits = rng.next() & !(0x7ff << 52) | ((rng.next() % 0x409) << 52);
        check64(f64::from_bits(bits));
    }
}

#[test]
fn sincosf_is_sinf_and_cosf_bit_for_bit() {
    for x in specials() {
        check32(x as f32);
        check32((x as f32).next_up());
        check32((x as f32).next_down());
    }
    // Every f32 from 0 to 9π/4 (the octant branches of the reduction) in steps of 61 ulps, and
    // random ones of every exponent.
    let top = (9.0 * std::f32::consts::FRAC_PI_4).to_bits();
    for bits in (0..top).step_by(61) {
        check32(f32::from_bits(bits));
        check32(-f32::from_bits(bits));
    }
    let mut rng = SplitMix(0xf32);
    for _ in 0..300_000 {
        check32(f32::from_bits(rng.next() as u32));
    }
}
