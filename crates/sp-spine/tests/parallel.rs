//! An export on the thread pool (`ExportOptions::parallel`, the native CLI's default) is the
//! same file as on one thread (the wasm module's only way): every preset and golden scene and
//! the peer-tool medium scene, in linear and in Bézier mode, byte for byte, with the same
//! report. Compiled with the crate's `parallel` feature, which `cargo test --workspace` turns
//! on (the CLI asks for it); without it there is no pool to compare with.
#![cfg(feature = "parallel")]

use std::path::{Path, PathBuf};

use sp_sim::document::{CurveKind, load_scene};
use sp_sim::sim::FollowTracks;
use sp_spine::{ExportOptions, ImageSizes, export_scene_with};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scenes_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn the_thread_pool_writes_the_same_bytes_as_one_thread() {
    let root = root();
    let mut paths = scenes_in(&root.join("presets"));
    paths.extend(scenes_in(&root.join("tests/golden/scenes")));
    paths.push(root.join("tests/golden/bench_medium.json"));
    assert!(paths.len() >= 25, "{} scenes", paths.len());
    // The pool must have more than one thread for the comparison to mean anything.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .expect("a pool of 3 threads");
    let mut compared = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("scene");
        let mut scene = load_scene(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for kind in [CurveKind::Linear, CurveKind::Bezier] {
            scene.export.curve = kind;
            let export = |parallel| {
                let options = ExportOptions {
                    parallel,
                    ..ExportOptions::default()
                };
                export_scene_with(
                    &scene,
                    &ImageSizes::default(),
                    &FollowTracks::new(),
                    options,
                    &mut |_| true,
                )
                .unwrap_or_else(|e| panic!("{} {kind:?}: {e}", path.display()))
            };
            let one = export(false);
            let many = pool.install(|| export(true));
            assert!(
                one.json == many.json,
                "{} {kind:?}: {} bytes on one thread, {} on the pool",
                path.display(),
                one.json.len(),
                many.json.len()
            );
            assert_eq!(
                format!("{:?}", one.report),
                format!("{:?}", many.report),
                "{} {kind:?}",
                path.display()
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 2 * paths.len());
}
