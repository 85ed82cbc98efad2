//! A skeleton's extra instances in their two forms, `[x, y]` (the transform's rotation and
//! scale) and `[x, y, rotationDeg, scaleX, scaleY]` (their own): older documents save byte for
//! byte as they were written, each form reads back as itself, and a bad entry is refused naming
//! its path.

use sp_sim::Error;
use sp_sim::document::{ExtraInstance, InstanceTurn, Transform2D, load_scene, save_scene};

fn field_error(json: &str) -> (String, String) {
    match load_scene(json) {
        Err(Error::Field { path, issue }) => (path, issue.to_string()),
        other => panic!("expected a field error for {json}, got {other:?}"),
    }
}

/// A document with one skeleton whose `extraInstances` is `extra` (JSON text).
fn with_extra(extra: &str) -> String {
    format!(r#"{{"version": 1, "skeletons": [{{"name": "a", "extraInstances": [{extra}]}}]}}"#)
}

#[test]
fn a_document_of_pairs_saves_byte_for_byte_as_before() {
    // Saved by the editor before instances could have their own rotation and scale.
    let before = save_scene(&load_scene(&with_extra("[12.5, -3], [100, 200.25]")).expect("loads"));
    let scene = load_scene(&before).expect("reloads");
    assert_eq!(
        scene.skeletons[0].extra_instances,
        vec![
            ExtraInstance::at(12.5, -3.0),
            ExtraInstance::at(100.0, 200.25)
        ]
    );
    assert_eq!(save_scene(&scene), before, "a pair stays a pair");
    // The list is written with the bytes of the `Vec<[f32; 2]>` it was before (pretty, as
    // documents are saved, and compact).
    let pairs: Vec<[f32; 2]> = vec![[12.5, -3.0], [100.0, 200.25]];
    let list = &scene.skeletons[0].extra_instances;
    assert_eq!(
        serde_json::to_string_pretty(list).expect("JSON"),
        serde_json::to_string_pretty(&pairs).expect("JSON")
    );
    assert_eq!(
        serde_json::to_string(list).expect("JSON"),
        serde_json::to_string(&pairs).expect("JSON")
    );
}

#[test]
fn an_instance_with_its_own_rotation_and_scale_round_trips() {
    let scene = load_scene(&with_extra("[10, 20], [30, 40, 90, -2, 2]")).expect("loads");
    let own = ExtraInstance {
        x: 30.0,
        y: 40.0,
        own: Some(InstanceTurn {
            rotation_deg: 90.0,
            scale_x: -2.0,
            scale_y: 2.0,
        }),
    };
    assert_eq!(
        scene.skeletons[0].extra_instances,
        vec![ExtraInstance::at(10.0, 20.0), own]
    );
    let text = save_scene(&scene);
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        value["skeletons"][0]["extraInstances"],
        serde_json::json!([[10.0, 20.0], [30.0, 40.0, 90.0, -2.0, 2.0]])
    );
    assert_eq!(load_scene(&text).expect("reloads"), scene);
    assert_eq!(save_scene(&load_scene(&text).expect("reloads")), text);
}

#[test]
fn an_instance_is_placed_by_its_own_rotation_and_scale_or_else_the_transform() {
    let transform = Transform2D {
        x: 1.0,
        y: 2.0,
        rotation_deg: 45.0,
        scale_x: -1.5,
        scale_y: 1.5,
    };
    let shared = ExtraInstance::at(5.0, 6.0).placement(&transform);
    assert_eq!(
        (
            shared.x,
            shared.y,
            shared.rotation_deg,
            shared.scale_x,
            shared.scale_y
        ),
        (5.0, 6.0, 45.0, -1.5, 1.5)
    );
    let own = ExtraInstance {
        own: Some(InstanceTurn {
            rotation_deg: 90.0,
            scale_x: 2.0,
            scale_y: 3.0,
        }),
        ..ExtraInstance::at(5.0, 6.0)
    }
    .placement(&transform);
    assert_eq!(
        (own.x, own.y, own.rotation_deg, own.scale_x, own.scale_y),
        (5.0, 6.0, 90.0, 2.0, 3.0)
    );
}

#[test]
fn a_bad_entry_is_refused_naming_its_path() {
    let expected = "[x, y] or [x, y, rotationDeg, scaleX, scaleY]";
    let cases: Vec<(String, &str, String)> = vec![
        (
            with_extra("[0, 0], [1, 2, 3]"),
            "skeletons[0].extraInstances[1]",
            format!("invalid length 3, expected {expected}"),
        ),
        (
            with_extra("[1]"),
            "skeletons[0].extraInstances[0]",
            format!("invalid length 1, expected {expected}"),
        ),
        (
            with_extra("[1, 2, 3, 4, 5, 6]"),
            "skeletons[0].extraInstances[0]",
            format!("invalid length 6, expected {expected}"),
        ),
        (
            with_extra(r#"{"x": 1, "y": 2}"#),
            "skeletons[0].extraInstances[0]",
            format!("invalid type: map, expected {expected}"),
        ),
        (
            with_extra(r#"[1, "up"]"#),
            "skeletons[0].extraInstances[0][1]",
            "invalid type: string \"up\", expected f32".into(),
        ),
        (
            with_extra("[0, 0], [0, 0, 2e6, 1, 1]"),
            "skeletons[0].extraInstances[1][2]",
            "2000000 is above the limit 1000000".into(),
        ),
        (
            with_extra("[0, 0, 0, 0, 1]"),
            "skeletons[0].extraInstances[0][3]",
            "a scale must not be 0".into(),
        ),
        (
            with_extra("[0, 0, 0, -1, 0]"),
            "skeletons[0].extraInstances[0][4]",
            "a scale must not be 0".into(),
        ),
        (
            with_extra("[0, 0, 0, -1e9, 1]"),
            "skeletons[0].extraInstances[0][3]",
            "-1000000000 is below the minimum -1000".into(),
        ),
        (
            with_extra("[0, 1e39]"),
            "skeletons[0].extraInstances[0][1]",
            "is not a finite number (too large for a 32-bit float)".into(),
        ),
    ];
    for (json, path, message) in cases {
        assert_eq!(field_error(&json), (path.to_string(), message), "{json}");
    }
    // A mirrored or upside-down instance is a placement, not an error.
    let scene = load_scene(&with_extra("[0, 0, -30, -1, -0.5]")).expect("negative scales load");
    assert!(scene.skeletons[0].extra_instances[0].own.is_some());
}
