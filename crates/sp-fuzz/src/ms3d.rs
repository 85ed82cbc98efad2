//! MS3D: parse → info → rig → pose → clips → bake, plus the writer round trip.

use sp_ms3d::{BakeOptions, BakedClip, Interp, ModelInfo, Rig, bake_clip, model_clips, parse};
use sp_sim::time::{Playback, wrap_secs};

/// Most frames one fuzzed clip is baked into (the bake rate is lowered to stay below it).
const MAX_FUZZ_FRAMES: f32 = 48.0;

/// Fuzz target: an `.ms3d` file (see the crate docs for the invariants).
pub fn ms3d(data: &[u8]) {
    let Ok(parsed) = parse(data) else { return };
    assert!(
        parsed.bytes_consumed <= data.len(),
        "consumed {} of {} bytes",
        parsed.bytes_consumed,
        data.len()
    );
    let info = serde_json::to_string(&ModelInfo::of(&parsed));
    assert!(info.is_ok(), "info JSON: {info:?}");

    let model = &parsed.model;
    let rig = match Rig::new(model) {
        Ok(rig) => rig,
        Err(e) => panic!("a parsed model must rig (repairs are warnings): {e}"),
    };
    let mut scratch = Vec::new();
    let mut out = vec![[0.0f32; 3]; rig.vertex_count()];
    for frame in [
        -1.0,
        0.0,
        1.0,
        2.5,
        rig.last_key_frame(),
        f32::NAN,
        f32::INFINITY,
    ] {
        for interp in [Interp::Hermite, Interp::Linear] {
            let r = rig.skin_into(frame, interp, &mut scratch, &mut out);
            assert!(r.is_ok(), "skinning at frame {frame}: {r:?}");
        }
    }

    for (k, clip) in model_clips(model, rig.last_key_frame())
        .iter()
        .take(2)
        .enumerate()
    {
        let duration = clip.duration_secs();
        // Keep the bake small whatever the clip length (a lower rate, never zero).
        let fps = if duration * 30.0 > MAX_FUZZ_FRAMES {
            MAX_FUZZ_FRAMES / duration
        } else {
            30.0
        };
        let options = BakeOptions {
            fps,
            interp: if k == 0 {
                Interp::Hermite
            } else {
                Interp::Linear
            },
            quantize: k == 0,
            normals: k == 1,
        };
        match bake_clip(model, &rig, clip, &options) {
            Ok(baked) => check_baked(&baked, model.vertices.len(), model.materials.len()),
            Err(sp_ms3d::Error::Bake(message)) => assert!(!message.is_empty()),
            Err(e) => panic!(
                "bake of clip {:?} failed outside the bake checks: {e}",
                clip.name
            ),
        }
    }

    // Writing the model back and reading it again gives the same model (Debug text: NaN-safe).
    if let Ok(bytes) = sp_ms3d::writer::write(model) {
        match parse(&bytes) {
            Ok(again) => assert_eq!(
                format!("{:?}", again.model),
                format!("{model:?}"),
                "write → parse changed the model"
            ),
            Err(e) => panic!("the writer's output does not parse: {e}"),
        }
    }
}

/// What the renderer relies on when it uploads and plays a baked clip.
fn check_baked(b: &BakedClip, model_vertices: usize, materials: usize) {
    let verts = b.vertex_count();
    assert_eq!(b.indices.len() % 3, 0, "index count {}", b.indices.len());
    assert!(
        b.indices.iter().all(|&i| (i as usize) < verts),
        "index past {verts} render vertices"
    );
    assert_eq!(b.source_vertices.len(), verts);
    assert!(
        b.source_vertices
            .iter()
            .all(|&v| (v as usize) < model_vertices),
        "render vertex from past the model's {model_vertices} vertices"
    );
    for d in &b.draws {
        let end = u64::from(d.first_index) + u64::from(d.index_count);
        assert!(
            end <= b.indices.len() as u64,
            "draw {} ends at {end}",
            d.name
        );
        assert!(d.material.is_none_or(|m| m < materials), "draw material");
    }
    let frames = b.frame_count();
    assert!(frames >= 1, "no frame");
    for f in 0..frames {
        assert!(
            b.position(f, verts.saturating_sub(1)).is_some() || verts == 0,
            "frame {f} short"
        );
        assert!(b.position(f, verts).is_none(), "frame {f} too long");
    }
    if let Some(normals) = &b.normals {
        assert_eq!(normals.len(), frames);
        assert!(normals.iter().all(|n| n.len() == verts));
    }
    for t in [
        -1.0,
        0.0,
        b.duration_secs * 0.5,
        b.duration_secs,
        1e9,
        f32::NAN,
    ] {
        for looping in [false, true] {
            // The player's rule (`BakedClip::timebase`): wrap when looping, then clamp.
            let t = f64::from(t);
            let t = if looping {
                wrap_secs(t, f64::from(b.duration_secs))
            } else {
                t
            };
            let p = b.timebase().frame_pair(t, frames as u32, Playback::Clamp);
            assert!(
                (p.a as usize) < frames && (p.b as usize) < frames,
                "frame pair {p:?} of {frames} frames at {t}"
            );
            assert!((0.0..=1.0).contains(&p.blend), "blend {p:?} at {t}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn baked() -> (BakedClip, usize) {
        let model = sp_ms3d::writer::synth::synth_model(4, 1);
        let rig = Rig::new(&model).expect("rig");
        let clip = &model_clips(&model, rig.last_key_frame())[0];
        let baked = bake_clip(&model, &rig, clip, &BakeOptions::default()).expect("bake");
        (baked, model.vertices.len())
    }

    #[test]
    fn a_sound_bake_passes_and_broken_ones_are_caught() {
        let (good, vertices) = baked();
        check_baked(&good, vertices, 2);
        let mut bad_index = good.clone();
        bad_index.indices[0] = good.vertex_count() as u32;
        assert!(std::panic::catch_unwind(|| check_baked(&bad_index, vertices, 2)).is_err());
        let mut bad_draw = good.clone();
        bad_draw.draws[0].index_count = good.indices.len() as u32 + 3;
        assert!(std::panic::catch_unwind(|| check_baked(&bad_draw, vertices, 2)).is_err());
        let mut bad_source = good;
        bad_source.source_vertices[0] = vertices as u32;
        assert!(std::panic::catch_unwind(|| check_baked(&bad_source, vertices, 2)).is_err());
    }
}
