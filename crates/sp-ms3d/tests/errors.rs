//! Every defensive check gives the typed error (or warning) it should, at the exact byte.

mod common;

use sp_ms3d::{BakeOptions, Error, Result, Rig, Section, bake_clip, model_clips, parse, writer};

/// Layout of `common::one_triangle()` as written (see the reference's §1):
/// vertex count 14, vertices 16.., triangle count 61, triangle 63 (indices at 65, 67, 69),
/// group count 133, group 135 (k at 168, index at 170, material at 172), material count 173,
/// keyframer 175, joint count 187, end 189.
fn tri_bytes() -> Result<Vec<u8>> {
    let bytes = writer::write(&common::one_triangle().build())?;
    assert_eq!(bytes.len(), 189);
    Ok(bytes)
}

#[test]
fn header_errors() -> Result<()> {
    let mut b = tri_bytes()?;
    b[0] = b'X';
    assert_eq!(parse(&b), Err(Error::BadMagic));
    assert_eq!(parse(b"MS3D"), Err(Error::BadMagic));
    let mut b = tri_bytes()?;
    b[10] = 5;
    assert_eq!(parse(&b), Err(Error::UnsupportedVersion { version: 5 }));
    Ok(())
}

#[test]
fn index_errors_name_section_and_offset() -> Result<()> {
    let mut b = tri_bytes()?;
    b[67] = 3;
    let e = parse(&b).err();
    assert_eq!(
        e,
        Some(Error::IndexOutOfRange {
            section: Section::Triangles,
            offset: 67,
            what: "vertex index",
            index: 3,
            len: 3
        })
    );
    assert_eq!(
        e.map(|e| e.to_string()).unwrap_or_default(),
        "triangles section, byte 67: vertex index 3 out of range (there are 3)"
    );
    let mut b = tri_bytes()?;
    b[170] = 1;
    assert_eq!(
        parse(&b),
        Err(Error::IndexOutOfRange {
            section: Section::Groups,
            offset: 170,
            what: "triangle index",
            index: 1,
            len: 1
        })
    );
    Ok(())
}

#[test]
fn no_triangles_is_an_error() {
    let mut b = b"MS3D000000".to_vec();
    b.extend_from_slice(&4i32.to_le_bytes());
    b.extend_from_slice(&[0, 0, 0, 0]);
    let e = parse(&b);
    assert_eq!(e, Err(Error::NoTriangles { offset: 16 }));
    assert!(
        e.err()
            .map(|e| e.to_string())
            .unwrap_or_default()
            .contains("no triangles")
    );
}

#[test]
fn counts_that_cannot_fit_fail_before_allocating() -> Result<()> {
    let mut b = tri_bytes()?;
    b[14] = 0xFF;
    b[15] = 0xFF;
    assert!(matches!(
        parse(&b),
        Err(Error::CountTooLarge {
            section: Section::Vertices,
            offset: 14,
            count: 65535,
            ..
        })
    ));
    let mut b = tri_bytes()?;
    b[168] = 0xFF; // group triangle count 255
    assert!(matches!(
        parse(&b),
        Err(Error::CountTooLarge {
            section: Section::Groups,
            offset: 168,
            count: 255,
            ..
        })
    ));
    // A joint claiming 65535 rotation keys.
    let mut m = common::one_triangle();
    m.joint("a", "", [0.0; 3], [0.0; 3]);
    let mut b = writer::write(&m.build())?;
    b[189 + 89] = 0xFF;
    b[189 + 90] = 0xFF;
    assert!(matches!(
        parse(&b),
        Err(Error::CountTooLarge {
            section: Section::Joints,
            offset: 278,
            count: 65535,
            ..
        })
    ));
    Ok(())
}

#[test]
fn parent_none_loads_as_a_root_with_a_warning_at_its_name() -> Result<()> {
    // Exporters write "none" (or stale names) for a root's parent: MilkShape and assimp open
    // such files, and so do we, with the repair reported where the user sees warnings.
    let mut m = common::one_triangle();
    m.joint("a", "", [0.0; 3], [0.0; 3]);
    m.joint("b", "none", [0.0; 3], [1.0, 2.0, 3.0]);
    let b = writer::write(&m.build())?;
    let p = parse(&b)?;
    assert_eq!(p.bytes_consumed, b.len());
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert_eq!(
        p.warnings[0].to_string(),
        format!(
            "joints section, byte {}: joint \"b\" has parent \"none\", which matches no joint; loaded as a root",
            189 + 93 + 33
        )
    );
    let info = sp_ms3d::ModelInfo::of(&p);
    assert_eq!(info.warnings, vec![p.warnings[0].to_string()]);
    // It poses as a root: its global matrix is its own bind transform.
    let rig = Rig::new(&p.model)?;
    let mut globals = Vec::new();
    rig.joint_globals(1.0, sp_ms3d::Interp::Linear, &mut globals);
    assert_eq!(globals[1].w_axis.truncate().to_array(), [1.0, 2.0, 3.0]);
    Ok(())
}

#[test]
fn joint_cycles_are_cut_with_a_warning() -> Result<()> {
    let mut m = common::one_triangle();
    m.joint("a", "b", [0.0; 3], [1.0, 0.0, 0.0]);
    m.joint("b", "a", [0.0; 3], [0.0, 1.0, 0.0]);
    let p = parse(&writer::write(&m.build())?)?;
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert!(
        p.warnings[0]
            .to_string()
            .contains("\"a\" is its own ancestor"),
        "{}",
        p.warnings[0]
    );
    let rig = Rig::new(&p.model)?;
    let mut globals = Vec::new();
    rig.joint_globals(1.0, sp_ms3d::Interp::Linear, &mut globals);
    // a is the root, b its child.
    assert_eq!(globals[1].w_axis.truncate().to_array(), [1.0, 1.0, 0.0]);
    Ok(())
}

