//! The timeline plays the segments: names, regions and the loop repeating, the end when asked,
//! one-shot scenes without segments, and playing through the wrap seamlessly.

use super::*;

/// The timeline: start | loop | end with the exported names, the loop repeating, the end when
/// asked, a restart at the end.
#[test]
fn the_timeline_repeats_the_loop_and_plays_the_end_when_asked() {
    let mut a = looping(20.0, (0.5, 1.0), 1.0, 100);
    a.loop_animations.start = "intro".into();
    let sc = scene(vec![a, looping(5.0, (1.0, 2.0), 2.0, 100)]);
    let sim = SceneSim::new(&sc);
    let tl = sim.timeline();
    let names: Vec<Vec<String>> = tl.segments().iter().map(|s| s.names.clone()).collect();
    assert_eq!(
        names,
        [vec!["intro", "start"], vec!["loop"], vec!["end"]]
            .map(|v| v.into_iter().map(String::from).collect::<Vec<_>>())
    );
    let r = *tl.regions().expect("loops");
    assert_eq!((r.start_frames, r.loop_frames), (60, 60));
    let (s, e) = (2.0, 4.0);
    assert_eq!(tl.play(3.9, 0.15, 0.0, false).time_secs, s + 0.05);
    assert!((tl.play(3.9, 0.15, 0.0, true).time_secs - 4.05).abs() < 1e-12);
    let length = tl.length_secs();
    assert!(length > e);
    let restart = tl.play(length - 0.01, 0.02, 0.0, true);
    assert!(restart.restarted && restart.time_secs == 0.0);
    assert!(!tl.play(length - 0.01, 0.02, length + 1.0, true).restarted);
    assert_eq!(tl.segment_at(1.0), Some(SegmentKind::Start));
    assert_eq!(tl.segment_at(2.0), Some(SegmentKind::Loop));
    assert_eq!(tl.segment_at(4.0), Some(SegmentKind::End));
    // The first system (start "intro", T₀ 30 frames, span 60) enters its loop a second before
    // the timeline's: at 3.5 s it is 45 frames into it.
    let at = tl.system_time(0, 3.5).expect("loop");
    assert!((at.virtual_secs - 1.5).abs() < 1e-12 && at.stop_frame.is_none());
    let end = tl.system_time(1, 4.5).expect("loop");
    assert_eq!(end.stop_frame, Some(120.0));
    // The exported animation each system shows: the first enters its loop after 1 s and wraps
    // with its 2 s span, so at 4 s (the timeline's end region) it is half-way through a loop
    // it finishes before its end plays; the second's loop is over at 4 s.
    let close = |got: Option<(SegmentKind, f64)>, kind: SegmentKind, secs: f64| {
        let (k, t) = got.expect("loop system");
        assert!(
            k == kind && (t - secs).abs() < 1e-9,
            "{got:?} vs {kind:?} {secs}"
        );
    };
    close(tl.animation_at(0, 0.5), SegmentKind::Start, 0.5);
    close(tl.animation_at(0, 1.0), SegmentKind::Loop, 0.0);
    close(tl.animation_at(0, 3.5), SegmentKind::Loop, 0.5);
    close(tl.animation_at(1, 1.0), SegmentKind::Start, 1.0);
    close(tl.animation_at(1, 3.0), SegmentKind::Loop, 1.0);
    close(tl.animation_at(1, 4.0), SegmentKind::End, 0.0);
    close(tl.animation_at(0, 4.25), SegmentKind::Loop, 1.25);
    close(tl.animation_at(0, 5.25), SegmentKind::End, 0.25);
}

/// A scene of one-shot systems has no segments and wraps at its end as before.
#[test]
fn one_shot_scenes_have_no_segments() {
    let one = ParticleSystem {
        duration_secs: 1.0,
        lifetime_secs: Range::new(0.5, 0.5),
        ..Default::default()
    };
    let sim = SceneSim::new(&scene(vec![one]));
    let tl = sim.timeline();
    assert!(tl.segments().is_empty() && tl.regions().is_none());
    assert_eq!(tl.length_secs(), 1.5);
    assert!(tl.play(1.45, 0.1, 0.0, false).restarted);
}

/// Playing through the wrap: at the loop's last frame every system shows what it shows at the
/// loop's first frame, playback past it lands in the loop again (not in the end) with the state
/// an exact seek gives, and with `play_end` it runs on into the end; one-shot systems in the
/// scene play at the timeline time.
#[test]
fn playing_wraps_the_loop_seamlessly_and_plays_into_the_end_when_asked() {
    let one = ParticleSystem {
        duration_secs: 0.5,
        rate_per_sec: 30.0,
        lifetime_secs: Range::new(0.5, 0.5),
        ..Default::default()
    };
    let sc = scene(vec![
        turbulent(looping(40.0, (0.5, 1.2), 1.0, 30)),
        looping(12.0, (1.0, 2.0), 2.0, 100),
        one,
    ]);
    let mut sim = SceneSim::new(&sc);
    let r = *sim.timeline().regions().expect("loops");
    let fps = f64::from(r.fps);
    let a = f64::from(r.start_frames) / fps;
    let b = f64::from(r.start_frames + r.loop_frames) / fps;
    // Play to the loop's last frame in display-sized steps.
    let dt = 1.0 / 60.0;
    while sim.time_secs() + dt < b {
        let p = sim.play(dt, 0.0, false);
        assert!(!p.restarted);
    }
    sim.play(b - sim.time_secs(), 0.0, false);
    assert_eq!(sim.time_secs(), b);
    let mut first = SceneSim::new(&sc);
    first.seek(a);
    for i in 0..2 {
        assert!(!shown(&sim, i).is_empty());
        assert_eq!(
            shown(&sim, i),
            shown(&first, i),
            "system {i}: last frame = first frame"
        );
    }
    // Across the wrap: back in the loop, as a seek there.
    let p = sim.play(0.025, 0.0, false);
    assert!(!p.restarted && (p.time_secs - (a + 0.025)).abs() < 1e-9);
    let mut there = SceneSim::new(&sc);
    there.seek(p.time_secs);
    for i in 0..3 {
        assert_eq!(
            shown(&sim, i),
            shown(&there, i),
            "system {i} after the wrap"
        );
    }
    // With the end asked for, the clock runs on past the loop and emission stops.
    sim.seek(b - 0.01);
    let p = sim.play(0.05, 0.0, true);
    assert!((p.time_secs - (b + 0.04)).abs() < 1e-9);
    assert_eq!(
        sim.timeline().segment_at(p.time_secs),
        Some(SegmentKind::End)
    );
    let length = sim.timeline().length_secs();
    while !sim.play(0.1, 0.0, true).restarted {
        assert!(sim.time_secs() <= length);
    }
    assert_eq!(sim.time_secs(), 0.0);
}
