//! What the parser repaired or tolerated: a [`Warning`] says where (section and byte offset)
//! and what ([`WarningKind`]). Each kind has a stable code and named parameters (so the UI can
//! word it in zh and en); `Display` is the English sentence
//! `<section> section, byte <offset>: <what>`. [`Warning::detail`] gives code, parameters
//! (with `section` and `offset`) and sentence together, the shape of `sp_sim::Diagnostic`.
//!
//! A warning that wraps an [`Error`] (the trailing section that could not be read) also carries
//! that error as a nested issue: `error` (its English sentence), `errorCode` (its code, one of
//! [`crate::ERROR_CODES`]) and its parameters prefixed `error.` (`error.section`,
//! `error.offset`, …), so that the UI words the cause in the reader's language too.
//!
//! To add a warning: a variant of [`WarningKind`], its arms in `code`/`kind_params`, its line
//! in [`WARNING_CODES`] and an example in the test `every_warning_code_is_listed_with_its_params`.

use serde::Serialize;
use serde_json::{Map, Value, json};
use sp_sim::Diagnostic;

use crate::Error;
use crate::section::Section;

/// A repair the parser made, or an oddity it tolerated. Returned with the model, never printed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Warning {
    /// Section where it was found.
    pub section: Section,
    /// Byte offset of the field concerned.
    pub offset: usize,
    /// What was found and what was done about it.
    pub kind: WarningKind,
}

/// What a [`Warning`] found and what the parser did about it (`Display`: the English words).
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
pub enum WarningKind {
    /// The keyframer's fps is below 1 (or not finite): 1 is used.
    #[error("animation fps {fps} is below 1; using 1")]
    FpsBelowOne {
        /// The fps found, as text (it may be NaN).
        fps: String,
    },
    /// A vertex names a bone past the joints: it is not animated.
    #[error("vertex {vertex} names bone {bone} but there are {joints} joints; it is not animated")]
    VertexBoneMissing {
        /// Vertex index.
        vertex: usize,
        /// The bone index found.
        bone: i8,
        /// Number of joints.
        joints: usize,
    },
    /// A material colour above 1 (written as 0–255): divided by 255.
    #[error("material {material} {channel} colour {colour} looks like 0-255; divided by 255")]
    ColourAbove1 {
        /// Material index.
        material: usize,
        /// `ambient`, `diffuse`, `specular` or `emissive`.
        channel: &'static str,
        /// The colour found, as text (`[r, g, b, a]`).
        colour: String,
    },
    /// A group names a material past the materials: the default material is used.
    #[error(
        "group {group} \"{name}\" has material index {material} but there are {materials} materials; using the default material"
    )]
    GroupMaterialMissing {
        /// Group index.
        group: usize,
        /// Group name.
        name: String,
        /// The material index found.
        material: i8,
        /// Number of materials.
        materials: usize,
    },
    /// Triangles in no group: not drawn.
    #[error("{count} triangles belong to no group; they are not drawn")]
    UngroupedTriangles {
        /// How many.
        count: usize,
    },
    /// A trailing section (and those after it) that could not be read: what the model loses
    /// depends on the section.
    #[error("not read, so {}: {error}", lost(*section))]
    TailNotRead {
        /// The section that failed (the warning's section).
        section: Section,
        /// Why: the reader's error (serialised as its English sentence).
        #[serde(serialize_with = "as_text")]
        error: Error,
    },
    /// Bytes after the last section the parser understands: ignored.
    #[error("{bytes} bytes after the last understood section were ignored")]
    TrailingBytes {
        /// How many.
        bytes: usize,
    },
    /// A trailing section with a sub-version the parser does not know: the rest is not read.
    #[error(
        "unknown sub-version {sub_version} (expected one of {expected}); the rest of the file is not read"
    )]
    UnknownSubVersion {
        /// The sub-version found.
        sub_version: i32,
        /// The sub-versions understood, as text (`[1, 2]`).
        expected: String,
    },
    /// A comment for a group, material or joint index that does not exist: kept.
    #[error(
        "{} comment for {} {index}, but there are {count}; kept, but it refers to nothing",
        about.label(),
        about.label()
    )]
    CommentTargetMissing {
        /// What the comment is about.
        about: CommentAbout,
        /// The index found.
        index: i32,
        /// How many of them there are.
        count: usize,
    },
    /// More than one model comment: joined with newlines.
    #[error("{count} model comments (0 or 1 expected); joined with newlines")]
    ModelComments {
        /// How many.
        count: usize,
    },
    /// A joint name used before: children naming it attach to the first.
    #[error(
        "joint {joint} has the name \"{name}\" of joint {first}; children naming it attach to joint {first}"
    )]
    DuplicateJointName {
        /// Joint index.
        joint: usize,
        /// The shared name.
        name: String,
        /// The first joint with this name.
        first: usize,
    },
    /// A parent name that matches no joint: loaded as a root.
    #[error("joint \"{joint}\" has parent \"{parent}\", which matches no joint; loaded as a root")]
    ParentNotFound {
        /// Joint name.
        joint: String,
        /// The parent name found.
        parent: String,
    },
    /// A joint that names itself as its parent: loaded as a root.
    #[error("joint \"{joint}\" names itself as its parent; loaded as a root")]
    ParentIsSelf {
        /// Joint name.
        joint: String,
    },
    /// A joint in a parent cycle (cut at its first joint in the file): loaded as a root.
    #[error("joint \"{joint}\" is its own ancestor (parent \"{parent}\"); loaded as a root")]
    OwnAncestor {
        /// Joint name.
        joint: String,
        /// Its parent name.
        parent: String,
    },
}

