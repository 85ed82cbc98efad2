//! The table against each channel's own evaluation, bit for bit.

use super::*;
use crate::document::{ColorKey, Curve, CurveKey, Gradient, Interp};
use crate::sim::rng::Pcg32;

/// A test draw: `0..n` (slightly biased; enough for shapes).
struct Rng(Pcg32);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Pcg32::new(seed))
    }

    fn below(&mut self, n: u32) -> u32 {
        self.0.next_u32() % n.max(1)
    }
}

fn bits(v: LifeValues) -> [u32; 7] {
    [
        v.scale, v.size_x, v.size_y, v.alpha, v.color.r, v.color.g, v.color.b,
    ]
    .map(f32::to_bits)
}

/// Every probe `u` of `curves` gives the same bits through the table as channel by channel.
fn assert_same_bits(c: &LifeCurves, probes: &[f32]) {
    assert!(c.is_tabled());
    let t = c.table.as_ref().expect("tabled");
    for &u in probes {
        assert_eq!(t.row_of(u), count_below(&t.ts, u), "row, u = {u}");
        let each = bits(c.eval_each(u));
        assert_eq!(bits(t.eval_lanes(u)), each, "lanes, u = {u}");
        assert_eq!(bits(t.eval_scalar(u)), each, "lane by lane, u = {u}");
        assert_eq!(bits(c.eval(u)), each, "u = {u}");
    }
}

/// Key times near and on the keys, outside 0..1, signed zeros, infinities and NaN.
fn probes(keys: &[f32]) -> Vec<f32> {
    let mut p = vec![
        -1.0,
        -0.0,
        0.0,
        1.0,
        2.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MIN_POSITIVE,
    ];
    for &k in keys {
        p.extend([k, k.next_down(), k.next_up()]);
    }
    p.extend((0..=1000).map(|i| i as f32 / 1000.0));
    p
}

fn curve(rng: &mut Rng, max_keys: u32) -> Curve {
    let n = rng.below(max_keys + 1);
    let mut keys: Vec<CurveKey> = (0..n)
        .map(|_| {
            // Coarse times so that channels share keys and keys repeat.
            let t = (rng.below(9) as f32 - 1.0) / 6.0;
            let v = rng.below(7) as f32 * 0.5 - 1.0;
            if rng.below(2) == 0 {
                CurveKey::smooth(t, v)
            } else {
                CurveKey::linear(t, v)
            }
        })
        .collect();
    keys.sort_by(|a, b| a.t.total_cmp(&b.t));
    Curve { keys }
}

fn gradient(rng: &mut Rng, max_keys: u32) -> Gradient {
    let n = rng.below(max_keys + 1);
    let mut keys: Vec<ColorKey> = (0..n)
        .map(|_| ColorKey {
            t: rng.below(8) as f32 / 7.0,
            color: Rgb::from_u8(
                rng.below(256) as u8,
                rng.below(256) as u8,
                rng.below(256) as u8,
            ),
        })
        .collect();
    keys.sort_by(|a, b| a.t.total_cmp(&b.t));
    Gradient { keys }
}

fn prepared(s: &Curve, x: &Curve, y: &Curve, a: &Curve, g: &Gradient) -> LifeCurves {
    LifeCurves::new(
        CurveEval::new(s, 1.0),
        CurveEval::new(x, 1.0),
        CurveEval::new(y, 1.0),
        CurveEval::new(a, 1.0),
        GradientEval::new(g),
    )
}

#[test]
fn random_channels_give_the_same_bits_as_each_evaluation() {
    let mut rng = Rng::new(0x11fe);
    // Tables whose row is found by the lanes' count alone, and with a search past them.
    let mut lanes_row = [0; 2];
    for _ in 0..400 {
        let (s, x, y, a) = (
            curve(&mut rng, 6),
            curve(&mut rng, 3),
            curve(&mut rng, 3),
            curve(&mut rng, 5),
        );
        let g = gradient(&mut rng, 6);
        let c = prepared(&s, &x, &y, &a, &g);
        if let Some(t) = &c.table {
            lanes_row[usize::from(t.ts.len() <= LANES)] += 1;
        }
        let keys: Vec<f32> = [&s, &x, &y, &a]
            .iter()
            .flat_map(|c| c.keys.iter().map(|k| k.t))
            .chain(g.keys.iter().map(|k| k.t))
            .collect();
        assert_same_bits(&c, &probes(&keys));
    }
    assert!(lanes_row.iter().all(|&n| n >= 50), "{lanes_row:?}");
}

#[test]
fn constant_channels_keep_their_value_and_sign() {
    let flat = |v: f32| Curve {
        keys: vec![CurveKey::linear(0.2, v), CurveKey::linear(0.8, v)],
    };
    let ramp = Curve::ramp(0.0, 1.0);
    let c = prepared(
        &flat(-0.0),
        &Curve { keys: vec![] },
        &flat(2.5),
        &ramp,
        &Gradient { keys: vec![] },
    );
    assert_same_bits(&c, &probes(&[0.0, 0.2, 0.8, 1.0]));
    let v = c.eval(0.5);
    assert_eq!(v.scale.to_bits(), (-0.0f32).to_bits());
    assert_eq!((v.size_x, v.size_y, v.alpha), (1.0, 2.5, 0.5));
    assert_eq!(v.color, Rgb::WHITE);
}

#[test]
fn smooth_and_linear_segments_mix_across_channels() {
    let s = Curve {
        keys: vec![
            CurveKey::smooth(0.0, 0.0),
            CurveKey::linear(0.5, 1.0),
            CurveKey::smooth(0.7, 0.2),
            CurveKey::linear(1.0, 0.9),
        ],
    };
    let a = Curve {
        keys: vec![CurveKey::linear(0.1, 1.0), CurveKey::smooth(0.6, 0.0)],
    };
    let g = gradient(&mut Rng::new(5), 4);
    let c = prepared(&s, &Curve::ramp(1.0, 0.5), &Curve { keys: vec![] }, &a, &g);
    assert_same_bits(&c, &probes(&[0.0, 0.1, 0.5, 0.6, 0.7, 1.0]));
    // Eased: flat at the smooth key (x = 0.02: x²(3 − 2x) ≈ 0.0012).
    assert!(c.eval(0.01).scale < 0.002, "a linear segment gives 0.02");
    assert!(matches!(s.keys[0].interp, Interp::Smooth));
}

#[test]
fn unsorted_keys_keep_each_evaluation() {
    let unsorted = Curve {
        keys: vec![CurveKey::linear(0.8, 1.0), CurveKey::linear(0.2, 0.0)],
    };
    let c = prepared(
        &unsorted,
        &Curve { keys: vec![] },
        &Curve { keys: vec![] },
        &Curve::ramp(1.0, 0.0),
        &Gradient { keys: vec![] },
    );
    assert!(!c.is_tabled());
    assert_eq!(c.eval(0.5), c.eval_each(0.5));
}
