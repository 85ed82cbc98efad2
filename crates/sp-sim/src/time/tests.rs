//! The edges of the clock: exactly on a frame, float error around a frame, negative times,
//! NaN and infinities, the last frame, loop wrap.

use super::*;
use crate::document::{Burst, ParticleSystem, PlayMode, Range};

fn tb(fps: f64) -> Timebase {
    Timebase::new(fps).expect("valid fps")
}

fn pair(a: u32, b: u32, blend: f32) -> FramePair {
    FramePair { a, b, blend }
}

#[test]
fn only_positive_finite_rates_make_a_timebase() {
    assert!(Timebase::new(30.0).is_some());
    for bad in [0.0, -30.0, f64::NAN, f64::INFINITY] {
        assert_eq!(Timebase::new(bad), None, "{bad}");
    }
}

#[test]
fn frame_of_counts_times_on_a_frame_as_that_frame() {
    let t = tb(10.0);
    assert_eq!(t.frame_of(0.0), 0);
    assert_eq!(t.frame_of(0.3), 3, "exactly on frame 3");
    // 0.1·3 s is 3.0000000000000004 frames, 0.29 s at 100 fps 28.999999999999996: float error
    // either way.
    assert_eq!(t.frame_of(0.1 * 3.0), 3);
    let (time, fps) = (0.29_f64, 100.0_f64);
    assert!(time * fps < 29.0, "the product is below 29 by float error");
    assert_eq!(tb(100.0).frame_of(0.29), 29);
    assert_eq!(tb(100.0).frame_of(0.57), 57);
    assert_eq!(
        t.frame_of(0.2999999),
        2,
        "a real gap before frame 3 stays frame 2"
    );
    assert_eq!(t.frame_of(0.35), 3);
    assert_eq!(t.frame_of(0.399_999_999), 3);
    // 1/3 s at 30 fps: 10 frames despite 1/3 not being representable.
    assert_eq!(tb(30.0).frame_of(1.0 / 3.0), 10);
    assert_eq!(tb(24.0).frame_of(tb(24.0).time_of(17)), 17);
}

#[test]
fn frame_of_negative_nan_and_infinite_times() {
    let t = tb(30.0);
    assert_eq!(t.frame_of(-0.5), 0);
    assert_eq!(t.frame_of(-1e-12), 0);
    assert_eq!(t.frame_of(f64::NAN), 0);
    assert_eq!(t.frame_of(f64::NEG_INFINITY), 0);
    assert_eq!(t.frame_of(f64::INFINITY), u64::MAX);
}

#[test]
fn frame_count_includes_both_ends() {
    let t = tb(30.0);
    assert_eq!(t.frame_count(1.0), 31, "frames 0..=30");
    assert_eq!(t.frame_count(0.1 * 3.0), 10, "0.3 s: frames 0..=9");
    assert_eq!(
        t.frame_count(1.0 / 30.0 - 1e-6),
        1,
        "less than one frame: frame 0 alone"
    );
    assert_eq!(t.frame_count(0.0), 1);
    assert_eq!(t.frame_count(-2.0), 1);
    assert_eq!(t.frame_count(f64::NAN), 1);
    // The simulation hash's old rule: ⌊d·fps + 10⁻⁹⌋ + 1, bit for bit.
    for d in [0.1, 0.25, 1.0 / 3.0, 2.0, 2.5, 7.3, 10.0] {
        for fps in [24.0, 30.0, 60.0, 240.0] {
            let old = f64::floor(d * fps + 1e-9) as u64 + 1;
            assert_eq!(tb(fps).frame_count(d), old, "{d} s at {fps}");
        }
    }
}

