//! The in-memory model: one struct per record of the file, fields in file order. Strings are
//! already decoded (Windows-1252, up to the first NUL); texture paths use `/`.

use serde::Serialize;

/// Size of a name field (groups, materials, joints), NUL included.
pub const NAME_BYTES: usize = 32;
/// Size of a texture or alphamap path field, NUL included.
pub const PATH_BYTES: usize = 128;

/// A whole `.ms3d` model.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    /// Header version (3 or 4).
    pub version: i32,
    /// Vertices (positions and the main bone).
    pub vertices: Vec<Vertex>,
    /// Triangles (per-corner normals and UVs).
    pub triangles: Vec<Triangle>,
    /// Groups (draw batches, each with one material).
    pub groups: Vec<Group>,
    /// Materials.
    pub materials: Vec<Material>,
    /// Animation frames per second as stored (see [`Model::fps`] for the clamped value).
    pub animation_fps: f32,
    /// Editor's current time, seconds.
    pub current_time_secs: f32,
    /// Stored total frame count (not trusted for playback: keys may run past it).
    pub total_frames: i32,
    /// Joints with their keys, in file order.
    pub joints: Vec<Joint>,
    /// Optional comments section.
    pub comments: Option<Comments>,
    /// Optional vertex-extra section (extra bone ids and weights).
    pub vertex_extra: Option<VertexExtra>,
    /// Optional joint-extra section (joint colours).
    pub joint_extra: Option<JointExtra>,
    /// Optional model-extra section.
    pub model_extra: Option<ModelExtra>,
}

impl Model {
    /// Animation fps as MilkShape uses it: values below 1 (and non-finite ones) become 1.
    pub fn fps(&self) -> f32 {
        if self.animation_fps.is_finite() && self.animation_fps >= 1.0 {
            self.animation_fps
        } else {
            1.0
        }
    }

    /// Axis-aligned bounds of the bind-pose vertices (`None` with no vertices).
    pub fn bind_bbox(&self) -> Option<crate::Aabb> {
        crate::Aabb::from_points(self.vertices.iter().map(|v| v.position))
    }

    /// The model comment, if the comments section has one.
    pub fn model_comment(&self) -> Option<&str> {
        self.comments.as_ref().and_then(|c| c.model.as_deref())
    }
}

/// One vertex record (15 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Vertex {
    /// Editor flags (1 selected, 2 hidden, 4 selected2, 8 dirty, …).
    pub flags: u8,
    /// Bind-pose position.
    pub position: [f32; 3],
    /// Main bone, -1 for none.
    pub bone_id: i8,
    /// Reference count (editor bookkeeping).
    pub reference_count: u8,
}

/// One triangle record (70 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Triangle {
    /// Editor flags.
    pub flags: u16,
    /// Vertex indices of the three corners.
    pub vertex_indices: [u16; 3],
    /// Normal of each corner.
    pub normals: [[f32; 3]; 3],
    /// Texture s of each corner.
    pub s: [f32; 3],
    /// Texture t of each corner (origin top-left).
    pub t: [f32; 3],
    /// Smoothing group (1–32, 0 seen in the wild).
    pub smoothing_group: u8,
    /// Group the triangle belongs to (the groups' lists are authoritative).
    pub group_index: u8,
}

/// One group record (36 + 2·k bytes).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    /// Editor flags.
    pub flags: u8,
    /// Name (not unique in real files).
    pub name: String,
    /// Triangles of the group.
    pub triangle_indices: Vec<u16>,
    /// Material index as stored; -1 = none. Out-of-range values are kept here and reported as a
    /// warning; [`Group::material`] resolves them.
    pub material_index: i8,
}

impl Group {
    /// The material to draw with: `None` when the index is -1 or out of range (use
    /// [`Material::default_material`]).
    pub fn material(&self, material_count: usize) -> Option<usize> {
        usize::try_from(self.material_index)
            .ok()
            .filter(|&i| i < material_count)
    }
}

