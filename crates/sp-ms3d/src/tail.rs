//! The optional trailing sections (comments, vertex extra, joint extra, model extra; layout in
//! `docs/reference/ms3d-format.md` §1.6–1.7). Each is read only while bytes remain: the file may end
//! cleanly between any two of them. A section with an unknown sub-version is left unread (with a
//! warning) rather than guessed at. A section that is cut short or damaged (a length past the
//! end, a negative length) is not read, nor are those after it: the model (mesh, materials,
//! joints and keys, all before the tail) loads with a warning naming the section, the byte and
//! what is missing — as MilkShape's viewer and Blender open such files — instead of being
//! refused for its optional extras.

use crate::cursor::Cursor;
use crate::model::vertex_extra_stride;
use crate::model::{
    Comments, IndexedComment, JointExtra, Model, ModelExtra, VertexExtra, VertexWeights,
};
use crate::section::Section;
use crate::text::decode;
use crate::warning::{CommentAbout, Warning, WarningKind};
use crate::{Error, Result};

/// Reads one trailing section; `Ok(false)` = left unread (unknown sub-version).
type SectionReader = fn(&mut Cursor<'_>, &mut Model, &mut Vec<Warning>) -> Result<bool>;

/// Reads whichever trailing sections are present into `model`.
pub fn parse_tail(
    c: &mut Cursor<'_>,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let steps: [SectionReader; 4] = [
        read_comments,
        read_vertex_extra,
        read_joint_extra,
        read_model_extra,
    ];
    for step in steps {
        if c.remaining() == 0 {
            return Ok(());
        }
        let start = c.offset();
        match step(c, model, warnings) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                warnings.push(Warning {
                    section: c.section,
                    offset: start,
                    kind: WarningKind::TailNotRead {
                        section: c.section,
                        error: e,
                    },
                });
                c.rewind_to(start);
                return Ok(());
            }
        }
    }
    if c.remaining() > 0 {
        warnings.push(Warning {
            section: c.section,
            offset: c.offset(),
            kind: WarningKind::TrailingBytes {
                bytes: c.remaining(),
            },
        });
    }
    Ok(())
}

/// Reads a sub-version; returns `None` (cursor rewound, warning added) when it is not allowed.
fn sub_version(
    c: &mut Cursor<'_>,
    allowed: &[i32],
    warnings: &mut Vec<Warning>,
) -> Result<Option<i32>> {
    let at = c.offset();
    let sv = c.i32()?;
    if allowed.contains(&sv) {
        return Ok(Some(sv));
    }
    warnings.push(Warning {
        section: c.section,
        offset: at,
        kind: WarningKind::UnknownSubVersion {
            sub_version: sv,
            expected: format!("{allowed:?}"),
        },
    });
    c.rewind_to(at);
    Ok(None)
}

fn read_comments(
    c: &mut Cursor<'_>,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Result<bool> {
    c.section = Section::Comments;
    let Some(sub_version) = sub_version(c, &[1], warnings)? else {
        return Ok(false);
    };
    let mut comments = Comments {
        sub_version,
        ..Comments::default()
    };
    let limits = [
        model.groups.len(),
        model.materials.len(),
        model.joints.len(),
    ];
    let abouts = [
        CommentAbout::Group,
        CommentAbout::Material,
        CommentAbout::Joint,
    ];
    for kind in 0..3 {
        let count_offset = c.offset();
        let count = c.u32()?;
        let n = c.check_count(count.into(), 8, count_offset)?;
        let mut list = Vec::with_capacity(n);
        for _ in 0..n {
            let index_offset = c.offset();
            let index = c.i32()?;
            let text = read_text(c)?;
            if usize::try_from(index).map_or(true, |i| i >= limits[kind]) {
                warnings.push(Warning {
                    section: Section::Comments,
                    offset: index_offset,
                    kind: WarningKind::CommentTargetMissing {
                        about: abouts[kind],
                        index,
                        count: limits[kind],
                    },
                });
            }
            list.push(IndexedComment { index, text });
        }
        match kind {
            0 => comments.groups = list,
            1 => comments.materials = list,
            _ => comments.joints = list,
        }
    }
    let has_offset = c.offset();
    let has_model = c.u32()?;
    let n = c.check_count(has_model.into(), 4, has_offset)?;
    if n > 1 {
        warnings.push(Warning {
            section: Section::Comments,
            offset: has_offset,
            kind: WarningKind::ModelComments { count: n },
        });
    }
    let mut texts = Vec::with_capacity(n);
    for _ in 0..n {
        texts.push(read_text(c)?);
    }
    comments.model = (n > 0).then(|| texts.join("\n"));
    model.comments = Some(comments);
    Ok(true)
}

/// Reads `{i32 len; char[len]}`.
fn read_text(c: &mut Cursor<'_>) -> Result<String> {
    let at = c.offset();
    let len = c.i32()?;
    let len = usize::try_from(len).map_err(|_| Error::NegativeLength {
        section: c.section,
        offset: at,
        length: len,
    })?;
    Ok(decode(c.take(len)?))
}

fn read_vertex_extra(
    c: &mut Cursor<'_>,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Result<bool> {
    c.section = Section::VertexExtra;
    let Some(sub_version) = sub_version(c, &[1, 2, 3], warnings)? else {
        return Ok(false);
    };
    let stride = vertex_extra_stride(sub_version).unwrap_or(6);
    let n = model.vertices.len();
    // n is bounded by the u16 vertex count, but a short file still fails before allocating.
    c.require(n * stride)?;
    let mut entries = Vec::with_capacity(n);
    for _ in 0..n {
        let bone_ids = [c.i8()?, c.i8()?, c.i8()?];
        let weights = [c.u8()?, c.u8()?, c.u8()?];
        let mut extra = [0u32; 2];
        for slot in extra.iter_mut().take((stride - 6) / 4) {
            *slot = c.u32()?;
        }
        entries.push(VertexWeights {
            bone_ids,
            weights,
            extra,
        });
    }
    model.vertex_extra = Some(VertexExtra {
        sub_version,
        entries,
    });
    Ok(true)
}

fn read_joint_extra(
    c: &mut Cursor<'_>,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Result<bool> {
    c.section = Section::JointExtra;
    let Some(sub_version) = sub_version(c, &[1], warnings)? else {
        return Ok(false);
    };
    let n = model.joints.len();
    c.require(n * 12)?;
    let mut colors = Vec::with_capacity(n);
    for _ in 0..n {
        colors.push(c.f32s()?);
    }
    model.joint_extra = Some(JointExtra {
        sub_version,
        colors,
    });
    Ok(true)
}

fn read_model_extra(
    c: &mut Cursor<'_>,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Result<bool> {
    c.section = Section::ModelExtra;
    let Some(sub_version) = sub_version(c, &[1], warnings)? else {
        return Ok(false);
    };
    model.model_extra = Some(ModelExtra {
        sub_version,
        joint_size: c.f32()?,
        transparency_mode: c.i32()?,
        alpha_ref: c.f32()?,
    });
    Ok(true)
}
