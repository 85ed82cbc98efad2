//! Seamless loops for loop-continuous systems (export spec §7.3, §11.3; DESIGN.md).
//!
//! Frames (the one clock, [`sp_sim::time::Timebase`]): `T₀ = ⌈(delay + longest lifetime)·fps⌉`
//! (`steps_covering`: prewarm ≥ the longest life), `L = ⌈duration·fps⌉ ≥ 1` (`period_frames`:
//! the loop length, rounded up to whole frames). The *loop set* is
//! every life born in `[T₀, T₀ + L)` of the real simulation, sampled over its whole life. The
//! exported effect is the periodic extension of the loop set: copy `k` of a life is the same
//! states shifted `k·L` frames earlier. So a life that runs past the loop's end reappears at
//! its start. Each life is cut into *arcs* of at most `L` frames (a life longer than the loop
//! overlaps its own copies); arcs are coloured on the circle of length `L` in the order of their
//! first position on it (pool on: an arc takes a bone none of whose arcs shares a position mod
//! `L`: the lowest-numbered such ([`ArcCut::Age`]), or, with [`ArcCut::AgeRing`], the first such
//! going round the ring of bones from the one after the previous arc's, or a new bone when the
//! turn reaches the end of the ring below `budget` — bone order then follows birth order, as in
//! `assign` (export spec §16.3); pool off: a bone per arc), so two arcs that
//! overlap modulo `L` never share a bone, and a copy always uses its arc's bone: identities are
//! stable across the seam and across the three animations.
//!
//! With [`ArcCut::Seam`] lives are cut at the seams instead (real frames `T₀ + j·L`), so an arc
//! lies within one period and its index `j` counts the seams its life crossed before it; each
//! arc gets its own bone, bones ordered by `j` descending, then birth: at any virtual frame the
//! copies shown of arcs `j` were born `j` periods earlier than those of arc 0, so this one bone
//! order stacks every copy by birth in all three animations (export spec §16.3) with no
//! `drawOrder` key, for more bones than the pool needs.
//!
//! Segments (virtual frames): start `[0, T₀]` shows the copies born at or after `delay`;
//! loop `[T₀, T₀ + L]` shows every copy (its last frame is its first frame again); end
//! `[T₀ + L, …]` shows the copies born up to `T₀ + L` until the last dies (emission stopped).
//! Fake-dead particles keep their bones and are hidden by the attachment timeline.

use sp_sim::time::Timebase;

use super::sample::Life;
use super::{Run, Segment, Track};

/// Frame plan of a loop-continuous system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoopPlan {
    /// Start of the loop window (frames).
    pub t0_frames: u32,
    /// Loop length (frames, ≥ 1).
    pub loop_frames: u32,
    /// Length of the exported loop animation (frames, ≥ `loop_frames`): the longest loop of the
    /// systems sharing the animation; the pattern repeats across it (seamless when it is a
    /// multiple of `loop_frames`).
    pub span_frames: u32,
    /// Emission delay, seconds.
    pub delay_secs: f64,
    /// Frames per second.
    pub fps: u32,
}

impl LoopPlan {
    /// The plan for a system (see the module formula).
    pub fn new(delay_secs: f32, longest_life_secs: f32, duration_secs: f32, fps: u32) -> LoopPlan {
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

    /// The plan aligned with the other systems of the same animations: the start segment lasts
    /// `t0_frames` (≥ this system's own prewarm) and the loop animation `span_frames`.
    pub fn aligned(mut self, t0_frames: u32, span_frames: u32) -> LoopPlan {
        self.t0_frames = self.t0_frames.max(t0_frames);
        self.span_frames = self.loop_frames.max(span_frames);
        self
    }

    /// Last real frame the simulation must reach to finish every life of the loop set.
    pub fn sample_until(&self, longest_life_secs: f32) -> u32 {
        let life = libm::ceil(f64::from(longest_life_secs.max(0.0)) * f64::from(self.fps)) as u32;
        self.t0_frames + self.loop_frames.max(self.span_frames) + life + 2
    }
}

/// Where lives are cut into arcs (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArcCut {
    /// Every `L` frames of a life's age, arcs coloured on the circle, each taking the lowest
    /// bone that fits (the smallest pool).
    Age,
    /// As [`ArcCut::Age`], arcs going round the ring of bones within `budget` (bone order follows
    /// birth order).
    AgeRing,
    /// At the seams, one bone per arc in stacking order (no draw order key).
    Seam,
}