/// One material record (361 bytes).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Material {
    /// Name.
    pub name: String,
    /// Ambient RGBA in 0..1.
    pub ambient: [f32; 4],
    /// Diffuse RGBA in 0..1 (the flat colour when there is no texture).
    pub diffuse: [f32; 4],
    /// Specular RGBA in 0..1.
    pub specular: [f32; 4],
    /// Emissive RGBA in 0..1.
    pub emissive: [f32; 4],
    /// Shininess 0..128.
    pub shininess: f32,
    /// Opacity 0..1 (1 = opaque).
    pub transparency: f32,
    /// Mode bits (0x20 combine alpha, 0x40 has alpha, 0x80 sphere map).
    pub mode: u8,
    /// Texture path with `/` separators, "" for none.
    pub texture: String,
    /// Alpha map path with `/` separators, "" for none.
    pub alphamap: String,
}

impl Material {
    /// The material used for groups without a valid one (MilkShape's viewer defaults).
    pub fn default_material() -> Self {
        Material {
            name: String::new(),
            ambient: [0.2, 0.2, 0.2, 1.0],
            diffuse: [0.8, 0.8, 0.8, 1.0],
            specular: [0.0, 0.0, 0.0, 1.0],
            emissive: [0.0, 0.0, 0.0, 1.0],
            shininess: 0.0,
            transparency: 1.0,
            mode: 0,
            texture: String::new(),
            alphamap: String::new(),
        }
    }
}

/// One joint record with its keys.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Joint {
    /// Editor flags.
    pub flags: u8,
    /// Name.
    pub name: String,
    /// Parent's name, "" for a root.
    pub parent_name: String,
    /// Local bind rotation: Euler angles in radians, matrix Rz·Ry·Rx.
    pub rotation_rad: [f32; 3],
    /// Local bind translation, in the parent's frame.
    pub position: [f32; 3],
    /// Rotation keys (Euler radians, relative to the bind rotation).
    pub rotation_keys: Vec<Key>,
    /// Translation keys (in the joint's bind frame).
    pub position_keys: Vec<Key>,
}

/// One key: a time and three values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Key {
    /// Time in seconds (frame = time × fps, 1-based).
    pub time_secs: f32,
    /// Euler radians (rotation keys) or a translation (position keys).
    pub value: [f32; 3],
}

/// The comments section.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comments {
    /// Section sub-version (1).
    pub sub_version: i32,
    /// Group comments.
    pub groups: Vec<IndexedComment>,
    /// Material comments.
    pub materials: Vec<IndexedComment>,
    /// Joint comments.
    pub joints: Vec<IndexedComment>,
    /// The model comment (stored without an index field).
    pub model: Option<String>,
}

/// A comment attached to a group, material or joint by index.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexedComment {
    /// Index of the item commented on.
    pub index: i32,
    /// Text.
    pub text: String,
}

/// The vertex-extra section.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VertexExtra {
    /// 1 (6 bytes per vertex), 2 (10 bytes) or 3 (14 bytes).
    pub sub_version: i32,
    /// One entry per vertex.
    pub entries: Vec<VertexWeights>,
}

/// Extra bones and weights of one vertex.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VertexWeights {
    /// Second, third and fourth bone, -1 for none.
    pub bone_ids: [i8; 3],
    /// Percent weights of `vertex.bone_id`, `bone_ids[0]`, `bone_ids[1]`; the fourth bone gets
    /// the rest of 100. All zero = 100 % on `vertex.bone_id`.
    pub weights: [u8; 3],
    /// Free-form extra words: none in sub-version 1, `extra[0]` in 2, both in 3.
    pub extra: [u32; 2],
}

/// The joint-extra section.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JointExtra {
    /// Section sub-version (1).
    pub sub_version: i32,
    /// One RGB colour per joint.
    pub colors: Vec<[f32; 3]>,
}

/// The model-extra section.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelExtra {
    /// Section sub-version (1).
    pub sub_version: i32,
    /// Joint display size.
    pub joint_size: f32,
    /// 0 simple, 1 depth buffered with alpha ref, 2 depth sorted.
    pub transparency_mode: i32,
    /// Alpha reference for mode 1.
    pub alpha_ref: f32,
}

/// Bytes per vertex-extra entry for a sub-version, `None` for unknown ones.
pub fn vertex_extra_stride(sub_version: i32) -> Option<usize> {
    match sub_version {
        1 => Some(6),
        2 => Some(10),
        3 => Some(14),
        _ => None,
    }
}
