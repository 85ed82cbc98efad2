//! Known answers of the collision responses: the rebound height, the stop point, no tunnelling
//! at any speed, death at the impact, a pause, sliding down a slope, and Local-space systems
//! meeting the scene's colliders where they are drawn.

use sp_sim::document::{
    Burst, Collider, ColliderShape, Collision, CollisionResponse, EmitterShape, ParticleSystem,
    Range, SimulationSpace, Transform2D,
};
use sp_sim::sim::SceneSim;

use crate::common::floor_at;
use crate::support::{dropped, scene, track};

#[test]
fn a_dropped_particle_rebounds_to_e_squared_times_its_height() {
    for (h, e) in [(200.0f32, 0.6f32), (350.0, 0.8), (120.0, 0.3)] {
        let g = 1000.0f32;
        let s = scene(
            vec![dropped(
                g,
                3.0,
                Collision {
                    restitution: e,
                    friction: 0.0,
                    ..Collision::default()
                },
            )],
            vec![floor_at(h)],
        );
        let fall = (2.0 * f64::from(h) / f64::from(g)).sqrt();
        let rise = f64::from(e) * fall;
        // Sample at 2 kHz around the apex of the first rebound.
        let times = (0..2000).map(|i| fall + rise * (0.5 + f64::from(i) / 2000.0));
        let apex = track(&s, times)
            .into_iter()
            .flatten()
            .map(|p| p[1])
            .fold(f32::INFINITY, f32::min);
        let height = h - apex;
        let expected = e * e * h;
        assert!(
            (height - expected).abs() < 0.1,
            "H={h} e={e}: rebound {height} px, expected {expected}"
        );
        // Never below the floor.
        let lowest = track(&s, (0..3000).map(|i| f64::from(i) / 1000.0))
            .into_iter()
            .flatten()
            .map(|p| p[1])
            .fold(f32::NEG_INFINITY, f32::max);
        assert!(lowest <= h, "H={h}: reached {lowest}");
    }
}

#[test]
fn a_stopped_particle_stays_at_its_contact_point() {
    // Thrown right and down at 300 px/s along (3, 4)/5 without gravity onto a slanted wall.
    let system = ParticleSystem {
        name: "stop".into(),
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(4.0),
        speed: Range::fixed(500.0),
        direction_deg: libm::atan2f(4.0, 3.0).to_degrees(),
        spread_deg: 0.0,
        collision: Collision {
            response: CollisionResponse::Stop,
            ..Collision::default()
        },
        ..ParticleSystem::default()
    };
    // The wall x + y = 350 between (0, 350) and (350, 0).
    let wall = Collider {
        shape: ColliderShape::Segment {
            a: [0.0, 350.0],
            b: [350.0, 0.0],
        },
        ..Collider::default()
    };
    // (3t, 4t)·100 hits x + y = 350 at 7t·100 = 350: the point (150, 200) at t = 0.5 s.
    let s = scene(vec![system], vec![wall]);
    for fps in [24.0, 60.0, 144.0] {
        let frames = track(&s, (0..(3.9 * fps) as u32).map(|i| f64::from(i) / fps));
        let mut after = 0;
        for (i, p) in frames.iter().enumerate() {
            let p = p.expect("alive");
            if f64::from(i as u32) / fps > 0.5 {
                after += 1;
                let d = ((p[0] - 150.0).powi(2) + (p[1] - 200.0).powi(2)).sqrt();
                assert!(
                    d < 0.01,
                    "fps {fps} frame {i}: {p:?}, {d} px from the contact"
                );
            }
        }
        assert!(after > 10);
    }
}

#[test]
fn nothing_passes_through_a_one_pixel_segment_at_any_speed() {
    for speed in [5000.0f32, 200_000.0, 1_000_000.0] {
        for angle in [90.0f32, 60.0, 135.0] {
            let rad = angle.to_radians();
            // Emitted from a 0.9 px line 300 px before the segment's middle, aimed at it.
            let system = ParticleSystem {
                name: "fast".into(),
                transform: Transform2D {
                    x: -300.0 * rad.cos(),
                    y: -300.0 * rad.sin(),
                    ..Transform2D::default()
                },
                emitter: EmitterShape::Line { length: 0.9 },
                rate_per_sec: 200.0,
                duration_secs: 1.0,
                max_particles: 1000,
                lifetime_secs: Range::fixed(1.0),
                speed: Range::fixed(speed),
                direction_deg: angle,
                spread_deg: 0.0,
                collision: Collision {
                    restitution: 1.0,
                    friction: 0.0,
                    ..Collision::default()
                },
                ..ParticleSystem::default()
            };
            let wall = Collider {
                shape: ColliderShape::Segment {
                    a: [-0.5, 0.0],
                    b: [0.5, 0.0],
                },
                ..Collider::default()
            };
            let s = scene(vec![system], vec![wall]);
            let mut sim = SceneSim::new(&s);
            let mut checked = 0;
            for i in 0..48 {
                sim.advance_to(f64::from(i) / 24.0);
                for p in sim.systems()[0].particles() {
                    // The emitter line is along x (its local x, unturned): every particle is
                    // aimed within 0.45 px of the middle, so it must hit and stay above.
                    assert!(
                        p.y <= 0.0,
                        "speed {speed} angle {angle}: particle {} at {:?} passed through",
                        p.serial,
                        [p.x, p.y]
                    );
                    checked += 1;
                }
            }
            assert!(checked > 100, "{checked}");
        }
    }
}

