//! The stable codes and named parameters of the warnings: [`WARNING_CODES`] and the
//! `code`/`params`/`detail` of [`WarningKind`] and [`Warning`] (what the UI words in zh and en).

use serde_json::{Map, Value, json};
use sp_sim::Diagnostic;

use super::{CommentAbout, Warning, WarningKind};
use crate::section::Section;

/// Every MS3D warning code with its parameter names (each also has `section` and `offset`; one
/// with `errorCode` also has the nested error's parameters, prefixed `error.`: see the `warning` module doc).
pub const WARNING_CODES: &[(&str, &[&str])] = &[
    ("ms3d.warning.fpsBelowOne", &["section", "offset", "fps"]),
    (
        "ms3d.warning.vertexBoneMissing",
        &["section", "offset", "vertex", "bone", "joints"],
    ),
    (
        "ms3d.warning.colourAbove1",
        &["section", "offset", "material", "channel", "colour"],
    ),
    (
        "ms3d.warning.groupMaterialMissing",
        &[
            "section",
            "offset",
            "group",
            "name",
            "material",
            "materials",
        ],
    ),
    (
        "ms3d.warning.ungroupedTriangles",
        &["section", "offset", "count"],
    ),
    (
        "ms3d.warning.commentsNotRead",
        &["section", "offset", "error", "errorCode"],
    ),
    (
        "ms3d.warning.vertexExtraNotRead",
        &["section", "offset", "error", "errorCode"],
    ),
    (
        "ms3d.warning.jointExtraNotRead",
        &["section", "offset", "error", "errorCode"],
    ),
    (
        "ms3d.warning.modelExtraNotRead",
        &["section", "offset", "error", "errorCode"],
    ),
    (
        "ms3d.warning.trailingBytes",
        &["section", "offset", "bytes"],
    ),
    (
        "ms3d.warning.unknownSubVersion",
        &["section", "offset", "subVersion", "expected"],
    ),
    (
        "ms3d.warning.groupCommentMissing",
        &["section", "offset", "index", "count"],
    ),
    (
        "ms3d.warning.materialCommentMissing",
        &["section", "offset", "index", "count"],
    ),
    (
        "ms3d.warning.jointCommentMissing",
        &["section", "offset", "index", "count"],
    ),
    (
        "ms3d.warning.modelComments",
        &["section", "offset", "count"],
    ),
    (
        "ms3d.warning.duplicateJointName",
        &["section", "offset", "joint", "name", "first"],
    ),
    (
        "ms3d.warning.parentNotFound",
        &["section", "offset", "joint", "parent"],
    ),
    ("ms3d.warning.parentIsSelf", &["section", "offset", "joint"]),
    (
        "ms3d.warning.ownAncestor",
        &["section", "offset", "joint", "parent"],
    ),
];

impl WarningKind {
    /// The stable code (one of [`WARNING_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            WarningKind::FpsBelowOne { .. } => "ms3d.warning.fpsBelowOne",
            WarningKind::VertexBoneMissing { .. } => "ms3d.warning.vertexBoneMissing",
            WarningKind::ColourAbove1 { .. } => "ms3d.warning.colourAbove1",
            WarningKind::GroupMaterialMissing { .. } => "ms3d.warning.groupMaterialMissing",
            WarningKind::UngroupedTriangles { .. } => "ms3d.warning.ungroupedTriangles",
            WarningKind::TailNotRead { section, .. } => match section {
                Section::Comments => "ms3d.warning.commentsNotRead",
                Section::VertexExtra => "ms3d.warning.vertexExtraNotRead",
                Section::JointExtra => "ms3d.warning.jointExtraNotRead",
                _ => "ms3d.warning.modelExtraNotRead",
            },
            WarningKind::TrailingBytes { .. } => "ms3d.warning.trailingBytes",
            WarningKind::UnknownSubVersion { .. } => "ms3d.warning.unknownSubVersion",
            WarningKind::CommentTargetMissing { about, .. } => match about {
                CommentAbout::Group => "ms3d.warning.groupCommentMissing",
                CommentAbout::Material => "ms3d.warning.materialCommentMissing",
                CommentAbout::Joint => "ms3d.warning.jointCommentMissing",
            },
            WarningKind::ModelComments { .. } => "ms3d.warning.modelComments",
            WarningKind::DuplicateJointName { .. } => "ms3d.warning.duplicateJointName",
            WarningKind::ParentNotFound { .. } => "ms3d.warning.parentNotFound",
            WarningKind::ParentIsSelf { .. } => "ms3d.warning.parentIsSelf",
            WarningKind::OwnAncestor { .. } => "ms3d.warning.ownAncestor",
        }
    }

    /// The kind's own parameters (without `section` and `offset`).
    fn kind_params(&self) -> Value {
        match self {
            WarningKind::FpsBelowOne { fps } => json!({ "fps": fps }),
            WarningKind::VertexBoneMissing {
                vertex,
                bone,
                joints,
            } => json!({ "vertex": vertex, "bone": bone, "joints": joints }),
            WarningKind::ColourAbove1 {
                material,
                channel,
                colour,
            } => json!({ "material": material, "channel": channel, "colour": colour }),
            WarningKind::GroupMaterialMissing {
                group,
                name,
                material,
                materials,
            } => {
                json!({ "group": group, "name": name, "material": material, "materials": materials })
            }
            WarningKind::UngroupedTriangles { count } | WarningKind::ModelComments { count } => {
                json!({ "count": count })
            }
            WarningKind::TailNotRead { error, .. } => {
                let mut m = Map::new();
                m.insert("error".into(), Value::from(error.to_string()));
                m.insert("errorCode".into(), Value::from(error.code()));
                for (name, value) in error.params() {
                    m.insert(format!("error.{name}"), value);
                }
                Value::Object(m)
            }
            WarningKind::TrailingBytes { bytes } => json!({ "bytes": bytes }),
            WarningKind::UnknownSubVersion {
                sub_version,
                expected,
            } => json!({ "subVersion": sub_version, "expected": expected }),
            WarningKind::CommentTargetMissing { index, count, .. } => {
                json!({ "index": index, "count": count })
            }
            WarningKind::DuplicateJointName { joint, name, first } => {
                json!({ "joint": joint, "name": name, "first": first })
            }
            WarningKind::ParentNotFound { joint, parent }
            | WarningKind::OwnAncestor { joint, parent } => {
                json!({ "joint": joint, "parent": parent })
            }
            WarningKind::ParentIsSelf { joint } => json!({ "joint": joint }),
        }
    }
}

impl Warning {
    /// The stable code (one of [`WARNING_CODES`]).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The named parameters: `section` (its English name), `offset` (the byte) and the kind's.
    pub fn params(&self) -> Map<String, Value> {
        let mut m = match self.kind.kind_params() {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        m.insert("section".into(), Value::from(self.section.to_string()));
        m.insert("offset".into(), Value::from(self.offset));
        m
    }

    /// Code, parameters and the English sentence together (what the UI receives).
    pub fn detail(&self) -> Diagnostic {
        Diagnostic::new(self.code(), self.params(), self.to_string())
    }
}
