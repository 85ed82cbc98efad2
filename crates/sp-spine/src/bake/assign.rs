//! Bone assignment for one-shot systems (export spec §7).
//!
//! Pool on: interval colouring on the frame line. Lives sorted by first frame (then serial) take
//! the lowest-numbered bone that is free at their first frame (its previous life's last frame is
//! earlier); greedy colouring of intervals in start order uses exactly the largest number of
//! lives visible in one frame, i.e. the pool size is the most particles alive at once. A bone
//! may pass from one life to the next between consecutive frames: the exporter writes a stepped
//! switch there. Pool off: one bone per life.

use super::Run;
use super::sample::Life;

/// A birth time in whole microseconds (the draw order key).
pub fn micros(secs: f64) -> i64 {
    libm::round(secs * 1e6) as i64
}

/// Assigns lives to bones; returns the runs per bone.
pub fn assign_line(lives: &[Life], pool: bool) -> Vec<Vec<Run>> {
    let mut order: Vec<&Life> = lives.iter().filter(|l| !l.states.is_empty()).collect();
    order.sort_by_key(|l| (l.first_frame, l.serial));
    let mut bones: Vec<Vec<Run>> = Vec::new();
    let mut free_from: Vec<u32> = Vec::new();
    for life in order {
        let run = Run {
            order: (micros(life.birth_secs), life.serial),
            start_frame: life.first_frame,
            states: life.states.clone(),
        };
        let slot = if pool {
            free_from.iter().position(|&f| f <= life.first_frame)
        } else {
            None
        };
        match slot {
            Some(b) => {
                free_from[b] = life.end_frame();
                bones[b].push(run);
            }
            None => {
                free_from.push(life.end_frame());
                bones.push(vec![run]);
            }
        }
    }
    bones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bake::FrameState;
    use crate::coords::SpinePose;

    fn life(serial: u64, first: u32, len: usize) -> Life {
        let s = FrameState {
            world: SpinePose::IDENTITY,
            local: SpinePose::IDENTITY,
            color: [1.0; 4],
            texture: Some(0),
        };
        Life {
            serial,
            birth_secs: 0.0,
            first_frame: first,
            states: vec![s; len],
        }
    }

    #[test]
    fn pool_size_is_the_peak_overlap() {
        // Frames: A 0..5, B 2..7, C 5..9 (A ends before C starts), D 6..8.
        let lives = [life(0, 0, 5), life(1, 2, 5), life(2, 5, 4), life(3, 6, 2)];
        let bones = assign_line(&lives, true);
        assert_eq!(bones.len(), 3);
        assert_eq!(bones[0].len(), 2, "C re-uses A's bone");
        for runs in &bones {
            for w in runs.windows(2) {
                assert!(w[0].end_frame() < w[1].start_frame);
            }
        }
        assert_eq!(assign_line(&lives, false).len(), 4);
    }
}
