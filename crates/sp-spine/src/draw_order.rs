//! Draw order of each system's particles (export spec §16.3 "绘制顺序"): setup slot order and
//! `drawOrder` keys, so that Spine stacks overlapping particles as the preview does.
//!
//! Only the normal blend mode shows the stacking of a system's own particles: with premultiplied
//! alpha (the runtimes' and the preview's blend table, `sp_render::blend`) additive gives
//! `d + s₁ + s₂`, multiply `d·(s₁ + 1 − α₁)·(s₂ + 1 − α₂)`, screen `1 − (1 − d)(1 − s₁)(1 − s₂)`,
//! the same in any order, while normal (`s + d·(1 − α)`) does not commute. So only normal-blend
//! systems get keys ([`stacking_shows`]); all keep the slot order below.
//!
//! The preview draws a system's particles back to front by birth, the newest on top, or the
//! reverse (`sp_sim::sim::draw_order`). A particle's *rank* is its run's order key (virtual birth
//! in µs, then spawn serial), ascending for newest on top and descending for oldest on top. Each
//! system's slots are consecutive in the setup order (systems in scene order), in bone order for
//! newest on top and in reverse bone order for oldest on top, so that bones assigned in birth
//! order (`crate::bake::assign`, `crate::bake::looping`) stack right with no key.
//!
//! Per animation and system, frame by frame, with `P` the system's current order of bones (back to
//! front; the setup order at frame 0): the bones showing a particle (attachment set) must appear
//! in `P` by rising rank. Where they do not, a key at that frame sets a new `P` that orders the
//! sequence `Q` = the bones showing now and the bones of the lives born next, up to the first
//! that would reuse a bone already in `Q` or still holding a life, all by rank (so the order
//! stays right as long as possible), while moving the fewest slots: the bones of a longest run of `Q` already in setup
//! order stay, as do the bones outside `Q`; the others are placed after their predecessor in `Q`.
//! The keys of all systems of an animation merge into one timeline (a Spine key is a whole order):
//! at each key frame, every system's current `P`. A key is written as offsets from the setup order
//! for the slots outside a longest increasing subsequence of the new order (the others fill the
//! remaining places in setup order, as the runtimes read it), listed in setup order; a key equal
//! to the setup order has no offsets.

use sp_sim::document::{BlendMode, DrawOrder};

use crate::bake::Run;
use crate::json::{DrawOrderKey, DrawOrderOffset, Num};
use crate::reduce::Timing;

/// Whether the order of a system's overlapping particles changes what is drawn (see the module
/// docs): normal blend only.
pub fn stacking_shows(blend: BlendMode) -> bool {
    blend == BlendMode::Normal
}

/// Position of bone `bone` of a system with `bones` bones in its setup slot block.
pub fn setup_position(bone: usize, bones: usize, order: DrawOrder) -> usize {
    match order {
        DrawOrder::NewestOnTop => bone,
        DrawOrder::OldestOnTop => bones - 1 - bone,
    }
}

/// One system's part of an animation.
#[derive(Clone, Copy, Debug)]
pub struct SystemPart<'a> {
    /// Index of the system's first slot in the skeleton's setup slot order.
    pub first_slot: usize,
    /// The system's draw order.
    pub order: DrawOrder,
    /// Runs per bone (every bone of the system, empty where unused).
    pub bones: &'a [Vec<Run>],
    /// Last frame of the track.
    pub end_frame: u32,
}

/// Rank of a run (see the module docs): smaller draws further back.
fn rank(run: &Run, order: DrawOrder) -> (i64, i128) {
    match order {
        DrawOrder::NewestOnTop => (run.order.0, i128::from(run.order.1)),
        DrawOrder::OldestOnTop => (-run.order.0, -i128::from(run.order.1)),
    }
}

