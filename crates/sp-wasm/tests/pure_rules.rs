//! The rules the page calls instead of copying (`boneTrackPositionAt`), natively: what the JS
//! call answers and what it refuses.

use sp_wasm::pure::bone_track_position_at;

#[test]
fn a_track_position_is_the_cores_and_bad_arguments_are_refused() {
    // Three samples at 2 per second, looping: period 1 s.
    let points = [0.0, 0.0, 10.0, 20.0, 0.0, 0.0];
    let at = |t: f64| bone_track_position_at(&points, 2.0, true, t).expect("valid track");
    assert_eq!(at(0.0), [0.0, 0.0]);
    assert_eq!(
        at(0.25),
        [5.0, 10.0],
        "halfway between the first two samples"
    );
    assert_eq!(at(0.5), [10.0, 20.0]);
    assert_eq!(at(1.5), [10.0, 20.0], "looping: one period later");
    let held = bone_track_position_at(&points[..4], 2.0, false, 9.0).expect("valid track");
    assert_eq!(held, [10.0, 20.0], "one-shot: the last sample is held");
    let odd = bone_track_position_at(&points[..3], 2.0, false, 0.0).expect_err("odd length");
    assert_eq!(odd.code(), "wasm.argument");
    assert_eq!(odd.params()["name"], "points");
    let rate = bone_track_position_at(&points, 0.0, false, 0.0).expect_err("rate 0");
    assert_eq!(rate.params()["name"], "sampleFps");
}
