//! Where particles go: World particles stay put and Local ones follow their system, and
//! alignment to the velocity turns with the motion.

use sp_sim::document::{
    Burst, EmitterShape, ParticleSystem, PlayMode, Range, SimulationSpace, Transform2D,
};
use sp_sim::sim::{SystemSim, particle_to_scene};

#[test]
fn world_particles_stay_put_and_local_ones_follow_their_system() {
    let base = ParticleSystem {
        transform: Transform2D {
            x: 100.0,
            y: 50.0,
            rotation_deg: 90.0,
            scale_x: 2.0,
            scale_y: 2.0,
        },
        emitter: EmitterShape::Line { length: 30.0 },
        bursts: vec![Burst::once(0.0, 5)],
        rate_per_sec: 0.0,
        lifetime_secs: Range::fixed(3.0),
        ..ParticleSystem::default()
    };
    let world = ParticleSystem {
        space: SimulationSpace::World,
        ..base.clone()
    };
    let local = ParticleSystem {
        space: SimulationSpace::Local,
        ..base.clone()
    };
    let (mut ws, mut ls) = (SystemSim::new(&world), SystemSim::new(&local));
    let mut events = Vec::new();
    ws.advance_to(1.0, &mut events);
    ls.advance_to(1.0, &mut events);
    // Without gravity both spaces agree while the system stands still.
    for (w, l) in ws.particles().iter().zip(ls.particles()) {
        let (pw, pl) = (particle_to_scene(&world, w), particle_to_scene(&local, l));
        for (a, b) in [
            (pw.x, pl.x),
            (pw.y, pl.y),
            (pw.rotation_deg, pl.rotation_deg),
            (pw.scale_x, pl.scale_x),
        ] {
            assert!((a - b).abs() < 1e-3, "{a} vs {b}");
        }
    }
    // The default direction is up (270°) in system space; rotated 90° clockwise it points +x.
    let p = particle_to_scene(&world, &ws.particles()[0]);
    assert!(p.x > 100.0 + 100.0, "moved right: {}", p.x);
    // Moving the system moves the local particles only.
    let moved_world = ParticleSystem {
        transform: Transform2D {
            x: 400.0,
            ..world.transform
        },
        ..world.clone()
    };
    let moved_local = ParticleSystem {
        transform: Transform2D {
            x: 400.0,
            ..local.transform
        },
        ..local.clone()
    };
    let before_w = particle_to_scene(&world, &ws.particles()[0]);
    let before_l = particle_to_scene(&local, &ls.particles()[0]);
    assert_eq!(
        particle_to_scene(&moved_world, &ws.particles()[0]),
        before_w
    );
    assert!(
        (particle_to_scene(&moved_local, &ls.particles()[0]).x - before_l.x - 300.0).abs() < 1e-3
    );
    // A World system moved with set_transform releases new particles from the new place.
    let mut ws2 = SystemSim::new(&ParticleSystem {
        rate_per_sec: 10.0,
        mode: PlayMode::LoopContinuous,
        ..world
    });
    ws2.advance_to(0.05, &mut events);
    ws2.set_transform(Transform2D {
        x: -500.0,
        y: 0.0,
        rotation_deg: 0.0,
        scale_x: 1.0,
        scale_y: 1.0,
    });
    ws2.advance_to(0.15, &mut events);
    let newest = ws2.particles().last().copied().expect("a particle");
    assert!(newest.x < -400.0, "born at the new place: {}", newest.x);
    assert!(ws2.particles()[0].x > 0.0, "the old ones stayed");
}

#[test]
fn align_to_velocity_turns_with_the_motion() {
    let sys = ParticleSystem {
        bursts: vec![Burst::once(0.0, 1)],
        rate_per_sec: 0.0,
        spread_deg: 0.0,
        direction_deg: 0.0,
        speed: Range::fixed(100.0),
        gravity: [0.0, 100.0],
        lifetime_secs: Range::fixed(5.0),
        align_to_velocity: true,
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&sys);
    let mut events = Vec::new();
    sim.advance_to(0.0, &mut events);
    assert!(sim.particles()[0].rotation_deg.abs() < 1e-4);
    sim.advance_to(1.0, &mut events);
    // v = (100, 100): 45° clockwise (down-right).
    assert!((sim.particles()[0].rotation_deg - 45.0).abs() < 1e-3);
}
