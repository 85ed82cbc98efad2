//! The baker (export spec §10): a deterministic, frame-by-frame simulation of every visible
//! system at the export FPS, turned into per-bone runs of particle states.
//!
//! Composition (§10.5), per frame: particle local state + system root transform + follow
//! target's effective transform = final state. The simulation composes all three
//! ([`sp_sim::sim::SystemSim::scene_pose`], with the followed bone set on it); [`sample`]
//! converts the result to Spine axes and to the bone's local transform under its system bone;
//! [`follow`] moves the system bone of a Local-space following system.
//!
//! Bones: one-shot systems use interval colouring of lives on the frame line ([`assign`]);
//! loop-continuous systems play the simulation crate's periodic emitter
//! ([`sp_sim::sim::looping`]: what the preview shows), its copies given bones by [`looping`].
//!
//! Files: this one holds what a bake produces (states, runs, tracks, baked systems);
//! `system.rs` bakes one system ([`bake_system`]).

pub mod assign;
pub mod follow;
pub mod looping;
pub mod sample;
mod system;
pub mod trail;

use crate::coords::{Affine, Inherit, SpinePose};

/// One particle's baked state at one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameState {
    /// World pose in Spine axes (what `--frames` reports and the fidelity test compares).
    pub world: SpinePose,
    /// Local pose under the system bone (what the timelines carry).
    pub local: SpinePose,
    /// `[r, g, b, a]`, 0..1, as the simulation computes them (the export writes 8-bit keys
    /// held within tolerance of these values).
    pub color: [f32; 4],
    /// Texture index shown, `None` while fake-dead (hidden).
    pub texture: Option<u16>,
    /// Collision events of the particle so far (impacts and pause ends): where it changes
    /// between two frames, keys are forced on both (export spec §10.2, §12.4).
    pub events: u32,
    /// The particle's trail at this frame: an index into its system's [`trail::TrailArena`]
    /// ([`trail::NO_TRAIL`] without a trail).
    pub trail: u32,
}

/// Consecutive frames of one life on one bone, in the frames of its animation segment.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Draw order key: `(birth in µs, spawn serial)` of the particle (for a loop copy, its birth
    /// shifted by the copy's period), so older particles draw behind newer ones as in the
    /// preview.
    pub order: (i64, u64),
    /// First frame (segment-local).
    pub start_frame: u32,
    /// One state per frame from `start_frame`.
    pub states: Vec<FrameState>,
}

impl Run {
    /// Last frame covered.
    pub fn end_frame(&self) -> u32 {
        self.start_frame + self.states.len() as u32 - 1
    }
}

/// Which part of a system's export an animation holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// A one-shot system's whole life.
    OneShot,
    /// Loop-continuous warm-up from empty.
    Start,
    /// Loop-continuous pure loop (first frame = last frame).
    Loop,
    /// Loop-continuous wind-down (emission stopped).
    End,
}

/// What one system contributes to one animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    /// Animation name (a 所属动画).
    pub animation: String,
    /// Segment kind.
    pub segment: Segment,
    /// Last frame of the segment (segment-local; the animation lasts at least this long).
    pub end_frame: u32,
    /// Scene frame (time × fps of the simulation) shown at the segment's frame 0.
    pub scene_frame0: u32,
    /// The system bone's translate keys when it moves (a Local-space system following a bone
    /// or travelling a path, see [`follow`]); `None`: it stays at [`BakedSystem::root_pose`].
    pub root_translate: Option<Vec<crate::reduce::Key<2>>>,
    /// The system bone's rotate keys when it turns (a Local-space system oriented along the
    /// path it travels); `None`: it keeps the rotation of [`BakedSystem::root_pose`].
    pub root_rotate: Option<Vec<crate::reduce::Key<1>>>,
    /// Runs per particle bone (index = pool bone), each list sorted and non-overlapping.
    pub bones: Vec<Vec<Run>>,
}

/// A baked visible system.
#[derive(Clone, Debug, PartialEq)]
pub struct BakedSystem {
    /// Index in the scene's `systems`.
    pub scene_index: usize,
    /// System bone pose (root-relative, as written to its timelines, quantised).
    pub root_pose: SpinePose,
    /// World transform of the system bone (from `root_pose`).
    pub parent: Affine,
    /// How particle bones compose with the system bone.
    pub inherit: Inherit,
    /// Number of particle bones.
    pub bone_count: usize,
    /// Largest number of particles alive at once in any sampled frame.
    pub peak_alive: usize,
    /// Particles spawned that were visible in at least one frame.
    pub lives: usize,
    /// One track per animation the system writes into.
    pub tracks: Vec<Track>,
    /// The trails of every sampled frame (empty without a trail).
    pub trails: trail::TrailArena,
}

/// Progress reported during an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Stage name: `bake`, `reduce`, `validate`, `serialise` (in the order the exporter runs them).
    pub stage: &'static str,
    /// Units done.
    pub done: u32,
    /// Units in all.
    pub total: u32,
}

pub use sp_sim::sim::looping::LoopAlignment;
pub use system::{
    BONE_BYTES, BakeSettings, DRAW_KEY_BYTES, DRAW_OFFSET_BYTES, RING_BUDGETS_HALVES, bake_system,
    written_root_pose,
};
