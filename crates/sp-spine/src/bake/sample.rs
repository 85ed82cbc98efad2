//! Frame-by-frame sampling of one system: every particle alive at frame `f` (time `f / fps`)
//! is recorded with its world pose (Spine axes), its local pose under the system bone, its
//! colour (unquantised, alpha clamped to 0..1), the texture it shows ([`frame_state`]) and,
//! with a trail, its trail ([`super::trail`]). Lives are keyed by spawn serial; a life never
//! sampled (born and dead between two frames) is invisible in every baked frame and is not
//! exported. A loop-continuous system's lives are those of its loop set
//! ([`sample_loop_lives`]), each with its life's trail, and [`census`] counts the real
//! simulation's.

use std::collections::BTreeMap;

use sp_sim::document::{ParticleSystem, SimulationSpace};
use sp_sim::sim::{Follow, LoopSet, Particle, SystemEnv, SystemSim, pose_in_scene};
use sp_sim::time::Timebase;

use super::FrameState;
use super::follow::MotionAt;
use super::trail::{NO_TRAIL, TrailArena};
use crate::coords::{Affine, Inherit, SpinePose, local_pose};
use sp_sim::sim::trail::{History, PreparedTrail, TrailDetail, TrailFrame, TrailInput};

/// The message of a system whose scale makes its particles unplaceable.
const ZERO_SCALE: &str = "the system's scale is 0: its particles cannot be placed";

/// The baked state of particle `p` of `system` at scene time `time_secs` (Local-space particles
/// carried by the system's effective transform then, `motion(time_secs)`: followed bone or
/// emitter path included, [`SystemSim::transform_at`]).
pub fn frame_state(
    system: &ParticleSystem,
    motion: MotionAt,
    ctx: &PoseContext,
    p: &Particle,
    time_secs: f64,
) -> Result<FrameState, String> {
    let transform = match system.space {
        SimulationSpace::Local => motion(time_secs),
        SimulationSpace::World => system.transform,
    };
    let pose = pose_in_scene(system.space, &transform, p);
    let world = SpinePose::from_editor(
        pose.x,
        pose.y,
        pose.rotation_deg,
        pose.scale_x,
        pose.scale_y,
    );
    let local =
        local_pose(&ctx.parent, &world, ctx.inherit).ok_or_else(|| ZERO_SCALE.to_owned())?;
    let unit = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
    Ok(FrameState {
        world,
        local,
        color: [p.color.r, p.color.g, p.color.b, p.alpha].map(unit),
        texture: p.visible.then_some(p.texture_index),
        events: p.impacts,
        trail: NO_TRAIL,
    })
}

/// One particle's life as sampled.
#[derive(Clone, Debug, PartialEq)]
pub struct Life {
    /// Spawn serial.
    pub serial: u64,
    /// Birth time, seconds.
    pub birth_secs: f64,
    /// First sampled frame.
    pub first_frame: u32,
    /// States at `first_frame, first_frame + 1, …` (consecutive).
    pub states: Vec<FrameState>,
    /// The particle behind each state (kept for a loop life, whose copies are placed again at
    /// their own time when the system bone moves; empty otherwise).
    pub particles: Vec<Particle>,
    /// The trail behind each state, as [`LoopTrail`]s (a loop life of a trailed Local-space
    /// system whose bone moves: its copies are placed again at their own time, trails too;
    /// empty otherwise).
    pub histories: Vec<LoopTrail>,
}

/// What a loop life's trail at one frame is computed from, kept to place it again at a copy's
/// own time ([`trail_state`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LoopTrail {
    /// The life's history at that frame.
    pub history: History,
    /// Its age then, seconds.
    pub age_secs: f64,
    /// Its own velocity, particle space.
    pub velocity: [f64; 2],
}

/// The trail of particle `p` with `trail` placed at scene time `time_secs` (the system's
/// effective transform then, `motion(time_secs)`), pushed into `trails`: its index.
#[allow(clippy::too_many_arguments)]
pub fn trail_state(
    system: &ParticleSystem,
    motion: MotionAt,
    prepared: &PreparedTrail,
    p: &Particle,
    history: &History,
    age_secs: f64,
    velocity: [f64; 2],
    time_secs: f64,
    frame: &mut TrailFrame,
    trails: &mut TrailArena,
) -> u32 {
    let transform = motion(time_secs);
    let input = TrailInput {
        particle: p,
        pose: pose_in_scene(system.space, &transform, p),
        age_secs,
        velocity,
        space: system.space,
        transform: &transform,
    };
    frame.compute(prepared, history, &input, TrailDetail::Angles);
    trails.push(frame)
}

