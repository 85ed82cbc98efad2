//! Documents with and without colliders and paths: old documents simulate and save unchanged,
//! new ones keep their keys, and bad values are refused with their path.

use sp_sim::document::{CollisionResponse, Scene};
use sp_sim::sim::state_hash;

use crate::common::shower;
use crate::support::lap_path;

#[test]
fn systems_without_colliders_or_paths_are_unchanged() {
    // A scene's hash does not move when colliders that affect no system, or a path nobody
    // follows, are added.
    let base = shower(CollisionResponse::Bounce, 0.0);
    let plain = Scene {
        colliders: Vec::new(),
        ..base.clone()
    };
    let mut elsewhere = base.clone();
    for c in &mut elsewhere.colliders {
        c.systems = vec!["someone else".into()];
    }
    elsewhere.paths = vec![lap_path()];
    assert_eq!(
        state_hash(&plain, 2.0, 30.0),
        state_hash(&elsewhere, 2.0, 30.0)
    );
    let mut ignoring = base.clone();
    ignoring.systems[0].collision.response = CollisionResponse::None;
    assert_eq!(
        state_hash(&plain, 2.0, 30.0),
        state_hash(&ignoring, 2.0, 30.0)
    );
    assert_ne!(state_hash(&plain, 2.0, 30.0), state_hash(&base, 2.0, 30.0));
}

#[test]
fn documents_without_colliders_or_paths_save_without_the_new_keys() {
    for name in ["sparks_burst.json", "rain.json", "fire.json"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../presets")
            .join(name);
        let text = std::fs::read_to_string(path).expect("preset");
        let saved =
            sp_sim::document::save_scene(&sp_sim::document::load_scene(&text).expect("loads"));
        for key in [
            "\"colliders\"",
            "\"paths\"",
            "\"collision\"",
            "\"pathFollow\"",
        ] {
            assert!(!saved.contains(key), "{name}: {key} written");
        }
    }
    // A document with them keeps them.
    let mut s = shower(CollisionResponse::Pause, 1.0);
    s.paths = vec![lap_path()];
    let text = sp_sim::document::save_scene(&s);
    assert_eq!(sp_sim::document::load_scene(&text).expect("loads"), s);
    assert!(text.contains("\"colliders\"") && text.contains("\"collision\""));
}

#[test]
fn bad_colliders_and_paths_are_refused_with_their_path() {
    let load = |json: &str| {
        sp_sim::document::load_scene(json)
            .expect_err("refused")
            .to_string()
    };
    let e = load(
        r#"{"version":1,"colliders":[{"shape":{"kind":"circle","center":[0,0],"radius":-1}}]}"#,
    );
    assert!(e.starts_with("colliders[0].shape.radius:"), "{e}");
    let e = load(r#"{"version":1,"paths":[{"name":"a"},{"name":"a"}]}"#);
    assert!(e.starts_with("paths[1].name:"), "{e}");
    let e = load(r#"{"version":1,"systems":[{"collision":{"restitution":2}}]}"#);
    assert!(e.starts_with("systems[0].collision.restitution:"), "{e}");
    let e = load(r#"{"version":1,"systems":[{"pathFollow":{"speedPxPerSec":-5}}]}"#);
    assert!(e.starts_with("systems[0].pathFollow.speedPxPerSec:"), "{e}");
    let e =
        load(r#"{"version":1,"colliders":[{"shape":{"kind":"polyline","points":[[0,1e30]]}}]}"#);
    assert!(e.starts_with("colliders[0].shape.points[0][1]:"), "{e}");
}
