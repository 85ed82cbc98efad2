//! Integrated motion (issue 10): frame-rate independence with every force on, and a known
//! answer per behaviour module.

use proptest::prelude::*;
use sp_sim::behaviour::MAX_FORCES;
use sp_sim::document::{
    Attractor, Burst, CentreSpace, Curve, CurveKey, Drag, EmitterShape, Falloff, Force, OverLife,
    ParticleSystem, PlayMode, Range, RotationMode, SimulationSpace, SpeedLimit, Transform2D,
    Turbulence, Vortex, Wind,
};
use sp_sim::sim::SystemSim;
use sp_sim::sim::integrate::{Integrator, Kinematics, MotionModel, SpawnRecord};

/// Positions of every live particle, by serial, after advancing `sim` frame by frame at `fps`
/// to each time in `times` (multiples of 1/6 s, common to 24, 30, 60 and 144 fps).
fn sampled(system: &ParticleSystem, fps: u32, times: &[u32]) -> Vec<Vec<(u64, f32, f32, f32)>> {
    let mut sim = SystemSim::new(system);
    let mut events = Vec::new();
    let mut out = Vec::new();
    let mut frame = 0u32;
    for &sixths in times {
        let target = sixths * fps / 6;
        while frame < target {
            frame += 1;
            events.clear();
            sim.advance_to(f64::from(frame) / f64::from(fps), &mut events);
        }
        out.push(
            sim.particles()
                .iter()
                .map(|p| (p.serial, p.x, p.y, p.rotation_deg))
                .collect(),
        );
    }
    out
}

fn every_force(seed: u32, strength: f32, space: SimulationSpace) -> ParticleSystem {
    ParticleSystem {
        name: "forces".into(),
        seed,
        mode: PlayMode::LoopContinuous,
        space,
        transform: Transform2D {
            x: 40.0,
            y: -20.0,
            rotation_deg: 25.0,
            scale_x: 1.5,
            scale_y: 0.8,
        },
        duration_secs: 1.0,
        rate_per_sec: 30.0,
        max_particles: 200,
        lifetime_secs: Range::new(0.5, 2.5),
        speed: Range::new(20.0, 200.0),
        spread_deg: 360.0,
        gravity: [0.0, 40.0],
        damping: 0.3,
        rotation_mode: RotationMode::Velocity,
        angular_velocity_deg: Range::new(-90.0, 90.0),
        emitter: EmitterShape::Circle {
            radius: 30.0,
            edge: true,
            thickness_px: 10.0,
        },
        over_life: OverLife {
            speed: Curve {
                keys: vec![CurveKey::smooth(0.0, 1.0), CurveKey::linear(1.0, 0.4)],
            },
            gravity: Curve::ramp(0.0, 2.0),
            spin: Curve::ramp(1.0, 0.0),
            ..OverLife::default()
        },
        forces: vec![
            Force::Turbulence(Turbulence {
                accel_px_per_sec2: Range::new(0.5 * strength, strength),
                octaves: 2,
                ..Turbulence::default()
            }),
            Force::Vortex(Vortex {
                spin_deg_per_sec: Range::new(60.0, 180.0),
                center: [10.0, 5.0],
                radius_px: 80.0,
                pull_per_sec: 0.2,
                ..Vortex::default()
            }),
            Force::Attractor(Attractor {
                accel_px_per_sec2: Range::new(-100.0, 300.0),
                position: [0.0, 60.0],
                space: CentreSpace::Scene,
                radius_px: 250.0,
                falloff: Falloff::Smooth,
                ..Attractor::default()
            }),
            Force::Wind(Wind {
                accel_px_per_sec2: Range::new(10.0, 50.0),
                over_life: Curve::ramp(1.0, 0.0),
                direction_deg: 30.0,
            }),
            Force::Drag(Drag {
                per_sec: Range::new(0.1, 1.5),
                ..Drag::default()
            }),
            Force::SpeedLimit(SpeedLimit {
                max_px_per_sec: Range::new(120.0, 250.0),
                ..SpeedLimit::default()
            }),
        ],
        ..ParticleSystem::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// States sampled at 24, 30, 60 and 144 fps agree at common times within 1e-4 px (and the
    /// same particles are alive).
    #[test]
    fn every_frame_rate_sees_the_same_particles(
        seed in 0u32..10_000,
        strength in 50.0f32..800.0,
        local in any::<bool>(),
    ) {
        let space = if local { SimulationSpace::Local } else { SimulationSpace::World };
        let system = every_force(seed, strength, space);
        let times: Vec<u32> = (1..=15).collect(); // 1/6 s … 2.5 s
        let reference = sampled(&system, 24, &times);
        prop_assert!(reference.iter().any(|f| f.len() > 20));
        for fps in [30, 60, 144] {
            let other = sampled(&system, fps, &times);
            for (k, (a, b)) in reference.iter().zip(&other).enumerate() {
                prop_assert_eq!(a.len(), b.len(), "alive at {}/6 s, {} fps", times[k], fps);
                for (pa, pb) in a.iter().zip(b) {
                    prop_assert_eq!(pa.0, pb.0);
                    let d = (pa.1 - pb.1).abs().max((pa.2 - pb.2).abs());
                    prop_assert!(d <= 1e-4, "{} px apart at {}/6 s, {} fps", d, times[k], fps);
                    prop_assert!((pa.3 - pb.3).abs() <= 1e-3, "rotation {} vs {}", pa.3, pb.3);
                }
            }
        }
    }
}

#[test]
fn one_long_seek_equals_small_steps() {
    let system = every_force(7, 400.0, SimulationSpace::World);
    let mut stepped = SystemSim::new(&system);
    let mut events = Vec::new();
    for i in 1..=200 {
        stepped.advance_to(f64::from(i) / 100.0, &mut events);
    }
    let mut seek = SystemSim::new(&system);
    seek.advance_to(2.0, &mut events);
    assert_eq!(stepped.particles().len(), seek.particles().len());
    for (a, b) in stepped.particles().iter().zip(seek.particles()) {
        assert_eq!((a.serial, a.x, a.y), (b.serial, b.x, b.y), "bit for bit");
    }
}

/// A record at the origin of a system, `speed` px/s along +x.
fn record(speed: f64) -> SpawnRecord {
    SpawnRecord {
        birth_secs: 0.0,
        inv_lifetime: 1.0 / 100.0,
        start: Kinematics {
            p: [100.0, 0.0],
            v: [speed, 0.0],
        },
        strengths: [1.0; MAX_FORCES],
    }
}

fn pure_vortex(deg_per_sec: f32) -> ParticleSystem {
    ParticleSystem {
        forces: vec![Force::Vortex(Vortex {
            spin_deg_per_sec: Range::fixed(deg_per_sec),
            radius_px: 0.0,
            ..Vortex::default()
        })],
        ..ParticleSystem::default()
    }
}

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

#[test]
fn bursts_with_cycles_fire_in_every_loop_cycle() {
    let system = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 0.0,
        duration_secs: 1.0,
        lifetime_secs: Range::fixed(0.1),
        max_particles: 1000,
        bursts: vec![Burst {
            interval_secs: 0.3,
            cycles: 2,
            ..Burst::once(0.2, 4)
        }],
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&system);
    let mut events = Vec::new();
    sim.advance_to(3.0, &mut events);
    let births = events
        .iter()
        .filter(|e| matches!(e, sp_sim::sim::ParticleEvent::Born { .. }))
        .count();
    // 2 firings of 4 in each of the cycles [0, 1), [1, 2), [2, 3).
    assert_eq!(births, 24);
}

