//! A model's summary: the document `spineparticle ms3d info --json` prints and the wasm
//! `ms3dInfo` returns (one definition, so the CLI and the page agree field for field).
//!
//! `f32` values serialise in their shortest exact form; non-finite ones as `null`. Empty texture,
//! alpha-map and parent names are `null`.

use serde::Serialize;
use sp_sim::Diagnostic;
use ts_rs::TS;

use crate::{Aabb, Parsed};

/// The info document of a parsed model (shape fixed by the CLI contract of issue 5).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ModelInfo {
    /// Header version (3 or 4).
    pub version: i32,
    /// Vertex count.
    pub vertices: usize,
    /// Triangle count.
    pub triangles: usize,
    /// Groups in file order.
    pub groups: Vec<GroupInfo>,
    /// Materials in file order.
    pub materials: Vec<MaterialInfo>,
    /// Keyframer fps as stored.
    pub fps: f32,
    /// Keyframer current time in seconds, as stored.
    pub current_time: f32,
    /// `totalFrames` as stored (not trusted for baking).
    pub total_frames: i32,
    /// Joints in file order.
    pub joints: Vec<JointInfo>,
    /// Optional trailing sections: each `null` or its subVersion.
    pub sections: SectionsInfo,
    /// Bind-pose bounds.
    pub bbox: BboxInfo,
    /// Bytes the parser consumed (the file size for a complete file).
    pub bytes_consumed: usize,
    /// Repairs and oddities the parser reported, as text.
    pub warnings: Vec<String>,
    /// The same warnings with their codes and parameters (section and byte among them), for
    /// the UI's zh/en wording.
    pub warning_details: Vec<Diagnostic>,
}

/// One group of [`ModelInfo`].
#[derive(Clone, Debug, Serialize, TS)]
pub struct GroupInfo {
    /// Group name.
    pub name: String,
    /// Triangles in the group.
    pub triangles: usize,
    /// Material index, `null` when absent or out of range (the default material is used).
    pub material: Option<usize>,
}

/// One material of [`ModelInfo`].
#[derive(Clone, Debug, Serialize, TS)]
pub struct MaterialInfo {
    /// Material name.
    pub name: String,
    /// Texture path with `/` separators, `null` when empty.
    pub texture: Option<String>,
    /// Alpha-map path, `null` when empty.
    pub alphamap: Option<String>,
}

/// One joint of [`ModelInfo`].
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct JointInfo {
    /// Joint name.
    pub name: String,
    /// Parent joint name, `null` for a root.
    pub parent: Option<String>,
    /// Rotation key count.
    pub rotation_keys: usize,
    /// Position key count.
    pub position_keys: usize,
}

/// The optional trailing sections of [`ModelInfo`].
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SectionsInfo {
    /// Comments subVersion.
    pub comments: Option<i32>,
    /// Vertex-extra subVersion.
    pub vertex_extra: Option<i32>,
    /// Joint-extra subVersion.
    pub joint_extra: Option<i32>,
    /// Model-extra subVersion.
    pub model_extra: Option<i32>,
}

/// Bounds as `{ "min": [x, y, z], "max": [x, y, z] }`, nulls for a model without vertices.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BboxInfo {
    /// Smallest corner.
    pub min: Option<[f32; 3]>,
    /// Largest corner.
    pub max: Option<[f32; 3]>,
}

impl From<Option<Aabb>> for BboxInfo {
    fn from(b: Option<Aabb>) -> Self {
        BboxInfo {
            min: b.map(|b| b.min),
            max: b.map(|b| b.max),
        }
    }
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

impl ModelInfo {
    /// Summarises a parsed model.
    pub fn of(p: &Parsed) -> ModelInfo {
        let m = &p.model;
        ModelInfo {
            version: m.version,
            vertices: m.vertices.len(),
            triangles: m.triangles.len(),
            groups: m
                .groups
                .iter()
                .map(|g| GroupInfo {
                    name: g.name.clone(),
                    triangles: g.triangle_indices.len(),
                    material: g.material(m.materials.len()),
                })
                .collect(),
            materials: m
                .materials
                .iter()
                .map(|x| MaterialInfo {
                    name: x.name.clone(),
                    texture: non_empty(&x.texture),
                    alphamap: non_empty(&x.alphamap),
                })
                .collect(),
            fps: m.animation_fps,
            current_time: m.current_time_secs,
            total_frames: m.total_frames,
            joints: m
                .joints
                .iter()
                .map(|j| JointInfo {
                    name: j.name.clone(),
                    parent: non_empty(&j.parent_name),
                    rotation_keys: j.rotation_keys.len(),
                    position_keys: j.position_keys.len(),
                })
                .collect(),
            sections: SectionsInfo {
                comments: m.comments.as_ref().map(|c| c.sub_version),
                vertex_extra: m.vertex_extra.as_ref().map(|x| x.sub_version),
                joint_extra: m.joint_extra.as_ref().map(|x| x.sub_version),
                model_extra: m.model_extra.as_ref().map(|x| x.sub_version),
            },
            bbox: m.bind_bbox().into(),
            bytes_consumed: p.bytes_consumed,
            warnings: p.warnings.iter().map(ToString::to_string).collect(),
            warning_details: p.warnings.iter().map(crate::Warning::detail).collect(),
        }
    }
}
