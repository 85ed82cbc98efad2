//! Tests of the emission schedule: rate, bursts, rate curves, pauses and skipped births give the
//! exact birth times.

use super::*;
use crate::document::Burst;

fn times(s: &mut Schedule, until: f64) -> Vec<f64> {
    let mut out = Vec::new();
    while let Some(t) = s.peek().filter(|&t| t <= until) {
        out.push(t);
        s.pop();
    }
    out
}

/// The remembered birth times are the computed ones, bit for bit, however the schedule is
/// driven (births popped one by one, dropped in runs up to a time, at it or before it, with a
/// rate curve that needs the bisection and without one).
#[test]
fn remembered_birth_times_equal_the_computed_ones() {
    use crate::document::{Curve, CurveKey};
    for (mode, curve) in [
        (PlayMode::LoopContinuous, true),
        (PlayMode::OneShot, true),
        (PlayMode::LoopContinuous, false),
    ] {
        let sys = ParticleSystem {
            mode,
            rate_per_sec: 37.0,
            duration_secs: 0.7,
            delay_secs: 0.1,
            rate_curve: if curve {
                Curve {
                    keys: vec![
                        CurveKey::linear(0.0, 0.2),
                        CurveKey::linear(0.4, 3.0),
                        CurveKey::linear(1.0, 0.0),
                    ],
                }
            } else {
                ParticleSystem::default().rate_curve
            },
            ..Default::default()
        };
        let mut s = Schedule::new(&sys);
        let mut t = 0.0;
        for step in 0..400u32 {
            let expected = s.rate_time(s.rate_index);
            if let Some(r) = s.next_rate_time() {
                assert_eq!(r.to_bits(), expected.to_bits(), "{mode:?} step {step}");
            }
            match step % 5 {
                0 | 1 => s.pop(),
                2 => {
                    s.drop_births(t, true);
                }
                3 => {
                    s.drop_births(t + 0.013, false);
                }
                _ => {
                    if let Some(next) = s.peek() {
                        s.drop_births(next, false);
                    }
                }
            }
            t += 0.011;
        }
    }
}

#[test]
fn one_shot_rate_stops_after_duration() {
    let sys = ParticleSystem {
        rate_per_sec: 10.0,
        duration_secs: 1.0,
        delay_secs: 0.5,
        ..Default::default()
    };
    let mut s = Schedule::new(&sys);
    let t = times(&mut s, 100.0);
    assert_eq!(t.len(), 10);
    assert_eq!(t[0], 0.5);
    assert!((t[9] - 1.4).abs() < 1e-12);
    assert!(s.is_exhausted());
}

#[test]
fn loop_bursts_repeat_every_duration() {
    let sys = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 0.0,
        duration_secs: 2.0,
        bursts: vec![Burst::once(0.5, 2)],
        ..Default::default()
    };
    let mut s = Schedule::new(&sys);
    assert_eq!(times(&mut s, 5.0), [0.5, 0.5, 2.5, 2.5, 4.5, 4.5]);
}

