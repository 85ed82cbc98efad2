//! Restated loop copies (a Local-space loop system whose bone moves) carry their trails.

use std::sync::Arc;

use sp_sim::document::{ParticleSystem, PlayMode, Range, Scene, SimulationSpace};
use sp_sim::sim::Follow;
use sp_sim::sim::follow::BoneTrack;

use crate::bake::bake_system;
use crate::bake::trail::NO_TRAIL;

/// A Local-space loop system whose bone moves places each copy again at its own time: its
/// trail goes with it, so every exported chain starts on its particle, in all three
/// segments.
#[test]
fn restated_copies_carry_their_trails_at_their_own_time() {
    let mut system = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        space: SimulationSpace::Local,
        rate_per_sec: 8.0,
        lifetime_secs: Range::new(0.5, 0.9),
        duration_secs: 1.0,
        speed: Range::new(40.0, 80.0),
        ..Default::default()
    };
    system.trail.enabled = true;
    system.trail.images = vec!["builtin:trail_fade".into()];
    system.trail.length_secs = 0.3;
    let scene = Scene {
        systems: vec![system],
        ..Scene::default()
    };
    let follow = Follow {
        track: Arc::new(BoneTrack {
            sample_fps: 10.0,
            looping: true,
            points: vec![[0.0, 0.0], [80.0, -30.0], [-40.0, 50.0], [0.0, 0.0]],
        }),
        offset: [0.0, 0.0],
    };
    let mut warnings = Vec::new();
    let how = crate::bake::BakeSettings {
        fps: 30,
        pool: true,
        parallel: false,
    };
    let baked = bake_system(&scene, 0, how, Some(&follow), None, &mut warnings).expect("baked");
    let mut checked = 0;
    for t in &baked.tracks {
        for runs in &t.bones {
            for s in runs.iter().flat_map(|r| &r.states) {
                if s.trail == NO_TRAIL {
                    continue;
                }
                let head = baked.trails.nodes(s.trail)[0];
                let (dx, dy) = (f64::from(head.x) - s.world.x, f64::from(head.y) - s.world.y);
                assert!(
                    dx.abs() < 1e-3 && dy.abs() < 1e-3,
                    "{:?}: head ({}, {}) vs particle ({}, {})",
                    t.segment,
                    head.x,
                    head.y,
                    s.world.x,
                    s.world.y
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
