//! Writes a [`Model`] back to `.ms3d` bytes with exactly the layout the parser reads, so tests
//! can round-trip any model and make synthetic animated files ([`builder`], [`synth`], [`rigged`]).
//! Texture paths are written as stored (with `/`); optional sections are written in file order
//! and must form a prefix (comments, vertex extra, joint extra, model extra).

pub mod builder;
pub mod rigged;
pub mod synth;

use crate::model::{Model, NAME_BYTES, PATH_BYTES, vertex_extra_stride};
use crate::section::Section;
use crate::text::{encode, encode_fixed};
use crate::{Error, Result};

struct Out(Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn i8(&mut self, v: i8) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f32s(&mut self, v: &[f32]) {
        for x in v {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    fn text(&mut self, field: &'static str, s: &str) -> Result<()> {
        let b = encode(field, s)?;
        self.i32(count_i32("comment bytes", b.len())?);
        self.bytes(&b);
        Ok(())
    }
}

fn count_u16(what: &'static str, n: usize, max: usize) -> Result<u16> {
    if n > max {
        return Err(Error::TooMany {
            what,
            count: n,
            max,
        });
    }
    u16::try_from(n).map_err(|_| Error::TooMany {
        what,
        count: n,
        max,
    })
}

fn count_i32(what: &'static str, n: usize) -> Result<i32> {
    i32::try_from(n).map_err(|_| Error::TooMany {
        what,
        count: n,
        max: i32::MAX as usize,
    })
}

fn count_u32(what: &'static str, n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| Error::TooMany {
        what,
        count: n,
        max: u32::MAX as usize,
    })
}

/// Serialises `model`. Fails on strings that do not fit or encode, counts past the format's
/// fields, a vertex-extra or joint-extra list whose length differs from the vertex or joint
/// count, and a gap in the optional sections.
pub fn write(model: &Model) -> Result<Vec<u8>> {
    check_sections(model)?;
    let mut o = Out(Vec::new());
    o.bytes(b"MS3D000000");
    o.i32(model.version);

    o.u16(count_u16("vertices", model.vertices.len(), 65535)?);
    for v in &model.vertices {
        o.u8(v.flags);
        o.f32s(&v.position);
        o.i8(v.bone_id);
        o.u8(v.reference_count);
    }
    o.u16(count_u16("triangles", model.triangles.len(), 65535)?);
    for t in &model.triangles {
        o.u16(t.flags);
        for &i in &t.vertex_indices {
            o.u16(i);
        }
        for n in &t.normals {
            o.f32s(n);
        }
        o.f32s(&t.s);
        o.f32s(&t.t);
        o.u8(t.smoothing_group);
        o.u8(t.group_index);
    }
    o.u16(count_u16("groups", model.groups.len(), 65535)?);
    for g in &model.groups {
        o.u8(g.flags);
        o.bytes(&encode_fixed("group name", &g.name, NAME_BYTES)?);
        o.u16(count_u16(
            "group triangles",
            g.triangle_indices.len(),
            65535,
        )?);
        for &t in &g.triangle_indices {
            o.u16(t);
        }
        o.i8(g.material_index);
    }
    o.u16(count_u16("materials", model.materials.len(), 65535)?);
    for m in &model.materials {
        o.bytes(&encode_fixed("material name", &m.name, NAME_BYTES)?);
        for c in [&m.ambient, &m.diffuse, &m.specular, &m.emissive] {
            o.f32s(c);
        }
        o.f32s(&[m.shininess, m.transparency]);
        o.u8(m.mode);
        o.bytes(&encode_fixed("texture", &m.texture, PATH_BYTES)?);
        o.bytes(&encode_fixed("alphamap", &m.alphamap, PATH_BYTES)?);
    }
    o.f32s(&[model.animation_fps, model.current_time_secs]);
    o.i32(model.total_frames);
    o.u16(count_u16("joints", model.joints.len(), 65535)?);
    for j in &model.joints {
        o.u8(j.flags);
        o.bytes(&encode_fixed("joint name", &j.name, NAME_BYTES)?);
        o.bytes(&encode_fixed(
            "joint parent name",
            &j.parent_name,
            NAME_BYTES,
        )?);
        o.f32s(&j.rotation_rad);
        o.f32s(&j.position);
        o.u16(count_u16("rotation keys", j.rotation_keys.len(), 65535)?);
        o.u16(count_u16("position keys", j.position_keys.len(), 65535)?);
        for k in j.rotation_keys.iter().chain(&j.position_keys) {
            o.f32s(&[k.time_secs]);
            o.f32s(&k.value);
        }
    }
    write_tail(&mut o, model)?;
    Ok(o.0)
}

fn check_sections(model: &Model) -> Result<()> {
    let present = [
        (Section::Comments, model.comments.is_some()),
        (Section::VertexExtra, model.vertex_extra.is_some()),
        (Section::JointExtra, model.joint_extra.is_some()),
        (Section::ModelExtra, model.model_extra.is_some()),
    ];
    for i in 1..present.len() {
        if present[i].1
            && let Some(&(missing, _)) = present[..i].iter().find(|(_, p)| !p)
        {
            return Err(Error::SectionGap {
                section: present[i].0,
                missing,
            });
        }
    }
    Ok(())
}

fn write_tail(o: &mut Out, model: &Model) -> Result<()> {
    if let Some(c) = &model.comments {
        o.i32(c.sub_version);
        for list in [&c.groups, &c.materials, &c.joints] {
            o.u32(count_u32("comments", list.len())?);
            for item in list {
                o.i32(item.index);
                o.text("comment", &item.text)?;
            }
        }
        match &c.model {
            Some(text) => {
                o.u32(1);
                o.text("model comment", text)?;
            }
            None => o.u32(0),
        }
    }
    if let Some(x) = &model.vertex_extra {
        let stride = vertex_extra_stride(x.sub_version).ok_or(Error::BadSubVersion {
            section: Section::VertexExtra,
            sub_version: x.sub_version,
        })?;
        if x.entries.len() != model.vertices.len() {
            return Err(Error::TooMany {
                what: "vertex extra entries",
                count: x.entries.len(),
                max: model.vertices.len(),
            });
        }
        o.i32(x.sub_version);
        for e in &x.entries {
            for &b in &e.bone_ids {
                o.i8(b);
            }
            o.bytes(&e.weights);
            for &w in e.extra.iter().take((stride - 6) / 4) {
                o.u32(w);
            }
        }
    }
    if let Some(x) = &model.joint_extra {
        if x.colors.len() != model.joints.len() {
            return Err(Error::TooMany {
                what: "joint colours",
                count: x.colors.len(),
                max: model.joints.len(),
            });
        }
        o.i32(x.sub_version);
        for c in &x.colors {
            o.f32s(c);
        }
    }
    if let Some(x) = &model.model_extra {
        o.i32(x.sub_version);
        o.f32s(&[x.joint_size]);
        o.i32(x.transparency_mode);
        o.f32s(&[x.alpha_ref]);
    }
    Ok(())
}
