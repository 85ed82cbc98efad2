//! The parser: every section in file order (layout in `docs/reference/ms3d-format.md` §1), with
//! every count checked against the bytes left before anything is allocated, every index checked
//! against what it indexes, and the optional trailing sections read while bytes remain.

use crate::cursor::Cursor;
use crate::hierarchy::resolve_parents;
use crate::model::{Group, Joint, Key, Material, Model, NAME_BYTES, PATH_BYTES, Triangle, Vertex};
use crate::section::Section;
use crate::tail::parse_tail;
use crate::text::decode_fixed;
use crate::warning::{Warning, WarningKind};
use crate::{Error, Result};

/// Bytes of one vertex record.
pub const VERTEX_BYTES: usize = 15;
/// Bytes of one triangle record.
pub const TRIANGLE_BYTES: usize = 70;
/// Bytes of a group record without its triangle list.
pub const GROUP_MIN_BYTES: usize = 36;
/// Bytes of one material record.
pub const MATERIAL_BYTES: usize = 361;
/// Bytes of a joint record without its keys.
pub const JOINT_MIN_BYTES: usize = 93;
/// Bytes of one key.
pub const KEY_BYTES: usize = 16;

/// A parsed model with what the parser repaired and how far it read.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The model.
    pub model: Model,
    /// Repairs and oddities, in file order.
    pub warnings: Vec<Warning>,
    /// Bytes read; equals the file size unless a warning says why not.
    pub bytes_consumed: usize,
    /// Byte offset of each joint's parent-name field (for error messages of later stages).
    pub joint_offsets: Vec<usize>,
}

/// Parses a whole `.ms3d` file.
pub fn parse(bytes: &[u8]) -> Result<Parsed> {
    let mut c = Cursor::new(bytes);
    let mut warnings = Vec::new();

    c.section = Section::Header;
    if c.take(10).ok() != Some(b"MS3D000000".as_slice()) {
        return Err(Error::BadMagic);
    }
    let version = c.i32()?;
    if !(3..=4).contains(&version) {
        return Err(Error::UnsupportedVersion { version });
    }

    c.section = Section::Vertices;
    let vertices = read_vertices(&mut c)?;

    c.section = Section::Triangles;
    let triangles = read_triangles(&mut c, vertices.len())?;

    c.section = Section::Groups;
    let (groups, material_offsets) = read_groups(&mut c, triangles.len())?;

    c.section = Section::Materials;
    let materials = read_materials(&mut c, &mut warnings)?;
    check_group_materials(&groups, &material_offsets, materials.len(), &mut warnings);

    c.section = Section::Keyframer;
    let keyframer_offset = c.offset();
    let animation_fps = c.f32()?;
    let current_time_secs = c.f32()?;
    let total_frames = c.i32()?;
    if !(animation_fps.is_finite() && animation_fps >= 1.0) {
        warnings.push(Warning {
            section: Section::Keyframer,
            offset: keyframer_offset,
            kind: WarningKind::FpsBelowOne {
                fps: animation_fps.to_string(),
            },
        });
    }

    c.section = Section::Joints;
    let vertices_offset = 14 + 2;
    let (joints, joint_offsets) = read_joints(&mut c)?;
    warnings.extend(resolve_parents(&joints, Some(&joint_offsets))?.warnings);
    for (i, v) in vertices.iter().enumerate() {
        if v.bone_id >= 0 && v.bone_id as usize >= joints.len() && !joints.is_empty() {
            warnings.push(Warning {
                section: Section::Vertices,
                offset: vertices_offset + i * VERTEX_BYTES + 13,
                kind: WarningKind::VertexBoneMissing {
                    vertex: i,
                    bone: v.bone_id,
                    joints: joints.len(),
                },
            });
        }
    }

    let mut model = Model {
        version,
        vertices,
        triangles,
        groups,
        materials,
        animation_fps,
        current_time_secs,
        total_frames,
        joints,
        comments: None,
        vertex_extra: None,
        joint_extra: None,
        model_extra: None,
    };
    parse_tail(&mut c, &mut model, &mut warnings)?;
    ungrouped_warning(&model, &mut warnings);
    Ok(Parsed {
        model,
        warnings,
        bytes_consumed: c.offset(),
        joint_offsets,
    })
}