#[test]
fn rotation_modes() {
    let base = ParticleSystem {
        speed: Range::fixed(100.0),
        direction_deg: 90.0,
        spread_deg: 0.0,
        start_rotation_deg: Range::new(10.0, 50.0),
        gravity: [200.0, 0.0],
        ..ParticleSystem::default()
    };
    let first_rotation = |mode: RotationMode, t: f64| {
        let mut sim = SystemSim::new(&ParticleSystem {
            rotation_mode: mode,
            ..base.clone()
        });
        sim.advance_to_quiet(t);
        sim.particles()[0].rotation_deg
    };
    assert_eq!(first_rotation(RotationMode::Fixed, 0.3), 10.0);
    let random = first_rotation(RotationMode::Random, 0.3);
    assert!((10.0..=50.0).contains(&random));
    let initial = first_rotation(RotationMode::InitialDirection, 0.3);
    assert!(
        (initial - random - 90.0).abs() < 1e-3,
        "launched downward: +90°"
    );
    let velocity = first_rotation(RotationMode::Velocity, 0.3);
    assert!(velocity < initial - 5.0, "gravity to the right turns it");
    // The older flag means the velocity mode.
    let mut old = SystemSim::new(&ParticleSystem {
        align_to_velocity: true,
        ..base.clone()
    });
    old.advance_to_quiet(0.3);
    assert_eq!(old.particles()[0].rotation_deg, velocity);
}

#[test]
fn velocity_alignment_unwraps_through_many_turns() {
    // A particle circling in a vortex keeps turning: its rotation grows by 360° per turn.
    let mut sim = SystemSim::new(&ParticleSystem {
        emitter: EmitterShape::Circle {
            radius: 50.0,
            edge: true,
            thickness_px: 0.0,
        },
        speed: Range::fixed(0.0),
        lifetime_secs: Range::fixed(10.0),
        rotation_mode: RotationMode::Velocity,
        ..pure_vortex(360.0)
    });
    sim.advance_to_quiet(0.0);
    let r0 = sim.particles()[0].rotation_deg;
    sim.advance_to_quiet(3.0);
    let turned = sim.particles()[0].rotation_deg - r0;
    assert!((turned - 1080.0).abs() < 0.5, "{turned}");
}

#[test]
fn spin_and_size_curves() {
    let system = ParticleSystem {
        angular_velocity_deg: Range::fixed(100.0),
        lifetime_secs: Range::fixed(2.0),
        over_life: OverLife {
            spin: Curve::ramp(1.0, 0.0),
            size_x: Curve::ramp(1.0, 3.0),
            size_y: Curve::constant(0.5),
            ..OverLife::default()
        },
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&system);
    sim.advance_to_quiet(1.0);
    let p = sim.particles()[0];
    // ∫₀¹ (1 − t/2) dt = 0.75 s of full spin at age 1 of a 2 s life.
    assert!((p.rotation_deg - 75.0).abs() < 1e-3, "{}", p.rotation_deg);
    assert!((p.scale_x - 2.0).abs() < 1e-5 && (p.scale_y - 0.5).abs() < 1e-6);
}
