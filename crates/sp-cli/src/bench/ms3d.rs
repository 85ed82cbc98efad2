//! `spineparticle bench ms3d`: three measurements, each against its alternative in the same run.
//!
//! 1. Parse: whole processes, `spineparticle ms3d info FILE --json` vs `assimp info FILE`
//!    (Debian `assimp-utils`), `--runs` spawns each, alternating, output discarded; mean wall
//!    time and the ratio (the headline number). For context it also prints the in-process parse
//!    time, the cost of spawning an empty process (`true`) in the same run, and the ratio of the
//!    times above that floor (the work each tool adds to a bare process start).
//! 2. Playback CPU per displayed frame for 1, 50 and 200 instances of one animated model, each
//!    with its own time and speed: vertex-frame playback (per instance: pick frames i, i+1 and
//!    the blend, write the draw's uniform — all the CPU does when the GPU blends baked buffers)
//!    vs CPU skinning of every vertex of every instance. Model: `--model FILE` or the synthetic
//!    strip (`--segments` × `--rows` quads on a 3-joint chain).
//! 3. Memory: bytes per vertex per frame and per clip, `float32x3` vs quantised `unorm16x4`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use sp_ms3d::{BakeOptions, Interp, Model, Rig, bake_clip, model_clips, parse, writer};
use sp_sim::time::{Playback, wrap_secs};

use crate::error::{Error, Result, read_file};

/// Arguments of `spineparticle bench ms3d`.
#[derive(clap::Args)]
pub struct Args {
    /// Files for the parse comparison (default: `*.ms3d` in `tests/fixtures/ms3d`).
    #[arg(long, num_args = 1..)]
    files: Vec<PathBuf>,
    /// Process spawns per file and tool.
    #[arg(long, default_value_t = 20)]
    runs: u32,
    /// Animated model for the playback comparison (default: the synthetic strip).
    #[arg(long)]
    model: Option<PathBuf>,
    /// Quads along the synthetic strip.
    #[arg(long, default_value_t = 300)]
    segments: u16,
    /// Quads across the synthetic strip.
    #[arg(long, default_value_t = 6)]
    rows: u16,
    /// Displayed frames timed per instance count.
    #[arg(long, default_value_t = 120)]
    frames: u32,
    /// Bake rate, frames per second.
    #[arg(long, default_value_t = 30.0)]
    bake_fps: f32,
    /// The `assimp` executable.
    #[arg(long, default_value = "assimp")]
    assimp: PathBuf,
}

/// Runs `spineparticle bench ms3d`.
pub fn run(args: Args) -> Result<()> {
    if args.runs == 0 || args.frames == 0 {
        return Err(Error::Usage(
            "--runs and --frames must be at least 1".into(),
        ));
    }
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; run `cargo run --release -p sp-cli -- bench ms3d` for real numbers"
        );
    }
    let files = if args.files.is_empty() {
        default_files()?
    } else {
        args.files.clone()
    };
    parse_table(&files, &args)?;
    let model = match &args.model {
        Some(path) => parse(&read_file(path)?)?.model,
        None => writer::synth::synth_model(args.segments, args.rows),
    };
    playback_table(&model, &args)?;
    memory_table(&model, args.bake_fps)
}

fn default_files() -> Result<Vec<PathBuf>> {
    for dir in ["tests/fixtures/ms3d"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("ms3d"))
            })
            .collect();
        files.sort();
        if !files.is_empty() {
            return Ok(files);
        }
    }
    Err(Error::Usage(
        "no fixtures found in tests/fixtures/ms3d; pass --files".into(),
    ))
}

/// Mean wall seconds of spawning `program args` (stdout and stderr discarded); `None` when it
/// cannot be started or exits non-zero.
fn spawn_secs(program: &Path, args: &[&std::ffi::OsStr]) -> Option<f64> {
    let start = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    let secs = start.elapsed().as_secs_f64();
    status.success().then_some(secs)
}

