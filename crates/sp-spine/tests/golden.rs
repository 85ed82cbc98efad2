//! Golden exports: every scene in tests/golden/scenes exports to exactly the bytes in
//! tests/golden/expected (`UPDATE_GOLDEN=1` rewrites them), twice in a row (determinism), and
//! the bytes pass the JSON validator.

use std::path::PathBuf;

use sp_sim::document::load_scene;
use sp_spine::{ImageSizes, export_scene};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

#[test]
fn golden_exports_match() {
    let dir = golden_dir();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut names: Vec<_> = std::fs::read_dir(dir.join("scenes"))
        .expect("tests/golden/scenes")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "golden scenes: {names:?}");
    for name in names {
        let text = std::fs::read_to_string(dir.join("scenes").join(&name)).expect("scene");
        let scene = load_scene(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = export_scene(&scene, &ImageSizes::default(), &mut |_| true)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let again =
            export_scene(&scene, &ImageSizes::default(), &mut |_| true).expect("second export");
        assert_eq!(out.json, again.json, "{name}: not deterministic");
        // The exporter checks its skeleton on its types; the text it wrote passes the JSON
        // validator too.
        sp_spine::validate::validate_str(&out.json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected_path = dir
            .join("expected")
            .join(name.replace(".json", ".spine.json"));
        if update {
            std::fs::write(&expected_path, &out.json).expect("write golden");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with UPDATE_GOLDEN=1)",
                expected_path.display()
            )
        });
        assert!(
            out.json == expected,
            "{name}: export differs from {} (UPDATE_GOLDEN=1 to accept)",
            expected_path.display()
        );
    }
}
