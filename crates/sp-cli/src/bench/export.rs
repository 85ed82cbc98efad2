//! `spineparticle bench export [SCENE.json]`: export of a reference scene (4 systems, ~1,500
//! live particles, 10 s at 30 fps; tests/golden/bench_reference.json): the time of bake,
//! reduce, validate and serialise (median of `--runs`), keys and bytes reduced vs unreduced
//! (the same export with one key per baked frame), bone pool on vs off (bones, bytes), and
//! linear vs Bézier keys (time, bytes, keys per bone-second: reduced keys over the seconds the
//! bones carry a particle, i.e. every-frame keys / fps). The peer-tool scenes of issue 10 are
//! `tests/golden/bench_medium.json` and `tests/golden/bench_max.json`.
//!
//! Times are this thread's CPU time ([`super::clock`]; wall time where it is unavailable), so a
//! machine loaded by other work slows a run less than the wall clock says; the wall time is
//! printed beside it. Per stage (`bake`, which includes naming and the setup sections, then
//! `reduce`, `validate`, `serialise` as the exporter reports them through its progress
//! callback) the time runs from the stage's first progress call to the next stage's. Linear and
//! Bézier runs are interleaved; medians with their range.

use std::path::PathBuf;
use std::time::Instant;

use sp_sim::document::{CurveKind, Scene, load_scene};
use sp_spine::{ExportOptions, ExportOutput, ImageSizes, export_scene_with};

use super::clock::thread_cpu_ns;
use crate::error::{Error, Result, read_file};

const REFERENCE: &str = include_str!("../../../../tests/golden/bench_reference.json");

/// Arguments of `spineparticle bench export`.
#[derive(clap::Args)]
pub struct Args {
    /// Scene to measure (default: the built-in reference scene).
    scene: Option<PathBuf>,
    /// Timed runs (the median is reported).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Instead: the scene against the same scene without its colliders and paths, interleaved
    /// (keys per impact, bytes per second of path; `bench/objects.rs`).
    #[arg(long)]
    objects: bool,
    /// Only the linear/Bézier table (skips the unreduced and pool-off exports).
    #[arg(long)]
    curves_only: bool,
}

/// A clock reading: CPU ns of this thread where available, else wall ns since `origin`.
fn now_ns(origin: Instant) -> f64 {
    match thread_cpu_ns() {
        Some(ns) => ns as f64,
        None => origin.elapsed().as_secs_f64() * 1e9,
    }
}

/// The stages the exporter reports, in the order the table prints them.
const STAGES: [&str; 4] = ["bake", "reduce", "validate", "serialise"];

/// Times of one export.
#[derive(Clone, Copy, Debug, Default)]
struct RunTimes {
    /// Thread CPU time of the whole export, ms.
    cpu_ms: f64,
    /// Wall time, ms.
    wall_ms: f64,
    /// CPU ms per entry of [`STAGES`].
    stages_ms: [f64; STAGES.len()],
}

fn run_once(scene: &Scene, options: ExportOptions) -> Result<(ExportOutput, RunTimes)> {
    let origin = Instant::now();
    let cpu0 = now_ns(origin);
    // First progress call of each stage, in call order.
    let mut marks: Vec<(&'static str, f64)> = Vec::new();
    let out = export_scene_with(
        scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        options,
        &mut |p| {
            if marks.last().is_none_or(|(s, _)| *s != p.stage) {
                marks.push((p.stage, now_ns(origin)));
            }
            true
        },
    )?;
    let cpu1 = now_ns(origin);
    let wall_ms = origin.elapsed().as_secs_f64() * 1000.0;
    let mut stages_ms = [0.0; STAGES.len()];
    for (i, (stage, start)) in marks.iter().enumerate() {
        let end = marks.get(i + 1).map_or(cpu1, |m| m.1);
        if let Some(k) = STAGES.iter().position(|s| s == stage) {
            stages_ms[k] += (end - start) / 1e6;
        }
    }
    Ok((
        out,
        RunTimes {
            cpu_ms: (cpu1 - cpu0) / 1e6,
            wall_ms,
            stages_ms,
        },
    ))
}

/// Median and range of `v` (sorted in place).
fn stats(v: &mut [f64]) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    match v {
        [] => (0.0, 0.0, 0.0),
        _ => (v[v.len() / 2], v[0], v[v.len() - 1]),
    }
}

