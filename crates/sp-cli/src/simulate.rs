//! `spineparticle simulate SCENE.json [--follow TRACKS.json]`: runs a scene's simulation at a
//! frame rate (following systems on the bone tracks of `--follow`) and prints a
//! summary, the state hash (`--hash`, the same value as `sp_sim::sim::state_hash` and the wasm
//! `simHash`), one JSON line of particle states per frame (`--dump`), or the document as loaded
//! (`--print-scene`: migrated, defaults filled, as the editor would save it).
//!
//! What is simulated (`sp_sim::sim::scene`):
//! - by default the preview's own simulation ([`SceneSim`], what the canvas draws) on the
//!   editor's timeline: one-shot systems at the time, loop-continuous systems as their periodic
//!   emitter through start, the loop repeating and, past it, the end (`sp_sim::sim::looping`);
//!   it runs for the timeline's length unless given `--duration`;
//! - `--segment start|loop|end`: every loop-continuous system in its own exported segment, frame
//!   `i` at `i / fps` seconds into it (what its animation of that segment shows at that time);
//!   one-shot systems are in no segment and show nothing. It runs for the longest such segment;
//! - `--plain`: the real simulation of every system (a loop-continuous system emits forever,
//!   never looped): what the loop sets are recorded from.
//!
//! Nothing in the dump comes from the exporter, so an export can be checked against it. One line
//! per frame `i` (time `i / fps`):
//! `{ "frame", "timeSecs", "systems": [ { "index", "name", "visible", "drawOrder",
//! "particles": [ … ] } ] }`, every system of the scene in scene order (hidden ones too), its
//! living particles by spawn serial, each with its state (`slot`, `serial`, `birthSecs`,
//! `ageSecs`, `lifetimeSecs`, `x`, `y`, `rotationDeg`, `scaleX`, `scaleY`, `color` (8-bit hex),
//! `rgb` (the unquantised colour, 0..1), `alpha`, `textureIndex`, `texture` (the image
//! reference drawn, `null` when the system has none), `visible` (false while fake-dead)), its
//! scene pose (`scene`: what the canvas draws, Local-space particles carried by the system),
//! `drawIndex`: its place among the system's particles from back to front
//! (`sp_sim::sim::draw_order`; systems draw in scene order), and its collisions: `impacts` (the
//! impacts and pause ends so far: where it changes between two frames an event happened
//! between them, which the export keys on both) and `lastImpactSecs` (scene time of the last,
//! `null` before the first; a loop copy's is its life's, shifted to its virtual birth). A copy
//! of a loop-continuous
//! system's periodic emitter has `birthSecs` = its virtual birth, `serial` = its copy serial
//! (stacking order), `slot` = the index of its life in the loop set, and `copy`: `{ "life":
//! the life's serial in the real simulation, "k": the copy index }`. A particle of a system with
//! an active trail also has `trail` (`sp_sim::sim::trail`, scene pixels, y down, degrees
//! clockwise; a loop copy carries its life's trail at the same original time): `nodes` (`[x, y]`
//! per chain bone, head first), `rotationsDeg` (each bone's direction), `lengthsPx` (chord
//! lengths), `widthPx` (every bone's vertical scale), `rgba` (the trail slot's colour,
//! unquantised), `image` (the trail image reference) and `vertices` (`[x, y]` of the skinned
//! ribbon in the mesh's vertex order: what the canvas draws). A system with a trail draws its
//! trails behind all of its particles, in the same order.

use std::io::Write;
use std::path::PathBuf;

use sp_sim::document::{load_scene, save_scene};
use sp_sim::sim::{
    Fnv64, SceneSim, SegmentKind, SystemSim, back_to_front, frame_hash, state_hash_following,
};
use sp_sim::time::Timebase;

use crate::error::{Error, Result, read_file};

