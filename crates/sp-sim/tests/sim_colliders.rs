//! Colliders and paths in the simulation: known answers (rebound height, stop point, no
//! tunnelling, a lap of a closed path), frame-rate independence of impacts, and old documents
//! unchanged.

use sp_sim::document::{
    Burst, Collider, ColliderShape, Collision, CollisionResponse, EmitterShape, ParticleSystem,
    PathFollow, PathFollowMode, PathKind, PathObject, PathRepeat, PathStart, PathTiming, Range,
    Scene, SimulationSpace, Transform2D,
};
use sp_sim::sim::{SceneSim, state_hash};

/// One particle dropped at rest from the origin under gravity `g`, living `life` seconds.
fn dropped(g: f32, life: f32, collision: Collision) -> ParticleSystem {
    ParticleSystem {
        name: "drop".into(),
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(life),
        speed: Range::fixed(0.0),
        gravity: [0.0, g],
        collision,
        ..ParticleSystem::default()
    }
}

fn floor_at(y: f32) -> Collider {
    Collider {
        name: "floor".into(),
        shape: ColliderShape::Segment {
            a: [-1000.0, y],
            b: [1000.0, y],
        },
        ..Collider::default()
    }
}

fn scene(systems: Vec<ParticleSystem>, colliders: Vec<Collider>) -> Scene {
    Scene {
        systems,
        colliders,
        ..Scene::default()
    }
}

/// `(x, y)` of the first particle of the first system at each `t`.
fn track(scene: &Scene, times: impl Iterator<Item = f64>) -> Vec<Option<[f32; 2]>> {
    let mut sim = SceneSim::new(scene);
    times
        .map(|t| {
            sim.advance_to(t);
            sim.systems()[0].particles().first().map(|p| [p.x, p.y])
        })
        .collect()
}

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

fn lap_path() -> PathObject {
    PathObject {
        name: "loop".into(),
        kind: PathKind::CatmullRom,
        points: vec![[0.0, 0.0], [200.0, -50.0], [260.0, 120.0], [40.0, 180.0]],
        closed: true,
        ..PathObject::default()
    }
}

#[test]
fn a_particle_on_a_closed_path_returns_to_its_start_after_a_lap() {
    let speed = 240.0f32;
    let system = ParticleSystem {
        name: "rider".into(),
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(10.0),
        path_follow: Some(PathFollow {
            mode: PathFollowMode::Particles,
            path: "loop".into(),
            timing: PathTiming::Speed,
            speed_px_per_sec: speed,
            repeat: PathRepeat::Loop,
            orient: true,
            ..PathFollow::default()
        }),
        ..ParticleSystem::default()
    };
    let s = Scene {
        systems: vec![system.clone()],
        paths: vec![lap_path()],
        ..Scene::default()
    };
    let len = sp_sim::sim::path_geom::PathGeom::new(&lap_path(), |p| p).length();
    assert!(len > 700.0, "{len}");
    let lap = len / f64::from(speed);
    let mut sim = SceneSim::new(&s);
    let start = sim.systems()[0].particles().first().copied();
    assert!(start.is_none(), "nothing before the first step");
    sim.advance_to(0.0);
    let p0 = sim.systems()[0].particles()[0];
    assert!(p0.x.abs() < 1e-4 && p0.y.abs() < 1e-4, "{p0:?}");
    let mut moved = 0.0f32;
    for k in 1..=4 {
        sim.advance_to(lap * f64::from(k) * 0.25);
        let p = sim.systems()[0].particles()[0];
        moved = moved.max(p.x.abs() + p.y.abs());
    }
    let p1 = sim.systems()[0].particles()[0];
    assert!(moved > 100.0);
    assert!(
        (p1.x - p0.x).abs() < 0.01 && (p1.y - p0.y).abs() < 0.01,
        "after a lap of {lap} s: {:?} vs {:?}",
        [p1.x, p1.y],
        [p0.x, p0.y]
    );
    // Oriented: one full turn more (or less) than at the start.
    assert!(((p1.rotation_deg - p0.rotation_deg).abs() - 360.0).abs() < 0.01);
    // The emitter on the same path comes back too.
    let mut emitter = system;
    emitter.path_follow = Some(PathFollow {
        mode: PathFollowMode::Emitter,
        ..emitter.path_follow.clone().expect("set")
    });
    let s = Scene {
        systems: vec![emitter],
        paths: vec![lap_path()],
        ..Scene::default()
    };
    let sim = SceneSim::new(&s);
    let (a, b) = (
        sim.systems()[0].transform_at(0.0),
        sim.systems()[0].transform_at(lap),
    );
    assert!(
        (a.x - b.x).abs() < 0.01 && (a.y - b.y).abs() < 0.01,
        "{a:?} {b:?}"
    );
    let mid = sim.systems()[0].transform_at(0.5 * lap);
    assert!((mid.x - a.x).abs() + (mid.y - a.y).abs() > 100.0);
}

