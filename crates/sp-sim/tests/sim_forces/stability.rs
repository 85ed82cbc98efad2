//! Motion that could blow up stays finite: stiff damping settles on the terminal velocity, and
//! a particle pushed to infinity stops at the world limit.

use sp_sim::document::{Drag, Force, ParticleSystem, Range, Transform2D, Vortex};
use sp_sim::sim::integrate::MotionModel;

use crate::support::{record, sampled};

#[test]
fn stiff_damping_settles_on_the_terminal_velocity_instead_of_exploding() {
    // Damping 1000/s plus a drag drawn per particle (so integrated): z = drag·h ≈ 4.2 at 240
    // steps per second, where the explicit midpoint step multiplied the velocity by 5.5 per
    // step (found by the export fuzzer: NaN translations). The speed must instead fall to the
    // terminal velocity gravity/drag, at every frame rate and without a NaN.
    let system = ParticleSystem {
        damping: 1000.0,
        gravity: [0.0, 2000.0],
        forces: vec![Force::Drag(Drag {
            per_sec: Range::new(0.0, 1000.0),
            ..Drag::default()
        })],
        speed: Range::fixed(300.0),
        spread_deg: 0.0,
        lifetime_secs: Range::fixed(1.5),
        rate_per_sec: 10.0,
        duration_secs: 1.0,
        ..ParticleSystem::default()
    };
    let model = MotionModel::new(&system, 240, &Transform2D::default()).expect("integrated");
    let mut r = record(300.0);
    r.strengths[0] = 500.0;
    for t in [0.1, 0.5, 1.4] {
        let y = model.state_at(&r, t);
        assert!((y.v[0]).abs() < 1e-6, "v.x({t}) {}", y.v[0]);
        assert!(
            (y.v[1] - 2000.0 / 1500.0).abs() < 1e-9,
            "v.y({t}) {}",
            y.v[1]
        );
        assert!(y.p[0] > 100.0 && y.p[0] < 101.0, "p.x({t}) {}", y.p[0]);
    }
    let times: Vec<u32> = (1..=9).collect();
    for fps in [24, 60, 144] {
        for frame in sampled(&system, fps, &times) {
            for (serial, x, y, _) in frame {
                assert!(
                    x.is_finite() && y.is_finite(),
                    "particle {serial} at {fps} fps"
                );
                assert!(y.abs() < 10.0, "particle {serial} fell to {y} at {fps} fps");
            }
        }
    }
}

#[test]
fn a_particle_pushed_to_infinity_stops_at_the_world_limit() {
    // An outward vortex pull (−1000/s) moves a particle as r₀·e^{1000·t}: past f32::MAX within
    // a second. It must stop at the world limit instead of becoming infinite or NaN.
    let system = ParticleSystem {
        forces: vec![Force::Vortex(Vortex {
            spin_deg_per_sec: Range::fixed(25.0),
            radius_px: 0.0,
            pull_per_sec: -1000.0,
            ..Vortex::default()
        })],
        lifetime_secs: Range::fixed(1.5),
        rate_per_sec: 10.0,
        duration_secs: 1.0,
        ..ParticleSystem::default()
    };
    let model = MotionModel::new(&system, 240, &Transform2D::default()).expect("integrated");
    let r = record(0.0);
    let early = model.state_at(&r, 0.001);
    // r₀·e^{1000·0.001} = 272 px (midpoint: 250).
    assert!(early.p[0] > 240.0 && early.p[0] < 280.0, "{:?}", early.p);
    for t in [0.5, 1.0, 1.4] {
        let y = model.state_at(&r, t);
        let limit = sp_sim::sim::integrate::WORLD_LIMIT_PX;
        assert!(
            y.p.iter()
                .chain(&y.v)
                .all(|c| c.is_finite() && c.abs() <= limit),
            "state at {t}: {y:?}"
        );
        assert!(
            y.p[0].abs().max(y.p[1].abs()) == limit,
            "not at the edge at {t}: {y:?}"
        );
    }
    let times: Vec<u32> = (1..=9).collect();
    for frame in sampled(&system, 60, &times) {
        for (serial, x, y, rotation) in frame {
            assert!(
                x.is_finite() && y.is_finite() && rotation.is_finite(),
                "particle {serial}"
            );
        }
    }
}