fn read_vertices(c: &mut Cursor<'_>) -> Result<Vec<Vertex>> {
    let count_offset = c.offset();
    let count = c.u16()?;
    let n = c.check_count(count.into(), VERTEX_BYTES as u64, count_offset)?;
    let mut vertices = Vec::with_capacity(n);
    for _ in 0..n {
        // One bounds check per record; the field reads index a fixed-size array.
        let r: [u8; VERTEX_BYTES] = c.array()?;
        vertices.push(Vertex {
            flags: r[0],
            position: [f32_at(&r, 1), f32_at(&r, 5), f32_at(&r, 9)],
            bone_id: i8::from_le_bytes([r[13]]),
            reference_count: r[14],
        });
    }
    Ok(vertices)
}

fn read_triangles(c: &mut Cursor<'_>, vertex_count: usize) -> Result<Vec<Triangle>> {
    let count_offset = c.offset();
    let count = c.u16()?;
    if count == 0 {
        return Err(Error::NoTriangles {
            offset: count_offset,
        });
    }
    let n = c.check_count(count.into(), TRIANGLE_BYTES as u64, count_offset)?;
    let mut triangles = Vec::with_capacity(n);
    for _ in 0..n {
        let at = c.offset();
        // One bounds check per record; the field reads index a fixed-size array.
        let r: [u8; TRIANGLE_BYTES] = c.array()?;
        let mut vertex_indices = [0u16; 3];
        for (k, slot) in vertex_indices.iter_mut().enumerate() {
            let index = u16::from_le_bytes([r[2 + 2 * k], r[3 + 2 * k]]);
            if usize::from(index) >= vertex_count {
                return Err(Error::IndexOutOfRange {
                    section: Section::Triangles,
                    offset: at + 2 + 2 * k,
                    what: "vertex index",
                    index: index.into(),
                    len: vertex_count,
                });
            }
            *slot = index;
        }
        let v3 = |o: usize| [f32_at(&r, o), f32_at(&r, o + 4), f32_at(&r, o + 8)];
        triangles.push(Triangle {
            flags: u16::from_le_bytes([r[0], r[1]]),
            vertex_indices,
            normals: [v3(8), v3(20), v3(32)],
            s: v3(44),
            t: v3(56),
            smoothing_group: r[68],
            group_index: r[69],
        });
    }
    Ok(triangles)
}

/// The little-endian `f32` at `at` in a fixed-size record.
fn f32_at<const N: usize>(r: &[u8; N], at: usize) -> f32 {
    f32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]])
}

/// Reads the groups and the byte offset of each group's material index.
fn read_groups(c: &mut Cursor<'_>, triangle_count: usize) -> Result<(Vec<Group>, Vec<usize>)> {
    let count_offset = c.offset();
    let count = c.u16()?;
    let n = c.check_count(count.into(), GROUP_MIN_BYTES as u64, count_offset)?;
    let mut groups = Vec::with_capacity(n);
    let mut material_offsets = Vec::with_capacity(n);
    for _ in 0..n {
        let flags = c.u8()?;
        let name = decode_fixed(c.take(NAME_BYTES)?);
        let k_offset = c.offset();
        let k = c.u16()?;
        // k indices (2 bytes each) plus the material index byte must still fit.
        let k = c.check_count(k.into(), 2, k_offset)?;
        let mut triangle_indices = Vec::with_capacity(k);
        for _ in 0..k {
            let at = c.offset();
            let index = c.u16()?;
            if usize::from(index) >= triangle_count {
                return Err(Error::IndexOutOfRange {
                    section: Section::Groups,
                    offset: at,
                    what: "triangle index",
                    index: index.into(),
                    len: triangle_count,
                });
            }
            triangle_indices.push(index);
        }
        material_offsets.push(c.offset());
        let material_index = c.i8()?;
        groups.push(Group {
            flags,
            name,
            triangle_indices,
            material_index,
        });
    }
    Ok((groups, material_offsets))
}

