//! The editor's timeline of a scene: one time axis `t` on which loop-continuous systems play
//! start | loop | end as their export chains them, and one-shot systems play their own
//! animation.
//!
//! With the visible loop-continuous systems' aligned plans ([`super::plan`]) at the export rate
//! `fps`, in frames: `S = max T₀`, `P = max span`, and the axis is
//! `start [0, S] | loop [S, S + P] | end [S + P, S + P + E]`. A loop-continuous system with plan
//! `(T₀, span)` shows, at timeline frame position `F = t·fps`, its virtual frame
//! - `v = F` while `F ≤ T₀` (its start segment),
//! - `v = T₀ + ((F − T₀) mod span)` while `F < S + P` (its loop, repeating),
//! - `v = T₀ + span − r + (F − S − P)` from `S + P` on, emission stopped at `T₀ + span`, where
//!   `r = (T₀ − S − P) mod span` is what is left of its loop at `S + P` (0 when its loop ends
//!   there, as for every system of the longest start and loop): it finishes its loop, then plays
//!   its end segment, as a game plays `end` after the current loop.
//!
//! So when every loop-continuous system shares its animations (the usual scene) `v = t`: the
//! timeline *is* the virtual axis of [`super`], start, loop and end are the three exported
//! animations end to end, the loop's last frame is its first and the end's first, and
//! `E = ` the end animation's length. Systems of other animations play their own chain on the
//! same clock; one whose span does not divide `P` jumps at the wrap (like a system whose loop does
//! not divide its animation's span in the export, which warns).
//!
//! A **one-shot** system plays its own animation at the timeline time `t`, from 0: it is not
//! part of the loop, so when the timeline repeats the loop it is at the loop's times again (what
//! the compare view poses for it too), and it runs to its end when the end is played.
//!
//! Playing ([`SceneTimeline::play`]): time advances; at `S + P` it wraps to `S` (seamless: the
//! state at `S + P` equals the state at `S` for every system whose span divides `P`) unless the
//! end is asked for, in which case it runs on into the end; past the timeline's length (or, with
//! no loop-continuous system, past the one-shot systems' end) it restarts at 0.
//! Length: `max(0.5 s, (S + P + E)/fps, every visible one-shot system's delay + max(duration,
//! last burst) + longest lifetime)`.

use super::plan::{LoopPlan, longest_life_secs};
use crate::document::{PlayMode, Scene};

/// Shortest timeline, seconds.
pub const MIN_TIMELINE_SECS: f64 = 0.5;

/// One of the three segments of a loop-continuous scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum SegmentKind {
    /// Warm-up from empty.
    Start,
    /// The seamless loop.
    Loop,
    /// Emission stopped, the living finish.
    End,
}

/// A segment of the timeline, with the names of the animations it is exported as.
#[derive(Clone, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TimelineSegment {
    /// Which segment.
    pub kind: SegmentKind,
    /// Where it starts on the timeline, seconds.
    pub start_secs: f64,
    /// Where it ends, seconds.
    pub end_secs: f64,
    /// Animation names of the visible loop-continuous systems for this segment (distinct, in
    /// scene order).
    pub names: Vec<String>,
}

/// The three regions of a scene with visible loop-continuous systems, in frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopRegions {
    /// Frame rate of the frames below (the export's).
    pub fps: u32,
    /// `S`: length of the start region.
    pub start_frames: u32,
    /// `P`: length of the loop region.
    pub loop_frames: u32,
    /// `E`: length of the end region.
    pub end_frames: u32,
}

/// Where a loop-continuous system is at a time: its virtual time and where its emission stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SystemTime {
    /// Virtual time, seconds.
    pub virtual_secs: f64,
    /// Emission stopped at this frame position (`None`: it goes on).
    pub stop_frame: Option<f64>,
}

/// The result of [`SceneTimeline::play`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// The new timeline time, seconds.
    pub time_secs: f64,
    /// It went back to 0 (the whole timeline, end included, was played).
    pub restarted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Clock {
    plan: LoopPlan,
    /// Frames left of the system's loop at `S + P`.
    remaining: u32,
    /// Length of its own end segment, frames.
    end_frames: u32,
}

/// The timeline of a scene (see the module formula).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneTimeline {
    length_secs: f64,
    regions: Option<LoopRegions>,
    clocks: Vec<Option<Clock>>,
    segments: Vec<TimelineSegment>,
}

fn snap(f: f64) -> f64 {
    let r = f64::round(f);
    if (f - r).abs() <= super::set::FRAME_SNAP {
        r
    } else {
        f
    }
}

