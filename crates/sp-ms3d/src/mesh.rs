//! The render mesh shared by every baked frame: MS3D stores UVs and normals per triangle
//! corner, so render vertices are the distinct (vertex, s, t[, normal]) corners, found with an
//! ordered map keyed by the exact bit patterns; indices are emitted group by group, each group a
//! [`DrawRange`] with its material (the default material when the index is -1 or out of range).

use std::collections::BTreeMap;

use crate::bake::DrawRange;
use crate::model::{Material, Model};

/// One render vertex: a distinct (vertex, s, t[, normal]) triangle corner.
pub(crate) struct Corner {
    /// Model vertex.
    pub vertex: u32,
    /// `[s, t]`.
    pub uv: [f32; 2],
    /// Corner normal.
    pub normal: [f32; 3],
}

/// Render vertices, shared indices and per-group draw ranges.
pub(crate) struct Mesh {
    /// Render vertices.
    pub corners: Vec<Corner>,
    /// Triangle-list indices into `corners`.
    pub indices: Vec<u32>,
    /// One range per group.
    pub draws: Vec<DrawRange>,
}

/// De-indexes triangle corners into render vertices, group by group.
pub(crate) fn build_mesh(model: &Model, with_normals: bool) -> Mesh {
    type CornerKey = (u16, u32, u32, [u32; 3]);
    let mut lookup: BTreeMap<CornerKey, u32> = BTreeMap::new();
    let mut corners = Vec::new();
    let mut indices = Vec::new();
    let mut draws = Vec::new();
    let default_material = Material::default_material();
    for (gi, group) in model.groups.iter().enumerate() {
        let first_index = indices.len() as u32;
        for &t in &group.triangle_indices {
            let Some(tri) = model.triangles.get(usize::from(t)) else {
                continue;
            };
            for c in 0..3 {
                let normal = tri.normals[c];
                let normal_bits = if with_normals {
                    normal.map(f32::to_bits)
                } else {
                    [0; 3]
                };
                let key = (
                    tri.vertex_indices[c],
                    tri.s[c].to_bits(),
                    tri.t[c].to_bits(),
                    normal_bits,
                );
                let index = *lookup.entry(key).or_insert_with(|| {
                    corners.push(Corner {
                        vertex: u32::from(tri.vertex_indices[c]),
                        uv: [tri.s[c], tri.t[c]],
                        normal,
                    });
                    (corners.len() - 1) as u32
                });
                indices.push(index);
            }
        }
        let material = group.material(model.materials.len());
        let m = material
            .and_then(|i| model.materials.get(i))
            .unwrap_or(&default_material);
        draws.push(DrawRange {
            group: gi,
            name: group.name.clone(),
            first_index,
            index_count: indices.len() as u32 - first_index,
            material,
            texture: (!m.texture.is_empty()).then(|| m.texture.clone()),
            color: [
                m.diffuse[0],
                m.diffuse[1],
                m.diffuse[2],
                m.transparency.clamp(0.0, 1.0),
            ],
        });
    }
    Mesh {
        corners,
        indices,
        draws,
    }
}
