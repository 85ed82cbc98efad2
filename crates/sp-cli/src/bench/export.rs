//! `spineparticle bench export [SCENE.json]`: export of a reference scene (4 systems, ~1,500
//! live particles, 10 s at 30 fps; tests/golden/bench_reference.json): the time of bake,
//! reduce, validate and serialise (median of `--runs`), keys and bytes reduced vs unreduced
//! (the same export with one key per baked frame), bone pool on vs off (bones, bytes), and
//! linear vs Bézier keys (time, bytes, keys per bone-second: reduced keys over the seconds the
//! bones carry a particle, i.e. every-frame keys / fps). The peer-tool scenes of issue 10 are
//! `tests/golden/bench_medium.json` and `tests/golden/bench_max.json`.

use std::path::PathBuf;
use std::time::Instant;

use sp_sim::document::{CurveKind, Scene, load_scene};
use sp_spine::{ExportOptions, ExportOutput, ImageSizes, export_scene_with};

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
}

fn run_once(scene: &Scene, options: ExportOptions) -> Result<(ExportOutput, f64)> {
    let started = Instant::now();
    let out = export_scene_with(
        scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        options,
        &mut |_| true,
    )?;
    Ok((out, started.elapsed().as_secs_f64() * 1000.0))
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
    let reduced = ExportOptions {
        reduce: true,
        frames: false,
    };
    let mut times = Vec::with_capacity(runs);
    let mut out = None;
    for _ in 0..runs {
        let (o, ms) = run_once(&scene, reduced)?;
        times.push(ms);
        out = Some(o);
    }
    let Some(out) = out else {
        return Err(Error::Usage("no run".into()));
    };
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let (unreduced, unreduced_ms) = run_once(
        &scene,
        ExportOptions {
            reduce: false,
            frames: false,
        },
    )?;
    let curve_modes = curve_modes(&scene, runs)?;
    scene.export.bone_pool = !scene.export.bone_pool;
    let (other_pool, _) = run_once(&scene, reduced)?;
    let (pool_on, pool_off) = if scene.export.bone_pool {
        (&other_pool, &out)
    } else {
        (&out, &other_pool)
    };
    let r = &out.report;
    let keys = r.total_keys();
    let keys_unreduced = unreduced.report.total_keys();
    println!(
        "export bench: {} systems, peak {} live particles, {} lives, {} fps",
        scene.systems.len(),
        r.peak_alive,
        r.lives,
        scene.export.fps
    );
    println!(
        "  bake+reduce+validate+serialise: {median:.1} ms (median of {runs}; unreduced export {unreduced_ms:.1} ms)"
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
    println!("{curve_modes}");
    Ok(())
}

/// Linear and Bézier exports of `scene` (median time of `runs` each, interleaved): one line each.
fn curve_modes(scene: &Scene, runs: usize) -> Result<String> {
    let options = ExportOptions {
        reduce: true,
        frames: false,
    };
    let kinds = [CurveKind::Linear, CurveKind::Bezier];
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut outs: [Option<ExportOutput>; 2] = [None, None];
    for _ in 0..runs {
        for (k, kind) in kinds.iter().enumerate() {
            let mut s = scene.clone();
            s.export.curve = *kind;
            let (o, ms) = run_once(&s, options)?;
            times[k].push(ms);
            outs[k] = Some(o);
        }
    }
    let fps = f64::from(scene.export.fps.max(1));
    let mut text = String::from(
        "  curve    bake+export ms (median, range)   bytes        bones   keys/bone-second (translate, rotate, scale, rgba, all)",
    );
    for (k, kind) in kinds.iter().enumerate() {
        let Some(out) = &outs[k] else { continue };
        let t = &mut times[k];
        t.sort_by(f64::total_cmp);
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
            "\n  {:<8} {:>8.1} ({:.1}-{:.1}) {:>16} {:>8}   {:.2}, {:.2}, {:.2}, {:.2}, {:.2}",
            format!("{kind:?}"),
            t[t.len() / 2],
            t[0],
            t[t.len() - 1],
            r.bytes,
            r.bones,
            per("translate"),
            per("rotate"),
            per("scale"),
            per("rgba"),
            continuous as f64 / bone_secs.max(1e-9)
        ));
    }
    Ok(text)
}
