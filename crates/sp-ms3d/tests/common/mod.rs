//! Shared test helpers: fixture loading and the table of synthetic models that drives both the
//! writer and the reader.
#![allow(dead_code)]

use std::path::PathBuf;

use sp_ms3d::writer::builder::ModelBuilder;
use sp_ms3d::{
    Comments, IndexedComment, JointExtra, Model, ModelExtra, VertexExtra, VertexWeights,
};

/// Reads a fixture from `$SP_FIXTURES/ms3d` or `<repo>/tests/fixtures/ms3d` (see
/// `tests/fixtures/SOURCES.md`), whichever exists first.
pub fn fixture(name: &str) -> Vec<u8> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = Vec::new();
    if let Ok(dir) = std::env::var("SP_FIXTURES") {
        dirs.push(PathBuf::from(dir).join("ms3d"));
    }
    dirs.push(manifest.join("../../tests/fixtures/ms3d"));
    for dir in &dirs {
        if let Ok(bytes) = std::fs::read(dir.join(name)) {
            return bytes;
        }
    }
    panic!("fixture {name} not found in {dirs:?} (set SP_FIXTURES)");
}

/// A minimal static model: one triangle, one group, no material, no joints.
pub fn one_triangle() -> ModelBuilder {
    let mut b = ModelBuilder::new(24.0);
    let a = b.vertex([0.0, 0.0, 0.0], -1);
    let c = b.vertex([1.0, 0.0, 0.0], -1);
    let d = b.vertex([0.0, 1.0, 0.0], -1);
    b.triangle([a, c, d], [[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]], 0);
    b.group("tri", vec![0], -1);
    b
}

/// One row of the round-trip table: a name and a model exercising some sections.
pub struct Case {
    /// What the case covers.
    pub name: &'static str,
    /// The model.
    pub model: Model,
}

/// Every section and every vertex-extra sub-version, each as its own case.
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.push(Case {
        name: "static, ends after joint count",
        model: one_triangle().build(),
    });

    let mut b = one_triangle();
    b.material("mat é€", [0.1, 0.2, 0.3, 1.0], "textures/skin.png");
    let mut m = b.build();
    m.groups[0].material_index = 0;
    m.materials[0].alphamap = "textures/alpha.png".into();
    m.materials[0].mode = 0x40;
    m.version = 3;
    cases.push(Case {
        name: "material with texture, alphamap, CP1252 name, version 3",
        model: m,
    });

    let mut m = sp_ms3d::writer::synth::synth_model(6, 2);
    m.comments = Some(Comments {
        sub_version: 1,
        groups: vec![IndexedComment {
            index: 0,
            text: "group zero".into(),
        }],
        materials: vec![IndexedComment {
            index: 1,
            text: "tip material".into(),
        }],
        joints: vec![IndexedComment {
            index: 2,
            text: "end joint\nsecond line".into(),
        }],
        model: Some("wave 1-24\nbend 25-48".into()),
    });
    cases.push(Case {
        name: "synthetic animated model with all sections",
        model: m.clone(),
    });

    for sv in [1, 2, 3] {
        let mut m = m.clone();
        m.joint_extra = None;
        m.model_extra = None;
        let n = m.vertices.len();
        m.vertex_extra = Some(VertexExtra {
            sub_version: sv,
            entries: (0..n)
                .map(|i| VertexWeights {
                    bone_ids: [(i % 3) as i8, -1, 2],
                    weights: [(i % 60) as u8, 20, 0],
                    extra: match sv {
                        1 => [0, 0],
                        2 => [0xDEAD_BEEF ^ i as u32, 0],
                        _ => [i as u32, 0xFFFF_0000 | i as u32],
                    },
                })
                .collect(),
        });
        let name = match sv {
            1 => "vertex extra sub-version 1 (6 bytes)",
            2 => "vertex extra sub-version 2 (10 bytes)",
            _ => "vertex extra sub-version 3 (14 bytes)",
        };
        cases.push(Case { name, model: m });
    }

    let mut m = m.clone();
    m.comments = Some(Comments {
        sub_version: 1,
        ..Comments::default()
    });
    m.model_extra = None;
    m.joint_extra = Some(JointExtra {
        sub_version: 1,
        colors: vec![[0.5, 0.25, 1.0]; m.joints.len()],
    });
    cases.push(Case {
        name: "empty comments, joint extra, no model extra",
        model: m.clone(),
    });

    let mut m2 = m.clone();
    m2.model_extra = Some(ModelExtra {
        sub_version: 1,
        joint_size: 0.75,
        transparency_mode: 2,
        alpha_ref: 0.25,
    });
    cases.push(Case {
        name: "model extra with depth-sorted transparency",
        model: m2,
    });

    let mut m3 = m;
    m3.vertex_extra = None;
    m3.joint_extra = None;
    cases.push(Case {
        name: "comments only",
        model: m3,
    });
    cases
}

