//! End-to-end properties of `export_scene` (the Node tests add the official runtime's view).

use sp_sim::document::DrawOrder::{NewestOnTop, OldestOnTop};
use sp_sim::document::{BlendMode, ParticleSystem, PlayMode, Scene, default_scene};
use sp_spine::{Error, ExportOptions, ImageSizes, export_scene, export_scene_with};

fn one_system() -> Scene {
    let mut scene = Scene::default();
    scene.systems.push(ParticleSystem {
        duration_secs: 0.5,
        ..ParticleSystem::default()
    });
    scene
}

fn export(scene: &Scene) -> Result<sp_spine::ExportOutput, Error> {
    export_scene(scene, &ImageSizes::default(), &mut |_| true)
}

/// `scene` exported without key reduction or a frames document, on one thread.
fn unreduced(scene: &Scene) -> sp_spine::ExportOutput {
    export_scene_with(
        scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        ExportOptions {
            reduce: false,
            frames: false,
            parallel: false,
        },
        &mut |_| true,
    )
    .expect("export")
}

#[test]
fn default_scene_exports_in_the_official_section_order() {
    let out = export(&default_scene()).expect("export");
    let order: Vec<usize> = [
        "\"skeleton\"",
        "\"bones\"",
        "\"slots\"",
        "\"skins\"",
        "\"animations\"",
    ]
    .iter()
    .map(|k| out.json.find(k).expect("section present"))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(out.json.starts_with("{\"skeleton\":{\"hash\":\""));
    assert_eq!(out.report.bytes, out.json.len());
    assert!(out.report.bones >= 3);
}

#[test]
fn injected_nan_is_refused_with_its_json_path() {
    let mut scene = one_system();
    scene.systems[0].transform.x = f32::NAN;
    match export(&scene) {
        Err(Error::Invalid { path, message }) => {
            assert!(path.starts_with("animations.animation.bones."), "{path}");
            assert!(message.contains("finite"), "{message}");
        }
        other => panic!("expected an invalid-export error, got {other:?}"),
    }
}

#[test]
fn settings_are_checked_and_cancel_stops() {
    let mut scene = one_system();
    scene.export.fps = 0;
    assert!(
        matches!(export(&scene), Err(Error::Settings { ref field, .. }) if field == "export.fps")
    );
    scene.export.fps = 30;
    let mut calls = 0;
    let r = export_scene(&scene, &ImageSizes::default(), &mut |_| {
        calls += 1;
        false
    });
    assert!(matches!(r, Err(Error::Cancelled)));
    assert_eq!(calls, 1);
}

#[test]
fn pool_off_uses_a_bone_per_life_and_pool_on_the_peak() {
    // Additive: stacking does not show, the pool is the most particles alive at once. Normal
    // blend: the pool may grow to twice that so that bones follow birth order (draw order).
    for (blend, most_halves) in [(BlendMode::Additive, 2), (BlendMode::Normal, 4)] {
        let mut scene = one_system();
        scene.systems[0].duration_secs = 2.5;
        scene.systems[0].blend = blend;
        let on = export(&scene).expect("pool on");
        scene.export.bone_pool = false;
        let off = export(&scene).expect("pool off");
        let particle_bones = on.report.bones - 2;
        assert!(particle_bones >= on.report.peak_alive, "{blend:?}");
        assert!(
            particle_bones <= on.report.peak_alive * most_halves / 2,
            "{blend:?}: {particle_bones} bones for a peak of {}",
            on.report.peak_alive
        );
        if blend == BlendMode::Additive {
            assert_eq!(particle_bones, on.report.peak_alive);
        }
        assert_eq!(off.report.bones, 2 + off.report.lives);
        assert!(off.report.bones > on.report.bones);
        let estimate = sp_spine::estimate_scene(&scene).expect("estimate");
        assert_eq!(estimate.bones_pool_on as usize, on.report.bones);
        assert_eq!(estimate.bones_pool_off as usize, off.report.bones);
    }
}

#[test]
fn estimate_matches_the_export_for_the_default_scene_with_loops() {
    // The default scene has loop-continuous systems: the pool-off estimate must count the bones
    // the exporter writes for the three segments, not every simulated life.
    let mut scene = sp_sim::document::default_scene();
    for pool in [true, false] {
        scene.export.bone_pool = pool;
        let out = export(&scene).expect("export");
        let estimate = sp_spine::estimate_scene(&scene).expect("estimate");
        let estimated = if pool {
            estimate.bones_pool_on
        } else {
            estimate.bones_pool_off
        };
        assert_eq!(estimated as usize, out.report.bones, "pool {pool}");
    }
}

#[test]
fn empty_animations_kept_or_excluded() {
    let mut scene = one_system();
    scene.animations = vec!["animation".into(), "nothing".into()];
    let kept = export(&scene).expect("export");
    assert!(kept.json.contains("\"nothing\":{}"));
    scene.export.exclude_empty_animations = true;
    let excluded = export(&scene).expect("export");
    assert!(!excluded.json.contains("\"nothing\""));
    assert_eq!(excluded.report.animations, vec!["animation".to_owned()]);
}

