//! Known answers of the behaviours beside the forces: bursts in every loop cycle, the rotation
//! modes, velocity alignment through many turns, and spin and size over life.

use sp_sim::document::{
    Burst, Curve, EmitterShape, OverLife, ParticleSystem, PlayMode, Range, RotationMode,
};
use sp_sim::sim::SystemSim;

use crate::support::pure_vortex;

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