#[test]
fn destroyed_particles_die_at_their_impact() {
    let s = scene(
        vec![dropped(
            1000.0,
            3.0,
            Collision {
                response: CollisionResponse::Destroy,
                ..Collision::default()
            },
        )],
        vec![floor_at(200.0)],
    );
    let fall = (2.0f64 * 200.0 / 1000.0).sqrt();
    let mut sim = SceneSim::new(&s);
    sim.advance_to(fall - 1e-6);
    assert_eq!(sim.live_particles(), 1);
    sim.advance_to(fall + 1e-6);
    assert_eq!(sim.live_particles(), 0, "dead at its impact, {fall} s");
}

#[test]
fn a_pause_holds_the_particle_then_it_goes_on() {
    let pause = 0.4;
    let s = scene(
        vec![dropped(
            1000.0,
            3.0,
            Collision {
                response: CollisionResponse::Pause,
                restitution: 0.5,
                pause_secs: pause,
                ..Collision::default()
            },
        )],
        vec![floor_at(200.0)],
    );
    let fall = (2.0f64 * 200.0 / 1000.0).sqrt();
    let at = track(&s, [fall + 0.01, fall + 0.39, fall + 0.45].into_iter());
    let [a, b, c] = [at[0], at[1], at[2]].map(|p| p.expect("alive"));
    assert!(
        (a[1] - 200.0).abs() < 0.01 && (b[1] - 200.0).abs() < 0.01,
        "{a:?} {b:?}"
    );
    assert!(c[1] < 199.0, "moving up again: {c:?}");
}

#[test]
fn a_resting_particle_slides_down_a_slope_without_hopping() {
    let system = dropped(
        1000.0,
        4.0,
        Collision {
            restitution: 0.3,
            friction: 0.2,
            ..Collision::default()
        },
    );
    // A 30° slope under the drop point, falling to the right.
    let slope = Collider {
        shape: ColliderShape::Segment {
            a: [-200.0, 50.0 - 200.0 * 0.577_350_3],
            b: [4000.0, 50.0 + 4000.0 * 0.577_350_3],
        },
        ..Collider::default()
    };
    let s = scene(vec![system], vec![slope]);
    let path = track(&s, (0..240).map(|i| 1.0 + f64::from(i) / 120.0));
    let mut prev_x = f32::NEG_INFINITY;
    for p in path.into_iter().flatten() {
        // On the slope (within a pixel), moving right.
        let on = 50.0 + p[0] * 0.577_350_3;
        assert!(
            (p[1] - on).abs() < 1.0 && p[1] <= on + 1e-3,
            "{p:?} vs {on}"
        );
        assert!(p[0] >= prev_x);
        prev_x = p[0];
    }
    assert!(prev_x > 100.0, "slid {prev_x}");
}

#[test]
fn local_space_colliders_stay_where_they_are_drawn() {
    // A Local-space system turned by 90° and scaled: its particles still stop on the scene's floor.
    let mut system = dropped(
        0.0,
        3.0,
        Collision {
            response: CollisionResponse::Stop,
            ..Collision::default()
        },
    );
    system.space = SimulationSpace::Local;
    system.speed = Range::fixed(100.0);
    system.direction_deg = 0.0; // along local +x = scene +y after the turn
    system.spread_deg = 0.0;
    system.transform = Transform2D {
        x: 10.0,
        y: 20.0,
        rotation_deg: 90.0,
        scale_x: 2.0,
        scale_y: 0.5,
    };
    let s = scene(vec![system], vec![floor_at(220.0)]);
    let mut sim = SceneSim::new(&s);
    sim.advance_to(2.5);
    let sys = &sim.systems()[0];
    let p = sys.particles()[0];
    let pose = sys.scene_pose(&p);
    assert!(
        (pose.y - 220.0).abs() < 0.01 && (pose.x - 10.0).abs() < 0.01,
        "{pose:?}"
    );
}
