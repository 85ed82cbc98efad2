//! `spineparticle bench export [SCENE.json]`: export of a reference scene (4 systems, ~1,500
//! live particles, 10 s at 30 fps; tests/golden/bench_reference.json): the time of bake,
//! reduce, validate and serialise (median of `--runs`), keys and bytes reduced vs unreduced
//! (the same export with one key per baked frame), bone pool on vs off (bones, bytes), and
//! linear vs Bézier keys (time, bytes, keys per bone-second: reduced keys over the seconds the
//! bones carry a particle, i.e. every-frame keys / fps). The peer-tool scenes of issue 10 are
//! `tests/golden/bench_medium.json` and `tests/golden/bench_max.json`.
//!
//! Each export runs on this thread alone and on the export's thread pool (`--threads`, default
//! one thread per core; the bake's lives and systems, the reducer's bones and the writer's
//! timeline maps, `sp_spine::ExportOptions::parallel`), the two interleaved with their order
//! alternating per round, and every run must write the same bytes. Printed per row: the wall
//! time (what a pipeline waits), the CPU time of the whole process (every thread: what it
//! costs; under load from other work it moves less than the wall clock), the wall time per
//! stage (`bake`, which includes naming and the setup sections, then `reduce`, `validate`,
//! `serialise` as the exporter reports them through its progress callback: from the stage's
//! first progress call to the next stage's), and the per-round ratio of the pool's wall time
//! to one thread's. Linear and Bézier runs are interleaved; medians with their range.

use std::path::PathBuf;
use std::time::Instant;

use sp_sim::document::{CurveKind, Scene, load_scene};
use sp_spine::{ExportOptions, ExportOutput, ImageSizes, export_scene_with};

use super::clock::process_cpu_ns;
use crate::error::{Error, Result, read_file};
use crate::threads::Threads;

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
    /// Threads of the parallel rows (0: one per core; at most 256); 1 measures this thread
    /// alone only.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// The stages the exporter reports, in the order the table prints them.
const STAGES: [&str; 4] = ["bake", "reduce", "validate", "serialise"];

/// Times of one export.
#[derive(Clone, Copy, Debug, Default)]
struct RunTimes {
    /// CPU time of the whole export, every thread of the process, ms (wall time where the
    /// platform has no process CPU clock).
    cpu_ms: f64,
    /// Wall time, ms.
    wall_ms: f64,
    /// Wall ms per entry of [`STAGES`].
    stages_ms: [f64; STAGES.len()],
}

fn run_once(scene: &Scene, options: ExportOptions) -> Result<(ExportOutput, RunTimes)> {
    run_on(scene, options, None)
}

