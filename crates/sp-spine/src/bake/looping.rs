//! The three animations of a loop-continuous system (export spec §7.3, §11.3; DESIGN.md
//! "Seamless loops").
//!
//! What each frame shows is not decided here: it is the periodic emitter of the simulation
//! crate ([`sp_sim::sim::looping`]), the very definition the preview and `spineparticle
//! simulate` play. Its segments are windows of one virtual frame axis ([`Window`]): start
//! `[0, T₀]`, loop `[T₀, T₀ + span]`, end `[T₀ + span, T₀ + span + E]` with emission stopped at
//! `T₀ + span`, and at every frame `v` of a window the copies shown are
//! [`sp_sim::sim::LoopSet::copies_at`]`(v)`. Copy `k` of life `j` at `v` shows the life's
//! sampled state at its original frame `v + k·L` ([`super::sample::sample_loop_lives`]); a
//! Local-space system whose bone moves places it again at `v` (its own time).
//!
//! This module only gives the copies bones. Each life is cut into *arcs* of at most `L`
//! frames (a life longer than the loop overlaps its own copies); arcs are coloured on the
//! circle of length `L` in the order of their first position on it (pool on: an arc takes a
//! bone none of whose arcs shares a position mod `L`: the lowest-numbered such
//! ([`ArcCut::Age`]), or, with [`ArcCut::AgeRing`], the first such going round the ring of bones
//! from the one after the previous arc's, or a new bone when the turn reaches the end of the ring
//! below `budget` — bone order then follows birth order, as in `assign` (export spec §16.3);
//! pool off: a bone per arc), so two arcs that overlap modulo `L` never share a bone, and a copy
//! always uses its arc's bone: identities are stable across the seam and across the three
//! animations, the joins included.
//!
//! With [`ArcCut::Seam`] lives are cut at the seams instead (frames `T₀ + j·L`), so an arc lies
//! within one period and its index `j` counts the seams its life crossed before it; each arc gets
//! its own bone, bones ordered by `j` descending, then birth: at any virtual frame the copies
//! shown of arcs `j` were born `j` periods earlier than those of arc 0, so this one bone order
//! stacks every copy by birth in all three animations (export spec §16.3) with no `drawOrder`
//! key, for more bones than the pool needs.
//!
//! Fake-dead particles keep their bones and are hidden by the attachment timeline.

use sp_sim::sim::looping::LoopCopy;
use sp_sim::sim::looping::SegmentKind;
use sp_sim::sim::{LoopPlan, LoopSet};

use super::sample::Life;
use super::{FrameState, Run, Segment, Track};

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

/// One segment's frames on the virtual axis and the copies shown at each.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// Which segment.
    pub kind: SegmentKind,
    /// First virtual frame (the segment's frame 0).
    pub first: u32,
    /// `copies[i]`: the copies shown at virtual frame `first + i`.
    pub copies: Vec<Vec<LoopCopy>>,
}

impl Window {
    /// Last frame of the segment (segment-local).
    pub fn end_frame(&self) -> u32 {
        self.copies.len().saturating_sub(1) as u32
    }
}

/// The start, loop and end windows of `set` (see the module docs).
pub fn windows(set: &LoopSet) -> [Window; 3] {
    let plan: LoopPlan = *set.plan();
    let stop = plan.stop_frame();
    let end = stop + set.end_frames(stop);
    let window = |kind, first: u32, last: u32, stop: Option<f64>| {
        let copies = set.copies_over(first, last, stop);
        Window {
            kind,
            first,
            copies,
        }
    };
    [
        window(SegmentKind::Start, 0, plan.t0_frames, None),
        window(SegmentKind::Loop, plan.t0_frames, stop, None),
        window(SegmentKind::End, stop, end, Some(f64::from(stop))),
    ]
}

struct Arc {
    life: usize,
    /// Real frames `[a, b)`.
    a: u32,
    b: u32,
    bone: usize,
}

