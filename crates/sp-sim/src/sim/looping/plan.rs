//! The frame plan of a loop-continuous system and the alignment of systems that share animations.
//!
//! At `fps` frames per second (the export's rate: the loop is built in whole frames, on the one
//! clock [`crate::time::Timebase`]):
//! - `T₀ = ⌈(delay + longest lifetime)·fps⌉` (`steps_covering`): the start segment (a warm-up at least as long as
//!   the longest life after the delay, so that at `T₀` every copy alive was born after the delay);
//! - `L = max(1, ⌈duration·fps⌉)` (`period_frames`): the loop period (the duration rounded up to whole frames);
//! - `span ≥ L`: the length of the loop segment (the exported loop animation);
//! - the end segment starts at `T₀ + span`, where emission stops.
//!
//! Alignment ([`loop_alignment`]): visible loop-continuous systems that share a start animation
//! start their loops together, `T₀ = ` the largest of theirs; those that share a loop animation
//! repeat across the longest loop, `span = ` the largest `L` of theirs (seamless for a system
//! whose `L` divides it). Hidden systems are not exported and keep their own plan.

use crate::document::{ParticleSystem, PlayMode, Scene};
use crate::time::Timebase;

/// Frame plan of a loop-continuous system (see the module formula).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoopPlan {
    /// Start of the loop segment: length of the start segment (frames).
    pub t0_frames: u32,
    /// Loop period `L` (frames, ≥ 1).
    pub loop_frames: u32,
    /// Length of the loop segment (frames, ≥ `loop_frames`): the longest loop of the systems
    /// sharing the loop animation; the pattern repeats across it (seamless when it is a multiple
    /// of `loop_frames`).
    pub span_frames: u32,
    /// Emission delay, seconds.
    pub delay_secs: f64,
    /// Frames per second.
    pub fps: u32,
}

/// Frame alignment of a loop-continuous system with the others sharing its animations:
/// `(start segment length, loop segment length)` in frames.
pub type LoopAlignment = (u32, u32);

/// The longest lifetime of `system`, seconds (at least 0).
pub fn longest_life_secs(system: &ParticleSystem) -> f32 {
    system
        .lifetime_secs
        .min
        .max(system.lifetime_secs.max)
        .max(0.0)
}

impl LoopPlan {
    /// The plan for a delay, a longest lifetime and a loop duration (see the module formula).
    pub fn new(delay_secs: f32, longest_life_secs: f32, duration_secs: f32, fps: u32) -> LoopPlan {
        let fps = fps.max(1);
        let clock = Timebase::new(f64::from(fps)).unwrap_or(Timebase::DEFAULT);
        let delay = f64::from(delay_secs.max(0.0));
        let life = f64::from(longest_life_secs.max(0.0));
        let frames = |steps: u64| u32::try_from(steps).unwrap_or(u32::MAX);
        let t0 = frames(clock.steps_covering(delay + life));
        let l = frames(clock.period_frames(f64::from(duration_secs.max(0.0))));
        LoopPlan {
            t0_frames: t0,
            loop_frames: l,
            span_frames: l,
            delay_secs: delay,
            fps,
        }
    }

    /// The plan `system` has on its own (before alignment).
    pub fn of(system: &ParticleSystem, fps: u32) -> LoopPlan {
        LoopPlan::new(
            system.delay_secs,
            longest_life_secs(system),
            system.duration_secs,
            fps,
        )
    }

    /// The plan aligned with the other systems of the same animations: the start segment lasts
    /// `t0_frames` (≥ this system's own prewarm) and the loop segment `span_frames`.
    pub fn aligned(mut self, t0_frames: u32, span_frames: u32) -> LoopPlan {
        self.t0_frames = self.t0_frames.max(t0_frames);
        self.span_frames = self.loop_frames.max(span_frames);
        self
    }

    /// Frame where emission stops and the end segment starts: `T₀ + span`.
    pub fn stop_frame(&self) -> u32 {
        self.t0_frames + self.span_frames
    }

    /// Seconds of frame `frame`: `frame / fps`.
    pub fn secs(&self, frame: f64) -> f64 {
        frame / f64::from(self.fps)
    }

    /// Last frame a real simulation must reach to cover every life of the loop set and the
    /// span after it.
    pub fn sample_until(&self, longest_life_secs: f32) -> u32 {
        let life = f64::ceil(f64::from(longest_life_secs.max(0.0)) * f64::from(self.fps)) as u32;
        self.t0_frames + self.loop_frames.max(self.span_frames) + life + 2
    }
}

/// Loop-continuous systems among `visible` (indices into `scene.systems`) sharing a start
/// animation start their loops together (the longest prewarm), and those sharing a loop
/// animation repeat across the longest loop: `(index, alignment)` of each, in `visible` order.
pub fn loop_alignment(scene: &Scene, visible: &[usize], fps: u32) -> Vec<(usize, LoopAlignment)> {
    let loops: Vec<(usize, LoopPlan)> = visible
        .iter()
        .filter(|&&i| scene.systems[i].mode == PlayMode::LoopContinuous)
        .map(|&i| (i, LoopPlan::of(&scene.systems[i], fps)))
        .collect();
    loops
        .iter()
        .map(|(i, _)| {
            let me = &scene.systems[*i].loop_animations;
            let t0 = loops
                .iter()
                .filter(|(j, _)| scene.systems[*j].loop_animations.start == me.start)
                .map(|(_, p)| p.t0_frames)
                .max()
                .unwrap_or(0);
            let span = loops
                .iter()
                .filter(|(j, _)| scene.systems[*j].loop_animations.looping == me.looping)
                .map(|(_, p)| p.loop_frames)
                .max()
                .unwrap_or(1);
            (*i, (t0, span))
        })
        .collect()
}

/// The plan of every system of `scene` at its export rate: `None` for one-shot systems; visible
/// loop-continuous systems aligned as the export aligns them ([`loop_alignment`]), hidden ones
/// on their own plan.
pub fn scene_loop_plans(scene: &Scene) -> Vec<Option<LoopPlan>> {
    let fps = scene.export.fps.max(1);
    let visible: Vec<usize> = (0..scene.systems.len())
        .filter(|&i| scene.systems[i].visible)
        .collect();
    let align = loop_alignment(scene, &visible, fps);
    scene
        .systems
        .iter()
        .enumerate()
        .map(|(i, s)| {
            (s.mode == PlayMode::LoopContinuous).then(|| {
                let own = LoopPlan::of(s, fps);
                match align.iter().find(|(j, _)| *j == i) {
                    Some(&(_, (t0, span))) => own.aligned(t0, span),
                    None => own,
                }
            })
        })
        .collect()
}
