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

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use sp_ms3d::writer::rigged::{RiggedSpec, rigged_model};
use sp_ms3d::{BakeOptions, Model, Rig, bake_clip, model_clips, parse, writer};

use super::stats::{Spread, spread};
use crate::error::{Error, Result, read_file, write_file};

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

/// One spawn of `program args`: wall seconds and stdout; `None` when it cannot be started or
/// exits non-zero.
fn spawn(program: &Path, args: &[&std::ffi::OsStr]) -> Option<(f64, String)> {
    let start = Instant::now();
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let secs = start.elapsed().as_secs_f64();
    out.status
        .success()
        .then(|| (secs, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// Assimp's own import time from `assimp info` output (`import took approx. 0.00176 seconds`).
fn assimp_import_secs(stdout: &str) -> Option<f64> {
    let rest = stdout.split("import took approx.").nth(1)?;
    rest.split_whitespace().next()?.parse().ok()
}

fn ms(s: &Spread) -> String {
    format!(
        "{:.2} ({:.2}–{:.2})",
        s.median * 1e3,
        s.min * 1e3,
        s.max * 1e3
    )
}

/// What one file measured (seconds).
struct FileTimes {
    ours: Vec<f64>,
    assimp: Vec<f64>,
    raw: Vec<f64>,
    floor: Vec<f64>,
    assimp_import: Vec<f64>,
    raw_import: Vec<f64>,
}

fn time_file(exe: &Path, file: &Path, args: &Args) -> Result<Option<FileTimes>> {
    let ours_args = [
        "ms3d".as_ref(),
        "info".as_ref(),
        file.as_os_str(),
        "--json".as_ref(),
    ];
    let assimp_args = ["info".as_ref(), file.as_os_str()];
    let raw_args = ["info".as_ref(), file.as_os_str(), "-r".as_ref()];
    let mut t = FileTimes {
        ours: Vec::new(),
        assimp: Vec::new(),
        raw: Vec::new(),
        floor: Vec::new(),
        assimp_import: Vec::new(),
        raw_import: Vec::new(),
    };
    for round in 0..args.runs {
        // Alternate which tool goes first, so neither always follows the other's cache effects.
        let order: [usize; 4] = if round % 2 == 0 {
            [0, 1, 2, 3]
        } else {
            [2, 1, 0, 3]
        };
        for which in order {
            match which {
                0 => {
                    let (s, _) = spawn(exe, &ours_args).ok_or_else(|| {
                        Error::Usage(format!(
                            "`{} ms3d info {}` failed",
                            exe.display(),
                            file.display()
                        ))
                    })?;
                    t.ours.push(s);
                }
                1 | 2 => {
                    let a: &[&std::ffi::OsStr] = if which == 1 { &assimp_args } else { &raw_args };
                    let Some((s, out)) = spawn(&args.assimp, a) else {
                        return Ok(None);
                    };
                    let import = assimp_import_secs(&out);
                    if which == 1 {
                        t.assimp.push(s);
                        t.assimp_import.extend(import);
                    } else {
                        t.raw.push(s);
                        t.raw_import.extend(import);
                    }
                }
                _ => {
                    if let Some((s, _)) = spawn(Path::new("true"), &[]) {
                        t.floor.push(s);
                    }
                }
            }
        }
    }
    Ok(Some(t))
}

/// Median of the per-round ratios `a[i] / b[i]`, with their min and max.
fn ratio_spread(a: &[f64], b: &[f64]) -> Spread {
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y.max(1e-12)).collect();
    spread(&ratios)
}

fn parse_table(files: &[(PathBuf, String)], args: &Args) -> Result<()> {
    let exe = std::env::current_exe().map_err(|source| Error::Io {
        path: PathBuf::from("<current exe>"),
        source,
    })?;
    println!(
        "MS3D parse: {} rounds per file, each spawning ours, `assimp info` (post-processing on), `assimp info -r` (raw) and `true`, order alternating",
        args.runs
    );
    println!(
        "whole process, ms: median (min–max); ratios: Assimp / ours, median of rounds (min–max)"
    );
    println!(
        "{:<34} {:>9} {:>6} {:>7} {:>20} {:>20} {:>20} {:>20} {:>20} {:>20}",
        "file",
        "bytes",
        "joints",
        "keys",
        "spineparticle",
        "assimp info",
        "assimp info -r",
        "process floor",
        "ratio (pp on)",
        "ratio (raw)"
    );
    let mut in_process = Vec::new();
    for (file, note) in files {
        let bytes = read_file(file)?;
        let parsed = parse(&bytes)?;
        let keys: usize = parsed
            .model
            .joints
            .iter()
            .map(|j| j.rotation_keys.len() + j.position_keys.len())
            .sum();
        // In-process parse: repeat for at least ~0.2 s and 20 calls, median per call.
        let mut calls = Vec::new();
        let begin = Instant::now();
        while calls.len() < 20 || (begin.elapsed().as_secs_f64() < 0.2 && calls.len() < 5000) {
            let start = Instant::now();
            black_box(parse(black_box(&bytes))?);
            calls.push(start.elapsed().as_secs_f64());
        }
        let parse_s = spread(&calls);
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let label = if note.is_empty() {
            name.clone()
        } else {
            format!("{name} ({note})")
        };
        let Some(t) = time_file(&exe, file, args)? else {
            println!(
                "{label:<34} {:>9}  `{} info` failed or is missing (scripts/setup.sh --bench installs assimp-utils)",
                bytes.len(),
                args.assimp.display()
            );
            continue;
        };
        let (ours, assimp, raw, floor) = (
            spread(&t.ours),
            spread(&t.assimp),
            spread(&t.raw),
            spread(&t.floor),
        );
        let (pp, rr) = (
            ratio_spread(&t.assimp, &t.ours),
            ratio_spread(&t.raw, &t.ours),
        );
        println!(
            "{label:<34} {:>9} {:>6} {:>7} {:>20} {:>20} {:>20} {:>20} {:>20} {:>20}",
            bytes.len(),
            parsed.model.joints.len(),
            keys,
            ms(&ours),
            ms(&assimp),
            ms(&raw),
            ms(&floor),
            format!("{:.1}× ({:.1}–{:.1})", pp.median, pp.min, pp.max),
            format!("{:.1}× ({:.1}–{:.1})", rr.median, rr.min, rr.max),
        );
        in_process.push((
            label,
            bytes.len(),
            parse_s,
            calls.len(),
            spread(&t.assimp_import),
            spread(&t.raw_import),
        ));
    }
    println!();
    println!(
        "MS3D parse in process: ours = sp_ms3d::parse of bytes in memory (median of N calls); Assimp = its own `import took approx.` line per run (file read + import [+ post-processing]), median (min–max)"
    );
    println!(
        "{:<34} {:>9} {:>24} {:>10} {:>24} {:>10} {:>24} {:>10}",
        "file", "bytes", "ours ms", "MB/s", "assimp ms (pp on)", "MB/s", "assimp ms (raw)", "MB/s"
    );
    let mbps = |bytes: usize, secs: f64| bytes as f64 / 1e6 / secs.max(1e-12);
    for (label, bytes, ours, calls, imp, raw) in in_process {
        let cell = |s: &Spread| {
            if s.count == 0 {
                ("n/a".to_owned(), "n/a".to_owned())
            } else {
                (ms(s), format!("{:.0}", mbps(bytes, s.median)))
            }
        };
        let (imp_ms, imp_mbps) = cell(&imp);
        let (raw_ms, raw_mbps) = cell(&raw);
        println!(
            "{label:<34} {bytes:>9} {:>24} {:>10.0} {imp_ms:>24} {imp_mbps:>10} {raw_ms:>24} {raw_mbps:>10}",
            format!("{} ×{calls}", ms(&ours)),
            mbps(bytes, ours.median)
        );
    }
    println!();
    Ok(())
}

fn memory_table(model: &Model, bake_fps: f32) -> Result<()> {
    let rig = Rig::new(model)?;
    let clips = model_clips(model, rig.last_key_frame());
    let Some(clip) = clips.first() else {
        return Ok(());
    };
    println!(
        "Baked memory, clip \"{}\" at {bake_fps} fps ({} model vertices, {} joints)",
        clip.name,
        rig.vertex_count(),
        rig.joint_count()
    );
    println!(
        "{:<22} {:>10} {:>8} {:>16} {:>12} {:>12}",
        "format", "vertices", "frames", "B/vertex/frame", "KiB/frame", "KiB total"
    );
    for (label, quantize, normals) in [
        ("float32x3", false, false),
        ("unorm16x4", true, false),
        ("float32x3 + normals", false, true),
        ("unorm16x4 + normals", true, true),
    ] {
        let baked = bake_clip(
            model,
            &rig,
            clip,
            &BakeOptions {
                fps: bake_fps,
                quantize,
                normals,
                ..Default::default()
            },
        )?;
        println!(
            "{label:<22} {:>10} {:>8} {:>16} {:>12.1} {:>12.1}",
            baked.vertex_count(),
            baked.frame_count(),
            baked.bytes_per_vertex_per_frame(),
            baked.bytes_per_frame() as f64 / 1024.0,
            baked.total_bytes() as f64 / 1024.0
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_assimps_own_import_time() {
        let out = "Importing file ...                   OK \n   import took approx. 0.00176 seconds\n\nMemory consumption: 750140 B\n";
        assert_eq!(assimp_import_secs(out), Some(0.00176));
        assert_eq!(assimp_import_secs("Nodes: 1\n"), None);
    }

    #[test]
    fn ratios_are_per_round() {
        let r = ratio_spread(&[4.0, 9.0, 6.0], &[2.0, 3.0, 1.0]);
        assert_eq!((r.median, r.min, r.max, r.count), (3.0, 2.0, 6.0, 3));
    }
}