/// A system's key frames: `(frame, back-to-front bones)`, `None` meaning the setup order.
pub fn system_keys(part: &SystemPart) -> Vec<(u32, Option<Vec<usize>>)> {
    let n = part.bones.len();
    let setup: Vec<usize> = (0..n)
        .map(|p| setup_position_inverse(p, n, part.order))
        .collect();
    let mut pos: Vec<usize> = (0..n).map(|b| setup_position(b, n, part.order)).collect();
    // Every life by start frame and rank, for the look-ahead.
    let mut births: Vec<(u32, (i64, i128), usize)> = part
        .bones
        .iter()
        .enumerate()
        .flat_map(|(b, runs)| {
            runs.iter()
                .map(move |r| (r.start_frame, rank(r, part.order), b))
        })
        .collect();
    births.sort_unstable();
    let mut keys: Vec<(u32, Option<Vec<usize>>)> = Vec::new();
    let mut cursor = vec![0usize; n];
    let mut shown: Vec<(usize, (i64, i128))> = Vec::new();
    let mut busy = vec![false; n];
    for frame in 0..=part.end_frame {
        shown.clear();
        for (b, runs) in part.bones.iter().enumerate() {
            while cursor[b] < runs.len() && runs[cursor[b]].end_frame() < frame {
                cursor[b] += 1;
            }
            busy[b] = false;
            if let Some(run) = runs.get(cursor[b])
                && run.start_frame <= frame
            {
                busy[b] = true;
                if run.states[(frame - run.start_frame) as usize]
                    .texture
                    .is_some()
                {
                    shown.push((b, rank(run, part.order)));
                }
            }
        }
        shown.sort_by_key(|&(b, _)| pos[b]);
        if shown.windows(2).all(|w| w[0].1 < w[1].1) {
            continue;
        }
        // Q: the bones showing and those of the next births until a bone repeats, by rank.
        let mut in_q = vec![false; n];
        let mut q: Vec<(usize, (i64, i128))> = Vec::with_capacity(n);
        for &(b, r) in &shown {
            in_q[b] = true;
            q.push((b, r));
        }
        let next = births.partition_point(|x| x.0 <= frame);
        for &(_, r, b) in &births[next..] {
            if in_q[b] || busy[b] {
                break;
            }
            in_q[b] = true;
            q.push((b, r));
        }
        q.sort_by_key(|&(_, r)| r);
        let q: Vec<usize> = q.into_iter().map(|(b, _)| b).collect();
        let order = fewest_moves(&q, &setup, &pos_in_setup(n, part.order));
        for (p, &b) in order.iter().enumerate() {
            pos[b] = p;
        }
        let value = (order != setup).then_some(order);
        if keys.last().map(|k| &k.1) != Some(&value) && !(keys.is_empty() && value.is_none()) {
            keys.push((frame, value));
        }
    }
    keys
}

fn pos_in_setup(n: usize, order: DrawOrder) -> Vec<usize> {
    (0..n).map(|b| setup_position(b, n, order)).collect()
}

