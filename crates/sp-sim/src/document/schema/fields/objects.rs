//! The fields of skeleton and model objects.

use super::super::FieldKind::{Bool, List};
use super::super::{FieldSpec as F, Unit};
use super::{S, coord, fps, name, reference};
use crate::document::validate::{
    MAX_LIST, MAX_MODEL_MARKERS, MAX_MODEL_SPEED, MAX_SKELETON_INSTANCES, MAX_SKELETON_SPEED,
};

// ---- skeleton objects -------------------------------------------------------------------

/// `skeletons`.
pub const SKELETONS: F = F::of("skeletons", List).at_most(MAX_LIST as f64);
/// `skeletons[].name` (non-empty, unique among skeletons).
pub const SKELETON_NAME: F = name("skeletons[].name");
/// `skeletons[].path`.
pub const SKELETON_PATH: F = reference("skeletons[].path");
/// `skeletons[].atlas`.
pub const SKELETON_ATLAS: F = reference("skeletons[].atlas");
/// `skeletons[].key`.
pub const SKELETON_KEY: F = name("skeletons[].key");
/// `skeletons[].transform.x`.
pub const SKELETON_X: F = coord("skeletons[].transform.x").step(1.0);
/// `skeletons[].transform.y`.
pub const SKELETON_Y: F = coord("skeletons[].transform.y").step(1.0);
/// `skeletons[].animation`.
pub const SKELETON_ANIMATION: F = name("skeletons[].animation");
/// `skeletons[].skin`.
pub const SKELETON_SKIN: F = name("skeletons[].skin");
/// `skeletons[].visible`.
pub const SKELETON_VISIBLE: F = F::of("skeletons[].visible", Bool);
/// `skeletons[].scale` (above 0).
pub const SKELETON_SCALE: F = F::number("skeletons[].scale", Unit::Times)
    .limits(0.0, S)
    .above_min()
    .step(0.1);
/// `skeletons[].speed`.
pub const SKELETON_SPEED: F = F::number("skeletons[].speed", Unit::Times)
    .limits(0.0, MAX_SKELETON_SPEED as f64)
    .step(0.1);
/// `skeletons[].loop`.
pub const SKELETON_LOOP: F = F::of("skeletons[].loop", Bool);
/// `skeletons[].bakeFps`.
pub const SKELETON_BAKE_FPS: F = fps("skeletons[].bakeFps");
/// `skeletons[].extraInstances`: the instances after the first (the first is the transform),
/// each `[x, y]` (scene px; the transform's rotation and scale) or `[x, y, rotationDeg, scaleX,
/// scaleY]` (its own; x and y within the transform's x and y limits, rotation and scales within
/// the transform's, no scale of 0).
pub const SKELETON_EXTRA: F =
    F::of("skeletons[].extraInstances", List).at_most((MAX_SKELETON_INSTANCES - 1) as f64);
/// `skeletons[].mipmaps`.
pub const SKELETON_MIPMAPS: F = F::of("skeletons[].mipmaps", Bool);

// ---- model objects ----------------------------------------------------------------------

/// `models`.
pub const MODELS: F = F::of("models", List).at_most(MAX_LIST as f64);
/// `models[].name` (non-empty, unique among models).
pub const MODEL_NAME: F = name("models[].name");
/// `models[].key` (content digest of the stored `.ms3d`).
pub const MODEL_KEY: F = name("models[].key");
/// `models[].path`.
pub const MODEL_PATH: F = reference("models[].path");
/// `models[].transform.x`.
pub const MODEL_X: F = coord("models[].transform.x").step(1.0);
/// `models[].transform.y`.
pub const MODEL_Y: F = coord("models[].transform.y").step(1.0);
/// `models[].clip`.
pub const MODEL_CLIP: F = name("models[].clip");
/// `models[].speed`.
pub const MODEL_SPEED: F = F::number("models[].speed", Unit::Times)
    .limits(0.0, MAX_MODEL_SPEED as f64)
    .step(0.1);
/// `models[].upAxis` (empty: the default, `y`).
pub const MODEL_UP_AXIS: F = F::choice("models[].upAxis", &["", "y", "z"]);
/// `models[].visible`.
pub const MODEL_VISIBLE: F = F::of("models[].visible", Bool);
/// `models[].loop`.
pub const MODEL_LOOP: F = F::of("models[].loop", Bool);
/// `models[].markers`.
pub const MODEL_MARKERS: F = F::of("models[].markers", List).at_most(MAX_MODEL_MARKERS as f64);
/// `models[].markers[].clip`.
pub const MODEL_MARKER_CLIP: F = name("models[].markers[].clip");
/// `models[].markers[].name` (1 to 64 characters).
pub const MODEL_MARKER_NAME: F =
    F::of("models[].markers[].name", super::super::FieldKind::Text).at_most(64.0);
/// `models[].markers[].frame` (1-based model frame; the clip's range is checked by the editor,
/// which knows the file).
pub const MODEL_MARKER_FRAME: F = F::number("models[].markers[].frame", Unit::None)
    .limits(1.0, 1e6)
    .step(1.0);
