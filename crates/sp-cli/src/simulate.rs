//! `spineparticle simulate SCENE.json [--follow TRACKS.json]`: runs a scene's simulation at a
//! frame rate (following systems on the bone tracks of `--follow`) and prints a
//! summary, the state hash (`--hash`, the same value as `sp_sim::sim::state_hash` and the wasm
//! `simHash`), or one JSON line of particle states per frame (`--dump`).

use std::io::Write;
use std::path::PathBuf;

use sp_sim::document::load_scene;
use sp_sim::sim::{SceneSim, state_hash_following};
use sp_sim::time::{Timebase, timeline_length_secs};

use crate::error::{Error, Result, read_file};

/// Arguments of `spineparticle simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// Scene document (`.json`).
    scene: PathBuf,
    /// Frames per second (frame i is at i / fps seconds).
    #[arg(long, default_value_t = 30.0)]
    fps: f64,
    /// Seconds to simulate (default: the editor timeline's length, `sp_sim::time::timeline_length_secs`).
    #[arg(long)]
    duration: Option<f64>,
    /// Print only the 64-bit FNV-1a hash of all frames, as 16 hex digits.
    #[arg(long, conflicts_with = "dump")]
    hash: bool,
    /// Print one JSON object per frame (JSON lines) with every particle's state.
    #[arg(long)]
    dump: bool,
    /// Bone tracks for systems that follow a skeleton bone (`{ "tracks": [...] }`).
    #[arg(long)]
    follow: Option<PathBuf>,
}

/// Runs `spineparticle simulate`.
pub fn run(args: Args) -> Result<()> {
    if !(args.fps > 0.0 && args.fps <= 1000.0) {
        return Err(Error::Usage(format!(
            "--fps {} must be in (0, 1000]",
            args.fps
        )));
    }
    let bytes = read_file(&args.scene)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| Error::Usage(format!("{}: not UTF-8 text ({e})", args.scene.display())))?;
    let scene =
        load_scene(&text).map_err(|e| Error::Usage(format!("{}: {e}", args.scene.display())))?;
    let tracks = crate::export::read_follow(args.follow.as_deref())?;
    let duration = args
        .duration
        .unwrap_or_else(|| timeline_length_secs(&scene));
    if !(0.0..=36_000.0).contains(&duration) {
        return Err(Error::Usage(format!(
            "--duration {duration} must be in [0, 36000] seconds"
        )));
    }
    let clock = Timebase::new(args.fps).unwrap_or(Timebase::DEFAULT);
    let frames = clock.frame_count(duration);
    let out = std::io::stdout();
    let mut out = out.lock();
    let io = |source| Error::Io {
        path: PathBuf::from("<stdout>"),
        source,
    };
    if args.hash {
        writeln!(
            out,
            "{:016x}",
            state_hash_following(&scene, &tracks, duration, args.fps)
        )
        .map_err(io)?;
        return Ok(());
    }
    let mut sim = SceneSim::with_follow(&scene, &tracks);
    let mut peak = vec![0usize; scene.systems.len()];
    for i in 0..frames {
        sim.advance_to(clock.time_of(i));
        for (p, s) in peak.iter_mut().zip(sim.systems()) {
            *p = (*p).max(s.particles().len());
        }
        if args.dump {
            writeln!(out, "{}", frame_json(&scene, &sim, i)).map_err(io)?;
        }
    }
    if !args.dump {
        writeln!(
            out,
            "{}: {} systems, {frames} frames at {} fps ({duration:.3} s), hash {:016x}",
            args.scene.display(),
            scene.systems.len(),
            args.fps,
            state_hash_following(&scene, &tracks, duration, args.fps)
        )
        .map_err(io)?;
        for ((sys, state), peak) in scene.systems.iter().zip(sim.systems()).zip(&peak) {
            writeln!(
                out,
                "  {:<24} peak {:>6} live, {:>6} at end, {:>6} slots used",
                sys.name,
                peak,
                state.particles().len(),
                state.slots_used()
            )
            .map_err(io)?;
        }
    }
    Ok(())
}

/// One frame as JSON: per system, per particle (serial order) its state and scene pose.
fn frame_json(scene: &sp_sim::document::Scene, sim: &SceneSim, frame: u64) -> serde_json::Value {
    let systems: Vec<serde_json::Value> = scene
        .systems
        .iter()
        .zip(sim.systems())
        .enumerate()
        .map(|(index, (sys, state))| {
            let particles: Vec<serde_json::Value> = state
                .particles()
                .iter()
                .map(|p| {
                    let pose = state.scene_pose(p);
                    serde_json::json!({
                        "slot": p.slot, "serial": p.serial, "birthSecs": p.birth_secs,
                        "ageSecs": p.age_secs, "lifetimeSecs": p.lifetime_secs,
                        "x": p.x, "y": p.y, "rotationDeg": p.rotation_deg,
                        "scaleX": p.scale_x, "scaleY": p.scale_y,
                        "color": p.color.to_hex(), "alpha": p.alpha,
                        "textureIndex": p.texture_index, "visible": p.visible,
                        "scene": { "x": pose.x, "y": pose.y, "rotationDeg": pose.rotation_deg,
                                   "scaleX": pose.scale_x, "scaleY": pose.scale_y },
                    })
                })
                .collect();
            serde_json::json!({ "index": index, "name": sys.name, "particles": particles })
        })
        .collect();
    serde_json::json!({ "frame": frame, "timeSecs": sim.time_secs(), "systems": systems })
}
