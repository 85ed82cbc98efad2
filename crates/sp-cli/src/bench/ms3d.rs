//! `spineparticle bench ms3d`: MS3D parsing against Assimp in the same run, and baked memory.
//!
//! 1. Parse, whole process: per file, `--runs` rounds, each spawning in turn
//!    `spineparticle ms3d info FILE --json` (parse + the info document), `assimp info FILE` (as
//!    Assimp ships it: import with its `TargetRealtime_MaxQuality` post-processing, then the
//!    structure summary and node tree), `assimp info FILE -r` (raw import: no post-processing)
//!    and `true` (the cost of any process start on this machine). Output is read through a pipe
//!    alike for all; wall time per spawn. Printed: medians with min–max, and the ratios of the
//!    medians (Assimp / ours), with the spread of the per-round ratios.
//! 2. Parse, in process: `sp_ms3d::parse` of the file's bytes already in memory (median of
//!    repeated calls) in MB/s, beside Assimp's own in-process figure, the `import took approx.
//!    S seconds` line it prints for each run (file read + import + post-processing when on).
//!
//! Files: the generated rigged characters (`sp_ms3d::writer::rigged`, written to a temporary
//! folder: joints, weights and key frames on every joint, as skinned game models have) and the
//! static fixtures in `tests/fixtures/ms3d` (no joints; for context); `--files` replaces them.
//!
//! 3. Memory: bytes per vertex per frame and per clip, `float32x3` vs quantised `unorm16x4`,
//!    of the rigged character's first clip (or `--model`).
//!
//! Playback (vertex frames vs CPU skinning) is measured in the browser, where the vertex-frame
//! side's upload and draw happen: `tests/e2e/bench-ms3d.mjs`.
//!
//! This file: the arguments, the run and the default files; [`processes`] times the spawned
//! tools, [`tables`] measures in process and prints.

mod processes;
mod tables;

use std::path::{Path, PathBuf};

use sp_ms3d::writer::rigged::{RiggedSpec, rigged_model};
use sp_ms3d::{parse, writer};

use crate::error::{Error, Result, read_file, write_file};
use tables::{memory_table, parse_table};

/// Arguments of `spineparticle bench ms3d`.
#[derive(clap::Args)]
pub struct Args {
    /// Files for the parse comparison (default: the generated rigged characters and the files
    /// in `tests/fixtures/ms3d`).
    #[arg(long, num_args = 1..)]
    files: Vec<PathBuf>,
    /// Rounds per file (each spawns every tool once).
    #[arg(long, default_value_t = 20)]
    runs: u32,
    /// Model for the memory table (default: the rigged character).
    #[arg(long)]
    model: Option<PathBuf>,
    /// Bake rate, frames per second.
    #[arg(long, default_value_t = 30.0)]
    bake_fps: f32,
    /// The `assimp` executable.
    #[arg(long, default_value = "assimp")]
    assimp: PathBuf,
}

/// Runs `spineparticle bench ms3d`.
pub fn run(args: Args) -> Result<()> {
    if args.runs == 0 {
        return Err(Error::Usage("--runs must be at least 1".into()));
    }
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; run `cargo run --release -p sp-cli -- bench ms3d` for real numbers"
        );
    }
    let scratch =
        std::env::temp_dir().join(format!("spineparticle-bench-ms3d-{}", std::process::id()));
    let result = (|| {
        let files = if args.files.is_empty() {
            default_files(&scratch)?
        } else {
            args.files
                .iter()
                .map(|f| (f.clone(), String::new()))
                .collect()
        };
        parse_table(&files, &args)?;
        let model = match &args.model {
            Some(path) => parse(&read_file(path)?)?.model,
            None => rigged_model(RiggedSpec::CHARACTER),
        };
        memory_table(&model, args.bake_fps)
    })();
    // Best effort: the folder holds only the generated models.
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// The generated rigged characters (written into `scratch`) and the fixtures, each with a note.
fn default_files(scratch: &Path) -> Result<Vec<(PathBuf, String)>> {
    std::fs::create_dir_all(scratch).map_err(|source| Error::Io {
        path: scratch.to_owned(),
        source,
    })?;
    let mut files = Vec::new();
    for (name, spec) in [
        ("rigged-character.ms3d", RiggedSpec::CHARACTER),
        ("rigged-detailed.ms3d", RiggedSpec::DETAILED),
    ] {
        let path = scratch.join(name);
        write_file(&path, &writer::write(&rigged_model(spec))?)?;
        files.push((path, "generated".to_owned()));
    }
    let dir = Path::new("tests/fixtures/ms3d");
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("ms3d"))
            })
            .collect();
        found.sort();
        files.extend(found.into_iter().map(|p| (p, "fixture".to_owned())));
    } else {
        eprintln!(
            "note: {} not found (run from the repository root to include the static fixtures)",
            dir.display()
        );
    }
    Ok(files)
}
