//! Bone assignment for one-shot systems (export spec §7, §16.3 "绘制顺序").
//!
//! Pool on, [`Turn::Lowest`]: interval colouring on the frame line, each life (in birth order)
//! taking the lowest-numbered bone free at its first frame: the pool is the most lives visible in
//! one frame (the greedy colouring's optimum). For systems whose stacking shows (normal blend),
//! [`Turn::Ring`]: the bones form a ring taken in turn, so that bone order follows birth order and the
//! setup slot order stacks the system's particles as the preview does. Lives in birth order
//! (first frame, then serial) each take the first bone, going round the ring from the one after
//! the previous birth's, that is free at their first frame (its previous life's last frame is
//! earlier); when the turn reaches the end of the ring while the pool is below `budget`, a new
//! bone instead; when no bone is free, a new bone. With a budget of at least the births of one
//! longest life the turn always finds its bone free, and the stacking needs `drawOrder` keys only
//! where the turn wraps round (`exporter::draw_order`); a budget of 0 gives the smallest pool
//! (the most lives visible in one frame, the greedy colouring's optimum). A bone may pass from one
//! life to the next between consecutive frames: the exporter writes a stepped switch there.
//! Pool off: one bone per life.

use super::Run;
use super::sample::Life;

/// A birth time in whole microseconds (the draw order key).
pub fn micros(secs: f64) -> i64 {
    f64::round(secs * 1e6) as i64
}

/// The bone a birth takes in a ring of `bones` bones (see the module docs): `turn` is the bone
/// after the previous birth's, `free(b)` whether bone `b` can take it; `None`: a new bone.
pub fn ring_pick(
    bones: usize,
    turn: usize,
    budget: usize,
    free: impl Fn(usize) -> bool,
) -> Option<usize> {
    if turn >= bones && bones < budget {
        return None;
    }
    (0..bones).map(|k| (turn + k) % bones).find(|&b| free(b))
}

/// How a pooled birth picks its bone (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The lowest-numbered free bone.
    Lowest,
    /// Round the ring, the pool growing to this many bones.
    Ring(usize),
}

/// Assigns lives to bones (see the module docs); returns the runs per bone.
pub fn assign_line(lives: &[Life], pool: bool, turn_rule: Turn) -> Vec<Vec<Run>> {
    let mut order: Vec<&Life> = lives.iter().filter(|l| !l.states.is_empty()).collect();
    order.sort_by_key(|l| (l.first_frame, l.serial));
    let mut bones: Vec<Vec<Run>> = Vec::new();
    let mut free_from: Vec<u32> = Vec::new();
    let mut turn = 0usize;
    for life in order {
        let run = Run {
            order: (micros(life.birth_secs), life.serial),
            start_frame: life.first_frame,
            states: life.states.clone(),
        };
        let frame = life.first_frame;
        let slot = match (pool, turn_rule) {
            (false, _) => None,
            (true, Turn::Lowest) => free_from.iter().position(|&f| f <= frame),
            (true, Turn::Ring(budget)) => {
                ring_pick(free_from.len(), turn, budget, |b| free_from[b] <= frame)
            }
        };
        let b = match slot {
            Some(b) => {
                free_from[b] = life.end_frame();
                bones[b].push(run);
                b
            }
            None => {
                free_from.push(life.end_frame());
                bones.push(vec![run]);
                bones.len() - 1
            }
        };
        turn = b + 1;
    }
    bones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::still_state;

    fn life(serial: u64, first: u32, len: usize) -> Life {
        let s = still_state();
        Life {
            serial,
            birth_secs: 0.0,
            first_frame: first,
            states: vec![s; len],
            particles: Vec::new(),
            histories: Vec::new(),
        }
    }

    #[test]
    fn pool_size_is_the_peak_overlap() {
        // Frames: A 0..5, B 2..7, C 5..9 (A ends before C starts), D 6..8.
        let lives = [life(0, 0, 5), life(1, 2, 5), life(2, 5, 4), life(3, 6, 2)];
        let bones = assign_line(&lives, true, Turn::Lowest);
        assert_eq!(bones.len(), 3);
        assert_eq!(bones[0].len(), 2, "C re-uses A's bone");
        for runs in &bones {
            for w in runs.windows(2) {
                assert!(w[0].end_frame() < w[1].start_frame);
            }
        }
        assert_eq!(assign_line(&lives, false, Turn::Lowest).len(), 4);
    }

    #[test]
    fn births_take_the_ring_in_turn_within_the_budget() {
        // A life every 2 frames, each 5 frames long: at most 3 visible at once.
        let lives: Vec<Life> = (0..12).map(|i| life(i, 2 * i as u32, 5)).collect();
        let smallest = assign_line(&lives, true, Turn::Lowest);
        assert_eq!(smallest.len(), 3);
        let bone_of = |bones: &[Vec<Run>], serial: u64| {
            bones
                .iter()
                .position(|runs| runs.iter().any(|r| r.order.1 == serial))
                .expect("assigned")
        };
        // With room for 4, bones are taken in turn round the ring.
        let ring = assign_line(&lives, true, Turn::Ring(4));
        assert_eq!(ring.len(), 4);
        let turns: Vec<usize> = (0..12).map(|s| bone_of(&ring, s)).collect();
        assert_eq!(turns, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    }
}