/// [`run_once`], on `threads` (spreading the work) when given.
fn run_on(
    scene: &Scene,
    options: ExportOptions,
    threads: Option<&Threads>,
) -> Result<(ExportOutput, RunTimes)> {
    let origin = Instant::now();
    let cpu0 = process_cpu_ns();
    // First progress call of each stage, in call order, with its wall time.
    let mut marks: Vec<(&'static str, Instant)> = Vec::new();
    let mut export = |parallel: bool| {
        export_scene_with(
            scene,
            &ImageSizes::default(),
            &sp_sim::sim::FollowTracks::new(),
            ExportOptions {
                parallel,
                ..options
            },
            &mut |p| {
                if marks.last().is_none_or(|(s, _)| *s != p.stage) {
                    marks.push((p.stage, Instant::now()));
                }
                true
            },
        )
    };
    let out = match threads {
        Some(t) => t.run(export)?,
        None => export(false)?,
    };
    let end = Instant::now();
    let wall_ms = (end - origin).as_secs_f64() * 1000.0;
    let cpu_ms = match (cpu0, process_cpu_ns()) {
        (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e6,
        _ => wall_ms,
    };
    let mut stages_ms = [0.0; STAGES.len()];
    for (i, (stage, start)) in marks.iter().enumerate() {
        let stop = marks.get(i + 1).map_or(end, |m| m.1);
        if let Some(k) = STAGES.iter().position(|s| s == stage) {
            stages_ms[k] += (stop - *start).as_secs_f64() * 1000.0;
        }
    }
    Ok((
        out,
        RunTimes {
            cpu_ms,
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
    let threads = Threads::new(args.threads)?;
    let (curve_table, out) = curve_modes(&scene, runs, &threads)?;
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
        parallel: false,
    };
    let (unreduced, unreduced_t) = run_once(
        &scene,
        ExportOptions {
            reduce: false,
            frames: false,
            parallel: false,
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

/// Linear and Bézier exports of `scene` (`runs` each, interleaved), each on this thread alone
/// and, when `parallel`, on the export's thread pool too (interleaved as well): one table with
/// the per-round wall-time ratio pool / one thread, and the export with the scene's own curve
/// setting.
fn curve_modes(scene: &Scene, runs: usize, threads: &Threads) -> Result<(String, ExportOutput)> {
    let kinds = [CurveKind::Linear, CurveKind::Bezier];
    let parallel = threads.count() > 1;
    let modes: &[bool] = if parallel { &[false, true] } else { &[false] };
    let pool = threads.count();
    // Reduced, no frames; `run_on` sets `parallel` from the mode.
    let options = ExportOptions::default();
    // times[kind][mode]
    let mut times: [[Vec<RunTimes>; 2]; 2] = Default::default();
    let mut outs: [Option<ExportOutput>; 2] = [None, None];
    for round in 0..runs {
        for (k, kind) in kinds.iter().enumerate() {
            let mut s = scene.clone();
            s.export.curve = *kind;
            // The order of the two modes alternates with the round.
            for i in 0..modes.len() {
                let m = (i + round) % modes.len();
                let (o, t) = run_on(&s, options, modes[m].then_some(threads))?;
                if let Some(first) = &outs[k]
                    && first.json != o.json
                {
                    return Err(Error::Usage(format!(
                        "{kind:?}: the export on {} thread(s) differs from the first run",
                        if modes[m] { pool } else { 1 }
                    )));
                }
                times[k][m].push(t);
                outs[k] = Some(o);
            }
        }
    }
    let fps = f64::from(scene.export.fps.max(1));
    let mut text = String::from(
        "  curve    threads  wall ms median (range)    CPU ms median (range)  | wall ms per stage: bake, reduce, validate, serialise | bytes      bones  keys/bone-second (translate, rotate, scale, rgba, all)",
    );
    for (k, kind) in kinds.iter().enumerate() {
        let Some(out) = &outs[k] else { continue };
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
        for (m, &par) in modes.iter().enumerate() {
            let t = &times[k][m];
            let (wall, wlo, whi) = stats(&mut t.iter().map(|r| r.wall_ms).collect::<Vec<_>>());
            let (cpu, lo, hi) = stats(&mut t.iter().map(|r| r.cpu_ms).collect::<Vec<_>>());
            let stage: Vec<String> = (0..STAGES.len())
                .map(|s| {
                    let (m, _, _) =
                        stats(&mut t.iter().map(|r| r.stages_ms[s]).collect::<Vec<_>>());
                    format!("{m:.1}")
                })
                .collect();
            text.push_str(&format!(
                "\n  {:<8} {:>7}  {:>7.1} ({:.1}-{:.1}) {:>9.1} ({:.1}-{:.1})  | {:<51} | {:<10} {:>5}  {:.2}, {:.2}, {:.2}, {:.2}, {:.2}",
                format!("{kind:?}"),
                if par { pool } else { 1 },
                wall,
                wlo,
                whi,
                cpu,
                lo,
                hi,
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
    }
    if parallel {
        for (k, kind) in kinds.iter().enumerate() {
            let mut ratios: Vec<f64> = times[k][1]
                .iter()
                .zip(&times[k][0])
                .map(|(p, one)| p.wall_ms / one.wall_ms.max(1e-9))
                .collect();
            let (r, lo, hi) = stats(&mut ratios);
            text.push_str(&format!(
                "\n  {kind:?}: wall time on {pool} threads / on one, per round: {r:.3} ({lo:.3}-{hi:.3}); the same bytes"
            ));
        }
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