#[test]
fn bad_material_index_falls_back_with_a_warning() -> Result<()> {
    let mut m = common::one_triangle();
    m.material("red", [1.0, 0.0, 0.0, 1.0], "");
    let mut model = m.build();
    model.groups[0].material_index = 5;
    let p = parse(&writer::write(&model)?)?;
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(
        (p.warnings[0].section, p.warnings[0].offset),
        (Section::Groups, 172)
    );
    assert!(
        p.warnings[0].to_string().contains("default material"),
        "{}",
        p.warnings[0]
    );
    let rig = Rig::new(&p.model)?;
    let clip = &model_clips(&p.model, rig.last_key_frame())[0];
    let baked = bake_clip(&p.model, &rig, clip, &BakeOptions::default())?;
    assert_eq!(baked.draws[0].material, None);
    assert_eq!(baked.draws[0].color, [0.8, 0.8, 0.8, 1.0]);
    assert_eq!(baked.draws[0].texture, None);
    Ok(())
}

#[test]
fn byte_colours_are_normalised_with_a_warning() -> Result<()> {
    let mut m = common::one_triangle();
    m.material("bytes", [255.0, 51.0, 0.0, 255.0], "tex\\skin.png");
    let mut model = m.build();
    model.groups[0].material_index = 0;
    let bytes = writer::write(&model)?;
    // The stored path keeps its Windows separator (material at 175, texture at +105).
    assert_eq!(bytes[175 + 105 + 3], b'\\');
    let p = parse(&bytes)?;
    let mat = &p.model.materials[0];
    assert_eq!(mat.diffuse, [1.0, 0.2, 0.0, 1.0]);
    assert_eq!(mat.texture, "tex/skin.png");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].offset, 175 + 48);
    assert!(p.warnings[0].to_string().contains("diffuse"));
    Ok(())
}

#[test]
fn tail_errors_and_warnings() -> Result<()> {
    // Comments with a negative length: the model loads without its trailing sections, with a
    // warning naming the section, where it starts, and the damage.
    let mut m = common::one_triangle();
    m.model_comment("hi");
    let mut b = writer::write(&m.build())?;
    // comments: sv 189, three counts 193..205, has-model 205, len 209.
    b[209..213].copy_from_slice(&(-5i32).to_le_bytes());
    let p = parse(&b)?;
    assert_eq!(p.bytes_consumed, 189);
    assert!(p.model.comments.is_none());
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert_eq!(
        p.warnings[0].to_string(),
        "comments section, byte 189: not read, so the comments (clip names and frame ranges among them) and the sections after them are missing: comments section, byte 209: negative length -5"
    );

    // Vertex weights cut short: the mesh and joints load; the vertices keep their main joint.
    let mut m = common::one_triangle();
    m.joint("j", "", [0.0; 3], [0.0; 3]);
    m.vertex_extra_sub_version(2);
    let b = writer::write(&m.build())?;
    let cut = b.len() - 5;
    let p = parse(&b[..cut])?;
    let vx = 189 + 93 + 20;
    assert_eq!(p.bytes_consumed, vx);
    assert!(p.model.vertex_extra.is_none());
    assert_eq!(
        (p.warnings[0].section, p.warnings[0].offset),
        (Section::VertexExtra, vx)
    );
    assert!(
        p.warnings[0].to_string().contains("main joint"),
        "{}",
        p.warnings[0]
    );
    assert!(Rig::new(&p.model).is_ok());

    // Unknown vertex-extra sub-version: left unread, with a warning.
    let mut m = common::one_triangle();
    m.vertex_extra_sub_version(2);
    let mut b = writer::write(&m.build())?;
    let vx = 189 + 20;
    b[vx] = 7;
    let p = parse(&b)?;
    assert_eq!(p.bytes_consumed, vx);
    assert!(p.model.vertex_extra.is_none());
    assert_eq!(
        (p.warnings[0].section, p.warnings[0].offset),
        (Section::VertexExtra, vx)
    );

    // Bytes after the model-extra section.
    let mut m = common::one_triangle();
    m.extras([1.0; 3], 1.0);
    let mut b = writer::write(&m.build())?;
    let len = b.len();
    b.extend_from_slice(b"junk");
    let p = parse(&b)?;
    assert_eq!(p.bytes_consumed, len);
    assert!(p.warnings[0].to_string().contains("4 bytes"));
    Ok(())
}

#[test]
fn writer_refuses_what_the_format_cannot_hold() {
    let mut m = common::one_triangle().build();
    m.groups[0].name = "x".repeat(32);
    assert!(matches!(
        writer::write(&m),
        Err(Error::StringTooLong { max: 31, .. })
    ));
    m.groups[0].name = "ok".into();
    m.materials.push(sp_ms3d::Material {
        texture: "日本.png".into(),
        ..sp_ms3d::Material::default_material()
    });
    assert!(matches!(
        writer::write(&m),
        Err(Error::Unencodable {
            field: "texture",
            ..
        })
    ));
    m.materials.clear();
    m.model_extra = Some(sp_ms3d::ModelExtra {
        sub_version: 1,
        joint_size: 1.0,
        transparency_mode: 0,
        alpha_ref: 0.0,
    });
    assert_eq!(
        writer::write(&m),
        Err(Error::SectionGap {
            section: Section::ModelExtra,
            missing: Section::Comments
        })
    );
}
