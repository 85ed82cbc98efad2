//! Reducer error bounds, linear and Bézier, checked with the runtime's own evaluation.

use super::*;

const POS: ChannelSpec = ChannelSpec {
    tolerance: 0.09,
    steps: 100.0,
    handle_steps: 100.0,
    joint: false,
    range: ChannelSpec::UNBOUNDED,
};
/// An 8-bit colour channel (alpha): 0..1, held within 0.0099.
const ALPHA: ChannelSpec = ChannelSpec {
    tolerance: 0.0099,
    steps: 255.0,
    handle_steps: 10000.0,
    joint: false,
    range: [0.0, 1.0],
};
const T30: Timing = Timing { fps: 30 };

fn check_bounds<const N: usize>(
    keys: &[Key<N>],
    start: u32,
    samples: &[[f64; N]],
    specs: &[ChannelSpec; N],
) {
    for (k, s) in samples.iter().enumerate() {
        let v = runtime_value(keys, start + k as u32, T30).expect("inside the run");
        for c in 0..N {
            assert!(
                (v[c] - s[c]).abs() <= specs[c].tolerance + 1e-9,
                "frame {k} ch {c}: {} vs {}",
                v[c],
                s[c]
            );
        }
    }
}

#[test]
fn straight_lines_collapse_to_two_keys() {
    let samples: Vec<[f64; 2]> = (0..90).map(|k| [3.0 * k as f64, -1.5 * k as f64]).collect();
    let keys = reduce_run(10, &samples, &[POS, POS], CurveMode::Linear, T30);
    assert_eq!(keys.len(), 2);
    assert_eq!((keys[0].frame, keys[1].frame), (10, 99));
    check_bounds(&keys, 10, &samples, &[POS, POS]);
}

#[test]
fn parabola_stays_within_tolerance_linear_and_bezier() {
    // Gravity 600 px/s², 3 s at 30 fps.
    let samples: Vec<[f64; 2]> = (0..90)
        .map(|k| {
            let t = k as f64 / 30.0;
            [120.0 * t, 200.0 * t - 300.0 * t * t]
        })
        .collect();
    let lin = reduce_run(0, &samples, &[POS, POS], CurveMode::Linear, T30);
    check_bounds(&lin, 0, &samples, &[POS, POS]);
    let bez = reduce_run(0, &samples, &[POS, POS], CurveMode::Bezier, T30);
    check_bounds(&bez, 0, &samples, &[POS, POS]);
    assert!(
        bez.len() < lin.len(),
        "bezier {} vs linear {}",
        bez.len(),
        lin.len()
    );
    assert!(bez.iter().any(|k| matches!(k.curve, KeyCurve::Bezier(_))));
}

#[test]
fn bezier_is_verified_against_the_10_segment_polyline_not_the_ideal_curve() {
    // A sharp cubic: the ideal curve would fit over the whole range, the polyline does not at a
    // tight tolerance, so the reducer must add keys.
    let tight = ChannelSpec {
        tolerance: 0.01,
        steps: 10000.0,
        handle_steps: 10000.0,
        joint: false,
        range: ChannelSpec::UNBOUNDED,
    };
    let samples: Vec<[f64; 1]> = (0..61)
        .map(|k| {
            let u = k as f64 / 60.0;
            [1000.0 * u * u * u]
        })
        .collect();
    let keys = reduce_run(0, &samples, &[tight], CurveMode::Bezier, T30);
    assert!(keys.len() > 2);
    check_bounds(&keys, 0, &samples, &[tight]);
}

#[test]
fn noisy_data_never_exceeds_tolerance() {
    let mut state = 12345u64;
    let mut rnd = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as f64 / (1u64 << 31) as f64) - 0.5
    };
    let rot = ChannelSpec {
        tolerance: 0.009,
        steps: 1000.0,
        handle_steps: 1000.0,
        joint: false,
        range: ChannelSpec::UNBOUNDED,
    };
    let mut v = 0.0;
    let samples: Vec<[f64; 1]> = (0..200)
        .map(|_| {
            v += 5.0 + rnd() * 0.2;
            [v]
        })
        .collect();
    for mode in [CurveMode::Linear, CurveMode::Bezier] {
        let keys = reduce_run(3, &samples, &[rot], mode, T30);
        check_bounds(&keys, 3, &samples, &[rot]);
    }
}

#[test]
fn single_and_two_frame_runs() {
    let keys = reduce_run(5, &[[1.234]], &[POS], CurveMode::Linear, T30);
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].values, [1.23]);
    let keys = reduce_run(5, &[[1.0], [2.0]], &[POS], CurveMode::Bezier, T30);
    assert_eq!(keys.len(), 2);
}

