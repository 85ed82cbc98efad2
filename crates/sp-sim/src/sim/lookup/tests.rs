//! Tests of the life-curve lookup against the document's formula: integrals, smooth keys, neutral
//! values, clamps.

use super::*;
use crate::document::{ColorKey, CurveKey};

#[test]
fn agrees_with_the_document_formula() {
    let mut keys: Vec<CurveKey> = (0..9)
        .map(|i| CurveKey {
            t: i as f32 / 8.0,
            v: ((i * 7) % 5) as f32,
            interp: if i % 3 == 1 {
                Interp::Smooth
            } else {
                Interp::Linear
            },
        })
        .collect();
    keys.insert(3, CurveKey::linear(keys[2].t, 9.0)); // a zero-length segment
    for n in 1..keys.len() {
        let curve = Curve {
            keys: keys[..n].to_vec(),
        };
        let fast = CurveEval::new(&curve, 1.0);
        for j in -10..=110 {
            let t = j as f32 / 100.0;
            assert!((fast.eval(t) - curve.eval(t)).abs() <= 1e-5, "n={n} t={t}");
        }
        for k in &curve.keys {
            assert!(
                (fast.eval(k.t) - curve.eval(k.t)).abs() <= 1e-5,
                "n={n} at key {}",
                k.t
            );
        }
    }
    let g = Gradient {
        keys: vec![
            ColorKey {
                t: 0.1,
                color: Rgb::from_u8(255, 0, 0),
            },
            ColorKey {
                t: 0.5,
                color: Rgb::from_u8(0, 255, 0),
            },
            ColorKey {
                t: 0.5,
                color: Rgb::from_u8(0, 0, 0),
            },
            ColorKey {
                t: 0.9,
                color: Rgb::from_u8(0, 0, 255),
            },
        ],
    };
    let fast = GradientEval::new(&g);
    for j in 0..=40 {
        let t = j as f32 / 40.0;
        let (a, b) = (fast.eval(t), g.eval(t));
        assert!(
            (a.r - b.r).abs() + (a.g - b.g).abs() + (a.b - b.b).abs() <= 1e-5,
            "t={t}"
        );
    }
}

#[test]
fn integral_matches_a_fine_riemann_sum() {
    let curve = Curve {
        keys: vec![
            CurveKey::smooth(0.1, 2.0),
            CurveKey::linear(0.4, -1.0),
            CurveKey::smooth(0.7, 0.5),
            CurveKey::linear(1.0, 3.0),
        ],
    };
    let prepared = IntegralEval::new(&curve);
    let n = 200_000;
    let mut sum = 0.0f64;
    for i in 0..n {
        let t = (i as f64 + 0.5) / n as f64 * 1.2;
        sum += f64::from(curve.eval(t as f32)) * 1.2 / n as f64;
        let u = (i + 1) as f64 / n as f64 * 1.2;
        if (i + 1) % 20_000 == 0 {
            assert!((curve.integral(u) - sum).abs() < 1e-5, "u={u}");
            assert!(
                (prepared.eval(u) - curve.integral(u)).abs() < 1e-12,
                "u={u}"
            );
        }
    }
}

#[test]
fn smooth_keys_ease_in_and_out() {
    let curve = Curve {
        keys: vec![CurveKey::smooth(0.0, 0.0), CurveKey::linear(1.0, 1.0)],
    };
    let fast = CurveEval::new(&curve, 1.0);
    assert_eq!(curve.eval(0.5), 0.5);
    assert!((curve.eval(0.25) - 0.15625).abs() < 1e-6, "x²(3 − 2x) at ¼");
    // Flat at both keys: the first step is much smaller than a linear one.
    assert!(curve.eval(0.01) < 0.001 && curve.eval(0.99) > 0.999);
    for j in 0..=100 {
        let t = j as f32 / 100.0;
        assert!((fast.eval(t) - curve.eval(t)).abs() < 1e-6);
    }
}

#[test]
fn empty_curves_use_their_neutral_value() {
    assert_eq!(CurveEval::new(&Curve { keys: vec![] }, 1.0).eval(0.3), 1.0);
    assert_eq!(
        GradientEval::new(&Gradient { keys: vec![] }).eval(0.3),
        Rgb::WHITE
    );
}

#[test]
fn clamp_limits() {
    assert_eq!(
        [
            clamp(-1.0, 0.0, 1.0),
            clamp(0.5, 0.0, 1.0),
            clamp(3.0, 0.0, 1.0)
        ],
        [0.0, 0.5, 1.0]
    );
}
