//! Colliders and paths in the export (export spec §10.2, §10.3, §11.1, §12.4): impacts keep
//! keys on the frames around them, a destroyed particle is hidden from its death frame, an
//! emitter on a path moves its system bone (Local) or only its particles (World), nothing of the
//! colliders or paths is written, and their own duration does not lengthen any animation. The
//! Node tests check the same exports against the official runtime.

use serde_json::Value;
use sp_sim::document::{
    Burst, Collider, ColliderShape, Collision, CollisionResponse, CurveKind, ParticleSystem,
    PathFollow, PathFollowMode, PathKind, PathObject, PathRepeat, PathTiming, Range, Scene,
    SimulationSpace,
};
use sp_spine::{ExportOptions, ImageSizes, export_scene_with};

fn export(scene: &Scene) -> sp_spine::ExportOutput {
    export_scene_with(
        scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        ExportOptions::default(),
        &mut |_| true,
    )
    .expect("export")
}

/// One particle dropped from the origin under gravity `g` onto a floor 200 px below, living 5 s,
/// exported at 30 fps.
fn drop_scene(response: CollisionResponse, curve: CurveKind, g: f32) -> Scene {
    let mut s = Scene {
        systems: vec![ParticleSystem {
            name: "drop".into(),
            rate_per_sec: 0.0,
            bursts: vec![Burst::once(0.0, 1)],
            lifetime_secs: Range::fixed(5.0),
            speed: Range::fixed(0.0),
            gravity: [0.0, g],
            alpha_curve: sp_sim::document::Curve::constant(1.0),
            collision: Collision {
                response,
                restitution: 0.6,
                friction: 0.0,
                pause_secs: 0.3,
                radius_px: 0.0,
            },
            ..ParticleSystem::default()
        }],
        colliders: vec![Collider {
            name: "floor".into(),
            shape: ColliderShape::Segment {
                a: [-500.0, 200.0],
                b: [500.0, 200.0],
            },
            ..Collider::default()
        }],
        ..Scene::default()
    };
    s.export.curve = curve;
    s
}

fn particle_bone(v: &Value, system: &str) -> String {
    v["bones"]
        .as_array()
        .expect("bones")
        .iter()
        .find(|b| b["parent"] == system)
        .and_then(|b| b["name"].as_str())
        .expect("a particle bone")
        .to_owned()
}

