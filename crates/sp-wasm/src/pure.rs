//! The GPU-free functions of the boundary, as plain Rust (the JS wrappers are in `bindings`).

use serde::Serialize;
use sp_sim::document::{default_scene, load_scene, save_scene};
use sp_sim::sim::bench::{BenchForces, substeps_per_frame, warmed_bench_with};
use sp_sim::sim::state_hash;
use sp_sim::textures::{BUILTIN_NAMES, BUILTIN_PREFIX, builtin_size};
use ts_rs::TS;

use crate::error::{Error, Result, finite};

/// `load_scene` then `save_scene`: the canonical form of a document (throws with the field path).
pub fn normalize_scene(json: &str) -> Result<String> {
    Ok(save_scene(&load_scene(json)?))
}

/// The default scene as pretty JSON.
pub fn default_scene_json() -> String {
    save_scene(&default_scene())
}

/// One built-in texture as `builtinTextures` lists it.
#[derive(Serialize, TS)]
pub struct BuiltinTexture {
    /// Name (`soft_dot` …).
    pub name: &'static str,
    /// Reference used by systems: `builtin:NAME`.
    pub path: String,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

/// `[{name, path, width, height}]` of the built-in textures (`path` = `builtin:NAME`).
pub fn builtin_textures_json() -> String {
    let list: Vec<BuiltinTexture> = BUILTIN_NAMES
        .iter()
        .filter_map(|&name| {
            builtin_size(name).map(|(width, height)| BuiltinTexture {
                name,
                path: format!("{BUILTIN_PREFIX}{name}"),
                width,
                height,
            })
        })
        .collect();
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
}

/// One collider's outline or one path's curve as `objectOutlines` gives it.
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ObjectOutline {
    /// The object's name.
    pub name: String,
    /// Shown on the canvas.
    pub visible: bool,
    /// The polyline drawn (closed shapes repeat their first point at the end), scene pixels.
    pub points: Vec<[f32; 2]>,
    /// Length along the polyline, pixels.
    pub length_px: f64,
}

/// `objectOutlines`' answer: every collider's and every path's polyline, in document order.
#[derive(Serialize, TS)]
pub struct ObjectOutlines {
    /// One per `colliders[]` entry.
    pub colliders: Vec<ObjectOutline>,
    /// One per `paths[]` entry.
    pub paths: Vec<ObjectOutline>,
}

/// `{ colliders: [{name, visible, points, lengthPx}], paths: [...] }`: every collider's outline
/// and every path's curve as polylines in scene pixels, in document order, made by the code the
/// simulation uses (`sp_sim::sim::walls`, `sp_sim::sim::path_geom`), for hit tests and
/// highlights on the canvas (throws naming the field of an invalid document).
pub fn object_outlines(scene_json: &str) -> Result<String> {
    use sp_sim::sim::path_geom::PathGeom;
    use sp_sim::sim::walls::collider_outline;
    let scene = load_scene(scene_json)?;
    let polyline_length = |points: &[[f32; 2]]| -> f64 {
        points
            .windows(2)
            .map(|w| {
                let (dx, dy) = (f64::from(w[1][0] - w[0][0]), f64::from(w[1][1] - w[0][1]));
                (dx * dx + dy * dy).sqrt()
            })
            .sum()
    };
    let colliders = scene
        .colliders
        .iter()
        .map(|c| {
            let points = collider_outline(&c.shape);
            ObjectOutline {
                name: c.name.clone(),
                visible: c.visible,
                length_px: polyline_length(&points),
                points,
            }
        })
        .collect();
    let paths = scene
        .paths
        .iter()
        .map(|p| {
            let geom = PathGeom::new(p, |q| q);
            ObjectOutline {
                name: p.name.clone(),
                visible: p.visible,
                points: geom.polyline(),
                length_px: geom.length(),
            }
        })
        .collect();
    Ok(serde_json::to_string(&ObjectOutlines { colliders, paths }).unwrap_or_else(|_| "{}".into()))
}

/// The field schema of the document (`sp_sim::document::schema`) as JSON `FieldSchema`.
pub fn field_schema_json() -> String {
    serde_json::to_string(&sp_sim::document::field_schema()).unwrap_or_default()
}

/// Most samples `sample_curve` returns.
pub const MAX_CURVE_SAMPLES: u32 = 4096;

/// `n` values of the curve `curve_json` (a key list `[{t, v, interp?}]`) at evenly spaced lives
/// `i/(n − 1)`, evaluated by the simulation's own `Curve::sample` (what the curve editor draws).
pub fn sample_curve(curve_json: &str, n: u32) -> Result<Vec<f32>> {
    if n > MAX_CURVE_SAMPLES {
        return Err(Error::Argument {
            name: "n",
            reason: format!("{n} samples (at most {MAX_CURVE_SAMPLES})"),
        });
    }
    let curve: sp_sim::document::Curve =
        serde_json::from_str(curve_json).map_err(|e| Error::Input {
            name: "curveJson",
            message: e.to_string(),
        })?;
    Ok(curve.sample(n as usize))
}

/// Length of the editor's timeline for a scene document, seconds
/// (`sp_sim::time::timeline_length_secs`).
pub fn timeline_length(scene_json: &str) -> Result<f64> {
    Ok(sp_sim::time::timeline_length_secs(&load_scene(scene_json)?))
}

/// Every error and warning code with its parameter names, as JSON `{ code: [names…] }`.
pub fn error_codes_json() -> String {
    let map: std::collections::BTreeMap<&str, &[&str]> =
        crate::error::all_codes().into_iter().collect();
    serde_json::to_string(&map).unwrap_or_default()
}

/// FNV-1a 64 hash (16 hex digits) of every frame `i/fps`, `i = 0…⌊time·fps⌋`: the value of
/// `spineparticle simulate --hash` for the same scene, duration and fps.
pub fn sim_hash(scene_json: &str, time_secs: f64, fps: f64) -> Result<String> {
    let time_secs = finite("timeSecs", time_secs, Some(0.0))?;
    let fps = finite("fps", fps, Some(f64::MIN_POSITIVE))?;
    if time_secs * fps > 1e6 {
        return Err(crate::error::Error::Argument {
            name: "timeSecs",
            reason: format!("{time_secs} s at {fps} fps is more than a million frames"),
        });
    }
    let scene = load_scene(scene_json)?;
    Ok(format!("{:016x}", state_hash(&scene, time_secs, fps)))
}

/// The benchmark: a warmed steady population of `live` particles stepped `steps` times at
/// 1/60 s; returns nanoseconds per particle-step measured with `now_ms` (a millisecond clock).
/// With `forces` (turbulence + vortex + attractor, [`sp_sim::sim::bench::BenchForces::All`]) it
/// returns nanoseconds per particle per grid step of the integrated motion (4 per frame).
pub fn bench_sim(live: u32, steps: u32, forces: bool, now_ms: impl Fn() -> f64) -> Result<f64> {
    if live == 0 || live > 1_000_000 {
        return Err(crate::error::Error::Argument {
            name: "liveParticles",
            reason: format!("{live} is not in 1..=1000000"),
        });
    }
    if steps == 0 || steps > 100_000 {
        return Err(crate::error::Error::Argument {
            name: "steps",
            reason: format!("{steps} is not in 1..=100000"),
        });
    }
    let dt = 1.0 / 60.0;
    let kind = if forces {
        BenchForces::All
    } else {
        BenchForces::None
    };
    let mut sim = warmed_bench_with(live, kind);
    for _ in 0..5 {
        sim.advance(dt);
    }
    let mut particle_steps = 0u64;
    let start = now_ms();
    for _ in 0..steps {
        sim.advance(dt);
        particle_steps += sim.live_particles() as u64;
    }
    let elapsed_ms = now_ms() - start;
    let per_step = elapsed_ms * 1e6 / particle_steps.max(1) as f64;
    Ok(if forces {
        per_step / substeps_per_frame(dt)
    } else {
        per_step
    })
}

/// The trail chains of `sim`'s visible particles now (the gizmo of `Editor.trailChains`):
/// `[N, x₀, y₀, …, x_{N−1}, y_{N−1}]` then the next particle's `2·N` numbers, in the system's
/// particle order, scene pixels (y down), head first; `[]` without an active trail. The nodes
/// are the chain the preview skins its ribbon on and the export writes as bones.
pub fn trail_chains(sim: &sp_sim::sim::SystemSim) -> Vec<f32> {
    let Some(trail) = sim.trail() else {
        return Vec::new();
    };
    let n = trail.mesh.bones;
    let mut out = vec![n as f32];
    let mut frame = sp_sim::sim::trail::TrailFrame::default();
    for (i, p) in sim.particles().iter().enumerate() {
        if p.visible && sim.trail_frame(i, &mut frame, sp_sim::sim::trail::TrailDetail::Chain) {
            for k in 0..n {
                let node = frame.nodes.get(k).copied().unwrap_or_default();
                out.extend([node.x as f32, node.y as f32]);
            }
        }
    }
    out
}

/// The scene position of a bone track at `time_secs` (`sp_sim::sim::follow::BoneTrack::
/// position_at`: linear between samples, wrapped when looping, ends held otherwise). `points`
/// are flat `[x0, y0, x1, y1, …]`, scene pixels, y down.
pub fn bone_track_position_at(
    points: &[f32],
    sample_fps: f64,
    looping: bool,
    time_secs: f64,
) -> Result<[f32; 2]> {
    finite("sampleFps", sample_fps, Some(f64::MIN_POSITIVE))?;
    if !points.len().is_multiple_of(2) {
        return Err(crate::error::Error::Argument {
            name: "points",
            reason: format!("{} numbers, not [x, y] pairs", points.len()),
        });
    }
    let track = sp_sim::sim::follow::BoneTrack {
        sample_fps,
        looping,
        points: points.chunks_exact(2).map(|p| [p[0], p[1]]).collect(),
    };
    Ok(track.position_at(time_secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trail_chains_list_every_visible_particle_head_first() {
        let mut system = sp_sim::document::ParticleSystem {
            rate_per_sec: 10.0,
            ..sp_sim::document::ParticleSystem::default()
        };
        let mut sim = sp_sim::sim::SystemSim::new(&system);
        sim.advance_to_quiet(0.5);
        assert!(trail_chains(&sim).is_empty(), "no trail, no chains");
        system.trail.enabled = true;
        system.trail.bones = 5;
        let mut sim = sp_sim::sim::SystemSim::new(&system);
        sim.advance_to_quiet(0.5);
        let chains = trail_chains(&sim);
        assert_eq!(chains[0], 5.0);
        let live = sim.particles().len();
        assert!(live > 2);
        assert_eq!(chains.len(), 1 + live * 10);
        // Each chain starts at its particle's rendered position (§9.3).
        for (i, p) in sim.particles().iter().enumerate() {
            let pose = sim.scene_pose(p);
            let head = &chains[1 + i * 10..1 + i * 10 + 2];
            assert!((head[0] - pose.x).abs() < 1e-2, "{head:?} vs {pose:?}");
            assert!((head[1] - pose.y).abs() < 1e-2, "{head:?} vs {pose:?}");
        }
    }

    #[test]
    fn normalize_round_trips_and_reports_paths() {
        let json = default_scene_json();
        assert_eq!(normalize_scene(&json).unwrap(), json);
        let err =
            normalize_scene("{\"version\":1,\"systems\":[{\"maxParticles\":\"x\"}]}").unwrap_err();
        assert!(err.to_string().contains("systems[0].maxParticles"), "{err}");
    }

    #[test]
    fn hash_matches_the_core_and_checks_arguments() {
        let json = default_scene_json();
        let scene = load_scene(&json).unwrap();
        assert_eq!(
            sim_hash(&json, 1.0, 30.0).unwrap(),
            format!("{:016x}", state_hash(&scene, 1.0, 30.0))
        );
        assert_ne!(
            sim_hash(&json, 1.0, 30.0).unwrap(),
            sim_hash(&json, 1.5, 30.0).unwrap()
        );
        assert!(
            sim_hash(&json, f64::NAN, 30.0)
                .unwrap_err()
                .to_string()
                .starts_with("timeSecs")
        );
        assert!(
            sim_hash(&json, 1.0, 0.0)
                .unwrap_err()
                .to_string()
                .starts_with("fps")
        );
    }

    #[test]
    fn outlines_of_colliders_and_paths() {
        let json = r#"{"version":1,
            "colliders":[{"name":"floor","shape":{"kind":"segment","a":[0,0],"b":[30,40]}}],
            "paths":[{"name":"p","kind":"polyline","points":[[0,0],[10,0],[10,10]],"visible":false}]}"#;
        let v: serde_json::Value = serde_json::from_str(&object_outlines(json).unwrap()).unwrap();
        assert_eq!(
            v["colliders"][0]["points"],
            serde_json::json!([[0.0, 0.0], [30.0, 40.0]])
        );
        assert_eq!(v["colliders"][0]["lengthPx"], 50.0);
        assert_eq!(v["paths"][0]["lengthPx"], 20.0);
        assert_eq!(v["paths"][0]["visible"], false);
        assert!(
            object_outlines(r#"{"version":1,"paths":[{"name":""}]}"#)
                .unwrap_err()
                .to_string()
                .starts_with("paths[0].name")
        );
    }

    #[test]
    fn curve_samples_are_the_core_curve_and_arguments_are_checked() {
        let json = r#"[{"t":0,"v":0,"interp":"smooth"},{"t":1,"v":2}]"#;
        let s = sample_curve(json, 5).unwrap();
        let curve: sp_sim::document::Curve = serde_json::from_str(json).unwrap();
        assert_eq!(s, curve.sample(5));
        // Smooth: flat at the keys, 0.3125 at a quarter (2·(3x² − 2x³), x = ¼).
        assert_eq!(s[2], 1.0);
        assert!((s[1] - 0.3125).abs() < 1e-6, "{}", s[1]);
        let err = sample_curve(json, MAX_CURVE_SAMPLES + 1).unwrap_err();
        assert_eq!(err.code(), "wasm.argument");
        let err = sample_curve(r#"[{"t":0}]"#, 3).unwrap_err();
        assert_eq!(err.code(), "wasm.input");
        assert!(err.to_string().starts_with("curveJson"), "{err}");
    }

    #[test]
    fn builtins_are_listed_with_sizes() {
        let v: serde_json::Value = serde_json::from_str(&builtin_textures_json()).unwrap();
        assert_eq!(v.as_array().unwrap().len(), BUILTIN_NAMES.len());
        assert_eq!(v[0]["path"], "builtin:soft_dot");
        assert_eq!(v[0]["width"], 64);
    }

    #[test]
    fn bench_counts_particle_steps() {
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 10.0);
            ticks.get()
        };
        // 10 ms between the two clock reads, 20 steps of ~1000 particles.
        let ns = bench_sim(1000, 20, false, clock).unwrap();
        assert!(ns > 400.0 && ns < 600.0, "{ns}");
        // With forces: per grid step, 4 per frame at 240 steps per second.
        let ns = bench_sim(1000, 20, true, clock).unwrap();
        assert!(ns > 100.0 && ns < 150.0, "{ns}");
        assert!(bench_sim(0, 1, false, || 0.0).is_err());
    }
}