impl Life {
    /// One past the last sampled frame (the first frame it is gone).
    pub fn end_frame(&self) -> u32 {
        self.first_frame + self.states.len() as u32
    }
}

/// When sampling stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// At the first frame where emission is over and nothing is alive; an error after
    /// `limit_frames`.
    Finished {
        /// Frames allowed before giving up.
        limit_frames: u32,
    },
    /// After exactly this frame.
    AtFrame(u32),
}

/// The sampling result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampled {
    /// Lives in spawn order.
    pub lives: Vec<Life>,
    /// Last frame sampled.
    pub last_frame: u32,
    /// Most particles alive in one sampled frame.
    pub peak_alive: usize,
    /// The trails of every frame state (empty without a trail).
    pub trails: TrailArena,
}

/// How sampled poses become bone transforms.
#[derive(Clone, Copy, Debug)]
pub struct PoseContext {
    /// World transform of the system bone.
    pub parent: Affine,
    /// Inherit mode of the particle bones.
    pub inherit: Inherit,
}

/// Samples `system` (integrated motion on a grid of `substeps_per_sec`, meeting the colliders
/// and path of `env`) at `fps` until `stop`; `Err` carries a message for the caller to attach
/// the system's name to.
pub fn sample_system(
    system: &ParticleSystem,
    substeps_per_sec: u32,
    follow: Option<&Follow>,
    env: &SystemEnv,
    ctx: &PoseContext,
    fps: u32,
    stop: Stop,
) -> Result<Sampled, String> {
    let mut sim = SystemSim::with_env(system, substeps_per_sec, env.clone());
    sim.set_follow(follow.cloned());
    let mut events = Vec::new();
    let mut lives: Vec<Life> = Vec::new();
    let mut active: BTreeMap<u64, usize> = BTreeMap::new();
    let mut peak_alive = 0usize;
    let mut frame = 0u32;
    let clock = Timebase::new(f64::from(fps)).unwrap_or(Timebase::DEFAULT);
    let mut trails = TrailArena::new(sim.trail().map_or(0, |t| t.mesh.bones));
    let mut trail_frame = TrailFrame::default();
    loop {
        let time = clock.time_of(u64::from(frame));
        events.clear();
        sim.advance_to(time, &mut events);
        let particles = sim.particles();
        peak_alive = peak_alive.max(particles.len());
        let mut seen: Vec<u64> = Vec::with_capacity(particles.len());
        for (i, p) in particles.iter().enumerate() {
            let mut state = frame_state(system, &|t| sim.transform_at(t), ctx, p, time)?;
            if sim.trail_frame(i, &mut trail_frame, TrailDetail::Angles) {
                state.trail = trails.push(&trail_frame);
            }
            let idx = *active.entry(p.serial).or_insert_with(|| {
                lives.push(Life {
                    serial: p.serial,
                    birth_secs: p.birth_secs,
                    first_frame: frame,
                    states: Vec::new(),
                    particles: Vec::new(),
                    histories: Vec::new(),
                });
                lives.len() - 1
            });
            lives[idx].states.push(state);
            seen.push(p.serial);
        }
        active.retain(|serial, _| seen.binary_search(serial).is_ok());
        match stop {
            Stop::AtFrame(last) if frame >= last => break,
            Stop::Finished { .. } if sim.is_finished() => break,
            Stop::Finished { limit_frames } if frame >= limit_frames => {
                return Err(format!(
                    "the simulation is still running after {:.1} s; a one-shot system must finish",
                    f64::from(frame) / f64::from(fps)
                ));
            }
            _ => {}
        }
        frame += 1;
    }
    Ok(Sampled {
        lives,
        last_frame: frame,
        peak_alive,
        trails,
    })
}

/// What the real simulation of a system shows over frames `0..=last_frame`: the most particles
/// alive in one frame, and the lives visible in at least one frame (births, deaths and the cap
/// only: no motion is computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    /// Most particles alive in one frame.
    pub peak_alive: usize,
    /// Lives seen at one frame or more.
    pub lives: usize,
}

