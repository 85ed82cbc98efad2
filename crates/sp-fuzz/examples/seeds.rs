//! Writes the seed corpora of the fuzz targets into `OUT/<target>/`:
//! `cargo run -p sp-fuzz --example seeds -- OUT [SHARED_FIXTURES]`.
//!
//! - ms3d: the synthetic writer's models (every optional section and vertex-extra
//!   sub-version, clips in the comment, a parent named `none`), and the fixtures jeep1 and POA
//!   cut down to their first triangles (same materials, groups, joints and trailing sections);
//! - skel: the official coin (3.8, 4.2; JSON and binary) and vine skeletons, synthetic binary
//!   headers of every layout, synthetic JSON skeletons with defective names;
//! - atlas: spine-ts 4.2 and libGDX 3.x style atlases in UTF-8 (with and without BOM, CRLF)
//!   and in GBK, Big5 and Shift_JIS;
//! - scene, share: the presets, the golden scenes, the benchmark reference and the default
//!   scene;
//! - export: deterministic pseudo-random byte strings of several lengths (the generator turns
//!   any bytes into a valid scene).

use std::path::{Path, PathBuf};

use sp_ms3d::{Model, VertexExtra, VertexWeights, writer};
use sp_skel::{BinaryLayout, synth};

type Seeds = Vec<(String, Vec<u8>)>;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().ok_or("usage: seeds OUT [SHARED_FIXTURES]")?);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("../shared/fixtures"));
    let sets: [(&str, Seeds); 6] = [
        ("ms3d", ms3d(&shared)?),
        ("skel", skel(&shared)?),
        ("atlas", atlas()),
        ("scene", scenes(&repo)?),
        ("share", scenes(&repo)?),
        ("export", export()),
    ];
    for (target, seeds) in sets {
        let dir = out.join(target);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for (name, bytes) in &seeds {
            std::fs::write(dir.join(name), bytes).map_err(|e| e.to_string())?;
        }
        println!("{target}: {} seeds", seeds.len());
    }
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_model(m: &Model) -> Result<Vec<u8>, String> {
    writer::write(m).map_err(|e| e.to_string())
}

/// `m` cut down to its first `keep` triangles (vertices renumbered, groups filtered, every
/// other section kept).
fn cut_down(m: &Model, keep: usize) -> Model {
    let mut out = m.clone();
    out.triangles.truncate(keep);
    let mut map = vec![None; m.vertices.len()];
    let mut vertices = Vec::new();
    let mut extra = Vec::new();
    for t in &mut out.triangles {
        for v in &mut t.vertex_indices {
            let old = usize::from(*v);
            let new = *map[old].get_or_insert_with(|| {
                vertices.push(m.vertices[old]);
                if let Some(x) = &m.vertex_extra {
                    extra.push(x.entries[old]);
                }
                vertices.len() - 1
            });
            *v = new as u16;
        }
    }
    out.vertices = vertices;
    if let Some(x) = &mut out.vertex_extra {
        x.entries = extra;
    }
    for g in &mut out.groups {
        g.triangle_indices.retain(|&t| usize::from(t) < keep);
    }
    out
}

fn ms3d(shared: &Path) -> Result<Seeds, String> {
    let mut seeds = Vec::new();
    for (segments, rows) in [(3, 1), (4, 2), (8, 1)] {
        let m = writer::synth::synth_model(segments, rows);
        seeds.push((format!("synth_{segments}x{rows}.ms3d"), write_model(&m)?));
    }
    let base = writer::synth::synth_model(3, 1);
    for sv in [1, 2, 3] {
        let mut m = base.clone();
        m.vertex_extra = Some(VertexExtra {
            sub_version: sv,
            entries: (0..m.vertices.len())
                .map(|i| VertexWeights {
                    bone_ids: [(i % 3) as i8, -1, 2],
                    weights: [(i % 60) as u8, 20, 0],
                    extra: [i as u32, 7],
                })
                .collect(),
        });
        m.joint_extra = Some(sp_ms3d::JointExtra {
            sub_version: 1,
            colors: vec![[0.5, 0.25, 1.0]; m.joints.len()],
        });
        m.model_extra = Some(sp_ms3d::ModelExtra {
            sub_version: 1,
            joint_size: 0.75,
            transparency_mode: 2,
            alpha_ref: 0.25,
        });
        seeds.push((format!("synth_vertex_extra_sv{sv}.ms3d"), write_model(&m)?));
    }
    let mut m = base.clone();
    if let Some(j) = m.joints.get_mut(2) {
        j.parent_name = "none".into();
    }
    seeds.push(("parent_none.ms3d".into(), write_model(&m)?));
    let mut m = base;
    m.version = 3;
    m.comments = None;
    m.vertex_extra = None;
    m.joint_extra = None;
    m.model_extra = None;
    seeds.push(("version3_no_tail.ms3d".into(), write_model(&m)?));
    for (name, keep) in [("jeep1", 12), ("POA", 24)] {
        let bytes = read(&shared.join("ms3d").join(format!("{name}.ms3d")))?;
        let model = sp_ms3d::parse(&bytes).map_err(|e| e.to_string())?.model;
        seeds.push((
            format!("{name}_first_{keep}_triangles.ms3d"),
            write_model(&cut_down(&model, keep))?,
        ));
    }
    Ok(seeds)
}

