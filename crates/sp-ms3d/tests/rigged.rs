//! The synthetic rigged character (the MS3D parse benchmark's model): the sizes it promises, a
//! clean round trip through the writer and parser, weights as a skinned limb has them, clips
//! that loop, and motion where the clip names say (feet in the walk, the right hand in the attack).

use sp_ms3d::writer::rigged::{RiggedSpec, rigged_model};
use sp_ms3d::{Interp, Result, Rig, model_clips, parse, writer};

fn skin(rig: &Rig, frame: f32) -> Result<Vec<[f32; 3]>> {
    let mut out = vec![[0.0; 3]; rig.vertex_count()];
    rig.skin_into(frame, Interp::Hermite, &mut Vec::new(), &mut out)?;
    Ok(out)
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[test]
fn sizes_are_those_of_a_game_character_and_round_trip() -> Result<()> {
    for (spec, joints, vertices, triangles, bytes) in [
        (RiggedSpec::CHARACTER, 31, 4_200, 7_560, 500_000..800_000),
        (
            RiggedSpec::DETAILED,
            53,
            11_232,
            20_592,
            1_500_000..2_500_000,
        ),
    ] {
        assert_eq!(
            (
                spec.joint_count(),
                spec.vertex_count(),
                spec.triangle_count()
            ),
            (joints, vertices, triangles)
        );
        let model = rigged_model(spec);
        assert_eq!(model.joints.len(), joints);
        assert_eq!(model.vertices.len(), vertices);
        assert_eq!(model.triangles.len(), triangles);
        let grouped: usize = model.groups.iter().map(|g| g.triangle_indices.len()).sum();
        assert_eq!(grouped, triangles, "every triangle is in a group");
        assert_eq!(model.groups.len(), 6);
        assert!(model.materials.iter().all(|m| m.texture.ends_with(".png")));
        // Keys on every joint, every `key_every_frames` frames of each clip plus its last frame.
        let per_clip =
            usize::from(spec.frames_per_clip - 1).div_ceil(usize::from(spec.key_every_frames)) + 1;
        for j in &model.joints {
            assert_eq!(j.rotation_keys.len(), 3 * per_clip, "{}", j.name);
            assert_eq!(j.position_keys.len(), 3 * per_clip, "{}", j.name);
        }
        let file = writer::write(&model)?;
        assert!(bytes.contains(&file.len()), "{} bytes", file.len());
        let parsed = parse(&file)?;
        assert_eq!(parsed.bytes_consumed, file.len());
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.model, model);
    }
    Ok(())
}

#[test]
fn weights_blend_into_the_grandparent_near_each_joint() -> Result<()> {
    let model = rigged_model(RiggedSpec::CHARACTER);
    let rig = Rig::new(&model)?;
    let mut blended = 0;
    for i in 0..rig.vertex_count() {
        let inf = rig.influence(i).copied().unwrap_or_default();
        assert!((1..=2).contains(&inf.count), "vertex {i}: {inf:?}");
        let sum: f32 = inf.weights[..usize::from(inf.count)].iter().sum();
        assert!((sum - 1.0).abs() < 1e-5, "vertex {i}: weights sum to {sum}");
        if inf.count == 2 {
            blended += 1;
            assert!(
                inf.weights[0] >= 0.5,
                "the segment's own joint leads: {inf:?}"
            );
        }
    }
    // Rings with f < 1/4 of every segment whose parent has a parent: 3 of 10 rings.
    assert!(
        blended > rig.vertex_count() / 5,
        "{blended} blended vertices"
    );
    Ok(())
}

#[test]
fn clips_loop_and_move_the_parts_they_name() -> Result<()> {
    let model = rigged_model(RiggedSpec::CHARACTER);
    let rig = Rig::new(&model)?;
    let clips = model_clips(&model, rig.last_key_frame());
    let names: Vec<&str> = clips.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["idle", "walk", "attack"]);
    for c in &clips {
        let (a, b) = (skin(&rig, c.start_frame)?, skin(&rig, c.end_frame)?);
        let worst = a
            .iter()
            .zip(&b)
            .map(|(p, q)| dist(*p, *q))
            .fold(0.0, f32::max);
        assert!(
            worst < 1e-3,
            "{}: first and last frames differ by {worst}",
            c.name
        );
    }
    // The lowest vertex (a toe) travels in the walk, barely in the idle; the right hand's
    // outermost vertex (smallest x) travels in the attack.
    let bind: Vec<[f32; 3]> = model.vertices.iter().map(|v| v.position).collect();
    let toe = (0..bind.len())
        .min_by(|&a, &b| bind[a][1].total_cmp(&bind[b][1]))
        .unwrap_or(0);
    let hand_r = (0..bind.len())
        .min_by(|&a, &b| bind[a][0].total_cmp(&bind[b][0]))
        .unwrap_or(0);
    let travel = |clip: usize, v: usize| -> Result<f32> {
        let c = &clips[clip];
        let mut far: f32 = 0.0;
        let start = skin(&rig, c.start_frame)?[v];
        let mut f = c.start_frame;
        while f <= c.end_frame {
            far = far.max(dist(skin(&rig, f)?[v], start));
            f += 2.0;
        }
        Ok(far)
    };
    let (toe_idle, toe_walk) = (travel(0, toe)?, travel(1, toe)?);
    assert!(
        toe_walk > 3.0 && toe_walk > 5.0 * toe_idle,
        "toe: walk {toe_walk}, idle {toe_idle}"
    );
    let (hand_idle, hand_attack) = (travel(0, hand_r)?, travel(2, hand_r)?);
    assert!(
        hand_attack > 4.0 && hand_attack > 5.0 * hand_idle,
        "right hand: attack {hand_attack}, idle {hand_idle}"
    );
    Ok(())
}
