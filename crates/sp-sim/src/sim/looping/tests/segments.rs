//! The segments on the one virtual axis: the three joins are one instant, any step size and
//! seek land on the same states, and the start warms up from the delay.

use super::*;

/// The loop's last frame is its first, the start's last frame is the loop's first, and the
/// loop's last frame is the end's first: the same particles in the same states.
#[test]
fn the_three_joins_are_one_instant() {
    // Two systems sharing the animations: loops of 1 s and 1.5 s (span 1.5 s: the shorter loop
    // does not divide it, yet loop → end still joins).
    let sc = scene(vec![
        turbulent(looping(20.0, (0.5, 1.2), 1.0, 100)),
        looping(12.0, (1.0, 2.2), 1.5, 100),
    ]);
    let mut sim = SceneSim::new(&sc);
    let plans: Vec<LoopPlan> = (0..2)
        .map(|i| *sim.systems()[i].loop_set().expect("periodic").plan())
        .collect();
    assert_eq!(plans[0].t0_frames, plans[1].t0_frames, "aligned start");
    assert_eq!((plans[0].span_frames, plans[1].span_frames), (45, 45));
    let at = |sim: &mut SceneSim, kind, secs: f64| {
        sim.show_segment(kind, secs);
        (shown(sim, 0), shown(sim, 1))
    };
    let t0 = f64::from(plans[0].t0_frames) / 30.0;
    let span = 45.0 / 30.0;
    let start_last = at(&mut sim, SegmentKind::Start, t0);
    let loop_first = at(&mut sim, SegmentKind::Loop, 0.0);
    let loop_last = at(&mut sim, SegmentKind::Loop, span);
    let end_first = at(&mut sim, SegmentKind::End, 0.0);
    assert!(!loop_first.0.is_empty() && !loop_first.1.is_empty());
    assert_eq!(start_last, loop_first);
    assert_eq!(loop_last, end_first);
    // The second system's loop of 45 frames is seamless; the first (30 frames) repeats within
    // the span and shows the state of frame 15 of its loop at the span's end.
    assert_eq!(loop_last.1, loop_first.1);
    assert_eq!(loop_last.0, at(&mut sim, SegmentKind::Loop, 0.5).0);
    // The end runs out.
    let end = sim.timeline().segment_frames(SegmentKind::End);
    assert!(end > 0);
    let last = at(&mut sim, SegmentKind::End, f64::from(end) / 30.0);
    assert!(
        last.0.is_empty() && last.1.is_empty(),
        "every life finished"
    );
    let before = at(&mut sim, SegmentKind::End, f64::from(end - 1) / 30.0);
    assert!(
        !before.0.is_empty() || !before.1.is_empty(),
        "the end is not longer than needed"
    );
}

/// Any step size and any seek land on the same states, bit for bit.
#[test]
fn seeking_is_exact_at_any_frame_rate() {
    let sc = scene(vec![
        turbulent(looping(30.0, (0.5, 1.4), 1.0, 100)),
        looping(15.0, (0.8, 1.1), 1.0, 100),
    ]);
    let mut direct = SceneSim::new(&sc);
    for fps in [24.0, 30.0, 60.0, 144.0] {
        let mut stepped = SceneSim::new(&sc);
        let mut i = 0u32;
        while f64::from(i) / fps < 3.2 {
            let t = f64::from(i) / fps;
            stepped.advance_to(t);
            if i.is_multiple_of(6) {
                direct.seek(t);
                for s in 0..2 {
                    assert_eq!(shown(&stepped, s), shown(&direct, s), "{fps} fps, {t} s");
                }
            }
            i += 1;
        }
    }
}

/// The start shows only copies born at or after the delay; before the delay nothing.
#[test]
fn the_start_warms_up_from_the_delay() {
    let mut system = looping(10.0, (0.5, 0.9), 1.0, 50);
    system.delay_secs = 0.4;
    let sc = scene(vec![system]);
    let mut sim = SceneSim::new(&sc);
    sim.seek(0.39);
    assert!(sim.systems()[0].particles().is_empty());
    sim.seek(0.45);
    let first: Vec<f64> = sim.systems()[0]
        .particles()
        .iter()
        .map(|p| p.birth_secs)
        .collect();
    assert!(
        !first.is_empty() && first.iter().all(|&b| b >= 0.4 - 1e-9),
        "{first:?}"
    );
}
