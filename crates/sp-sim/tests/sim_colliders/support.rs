//! The helpers of the collider tests: a dropped particle, a scene of systems and colliders, a
//! particle's track over time and a closed path.

use sp_sim::document::{
    Burst, Collider, Collision, ParticleSystem, PathKind, PathObject, Range, Scene,
};
use sp_sim::sim::SceneSim;

/// One particle dropped at rest from the origin under gravity `g`, living `life` seconds.
pub fn dropped(g: f32, life: f32, collision: Collision) -> ParticleSystem {
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

pub fn scene(systems: Vec<ParticleSystem>, colliders: Vec<Collider>) -> Scene {
    Scene {
        systems,
        colliders,
        ..Scene::default()
    }
}

/// `(x, y)` of the first particle of the first system at each `t`.
pub fn track(scene: &Scene, times: impl Iterator<Item = f64>) -> Vec<Option<[f32; 2]>> {
    let mut sim = SceneSim::new(scene);
    times
        .map(|t| {
            sim.advance_to(t);
            sim.systems()[0].particles().first().map(|p| [p.x, p.y])
        })
        .collect()
}

pub fn lap_path() -> PathObject {
    PathObject {
        name: "loop".into(),
        kind: PathKind::CatmullRom,
        points: vec![[0.0, 0.0], [200.0, -50.0], [260.0, 120.0], [40.0, 180.0]],
        closed: true,
        ..PathObject::default()
    }
}