#[test]
fn omit_fps_only_drops_the_metadata_and_fps_keeps_seconds() {
    let mut scene = one_system();
    let with = export(&scene).expect("export");
    scene.export.omit_fps = true;
    let without = export(&scene).expect("export");
    assert!(with.json.contains("\"fps\":30"));
    assert!(!without.json.contains("\"fps\""));
    assert_eq!(
        with.json.replace(",\"fps\":30", "").len(),
        without.json.len()
    );
    // 60 fps: the same seconds, so the last key time of the animation is the same.
    scene.export.fps = 60;
    let sixty = unreduced(&scene);
    scene.export.fps = 30;
    let thirty = unreduced(&scene);
    let last_time = |json: &str| -> f64 {
        let v: serde_json::Value = serde_json::from_str(json).expect("json");
        let mut t: f64 = 0.0;
        for bone in v["animations"]["animation"]["bones"]
            .as_object()
            .expect("bones")
            .values()
        {
            for keys in bone.as_object().expect("timelines").values() {
                for k in keys.as_array().expect("keys") {
                    t = t.max(k["time"].as_f64().unwrap_or(0.0));
                }
            }
        }
        t
    };
    let (a, b) = (last_time(&sixty.json), last_time(&thirty.json));
    assert!((a - b).abs() <= 1.0 / 30.0 + 1e-6, "{a} vs {b}");
    let ratio =
        sixty.report.total_unreduced_keys() as f64 / thirty.report.total_unreduced_keys() as f64;
    assert!(ratio > 1.7 && ratio < 2.3, "{ratio}");
}

#[test]
fn loop_continuous_writes_three_animations_and_hidden_systems_nothing() {
    let mut scene = one_system();
    scene.systems[0].mode = PlayMode::LoopContinuous;
    scene.systems[0].duration_secs = 1.0;
    let mut hidden = ParticleSystem {
        name: "Ghost".into(),
        visible: false,
        ..ParticleSystem::default()
    };
    hidden.animation = "ghost".into();
    scene.systems.push(hidden);
    let out = export(&scene).expect("export");
    for name in ["start", "loop", "end"] {
        assert!(
            out.report.animations.contains(&name.to_owned()),
            "{:?}",
            out.report.animations
        );
    }
    assert!(!out.json.contains("Ghost"));
    assert!(!out.report.animations.contains(&"ghost".to_owned()));
    // The loop lasts exactly 1 s: its system bone's last key is at 1.
    let v: serde_json::Value = serde_json::from_str(&out.json).expect("json");
    let keys = v["animations"]["loop"]["bones"]["ParticleSystem"]["translate"]
        .as_array()
        .expect("keys");
    assert_eq!(keys.last().and_then(|k| k["time"].as_f64()), Some(1.0));
}

#[test]
fn frames_document_lists_live_bones() {
    let scene = one_system();
    let out = export_scene_with(
        &scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        ExportOptions {
            reduce: true,
            frames: true,
            parallel: false,
        },
        &mut |_| true,
    )
    .expect("export");
    let frames: serde_json::Value =
        serde_json::from_str(out.frames.as_deref().expect("frames")).expect("json");
    assert_eq!(frames["fps"], 30);
    let list = frames["animations"]["animation"]
        .as_array()
        .expect("frames");
    assert_eq!(list[0]["frame"], 0);
    let busiest = list
        .iter()
        .map(|f| f["bones"].as_object().map_or(0, |b| b.len()))
        .max()
        .unwrap_or(0);
    assert_eq!(busiest, out.report.peak_alive);
    let bone = list
        .iter()
        .find_map(|f| {
            f["bones"]
                .as_object()
                .and_then(|b| b.values().next().cloned())
        })
        .expect("a bone");
    for k in [
        "x",
        "y",
        "rotation",
        "scaleX",
        "scaleY",
        "color",
        "attachment",
    ] {
        assert!(bone.get(k).is_some(), "{k}");
    }
}

#[test]
fn draw_order_follows_the_system_setting_and_only_normal_blend_gets_keys() {
    // Random lifetimes make the pool hand bones over out of birth order: a normal-blend system
    // needs draw order keys, an additive one (stacking invisible) none. Oldest on top lists the
    // system's slots in reverse bone order.
    let system = |blend, draw_order| ParticleSystem {
        duration_secs: 2.0,
        rate_per_sec: 25.0,
        lifetime_secs: sp_sim::document::Range::new(0.3, 1.6),
        blend,
        draw_order,
        ..ParticleSystem::default()
    };
    for (blend, order, keys) in [
        (BlendMode::Normal, NewestOnTop, true),
        (BlendMode::Normal, OldestOnTop, true),
        (BlendMode::Additive, NewestOnTop, false),
    ] {
        let mut scene = Scene::default();
        scene.systems.push(system(blend, order));
        let out = export(&scene).expect("export");
        let json: serde_json::Value = serde_json::from_str(&out.json).expect("json");
        let draw = json["animations"]["animation"]["drawOrder"].as_array();
        assert_eq!(
            draw.is_some_and(|d| !d.is_empty()),
            keys,
            "{blend:?} {order:?}"
        );
        let slots: Vec<&str> = json["slots"]
            .as_array()
            .expect("slots")
            .iter()
            .map(|s| s["name"].as_str().expect("name"))
            .collect();
        let mut sorted = slots.clone();
        sorted.sort();
        if order == OldestOnTop {
            sorted.reverse();
        }
        assert_eq!(slots, sorted, "{order:?}: slot order");
    }
}
