//! The tables `bench ms3d` prints: parse times (whole process against Assimp, and in process)
//! and the baked memory of one clip per frame format.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use sp_ms3d::{BakeOptions, Model, Rig, bake_clip, model_clips, parse};

use super::Args;
use super::processes::{ratio_spread, time_file};
use crate::bench::stats::{Spread, spread};
use crate::error::{Error, Result, read_file};

/// Milliseconds: median (min–max).
fn ms(s: &Spread) -> String {
    format!(
        "{:.2} ({:.2}–{:.2})",
        s.median * 1e3,
        s.min * 1e3,
        s.max * 1e3
    )
}

/// Prints the parse tables of `files`: whole process against Assimp, then in process.
pub(super) fn parse_table(files: &[(PathBuf, String)], args: &Args) -> Result<()> {
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

/// Prints the baked memory of the first clip of `model` in every frame format.
pub(super) fn memory_table(model: &Model, bake_fps: f32) -> Result<()> {
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