/// Runs `spineparticle bench export`.
pub fn run(args: Args) -> Result<()> {
    let text = match &args.scene {
        Some(path) => String::from_utf8(read_file(path)?)
            .map_err(|e| Error::Usage(format!("{}: not UTF-8 text ({e})", path.display())))?,
        None => REFERENCE.to_owned(),
    };
    let mut scene = load_scene(&text).map_err(|e| Error::Usage(format!("scene: {e}")))?;
    let runs = args.runs.max(1);
    if args.objects {
        return super::objects::run(&scene, runs);
    }
    let (curve_table, out) = curve_modes(&scene, runs)?;
    let r = &out.report;
    println!(
        "export bench: {} systems, peak {} live particles, {} lives, {} fps, {} runs per curve (interleaved)",
        scene.systems.len(),
        r.peak_alive,
        r.lives,
        scene.export.fps,
        runs
    );
    println!("{curve_table}");
    if args.curves_only {
        return Ok(());
    }
    let reduced = ExportOptions {
        reduce: true,
        frames: false,
    };
    let (unreduced, unreduced_t) = run_once(
        &scene,
        ExportOptions {
            reduce: false,
            frames: false,
        },
    )?;
    scene.export.bone_pool = !scene.export.bone_pool;
    let (other_pool, _) = run_once(&scene, reduced)?;
    let (pool_on, pool_off) = if scene.export.bone_pool {
        (&other_pool, &out)
    } else {
        (&out, &other_pool)
    };
    let keys = r.total_keys();
    let keys_unreduced = unreduced.report.total_keys();
    println!(
        "  with the scene's own curve setting ({:?}); unreduced export {:.1} ms CPU",
        scene.export.curve, unreduced_t.cpu_ms
    );
    println!(
        "  keys: {keys} reduced vs {keys_unreduced} every-frame = {:.3} (target <= 0.25)",
        keys as f64 / keys_unreduced.max(1) as f64
    );
    for (name, n) in &r.keys {
        let u = unreduced.report.keys.get(name).copied().unwrap_or(0);
        println!(
            "    {name:<10} {n:>8} / {u:>8} = {:.3}",
            *n as f64 / u.max(1) as f64
        );
    }
    println!(
        "  bytes: {} reduced vs {} every-frame = {:.3}",
        r.bytes,
        unreduced.report.bytes,
        r.bytes as f64 / unreduced.report.bytes.max(1) as f64
    );
    println!(
        "  bone pool on: {} bones, {} bytes; off: {} bones, {} bytes ({:.2}x bones, {:.2}x bytes)",
        pool_on.report.bones,
        pool_on.report.bytes,
        pool_off.report.bones,
        pool_off.report.bytes,
        pool_off.report.bones as f64 / pool_on.report.bones.max(1) as f64,
        pool_off.report.bytes as f64 / pool_on.report.bytes.max(1) as f64
    );
    Ok(())
}

/// Linear and Bézier exports of `scene` (`runs` each, interleaved): one table, and the export
/// with the scene's own curve setting.
fn curve_modes(scene: &Scene, runs: usize) -> Result<(String, ExportOutput)> {
    let options = ExportOptions {
        reduce: true,
        frames: false,
    };
    let kinds = [CurveKind::Linear, CurveKind::Bezier];
    let mut times: [Vec<RunTimes>; 2] = [Vec::new(), Vec::new()];
    let mut outs: [Option<ExportOutput>; 2] = [None, None];
    for _ in 0..runs {
        for (k, kind) in kinds.iter().enumerate() {
            let mut s = scene.clone();
            s.export.curve = *kind;
            let (o, t) = run_once(&s, options)?;
            times[k].push(t);
            outs[k] = Some(o);
        }
    }
    let fps = f64::from(scene.export.fps.max(1));
    let mut text = String::from(
        "  curve    CPU ms median (range)     wall ms  | CPU ms per stage: bake, reduce, validate, serialise | bytes      bones  keys/bone-second (translate, rotate, scale, rgba, all)",
    );
    for (k, kind) in kinds.iter().enumerate() {
        let Some(out) = &outs[k] else { continue };
        let t = &times[k];
        let (cpu, lo, hi) = stats(&mut t.iter().map(|r| r.cpu_ms).collect::<Vec<_>>());
        let (wall, _, _) = stats(&mut t.iter().map(|r| r.wall_ms).collect::<Vec<_>>());
        let stage: Vec<String> = (0..STAGES.len())
            .map(|s| {
                let (m, _, _) = stats(&mut t.iter().map(|r| r.stages_ms[s]).collect::<Vec<_>>());
                format!("{m:.1}")
            })
            .collect();
        let r = &out.report;
        let per = |name: &str| {
            let written = r.keys.get(name).copied().unwrap_or(0) as f64;
            let frames = r.unreduced_keys.get(name).copied().unwrap_or(0) as f64;
            if frames > 0.0 {
                written / (frames / fps)
            } else {
                0.0
            }
        };
        let bone_secs = r.unreduced_keys.get("translate").copied().unwrap_or(0) as f64 / fps;
        let continuous: u64 = ["translate", "rotate", "scale", "rgba"]
            .iter()
            .map(|n| r.keys.get(*n).copied().unwrap_or(0))
            .sum();
        text.push_str(&format!(
            "\n  {:<8} {:>8.1} ({:.1}-{:.1}) {:>9.1}  | {:<51} | {:<10} {:>5}  {:.2}, {:.2}, {:.2}, {:.2}, {:.2}",
            format!("{kind:?}"),
            cpu,
            lo,
            hi,
            wall,
            stage.join(", "),
            r.bytes,
            r.bones,
            per("translate"),
            per("rotate"),
            per("scale"),
            per("rgba"),
            continuous as f64 / bone_secs.max(1e-9)
        ));
    }
    let own = match scene.export.curve {
        CurveKind::Linear => 0,
        CurveKind::Bezier => 1,
    };
    let out = outs[own]
        .take()
        .ok_or_else(|| Error::Usage("no run".into()))?;
    Ok((text, out))
}