#[test]
fn key_times_never_round_up() {
    let t = Timing { fps: 30 };
    for f in 0..10_000u32 {
        assert!(f32_round(t.key_time(f)) <= t.eval_time(f), "frame {f}");
        assert!(t.key_time(f) > t.key_time(f.saturating_sub(1)) || f == 0);
    }
    assert_eq!(t.key_time(3), 0.1);
    assert_eq!(t.key_time(1), 0.033333);
}

#[test]
fn forced_keys_are_never_crossed() {
    let samples: Vec<[f64; 1]> = (0..60).map(|k| [2.0 * k as f64]).collect();
    let keys = reduce_run_forced(0, &samples, &[17, 40], &[POS], CurveMode::Bezier, T30);
    let frames: Vec<u32> = keys.iter().map(|k| k.frame).collect();
    assert_eq!(frames, vec![0, 17, 40, 59]);
    check_bounds(&keys, 0, &samples, &[POS]);
    assert_eq!(
        reduce_run_forced(0, &samples, &[], &[POS], CurveMode::Linear, T30).len(),
        2
    );
}

mod property {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
        /// Any motion (random accelerations, jumps) stays within tolerance at every frame, in both
        /// modes, with forced keys kept.
        #[test]
        fn reduced_keys_stay_within_tolerance(
            accel in prop::collection::vec(-3000.0f64..3000.0, 2..120),
            start in 0u32..500,
            fps in prop::sample::select(vec![24u32, 30, 60, 144]),
            bezier in any::<bool>(),
        ) {
            let timing = Timing { fps };
            let dt = 1.0 / f64::from(fps);
            let (mut x, mut v) = (0.0f64, 50.0f64);
            let samples: Vec<[f64; 2]> = accel
                .iter()
                .map(|a| {
                    v += a * dt;
                    x += v * dt;
                    [x, 0.5 * x + a * 0.001]
                })
                .collect();
            let forced: Vec<usize> = (1..samples.len()).filter(|k| k % 37 == 0).collect();
            let mode = if bezier { CurveMode::Bezier } else { CurveMode::Linear };
            let keys = reduce_run_forced(start, &samples, &forced, &[POS, POS], mode, timing);
            for &f in &forced {
                prop_assert!(keys.iter().any(|k| k.frame == start + f as u32));
            }
            for (k, s) in samples.iter().enumerate() {
                let got = runtime_value(&keys, start + k as u32, timing).expect("inside");
                for c in 0..2 {
                    prop_assert!((got[c] - s[c]).abs() <= POS.tolerance + 1e-6, "frame {} ch {}: {} vs {}", k, c, got[c], s[c]);
                }
            }
        }
    }
}

#[test]
fn joint_channels_hold_their_tolerance_as_a_distance() {
    // A diagonal wobble of ±0.08 on both axes around a straight line (on it at the first
    // frame): the line is within 0.08 axis by axis, 0.113 as a distance, so the joint reducer
    // must add keys.
    let joint = ChannelSpec { joint: true, ..POS };
    let samples: Vec<[f64; 2]> = (0..40)
        .map(|k| {
            let w = match k {
                0 => 0.0,
                _ if k % 2 == 1 => 0.08,
                _ => -0.08,
            };
            [k as f64 + w, 2.0 * k as f64 + w]
        })
        .collect();
    for mode in [CurveMode::Linear, CurveMode::Bezier] {
        let per_axis = reduce_run(0, &samples, &[POS, POS], mode, T30);
        let keys = reduce_run(0, &samples, &[joint, joint], mode, T30);
        assert!(
            keys.len() > per_axis.len(),
            "{mode:?}: {} vs {}",
            keys.len(),
            per_axis.len()
        );
        for (k, s) in samples.iter().enumerate() {
            let v = runtime_value(&keys, k as u32, T30).expect("inside the run");
            let d = libm::hypot(v[0] - s[0], v[1] - s[1]);
            assert!(d <= 0.09 + 1e-9, "{mode:?} frame {k}: {d}");
        }
    }
    assert!(within_tolerance(&[joint, joint], &[0.06, 0.06]));
    assert!(!within_tolerance(&[joint, joint], &[0.07, 0.07]));
    assert!(within_tolerance(&[POS, POS], &[0.07, 0.07]));
}

#[test]
fn a_bounce_keeps_its_key_in_both_curve_modes() {
    // A particle falling onto a floor at frame 15 and bouncing: smooth on both sides.
    let samples: Vec<[f64; 2]> = (0..31)
        .map(|k| {
            let t = k as f64 / 30.0;
            let y = if k <= 15 {
                200.0 * t * t
            } else {
                let s = t - 0.5;
                50.0 - 90.0 * s + 200.0 * s * s
            };
            [40.0 * t, y]
        })
        .collect();
    let corners = corners::abrupt_turns(&samples, POS.tolerance);
    assert_eq!(corners, [15]);
    for mode in [CurveMode::Linear, CurveMode::Bezier] {
        let keys = reduce_run_forced(0, &samples, &corners, &[POS, POS], mode, T30);
        assert!(
            keys.iter().any(|k| k.frame == 15),
            "{mode:?}: no key at the bounce"
        );
        check_bounds(&keys, 0, &samples, &[POS, POS]);
    }
}

