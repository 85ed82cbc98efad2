//! One table of cases drives the writer and the reader: every case must survive
//! write → parse unchanged, with no warnings, read to the last byte, and have the size the
//! reference's formula gives.

mod common;

use sp_ms3d::{Model, Result, parse, vertex_extra_stride, writer};

/// `14+2+15V+2+70T+2+Σ(36+2k)+2+361M+12+2+Σ(93+16(r+p)) + tail` from the reference.
fn expected_size(m: &Model) -> usize {
    let mut size = 14 + 2 + 15 * m.vertices.len() + 2 + 70 * m.triangles.len() + 2;
    size += m
        .groups
        .iter()
        .map(|g| 36 + 2 * g.triangle_indices.len())
        .sum::<usize>();
    size += 2 + 361 * m.materials.len() + 12 + 2;
    size += m
        .joints
        .iter()
        .map(|j| 93 + 16 * (j.rotation_keys.len() + j.position_keys.len()))
        .sum::<usize>();
    if let Some(c) = &m.comments {
        size += 4;
        for list in [&c.groups, &c.materials, &c.joints] {
            size += 4 + list.iter().map(|x| 8 + x.text.len()).sum::<usize>();
        }
        size += 4 + c.model.as_ref().map_or(0, |t| 4 + t.len());
    }
    if let Some(x) = &m.vertex_extra {
        size += 4 + m.vertices.len() * vertex_extra_stride(x.sub_version).unwrap_or(0);
    }
    if m.joint_extra.is_some() {
        size += 4 + 12 * m.joints.len();
    }
    if m.model_extra.is_some() {
        size += 16;
    }
    size
}

#[test]
fn every_case_round_trips() -> Result<()> {
    let cases = common::cases();
    assert!(cases.len() >= 8);
    for case in cases {
        let bytes = writer::write(&case.model)?;
        // Comments here are ASCII except the material name, so text length = byte length.
        assert_eq!(
            bytes.len(),
            expected_size(&case.model),
            "{}: size",
            case.name
        );
        let parsed = parse(&bytes)?;
        assert_eq!(parsed.model, case.model, "{}: model", case.name);
        assert!(
            parsed.warnings.is_empty(),
            "{}: warnings {:?}",
            case.name,
            parsed.warnings
        );
        assert_eq!(
            parsed.bytes_consumed,
            bytes.len(),
            "{}: bytes consumed",
            case.name
        );
        assert_eq!(
            writer::write(&parsed.model)?,
            bytes,
            "{}: rewrite",
            case.name
        );
    }
    Ok(())
}

#[test]
fn fixtures_rewrite_to_the_same_size() -> Result<()> {
    for name in ["jeep1.ms3d", "POA.ms3d"] {
        let bytes = common::fixture(name);
        let parsed = parse(&bytes)?;
        let again = writer::write(&parsed.model)?;
        assert_eq!(again.len(), bytes.len(), "{name}");
        assert_eq!(parse(&again)?.model, parsed.model, "{name}");
    }
    Ok(())
}