impl SceneTimeline {
    /// The timeline of `scene` whose systems have the plans `plans` (`None`: one-shot) and whose
    /// loop-continuous systems' end segments last `end_frames` frames (0 for the others).
    pub fn new(scene: &Scene, plans: &[Option<LoopPlan>], end_frames: &[u32]) -> SceneTimeline {
        let visible_loops: Vec<(usize, LoopPlan)> = plans
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.filter(|_| scene.systems[i].visible).map(|p| (i, p)))
            .collect();
        let start = visible_loops.iter().map(|(_, p)| p.t0_frames).max();
        let span = visible_loops.iter().map(|(_, p)| p.span_frames).max();
        let fps = scene.export.fps.max(1);
        let mut clocks: Vec<Option<Clock>> = plans
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.map(|plan| Clock {
                    plan,
                    remaining: 0,
                    end_frames: end_frames.get(i).copied().unwrap_or(0),
                })
            })
            .collect();
        let mut regions = None;
        let mut segments = Vec::new();
        if let (Some(s), Some(p)) = (start, span) {
            let mut end = 0u32;
            for (i, c) in clocks.iter_mut().enumerate() {
                if let Some(c) = c {
                    let span = i64::from(c.plan.span_frames);
                    let r = (i64::from(c.plan.t0_frames) - i64::from(s) - i64::from(p))
                        .rem_euclid(span);
                    c.remaining = r as u32;
                    if scene.systems[i].visible {
                        end = end.max(c.remaining + c.end_frames);
                    }
                }
            }
            regions = Some(LoopRegions {
                fps,
                start_frames: s,
                loop_frames: p,
                end_frames: end,
            });
            let f = f64::from(fps);
            let names = |pick: fn(&crate::document::LoopAnimations) -> &String| {
                let mut out: Vec<String> = Vec::new();
                for (i, _) in &visible_loops {
                    let n = pick(&scene.systems[*i].loop_animations);
                    if !out.contains(n) {
                        out.push(n.clone());
                    }
                }
                out
            };
            let (a, b, c) = (
                f64::from(s) / f,
                f64::from(s + p) / f,
                f64::from(s + p + end) / f,
            );
            segments = vec![
                TimelineSegment {
                    kind: SegmentKind::Start,
                    start_secs: 0.0,
                    end_secs: a,
                    names: names(|l| &l.start),
                },
                TimelineSegment {
                    kind: SegmentKind::Loop,
                    start_secs: a,
                    end_secs: b,
                    names: names(|l| &l.looping),
                },
                TimelineSegment {
                    kind: SegmentKind::End,
                    start_secs: b,
                    end_secs: c,
                    names: names(|l| &l.end),
                },
            ];
        }
        let mut length = MIN_TIMELINE_SECS;
        if let Some(last) = segments.last() {
            length = length.max(last.end_secs);
        }
        for s in scene
            .systems
            .iter()
            .filter(|s| s.visible && s.mode == PlayMode::OneShot)
        {
            let last_burst = s.bursts.iter().map(|b| b.time_secs).fold(0.0f32, f32::max);
            let end = f64::from(s.delay_secs.max(0.0))
                + f64::from(s.duration_secs.max(last_burst).max(0.0))
                + f64::from(longest_life_secs(s));
            length = length.max(end);
        }
        SceneTimeline {
            length_secs: length,
            regions,
            clocks,
            segments,
        }
    }

    /// Length of the timeline, seconds.
    pub fn length_secs(&self) -> f64 {
        self.length_secs
    }

    /// The loop regions, when the scene has a visible loop-continuous system.
    pub fn regions(&self) -> Option<&LoopRegions> {
        self.regions.as_ref()
    }

    /// Start, loop and end, when the scene has a visible loop-continuous system (else empty).
    pub fn segments(&self) -> &[TimelineSegment] {
        &self.segments
    }

    /// The segment the timeline time `t_secs` falls in (the later one on a boundary; `None`
    /// without loop-continuous systems).
    pub fn segment_at(&self, t_secs: f64) -> Option<SegmentKind> {
        let r = self.regions?;
        let f = snap(t_secs * f64::from(r.fps));
        Some(if f < f64::from(r.start_frames) {
            SegmentKind::Start
        } else if f < f64::from(r.start_frames + r.loop_frames) {
            SegmentKind::Loop
        } else {
            SegmentKind::End
        })
    }

    /// Where loop-continuous system `index` is at timeline time `t_secs` (see the module
    /// formula); `None` for a one-shot system (it plays at `t`).
    pub fn system_time(&self, index: usize, t_secs: f64) -> Option<SystemTime> {
        let c = self.clocks.get(index).copied().flatten()?;
        let fps = f64::from(c.plan.fps);
        let Some(r) = self.regions else {
            // No visible loop: a hidden system runs its own emitter without end.
            return Some(SystemTime {
                virtual_secs: t_secs,
                stop_frame: None,
            });
        };
        let f = snap(t_secs.max(0.0) * fps);
        let (t0, span) = (f64::from(c.plan.t0_frames), f64::from(c.plan.span_frames));
        let wrap_at = f64::from(r.start_frames + r.loop_frames);
        let (v, stop) = if f < wrap_at {
            let v = if f <= t0 {
                f
            } else {
                t0 + (f - t0).rem_euclid(span)
            };
            (v, None)
        } else {
            let v = t0 + span - f64::from(c.remaining) + (f - wrap_at);
            (v, Some(f64::from(c.plan.stop_frame())))
        };
        Some(SystemTime {
            virtual_secs: v / fps,
            stop_frame: stop,
        })
    }

    /// Which of its exported animations loop-continuous system `index` shows at timeline time
    /// `t_secs`, and how far into it, seconds (what a game chaining start, loop and end plays
    /// there; the compare view poses it): start while its virtual frame is before `T₀`, then
    /// loop at `v − T₀` (repeating), and once emission stopped, when its loop is over, end at
    /// `v − T₀ − span`. `None` for a one-shot system (it plays its animation at `t`).
    pub fn animation_at(&self, index: usize, t_secs: f64) -> Option<(SegmentKind, f64)> {
        let c = self.clocks.get(index).copied().flatten()?;
        let at = self.system_time(index, t_secs)?;
        let fps = f64::from(c.plan.fps);
        let v = snap(at.virtual_secs * fps);
        let (t0, span) = (f64::from(c.plan.t0_frames), f64::from(c.plan.span_frames));
        let (kind, local) = match at.stop_frame {
            None if v < t0 => (SegmentKind::Start, v),
            Some(_) if v >= t0 + span => (SegmentKind::End, v - t0 - span),
            _ => (SegmentKind::Loop, v - t0),
        };
        Some((kind, local / fps))
    }

    /// Where loop-continuous system `index` is at `local_secs` into its own exported segment
    /// `kind` (start: `v = local`; loop: `T₀ + local`; end: `T₀ + span + local`, emission
    /// stopped at `T₀ + span`); `None` for a one-shot system.
    pub fn segment_time(
        &self,
        index: usize,
        kind: SegmentKind,
        local_secs: f64,
    ) -> Option<SystemTime> {
        let c = self.clocks.get(index).copied().flatten()?;
        let fps = f64::from(c.plan.fps);
        let f = snap(local_secs.max(0.0) * fps);
        let (v, stop) = match kind {
            SegmentKind::Start => (f, None),
            SegmentKind::Loop => (f64::from(c.plan.t0_frames) + f, None),
            SegmentKind::End => {
                let s = f64::from(c.plan.stop_frame());
                (s + f, Some(s))
            }
        };
        Some(SystemTime {
            virtual_secs: v / fps,
            stop_frame: stop,
        })
    }

    /// Frames of the longest exported segment `kind` of the visible loop-continuous systems
    /// (start: `S`, loop: `P`, end: the longest end segment); 0 without them.
    pub fn segment_frames(&self, kind: SegmentKind) -> u32 {
        let Some(r) = self.regions else {
            return 0;
        };
        match kind {
            SegmentKind::Start => r.start_frames,
            SegmentKind::Loop => r.loop_frames,
            SegmentKind::End => self
                .clocks
                .iter()
                .flatten()
                .map(|c| c.end_frames)
                .max()
                .unwrap_or(0),
        }
    }

    /// Plays `dt_secs` from `t_secs` (see the module formula): wraps the loop unless
    /// `play_end`, restarts at 0 past the length (at least `min_length_secs`, for objects on the
    /// same timeline that last longer, such as skeleton animations).
    pub fn play(&self, t_secs: f64, dt_secs: f64, min_length_secs: f64, play_end: bool) -> Played {
        let t = if t_secs.is_finite() {
            t_secs.max(0.0)
        } else {
            0.0
        };
        let dt = if dt_secs.is_finite() {
            dt_secs.max(0.0)
        } else {
            0.0
        };
        let t1 = t + dt;
        if let (Some(r), false) = (self.regions, play_end) {
            let f = f64::from(r.fps);
            let a = f64::from(r.start_frames) / f;
            let b = f64::from(r.start_frames + r.loop_frames) / f;
            if t <= b && t1 > b {
                return Played {
                    time_secs: a + (t1 - b).rem_euclid(b - a),
                    restarted: false,
                };
            }
        }
        let length = if min_length_secs.is_finite() {
            self.length_secs.max(min_length_secs)
        } else {
            self.length_secs
        };
        if t1 >= length {
            return Played {
                time_secs: 0.0,
                restarted: true,
            };
        }
        Played {
            time_secs: t1,
            restarted: false,
        }
    }
}