#[test]
fn steps_covering_and_period_frames_round_up_but_not_on_float_error() {
    let t = tb(30.0);
    assert_eq!(t.steps_covering(1.0), 30);
    assert_eq!(
        t.steps_covering(1.01),
        31,
        "a bit more than 30 frames needs a 31st step"
    );
    assert_eq!(
        t.steps_covering(0.1 * 3.0),
        9,
        "float error above frame 9 is not a 10th step"
    );
    assert_eq!(t.steps_covering(0.0), 0);
    assert_eq!(t.steps_covering(-1.0), 0);
    assert_eq!(t.steps_covering(f64::NAN), 0);
    assert_eq!(t.period_frames(0.0), 1, "a loop lasts at least one frame");
    assert_eq!(t.period_frames(2.0), 60);
    assert_eq!(t.period_frames(0.001), 1);
    // The exporter's old loop rule: ⌈x·fps − 10⁻⁹⌉, bit for bit.
    for x in [0.3f32, 1.2, 0.7, 2.0, 0.05, 3.3] {
        let x = f64::from(x);
        assert_eq!(
            t.steps_covering(x),
            f64::ceil(x * 30.0 - 1e-9) as u64,
            "{x}"
        );
    }
}

#[test]
fn period_and_time_of() {
    let t = tb(30.0);
    assert_eq!(t.period_secs(30), 1.0);
    assert_eq!(t.time_of(45), 1.5);
    assert_eq!(t.time_of(0), 0.0);
}

#[test]
fn frame_pair_loop_wraps_and_blends_the_last_frame_into_the_first() {
    let t = tb(10.0);
    assert_eq!(t.frame_pair(0.0, 4, Playback::Loop), pair(0, 1, 0.0));
    let p = t.frame_pair(0.35, 4, Playback::Loop);
    assert_eq!((p.a, p.b), (3, 0), "frame 3 blends into frame 0");
    assert!((p.blend - 0.5).abs() < 1e-6);
    let w = t.frame_pair(0.45, 4, Playback::Loop);
    assert_eq!((w.a, w.b), (0, 1), "0.45 s = 4.5 frames wraps to 0.5");
    assert!((w.blend - 0.5).abs() < 1e-6);
    assert_eq!(
        t.frame_pair(0.4, 4, Playback::Loop),
        pair(0, 1, 0.0),
        "one period"
    );
    let back = t.frame_pair(-0.05, 4, Playback::Loop);
    assert_eq!((back.a, back.b), (3, 0), "negative times wrap backwards");
    assert!((back.blend - 0.5).abs() < 1e-6);
    assert_eq!(t.frame_pair(-1e-17, 4, Playback::Loop), pair(0, 1, 0.0));
}

#[test]
fn frame_pair_on_a_frame_is_that_frame_unblended() {
    let t = tb(10.0);
    for mode in [Playback::Loop, Playback::Clamp] {
        // 0.1·3 s is frame 3 plus float error; 0.29 s at 100 fps frame 29 minus float error.
        assert_eq!(
            t.frame_pair(0.1 * 3.0, 8, mode),
            pair(3, 4, 0.0),
            "{mode:?}"
        );
        assert_eq!(
            tb(100.0).frame_pair(0.29, 40, mode),
            pair(29, 30, 0.0),
            "{mode:?}"
        );
        // Just below a frame by float error: still that frame (not the previous one at w ≈ 1).
        assert_eq!(
            t.frame_pair(0.3 - 1e-12, 8, mode),
            pair(3, 4, 0.0),
            "{mode:?}"
        );
    }
}

#[test]
fn frame_pair_clamp_holds_both_ends() {
    let t = tb(10.0);
    assert_eq!(t.frame_pair(-1.0, 4, Playback::Clamp), pair(0, 1, 0.0));
    assert_eq!(t.frame_pair(9.0, 4, Playback::Clamp), pair(3, 3, 0.0));
    assert_eq!(
        t.frame_pair(0.3, 4, Playback::Clamp),
        pair(3, 3, 0.0),
        "last frame"
    );
    let p = t.frame_pair(0.25, 4, Playback::Clamp);
    assert_eq!((p.a, p.b), (2, 3));
    assert!((p.blend - 0.5).abs() < 1e-6);
}

#[test]
fn frame_pair_of_nan_infinite_and_empty_clips() {
    let t = tb(10.0);
    for mode in [Playback::Loop, Playback::Clamp] {
        assert_eq!(t.frame_pair(f64::NAN, 4, mode).a, 0);
        assert_eq!(t.frame_pair(f64::INFINITY, 4, mode).a, 0);
        assert_eq!(
            t.frame_pair(1.0, 0, mode),
            pair(0, 0, 0.0),
            "no frames: frame 0"
        );
        assert_eq!(t.frame_pair(1.0, 1, mode), pair(0, 0, 0.0), "one frame");
    }
}