fn key_frames(keys: &Value, fps: f64) -> Vec<i64> {
    keys.as_array()
        .map(|a| {
            a.iter()
                .map(|k| (k["time"].as_f64().unwrap_or(0.0) * fps).round() as i64)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn keys_are_kept_on_the_frames_around_each_impact() {
    // Under 100 px/s² (a parabola linear keys follow within 0.1 px over a few frames at 30 fps):
    // impacts at √(400/100) = 2 s, then after 2·0.6ⁿ·v₀/g (4.4 s).
    let g = 100.0;
    let fall = (400.0f64 / g).sqrt();
    let mut impacts = vec![fall];
    let mut v = 0.6 * g * fall;
    while v > 15.0 && impacts.len() < 4 {
        let t = impacts.last().copied().unwrap_or(0.0) + 2.0 * v / g;
        impacts.push(t);
        v *= 0.6;
    }
    assert!(impacts.iter().filter(|&&t| t < 5.0).count() >= 2);
    for curve in [CurveKind::Linear, CurveKind::Bezier] {
        let out = export(&drop_scene(CollisionResponse::Bounce, curve, g as f32));
        let v: Value = serde_json::from_str(&out.json).expect("json");
        let bone = particle_bone(&v, "drop");
        let frames = key_frames(
            &v["animations"]["animation"]["bones"][&bone]["translate"],
            30.0,
        );
        for &t in impacts.iter().filter(|&&t| t < 5.0) {
            // Keys on two consecutive frames around the impact (an impact exactly on a frame
            // may fall on either side of it numerically).
            let x = t * 30.0;
            let kept = frames
                .windows(2)
                .any(|w| w[1] == w[0] + 1 && w[0] as f64 <= x + 1e-6 && x - 1e-6 <= w[1] as f64);
            assert!(
                kept,
                "{curve:?}: impact at {t:.4} s (frame {x:.3}) without keys around it: {frames:?}"
            );
        }
        // Reduced all the same: far fewer keys than frames.
        let most = if curve == CurveKind::Bezier { 30 } else { 90 };
        assert!(
            frames.len() < most,
            "{curve:?}: {} keys for 150 frames",
            frames.len()
        );
        // Nothing of the collider is written.
        assert!(
            !out.json.contains("floor"),
            "the collider's name is in the export"
        );
    }
}

#[test]
fn a_destroyed_particle_is_hidden_from_its_death_frame() {
    let out = export(&drop_scene(
        CollisionResponse::Destroy,
        CurveKind::Linear,
        1000.0,
    ));
    let v: Value = serde_json::from_str(&out.json).expect("json");
    let bone = particle_bone(&v, "drop");
    let slot = v["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .find(|s| s["bone"] == bone.as_str())
        .and_then(|s| s["name"].as_str())
        .expect("slot")
        .to_owned();
    let keys = v["animations"]["animation"]["slots"][&slot]["attachment"]
        .as_array()
        .cloned()
        .expect("attachment keys");
    let hidden = keys
        .iter()
        .find(|k| k["name"].is_null())
        .expect("a hide key");
    // Falls 200 px under 1000 px/s²: dies at 0.632 s, shown at frame 18, hidden from frame 19.
    assert_eq!((hidden["time"].as_f64().expect("t") * 30.0).round(), 19.0);
    assert!(out.report.lives == 1);
}

fn comet_scene(space: SimulationSpace, orient: bool, travel_secs: f32) -> Scene {
    Scene {
        systems: vec![ParticleSystem {
            name: "comet".into(),
            space,
            rate_per_sec: 30.0,
            duration_secs: 1.0,
            lifetime_secs: Range::fixed(0.5),
            speed: Range::fixed(20.0),
            path_follow: Some(PathFollow {
                mode: PathFollowMode::Emitter,
                path: "arc".into(),
                timing: PathTiming::Time,
                travel_secs,
                repeat: PathRepeat::Once,
                orient,
                ..PathFollow::default()
            }),
            ..ParticleSystem::default()
        }],
        paths: vec![PathObject {
            name: "arc".into(),
            kind: PathKind::CatmullRom,
            points: vec![[-200.0, 0.0], [0.0, -150.0], [200.0, 0.0]],
            ..PathObject::default()
        }],
        ..Scene::default()
    }
}

#[test]
fn an_emitter_on_a_path_moves_its_system_bone_in_local_space_only() {
    let local = export(&comet_scene(SimulationSpace::Local, true, 0.0));
    let v: Value = serde_json::from_str(&local.json).expect("json");
    let root = &v["animations"]["animation"]["bones"]["comet"];
    let translate = root["translate"].as_array().expect("translate");
    let rotate = root["rotate"].as_array().expect("rotate");
    // Moves from (−200, 0) to (200, 0) over the system's duration (1 s), turning as it goes.
    assert!(translate.len() > 2 && rotate.len() > 2, "{root}");
    assert_eq!(translate[0]["x"].as_f64(), Some(-200.0));
    let last = translate.last().expect("key");
    assert!((last["x"].as_f64().expect("x") - 200.0).abs() < 0.1);
    assert!(
        !local.json.contains("\"arc\""),
        "the path's name is in the export"
    );
    assert!(
        local.report.warnings.is_empty(),
        "{:?}",
        local.report.warnings
    );

    let world = export(&comet_scene(SimulationSpace::World, true, 0.0));
    let v: Value = serde_json::from_str(&world.json).expect("json");
    let root = &v["animations"]["animation"]["bones"]["comet"];
    assert!(
        root["translate"].as_array().is_some_and(|a| a.len() <= 2),
        "{root}"
    );
}

#[test]
fn a_path_longer_than_the_system_does_not_lengthen_the_animation() {
    let duration = |s: &Scene| -> f64 {
        let v: Value = serde_json::from_str(&export(s).json).expect("json");
        let mut end = 0.0f64;
        for bone in v["animations"]["animation"]["bones"]
            .as_object()
            .expect("bones")
            .values()
        {
            for tl in bone.as_object().expect("timelines").values() {
                for k in tl.as_array().expect("keys") {
                    end = end.max(k["time"].as_f64().unwrap_or(0.0));
                }
            }
        }
        end
    };
    // The path takes 100 s to travel; the system emits for 1 s and its particles live 0.5 s.
    let slow = comet_scene(SimulationSpace::Local, false, 100.0);
    let d = duration(&slow);
    assert!(d <= 1.5 + 1.0 / 30.0 + 1e-9, "animation lasts {d} s");
    // Colliders do not either (one far away, never touched).
    let mut with_collider = comet_scene(SimulationSpace::World, false, 0.0);
    let plain = duration(&with_collider);
    with_collider.colliders.push(Collider {
        shape: ColliderShape::Circle {
            center: [0.0, 5000.0],
            radius: 10.0,
        },
        ..Collider::default()
    });
    assert_eq!(duration(&with_collider), plain);
}

#[test]
fn a_missing_path_warns_and_exports_without_it() {
    let mut s = comet_scene(SimulationSpace::Local, false, 0.0);
    s.paths.clear();
    let out = export(&s);
    assert!(
        out.report.warnings.iter().any(|w| w.contains("\"arc\"")),
        "{:?}",
        out.report.warnings
    );
}
