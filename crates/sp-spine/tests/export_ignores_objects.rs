//! Loaded skeletons and models are never exported (export spec §2.3): a document with them
//! exports byte for byte what the same document without them does.

use sp_sim::document::{ModelObject, SkeletonObject, default_scene};
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
        extra_instances: vec![[40.0, 0.0]],
        ..SkeletonObject::default()
    });
    with_objects.models.push(ModelObject {
        name: "jeep".into(),
        path: "models/jeep.ms3d".into(),
        clip: "drive".into(),
        speed: 1.0,
        up_axis: "y".into(),
        visible: true,
        ..ModelObject::default()
    });
    let a = export_scene(&plain, &ImageSizes::default(), &mut |_| true).expect("export");
    let b = export_scene(&with_objects, &ImageSizes::default(), &mut |_| true).expect("export");
    assert!(a.json.len() > 1000, "the default scene exports something");
    assert_eq!(a.json, b.json, "the export ignores skeletons and models");
}