fn skel(shared: &Path) -> Result<Seeds, String> {
    let mut seeds = Vec::new();
    for name in [
        "coin-pro-3.8.json",
        "coin-pro-3.8.skel",
        "coin-pro-4.2.json",
        "coin-pro-4.2.skel",
        "vine-pro-4.2.json",
    ] {
        seeds.push((name.to_owned(), read(&shared.join("spine").join(name))?));
    }
    let names = synth::strings(&[
        Some("root"),
        None,
        Some(""),
        Some("F_Weaon_Af3 "),
        Some("改"),
        Some("🔥"),
    ]);
    for layout in [
        BinaryLayout::V3_8,
        BinaryLayout::V4_0,
        BinaryLayout::V4_1,
        BinaryLayout::V4_2,
    ] {
        for nonessential in [false, true] {
            let header = synth::header(layout, nonessential);
            let bytes = synth::binary(&header, &names, &[0, 1, 2, 3]).map_err(|e| e.to_string())?;
            seeds.push((format!("synth_{layout:?}_{nonessential}.skel"), bytes));
        }
    }
    for version in ["3.8.99", "4.0.64", "4.2.22"] {
        let json = synth::json(version, &["eye ", "改", "ok"]);
        seeds.push((format!("synth_{version}.json"), json.into_bytes()));
    }
    Ok(seeds)
}

/// A spine-ts 4.2 style atlas (page entries, then regions with `bounds`).
const ATLAS_42: &str = "coin.png\nsize: 1024, 256\nfilter: Linear, Linear\npma: true\ncoin-front-logo\nbounds: 2, 2, 158, 157\noffsets: 1, 1, 160, 159\nrotate: 90\n改\nbounds: 162, 2, 44, 44\nF_Weaon_Af3 \nbounds: 208, 2, 10, 10\nindex: 3\n\npage2.png\nsize: 8,8\nlast\nbounds: 0,0,8,8\n";

/// A libGDX 3.x style atlas (a blank line first, `xy`/`size`/`orig`/`offset`/`index`).
const ATLAS_3X: &str = "\nskeleton.png\nsize: 64,64\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\nhead\n  rotate: false\n  xy: 0, 0\n  size: 32, 32\n  orig: 32, 32\n  offset: 0, 0\n  index: -1\n火焰 \n  rotate: true\n  xy: 32, 0\n  size: 16, 16\n  orig: 16, 16\n  offset: 0, 0\n  index: -1\n";

fn atlas() -> Seeds {
    let mut seeds = vec![
        ("spine42.atlas".to_owned(), ATLAS_42.as_bytes().to_vec()),
        ("libgdx3x.atlas".to_owned(), ATLAS_3X.as_bytes().to_vec()),
        (
            "crlf.atlas".to_owned(),
            ATLAS_42.replace('\n', "\r\n").into_bytes(),
        ),
        ("bom.atlas".to_owned(), {
            let mut b = b"\xEF\xBB\xBF".to_vec();
            b.extend_from_slice(ATLAS_3X.as_bytes());
            b
        }),
    ];
    for (label, text) in [
        ("gbk", ATLAS_42),
        ("big5", ATLAS_3X),
        (
            "shift_jis",
            "\nskeleton.png\nsize: 8,8\nキャラ\n  xy: 0, 0\n  size: 8, 8\n",
        ),
    ] {
        if let Ok(encoding) = sp_skel::legacy_charset(label) {
            let (bytes, _, _) = encoding.encode(text);
            seeds.push((format!("{label}.atlas"), bytes.into_owned()));
        }
    }
    seeds
}

fn scenes(repo: &Path) -> Result<Seeds, String> {
    let mut seeds = Vec::new();
    let mut files = Vec::new();
    for dir in ["presets", "tests/golden/scenes"] {
        for entry in std::fs::read_dir(repo.join(dir)).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.push(repo.join("tests/golden/bench_reference.json"));
    files.sort();
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        seeds.push((name, read(&path)?));
    }
    let default = sp_sim::document::save_scene(&sp_sim::document::default_scene());
    seeds.push(("default_scene.json".into(), default.into_bytes()));
    seeds.push(("legacy_v0.json".into(), br#"{"systems":[{}]}"#.to_vec()));
    Ok(seeds)
}

fn export() -> Seeds {
    // xorshift64*: fixed seeds give the same files on every run.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    [0usize, 16, 64, 128, 256, 512, 1024]
        .iter()
        .enumerate()
        .map(|(i, &len)| {
            let bytes = (0..len).map(|_| (next() >> 56) as u8).collect();
            (format!("random_{i}_{len}.bin"), bytes)
        })
        .collect()
}