struct Arc<'a> {
    life: &'a Life,
    /// Real frames `[a, b)`.
    a: u32,
    b: u32,
    bone: usize,
}

/// Builds the start, loop and end tracks from the lives of the real simulation.
/// `budget`: see the module docs (0: the fewest bones the colouring finds); `cut`: how lives
/// become arcs and arcs bones.
pub fn loop_tracks(
    lives: &[Life],
    plan: &LoopPlan,
    pool: bool,
    budget: usize,
    cut: ArcCut,
    names: [&str; 3],
) -> Vec<Track> {
    let (t0, l) = (plan.t0_frames, plan.loop_frames);
    let fps = f64::from(plan.fps);
    let (w0, w1) = (f64::from(t0) / fps, f64::from(t0 + l) / fps);
    let mut arcs: Vec<Arc> = Vec::new();
    for life in lives {
        if life.birth_secs < w0 - 1e-9 || life.birth_secs >= w1 - 1e-9 || life.states.is_empty() {
            continue;
        }
        let mut a = life.first_frame;
        while a < life.end_frame() {
            let b = match cut {
                ArcCut::Age | ArcCut::AgeRing => a + l,
                ArcCut::Seam => t0 + ((a - t0) / l + 1) * l,
            }
            .min(life.end_frame());
            arcs.push(Arc {
                life,
                a,
                b,
                bone: 0,
            });
            a = b;
        }
    }
    // Colour on the circle.
    arcs.sort_by_key(|arc| ((arc.a - t0) % l, arc.life.serial, arc.a));
    let words = (l as usize).div_ceil(64);
    let mut occupied: Vec<Vec<u64>> = Vec::new();
    let mut turn = 0usize;
    if cut == ArcCut::Seam {
        // One bone per arc: seams crossed descending, then birth.
        arcs.sort_by_key(|arc| (std::cmp::Reverse((arc.a - t0) / l), arc.life.serial));
        for (bone, arc) in arcs.iter_mut().enumerate() {
            arc.bone = bone;
        }
        occupied = vec![Vec::new(); arcs.len()];
    }
    for arc in arcs.iter_mut().filter(|_| cut != ArcCut::Seam) {
        let positions: Vec<usize> = (arc.a..arc.b).map(|f| ((f - t0) % l) as usize).collect();
        let fits = |bits: &Vec<u64>| {
            positions
                .iter()
                .all(|&p| bits[p / 64] & (1 << (p % 64)) == 0)
        };
        let bone = match (pool, cut) {
            (false, _) => None,
            (true, ArcCut::AgeRing) => {
                super::assign::ring_pick(occupied.len(), turn, budget, |b| fits(&occupied[b]))
            }
            (true, _) => occupied.iter().position(fits),
        };
        let bone = bone.unwrap_or_else(|| {
            occupied.push(vec![0u64; words]);
            occupied.len() - 1
        });
        for &p in &positions {
            occupied[bone][p / 64] |= 1 << (p % 64);
        }
        arc.bone = bone;
        turn = bone + 1;
    }
    let bone_count = occupied.len();
    let end_last = lives
        .iter()
        .filter(|x| x.birth_secs >= w0 - 1e-9 && x.birth_secs < w1 - 1e-9)
        .map(|x| {
            if x.birth_secs <= w0 + 1e-9 {
                x.end_frame() + l
            } else {
                x.end_frame()
            }
        })
        .max()
        .unwrap_or(0)
        .saturating_sub(t0 + l);
    let segments = [
        (Segment::Start, names[0], 0, t0),
        (Segment::Loop, names[1], t0, t0 + plan.span_frames),
        (Segment::End, names[2], t0 + l, t0 + l + end_last),
    ];
    let mut tracks = Vec::new();
    for (segment, name, v0, v1) in segments {
        let mut bones: Vec<Vec<Run>> = vec![Vec::new(); bone_count];
        for arc in &arcs {
            // Copies k with [a − kL, b − kL) ∩ [v0, v1] ≠ ∅.
            let (a, b, v0i, v1i, li) = (
                i64::from(arc.a),
                i64::from(arc.b),
                i64::from(v0),
                i64::from(v1),
                i64::from(l),
            );
            let k_min = (a - v1i).div_euclid(li) + i64::from((a - v1i).rem_euclid(li) != 0);
            let k_max = (b - 1 - v0i).div_euclid(li);
            for k in k_min..=k_max {
                let allowed = match segment {
                    Segment::Loop | Segment::OneShot => true,
                    // A life born exactly at the window's start is, one period later, born exactly
                    // at the loop's last frame: it belongs to the end segment too.
                    Segment::End => k >= 0 || (k == -1 && arc.life.birth_secs <= w0 + 1e-9),
                    Segment::Start => {
                        k >= 0
                            && arc.life.birth_secs - k as f64 * f64::from(l) / fps
                                >= plan.delay_secs - 1e-9
                    }
                };
                if !allowed {
                    continue;
                }
                let from = (a - k * li).max(v0i);
                let to = (b - k * li).min(v1i + 1);
                if from >= to {
                    continue;
                }
                let first_state = (from + k * li - i64::from(arc.life.first_frame)) as usize;
                let count = (to - from) as usize;
                let birth = arc.life.birth_secs - k as f64 * f64::from(l) / fps;
                bones[arc.bone].push(Run {
                    order: (super::assign::micros(birth), arc.life.serial),
                    start_frame: (from - v0i) as u32,
                    states: arc.life.states[first_state..first_state + count].to_vec(),
                });
            }
        }
        for runs in &mut bones {
            runs.sort_by_key(|r| r.start_frame);
        }
        tracks.push(Track {
            animation: name.to_owned(),
            segment,
            end_frame: v1 - v0,
            scene_frame0: v0,
            root_translate: None,
            bones,
        });
    }
    tracks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bake::FrameState;
    use crate::coords::SpinePose;

    fn life(serial: u64, birth_frame: u32, len: u32) -> Life {
        let states = (0..len)
            .map(|i| FrameState {
                world: SpinePose {
                    x: f64::from(i),
                    ..SpinePose::IDENTITY
                },
                local: SpinePose {
                    x: f64::from(i),
                    ..SpinePose::IDENTITY
                },
                color: [1.0; 4],
                texture: Some(0),
            })
            .collect();
        Life {
            serial,
            birth_secs: f64::from(birth_frame) / 30.0,
            first_frame: birth_frame,
            states,
        }
    }

    #[test]
    fn loop_is_seamless_and_bones_never_collide() {
        // Births every 3 frames, lives of 20 frames (longer than nothing), loop of 12 frames,
        // plus one life of 30 frames (longer than the loop).
        let plan = LoopPlan {
            t0_frames: 30,
            loop_frames: 12,
            span_frames: 12,
            delay_secs: 0.0,
            fps: 30,
        };
        let mut lives: Vec<Life> = (0..30).map(|i| life(i, i as u32 * 3, 20)).collect();
        lives.push(life(100, 33, 30));
        for (pool, cut) in [
            (true, ArcCut::Age),
            (false, ArcCut::Age),
            (true, ArcCut::AgeRing),
            (true, ArcCut::Seam),
        ] {
            let tracks = loop_tracks(&lives, &plan, pool, 0, cut, ["s", "l", "e"]);
            assert_eq!(tracks.len(), 3);
            for t in &tracks {
                for runs in &t.bones {
                    for w in runs.windows(2) {
                        assert!(
                            w[0].end_frame() < w[1].start_frame,
                            "{:?} overlap",
                            t.segment
                        );
                    }
                }
            }
            // Loop frame 0 and frame L show the same bones in the same states.
            let lp = &tracks[1];
            let at = |f: u32| -> Vec<(usize, f64)> {
                let mut v = Vec::new();
                for (b, runs) in lp.bones.iter().enumerate() {
                    for r in runs {
                        if r.start_frame <= f && f <= r.end_frame() {
                            v.push((b, r.states[(f - r.start_frame) as usize].world.x));
                        }
                    }
                }
                v
            };
            assert!(!at(0).is_empty());
            assert_eq!(at(0), at(12));
            // Start's last frame equals loop's first; loop's last equals end's first.
            let frame_of = |t: &Track, f: u32| -> Vec<(usize, f64)> {
                let mut v = Vec::new();
                for (b, runs) in t.bones.iter().enumerate() {
                    for r in runs {
                        if r.start_frame <= f && f <= r.end_frame() {
                            v.push((b, r.states[(f - r.start_frame) as usize].world.x));
                        }
                    }
                }
                v
            };
            assert_eq!(frame_of(&tracks[0], 30), at(0));
            assert_eq!(frame_of(&tracks[2], 0), at(12));
            assert!(frame_of(&tracks[2], tracks[2].end_frame).is_empty());
        }
    }
}
