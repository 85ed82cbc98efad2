//! Baked vertex frames: layout, memory, quantisation error, playback frame choice.

mod common;

use sp_ms3d::writer::synth::synth_model;
use sp_ms3d::{
    BakeOptions, BakedClip, Clip, FramePositions, Interp, Model, Result, Rig, bake_clip,
    model_clips,
};
use sp_sim::time::{Playback, wrap_secs};

/// Bakes `clip` at `fps` with the other options at their defaults.
fn bake_at(model: &Model, rig: &Rig, clip: &Clip, fps: f32) -> Result<BakedClip> {
    bake_clip(
        model,
        rig,
        clip,
        &BakeOptions {
            fps,
            ..Default::default()
        },
    )
}

#[test]
fn wave_clip_bakes_to_the_rig_pose_every_frame() -> Result<()> {
    let model = synth_model(12, 2);
    let rig = Rig::new(&model)?;
    let clips = model_clips(&model, rig.last_key_frame());
    let wave = &clips[0];
    let baked = bake_at(&model, &rig, wave, 24.0)?;
    // 23 frames of model time at 24 fps → 23 steps + 1.
    assert_eq!(baked.frame_count(), 24);
    assert!((baked.duration_secs - 23.0 / 24.0).abs() < 1e-6);
    let grouped: usize = model
        .groups
        .iter()
        .map(|g| 3 * g.triangle_indices.len())
        .sum();
    assert_eq!(baked.indices.len(), grouped);
    assert_eq!(baked.draws.len(), 2);
    assert_eq!(baked.draws[0].color, [0.95, 0.55, 0.15, 1.0]);
    assert!(baked.vertex_count() >= model.vertices.len());
    assert!(
        baked
            .indices
            .iter()
            .all(|&i| (i as usize) < baked.vertex_count())
    );

    let mut expected = vec![[0.0; 3]; rig.vertex_count()];
    let mut scratch = Vec::new();
    for k in [0usize, 6, 23] {
        rig.skin_into(1.0 + k as f32, Interp::Hermite, &mut scratch, &mut expected)?;
        for (r, &src) in baked.source_vertices.iter().enumerate() {
            assert_eq!(
                baked.position(k, r),
                Some(expected[src as usize]),
                "frame {k} vertex {r}"
            );
        }
    }
    Ok(())
}

#[test]
fn quantised_frames_are_within_one_step_and_smaller() -> Result<()> {
    let model = synth_model(12, 2);
    let rig = Rig::new(&model)?;
    let clip = &model_clips(&model, rig.last_key_frame())[1];
    let f32s = bake_at(&model, &rig, clip, 12.0)?;
    let q = bake_clip(
        &model,
        &rig,
        clip,
        &BakeOptions {
            fps: 12.0,
            quantize: true,
            normals: true,
            ..Default::default()
        },
    )?;
    assert_eq!(f32s.bytes_per_vertex_per_frame(), 12);
    assert_eq!(q.bytes_per_vertex_per_frame(), 8 + 4);
    assert_eq!(f32s.bytes_per_frame(), 12 * f32s.vertex_count());
    assert_eq!(
        f32s.total_bytes(),
        f32s.bytes_per_frame() * f32s.frame_count() + 4 * f32s.indices.len() + 8 * f32s.uvs.len()
    );
    let FramePositions::Unorm16 { bbox, .. } = &q.positions else {
        panic!("not quantised")
    };
    assert_eq!(*bbox, f32s.bbox);
    let step = bbox.extent().map(|e| e / 65535.0 + 1e-6);
    for k in 0..f32s.frame_count() {
        for r in 0..f32s.vertex_count() {
            let (Some(a), Some(b)) = (f32s.position(k, r), q.position(k, r)) else {
                panic!("missing vertex")
            };
            for axis in 0..3 {
                assert!(
                    (a[axis] - b[axis]).abs() <= step[axis],
                    "frame {k} vertex {r}"
                );
            }
        }
    }
    let normals = q.normals.as_ref().map(|n| n.len());
    assert_eq!(normals, Some(q.frame_count()));
    Ok(())
}

#[test]
fn the_clock_picks_neighbours_and_blend() -> Result<()> {
    let model = synth_model(6, 1);
    let rig = Rig::new(&model)?;
    let clip = &model_clips(&model, rig.last_key_frame())[0];
    let baked = bake_at(&model, &rig, clip, 24.0)?;
    let clock = baked.timebase();
    let n = baked.frame_count() as u32;
    let d = f64::from(baked.duration_secs);
    assert_eq!(
        u64::from(n),
        clock.steps_covering(d) + 1,
        "the end point is a frame"
    );
    let at = |t: f64, looping: bool| {
        let t = if looping { wrap_secs(t, d) } else { t };
        clock.frame_pair(t, n, Playback::Clamp)
    };
    let p = at(0.0, true);
    assert_eq!((p.a, p.b, p.blend), (0, 1, 0.0));
    let p = at(2.5 / 24.0, false);
    assert_eq!((p.a, p.b), (2, 3));
    assert!((p.blend - 0.5).abs() < 1e-4);
    let last = n - 1;
    let p = at(100.0, false);
    assert_eq!((p.a, p.b, p.blend), (last, last, 0.0));
    let looped = at(d + 2.5 / 24.0, true);
    assert_eq!((looped.a, looped.b), (2, 3));
    let p = at(f64::NAN, true);
    assert!(p.a <= last && p.b <= last);
    Ok(())
}

#[test]
fn invalid_bake_requests_are_errors() -> Result<()> {
    let model = synth_model(6, 1);
    let rig = Rig::new(&model)?;
    let mut clip = model_clips(&model, rig.last_key_frame())[0].clone();
    assert!(bake_at(&model, &rig, &clip, 0.0).is_err());
    assert!(bake_at(&model, &rig, &clip, f32::NAN).is_err());
    clip.end_frame = 1.0e9;
    let e = bake_clip(&model, &rig, &clip, &BakeOptions::default());
    assert!(
        e.err()
            .map(|e| e.to_string())
            .unwrap_or_default()
            .contains("frames (max")
    );
    Ok(())
}