/// Offsets of a file's structure as written by the writer / read by the parser.
pub struct Layout {
    /// Start of every section (count fields included) and the file end.
    pub sections: Vec<usize>,
    /// For each section start, where its third record starts (or the section ends): the bytes
    /// of its first two records are `sections[i]..first_two[i]`.
    pub first_two: Vec<usize>,
    /// Prefix lengths that are complete files (end of joints and of each optional section).
    pub valid_ends: Vec<usize>,
}

/// Computes the layout of `m`.
pub fn layout(m: &Model) -> Layout {
    let mut l = Layout {
        sections: Vec::new(),
        first_two: Vec::new(),
        valid_ends: Vec::new(),
    };
    let mut o = 0;
    let section = |l: &mut Layout, o: &mut usize, header: usize, records: Vec<usize>| {
        l.sections.push(*o);
        l.first_two
            .push(*o + header + records.iter().take(2).sum::<usize>());
        *o += header + records.iter().sum::<usize>();
    };
    section(&mut l, &mut o, 14, vec![]);
    section(&mut l, &mut o, 2, vec![15; m.vertices.len()]);
    section(&mut l, &mut o, 2, vec![70; m.triangles.len()]);
    section(
        &mut l,
        &mut o,
        2,
        m.groups
            .iter()
            .map(|g| 36 + 2 * g.triangle_indices.len())
            .collect(),
    );
    section(&mut l, &mut o, 2, vec![361; m.materials.len()]);
    section(&mut l, &mut o, 12, vec![]);
    section(
        &mut l,
        &mut o,
        2,
        m.joints
            .iter()
            .map(|j| 93 + 16 * (j.rotation_keys.len() + j.position_keys.len()))
            .collect(),
    );
    l.valid_ends.push(o);
    if let Some(c) = &m.comments {
        section(&mut l, &mut o, 4, vec![]);
        for list in [&c.groups, &c.materials, &c.joints] {
            section(
                &mut l,
                &mut o,
                4,
                list.iter().map(|x| 8 + x.text.len()).collect(),
            );
        }
        section(
            &mut l,
            &mut o,
            4,
            c.model.iter().map(|t| 4 + t.len()).collect(),
        );
        l.valid_ends.push(o);
    }
    if let Some(x) = &m.vertex_extra {
        let stride = sp_ms3d::vertex_extra_stride(x.sub_version).unwrap_or(0);
        section(&mut l, &mut o, 4, vec![stride; m.vertices.len()]);
        l.valid_ends.push(o);
    }
    if m.joint_extra.is_some() {
        section(&mut l, &mut o, 4, vec![12; m.joints.len()]);
        l.valid_ends.push(o);
    }
    if m.model_extra.is_some() {
        section(&mut l, &mut o, 16, vec![]);
        l.valid_ends.push(o);
    }
    l.sections.push(o);
    l.first_two.push(o);
    l
}
