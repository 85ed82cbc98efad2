//! Skinning on synthetic rigs with answers worked out by hand from the reference's §2 rules.

mod common;

use glam::{EulerRot, Mat3, Quat};
use sp_ms3d::writer::builder::ModelBuilder;
use sp_ms3d::{Interp, Model, Result, Rig, euler_to_quat, model_clips, writer};

const FPS: f32 = 10.0;

fn close(a: [f32; 3], b: [f32; 3]) -> bool {
    a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5)
}

fn pose(model: &Model, frame: f32, interp: Interp) -> Result<Vec<[f32; 3]>> {
    // Always go through the file format, so the test also covers key times in seconds.
    let parsed = sp_ms3d::parse(&writer::write(model)?)?;
    let rig = Rig::new(&parsed.model)?;
    let mut out = vec![[0.0; 3]; rig.vertex_count()];
    rig.skin_into(frame, interp, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// A model whose triangle uses the first three vertices; extra vertices are added by callers.
fn base() -> ModelBuilder {
    let mut b = ModelBuilder::new(FPS);
    let a = b.vertex([0.0, 0.0, 0.0], -1);
    let c = b.vertex([0.0, 0.0, 0.0], -1);
    let d = b.vertex([0.0, 0.0, 0.0], -1);
    b.triangle([a, c, d], [[0.0; 2]; 3], 0);
    b.group("g", vec![0], -1);
    b
}

#[test]
fn euler_order_is_z_y_x() {
    let r = [0.3f32, -1.1, 2.0];
    let expected =
        Mat3::from_rotation_z(r[2]) * Mat3::from_rotation_y(r[1]) * Mat3::from_rotation_x(r[0]);
    let got = Mat3::from_quat(euler_to_quat(r));
    assert!(got.abs_diff_eq(expected, 1e-6));
    assert!(euler_to_quat(r).abs_diff_eq(Quat::from_euler(EulerRot::ZYX, r[2], r[1], r[0]), 1e-7));
}

#[test]
fn a_joint_rotated_90_degrees_moves_a_vertex_a_quarter_turn() -> Result<()> {
    let mut b = base();
    let v = b.vertex([1.0, 0.0, 0.0], 0);
    let j = b.joint("j", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(j, 1.0, [0.0; 3]);
    b.rotation_key(j, 2.0, [0.0, 0.0, std::f32::consts::FRAC_PI_2]);
    let m = b.build();
    let v = usize::from(v);
    assert!(close(pose(&m, 1.0, Interp::Linear)?[v], [1.0, 0.0, 0.0]));
    assert!(close(pose(&m, 2.0, Interp::Linear)?[v], [0.0, 1.0, 0.0]));
    let h = std::f32::consts::FRAC_1_SQRT_2;
    assert!(
        close(pose(&m, 1.5, Interp::Linear)?[v], [h, h, 0.0]),
        "slerp halfway is 45°"
    );
    // Before the first key the first key holds; after the last, the last.
    assert!(close(pose(&m, 0.0, Interp::Linear)?[v], [1.0, 0.0, 0.0]));
    assert!(close(pose(&m, 9.0, Interp::Linear)?[v], [0.0, 1.0, 0.0]));
    Ok(())
}

#[test]
fn child_follows_parent_and_key_positions_use_the_bind_rotation() -> Result<()> {
    let mut b = base();
    let tip = b.vertex([3.0, 0.0, 0.0], 1);
    let root = b.joint("root", "", [0.0; 3], [0.0; 3]);
    b.joint("child", "root", [0.0; 3], [2.0, 0.0, 0.0]);
    b.rotation_key(root, 1.0, [0.0; 3]);
    b.rotation_key(root, 2.0, [0.0, 0.0, std::f32::consts::FRAC_PI_2]);
    let m = b.build();
    assert!(close(
        pose(&m, 2.0, Interp::Linear)?[usize::from(tip)],
        [0.0, 3.0, 0.0]
    ));

    // Bind rotation 90° about Z; a position key (1, 0, 0) moves the joint along the rotated
    // x axis, i.e. world +Y (pos_bind + R_bind·key), not +X.
    let mut b = base();
    let v = b.vertex([5.0, 0.0, 0.0], 0);
    let j = b.joint(
        "j",
        "",
        [0.0, 0.0, std::f32::consts::FRAC_PI_2],
        [5.0, 0.0, 0.0],
    );
    b.position_key(j, 1.0, [1.0, 0.0, 0.0]);
    let m = b.build();
    assert!(close(
        pose(&m, 1.0, Interp::Linear)?[usize::from(v)],
        [5.0, 1.0, 0.0]
    ));
    Ok(())
}

#[test]
fn parent_listed_after_child_still_poses_correctly() -> Result<()> {
    let mut b = base();
    let tip = b.vertex([3.0, 0.0, 0.0], 0);
    b.joint("child", "root", [0.0; 3], [2.0, 0.0, 0.0]);
    let root = b.joint("root", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(root, 1.0, [0.0, 0.0, std::f32::consts::PI]);
    let m = b.build();
    assert!(close(
        pose(&m, 1.0, Interp::Linear)?[usize::from(tip)],
        [-3.0, 0.0, 0.0]
    ));
    Ok(())
}

#[test]
fn weights_blend_in_percent_and_all_zero_means_main_bone() -> Result<()> {
    let mut b = base();
    let blended = b.vertex([1.0, 0.0, 0.0], 0);
    let zero = b.vertex([1.0, 0.0, 0.0], 1);
    let unbound = b.vertex([1.0, 0.0, 0.0], -1);
    let three = b.vertex([1.0, 0.0, 0.0], 0);
    b.joint("still", "", [0.0; 3], [0.0; 3]);
    let turn = b.joint("turn", "", [0.0; 3], [0.0; 3]);
    b.joint("up", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(turn, 1.0, [0.0, 0.0, std::f32::consts::FRAC_PI_2]);
    b.position_key(2, 1.0, [0.0, 0.0, 4.0]);
    b.weights(blended, [1, -1, -1], [50, 50, 0]);
    b.weights(zero, [0, -1, -1], [0, 0, 0]);
    // 20 % still, 30 % turn, 10 % up, and the rest (40 %) on bone_ids[2] = turn.
    b.weights(three, [1, 2, 1], [20, 30, 10]);
    let m = b.build();
    let p = pose(&m, 1.0, Interp::Linear)?;
    assert!(close(p[usize::from(blended)], [0.5, 0.5, 0.0]));
    assert!(
        close(p[usize::from(zero)], [0.0, 1.0, 0.0]),
        "all-zero weights: 100 % on bone_id (turn)"
    );
    assert!(
        close(p[usize::from(unbound)], [1.0, 0.0, 0.0]),
        "no bone: stays put"
    );
    // still: (1,0,0)·0.2, turn: (0,1,0)·0.7, up: (1,0,4)·0.1.
    assert!(close(p[usize::from(three)], [0.3, 0.7, 0.4]));
    Ok(())
}

#[test]
fn weights_stop_at_the_first_invalid_entry() -> Result<()> {
    let mut b = base();
    let v = b.vertex([1.0, 0.0, 0.0], 0);
    b.joint("still", "", [0.0; 3], [0.0; 3]);
    let turn = b.joint("turn", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(turn, 1.0, [0.0, 0.0, std::f32::consts::FRAC_PI_2]);
    // Second entry names joint 9 (does not exist): only the first entry (60 %) is used.
    b.weights(v, [9, 1, -1], [60, 30, 10]);
    let p = pose(&b.build(), 1.0, Interp::Linear)?;
    assert!(close(p[usize::from(v)], [0.6, 0.0, 0.0]));
    Ok(())
}

#[test]
fn linear_and_hermite_positions() -> Result<()> {
    let mut b = base();
    let v = b.vertex([0.0, 0.0, 0.0], 0);
    let j = b.joint("j", "", [0.0; 3], [0.0; 3]);
    b.position_key(j, 1.0, [0.0, 0.0, 0.0]);
    b.position_key(j, 3.0, [2.0, 0.0, 0.0]);
    let two = b.clone().build();
    let v = usize::from(v);
    assert!(close(pose(&two, 1.5, Interp::Linear)?[v], [0.5, 0.0, 0.0]));
    // Two keys: zero tangents, so Hermite is smoothstep: 2·(3t² − 2t³) at t = 0.25.
    assert!(close(
        pose(&two, 1.5, Interp::Hermite)?[v],
        [0.3125, 0.0, 0.0]
    ));

    // Three keys x = 0, 1, 0 at frames 1, 2, 3 with looped tangents: key 0 has tangent
    // k1 − k2 = 1 weighted dt2/dt = 1/(−1) out; key 1 has tangent k2 − k0 = 0. At t = 0.5:
    // 0.5·0 + 0.125·(−1) + 0.5·1 − 0.125·0 = 0.375.
    let mut b = base();
    let v = b.vertex([0.0, 0.0, 0.0], 0);
    let j = b.joint("j", "", [0.0; 3], [0.0; 3]);
    for (f, x) in [(1.0, 0.0), (2.0, 1.0), (3.0, 0.0)] {
        b.position_key(j, f, [x, 0.0, 0.0]);
    }
    let three = b.build();
    let v = usize::from(v);
    assert!(close(
        pose(&three, 1.5, Interp::Hermite)?[v],
        [0.375, 0.0, 0.0]
    ));
    assert!(close(
        pose(&three, 1.5, Interp::Linear)?[v],
        [0.5, 0.0, 0.0]
    ));
    assert_eq!(Interp::default(), Interp::Hermite);
    Ok(())
}

#[test]
fn total_frames_is_not_trusted() -> Result<()> {
    let mut b = base();
    let j = b.joint("j", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(j, 1.0, [0.0; 3]);
    b.rotation_key(j, 36.0, [0.0, 0.0, 1.0]);
    let mut m = b.build();
    m.total_frames = 5;
    let parsed = sp_ms3d::parse(&writer::write(&m)?)?;
    let rig = Rig::new(&parsed.model)?;
    assert!((rig.last_key_frame() - 36.0).abs() < 1e-4);
    let clips = model_clips(&parsed.model, rig.last_key_frame());
    assert_eq!(clips.len(), 1);
    assert_eq!(clips[0].name, "all");
    assert!((clips[0].end_frame - 36.0).abs() < 1e-4);
    Ok(())
}

#[test]
fn synthetic_strip_lifts_rigidly_at_frame_13() -> Result<()> {
    let m = sp_ms3d::writer::synth::synth_model(12, 2);
    let bind: Vec<[f32; 3]> = m.vertices.iter().map(|v| v.position).collect();
    for interp in [Interp::Linear, Interp::Hermite] {
        let f1 = pose(&m, 1.0, interp)?;
        let f13 = pose(&m, 13.0, interp)?;
        for i in 0..bind.len() {
            assert!(close(f1[i], bind[i]), "frame 1 is the bind pose");
            assert!(
                close(f13[i], [bind[i][0], bind[i][1] + 0.5, bind[i][2]]),
                "frame 13 lifts by 0.5"
            );
        }
        let f7 = pose(&m, 7.0, interp)?;
        assert!(
            f7.iter().zip(&bind).any(|(a, b)| !close(*a, *b)),
            "frame 7 sways"
        );
    }
    let clips = model_clips(&m, 48.0);
    let names: Vec<(&str, f32, f32)> = clips
        .iter()
        .map(|c| (c.name.as_str(), c.start_frame, c.end_frame))
        .collect();
    assert_eq!(names, vec![("wave", 1.0, 24.0), ("bend", 25.0, 48.0)]);
    Ok(())
}

#[test]
fn slerp_takes_the_short_way_round() -> Result<()> {
    let mut b = base();
    let v = b.vertex([1.0, 0.0, 0.0], 0);
    let j = b.joint("j", "", [0.0; 3], [0.0; 3]);
    b.rotation_key(j, 1.0, [0.0, 0.0, 170f32.to_radians()]);
    b.rotation_key(j, 2.0, [0.0, 0.0, (-170f32).to_radians()]);
    let p = pose(&b.build(), 1.5, Interp::Linear)?;
    assert!(
        close(p[usize::from(v)], [-1.0, 0.0, 0.0]),
        "{:?}: halfway is 180°, not 0°",
        p[usize::from(v)]
    );
    Ok(())
}
