//! Particles and emitters on paths: a lap of a closed path comes back to its start, and
//! particles keep their offset across the path and start where asked.

use sp_sim::document::{
    Burst, EmitterShape, ParticleSystem, PathFollow, PathFollowMode, PathKind, PathObject,
    PathRepeat, PathStart, PathTiming, Range, Scene, Transform2D,
};
use sp_sim::sim::SceneSim;

use crate::support::lap_path;

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