/// A back-to-front order of all bones that lists the bones of `q` in that order and moves the
/// fewest bones from the setup order `setup` (`setup_pos[b]`: place of bone `b` in it): the bones
/// of a longest subsequence of `q` rising in setup place stay, with every bone outside `q`; each
/// other bone of `q` goes right after its predecessor in `q` (the first, to the front).
fn fewest_moves(q: &[usize], setup: &[usize], setup_pos: &[usize]) -> Vec<usize> {
    let places: Vec<usize> = q.iter().map(|&b| setup_pos[b]).collect();
    let keep = longest_increasing(&places);
    let n = setup.len();
    let mut stays = vec![true; n];
    // Moved bones to place right after each bone (index n: at the front), in the order of q.
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (i, &b) in q.iter().enumerate() {
        stays[b] = keep[i];
        if !keep[i] {
            after[if i == 0 { n } else { q[i - 1] }].push(b);
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<usize> = Vec::new();
    let emit = |first: usize, order: &mut Vec<usize>, stack: &mut Vec<usize>| {
        // `first`, then what goes after it, depth first (a moved bone's own followers next).
        stack.push(first);
        while let Some(b) = stack.pop() {
            if b < n {
                order.push(b);
            }
            stack.extend(after[b].iter().rev());
        }
    };
    emit(n, &mut order, &mut stack);
    for &b in setup.iter().filter(|&&b| stays[b]) {
        emit(b, &mut order, &mut stack);
    }
    order
}

/// Keys and moved slots (offsets) a system's stacking needs in one track when it is alone in its
/// animation: what a bone assignment costs (see [`crate::bake`]).
pub fn stacking_cost(part: &SystemPart) -> (usize, usize) {
    let n = part.bones.len();
    let keys = system_keys(part);
    let offsets = keys
        .iter()
        .filter_map(|(_, order)| order.as_ref())
        .map(|order| {
            let places: Vec<usize> = order
                .iter()
                .map(|&b| setup_position(b, n, part.order))
                .collect();
            n - longest_increasing(&places).iter().filter(|&&k| k).count()
        })
        .sum();
    (keys.len(), offsets)
}

/// The bone at setup position `p`.
fn setup_position_inverse(p: usize, bones: usize, order: DrawOrder) -> usize {
    match order {
        DrawOrder::NewestOnTop => p,
        DrawOrder::OldestOnTop => bones - 1 - p,
    }
}

/// The `drawOrder` timeline of one animation (see the module docs); `slot_names` is the setup slot
/// order of the whole skeleton.
pub fn draw_order_timeline(
    parts: &[SystemPart],
    slot_names: &[String],
    timing: Timing,
) -> Vec<DrawOrderKey> {
    let per_system: Vec<Vec<(u32, Option<Vec<usize>>)>> = parts.iter().map(system_keys).collect();
    let mut frames: Vec<u32> = per_system.iter().flatten().map(|k| k.0).collect();
    frames.sort_unstable();
    frames.dedup();
    let mut current: Vec<Option<&Vec<usize>>> = vec![None; parts.len()];
    let mut cursor = vec![0usize; parts.len()];
    let mut keys = Vec::new();
    let mut last: Vec<DrawOrderOffset> = Vec::new();
    for frame in frames {
        for (s, list) in per_system.iter().enumerate() {
            while cursor[s] < list.len() && list[cursor[s]].0 <= frame {
                current[s] = list[cursor[s]].1.as_ref();
                cursor[s] += 1;
            }
        }
        // The whole order: slot indices back to front.
        let mut target: Vec<usize> = (0..slot_names.len()).collect();
        for (part, order) in parts.iter().zip(&current) {
            if let Some(order) = order {
                let n = part.bones.len();
                for (p, &b) in order.iter().enumerate() {
                    target[part.first_slot + p] =
                        part.first_slot + setup_position(b, n, part.order);
                }
            }
        }
        let offsets = offsets_of(&target, slot_names);
        if keys.is_empty() && offsets.is_empty() || !keys.is_empty() && offsets == last {
            continue;
        }
        keys.push(DrawOrderKey {
            time: Num(timing.key_time(frame)),
            offsets: offsets.clone(),
        });
        last = offsets;
    }
    keys
}

/// Offsets that turn the setup order into `target` (slot indices back to front): the slots
/// outside a longest increasing subsequence, in setup order.
fn offsets_of(target: &[usize], slot_names: &[String]) -> Vec<DrawOrderOffset> {
    let keep = longest_increasing(target);
    let mut moved: Vec<(usize, usize)> = target
        .iter()
        .enumerate()
        .filter(|(p, _)| !keep[*p])
        .map(|(p, &slot)| (slot, p))
        .collect();
    moved.sort_unstable();
    moved
        .into_iter()
        .map(|(slot, p)| DrawOrderOffset {
            slot: slot_names[slot].clone(),
            offset: p as i64 - slot as i64,
        })
        .collect()
}

/// Marks the positions of one longest strictly increasing subsequence of `v` (patience sorting).
fn longest_increasing(v: &[usize]) -> Vec<bool> {
    let mut tails: Vec<usize> = Vec::new(); // positions of the smallest tail of each length
    let mut prev: Vec<Option<usize>> = vec![None; v.len()];
    for (i, &x) in v.iter().enumerate() {
        let k = tails.partition_point(|&t| v[t] < x);
        prev[i] = k.checked_sub(1).map(|j| tails[j]);
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut keep = vec![false; v.len()];
    let mut at = tails.last().copied();
    while let Some(i) = at {
        keep[i] = true;
        at = prev[i];
    }
    keep
}

#[cfg(test)]
mod tests;