/// The mask of bits `lo..hi` of word `w` (bits `64·w …`), `lo < hi`.
fn word_mask(w: usize, lo: usize, hi: usize) -> u64 {
    let from = lo.max(w * 64) - w * 64;
    let to = hi.min(w * 64 + 64) - w * 64;
    let upper = if to == 64 { u64::MAX } else { (1u64 << to) - 1 };
    upper & !((1u64 << from) - 1)
}

/// Whether bits `lo..hi` of `bits` are all clear.
fn span_free(bits: &[u64], lo: usize, hi: usize) -> bool {
    lo >= hi || (lo / 64..=(hi - 1) / 64).all(|w| bits[w] & word_mask(w, lo, hi) == 0)
}

/// Sets bits `lo..hi` of `bits`.
fn span_set(bits: &mut [u64], lo: usize, hi: usize) {
    if lo < hi {
        let first = lo / 64;
        for (w, word) in bits[first..=(hi - 1) / 64].iter_mut().enumerate() {
            *word |= word_mask(first + w, lo, hi);
        }
    }
}

/// A run of one life's consecutive states on a bone, as the sweep of a window finds it: the
/// states are copied once the sweep is done, a life's slice at a time (the sweep goes frame by
/// frame across every life, so copying there read every life's states out of order).
#[derive(Clone, Debug)]
struct FoundRun {
    /// The run, its states still empty.
    run: Run,
    /// Its life (index into the lives).
    life: usize,
    /// Index of its first state in the life's states.
    first: usize,
    /// Virtual frame of that state.
    frame: u32,
    /// Number of states.
    len: usize,
}

/// A copy placed again at its own virtual frame (a Local-space system whose bone moves), its
/// trail too: `restate(life, state index, virtual frame)`.
pub type Restate<'a> = &'a dyn Fn(&Life, usize, u32) -> Result<FrameState, String>;