#[test]
fn particles_on_a_path_keep_their_offset_and_start_where_asked() {
    let mut system = ParticleSystem {
        name: "band".into(),
        emitter: EmitterShape::Line { length: 40.0 },
        rate_per_sec: 50.0,
        duration_secs: 1.0,
        lifetime_secs: Range::fixed(1.0),
        path_follow: Some(PathFollow {
            mode: PathFollowMode::Particles,
            path: "line".into(),
            ..PathFollow::default()
        }),
        ..ParticleSystem::default()
    };
    let line = PathObject {
        name: "line".into(),
        kind: PathKind::Polyline,
        points: vec![[0.0, 0.0], [0.0, 300.0]],
        ..PathObject::default()
    };
    let s = Scene {
        systems: vec![system.clone()],
        paths: vec![line.clone()],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&s);
    sim.advance_to(0.5);
    for p in sim.systems()[0].particles() {
        // The emitter's horizontal spread becomes an offset across the downward path (x), and
        // each has covered 300 px × its normalised age.
        let expected_y = 300.0 * p.age_secs;
        assert!((p.y - expected_y).abs() < 0.01, "{p:?}");
        assert!(p.x.abs() <= 20.0 + 1e-3);
    }
    // From the nearest point: a particle born beside the middle starts there.
    system.transform = Transform2D {
        x: 15.0,
        y: 150.0,
        ..Transform2D::default()
    };
    system.emitter = EmitterShape::Point;
    system.path_follow = Some(PathFollow {
        start: PathStart::Nearest,
        ..system.path_follow.clone().expect("set")
    });
    let s = Scene {
        systems: vec![system],
        paths: vec![line],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&s);
    sim.advance_to(0.0);
    let p = sim.systems()[0].particles()[0];
    assert!(
        (p.x - 15.0).abs() < 1e-3 && (p.y - 150.0).abs() < 1e-3,
        "{p:?}"
    );
}

/// What a test frame records of a particle: serial, position, rotation, impacts, last impact.
type Seen = (u64, [f32; 2], f32, u32, Option<f64>);

/// A shower of sparks bouncing off a floor and a tilted ledge.
fn shower(response: CollisionResponse, radius: f32) -> Scene {
    scene(
        vec![ParticleSystem {
            name: "sparks".into(),
            rate_per_sec: 60.0,
            duration_secs: 1.0,
            max_particles: 40,
            lifetime_secs: Range::new(1.0, 2.0),
            speed: Range::new(200.0, 400.0),
            direction_deg: 300.0,
            spread_deg: 90.0,
            gravity: [0.0, 900.0],
            damping: 0.3,
            align_to_velocity: true,
            collision: Collision {
                response,
                restitution: 0.55,
                friction: 0.3,
                pause_secs: 0.2,
                radius_px: radius,
            },
            ..ParticleSystem::default()
        }],
        vec![
            floor_at(120.0),
            Collider {
                shape: ColliderShape::Rect {
                    center: [90.0, 40.0],
                    width: 80.0,
                    height: 10.0,
                    rotation_deg: -20.0,
                },
                ..Collider::default()
            },
        ],
    )
}