/// Counts [`Census`] for `system` at `fps` over frames `0..=last_frame` (meeting the colliders
/// of `env`: a destroyed particle dies at its impact).
pub fn census(
    system: &ParticleSystem,
    substeps_per_sec: u32,
    follow: Option<&Follow>,
    env: &SystemEnv,
    fps: u32,
    last_frame: u32,
) -> Census {
    let mut sim = SystemSim::with_env(system, substeps_per_sec, env.clone());
    sim.set_follow(follow.cloned());
    sim.set_motion(false);
    let mut c = Census {
        peak_alive: 0,
        lives: 0,
    };
    let mut newest: Option<u64> = None;
    for frame in 0..=last_frame {
        sim.advance_to_quiet(f64::from(frame) / f64::from(fps));
        let particles = sim.particles();
        c.peak_alive = c.peak_alive.max(particles.len());
        let new = particles
            .iter()
            .filter(|p| newest.is_none_or(|n| p.serial > n))
            .count();
        c.lives += new;
        if let Some(p) = particles.last() {
            newest = newest.max(Some(p.serial));
        }
    }
    c
}

/// The lives of the loop set `set`, each at every frame it is alive (original frame times),
/// as [`Life`]s in the loop set's order, their particles kept; with a trail, each frame's trail
/// (the life's history at that original time, placed as [`frame_state`] places the particle)
/// is pushed into `trails`, which every copy of the life then shares. `motion` is the system's
/// effective transform over time; `restated`: the copies are placed again at their own time
/// (a Local-space system whose bone moves), so the trails' histories are kept. `parallel`:
/// without a trail (whose arena the lives share), the lives are sampled on the export's
/// thread pool (`crate::par`); the same lives either way.
pub fn sample_loop_lives(
    set: &LoopSet,
    system: &ParticleSystem,
    motion: MotionAt,
    restated: bool,
    ctx: &PoseContext,
    trails: &mut TrailArena,
    parallel: bool,
) -> Result<Vec<Life>, String> {
    let one = |j: usize, trail: Option<(&mut TrailFrame, &mut TrailArena)>| {
        sample_loop_life(set, j, system, motion, restated, ctx, trail)
    };
    if crate::par::enabled(parallel) && set.trail().is_none() {
        return crate::par::try_map(true, set.lives().len(), |j| one(j, None));
    }
    let mut trail_frame = TrailFrame::default();
    (0..set.lives().len())
        .map(|j| one(j, Some((&mut trail_frame, &mut *trails))))
        .collect()
}

/// Life `j` of [`sample_loop_lives`]; `trail` (the scratch frame and the shared arena) is
/// needed when the system has a trail.
fn sample_loop_life(
    set: &LoopSet,
    j: usize,
    system: &ParticleSystem,
    motion: MotionAt,
    restated: bool,
    ctx: &PoseContext,
    mut trail: Option<(&mut TrailFrame, &mut TrailArena)>,
) -> Result<Life, String> {
    let fps = f64::from(set.plan().fps);
    let life = &set.lives()[j];
    // One state per frame of the life: sized once, not grown by doubling (each doubling
    // copied the states so far).
    let frames = life.end_frame.saturating_sub(life.first_frame) as usize;
    let mut particles = Vec::with_capacity(frames);
    let mut states = Vec::with_capacity(frames);
    let mut histories = Vec::new();
    let mut failed = None;
    set.sample_life_with(j, |p, lt| {
        if failed.is_some() {
            return;
        }
        let t = f64::from(life.first_frame + particles.len() as u32) / fps;
        match frame_state(system, motion, ctx, &p, t) {
            Ok(mut state) => {
                if let (Some(prepared), Some(lt), Some((trail_frame, trails))) =
                    (set.trail(), lt, trail.as_mut())
                {
                    state.trail = trail_state(
                        system,
                        motion,
                        prepared,
                        &p,
                        lt.history,
                        lt.age_secs,
                        lt.velocity,
                        t,
                        trail_frame,
                        trails,
                    );
                    if restated {
                        histories.push(LoopTrail {
                            history: lt.history.clone(),
                            age_secs: lt.age_secs,
                            velocity: lt.velocity,
                        });
                    }
                }
                states.push(state);
                particles.push(p);
            }
            Err(e) => failed = Some(e),
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(Life {
        serial: life.serial,
        birth_secs: life.birth_secs,
        first_frame: life.first_frame,
        states,
        particles,
        histories,
    })
}