fn read_materials(c: &mut Cursor<'_>, warnings: &mut Vec<Warning>) -> Result<Vec<Material>> {
    let count_offset = c.offset();
    let count = c.u16()?;
    let n = c.check_count(count.into(), MATERIAL_BYTES as u64, count_offset)?;
    let mut materials = Vec::with_capacity(n);
    for index in 0..n {
        let record_offset = c.offset();
        let name = decode_fixed(c.take(NAME_BYTES)?);
        let mut colours = [c.f32s::<4>()?, c.f32s()?, c.f32s()?, c.f32s()?];
        for (k, colour) in colours.iter_mut().enumerate() {
            if colour.iter().any(|&v| v > 1.0) {
                let label = ["ambient", "diffuse", "specular", "emissive"][k];
                warnings.push(Warning {
                    section: Section::Materials,
                    offset: record_offset + 32 + 16 * k,
                    kind: WarningKind::ColourAbove1 {
                        material: index,
                        channel: label,
                        colour: format!("{colour:?}"),
                    },
                });
                for v in colour.iter_mut() {
                    *v = (*v / 255.0).clamp(0.0, 1.0);
                }
            }
        }
        let [ambient, diffuse, specular, emissive] = colours;
        let shininess = c.f32()?;
        let transparency = c.f32()?;
        let mode = c.u8()?;
        let texture = decode_fixed(c.take(PATH_BYTES)?).replace('\\', "/");
        let alphamap = decode_fixed(c.take(PATH_BYTES)?).replace('\\', "/");
        materials.push(Material {
            name,
            ambient,
            diffuse,
            specular,
            emissive,
            shininess,
            transparency,
            mode,
            texture,
            alphamap,
        });
    }
    Ok(materials)
}

fn check_group_materials(
    groups: &[Group],
    offsets: &[usize],
    material_count: usize,
    warnings: &mut Vec<Warning>,
) {
    for ((i, g), &offset) in groups.iter().enumerate().zip(offsets) {
        if g.material_index != -1 && g.material(material_count).is_none() {
            warnings.push(Warning {
                section: Section::Groups,
                offset,
                kind: WarningKind::GroupMaterialMissing {
                    group: i,
                    name: g.name.clone(),
                    material: g.material_index,
                    materials: material_count,
                },
            });
        }
    }
}

fn read_joints(c: &mut Cursor<'_>) -> Result<(Vec<Joint>, Vec<usize>)> {
    let count_offset = c.offset();
    let count = c.u16()?;
    let n = c.check_count(count.into(), JOINT_MIN_BYTES as u64, count_offset)?;
    let mut joints = Vec::with_capacity(n);
    let mut offsets = Vec::with_capacity(n);
    for _ in 0..n {
        let flags = c.u8()?;
        let name = decode_fixed(c.take(NAME_BYTES)?);
        offsets.push(c.offset());
        let parent_name = decode_fixed(c.take(NAME_BYTES)?);
        let rotation_rad = c.f32s()?;
        let position = c.f32s()?;
        let counts_offset = c.offset();
        let r = c.u16()?;
        let p = c.u16()?;
        let keys = c.check_count(u64::from(r) + u64::from(p), KEY_BYTES as u64, counts_offset)?;
        let r = usize::from(r);
        let mut rotation_keys = Vec::with_capacity(r);
        let mut position_keys = Vec::with_capacity(keys - r);
        for i in 0..keys {
            let key = Key {
                time_secs: c.f32()?,
                value: c.f32s()?,
            };
            if i < r {
                rotation_keys.push(key)
            } else {
                position_keys.push(key)
            }
        }
        joints.push(Joint {
            flags,
            name,
            parent_name,
            rotation_rad,
            position,
            rotation_keys,
            position_keys,
        });
    }
    Ok((joints, offsets))
}

fn ungrouped_warning(model: &Model, warnings: &mut Vec<Warning>) {
    let mut grouped = vec![false; model.triangles.len()];
    for g in &model.groups {
        for &t in &g.triangle_indices {
            if let Some(slot) = grouped.get_mut(usize::from(t)) {
                *slot = true;
            }
        }
    }
    let ungrouped = grouped.iter().filter(|&&g| !g).count();
    if ungrouped > 0 {
        warnings.push(Warning {
            section: Section::Groups,
            offset: 0,
            kind: WarningKind::UngroupedTriangles { count: ungrouped },
        });
    }
}
