//! Replays every committed fuzz input through its target (stable Rust, no fuzzing): the
//! minimised corpora in `fuzz/corpus/<target>/` and the crash inputs in
//! `fuzz/regressions/<target>/` (each also has its own named test in `regressions.rs`).

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted by name (empty when the directory does not exist).
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn replay(target: &str, body: fn(&[u8])) -> usize {
    let mut count = 0;
    for kind in ["corpus", "regressions"] {
        for path in inputs(&fuzz_dir().join(kind).join(target)) {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let run = std::panic::catch_unwind(|| body(&bytes));
            assert!(run.is_ok(), "{target}: {} fails", path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn every_committed_input_replays() {
    for (target, body) in sp_fuzz::TARGETS {
        let n = replay(target, body);
        eprintln!("{target}: {n} inputs replayed");
        assert!(
            n >= 5,
            "{target}: only {n} committed inputs (corpus missing?)"
        );
    }
}
