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
//! To add a warning: a variant of [`WarningKind`], its arms in `code`/`kind_params` and its line
//! in [`WARNING_CODES`] (both in `warning/codes.rs`), and an example in the test
//! `every_warning_code_is_listed_with_its_params` (`warning/tests.rs`).

mod codes;

use serde::Serialize;

use crate::Error;
use crate::section::Section;

pub use codes::WARNING_CODES;

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
mod tests;
