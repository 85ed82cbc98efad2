//! A known answer per force: the vortex keeps the radius, the attractor pulls by its formula,
//! drag is exponential, constant wind and drag stay on the closed form, the speed limit clamps,
//! turbulence moves particles smoothly.

use sp_sim::document::{
    Attractor, Curve, Drag, EmitterShape, Falloff, Force, OverLife, ParticleSystem, Range,
    SimulationSpace, SpeedLimit, Transform2D, Wind,
};
use sp_sim::sim::SystemSim;
use sp_sim::sim::integrate::{Integrator, MotionModel};

use crate::support::{every_force, pure_vortex, record, sampled};

#[test]
fn a_pure_vortex_keeps_the_radius() {
    // One turn per second for 10 s at radius 100: midpoint keeps it within 0.02 px, RK4 far
    // better, semi-implicit Euler drifts outward (the reason it is not the default).
    let system = pure_vortex(360.0);
    let mut r = record(0.0);
    r.strengths[0] = 360.0;
    let t = Transform2D::default();
    let radius_error = |integrator: Integrator| {
        let model = MotionModel::with_integrator(&system, 240, &t, integrator);
        let y = model.state_at(&r, 10.0);
        libm::hypot(y.p[0], y.p[1]) - 100.0
    };
    let (euler, mid, rk4) = (
        radius_error(Integrator::SemiImplicitEuler),
        radius_error(Integrator::Midpoint),
        radius_error(Integrator::Rk4),
    );
    println!("radius error after 10 turns: euler {euler:.3e} midpoint {mid:.3e} rk4 {rk4:.3e} px");
    assert!(mid.abs() < 0.02, "midpoint {mid}");
    assert!(rk4.abs() < 1e-6, "rk4 {rk4}");
    assert!(euler > 10.0, "euler spirals out: {euler}");
    // Through the live simulation too (a still particle at radius 100 around the origin).
    let mut sim = SystemSim::new(&ParticleSystem {
        emitter: EmitterShape::Circle {
            radius: 100.0,
            edge: true,
            thickness_px: 0.0,
        },
        speed: Range::fixed(0.0),
        lifetime_secs: Range::fixed(20.0),
        rate_per_sec: 5.0,
        duration_secs: 1.0,
        ..pure_vortex(360.0)
    });
    let mut events = Vec::new();
    for i in 1..=300 {
        sim.advance_to(f64::from(i) / 30.0, &mut events);
        for p in sim.particles() {
            let r = libm::hypotf(p.x, p.y);
            assert!((r - 100.0).abs() < 0.02, "radius {r} at {i}");
        }
    }
    assert!(!sim.particles().is_empty());
}

#[test]
fn the_attractor_pull_matches_its_formula() {
    // A particle at rest 100 px right of a linear attractor of reach 200 and 300 px/s²:
    // a = 300·(1 − 100/200)·d/√(r² + 1) ≈ 150 px/s² toward it, so after a short time τ it has
    // moved ≈ a·τ²/2 and has speed ≈ a·τ.
    let system = ParticleSystem {
        forces: vec![Force::Attractor(Attractor {
            accel_px_per_sec2: Range::fixed(300.0),
            position: [0.0, 0.0],
            radius_px: 200.0,
            falloff: Falloff::Linear,
            ..Attractor::default()
        })],
        ..ParticleSystem::default()
    };
    let mut r = record(0.0);
    r.strengths[0] = 300.0;
    let model = MotionModel::new(&system, 240, &Transform2D::default()).expect("integrated");
    let a = 300.0 * 0.5 * 100.0 / (100.0f64 * 100.0 + 1.0).sqrt();
    let tau = 0.02;
    let y = model.state_at(&r, tau);
    assert!(
        (y.v[0] + a * tau).abs() < 0.05,
        "speed {} vs {}",
        y.v[0],
        -a * tau
    );
    assert!(
        (100.0 - y.p[0] - 0.5 * a * tau * tau).abs() < 1e-3,
        "moved {}",
        100.0 - y.p[0]
    );
    assert!(
        y.p[1].abs() < 1e-12 && y.v[1].abs() < 1e-12,
        "straight toward the point"
    );
    // Beyond the radius: no pull.
    let mut far = r;
    far.start.p = [250.0, 0.0];
    assert_eq!(model.state_at(&far, 1.0).p, [250.0, 0.0]);
    // A repulsor pushes away.
    let mut push = r;
    push.strengths[0] = -300.0;
    assert!(model.state_at(&push, 0.5).p[0] > 100.0);
}