/// Builds the start, loop and end tracks of the loop lives `lives` (the loop set's, in its
/// order) over `windows` with the bone assignment of `pool`, `budget` and `cut` (see the module
/// docs; `budget` 0: the fewest bones the colouring finds), named `names`.
#[allow(clippy::too_many_arguments)]
pub fn loop_tracks(
    set: &LoopSet,
    lives: &[Life],
    windows: &[Window; 3],
    pool: bool,
    budget: usize,
    cut: ArcCut,
    names: [&str; 3],
    restate: Option<Restate<'_>>,
) -> Result<Vec<Track>, String> {
    let plan = *set.plan();
    let (t0, l) = (plan.t0_frames, plan.loop_frames);
    let fps = f64::from(plan.fps);
    let mut arcs: Vec<Arc> = Vec::new();
    for (j, life) in lives.iter().enumerate() {
        let mut a = life.first_frame;
        while a < life.end_frame() {
            let b = match cut {
                ArcCut::Age | ArcCut::AgeRing => a + l,
                ArcCut::Seam => t0 + ((a - t0) / l + 1) * l,
            }
            .min(life.end_frame());
            arcs.push(Arc {
                life: j,
                a,
                b,
                bone: 0,
            });
            a = b;
        }
    }
    // Colour on the circle.
    arcs.sort_by_key(|arc| ((arc.a - t0) % l, lives[arc.life].serial, arc.a));
    let words = (l as usize).div_ceil(64);
    let mut occupied: Vec<Vec<u64>> = Vec::new();
    let mut turn = 0usize;
    if cut == ArcCut::Seam {
        // One bone per arc: seams crossed descending, then birth.
        arcs.sort_by_key(|arc| (std::cmp::Reverse((arc.a - t0) / l), lives[arc.life].serial));
        for (bone, arc) in arcs.iter_mut().enumerate() {
            arc.bone = bone;
        }
        occupied = vec![Vec::new(); arcs.len()];
    }
    for arc in arcs.iter_mut().filter(|_| cut != ArcCut::Seam) {
        // The arc's positions on the circle: at most `L` consecutive ones from its first,
        // wrapping once (as half-open ranges, checked and set a word at a time).
        let first = ((arc.a - t0) % l) as usize;
        let len = (arc.b - arc.a) as usize;
        let l_usize = l as usize;
        let spans: [(usize, usize); 2] = if first + len <= l_usize {
            [(first, first + len), (0, 0)]
        } else {
            [(first, l_usize), (0, first + len - l_usize)]
        };
        let fits = |bits: &Vec<u64>| spans.iter().all(|&(lo, hi)| span_free(bits, lo, hi));
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
        for &(lo, hi) in &spans {
            span_set(&mut occupied[bone], lo, hi);
        }
        arc.bone = bone;
        turn = bone + 1;
    }
    let bone_count = occupied.len();
    // The arcs of each life, by first frame.
    let mut arcs_of: Vec<Vec<usize>> = vec![Vec::new(); lives.len()];
    for (i, arc) in arcs.iter().enumerate() {
        arcs_of[arc.life].push(i);
    }
    for list in &mut arcs_of {
        list.sort_by_key(|&i| arcs[i].a);
    }
    let mut tracks = Vec::new();
    for (w, name) in windows.iter().zip(names) {
        // The runs of each bone as they are found, their states copied once the sweep is done.
        let mut found: Vec<Vec<FoundRun>> = vec![Vec::new(); bone_count];
        // The run each arc extended last: (frame + 1, copy k, run index on the arc's bone). At
        // one frame an arc shows at most one copy (it spans at most `L` frames of its life, and
        // the copies of a life shown at one frame read frames `L` apart), so a copy continues
        // its run when the same copy used its arc at the frame before.
        let mut last: Vec<(u32, i64, usize)> = vec![(0, 0, 0); arcs.len()];
        for (f, copies) in w.copies.iter().enumerate() {
            let v = w.first + f as u32;
            let f = f as u32;
            for &LoopCopy { life: j, k } in copies {
                let life = &lives[j];
                let u = i64::from(v) + k * i64::from(l);
                let idx = u - i64::from(life.first_frame);
                if idx < 0 || idx >= life.states.len() as i64 {
                    continue;
                }
                let u = u as u32;
                let Some(&ai) = arcs_of[j]
                    .iter()
                    .find(|&&i| arcs[i].a <= u && u < arcs[i].b)
                else {
                    continue;
                };
                let bone = arcs[ai].bone;
                let (seen, seen_k, seen_run) = last[ai];
                let run = if seen == f && f > 0 && seen_k == k {
                    found[bone][seen_run].len += 1;
                    seen_run
                } else {
                    let birth = life.birth_secs - k as f64 * f64::from(l) / fps;
                    let run = Run {
                        order: (super::assign::micros(birth), life.serial),
                        start_frame: f,
                        states: Vec::new(),
                    };
                    found[bone].push(FoundRun {
                        run,
                        life: j,
                        first: idx as usize,
                        frame: v,
                        len: 1,
                    });
                    found[bone].len() - 1
                };
                last[ai] = (f + 1, k, run);
            }
        }
        let mut bones: Vec<Vec<Run>> = Vec::with_capacity(bone_count);
        for runs in found {
            let mut filled = Vec::with_capacity(runs.len());
            for FoundRun {
                mut run,
                life,
                first,
                frame,
                len,
            } in runs
            {
                let life = &lives[life];
                run.states = match restate {
                    Some(r) => (0..len)
                        .map(|i| r(life, first + i, frame + i as u32))
                        .collect::<Result<_, _>>()?,
                    None => life.states[first..first + len].to_vec(),
                };
                filled.push(run);
            }
            bones.push(filled);
        }
        for runs in &mut bones {
            runs.sort_by_key(|r| r.start_frame);
        }
        let segment = match w.kind {
            SegmentKind::Start => Segment::Start,
            SegmentKind::Loop => Segment::Loop,
            SegmentKind::End => Segment::End,
        };
        tracks.push(Track {
            animation: name.to_owned(),
            segment,
            end_frame: w.end_frame(),
            scene_frame0: w.first,
            root_translate: None,
            root_rotate: None,
            bones,
        });
    }
    Ok(tracks)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod restate_tests;