#[test]
fn impacts_do_not_depend_on_the_frame_rate() {
    for (response, radius) in [
        (CollisionResponse::Bounce, 0.0),
        (CollisionResponse::Bounce, 3.0),
        (CollisionResponse::Pause, 0.0),
        (CollisionResponse::Stop, 2.0),
        (CollisionResponse::Destroy, 0.0),
    ] {
        let s = shower(response, radius);
        // Times common to 24, 30, 60 and 144 fps: multiples of 1/6 s.
        let mut reference: Option<Vec<Vec<Seen>>> = None;
        let mut impacts_seen = 0;
        for fps in [24u32, 30, 60, 144] {
            let mut sim = SceneSim::new(&s);
            let mut common = Vec::new();
            let per = fps / 6;
            for i in 0..=(3 * fps) {
                sim.advance_to(f64::from(i) / f64::from(fps));
                if i % per == 0 {
                    let sys = &sim.systems()[0];
                    common.push(
                        sys.particles()
                            .iter()
                            .enumerate()
                            .map(|(k, p)| {
                                (
                                    p.serial,
                                    [p.x, p.y],
                                    p.rotation_deg,
                                    p.impacts,
                                    sys.last_impact_secs(k),
                                )
                            })
                            .collect::<Vec<_>>(),
                    );
                }
            }
            impacts_seen = common.iter().flatten().map(|e| e.3).max().unwrap_or(0);
            match &reference {
                None => reference = Some(common),
                Some(r) => {
                    assert_eq!(r.len(), common.len());
                    for (f, (a, b)) in r.iter().zip(&common).enumerate() {
                        assert_eq!(
                            a.iter().map(|e| e.0).collect::<Vec<_>>(),
                            b.iter().map(|e| e.0).collect::<Vec<_>>(),
                            "{response:?} {fps} fps, common frame {f}: the same particles live"
                        );
                        for (x, y) in a.iter().zip(b) {
                            let d = (x.1[0] - y.1[0]).abs().max((x.1[1] - y.1[1]).abs());
                            assert!(d < 1e-3, "{response:?} {fps} fps frame {f}: {x:?} vs {y:?}");
                            assert!(
                                (x.2 - y.2).abs() < 1e-3,
                                "{response:?} rotation {x:?} {y:?}"
                            );
                            assert_eq!(x.3, y.3, "{response:?} impact count {x:?} {y:?}");
                            match (x.4, y.4) {
                                (Some(p), Some(q)) => assert!((p - q).abs() < 1e-8, "{p} {q}"),
                                (p, q) => assert_eq!(p, q),
                            }
                        }
                    }
                }
            }
        }
        if response != CollisionResponse::Destroy {
            assert!(impacts_seen > 0, "{response:?}: the sparks hit something");
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
fn systems_without_colliders_or_paths_are_unchanged() {
    // A scene's hash does not move when colliders that affect no system, or a path nobody
    // follows, are added.
    let base = shower(CollisionResponse::Bounce, 0.0);
    let plain = Scene {
        colliders: Vec::new(),
        ..base.clone()
    };
    let mut elsewhere = base.clone();
    for c in &mut elsewhere.colliders {
        c.systems = vec!["someone else".into()];
    }
    elsewhere.paths = vec![lap_path()];
    assert_eq!(
        state_hash(&plain, 2.0, 30.0),
        state_hash(&elsewhere, 2.0, 30.0)
    );
    let mut ignoring = base.clone();
    ignoring.systems[0].collision.response = CollisionResponse::None;
    assert_eq!(
        state_hash(&plain, 2.0, 30.0),
        state_hash(&ignoring, 2.0, 30.0)
    );
    assert_ne!(state_hash(&plain, 2.0, 30.0), state_hash(&base, 2.0, 30.0));
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

#[test]
fn documents_without_colliders_or_paths_save_without_the_new_keys() {
    for name in ["sparks_burst.json", "rain.json", "fire.json"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../presets")
            .join(name);
        let text = std::fs::read_to_string(path).expect("preset");
        let saved =
            sp_sim::document::save_scene(&sp_sim::document::load_scene(&text).expect("loads"));
        for key in [
            "\"colliders\"",
            "\"paths\"",
            "\"collision\"",
            "\"pathFollow\"",
        ] {
            assert!(!saved.contains(key), "{name}: {key} written");
        }
    }
    // A document with them keeps them.
    let mut s = shower(CollisionResponse::Pause, 1.0);
    s.paths = vec![lap_path()];
    let text = sp_sim::document::save_scene(&s);
    assert_eq!(sp_sim::document::load_scene(&text).expect("loads"), s);
    assert!(text.contains("\"colliders\"") && text.contains("\"collision\""));
}

#[test]
fn bad_colliders_and_paths_are_refused_with_their_path() {
    let load = |json: &str| {
        sp_sim::document::load_scene(json)
            .expect_err("refused")
            .to_string()
    };
    let e = load(
        r#"{"version":1,"colliders":[{"shape":{"kind":"circle","center":[0,0],"radius":-1}}]}"#,
    );
    assert!(e.starts_with("colliders[0].shape.radius:"), "{e}");
    let e = load(r#"{"version":1,"paths":[{"name":"a"},{"name":"a"}]}"#);
    assert!(e.starts_with("paths[1].name:"), "{e}");
    let e = load(r#"{"version":1,"systems":[{"collision":{"restitution":2}}]}"#);
    assert!(e.starts_with("systems[0].collision.restitution:"), "{e}");
    let e = load(r#"{"version":1,"systems":[{"pathFollow":{"speedPxPerSec":-5}}]}"#);
    assert!(e.starts_with("systems[0].pathFollow.speedPxPerSec:"), "{e}");
    let e =
        load(r#"{"version":1,"colliders":[{"shape":{"kind":"polyline","points":[[0,1e30]]}}]}"#);
    assert!(e.starts_with("colliders[0].shape.points[0][1]:"), "{e}");
}
