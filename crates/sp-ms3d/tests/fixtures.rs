//! The real files parse to their last byte with the counts the reference (and an independent
//! count of the file) gives.

mod common;

use sp_ms3d::{Model, Result, Rig, bake_clip, model_clips, parse};

/// Vertices, triangles, groups, materials and joints of `m`.
fn counts(m: &Model) -> [usize; 5] {
    [
        m.vertices.len(),
        m.triangles.len(),
        m.groups.len(),
        m.materials.len(),
        m.joints.len(),
    ]
}

#[test]
fn jeep1_static_mesh_ends_after_joint_count() -> Result<()> {
    let bytes = common::fixture("jeep1.ms3d");
    let p = parse(&bytes)?;
    let m = &p.model;
    assert_eq!(bytes.len(), 164_803);
    assert_eq!(p.bytes_consumed, bytes.len());
    assert_eq!(m.version, 4);
    assert_eq!(counts(m), [1190, 2032, 7, 1, 0]);
    assert_eq!(m.materials[0].texture, "./jeep1.jpg");
    assert!(
        m.comments.is_none()
            && m.vertex_extra.is_none()
            && m.joint_extra.is_none()
            && m.model_extra.is_none()
    );
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    Ok(())
}

#[test]
fn poa_has_all_four_trailing_sections() -> Result<()> {
    let bytes = common::fixture("POA.ms3d");
    let p = parse(&bytes)?;
    let m = &p.model;
    assert_eq!(bytes.len(), 413_334);
    assert_eq!(p.bytes_consumed, bytes.len());
    assert_eq!(counts(m), [2709, 4756, 76, 1, 0]);
    // The reference says 56 groups have no material; the file itself has 73 with -1 and 3 with 0.
    assert_eq!(
        m.groups.iter().filter(|g| g.material_index == -1).count(),
        73
    );
    assert_eq!(m.materials[0].texture, "POA5.tga");
    assert_eq!(m.comments.as_ref().map(|c| c.sub_version), Some(1));
    assert_eq!(
        m.vertex_extra
            .as_ref()
            .map(|x| (x.sub_version, x.entries.len())),
        Some((2, 2709))
    );
    assert_eq!(m.joint_extra.as_ref().map(|x| x.colors.len()), Some(0));
    assert_eq!(m.model_extra.as_ref().map(|x| x.sub_version), Some(1));
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    Ok(())
}

#[test]
fn static_fixtures_bake_one_still_frame() -> Result<()> {
    for name in ["jeep1.ms3d", "POA.ms3d"] {
        let p = parse(&common::fixture(name))?;
        let rig = Rig::new(&p.model)?;
        let clips = model_clips(&p.model, rig.last_key_frame());
        assert_eq!(clips.len(), 1);
        let baked = bake_clip(&p.model, &rig, &clips[0], &Default::default())?;
        assert_eq!(baked.frame_count(), 1, "{name}");
        let drawn: u32 = baked.draws.iter().map(|d| d.index_count).sum();
        let grouped: usize = p
            .model
            .groups
            .iter()
            .map(|g| 3 * g.triangle_indices.len())
            .sum();
        assert_eq!(drawn as usize, grouped, "{name}");
        assert_eq!(
            Some(baked.bbox),
            p.model.bind_bbox(),
            "{name}: a static model bakes to its bind pose"
        );
    }
    Ok(())
}