/// What a comment of the comments section is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CommentAbout {
    /// A group comment.
    Group,
    /// A material comment.
    Material,
    /// A joint comment.
    Joint,
}

impl CommentAbout {
    /// The English word.
    pub fn label(self) -> &'static str {
        match self {
            CommentAbout::Group => "group",
            CommentAbout::Material => "material",
            CommentAbout::Joint => "joint",
        }
    }
}

/// Serialises a value as its `Display` text.
fn as_text<S: serde::Serializer>(value: &Error, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// What a model loses when the trailing `section` (and those after it) cannot be read.
fn lost(section: Section) -> &'static str {
    match section {
        Section::Comments => {
            "the comments (clip names and frame ranges among them) and the sections after them are missing"
        }
        Section::VertexExtra => {
            "vertices follow only their main joint (no blended weights) and joint colours are missing"
        }
        Section::JointExtra => "joint colours and the model extras are missing",
        _ => "the joint size and transparency mode are missing",
    }
}

/// Every MS3D warning code with its parameter names (each also has `section` and `offset`; one
/// with `errorCode` also has the nested error's parameters, prefixed `error.`: see the module doc).
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

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} section, byte {}: {}",
            self.section, self.offset, self.kind
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_warning_code_is_listed_with_its_params() {
        let s = |s: &str| s.to_owned();
        let kinds = [
            WarningKind::FpsBelowOne { fps: s("0") },
            WarningKind::VertexBoneMissing {
                vertex: 3,
                bone: 9,
                joints: 2,
            },
            WarningKind::ColourAbove1 {
                material: 0,
                channel: "diffuse",
                colour: s("[255.0, 0.0, 0.0, 1.0]"),
            },
            WarningKind::GroupMaterialMissing {
                group: 0,
                name: s("body"),
                material: 4,
                materials: 1,
            },
            WarningKind::UngroupedTriangles { count: 2 },
            WarningKind::TrailingBytes { bytes: 4 },
            WarningKind::UnknownSubVersion {
                sub_version: 7,
                expected: s("[1]"),
            },
            WarningKind::ModelComments { count: 2 },
            WarningKind::DuplicateJointName {
                joint: 1,
                name: s("a"),
                first: 0,
            },
            WarningKind::ParentNotFound {
                joint: s("a"),
                parent: s("none"),
            },
            WarningKind::ParentIsSelf { joint: s("a") },
            WarningKind::OwnAncestor {
                joint: s("a"),
                parent: s("b"),
            },
        ]
        .into_iter()
        .chain(
            [
                Section::Comments,
                Section::VertexExtra,
                Section::JointExtra,
                Section::ModelExtra,
            ]
            .map(|section| WarningKind::TailNotRead {
                section,
                error: Error::Truncated {
                    section,
                    offset: 50,
                    needed: 4,
                    available: 1,
                },
            }),
        )
        .chain(
            [
                CommentAbout::Group,
                CommentAbout::Material,
                CommentAbout::Joint,
            ]
            .map(|about| WarningKind::CommentTargetMissing {
                about,
                index: 5,
                count: 1,
            }),
        );
        let examples: Vec<Warning> = kinds
            .map(|kind| Warning {
                section: Section::Joints,
                offset: 42,
                kind,
            })
            .collect();
        for w in &examples {
            let (_, names) = WARNING_CODES
                .iter()
                .find(|(c, _)| *c == w.code())
                .unwrap_or_else(|| panic!("{} is not listed", w.code()));
            let mut expected: Vec<&str> = names.to_vec();
            expected.sort_unstable();
            let params = w.params();
            let got: Vec<&str> = params
                .keys()
                .map(String::as_str)
                .filter(|k| !k.starts_with("error."))
                .collect();
            assert_eq!(got, expected, "{}", w.code());
            if let Some(code) = params.get("errorCode").and_then(Value::as_str) {
                let (_, nested) = crate::ERROR_CODES
                    .iter()
                    .find(|(c, _)| *c == code)
                    .unwrap_or_else(|| panic!("{code} is not an error code"));
                for name in *nested {
                    assert!(
                        params.contains_key(&format!("error.{name}")),
                        "{}: nested parameter {name}",
                        w.code()
                    );
                }
            }
            assert_eq!(
                params["offset"],
                42,
                "{}: the byte is a parameter",
                w.code()
            );
            assert_eq!(w.detail().message, w.to_string());
        }
        for (code, _) in WARNING_CODES {
            assert!(
                examples.iter().any(|w| w.code() == *code),
                "{code} has no example"
            );
        }
    }

    #[test]
    fn the_sentence_says_where_and_what() {
        let w = Warning {
            section: Section::Comments,
            offset: 120,
            kind: WarningKind::TailNotRead {
                section: Section::Comments,
                error: Error::NegativeLength {
                    section: Section::Comments,
                    offset: 124,
                    length: -3,
                },
            },
        };
        assert_eq!(
            w.to_string(),
            "comments section, byte 120: not read, so the comments (clip names and frame ranges among them) and the sections after them are missing: comments section, byte 124: negative length -3"
        );
        let params = w.params();
        assert_eq!(params["section"], "comments");
        assert_eq!(params["errorCode"], "ms3d.negativeLength");
        assert_eq!(params["error.offset"], 124);
        assert_eq!(params["error.length"], -3);
    }
}
