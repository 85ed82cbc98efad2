//! Loaded skeletons and models are never exported (export spec §2.3): a document with them
//! exports byte for byte what the same document without them does.

use sp_sim::document::{ExtraInstance, InstanceTurn, ModelObject, SkeletonObject, default_scene};
use sp_spine::{ImageSizes, export_scene};

#[test]
fn skeletons_and_models_do_not_change_the_export() {
    let plain = default_scene();
    let mut with_objects = plain.clone();
    with_objects.skeletons.push(SkeletonObject {
        name: "coin".into(),
        path: "spine/coin.skel".into(),
        atlas: "spine/coin.atlas".into(),
        key: "fnv1a64-0011223344556677".into(),
        animation: "animation".into(),
        extra_instances: vec![
            ExtraInstance::at(40.0, 0.0),
            ExtraInstance {
                x: -40.0,
                y: 10.0,
                own: Some(InstanceTurn {
                    rotation_deg: 90.0,
                    scale_x: -2.0,
                    scale_y: 2.0,
                }),
            },
        ],
        ..SkeletonObject::default()
    });
    with_objects.models.push(ModelObject {
        name: "jeep".into(),
        path: "models/jeep.ms3d".into(),
        key: "fnv1a64-8899aabbccddeeff".into(),
        clip: "drive".into(),
        speed: 1.0,
        up_axis: "y".into(),
        visible: true,
        markers: vec![sp_sim::document::ModelMarker {
            clip: "drive".into(),
            name: "honk".into(),
            frame: 3.0,
        }],
        ..ModelObject::default()
    });
    let a = export_scene(&plain, &ImageSizes::default(), &mut |_| true).expect("export");
    let b = export_scene(&with_objects, &ImageSizes::default(), &mut |_| true).expect("export");
    assert!(a.json.len() > 1000, "the default scene exports something");
    assert_eq!(a.json, b.json, "the export ignores skeletons and models");
}

/// Documents written before models were scene objects (no `models` key: every preset and golden
/// scene) load with no model, save with the same empty `models` list as before, and export
/// exactly what the same document with an explicit empty list does (the golden and preset hash
/// tests pin those exports themselves).
#[test]
fn documents_without_models_load_save_and_export_unchanged() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["presets", "tests/golden/scenes"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("dir") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(
            !text.contains("\"models\""),
            "{path:?} predates model objects"
        );
        let scene = sp_sim::document::load_scene(&text).expect("load");
        assert!(scene.models.is_empty());
        let saved = sp_sim::document::save_scene(&scene);
        assert!(
            saved.contains("\"models\": []"),
            "{path:?}: saved as before"
        );
        let explicit = text.replacen('{', "{\"models\": [],", 1);
        let again = sp_sim::document::load_scene(&explicit).expect("load");
        assert_eq!(scene, again, "{path:?}");
        assert_eq!(saved, sp_sim::document::save_scene(&again), "{path:?}");
        let resaved = sp_sim::document::load_scene(&saved).expect("reload");
        assert_eq!(
            sp_sim::document::save_scene(&resaved),
            saved,
            "{path:?}: save is a fixpoint"
        );
        let a = export_scene(&scene, &ImageSizes::default(), &mut |_| true).expect("export");
        let b = export_scene(&again, &ImageSizes::default(), &mut |_| true).expect("export");
        assert_eq!(a.json, b.json, "{path:?}");
    }
}
