//! Bone following in the export (the Node test checks it against the official runtime): a
//! Local-space follower's system bone carries the bone's motion with reduced keys, a World-space
//! follower's does not move, and the same scene without the track falls back with a warning.

use sp_sim::document::{FollowBone, ParticleSystem, Scene, SimulationSpace};
use sp_sim::sim::{BoneTrack, FollowTracks};
use sp_spine::{ExportOptions, ImageSizes, export_scene_with};

fn scene(space: SimulationSpace) -> Scene {
    let mut scene = Scene::default();
    scene.systems.push(ParticleSystem {
        name: "follower".into(),
        space,
        duration_secs: 1.0,
        follow: Some(FollowBone {
            skeleton: "hero".into(),
            bone: "hand".into(),
            instance: 0,
            offset_x: 10.0,
            offset_y: 0.0,
        }),
        ..ParticleSystem::default()
    });
    scene
}

/// The bone moves right at a constant 90 px/s (y down in the editor).
fn tracks() -> FollowTracks {
    let mut t = FollowTracks::new();
    t.insert(
        "hero",
        "hand",
        0,
        BoneTrack {
            sample_fps: 30.0,
            looping: false,
            points: (0..=90).map(|i| [3.0 * i as f32, 40.0]).collect(),
        },
    );
    t
}

fn system_bone_translate(json: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    v["animations"]["animation"]["bones"]["follower"]["translate"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn export(scene: &Scene, follow: &FollowTracks) -> sp_spine::ExportOutput {
    export_scene_with(
        scene,
        &ImageSizes::default(),
        follow,
        ExportOptions::default(),
        &mut |_| true,
    )
    .expect("export")
}

#[test]
fn local_space_followers_move_their_system_bone_with_few_keys() {
    let out = export(&scene(SimulationSpace::Local), &tracks());
    let keys = system_bone_translate(&out.json);
    // Linear motion: the reducer keeps the two ends (and a key where the bone stops at 3 s if
    // the animation lasts that long), not one key per frame.
    assert!((2..=3).contains(&keys.len()), "{keys:?}");
    let first = &keys[0];
    assert_eq!(first["x"].as_f64(), Some(10.0));
    assert_eq!(
        first["y"].as_f64(),
        Some(-40.0),
        "editor y down → Spine y up"
    );
    let last = keys.last().expect("a key");
    let t = last["time"].as_f64().expect("time");
    let x = last["x"].as_f64().expect("x");
    assert!((x - (10.0 + 90.0 * t.min(3.0))).abs() < 0.1, "{x} at {t}");
    assert!(out.report.warnings.is_empty(), "{:?}", out.report.warnings);
}

#[test]
fn world_space_followers_keep_their_system_bone_still() {
    let out = export(&scene(SimulationSpace::World), &tracks());
    let keys = system_bone_translate(&out.json);
    assert!(
        keys.iter()
            .all(|k| k["x"] == keys[0]["x"] && k["y"] == keys[0]["y"])
    );
    // …and the particles carry the motion: their bones spread along the bone's path.
    let frames = export_scene_with(
        &scene(SimulationSpace::World),
        &ImageSizes::default(),
        &tracks(),
        ExportOptions {
            reduce: true,
            frames: true,
            parallel: false,
        },
        &mut |_| true,
    )
    .expect("export")
    .frames
    .expect("frames");
    let v: serde_json::Value = serde_json::from_str(&frames).expect("frames json");
    let xs: Vec<f64> = v["animations"]["animation"]
        .as_array()
        .expect("frames")
        .iter()
        .flat_map(|f| {
            f["bones"]
                .as_object()
                .map(|m| {
                    m.values()
                        .filter_map(|b| b["x"].as_f64())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    let spread =
        xs.iter().cloned().fold(f64::MIN, f64::max) - xs.iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        spread > 60.0,
        "particles born along the path: spread {spread}"
    );
}

#[test]
fn a_missing_track_exports_at_the_own_transform_with_a_warning() {
    let out = export(&scene(SimulationSpace::Local), &FollowTracks::new());
    assert_eq!(out.report.warnings.len(), 1, "{:?}", out.report.warnings);
    assert!(out.report.warnings[0].contains("\"hero/hand\", which is not loaded"));
    let keys = system_bone_translate(&out.json);
    assert!(keys.iter().all(|k| k["x"].as_f64() == Some(0.0)));
}

#[test]
fn following_is_deterministic() {
    let a = export(&scene(SimulationSpace::Local), &tracks());
    let b = export(&scene(SimulationSpace::Local), &tracks());
    assert_eq!(a.json, b.json);
}

#[test]
fn a_loop_the_bone_does_not_repeat_in_warns_of_its_seam() {
    let mut looping = scene(SimulationSpace::Local);
    looping.systems[0].mode = sp_sim::document::PlayMode::LoopContinuous;
    let out = export(&looping, &tracks());
    assert!(
        out.report
            .warnings
            .iter()
            .any(|w| w.contains("seam") && w.contains("\"loop\"")),
        "{:?}",
        out.report.warnings
    );
}
