//! Names of the file's sections (used in errors and warnings).

use serde::Serialize;

/// A section of an `.ms3d` file, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Section {
    /// `MS3D000000` and the version.
    Header,
    /// Vertex count and 15-byte vertex records.
    Vertices,
    /// Triangle count and 70-byte triangle records.
    Triangles,
    /// Group count and variable-size group records.
    Groups,
    /// Material count and 361-byte material records.
    Materials,
    /// Animation fps, current time and total frames.
    Keyframer,
    /// Joint count and joints with their keys.
    Joints,
    /// Optional comments section.
    Comments,
    /// Optional per-vertex extra weights section.
    VertexExtra,
    /// Optional per-joint colour section.
    JointExtra,
    /// Optional model extra section (joint size, transparency mode, alpha ref).
    ModelExtra,
}

impl std::fmt::Display for Section {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Section::Header => "header",
            Section::Vertices => "vertices",
            Section::Triangles => "triangles",
            Section::Groups => "groups",
            Section::Materials => "materials",
            Section::Keyframer => "keyframer",
            Section::Joints => "joints",
            Section::Comments => "comments",
            Section::VertexExtra => "vertex extra",
            Section::JointExtra => "joint extra",
            Section::ModelExtra => "model extra",
        })
    }
}
