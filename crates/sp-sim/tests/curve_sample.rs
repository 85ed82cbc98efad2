//! `Curve::sample`, what the editor's curve graph draws (through the wasm `sampleCurve`): the
//! evaluated curve at evenly spaced lives, linear and smooth keys as the simulation reads them.

use sp_sim::document::{Curve, CurveKey};

#[test]
fn samples_are_the_curve_at_even_lives() {
    let c = Curve {
        keys: vec![
            CurveKey::linear(0.0, 0.0),
            CurveKey::smooth(0.5, 1.0),
            CurveKey::linear(1.0, 3.0),
        ],
    };
    let s = c.sample(5);
    assert_eq!(s.len(), 5);
    // t = 0, 0.25 (linear: half way), 0.5, 0.75 (smoothstep of ½ is ½ too: 2), 1.
    assert_eq!(s, vec![0.0, 0.5, 1.0, 2.0, 3.0]);
    // Between keys a smooth segment is not the straight line: at x = ¼, w = 0.15625.
    let s = c.sample(9);
    assert!((s[5] - (1.0 + 2.0 * 0.156_25)).abs() < 1e-6, "{}", s[5]);
    assert!((s[1] - 0.25).abs() < 1e-6);
}

#[test]
fn edge_counts_and_empty_curves() {
    let c = Curve::ramp(2.0, 4.0);
    assert!(c.sample(0).is_empty());
    assert_eq!(c.sample(1), vec![2.0]);
    assert_eq!(Curve::default().sample(3), vec![1.0, 1.0, 1.0]);
    // Outside its keys a curve holds its end values.
    let inner = Curve {
        keys: vec![CurveKey::linear(0.25, 5.0), CurveKey::linear(0.75, 7.0)],
    };
    assert_eq!(inner.sample(5), vec![5.0, 5.0, 6.0, 7.0, 7.0]);
}
