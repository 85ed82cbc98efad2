//! The one clock: which frame a time falls on, how many frames a duration takes, which two
//! frames (and blend) to show while playing, and how long the scene's timeline is.
//!
//! Time of frame `i` at `fps` frames per second is `tᵢ = i / fps` (DESIGN.md, "Time": changing
//! the fps keeps seconds, not frames). Everything below is computed in `f64` with one tolerance,
//! [`FRAME_EPSILON`] (a billionth of a frame), so that a time meant to be exactly on a frame
//! (`0.1·3` s at 10 fps is `3.0000000000000004` frames, `0.29` s at 100 fps is
//! `28.999999999999996`)
//! counts as on it:
//!
//! - [`Timebase::frame_of`]`(t) = ⌊t·fps + ε⌋`: the frame showing at `t` (the last frame whose
//!   time is ≤ `t`). Negative times and NaN give frame 0; `+∞` saturates.
//! - [`Timebase::frame_count`]`(d) = frame_of(d) + 1`: the frames `0, 1/fps, …` that fall in
//!   `[0, d]` (the frames a simulation of `d` seconds visits, both ends included). `d ≤ 0` or NaN
//!   gives 1 (frame 0 alone).
//! - [`Timebase::steps_covering`]`(d) = max(0, ⌈d·fps − ε⌉)`: the frame steps needed so that the
//!   last frame reaches `d`. A bake that ends exactly at `d` (its last frame's time clamped to
//!   `d`) has `steps_covering(d) + 1` frames; MS3D clips and Spine skeleton clips bake so.
//! - [`Timebase::period_frames`]`(d) = max(1, steps_covering(d))`: a loop of `d` seconds rounded
//!   up to whole frames (the exporter's seamless loop length).
//! - [`Timebase::frame_pair`]`(t, n, mode)`: the frames `a`, `b` and the weight `w` of `b` to
//!   draw at `t` for a clip of `n` frames. With `f = t·fps` (non-finite: 0), snapped to the
//!   nearest integer when within `ε` of it:
//!   - [`Playback::Loop`]: `f ← f mod n` (Euclidean, so negative times wrap too), `a = ⌊f⌋`,
//!     `b = (a + 1) mod n`, `w = f − a`: the last frame blends into frame 0 and the clip repeats
//!     every [`Timebase::period_secs`]`(n) = n / fps` seconds;
//!   - [`Playback::Clamp`]: `f ← clamp(f, 0, n − 1)`, `a = ⌊f⌋`, `b = min(a + 1, n − 1)`,
//!     `w = f − a` (0 on the last frame): before 0 the first frame holds, after the end the last.
//!
//!   A clip that baked its end point as a frame of its own (`steps_covering(d) + 1` frames, last
//!   pose = first pose for a looping animation) loops seamlessly by wrapping the time by `d`
//!   first ([`wrap_secs`]) and then playing in clamp mode.
//! - [`timeline_length_secs`]: how long the editor's timeline is for a scene (see there).

use crate::document::Scene;

/// Tolerance, in frames, within which a time counts as exactly on a frame (see the module doc).
pub const FRAME_EPSILON: f64 = 1e-9;

pub use crate::sim::looping::timeline::MIN_TIMELINE_SECS;

/// How a clip plays past its ends (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playback {
    /// Wrap around: the last frame blends into the first, period `n / fps`.
    Loop,
    /// Hold the first frame before 0 and the last frame after the end.
    Clamp,
}

impl Playback {
    /// [`Playback::Loop`] when `looping`, else [`Playback::Clamp`].
    pub fn looping(looping: bool) -> Playback {
        if looping {
            Playback::Loop
        } else {
            Playback::Clamp
        }
    }
}

/// The two frames to draw and the weight of the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FramePair {
    /// First frame.
    pub a: u32,
    /// Second frame (equal to `a` on the last frame in clamp mode).
    pub b: u32,
    /// Weight of `b`, in `[0, 1)`.
    pub blend: f32,
}

/// A frame rate and the frame arithmetic of the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timebase {
    fps: f64,
}

impl Timebase {
    /// 30 frames per second (the export's default rate).
    pub const DEFAULT: Timebase = Timebase { fps: 30.0 };

    /// A timebase of `fps` frames per second; `None` unless `fps` is finite and above 0.
    pub fn new(fps: f64) -> Option<Timebase> {
        (fps.is_finite() && fps > 0.0).then_some(Timebase { fps })
    }