/// Arguments of `spineparticle simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// Scene document (`.json`).
    scene: PathBuf,
    /// Frames per second (frame i is at i / fps seconds).
    #[arg(long, default_value_t = 30.0)]
    fps: f64,
    /// Seconds to simulate (default: the timeline's length; with `--segment`, the longest such
    /// segment; with `--plain`, the timeline's length).
    #[arg(long)]
    duration: Option<f64>,
    /// Loop-continuous systems in their own exported segment (`start`, `loop` or `end`).
    #[arg(long, value_parser = ["start", "loop", "end"], conflicts_with = "plain")]
    segment: Option<String>,
    /// The real simulation of every system (loop-continuous systems emit forever).
    #[arg(long)]
    plain: bool,
    /// Print only the 64-bit FNV-1a hash of all frames, as 16 hex digits.
    #[arg(long, conflicts_with = "dump")]
    hash: bool,
    /// Print one JSON object per frame (JSON lines) with every particle's state.
    #[arg(long)]
    dump: bool,
    /// Print the scene document as loaded (migrated, defaults filled) and stop.
    #[arg(long, conflicts_with_all = ["hash", "dump"])]
    print_scene: bool,
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
    if args.print_scene {
        let mut out = std::io::stdout().lock();
        return writeln!(out, "{}", save_scene(&scene)).map_err(|source| Error::Io {
            path: PathBuf::from("<stdout>"),
            source,
        });
    }
    let tracks = crate::export::read_follow(args.follow.as_deref())?;
    let mut sim = if args.plain {
        SceneSim::plain_with_follow(&scene, &tracks)
    } else {
        SceneSim::with_follow(&scene, &tracks)
    };
    let segment = args.segment.as_deref().map(|s| match s {
        "start" => SegmentKind::Start,
        "loop" => SegmentKind::Loop,
        _ => SegmentKind::End,
    });
    let timeline = sim.timeline().clone();
    let duration = args.duration.unwrap_or_else(|| match segment {
        Some(kind) => f64::from(timeline.segment_frames(kind)) / f64::from(scene.export.fps.max(1)),
        None => timeline.length_secs(),
    });
    if !(0.0..=36_000.0).contains(&duration) {
        return Err(Error::Usage(format!(
            "--duration {duration} must be in [0, 36000] seconds"
        )));
    }
    let clock = Timebase::new(args.fps).unwrap_or(Timebase::DEFAULT);
    let frames = clock.frame_count(duration);
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let io = |source| Error::Io {
        path: PathBuf::from("<stdout>"),
        source,
    };
    if args.hash && segment.is_none() && !args.plain {
        writeln!(
            out,
            "{:016x}",
            state_hash_following(&scene, &tracks, duration, args.fps)
        )
        .map_err(io)?;
        return Ok(());
    }
    let mut peak = vec![0usize; scene.systems.len()];
    let mut hash = Fnv64::default();
    for i in 0..frames {
        let t = clock.time_of(i);
        match segment {
            Some(kind) => sim.show_segment(kind, t),
            None => sim.advance_to(t),
        }
        for (p, s) in peak.iter_mut().zip(sim.systems()) {
            *p = (*p).max(s.particles().len());
        }
        frame_hash(&sim, &mut hash);
        if args.dump {
            serde_json::to_writer(&mut out, &frame_json(&scene, &sim, i, segment.is_some()))
                .map_err(|e| io(e.into()))?;
            writeln!(out).map_err(io)?;
        }
    }
    if args.hash {
        writeln!(out, "{:016x}", hash.finish()).map_err(io)?;
        return Ok(());
    }
    if !args.dump {
        let what = match (segment, args.plain) {
            (Some(kind), _) => format!("segment {kind:?}"),
            (None, true) => "plain simulation".to_owned(),
            (None, false) => "timeline".to_owned(),
        };
        writeln!(
            out,
            "{}: {} systems, {what}, {frames} frames at {} fps ({duration:.3} s), hash {:016x}",
            args.scene.display(),
            scene.systems.len(),
            args.fps,
            hash.finish()
        )
        .map_err(io)?;
        if let Some(r) = timeline
            .regions()
            .filter(|_| segment.is_none() && !args.plain)
        {
            let f = f64::from(r.fps);
            writeln!(
                out,
                "  timeline: start 0–{:.3} s, loop {:.3}–{:.3} s, end {:.3}–{:.3} s",
                f64::from(r.start_frames) / f,
                f64::from(r.start_frames) / f,
                f64::from(r.start_frames + r.loop_frames) / f,
                f64::from(r.start_frames + r.loop_frames) / f,
                f64::from(r.start_frames + r.loop_frames + r.end_frames) / f,
            )
            .map_err(io)?;
        }
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

/// One particle of a `--dump` line (see the module docs).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpParticle<'a> {
    slot: u32,
    serial: u64,
    birth_secs: f64,
    age_secs: f32,
    lifetime_secs: f32,
    x: f32,
    y: f32,
    rotation_deg: f32,
    scale_x: f32,
    scale_y: f32,
    color: String,
    rgb: [f32; 3],
    alpha: f32,
    texture_index: u16,
    texture: Option<&'a str>,
    visible: bool,
    draw_index: usize,
    scene: DumpPose,
    impacts: u32,
    last_impact_secs: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trail: Option<DumpTrail<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    copy: Option<DumpCopy>,
}

