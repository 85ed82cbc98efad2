//! Trails in the simulation (issue 12): the head sits on the particle, the chain and the
//! skinned ribbon are functions of the particle's record and age (the same at any frame rate,
//! after a seek, natively and — through the state hash — in wasm), a straight trail is exact,
//! and documents without trails load, save and simulate as before.

use sp_sim::behaviour::trail::{LengthMode, TextureMode, Trail};
use sp_sim::document::{
    Curve, CurveKey, Force, ParticleSystem, Range, Scene, SimulationSpace, Transform2D, Turbulence,
    Vortex, default_scene, load_scene, save_scene,
};
use sp_sim::sim::trail::{TrailDetail, TrailFrame};
use sp_sim::sim::{SceneSim, SystemSim, state_hash};

fn trailed(space: SimulationSpace) -> ParticleSystem {
    ParticleSystem {
        name: "comets".into(),
        seed: 7,
        space,
        transform: Transform2D {
            x: 40.0,
            y: -20.0,
            rotation_deg: 30.0,
            scale_x: 1.5,
            scale_y: 0.75,
        },
        rate_per_sec: 12.0,
        lifetime_secs: Range::new(0.8, 1.4),
        speed: Range::new(150.0, 300.0),
        spread_deg: 120.0,
        gravity: [0.0, 250.0],
        damping: 0.6,
        angular_velocity_deg: Range::new(-90.0, 90.0),
        trail: Trail {
            enabled: true,
            length_secs: 0.35,
            bones: 6,
            width_px: 14.0,
            width_by_size: true,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    }
}

fn with_forces(mut s: ParticleSystem) -> ParticleSystem {
    s.forces = vec![
        Force::Turbulence(Turbulence {
            accel_px_per_sec2: Range::fixed(400.0),
            ..Turbulence::default()
        }),
        Force::Vortex(Vortex {
            spin_deg_per_sec: Range::fixed(120.0),
            ..Vortex::default()
        }),
    ];
    s
}

/// One particle's trail: (serial, nodes, vertices).
type Sampled = (u64, Vec<[f64; 2]>, Vec<[f32; 2]>);

/// Every live particle's trail at the sim's time.
fn trails(sim: &SystemSim) -> Vec<Sampled> {
    let mut frame = TrailFrame::default();
    (0..sim.particles().len())
        .map(|i| {
            assert!(sim.trail_frame(i, &mut frame, TrailDetail::Skinned));
            (
                sim.particles()[i].serial,
                frame.nodes.iter().map(|n| [n.x, n.y]).collect(),
                frame.vertices.clone(),
            )
        })
        .collect()
}

fn max_gap(a: &[Sampled], b: &[Sampled]) -> f64 {
    assert_eq!(a.len(), b.len());
    let mut worst = 0.0f64;
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x.0, y.0);
        for (p, q) in x.1.iter().zip(&y.1) {
            worst = worst.max(libm::hypot(p[0] - q[0], p[1] - q[1]));
        }
        for (p, q) in x.2.iter().zip(&y.2) {
            worst = worst.max(f64::from((p[0] - q[0]).hypot(p[1] - q[1])));
        }
    }
    worst
}

#[test]
fn the_head_is_where_the_particle_is_drawn() {
    for space in [SimulationSpace::World, SimulationSpace::Local] {
        for system in [trailed(space), with_forces(trailed(space))] {
            let mut sim = SystemSim::new(&system);
            let mut frame = TrailFrame::default();
            for step in 1..=40 {
                sim.advance_to_quiet(f64::from(step) / 30.0);
                for (i, p) in sim.particles().iter().enumerate() {
                    assert!(sim.trail_frame(i, &mut frame, TrailDetail::Skinned));
                    let pose = sim.scene_pose(p);
                    assert_eq!(
                        [frame.nodes[0].x, frame.nodes[0].y],
                        [f64::from(pose.x), f64::from(pose.y)],
                        "{space:?}"
                    );
                    assert_eq!(frame.nodes.len(), 6);
                    assert_eq!(frame.vertices.len(), system.trail.vertex_count());
                    // The head column's centre is the particle: its two edge vertices are
                    // symmetric about it.
                    let head: Vec<&[f32; 2]> = sim
                        .trail()
                        .expect("trail")
                        .mesh
                        .vertices
                        .iter()
                        .zip(&frame.vertices)
                        .filter(|(v, _)| v.s == 0.0)
                        .map(|(_, xy)| xy)
                        .collect();
                    assert_eq!(head.len(), 2);
                    let mid = [
                        (head[0][0] + head[1][0]) / 2.0,
                        (head[0][1] + head[1][1]) / 2.0,
                    ];
                    assert!((mid[0] - pose.x).abs() < 1e-3 && (mid[1] - pose.y).abs() < 1e-3);
                }
            }
        }
    }
}

