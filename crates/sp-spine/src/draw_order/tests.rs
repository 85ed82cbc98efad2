//! Draw order keys: offsets as the runtimes apply them, the fewest moves, and a wrapped pool
//! keyed and back to setup in both orders.

use super::*;
use crate::test_support::still_state;

fn run(serial: u64, start: u32, len: usize) -> Run {
    let s = still_state();
    Run {
        order: (serial as i64 * 1000, serial),
        start_frame: start,
        states: vec![s; len],
    }
}

/// What the runtimes do with offsets (SkeletonJson.readAnimation, drawOrder).
fn apply(offsets: &[DrawOrderOffset], names: &[String]) -> Vec<usize> {
    let n = names.len();
    let mut order = vec![usize::MAX; n];
    let mut unchanged = Vec::new();
    let mut original = 0;
    for o in offsets {
        let slot = names.iter().position(|s| *s == o.slot).expect("slot");
        while original != slot {
            unchanged.push(original);
            original += 1;
        }
        order[(original as i64 + o.offset) as usize] = original;
        original += 1;
    }
    while original < n {
        unchanged.push(original);
        original += 1;
    }
    for i in (0..n).rev() {
        if order[i] == usize::MAX {
            order[i] = unchanged.pop().expect("enough");
        }
    }
    order
}

#[test]
fn offsets_move_only_slots_outside_a_longest_increasing_run() {
    let names: Vec<String> = (0..6).map(|i| format!("s{i}")).collect();
    for target in [
        vec![0, 1, 2, 3, 4, 5],
        vec![3, 4, 5, 0, 1, 2],
        vec![1, 0, 2, 3, 5, 4],
        vec![5, 4, 3, 2, 1, 0],
    ] {
        let offsets = offsets_of(&target, &names);
        assert_eq!(apply(&offsets, &names), target, "{offsets:?}");
    }
    assert!(offsets_of(&[0, 1, 2, 3, 4, 5], &names).is_empty());
    assert_eq!(offsets_of(&[3, 4, 5, 0, 1, 2], &names).len(), 3);
    assert_eq!(offsets_of(&[1, 0, 2, 3, 5, 4], &names).len(), 2);
}

#[test]
fn fewest_moves_keeps_q_in_order_and_the_rest_in_setup_order() {
    let setup: Vec<usize> = (0..8).collect();
    for q in [
        vec![5, 6, 7, 0, 1],
        vec![3, 1, 2, 0],
        vec![7, 6, 5, 4, 3, 2, 1, 0],
        vec![],
    ] {
        let order = fewest_moves(&q, &setup, &setup);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, setup, "{q:?}: a permutation");
        let at = |b: usize| order.iter().position(|&x| x == b).expect("present");
        assert!(
            q.windows(2).all(|w| at(w[0]) < at(w[1])),
            "{q:?} -> {order:?}"
        );
        let places: Vec<usize> = q.clone();
        let kept = longest_increasing(&places).iter().filter(|&&k| k).count();
        let target: Vec<usize> = order.clone();
        let moved = target.len() - longest_increasing(&target).iter().filter(|&&k| k).count();
        assert_eq!(moved, q.len() - kept, "{q:?} -> {order:?}: fewest moves");
    }
}

#[test]
fn a_wrapped_pool_gets_keys_and_returns_to_setup() {
    // Lives 0, 1, 2 on bones 0, 1, 2; life 3 wraps to bone 0 while life 2 still shows (a key:
    // bone 0 over bone 2); life 4 on bone 1 fits that order; life 5 on bone 2 does not, and by
    // then the setup order is right again.
    let bones = vec![
        vec![run(0, 0, 3), run(3, 4, 6)],
        vec![run(1, 1, 3), run(4, 8, 4)],
        vec![run(2, 2, 4), run(5, 10, 3)],
    ];
    let part = SystemPart {
        first_slot: 1,
        order: DrawOrder::NewestOnTop,
        bones: &bones,
        end_frame: 12,
    };
    assert_eq!(
        system_keys(&part),
        vec![(4, Some(vec![2, 0, 1])), (10, None)]
    );
    let names: Vec<String> = (0..5).map(|i| format!("s{i}")).collect();
    let timeline = draw_order_timeline(&[part], &names, Timing { fps: 30 });
    assert_eq!(timeline.len(), 2);
    assert_eq!(
        apply(&timeline[0].offsets, &names),
        vec![0, 3, 1, 2, 4],
        "slot 3 (bone 2, the oldest) moves under bones 0 and 1"
    );
    assert_eq!(timeline[0].offsets.len(), 1);
    assert!(timeline[1].offsets.is_empty());
    // Oldest on top: slots are in reverse bone order and the same lives need the mirror keys.
    let part = SystemPart {
        order: DrawOrder::OldestOnTop,
        ..part
    };
    assert_eq!(
        system_keys(&part),
        vec![(4, Some(vec![1, 0, 2])), (10, None)]
    );
}
