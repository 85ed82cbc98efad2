//! Bounded fuzzing: random bytes and random mutations of real and synthetic files never make
//! the parser (or, when it succeeds, the rig, pose and bake) panic.

mod common;

use proptest::prelude::*;
use sp_ms3d::{BakeOptions, Interp, Rig, bake_clip, model_clips, parse, writer};

/// Everything downstream of a successful parse must not panic either.
fn exercise(bytes: &[u8]) {
    let Ok(parsed) = parse(bytes) else { return };
    assert!(parsed.bytes_consumed <= bytes.len());
    let Ok(rig) = Rig::new(&parsed.model) else {
        return;
    };
    let mut out = vec![[0.0; 3]; rig.vertex_count()];
    let mut scratch = Vec::new();
    for frame in [-1.0, 1.0, 2.5, rig.last_key_frame(), f32::NAN] {
        assert!(
            rig.skin_into(frame, Interp::Hermite, &mut scratch, &mut out)
                .is_ok()
        );
    }
    for clip in model_clips(&parsed.model, rig.last_key_frame())
        .iter()
        .take(2)
    {
        let _ = bake_clip(
            &parsed.model,
            &rig,
            clip,
            &BakeOptions {
                fps: 1.0,
                quantize: true,
                ..Default::default()
            },
        );
    }
}

fn mutate(mut bytes: Vec<u8>, edits: &[(usize, u8)], cut: Option<usize>) -> Vec<u8> {
    for &(at, value) in edits {
        let len = bytes.len();
        if len > 0 {
            bytes[at % len] = value;
        }
    }
    if let Some(cut) = cut {
        let len = bytes.len();
        bytes.truncate(cut % (len + 1));
    }
    bytes
}

fn synthetic() -> Vec<u8> {
    let model = common::cases().into_iter().nth(2).map(|c| c.model);
    model
        .and_then(|m| writer::write(&m).ok())
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(body in proptest::collection::vec(any::<u8>(), 0..600), version in 2i32..6) {
        let mut bytes = b"MS3D000000".to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&body);
        exercise(&bytes);
        exercise(&body);
    }

    #[test]
    fn mutated_synthetic_files_never_panic(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..12),
        cut in proptest::option::of(any::<usize>()),
    ) {
        exercise(&mutate(synthetic(), &edits, cut));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_fixtures_never_panic(
        poa in any::<bool>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..16),
    ) {
        let name = if poa { "POA.ms3d" } else { "jeep1.ms3d" };
        // Edits land in the first 2 KiB (counts and first records) half of the time.
        let bytes = common::fixture(name);
        let edits: Vec<(usize, u8)> =
            edits.iter().enumerate().map(|(i, &(at, v))| (if i % 2 == 0 { at % 2048 } else { at }, v)).collect();
        exercise(&mutate(bytes, &edits, None));
    }
}
