//! Old documents keep exporting byte for byte: every preset in `presets/` that existed before the
//! motion modules (issue 10), exported in linear and in Bézier mode, hashes (FNV-1a 64 of the
//! JSON bytes) to the value recorded in `tests/golden/preset_export_hashes.txt` by the build
//! before that change. `UPDATE_GOLDEN=1` rewrites the file (only when a change is meant to move
//! old exports: say why in the commit).

use std::path::PathBuf;

use sp_sim::document::{CurveKind, load_scene};
use sp_sim::sim::Fnv64;
use sp_spine::{ImageSizes, export_scene};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn hash_line(name: &str, mode: &str, json: &str) -> String {
    let mut h = Fnv64::default();
    h.write(json.as_bytes());
    format!("{name} {mode} {:016x} {}", h.finish(), json.len())
}

#[test]
fn pinned_presets_export_exactly_as_before() {
    let root = root();
    let pinned_path = root.join("tests/golden/preset_export_hashes.txt");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let pinned = std::fs::read_to_string(&pinned_path).unwrap_or_default();
    let names: Vec<String> = if update {
        let mut n: Vec<String> = std::fs::read_dir(root.join("presets"))
            .expect("presets/")
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .filter(|n| n.ends_with(".json"))
            .collect();
        n.sort();
        n
    } else {
        let mut n: Vec<String> = pinned
            .lines()
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .collect();
        n.dedup();
        n
    };
    assert!(update || names.len() >= 8, "pinned presets: {names:?}");
    let mut lines = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(root.join("presets").join(name)).expect("preset");
        let mut scene = load_scene(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (mode, kind) in [("linear", CurveKind::Linear), ("bezier", CurveKind::Bezier)] {
            scene.export.curve = kind;
            let out = export_scene(&scene, &ImageSizes::default(), &mut |_| true)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            sp_spine::validate::validate_str(&out.json)
                .unwrap_or_else(|e| panic!("{name} {mode}: {e}"));
            lines.push(hash_line(name, mode, &out.json));
        }
    }
    let text = lines.join("\n") + "\n";
    if update {
        std::fs::write(&pinned_path, text).expect("write pinned hashes");
        return;
    }
    assert_eq!(text, pinned, "an old preset's export changed");
}
