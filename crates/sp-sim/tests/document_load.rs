//! Loading documents: defaults, migration, versions, and hostile input with field paths.

use sp_sim::Error;
use sp_sim::document::{
    BlendMode, DOCUMENT_VERSION, DrawOrder, MAX_DOCUMENT_BYTES, PlayMode, Range, Scene,
    default_scene, load_scene, save_scene,
};

fn field_error(json: &str) -> (String, String) {
    match load_scene(json) {
        Err(Error::Field { path, issue }) => (path, issue.to_string()),
        other => panic!("expected a field error for {json}, got {other:?}"),
    }
}

fn system_json(fields: &str) -> String {
    format!(r#"{{"version": 1, "systems": [{{}}, {{ {fields} }}]}}"#)
}

#[test]
fn partial_documents_get_defaults() {
    let scene = load_scene(r#"{"version": 1, "systems": [{"name": "A"}]}"#).expect("loads");
    let mut expected = Scene::default();
    expected.systems.push(sp_sim::document::ParticleSystem {
        name: "A".into(),
        ..Default::default()
    });
    assert_eq!(scene, expected);
    assert_eq!(
        load_scene("{}").expect("empty object loads"),
        Scene::default()
    );
}

#[test]
fn unknown_fields_are_ignored() {
    let scene = load_scene(
        r#"{"version": 1, "future": [1, 2], "systems": [{"sparkle": true, "ratePerSec": 5}]}"#,
    )
    .expect("loads");
    assert_eq!(scene.systems[0].rate_per_sec, 5.0);
}

#[test]
fn legacy_documents_are_migrated() {
    let legacy = r#"{
        "particleSystems": [{
            "name": "old", "texture": "builtin:star", "blendMode": "add", "emissionRate": 12,
            "maxCount": 30, "duration": 1.5, "lifetime": 0.75, "loop": true
        }]
    }"#;
    let scene = load_scene(legacy).expect("legacy loads");
    assert_eq!(scene.version, DOCUMENT_VERSION);
    let s = &scene.systems[0];
    assert_eq!(s.textures, ["builtin:star"]);
    assert_eq!(s.blend, BlendMode::Additive);
    assert_eq!(s.rate_per_sec, 12.0);
    assert_eq!(s.max_particles, 30);
    assert_eq!(s.duration_secs, 1.5);
    assert_eq!(s.lifetime_secs, Range::fixed(0.75));
    assert_eq!(s.mode, PlayMode::LoopContinuous);
    // Saving writes the current shape, which loads to the same scene.
    assert_eq!(load_scene(&save_scene(&scene)).expect("reloads"), scene);
    assert!(!save_scene(&scene).contains("blendMode"));
}

#[test]
fn new_fields_win_over_legacy_ones() {
    let scene = load_scene(r#"{"systems": [{"texture": "builtin:ring", "textures": ["builtin:star"], "blendMode": "screen"}]}"#)
        .expect("loads");
    assert_eq!(scene.systems[0].textures, ["builtin:star"]);
    assert_eq!(scene.systems[0].blend, BlendMode::Screen);
}

#[test]
fn newer_versions_are_refused_clearly() {
    let err = load_scene(r#"{"version": 2}"#).expect_err("refused");
    assert_eq!(
        err,
        Error::NewerVersion {
            found: 2,
            supported: 1
        }
    );
    assert!(err.to_string().contains("newer"), "{err}");
    assert_eq!(field_error(r#"{"version": "one"}"#).0, "version");
    assert_eq!(field_error(r#"{"version": -1}"#).0, "version");
}

#[test]
fn syntax_errors_give_line_and_column() {
    match load_scene("{\n  \"version\": 1,\n  oops\n}") {
        Err(Error::Json { line, column, .. }) => assert_eq!((line, column), (3, 3)),
        other => panic!("{other:?}"),
    }
    assert_eq!(field_error("[1, 2]").0, "(document)");
    let deep = "[".repeat(10_000);
    assert!(matches!(load_scene(&deep), Err(Error::Json { .. })));
}

#[test]
fn oversized_input_names_its_size() {
    let big = format!(
        r#"{{"version": 1, "pad": "{}"}}"#,
        "x".repeat(MAX_DOCUMENT_BYTES)
    );
    let err = load_scene(&big).expect_err("too large");
    assert_eq!(
        err,
        Error::TooLarge {
            size_bytes: big.len(),
            limit_bytes: MAX_DOCUMENT_BYTES
        }
    );
    assert!(err.to_string().contains(&big.len().to_string()));
}

#[test]
fn a_document_that_would_not_reopen_once_saved_is_refused() {
    // 1,042,517 bytes as given (under the 1 MiB cap), 1,058,791 once saved with every field
    // pretty-printed: accepting it let autosave and share links write a scene that then failed
    // to load ("above the limit") — the work was lost on the next reload.
    let path = "p".repeat(1015);
    let textures = vec![format!("\"{path}\""); 256].join(",");
    let system = format!(r#"{{"textures":[{textures}]}}"#);
    let doc = format!(
        r#"{{"version":1,"systems":[{}]}}"#,
        vec![system; 4].join(",")
    );
    assert!(doc.len() < MAX_DOCUMENT_BYTES);
    let err = load_scene(&doc).expect_err("refused");
    assert!(
        matches!(err, Error::NormalizedTooLarge { size_bytes: 1_058_791, limit_bytes } if limit_bytes == MAX_DOCUMENT_BYTES),
        "{err:?}"
    );
    assert!(err.to_string().contains("opened again"), "{err}");
    // One system fewer fits, and what is saved opens again.
    let fits = format!(
        r#"{{"version":1,"systems":[{}]}}"#,
        vec![format!(r#"{{"textures":[{textures}]}}"#); 3].join(",")
    );
    let saved = save_scene(&load_scene(&fits).expect("loads"));
    assert!(saved.len() <= MAX_DOCUMENT_BYTES);
    assert_eq!(save_scene(&load_scene(&saved).expect("reopens")), saved);
}

#[test]
fn absurd_numbers_are_refused_with_the_field_path() {
    let (path, message) = field_error(&system_json(r#""maxParticles": 1000000000"#));
    assert_eq!(
        format!("{path}: {message}"),
        "systems[1].maxParticles: 1000000000 is above the limit 100000"
    );
    let cases: &[(&str, &str)] = &[
        (r#""maxParticles": 1e12"#, "systems[1].maxParticles"),
        (r#""maxParticles": -5"#, "systems[1].maxParticles"),
        (r#""ratePerSec": 1e9"#, "systems[1].ratePerSec"),
        (r#""ratePerSec": 1e300"#, "systems[1].ratePerSec"),
        (
            r#""lifetimeSecs": {"min": 0, "max": 1}"#,
            "systems[1].lifetimeSecs.min",
        ),
        (
            r#""lifetimeSecs": {"min": 1, "max": 601}"#,
            "systems[1].lifetimeSecs.max",
        ),
        (r#""durationSecs": 1e6"#, "systems[1].durationSecs"),
        (r#""delaySecs": -1"#, "systems[1].delaySecs"),
        (
            r#""startScale": {"min": -1, "max": 1}"#,
            "systems[1].startScale.min",
        ),
        (r#""flipbook": {"fps": 0}"#, "systems[1].flipbook.fps"),
        (r#""flipbook": {"fps": 500}"#, "systems[1].flipbook.fps"),
        (
            r#""bursts": [{"timeSecs": 0, "count": 1}, {"timeSecs": 1, "count": 10000000}]"#,
            "systems[1].bursts[1].count",
        ),
        (
            r#""alphaCurve": [{"t": 0, "v": 1}, {"t": 2, "v": 0}]"#,
            "systems[1].alphaCurve[1].t",
        ),
        (
            r#""alphaCurve": [{"t": 0, "v": 5}]"#,
            "systems[1].alphaCurve[0].v",
        ),
        (r#""transform": {"x": 1e30}"#, "systems[1].transform.x"),
        (
            r#""emitter": {"kind": "circle", "radius": -3}"#,
            "systems[1].emitter.radius",
        ),
        // An unknown kind names the shape (the message names the kind and the known ones).
        (r#""emitter": {"kind": "spiral"}"#, "systems[1].emitter"),
        (r#""gravity": [0, "down"]"#, "systems[1].gravity[1]"),
        (
            r#""colorGradient": [{"t": 0, "color": "red"}]"#,
            "systems[1].colorGradient[0].color",
        ),
        (
            r#""mode": "loopContinuous", "durationSecs": 0"#,
            "systems[1].durationSecs",
        ),
    ];
    for (fields, expected_path) in cases {
        let (path, message) = field_error(&system_json(fields));
        assert_eq!(&path, expected_path, "{fields}: {message}");
        assert!(!message.is_empty());
    }
    let keys: Vec<String> = (0..65)
        .map(|i| format!(r#"{{"t": {}, "v": 1}}"#, i as f32 / 64.0))
        .collect();
    let (path, _) = field_error(&system_json(&format!(
        r#""scaleCurve": [{}]"#,
        keys.join(",")
    )));
    assert_eq!(path, "systems[1].scaleCurve");
    let (path, _) = field_error(r#"{"export": {"fps": 1000}}"#);
    assert_eq!(path, "export.fps");
}

#[test]
fn a_field_given_twice_is_refused_with_its_object() {
    // Ambiguous (which one did the author mean?): refused, naming the object and the field.
    let (path, message) = field_error(r#"{"version": 1, "systems": [{"name": "a", "name": "b"}]}"#);
    assert_eq!(path, "systems[0]");
    assert!(message.contains("duplicate field `name`"), "{message}");
}

#[test]
fn too_many_or_too_long_things_are_refused() {
    let systems = vec!["{}"; 257].join(",");
    assert_eq!(
        field_error(&format!(r#"{{"systems": [{systems}]}}"#)).0,
        "systems"
    );
    let long = "n".repeat(201);
    assert_eq!(
        field_error(&system_json(&format!(r#""name": "{long}""#))).0,
        "systems[1].name"
    );
    assert_eq!(
        field_error(&system_json(r#""name": "a\u0000b""#)).0,
        "systems[1].name"
    );
}

#[test]
fn hostile_texture_references_are_refused() {
    for bad in [
        "../secret.png",
        "fx/../../x.png",
        "/etc/passwd",
        "data:image/png;base64,AAAA",
        "blob:https://example.com/1",
        "https://example.com/a.png",
        "javascript:alert(1)",
        "C:\\\\images\\\\a.png",
        "a\\\\b.png",
        "builtin:unknown",
        "",
    ] {
        let (path, message) = field_error(&system_json(&format!(
            r#""textures": ["builtin:star", "{bad}"]"#
        )));
        assert_eq!(path, "systems[1].textures[1]", "{bad}: {message}");
    }
    assert_eq!(
        field_error(r#"{"images": [{"path": "../a.png"}]}"#).0,
        "images[0].path"
    );
    let ok = load_scene(&system_json(
        r#""textures": ["fx/fire_01.png", "builtin:smoke"]"#,
    ))
    .expect("relative paths load");
    assert_eq!(ok.systems[1].textures, ["fx/fire_01.png", "builtin:smoke"]);
}

#[test]
fn markup_in_names_is_just_text() {
    let name = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let json = format!(
        r#"{{"systems": [{{"name": {}}}], "animations": [{}]}}"#,
        serde_json::json!(name),
        serde_json::json!(name)
    );
    let scene = load_scene(&json).expect("names are text");
    assert_eq!(scene.systems[0].name, name);
    assert_eq!(scene.animations, [name]);
    assert_eq!(load_scene(&save_scene(&scene)).expect("reloads"), scene);
}

#[test]
fn curve_keys_are_sorted_on_load() {
    let scene = load_scene(&system_json(
        r#""alphaCurve": [{"t": 1, "v": 0}, {"t": 0, "v": 1}]"#,
    ))
    .expect("loads");
    let ts: Vec<f32> = scene.systems[1]
        .alpha_curve
        .keys
        .iter()
        .map(|k| k.t)
        .collect();
    assert_eq!(ts, [0.0, 1.0]);
}

#[test]
fn default_scene_is_valid_and_round_trips() {
    let scene = default_scene();
    assert!(scene.systems.len() >= 2);
    assert!(scene.systems.iter().any(|s| s.blend == BlendMode::Additive));
    assert!(
        scene
            .systems
            .iter()
            .all(|s| s.textures.iter().all(|t| t.starts_with("builtin:")))
    );
    assert_eq!(
        load_scene(&save_scene(&scene)).expect("default scene loads"),
        scene
    );
}

#[test]
fn follow_targets_load_and_bad_ones_name_their_field() {
    let scene = load_scene(&system_json(
        r#""follow": {"skeleton": "hero", "bone": "hand", "offsetX": 4}"#,
    ))
    .expect("loads");
    let f = scene.systems[1].follow.as_ref().expect("follows");
    assert_eq!((f.skeleton.as_str(), f.bone.as_str()), ("hero", "hand"));
    assert_eq!((f.offset_x, f.offset_y), (4.0, 0.0));
    assert!(scene.systems[0].follow.is_none());
    // A system that follows nothing writes no `follow` key (documents stay as they were).
    assert!(!save_scene(&default_scene()).contains("follow"));
    assert_eq!(load_scene(&save_scene(&scene)).expect("round trip"), scene);
    let (path, message) = field_error(&system_json(
        r#""follow": {"skeleton": "hero", "bone": " "}"#,
    ));
    assert_eq!(path, "systems[1].follow.bone");
    assert!(message.contains("bones"), "{message}");
    let (path, _) = field_error(&system_json(
        r#""follow": {"skeleton": "hero", "bone": "b", "offsetY": 1e30}"#,
    ));
    assert_eq!(path, "systems[1].follow.offsetY");
}

#[test]
fn draw_order_defaults_to_newest_on_top_and_is_only_saved_when_changed() {
    // A document written before the field existed: newest on top (the preview's order then), and
    // saving it writes no new field, so saved scenes and share links stay byte for byte.
    let old = r#"{"version": 1, "systems": [{"name": "A"}]}"#;
    let scene = load_scene(old).expect("loads");
    assert_eq!(scene.systems[0].draw_order, DrawOrder::NewestOnTop);
    assert!(!save_scene(&scene).contains("drawOrder"));
    let mut changed = scene.clone();
    changed.systems[0].draw_order = DrawOrder::OldestOnTop;
    let text = save_scene(&changed);
    assert!(text.contains(r#""drawOrder": "oldestOnTop""#), "{text}");
    assert_eq!(load_scene(&text).expect("reloads"), changed);
    let (path, message) = field_error(&system_json(r#""drawOrder": "sideways""#));
    assert_eq!(path, "systems[1].drawOrder");
    assert!(message.contains("sideways"), "{message}");
}

/// Documents that use none of issue 10's modules save exactly as before: no new keys appear.
#[test]
fn documents_without_the_motion_modules_save_without_their_fields() {
    let mut scene = sp_sim::document::default_scene();
    scene.systems[0].align_to_velocity = true;
    let text = sp_sim::document::save_scene(&scene);
    for key in [
        "forces",
        "overLife",
        "rotationMode",
        "substepsPerSec",
        "rateCurve",
        "interp",
        "thicknessPx",
        "intervalSecs",
        "cycles",
    ] {
        assert!(!text.contains(key), "{key} in a saved older document");
    }
    let again = sp_sim::document::load_scene(&text).expect("load");
    assert_eq!(again, scene);
}