#[test]
fn wrapped_time_then_clamp_plays_a_clip_that_baked_its_end_point() {
    // 1 s at 4 fps baked with its end: steps_covering(1) + 1 = 5 frames, frame 4 = frame 0's pose.
    let t = tb(4.0);
    let n = (t.steps_covering(1.0) + 1) as u32;
    assert_eq!(n, 5);
    let at = |s: f64| t.frame_pair(wrap_secs(s, 1.0), n, Playback::Clamp);
    assert_eq!(at(0.0), pair(0, 1, 0.0));
    let end = at(0.9);
    assert_eq!(
        (end.a, end.b),
        (3, 4),
        "the last step blends towards the end point"
    );
    assert!((end.blend - 0.6).abs() < 1e-6);
    assert_eq!(at(1.0), pair(0, 1, 0.0), "the period wraps to the start");
    assert_eq!(at(-0.25), pair(3, 4, 0.0));
    assert_eq!(wrap_secs(f64::NAN, 1.0), 0.0);
    assert_eq!(wrap_secs(-3.0, 0.0), 0.0, "no period: clamped at 0");
    assert_eq!(wrap_secs(3.0, 0.0), 3.0);
}

fn system(visible: bool, mode: PlayMode, delay: f32, duration: f32, life: f32) -> ParticleSystem {
    ParticleSystem {
        visible,
        mode,
        delay_secs: delay,
        duration_secs: duration,
        lifetime_secs: Range::new(life * 0.5, life),
        ..ParticleSystem::default()
    }
}

#[test]
fn timeline_length_is_the_latest_visible_end() {
    let mut scene = Scene::default();
    assert_eq!(
        timeline_length_secs(&scene),
        MIN_TIMELINE_SECS,
        "empty scene"
    );
    scene
        .systems
        .push(system(true, PlayMode::OneShot, 0.5, 1.0, 2.0));
    assert_eq!(timeline_length_secs(&scene), 3.5, "delay + duration + life");
    scene.systems[0].bursts.push(Burst::once(3.0, 5));
    assert_eq!(
        timeline_length_secs(&scene),
        5.5,
        "a later burst extends emission"
    );
    scene
        .systems
        .push(system(true, PlayMode::LoopContinuous, 1.0, 4.0, 2.0));
    // Start (delay + warm-up: 3 s), one loop (4 s), then the end segment, where the living of
    // the stopped loop finish (at most one longest lifetime, 2 s): the core's timeline.
    let with_loop = timeline_length_secs(&scene);
    assert!(
        with_loop > 7.0 && with_loop <= 9.0 + 1e-9,
        "delay + warm-up + one loop + end: {with_loop}"
    );
    assert_eq!(
        crate::sim::SceneSim::new(&scene)
            .timeline()
            .segments()
            .last()
            .map(|s| s.end_secs),
        Some(with_loop),
        "the length is the end of the end segment"
    );
    scene
        .systems
        .push(system(false, PlayMode::OneShot, 0.0, 60.0, 10.0));
    assert_eq!(
        timeline_length_secs(&scene),
        with_loop,
        "hidden systems do not count"
    );
    let short = Scene {
        systems: vec![system(true, PlayMode::OneShot, 0.0, 0.1, 0.2)],
        ..Scene::default()
    };
    assert_eq!(timeline_length_secs(&short), MIN_TIMELINE_SECS);
}

/// The table the editor checks through wasm too (tests/node/timebase.wasm.test.ts): natively
/// and in the page, the frame of a time at the edges of a frame is the same.
#[test]
fn frame_of_agrees_with_the_shared_edge_table() {
    let table: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../tests/fixtures/time/frame-edges.json"
    ))
    .expect("frame-edges.json");
    let cases = table["cases"].as_array().expect("cases");
    assert!(cases.len() >= 5);
    for c in cases {
        let fps = c["fps"].as_f64().expect("fps");
        let t = c["frames"].as_f64().expect("frames") / fps;
        assert_eq!(
            tb(fps).frame_of(t),
            c["frame"].as_u64().expect("frame"),
            "{}",
            c["why"]
        );
    }
}
