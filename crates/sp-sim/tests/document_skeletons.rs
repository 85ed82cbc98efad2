//! The scene document's `skeletons` list: defaults for older documents, round trip of the
//! fields a reload needs, and validation naming the JSON path; and the skeleton instance a
//! system follows (`follow.instance`).

use sp_sim::Error;
use sp_sim::document::{ExtraInstance, SkeletonObject, load_scene, save_scene};

fn field_error(json: &str) -> (String, String) {
    match load_scene(json) {
        Err(Error::Field { path, issue }) => (path, issue.to_string()),
        other => panic!("expected a field error for {json}, got {other:?}"),
    }
}

fn with_skeletons(items: &str) -> String {
    format!(r#"{{"version": 1, "skeletons": [{items}]}}"#)
}

#[test]
fn an_older_skeleton_entry_gets_playback_defaults() {
    // Written before scale, speed, loop, bakeFps, key and extraInstances existed.
    let scene = load_scene(&with_skeletons(
        r#"{"name": "hero", "path": "spine/hero.skel", "atlas": "spine/hero.atlas", "animation": "run", "skin": "", "transform": {"x": 10, "y": -4}}"#,
    ))
    .expect("loads");
    let k = &scene.skeletons[0];
    assert_eq!(k.name, "hero");
    assert_eq!(k.animation, "run");
    assert_eq!((k.transform.x, k.transform.y), (10.0, -4.0));
    assert_eq!(k.transform.scale_x, 1.0);
    assert!(k.visible, "an entry without `visible` is shown");
    assert_eq!(k.scale, 1.0);
    assert_eq!(k.speed, 1.0);
    assert!(k.looping);
    assert_eq!(k.bake_fps, 30);
    assert_eq!(k.key, "");
    assert!(k.extra_instances.is_empty());
}

#[test]
fn every_skeleton_field_survives_save_and_load() {
    let mut scene = load_scene("{}").expect("loads");
    scene.skeletons.push(SkeletonObject {
        name: "coin".into(),
        path: "fx/coin.skel".into(),
        atlas: "fx/coin.atlas".into(),
        key: "fnv1a64-00ff00ff00ff00ff".into(),
        animation: "spin".into(),
        skin: "gold".into(),
        visible: false,
        scale: 0.5,
        speed: 2.5,
        looping: false,
        bake_fps: 60,
        extra_instances: vec![
            ExtraInstance::at(12.5, -3.0),
            ExtraInstance::at(100.0, 200.0),
        ],
        ..SkeletonObject::default()
    });
    let json = save_scene(&scene);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let k = &value["skeletons"][0];
    assert_eq!(
        k["loop"],
        serde_json::json!(false),
        "loop is written as `loop`"
    );
    assert_eq!(k["bakeFps"], serde_json::json!(60));
    assert_eq!(k["key"], serde_json::json!("fnv1a64-00ff00ff00ff00ff"));
    assert_eq!(
        k["extraInstances"],
        serde_json::json!([[12.5, -3.0], [100.0, 200.0]])
    );
    assert_eq!(load_scene(&json).expect("reloads"), scene);
}

#[test]
fn skeleton_fields_are_validated_with_their_path() {
    let ok = r#"{"name": "a"}"#;
    let cases: [(String, &str, &str); 8] = [
        (
            with_skeletons(&format!(r#"{ok}, {{"name": "a"}}"#)),
            "skeletons[1].name",
            "\"a\" is already the name of skeletons[0]",
        ),
        (
            with_skeletons(r#"{"name": "  "}"#),
            "skeletons[0].name",
            "is empty",
        ),
        (
            with_skeletons(r#"{"name": "a", "scale": 0}"#),
            "skeletons[0].scale",
            "0 must be above 0",
        ),
        (
            with_skeletons(r#"{"name": "a", "scale": -2}"#),
            "skeletons[0].scale",
            "-2 is below the minimum 0",
        ),
        (
            with_skeletons(r#"{"name": "a", "speed": 500}"#),
            "skeletons[0].speed",
            "500 is above the limit 100",
        ),
        (
            with_skeletons(r#"{"name": "a", "bakeFps": 0}"#),
            "skeletons[0].bakeFps",
            "0 is below the minimum 1",
        ),
        (
            with_skeletons(&format!(
                r#"{ok}, {{"name": "b", "extraInstances": [[0, 0], [1, 1e39]]}}"#
            )),
            "skeletons[1].extraInstances[1][1]",
            "is not a finite number (too large for a 32-bit float)",
        ),
        (
            with_skeletons(r#"{"name": "a", "path": "../up/hero.skel"}"#),
            "skeletons[0].path",
            "\"../up/hero.skel\" leaves the scene folder (..)",
        ),
    ];
    for (json, path, message) in cases {
        assert_eq!(
            field_error(&json),
            (path.to_string(), message.to_string()),
            "{json}"
        );
    }
}

#[test]
fn too_many_instances_are_refused() {
    let extra: Vec<String> = (0..256).map(|i| format!("[{i}, 0]")).collect();
    let json = with_skeletons(&format!(
        r#"{{"name": "a", "extraInstances": [{}]}}"#,
        extra.join(",")
    ));
    assert_eq!(
        field_error(&json),
        (
            "skeletons[0].extraInstances".to_string(),
            "257 instances, above the limit 256".to_string()
        )
    );
    let fits: Vec<String> = (0..255).map(|i| format!("[{i}, 0]")).collect();
    let json = with_skeletons(&format!(
        r#"{{"name": "a", "extraInstances": [{}]}}"#,
        fits.join(",")
    ));
    assert_eq!(
        load_scene(&json).expect("255 extra fit").skeletons[0]
            .extra_instances
            .len(),
        255
    );
}

/// A document whose second system has the given fields.
fn follower_json(fields: &str) -> String {
    format!(r#"{{"version": 1, "systems": [{{}}, {{ {fields} }}]}}"#)
}

#[test]
fn the_followed_instance_defaults_to_the_first_and_is_only_saved_when_not_it() {
    // A follow written before instances could be followed: the first instance, and saving it
    // writes no new key (saved scenes, presets and share links stay byte for byte).
    let old = load_scene(&follower_json(
        r#""follow": {"skeleton": "hero", "bone": "hand"}"#,
    ))
    .expect("loads");
    assert_eq!(old.systems[1].follow.as_ref().map(|f| f.instance), Some(0));
    assert!(!save_scene(&old).contains("instance"));
    // An instance the skeleton does not have (yet) loads: the skeleton may be placed later.
    let later = load_scene(&follower_json(
        r#""follow": {"skeleton": "hero", "bone": "hand", "instance": 7}"#,
    ))
    .expect("an instance beyond the skeleton's list is not a document error");
    assert_eq!(
        later.systems[1].follow.as_ref().map(|f| f.instance),
        Some(7)
    );
    let text = save_scene(&later);
    assert!(text.contains(r#""instance": 7"#), "{text}");
    assert_eq!(load_scene(&text).expect("reloads"), later);
    // Beyond the most instances a skeleton can have: refused, naming the field.
    let (path, _) = field_error(&follower_json(
        r#""follow": {"skeleton": "hero", "bone": "b", "instance": 256}"#,
    ));
    assert_eq!(path, "systems[1].follow.instance");
    assert!(
        load_scene(&follower_json(
            r#""follow": {"skeleton": "hero", "bone": "b", "instance": -1}"#
        ))
        .is_err()
    );
}