#[test]
fn drag_per_second_is_frame_rate_independent_and_exponential() {
    // Drag drawn per particle (a range) is integrated; its speed falls as e^{−D·t}.
    let system = ParticleSystem {
        forces: vec![Force::Drag(Drag {
            per_sec: Range::new(1.9, 2.0),
            ..Drag::default()
        })],
        speed: Range::fixed(300.0),
        spread_deg: 0.0,
        direction_deg: 0.0,
        lifetime_secs: Range::fixed(3.0),
        rate_per_sec: 10.0,
        duration_secs: 1.0,
        ..ParticleSystem::default()
    };
    let times: Vec<u32> = (1..=12).collect();
    let at = |fps| sampled(&system, fps, &times);
    let (a, b, c) = (at(24), at(60), at(144));
    assert_eq!(a.len(), b.len());
    for ((fa, fb), fc) in a.iter().zip(&b).zip(&c) {
        assert_eq!(fa.len(), fb.len());
        for ((pa, pb), pc) in fa.iter().zip(fb).zip(fc) {
            assert!((pa.1 - pb.1).abs() < 1e-4 && (pa.1 - pc.1).abs() < 1e-4);
        }
    }
    let model = MotionModel::new(&system, 240, &Transform2D::default()).expect("integrated");
    let mut r = record(300.0);
    r.start.p = [0.0, 0.0];
    r.strengths[0] = 2.0;
    for t in [0.25, 1.0, 2.5] {
        let y = model.state_at(&r, t);
        let exact_v = 300.0 * libm::exp(-2.0 * t);
        let exact_p = 300.0 * (1.0 - libm::exp(-2.0 * t)) / 2.0;
        // Midpoint's error is O(h²): about 10⁻⁵ of the value here.
        assert!(
            (y.v[0] - exact_v).abs() < 5e-3,
            "v({t}) {} vs {exact_v}",
            y.v[0]
        );
        assert!(
            (y.p[0] - exact_p).abs() < 5e-3,
            "p({t}) {} vs {exact_p}",
            y.p[0]
        );
    }
}

#[test]
fn constant_wind_and_drag_stay_on_the_closed_form() {
    let base = ParticleSystem {
        gravity: [5.0, 100.0],
        damping: 0.5,
        ..ParticleSystem::default()
    };
    let folded = ParticleSystem {
        gravity: [0.0, 100.0],
        damping: 0.25,
        forces: vec![
            Force::Wind(Wind {
                accel_px_per_sec2: Range::fixed(5.0),
                over_life: Curve::default(),
                direction_deg: 0.0,
            }),
            Force::Drag(Drag {
                per_sec: Range::fixed(0.25),
                ..Drag::default()
            }),
        ],
        ..ParticleSystem::default()
    };
    let a = SystemSim::new(&folded);
    assert!(a.motion_model().is_none(), "closed form");
    // The first particle draws the same nine numbers (the forces' draws come after them).
    let (pa, pb) = (sampled(&base, 30, &[1, 3]), sampled(&folded, 30, &[1, 3]));
    for (fa, fb) in pa.iter().zip(&pb) {
        let (x, y) = (fa[0], fb[0]);
        assert_eq!(x.0, 0);
        assert_eq!(y.0, 0);
        assert!(
            (x.1 - y.1).abs() < 1e-3 && (x.2 - y.2).abs() < 1e-3,
            "{x:?} {y:?}"
        );
    }
}

#[test]
fn the_speed_limit_clamps_the_own_speed() {
    let system = ParticleSystem {
        forces: vec![Force::SpeedLimit(SpeedLimit {
            max_px_per_sec: Range::fixed(50.0),
            ..SpeedLimit::default()
        })],
        gravity: [0.0, 500.0],
        ..ParticleSystem::default()
    };
    let model = MotionModel::new(&system, 240, &Transform2D::default()).expect("integrated");
    let mut r = record(400.0);
    r.strengths[0] = 50.0;
    for t in [0.1, 0.7, 1.3] {
        let y = model.state_at(&r, t);
        assert!(libm::hypot(y.v[0], y.v[1]) <= 50.0 + 1e-9);
    }
}

#[test]
fn turbulence_moves_particles_apart_smoothly() {
    let system = every_force(3, 600.0, SimulationSpace::World);
    let only_turbulence = ParticleSystem {
        forces: vec![system.forces[0].clone()],
        over_life: OverLife::default(),
        ..system
    };
    let frames = sampled(&only_turbulence, 60, &(1..=12).collect::<Vec<_>>());
    // Positions change continuously: no particle jumps more than its speed allows in 1/6 s.
    for pair in frames.windows(2) {
        for a in &pair[0] {
            if let Some(b) = pair[1].iter().find(|b| b.0 == a.0) {
                let d = libm::hypotf(a.1 - b.1, a.2 - b.2);
                assert!(d < 200.0, "jump {d}");
            }
        }
    }
}