fn parse_table(files: &[PathBuf], args: &Args) -> Result<()> {
    let exe = std::env::current_exe().map_err(|source| Error::Io {
        path: PathBuf::from("<current exe>"),
        source,
    })?;
    println!(
        "Parse, whole process, mean of {} runs each (lower is better)",
        args.runs
    );
    println!(
        "{:<14} {:>8} {:>10} {:>9} {:>15} {:>10} {:>8} {:>14}",
        "file",
        "bytes",
        "parse ms",
        "floor ms",
        "spineparticle",
        "assimp ms",
        "ratio",
        "above floor"
    );
    for file in files {
        let bytes = read_file(file)?;
        let parse_runs = 50;
        let start = Instant::now();
        for _ in 0..parse_runs {
            black_box(parse(black_box(&bytes))?);
        }
        let in_process_ms = start.elapsed().as_secs_f64() * 1e3 / f64::from(parse_runs);
        let ours_args = [
            "ms3d".as_ref(),
            "info".as_ref(),
            file.as_os_str(),
            "--json".as_ref(),
        ];
        let theirs_args = ["info".as_ref(), file.as_os_str()];
        let (mut ours, mut theirs, mut floor) = (0.0, Some(0.0), Some(0.0));
        for _ in 0..args.runs {
            ours += spawn_secs(&exe, &ours_args).ok_or_else(|| {
                Error::Usage(format!(
                    "`{} ms3d info {}` failed",
                    exe.display(),
                    file.display()
                ))
            })?;
            theirs = theirs.and_then(|t| spawn_secs(&args.assimp, &theirs_args).map(|s| t + s));
            floor = floor.and_then(|t| spawn_secs(Path::new("true"), &[]).map(|s| t + s));
        }
        let n = f64::from(args.runs);
        let ms = |secs: f64| secs * 1e3 / n;
        let ours_ms = ms(ours);
        let floor_ms = floor.map_or(0.0, ms);
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let (theirs_col, ratio_col, net_col) = match theirs.map(ms) {
            Some(t) => (
                format!("{t:.2}"),
                format!("{:.1}x", t / ours_ms),
                format!("{:.1}x", (t - floor_ms) / (ours_ms - floor_ms).max(1e-3)),
            ),
            None => ("failed".into(), "-".into(), "-".into()),
        };
        println!(
            "{name:<14} {:>8} {in_process_ms:>10.3} {floor_ms:>9.2} {ours_ms:>12.2} ms {theirs_col:>10} {ratio_col:>8} {net_col:>14}",
            bytes.len()
        );
    }
    println!();
    Ok(())
}

/// Per-instance playback state: clip-local time and speed.
struct Instance {
    time_secs: f32,
    speed: f32,
}

fn instances(n: usize) -> Vec<Instance> {
    // Deterministic spread of phases and speeds (0.5×–1.5×).
    (0..n)
        .map(|i| Instance {
            time_secs: i as f32 * 0.037,
            speed: 0.5 + (i % 11) as f32 / 10.0,
        })
        .collect()
}

fn playback_table(model: &Model, args: &Args) -> Result<()> {
    let rig = Rig::new(model)?;
    let clips = model_clips(model, rig.last_key_frame());
    let clip = clips
        .first()
        .ok_or_else(|| Error::Usage("the model has no clip".into()))?;
    let baked = bake_clip(
        model,
        &rig,
        clip,
        &BakeOptions {
            fps: args.bake_fps,
            quantize: true,
            ..Default::default()
        },
    )?;
    let dt = 1.0 / 60.0;
    println!(
        "Playback CPU per displayed frame: clip \"{}\" ({} frames baked at {} fps), {} model vertices, {} joints, {} frames timed",
        clip.name,
        baked.frame_count(),
        args.bake_fps,
        rig.vertex_count(),
        rig.joint_count(),
        args.frames
    );
    println!(
        "{:>9} {:>18} {:>18} {:>10}",
        "instances", "vertex frames µs", "CPU skinning µs", "ratio"
    );
    for n in [1usize, 50, 200] {
        // Vertex frames: choose i, i+1 and the blend, and write each draw's uniform.
        let mut state = instances(n);
        let mut uniforms = vec![[0u32; 3]; n];
        let (clock, frames) = (baked.timebase(), baked.frame_count() as u32);
        let duration = f64::from(baked.duration_secs);
        let start = Instant::now();
        for _ in 0..args.frames {
            for (inst, u) in state.iter_mut().zip(uniforms.iter_mut()) {
                inst.time_secs += dt * inst.speed;
                let t = wrap_secs(f64::from(inst.time_secs), duration);
                let pair = clock.frame_pair(t, frames, Playback::Clamp);
                *u = [pair.a, pair.b, pair.blend.to_bits()];
            }
            black_box(&mut uniforms);
        }
        let vbo_us = start.elapsed().as_secs_f64() * 1e6 / f64::from(args.frames);

        // CPU skinning: pose the skeleton and skin every vertex of every instance.
        let mut state = instances(n);
        let mut buffers = vec![vec![[0f32; 3]; rig.vertex_count()]; n];
        let mut scratch = Vec::new();
        let start = Instant::now();
        for _ in 0..args.frames {
            for (inst, buf) in state.iter_mut().zip(buffers.iter_mut()) {
                inst.time_secs += dt * inst.speed;
                let frame = clip.frame_at(inst.time_secs, true);
                rig.skin_into(frame, Interp::Hermite, &mut scratch, buf)?;
            }
            black_box(&mut buffers);
        }
        let skin_us = start.elapsed().as_secs_f64() * 1e6 / f64::from(args.frames);
        println!(
            "{n:>9} {vbo_us:>18.3} {skin_us:>18.1} {:>9.0}x",
            skin_us / vbo_us.max(1e-9)
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
    println!("Baked memory, clip \"{}\" at {bake_fps} fps", clip.name);
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
