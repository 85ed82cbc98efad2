//! A small builder for synthetic models (tests, the e2e fixture, `ms3d synth`). It fills the
//! editor bookkeeping fields with neutral values and keeps the optional sections consistent
//! (adding weights creates the comments section the layout requires before them).

use crate::model::{
    Comments, Group, Joint, Key, Material, Model, ModelExtra, Triangle, Vertex, VertexExtra,
    VertexWeights,
};

/// Builds a [`Model`] step by step.
#[derive(Debug, Clone)]
pub struct ModelBuilder {
    model: Model,
}

impl Default for ModelBuilder {
    fn default() -> Self {
        Self::new(24.0)
    }
}

impl ModelBuilder {
    /// An empty version-4 model at `fps` frames per second.
    pub fn new(fps: f32) -> Self {
        ModelBuilder {
            model: Model {
                version: 4,
                vertices: Vec::new(),
                triangles: Vec::new(),
                groups: Vec::new(),
                materials: Vec::new(),
                animation_fps: fps,
                current_time_secs: 0.0,
                total_frames: 0,
                joints: Vec::new(),
                comments: None,
                vertex_extra: None,
                joint_extra: None,
                model_extra: None,
            },
        }
    }

    /// Adds a vertex bound to `bone` (-1 for none); returns its index.
    pub fn vertex(&mut self, position: [f32; 3], bone: i8) -> u16 {
        self.model.vertices.push(Vertex {
            flags: 0,
            position,
            bone_id: bone,
            reference_count: 1,
        });
        (self.model.vertices.len() - 1) as u16
    }

    /// Vertices added so far (the index the next [`ModelBuilder::vertex`] returns).
    pub fn vertex_count(&self) -> u16 {
        self.model.vertices.len() as u16
    }

    /// Adds a triangle with per-corner UVs `[s, t]` and a face normal of +Z; returns its index.
    pub fn triangle(&mut self, corners: [u16; 3], uvs: [[f32; 2]; 3], group: u8) -> u16 {
        self.model.triangles.push(Triangle {
            flags: 0,
            vertex_indices: corners,
            normals: [[0.0, 0.0, 1.0]; 3],
            s: [uvs[0][0], uvs[1][0], uvs[2][0]],
            t: [uvs[0][1], uvs[1][1], uvs[2][1]],
            smoothing_group: 1,
            group_index: group,
        });
        (self.model.triangles.len() - 1) as u16
    }

    /// Adds a group; returns its index.
    pub fn group(&mut self, name: &str, triangles: Vec<u16>, material: i8) -> u8 {
        self.model.groups.push(Group {
            flags: 0,
            name: name.into(),
            triangle_indices: triangles,
            material_index: material,
        });
        (self.model.groups.len() - 1) as u8
    }

    /// Adds a flat-coloured material (RGBA in 0..1), optionally textured; returns its index.
    pub fn material(&mut self, name: &str, diffuse: [f32; 4], texture: &str) -> i8 {
        self.model.materials.push(Material {
            name: name.into(),
            diffuse,
            texture: texture.into(),
            ..Material::default_material()
        });
        (self.model.materials.len() - 1) as i8
    }

    /// Adds a joint with bind rotation (Euler radians) and translation relative to `parent`
    /// ("" for a root); returns its index.
    pub fn joint(
        &mut self,
        name: &str,
        parent: &str,
        rotation_rad: [f32; 3],
        position: [f32; 3],
    ) -> usize {
        self.model.joints.push(Joint {
            flags: 8,
            name: name.into(),
            parent_name: parent.into(),
            rotation_rad,
            position,
            rotation_keys: Vec::new(),
            position_keys: Vec::new(),
        });
        self.model.joints.len() - 1
    }

    /// Adds a rotation key at 1-based `frame` (stored as seconds = frame / fps).
    pub fn rotation_key(&mut self, joint: usize, frame: f32, rotation_rad: [f32; 3]) {
        let time_secs = frame / self.model.animation_fps;
        if let Some(j) = self.model.joints.get_mut(joint) {
            j.rotation_keys.push(Key {
                time_secs,
                value: rotation_rad,
            });
        }
        self.bump_total(frame);
    }

    /// Adds a position key at 1-based `frame`.
    pub fn position_key(&mut self, joint: usize, frame: f32, position: [f32; 3]) {
        let time_secs = frame / self.model.animation_fps;
        if let Some(j) = self.model.joints.get_mut(joint) {
            j.position_keys.push(Key {
                time_secs,
                value: position,
            });
        }
        self.bump_total(frame);
    }

    fn bump_total(&mut self, frame: f32) {
        self.model.total_frames = self.model.total_frames.max(frame.ceil() as i32);
    }

    /// Gives `vertex` extra bones and percent weights (see [`VertexWeights`]); creates the
    /// vertex-extra section (sub-version 2) and an empty comments section when needed.
    pub fn weights(&mut self, vertex: u16, bone_ids: [i8; 3], weights: [u8; 3]) {
        self.ensure_vertex_extra(2);
        if let Some(x) = self.model.vertex_extra.as_mut() {
            x.entries.resize(
                self.model.vertices.len(),
                VertexWeights {
                    bone_ids: [-1; 3],
                    ..Default::default()
                },
            );
            if let Some(e) = x.entries.get_mut(usize::from(vertex)) {
                e.bone_ids = bone_ids;
                e.weights = weights;
            }
        }
    }

    /// Sets the vertex-extra sub-version (1, 2 or 3), creating the section if needed.
    pub fn vertex_extra_sub_version(&mut self, sub_version: i32) {
        self.ensure_vertex_extra(sub_version);
        if let Some(x) = self.model.vertex_extra.as_mut() {
            x.sub_version = sub_version;
        }
    }

    fn ensure_vertex_extra(&mut self, sub_version: i32) {
        self.ensure_comments();
        let n = self.model.vertices.len();
        let x = self.model.vertex_extra.get_or_insert_with(|| VertexExtra {
            sub_version,
            entries: Vec::new(),
        });
        x.entries.resize(
            n,
            VertexWeights {
                bone_ids: [-1; 3],
                ..Default::default()
            },
        );
    }

    fn ensure_comments(&mut self) {
        self.model.comments.get_or_insert(Comments {
            sub_version: 1,
            ..Comments::default()
        });
    }

    /// Sets the model comment (e.g. clip lines like `walk 1-30`).
    pub fn model_comment(&mut self, text: &str) {
        self.ensure_comments();
        if let Some(c) = self.model.comments.as_mut() {
            c.model = Some(text.into());
        }
    }

    /// Adds the joint-extra (one colour per joint) and model-extra sections.
    pub fn extras(&mut self, joint_color: [f32; 3], joint_size: f32) {
        self.ensure_vertex_extra(2);
        let n = self.model.joints.len();
        self.model.joint_extra = Some(crate::model::JointExtra {
            sub_version: 1,
            colors: vec![joint_color; n],
        });
        self.model.model_extra = Some(ModelExtra {
            sub_version: 1,
            joint_size,
            transparency_mode: 0,
            alpha_ref: 0.5,
        });
    }

    /// The model built so far. Vertex-extra entries are padded to the vertex count.
    pub fn build(mut self) -> Model {
        let n = self.model.vertices.len();
        if let Some(x) = self.model.vertex_extra.as_mut() {
            x.entries.resize(
                n,
                VertexWeights {
                    bone_ids: [-1; 3],
                    ..Default::default()
                },
            );
        }
        let joints = self.model.joints.len();
        if let Some(x) = self.model.joint_extra.as_mut() {
            x.colors.resize(joints, [1.0, 1.0, 0.0]);
        }
        self.model
    }
}
