//! `spineparticle bench export SCENE --objects`: what colliders and paths cost in the export.
//! The scene and the same scene without them (no colliders, no paths, every system's collision
//! response and path following at their defaults) are exported alternately `runs` times each
//! (bake + reduce + validate + serialise, the scene's own curve mode; loading and writing the
//! file not timed). Printed: median and range of each, keys and bytes of each, the collision
//! events of the export (impacts and pause ends between baked frames, counted by
//! `sp_spine::estimate_scene`) with the keys forced around them, and
//!
//! `keys per impact = (keys_with − keys_without) / events` (net: negative when the particles
//! that stop or die at a collider need fewer keys than the ones that fly on without it; the
//! forced keys per event, translate and rotate at the frames before and after, are printed
//! beside it),
//! `bytes per second of path = (bytes_with − bytes_without) / Σ animation durations`
//!
//! (the second only when a system follows a path; the durations are read back from the JSON:
//! the latest key time of each animation).

use std::time::Instant;

use super::stats::spread;

use sp_sim::document::Scene;
use sp_spine::{ExportOptions, ExportOutput, ImageSizes, estimate_scene, export_scene_with};

use crate::error::{Error, Result};

/// `scene` without colliders and paths (see the module doc).
pub fn without_objects(scene: &Scene) -> Scene {
    let mut bare = scene.clone();
    bare.colliders.clear();
    bare.paths.clear();
    for s in &mut bare.systems {
        s.collision = Default::default();
        s.path_follow = None;
    }
    bare
}

fn export_timed(scene: &Scene) -> Result<(ExportOutput, f64)> {
    let started = Instant::now();
    let out = export_scene_with(
        scene,
        &ImageSizes::default(),
        &sp_sim::sim::FollowTracks::new(),
        ExportOptions {
            reduce: true,
            frames: false,
            parallel: false,
        },
        &mut |_| true,
    )?;
    Ok((out, started.elapsed().as_secs_f64() * 1000.0))
}

/// Seconds of every animation in a Spine JSON: the latest `time` of its keys, summed.
fn animation_secs(json: &str) -> Result<f64> {
    fn latest(v: &serde_json::Value) -> f64 {
        match v {
            serde_json::Value::Object(m) => {
                let own = m.get("time").and_then(|t| t.as_f64()).unwrap_or(0.0);
                m.values().map(latest).fold(own, f64::max)
            }
            serde_json::Value::Array(a) => a.iter().map(latest).fold(0.0, f64::max),
            _ => 0.0,
        }
    }
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| Error::Usage(format!("export is not JSON: {e}")))?;
    Ok(v["animations"]
        .as_object()
        .map(|a| a.values().map(latest).sum())
        .unwrap_or(0.0))
}

/// Runs the A/B of the module doc and prints it.
pub fn run(scene: &Scene, runs: usize) -> Result<()> {
    let bare = without_objects(scene);
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut outs: [Option<ExportOutput>; 2] = [None, None];
    for _ in 0..runs.max(1) {
        for (k, s) in [scene, &bare].into_iter().enumerate() {
            let (o, ms) = export_timed(s)?;
            times[k].push(ms);
            outs[k] = Some(o);
        }
    }
    let [Some(with), Some(without)] = outs else {
        return Err(Error::Usage("no run".into()));
    };
    let estimate = estimate_scene(scene)?;
    println!(
        "colliders and paths: {} colliders, {} paths; interleaved runs of each: {}",
        scene.colliders.len(),
        scene.paths.len(),
        runs.max(1)
    );
    let (s_with, s_without) = (spread(&times[0]), spread(&times[1]));
    println!("  scene          export ms (median, range)   keys       bytes");
    for (label, out, s) in [("with", &with, s_with), ("without", &without, s_without)] {
        println!(
            "  {label:<12} {:>9.1} ({:.1}-{:.1}) {:>13} {:>11}",
            s.median,
            s.min,
            s.max,
            out.report.total_keys(),
            out.report.bytes
        );
    }
    let dk = with.report.total_keys() as f64 - without.report.total_keys() as f64;
    let db = with.report.bytes as f64 - without.report.bytes as f64;
    println!(
        "  difference: {dk:+} keys, {db:+} bytes ({:.3}x keys, {:.3}x bytes, {:.3}x time)",
        with.report.total_keys() as f64 / without.report.total_keys().max(1) as f64,
        with.report.bytes as f64 / without.report.bytes.max(1) as f64,
        s_with.median / s_without.median.max(1e-9)
    );
    if estimate.collision_events > 0 {
        let events = estimate.collision_events as f64;
        println!(
            "  collision events between baked frames: {}; keys forced around them: {} ({:.2} per event); net keys per event: {:+.2}, net bytes per event: {:+.1}",
            estimate.collision_events,
            estimate.impact_keys,
            estimate.impact_keys as f64 / events,
            dk / events,
            db / events
        );
    }
    if scene.systems.iter().any(|s| s.path_follow.is_some()) {
        let secs = animation_secs(&with.json)?;
        println!(
            "  path: {secs:.2} s of animation; bytes per second of path: {:.0}",
            db / secs.max(1e-9)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animation_seconds_are_the_latest_key_times_summed() {
        let json = r#"{"animations":{"a":{"bones":{"b":{"translate":[{"x":1},{"time":1.5}]}}},
            "b":{"slots":{"s":{"rgba":[{"time":0.25,"color":"ffffffff"}]}}}}}"#;
        assert_eq!(animation_secs(json).unwrap(), 1.75);
    }

    #[test]
    fn the_bare_scene_has_no_colliders_paths_or_responses() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../presets/comet_path.json"
        ))
        .unwrap();
        let scene = sp_sim::document::load_scene(&text).unwrap();
        let bare = without_objects(&scene);
        assert!(bare.paths.is_empty() && bare.colliders.is_empty());
        assert!(bare.systems.iter().all(|s| s.path_follow.is_none()));
        assert_eq!(bare.systems.len(), scene.systems.len());
    }
}