#[test]
fn trails_are_the_same_at_any_frame_rate_and_after_a_seek() {
    for space in [SimulationSpace::World, SimulationSpace::Local] {
        for system in [trailed(space), with_forces(trailed(space))] {
            let at = |fps: f64, t: f64| {
                let mut sim = SystemSim::new(&system);
                let frames = f64::round(t * fps) as u32;
                for i in 1..=frames {
                    sim.advance_to_quiet(f64::from(i) / fps);
                }
                trails(&sim)
            };
            for t in [0.5, 1.0, 1.5] {
                let reference = at(30.0, t);
                assert!(!reference.is_empty());
                for fps in [24.0, 60.0, 144.0] {
                    let other = at(fps, t);
                    let gap = max_gap(&reference, &other);
                    assert!(gap < 1e-3, "{space:?} t {t} at {fps} fps: {gap} px");
                }
                let mut seek = SystemSim::new(&system);
                seek.advance_to_quiet(t);
                let gap = max_gap(&reference, &trails(&seek));
                assert!(gap < 1e-3, "{space:?} seek to {t}: {gap} px");
            }
        }
    }
}

#[test]
fn a_straight_trail_is_exact() {
    // One particle straight to the right at 100 px/s, no gravity: the trail of 0.3 s runs
    // from the head back 30 px, nodes evenly spaced, the ribbon `width·curve` wide.
    let system = ParticleSystem {
        rate_per_sec: 0.0,
        bursts: vec![sp_sim::document::Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(2.0),
        speed: Range::fixed(100.0),
        direction_deg: 0.0,
        spread_deg: 0.0,
        alpha_curve: Curve::constant(1.0),
        trail: Trail {
            enabled: true,
            length_secs: 0.3,
            bones: 4,
            width_px: 10.0,
            width_curve: Curve {
                keys: vec![CurveKey::linear(0.0, 1.0), CurveKey::linear(1.0, 0.5)],
            },
            grid_rows: 2,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&system);
    sim.advance_to_quiet(1.0);
    let mut frame = TrailFrame::default();
    assert!(sim.trail_frame(0, &mut frame, TrailDetail::Skinned));
    let xs: Vec<f64> = frame.nodes.iter().map(|n| n.x).collect();
    for (k, x) in xs.iter().enumerate() {
        assert!((x - (100.0 - 10.0 * k as f64)).abs() < 1e-4, "{xs:?}");
    }
    assert!(
        frame
            .nodes
            .iter()
            .all(|n| n.y.abs() < 1e-9 && n.rotation_deg == 180.0)
    );
    let mesh = &sim.trail().expect("trail").mesh;
    for (v, xy) in mesh.vertices.iter().zip(&frame.vertices) {
        let along = 100.0 - 30.0 * v.s;
        let across = -10.0 * v.c * (1.0 - 0.5 * v.s);
        assert!(
            (f64::from(xy[0]) - along).abs() < 1e-3 && (f64::from(xy[1]) - across).abs() < 1e-3,
            "{v:?} at {xy:?}"
        );
    }
    // Young: the trail ends at the birth point.
    let mut young = SystemSim::new(&system);
    young.advance_to_quiet(0.1);
    assert!(young.trail_frame(0, &mut frame, TrailDetail::Chain));
    assert!((frame.nodes[3].x - 0.0).abs() < 1e-9 && (frame.nodes[0].x - 10.0).abs() < 1e-4);
}

#[test]
fn a_resting_particle_trail_shrinks_and_points_mode_keeps_it() {
    // Decelerating hard: after it stops, the seconds trail shrinks to nothing, while a trail of
    // points with a least movement keeps its last points.
    let base = ParticleSystem {
        rate_per_sec: 0.0,
        bursts: vec![sp_sim::document::Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(5.0),
        speed: Range::fixed(200.0),
        direction_deg: 0.0,
        spread_deg: 0.0,
        damping: 30.0,
        ..ParticleSystem::default()
    };
    let secs = ParticleSystem {
        trail: Trail {
            enabled: true,
            length_secs: 0.5,
            ..Trail::default()
        },
        ..base.clone()
    };
    let points = ParticleSystem {
        trail: Trail {
            enabled: true,
            length_mode: LengthMode::Points,
            length_points: 5,
            min_move_px: 0.5,
            ..Trail::default()
        },
        ..base
    };
    let length = |s: &ParticleSystem| {
        let mut sim = SystemSim::new(s);
        sim.advance_to_quiet(3.0);
        let mut frame = TrailFrame::default();
        assert!(sim.trail_frame(0, &mut frame, TrailDetail::Chain));
        frame
            .nodes
            .iter()
            .map(|n| n.length_px)
            .take(frame.nodes.len() - 1)
            .sum::<f64>()
    };
    assert!(length(&secs) < 1e-6, "{}", length(&secs));
    assert!(length(&points) > 1.0, "{}", length(&points));
}

#[test]
fn tiles_and_rotation_reach_the_uvs() {
    let system = ParticleSystem {
        trail: Trail {
            enabled: true,
            texture_mode: TextureMode::Tile,
            tile_count: 2,
            uv_rotation_deg: 90,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    };
    let sim = SystemSim::new(&system);
    let mesh = &sim.trail().expect("trail").mesh;
    // Unrotated, the head's left corner (left of the motion) is the image's top right:
    // (u, v) = (1, 0). Turned 90° clockwise, (u, v) → (v, 1 − u): u follows across, v along.
    let head_left = mesh
        .vertices
        .iter()
        .find(|v| v.s == 0.0 && v.c == 0.5)
        .expect("vertex");
    assert_eq!(head_left.uv, [0.0, 0.0]);
    // Mid-length is a seam: the end of the first tile (u = 0 → v = 1) and the start of the
    // second (u = 1 → v = 0) (that row is listed tail to head in the hull: reversed).
    let mid: Vec<[f32; 2]> = mesh
        .vertices
        .iter()
        .rev()
        .filter(|v| v.s == 0.5 && v.c == 0.5)
        .map(|v| v.uv)
        .collect();
    assert_eq!(mid, vec![[0.0, 1.0], [0.0, 0.0]]);
}

#[test]
fn documents_without_trails_are_unchanged() {
    let scene = default_scene();
    let saved = save_scene(&scene);
    assert!(!saved.contains("\"trail\""), "{saved}");
    let loaded = load_scene(&saved).expect("load");
    assert!(
        loaded
            .systems
            .iter()
            .all(|s| !s.trail.enabled && s.trail.is_default())
    );
    let sim = SceneSim::new(&loaded);
    assert!(sim.systems().iter().all(|s| s.trail().is_none()));
    // A trail set and switched off again is kept in the document (its settings survive).
    let mut scene = default_scene();
    scene.systems[0].trail.bones = 12;
    let reloaded = load_scene(&save_scene(&scene)).expect("load");
    assert_eq!(reloaded.systems[0].trail.bones, 12);
    assert!(!reloaded.systems[0].trail.enabled);
}

#[test]
fn trail_limits_name_the_field() {
    let bad = |edit: &dyn Fn(&mut Trail), field: &str| {
        let mut scene = Scene::default();
        let mut s = trailed(SimulationSpace::World);
        edit(&mut s.trail);
        scene.systems.push(s);
        let text = save_scene(&scene);
        let e = load_scene(&text).expect_err(field).to_string();
        assert!(e.contains(field), "{field}: {e}");
    };
    bad(&|t| t.bones = 1, "systems[0].trail.bones");
    bad(&|t| t.bones = 33, "systems[0].trail.bones");
    bad(
        &|t| t.uv_rotation_deg = 45,
        "systems[0].trail.uvRotationDeg",
    );
    bad(&|t| t.length_secs = 0.0, "systems[0].trail.lengthSecs");
    bad(&|t| t.width_px = -1.0, "systems[0].trail.widthPx");
    bad(&|t| t.grid_rows = 0, "systems[0].trail.gridRows");
    bad(
        &|t| t.images = vec!["data:image/png;base64,AAAA".into()],
        "systems[0].trail.images[0]",
    );
    // A hostile document cannot ask for gigabytes of history.
    let mut scene = Scene::default();
    let mut s = trailed(SimulationSpace::World);
    s.max_particles = 100_000;
    s.trail.length_secs = 10.0;
    scene.systems.push(s);
    let e = load_scene(&save_scene(&scene))
        .expect_err("huge")
        .to_string();
    assert!(
        e.contains("systems[0].trail") && e.contains("maxParticles"),
        "{e}"
    );
}

#[test]
fn the_state_hash_covers_trails() {
    let mut scene = Scene::default();
    scene.systems.push(trailed(SimulationSpace::World));
    let a = state_hash(&scene, 1.0, 30.0);
    scene.systems[0].trail.width_px = 15.0;
    assert_ne!(a, state_hash(&scene, 1.0, 30.0));
}