#[test]
fn a_rate_curve_shapes_emission_over_the_cycle() {
    use crate::document::{Curve, CurveKey};
    // Rate 100/s over a 1 s loop, ramping 0 → 2: 100 births per cycle, 25 in the first half,
    // 75 in the second.
    let sys = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 100.0,
        duration_secs: 1.0,
        rate_curve: Curve {
            keys: vec![CurveKey::linear(0.0, 0.0), CurveKey::linear(1.0, 2.0)],
        },
        ..Default::default()
    };
    let mut s = Schedule::new(&sys);
    let t = times(&mut s, 2.0 - 1e-9);
    assert_eq!(t.len(), 200);
    assert_eq!(t.iter().filter(|&&x| x < 0.5).count(), 25);
    assert_eq!(t.iter().filter(|&&x| (1.0..1.5).contains(&x)).count(), 25);
    assert!(t.windows(2).all(|w| w[0] <= w[1]), "ordered");
    // Birth i at √(i/100) within the first cycle (I(x) = x²).
    assert!((t[49] - 0.7).abs() < 1e-9, "{}", t[49]);
    for limit in [0.3, 1.2, 1.75] {
        for inclusive in [false, true] {
            let mut fast = Schedule::new(&sys);
            fast.drop_births(limit, inclusive);
            let mut slow = Schedule::new(&sys);
            while slow
                .peek()
                .is_some_and(|t| if inclusive { t <= limit } else { t < limit })
            {
                slow.pop();
            }
            assert_eq!(times(&mut fast, 3.0), times(&mut slow, 3.0), "{limit}");
        }
    }
    // One-shot: ⌈C⌉ births in all.
    let one_shot = ParticleSystem {
        mode: PlayMode::OneShot,
        ..sys
    };
    assert_eq!(times(&mut Schedule::new(&one_shot), 10.0).len(), 100);
}

#[test]
fn burst_cycles_repeat_at_the_interval() {
    let burst = Burst {
        time_secs: 0.25,
        count: 2,
        interval_secs: 0.5,
        cycles: 3,
    };
    let one_shot = ParticleSystem {
        rate_per_sec: 0.0,
        duration_secs: 1.0,
        bursts: vec![burst],
        ..Default::default()
    };
    let mut s = Schedule::new(&one_shot);
    // Three firings, even past the duration (an explicit count).
    assert_eq!(times(&mut s, 9.0), [0.25, 0.25, 0.75, 0.75, 1.25, 1.25]);
    assert!(s.is_exhausted());
    // cycles 0: as many as start within the duration, in every cycle of a loop.
    let looping = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        bursts: vec![Burst { cycles: 0, ..burst }],
        ..one_shot
    };
    let mut s = Schedule::new(&looping);
    assert_eq!(
        times(&mut s, 2.9),
        [
            0.25, 0.25, 0.75, 0.75, 1.25, 1.25, 1.75, 1.75, 2.25, 2.25, 2.75, 2.75
        ]
    );
    assert_eq!(burst_firings(&Burst::once(3.0, 1), 1.0), [3.0]);
    assert_eq!(
        burst_firings(
            &Burst {
                interval_secs: 1e-9,
                ..Burst::once(0.0, 1)
            },
            3600.0
        )
        .len(),
        FIRINGS_CAP
    );
}

#[test]
fn switching_off_and_on_skips_the_pause() {
    let sys = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 4.0,
        ..Default::default()
    };
    let mut s = Schedule::new(&sys);
    assert_eq!(times(&mut s, 1.0), [0.0, 0.25, 0.5, 0.75, 1.0]);
    s.set_emitting(false, 1.0);
    assert_eq!(s.peek(), None);
    s.set_emitting(true, 3.1);
    assert_eq!(s.peek(), Some(3.25));
}

#[test]
fn dropping_births_matches_popping_them_one_by_one() {
    let sys = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 7.3,
        duration_secs: 0.7,
        delay_secs: 0.25,
        bursts: vec![
            Burst::once(0.1, 3),
            Burst {
                interval_secs: 0.2,
                ..Burst::once(0.5, 2)
            },
        ],
        ..Default::default()
    };
    for limit in [0.0, 0.25, 0.35, 1.0, 5.2, 123.456] {
        for inclusive in [false, true] {
            let mut fast = Schedule::new(&sys);
            let dropped = fast.drop_births(limit, inclusive);
            let mut slow = Schedule::new(&sys);
            let mut popped = 0;
            while slow
                .peek()
                .is_some_and(|t| if inclusive { t <= limit } else { t < limit })
            {
                slow.pop();
                popped += 1;
            }
            assert_eq!(dropped, popped, "{limit} {inclusive}");
            assert_eq!(
                times(&mut fast, limit + 3.0),
                times(&mut slow, limit + 3.0),
                "{limit} {inclusive}"
            );
        }
    }
}
