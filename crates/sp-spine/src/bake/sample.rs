//! Frame-by-frame sampling of one system: every particle alive at frame `f` (time `f / fps`)
//! is recorded with its world pose (Spine axes), its local pose under the system bone, its
//! colour (unquantised, alpha clamped to 0..1) and the texture it shows. Lives are keyed by spawn serial; a life never sampled
//! (born and dead between two frames) is invisible in every baked frame and is not exported.

use std::collections::BTreeMap;

use sp_sim::document::ParticleSystem;
use sp_sim::sim::{Follow, SystemSim};
use sp_sim::time::Timebase;

use super::FrameState;
use crate::coords::{Affine, Inherit, SpinePose, local_pose};

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
}

/// How sampled poses become bone transforms.
#[derive(Clone, Copy, Debug)]
pub struct PoseContext {
    /// World transform of the system bone.
    pub parent: Affine,
    /// Inherit mode of the particle bones.
    pub inherit: Inherit,
}

/// Samples `system` (integrated motion on a grid of `substeps_per_sec`) at `fps` until `stop`;
/// `Err` carries a message for the caller to attach the system's name to.
pub fn sample_system(
    system: &ParticleSystem,
    substeps_per_sec: u32,
    follow: Option<&Follow>,
    ctx: &PoseContext,
    fps: u32,
    stop: Stop,
) -> Result<Sampled, String> {
    let mut sim = SystemSim::with_substeps(system, substeps_per_sec);
    sim.set_follow(follow.cloned());
    let mut events = Vec::new();
    let mut lives: Vec<Life> = Vec::new();
    let mut active: BTreeMap<u64, usize> = BTreeMap::new();
    let mut peak_alive = 0usize;
    let mut frame = 0u32;
    let clock = Timebase::new(f64::from(fps)).unwrap_or(Timebase::DEFAULT);
    loop {
        let time = clock.time_of(u64::from(frame));
        events.clear();
        sim.advance_to(time, &mut events);
        let particles = sim.particles();
        peak_alive = peak_alive.max(particles.len());
        let mut seen: Vec<u64> = Vec::with_capacity(particles.len());
        for p in particles {
            let pose = sim.scene_pose(p);
            let world = SpinePose::from_editor(
                pose.x,
                pose.y,
                pose.rotation_deg,
                pose.scale_x,
                pose.scale_y,
            );
            let local = local_pose(&ctx.parent, &world, ctx.inherit).ok_or_else(|| {
                "the system's scale is 0: its particles cannot be placed".to_owned()
            })?;
            let unit = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
            let state = FrameState {
                world,
                local,
                color: [p.color.r, p.color.g, p.color.b, p.alpha].map(unit),
                texture: p.visible.then_some(p.texture_index),
            };
            let idx = *active.entry(p.serial).or_insert_with(|| {
                lives.push(Life {
                    serial: p.serial,
                    birth_secs: p.birth_secs,
                    first_frame: frame,
                    states: Vec::new(),
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
    })
}
