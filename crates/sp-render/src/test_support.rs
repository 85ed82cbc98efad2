//! Fixtures shared by the crate's unit tests.

use crate::clips::{ClipDrawRange, ClipMaterial, VertexClip};

/// A one-triangle clip ("walk", 30 fps, lit) of `frames` (three positions each), drawn whole
/// with the default material.
pub(crate) fn tri_clip(frames: Vec<Vec<[f32; 3]>>) -> VertexClip {
    VertexClip::shared_layout(
        "walk".into(),
        30.0,
        true,
        vec![0, 1, 2],
        vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
        vec![ClipDrawRange {
            index_start: 0,
            index_count: 3,
            material: ClipMaterial::default(),
        }],
        frames,
    )
}