/// Which copy of which life a particle of a periodic emitter is.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpCopy {
    life: u64,
    k: i64,
}

/// A particle's trail in a `--dump` line.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpTrail<'a> {
    nodes: Vec<[f64; 2]>,
    rotations_deg: Vec<f64>,
    lengths_px: Vec<f64>,
    width_px: f64,
    rgba: [f32; 4],
    image: Option<&'a str>,
    vertices: Vec<[f32; 2]>,
}

/// A scene pose in a `--dump` line.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpPose {
    x: f32,
    y: f32,
    rotation_deg: f32,
    scale_x: f32,
    scale_y: f32,
}

/// One system of a `--dump` line.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpSystem<'a> {
    index: usize,
    name: &'a str,
    visible: bool,
    draw_order: sp_sim::document::DrawOrder,
    particles: Vec<DumpParticle<'a>>,
}

/// One `--dump` line.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct DumpFrame<'a> {
    frame: u64,
    time_secs: f64,
    systems: Vec<DumpSystem<'a>>,
}

/// One frame of `--dump` (see the module docs).
fn frame_json<'a>(
    scene: &'a sp_sim::document::Scene,
    sim: &SceneSim,
    frame: u64,
    segment: bool,
) -> DumpFrame<'a> {
    let systems = scene
        .systems
        .iter()
        .zip(sim.systems())
        .enumerate()
        .map(|(index, (sys, state))| {
            let live: &[sp_sim::sim::Particle] = if segment && state.loop_set().is_none() {
                &[]
            } else {
                state.particles()
            };
            let mut draw_index = vec![0usize; live.len()];
            for (k, p) in back_to_front(live, sys.draw_order).enumerate() {
                if let Ok(i) = live.binary_search_by_key(&p.serial, |q| q.serial) {
                    draw_index[i] = k;
                }
            }
            let mut frame = sp_sim::sim::trail::TrailFrame::default();
            let particles = live
                .iter()
                .zip(draw_index)
                .enumerate()
                .map(|(i, (p, draw_index))| {
                    let pose = state.scene_pose(p);
                    let trail = state
                        .trail_frame(i, &mut frame, sp_sim::sim::trail::TrailDetail::Skinned)
                        .then(|| DumpTrail {
                            nodes: frame.nodes.iter().map(|n| [n.x, n.y]).collect(),
                            rotations_deg: frame.nodes.iter().map(|n| n.rotation_deg).collect(),
                            lengths_px: frame.nodes.iter().map(|n| n.length_px).collect(),
                            width_px: frame.width_px,
                            rgba: frame.color,
                            image: frame
                                .image
                                .and_then(|k| sys.trail.images.get(usize::from(k)))
                                .map(String::as_str),
                            vertices: frame.vertices.clone(),
                        });
                    DumpParticle {
                        slot: p.slot,
                        serial: p.serial,
                        birth_secs: p.birth_secs,
                        age_secs: p.age_secs,
                        lifetime_secs: p.lifetime_secs,
                        x: p.x,
                        y: p.y,
                        rotation_deg: p.rotation_deg,
                        scale_x: p.scale_x,
                        scale_y: p.scale_y,
                        color: p.color.to_hex(),
                        rgb: [p.color.r, p.color.g, p.color.b],
                        alpha: p.alpha,
                        texture_index: p.texture_index,
                        texture: sys
                            .textures
                            .get(usize::from(p.texture_index))
                            .map(String::as_str),
                        visible: p.visible,
                        draw_index,
                        copy: copy_of(state, p.serial),
                        scene: DumpPose {
                            x: pose.x,
                            y: pose.y,
                            rotation_deg: pose.rotation_deg,
                            scale_x: pose.scale_x,
                            scale_y: pose.scale_y,
                        },
                        impacts: p.impacts,
                        last_impact_secs: state.last_impact_secs(i),
                        trail,
                    }
                })
                .collect();
            DumpSystem {
                index,
                name: &sys.name,
                visible: sys.visible,
                draw_order: sys.draw_order,
                particles,
            }
        })
        .collect();
    DumpFrame {
        frame,
        time_secs: sim.time_secs(),
        systems,
    }
}

/// The loop copy a particle of a periodic system stands for.
fn copy_of(state: &SystemSim, serial: u64) -> Option<DumpCopy> {
    let set = state.loop_set()?;
    let c = set.copy_of_serial(serial)?;
    Some(DumpCopy {
        life: set.lives().get(c.life)?.serial,
        k: c.k,
    })
}
