//! Global export settings (export spec §13.1). They belong to the document, so they take part in
//! save, load, presets, undo and old-document defaults.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Keyframe interpolation written for continuous channels (§12.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum CurveKind {
    /// 线性: linear keys, linear error-bounded reduction.
    #[default]
    Linear,
    /// 平滑贝塞尔: Bézier fits verified against the runtime's own curve evaluation.
    Bezier,
}

/// Target Spine version; 4.2 is the only one with a real implementation (§3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum SpineVersion {
    /// Spine 4.2.
    #[default]
    #[serde(rename = "4.2")]
    V4_2,
}

/// Export settings with the defaults of §13.1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ExportSettings {
    /// Written to `skeleton.images` (default `./images/`).
    pub images_path: String,
    /// Spine version (4.2 only).
    pub spine_version: SpineVersion,
    /// Interpolation of continuous keys.
    pub curve: CurveKind,
    /// Bake and key FPS, 1..=240 (default 30). Changing it keeps seconds.
    pub fps: u32,
    /// Leave `skeleton.fps` out of the JSON (baking still uses `fps`).
    pub omit_fps: bool,
    /// Keys on the integer frame grid (default on).
    pub integer_frames: bool,
    /// Re-use particle bones (default on).
    pub bone_pool: bool,
    /// Leave animations with no visible particle content out (default off: they stay as `{}`).
    pub exclude_empty_animations: bool,
    /// Download name (default `SpineParticle.json`).
    pub file_name: String,
}

impl Default for ExportSettings {
    fn default() -> Self {
        ExportSettings {
            images_path: "./images/".into(),
            spine_version: SpineVersion::V4_2,
            curve: CurveKind::Linear,
            fps: 30,
            omit_fps: false,
            integer_frames: true,
            bone_pool: true,
            exclude_empty_animations: false,
            file_name: "SpineParticle.json".into(),
        }
    }
}
