//! The loop tracks: the word-wise span checks, and seamless loops whose bones never hold two
//! copies at once, for every arc cut.

use super::*;
use crate::bake::sample::{PoseContext, sample_loop_lives};
use crate::coords::{Affine, Inherit};
use sp_sim::document::{ParticleSystem, PlayMode, Range};

fn frame_of(t: &Track, f: u32) -> Vec<(usize, u64, [u64; 2])> {
    let mut v = Vec::new();
    for (b, runs) in t.bones.iter().enumerate() {
        for r in runs {
            if r.start_frame <= f && f <= r.end_frame() {
                let s = r.states[(f - r.start_frame) as usize];
                v.push((b, r.order.1, [s.world.x.to_bits(), s.world.y.to_bits()]));
            }
        }
    }
    v
}

/// The word-wise span checks agree with checking bit by bit.
#[test]
fn spans_match_bit_by_bit() {
    let words = 3;
    let mut bits = vec![0u64; words];
    let mut reference = vec![false; words * 64];
    let mut seed = 7u64;
    for _ in 0..400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let lo = (seed >> 33) as usize % (words * 64);
        let hi = lo + (seed >> 17) as usize % (words * 64 - lo + 1);
        let free = (lo..hi).all(|p| !reference[p]);
        assert_eq!(span_free(&bits, lo, hi), free, "{lo}..{hi}");
        if seed.is_multiple_of(5) {
            span_set(&mut bits, lo, hi.min(lo + 9));
            reference[lo..hi.min(lo + 9)].fill(true);
        }
    }
    assert!(reference.iter().any(|&b| b) && reference.iter().any(|&b| !b));
}

#[test]
fn loop_is_seamless_and_bones_never_collide() {
    // Births every 0.1 s, lives of 0.6–1.3 s (some longer than the 1 s loop).
    let system = ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: 10.0,
        lifetime_secs: Range::new(0.6, 1.3),
        duration_secs: 1.0,
        speed: Range::new(20.0, 60.0),
        ..Default::default()
    };
    let plan = LoopPlan::of(&system, 30);
    let set = LoopSet::record(&system, 240, None, plan);
    let ctx = PoseContext {
        parent: Affine::IDENTITY,
        inherit: Inherit::OnlyTranslation,
    };
    let mut trails = crate::bake::trail::TrailArena::new(0);
    let lives = sample_loop_lives(
        &set,
        &system,
        &|_| system.transform,
        false,
        &ctx,
        &mut trails,
        false,
    )
    .expect("placeable");
    let w = windows(&set);
    for (pool, cut) in [
        (true, ArcCut::Age),
        (false, ArcCut::Age),
        (true, ArcCut::AgeRing),
        (true, ArcCut::Seam),
    ] {
        let tracks =
            loop_tracks(&set, &lives, &w, pool, 0, cut, ["s", "l", "e"], None).expect("tracks");
        assert_eq!(tracks.len(), 3);
        for t in &tracks {
            for runs in &t.bones {
                for pair in runs.windows(2) {
                    assert!(pair[0].end_frame() < pair[1].start_frame, "{:?}", t.segment);
                }
            }
        }
        let (start, lp, end) = (&tracks[0], &tracks[1], &tracks[2]);
        assert!(!frame_of(lp, 0).is_empty());
        // Same bones, same lives, same states at the three joins.
        let same = |a: Vec<(usize, u64, [u64; 2])>, b: Vec<(usize, u64, [u64; 2])>| {
            let key = |v: Vec<(usize, u64, [u64; 2])>| {
                let mut v: Vec<(usize, [u64; 2])> = v.into_iter().map(|x| (x.0, x.2)).collect();
                v.sort();
                v
            };
            assert_eq!(key(a), key(b));
        };
        same(frame_of(lp, 0), frame_of(lp, lp.end_frame));
        same(frame_of(start, start.end_frame), frame_of(lp, 0));
        same(frame_of(lp, lp.end_frame), frame_of(end, 0));
        assert!(frame_of(end, end.end_frame).is_empty());
        assert!(!frame_of(end, end.end_frame - 1).is_empty());
    }
}