    /// Frames per second.
    pub fn fps(&self) -> f64 {
        self.fps
    }

    /// Time of frame `frame`, seconds: `frame / fps`.
    pub fn time_of(&self, frame: u64) -> f64 {
        frame as f64 / self.fps
    }

    /// `⌊t·fps + ε⌋`: the frame showing at `time_secs` (0 for negative or NaN times).
    pub fn frame_of(&self, time_secs: f64) -> u64 {
        let f = time_secs * self.fps + FRAME_EPSILON;
        if f >= 1.0 {
            // `as` saturates at u64::MAX for +∞.
            f64::floor(f) as u64
        } else {
            0
        }
    }

    /// `frame_of(d) + 1`: frames at `i / fps` within `[0, d]` (1 for `d ≤ 0` or NaN).
    pub fn frame_count(&self, duration_secs: f64) -> u64 {
        if duration_secs > 0.0 {
            self.frame_of(duration_secs).saturating_add(1)
        } else {
            1
        }
    }

    /// `max(0, ⌈d·fps − ε⌉)`: frame steps until the last frame reaches `d` (0 for `d ≤ 0`, NaN).
    pub fn steps_covering(&self, duration_secs: f64) -> u64 {
        let f = f64::ceil(duration_secs * self.fps - FRAME_EPSILON);
        if f > 0.0 { f as u64 } else { 0 }
    }

    /// `max(1, steps_covering(d))`: a loop of `d` seconds in whole frames.
    pub fn period_frames(&self, duration_secs: f64) -> u64 {
        self.steps_covering(duration_secs).max(1)
    }

    /// `n / fps`: the period of a clip of `frame_count` frames played in [`Playback::Loop`].
    pub fn period_secs(&self, frame_count: u64) -> f64 {
        frame_count as f64 / self.fps
    }

    /// Frames and blend at `time_secs` for a clip of `frame_count` frames (see the module doc).
    pub fn frame_pair(&self, time_secs: f64, frame_count: u32, mode: Playback) -> FramePair {
        let n = frame_count.max(1);
        let f = time_secs * self.fps;
        let f = if f.is_finite() { snap(f) } else { 0.0 };
        match mode {
            Playback::Loop => {
                let f = snap(f.rem_euclid(f64::from(n)));
                // `f mod n` may round up to exactly `n`: that is frame 0 again.
                let f = if f >= f64::from(n) { 0.0 } else { f };
                let a = (f64::floor(f) as u32).min(n - 1);
                FramePair {
                    a,
                    b: (a + 1) % n,
                    blend: (f - f64::from(a)) as f32,
                }
            }
            Playback::Clamp => {
                let f = f.clamp(0.0, f64::from(n - 1));
                let a = (f64::floor(f) as u32).min(n - 1);
                let b = (a + 1).min(n - 1);
                FramePair {
                    a,
                    b,
                    blend: if a == b {
                        0.0
                    } else {
                        (f - f64::from(a)) as f32
                    },
                }
            }
        }
    }
}

/// `f` rounded to the nearest integer when within [`FRAME_EPSILON`] of it.
fn snap(f: f64) -> f64 {
    let r = f64::round(f);
    if (f - r).abs() <= FRAME_EPSILON { r } else { f }
}

/// `t mod period` (Euclidean: in `[0, period)`) when `period > 0`, else `t` clamped to 0 (NaN: 0).
/// With [`Playback::Clamp`] this plays a clip whose last frame is its end point (module doc).
pub fn wrap_secs(time_secs: f64, period_secs: f64) -> f64 {
    if !time_secs.is_finite() {
        return 0.0;
    }
    if period_secs > 0.0 && period_secs.is_finite() {
        let w = time_secs.rem_euclid(period_secs);
        if w >= period_secs { 0.0 } else { w }
    } else {
        time_secs.max(0.0)
    }
}

/// Length of the editor's timeline for `scene`, seconds: the core's timeline
/// ([`crate::sim::SceneTimeline::length_secs`]: start | loop | end of the visible
/// loop-continuous systems, every visible one-shot system's delay + max(duration, last burst) +
/// longest lifetime, at least [`MIN_TIMELINE_SECS`]). `spineparticle simulate` runs this long
/// unless given `--duration`.
pub fn timeline_length_secs(scene: &Scene) -> f64 {
    crate::sim::SceneSim::new(scene).timeline().length_secs()
}

#[cfg(test)]
mod tests;