#[test]
fn colour_keys_stay_in_range_and_within_tolerance() {
    // Alpha rising steeply to a peak just under 1 between two frames, then falling: a line
    // through the middle of the cone would end above 1, which an 8-bit key cannot hold.
    let samples: Vec<[f64; 1]> = (0..40)
        .map(|k| {
            let t = k as f64 / 30.0;
            [if t < 0.25 { t / 0.25 } else { 1.0 - (t - 0.25) }.clamp(0.0, 0.997)]
        })
        .collect();
    for mode in [CurveMode::Linear, CurveMode::Bezier] {
        let keys = reduce_run(2, &samples, &[ALPHA], mode, T30);
        assert!(keys.iter().all(|k| (0.0..=1.0).contains(&k.values[0])));
        check_bounds(&keys, 2, &samples, &[ALPHA]);
    }
}

#[test]
fn written_values_take_the_fewest_digits_inside_their_interval() {
    // Translate (steps 100): one decimal when the interval allows it, the closest to the target.
    assert_eq!(POS.shortest_in(12.31, 12.47, 12.39), 12.4);
    assert_eq!(POS.shortest_in(11.93, 12.05, 11.95), 12.0);
    assert_eq!(POS.shortest_in(12.31, 12.35, 12.33), 12.33);
    assert_eq!(POS.shortest_in(-0.04, 0.03, 0.01), 0.0);
    // Never finer than the channel's own precision: no 0.01 step inside → the rounded target.
    assert_eq!(POS.shortest_in(12.331, 12.334, 12.332), 12.33);
    // 8-bit colour is always 2 hex digits: the target as written, inside 0..1.
    assert_eq!(ALPHA.shortest_in(0.5, 0.6, 0.55), ALPHA.quantize(0.55));
    assert_eq!(ALPHA.shortest_in(0.99, 1.02, 1.01), 1.0);
}

#[test]
fn shorter_end_values_keep_a_noisy_path_within_tolerance_and_write_fewer_digits() {
    // A wandering path (deterministic pseudo-noise on a curve), 300 frames: every frame within
    // tolerance, and the linear keys write fewer characters than the samples rounded alone would.
    let mut state = 0x2545_f491_u64;
    let mut noise = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 1000) as f64 / 1000.0 - 0.5
    };
    let (mut x, mut y) = (0.0, 0.0);
    let samples: Vec<[f64; 2]> = (0..300)
        .map(|k| {
            let t = k as f64 / 30.0;
            x += 3.0 + 0.4 * noise();
            y += 2.0 * libm::sin(t) + 0.4 * noise();
            [x, y]
        })
        .collect();
    let joint = ChannelSpec { joint: true, ..POS };
    let keys = reduce_run(0, &samples, &[joint, joint], CurveMode::Linear, T30);
    check_bounds(&keys, 0, &samples, &[joint, joint]);
    for (k, s) in samples.iter().enumerate() {
        let v = runtime_value(&keys, k as u32, T30).expect("inside the run");
        assert!(libm::hypot(v[0] - s[0], v[1] - s[1]) <= joint.tolerance + 1e-9);
    }
    let written = |v: f64| format!("{}", crate::json::Num(v).0).len();
    let inner = &keys[1..keys.len() - 1];
    let chars: usize = inner
        .iter()
        .map(|k| written(k.values[0]) + written(k.values[1]))
        .sum();
    let rounded: usize = inner
        .iter()
        .map(|k| {
            let s = samples[(k.frame) as usize];
            written(POS.quantize(s[0])) + written(POS.quantize(s[1]))
        })
        .sum();
    assert!(
        chars < rounded,
        "{chars} characters vs {rounded} for the samples rounded"
    );
}

#[test]
fn a_run_starts_and_ends_on_its_samples_as_written() {
    // A loop's first and last frames are the same state: the run's first and last keys must be
    // those samples as written (not any value within tolerance), or the seam would jump.
    let samples: Vec<[f64; 2]> = (0..=60)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / 60.0;
            [
                40.0 * libm::cos(a) + 0.013,
                25.0 * libm::sin(2.0 * a) - 0.027,
            ]
        })
        .collect();
    let joint = ChannelSpec { joint: true, ..POS };
    for mode in [CurveMode::Linear, CurveMode::Bezier] {
        let keys = reduce_run(0, &samples, &[joint, joint], mode, T30);
        let (first, last) = (keys[0].values, keys[keys.len() - 1].values);
        assert_eq!(
            first,
            [POS.quantize(samples[0][0]), POS.quantize(samples[0][1])]
        );
        assert_eq!(last, first, "{mode:?}: the seam must not move");
        check_bounds(&keys, 0, &samples, &[joint, joint]);
    }
}
