//! `spineparticle ms3d`: inspect (`info`), pose (`pose`) and synthesise (`synth`) MilkShape 3D
//! models. Parse errors print one line naming the section and byte offset, exit code 1.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sp_ms3d::writer::rigged::RiggedSpec;
use sp_ms3d::{Aabb, BboxInfo, Interp, Model, ModelInfo, Parsed, Rig, model_clips, parse, writer};

use crate::error::{Error, Result, read_file, write_file};

/// Arguments of `spineparticle ms3d`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// Position-key interpolation on the command line.
#[derive(Clone, Copy, clap::ValueEnum)]
enum InterpArg {
    /// Straight lines between keys.
    Linear,
    /// MilkShape viewer's Hermite (the default).
    Hermite,
}

impl From<InterpArg> for Interp {
    fn from(a: InterpArg) -> Self {
        match a {
            InterpArg::Linear => Interp::Linear,
            InterpArg::Hermite => Interp::Hermite,
        }
    }
}

#[derive(clap::Subcommand)]
enum Command {
    /// Counts, groups, materials, joints, optional sections, bounds and warnings.
    Info {
        /// The `.ms3d` file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Skinned position of every vertex at a (fractional, 1-based) frame.
    Pose {
        /// The `.ms3d` file.
        file: PathBuf,
        /// Frame, 1-based, fractional allowed (frame = key seconds × fps).
        #[arg(long)]
        frame: f32,
        /// Position-key interpolation.
        #[arg(long, value_enum, default_value = "hermite")]
        interp: InterpArg,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Write a small animated test model (a strip on a 3-joint chain, two coloured materials,
    /// clips `wave 1-24` and `bend 25-48`), or with `--rigged` a game-sized rigged character.
    Synth {
        /// Output `.ms3d` path.
        out: PathBuf,
        /// Quads along the strip.
        #[arg(long, default_value_t = 16)]
        segments: u16,
        /// Quads across the strip.
        #[arg(long, default_value_t = 2)]
        rows: u16,
        /// Write the rigged character instead of the strip (clips `idle`, `walk`, `attack`).
        #[arg(long, value_enum)]
        rigged: Option<RiggedArg>,
    },
}

/// The rigged character's size (`sp_ms3d::writer::rigged::RiggedSpec`).
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum RiggedArg {
    /// 31 joints, 4,200 vertices, 7,560 triangles, 120 frames (keys every 2 frames).
    Character,
    /// 53 joints, 11,232 vertices, 20,592 triangles, 240 frames (keys every frame).
    Detailed,
}

impl RiggedArg {
    /// The spec of this size.
    pub fn spec(self) -> RiggedSpec {
        match self {
            RiggedArg::Character => RiggedSpec::CHARACTER,
            RiggedArg::Detailed => RiggedSpec::DETAILED,
        }
    }
}

/// Runs `spineparticle ms3d`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Command::Info { file, json } => info(&file, json),
        Command::Pose {
            file,
            frame,
            interp,
            json,
        } => pose(&file, frame, interp.into(), json),
        Command::Synth {
            out,
            segments,
            rows,
            rigged,
        } => match rigged {
            Some(size) => synth_rigged(&out, size.spec()),
            None => synth(&out, segments, rows),
        },
    }
}

fn load(file: &Path) -> Result<Parsed> {
    Ok(parse(&read_file(file)?)?)
}

fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").map_err(|source| Error::Io {
        path: PathBuf::from("<stdout>"),
        source,
    })
}

/// The `pose --json` document (shape fixed by the CLI contract).
#[derive(serde::Serialize)]
struct PoseOut<'a> {
    frame: f32,
    bbox: BboxInfo,
    vertices: &'a [[f32; 3]],
}

/// The `info --json` document (shape fixed by the CLI contract; shared with the wasm `ms3dInfo`).
pub fn info_json(p: &Parsed) -> Value {
    serde_json::to_value(ModelInfo::of(p)).unwrap_or(Value::Null)
}

fn info(file: &Path, as_json: bool) -> Result<()> {
    let p = load(file)?;
    if as_json {
        return print(&info_json(&p).to_string());
    }
    let m = &p.model;
    let mut lines = vec![format!(
        "{}: version {}, {} vertices, {} triangles, {} groups, {} materials, {} joints, {} bytes read",
        file.display(),
        m.version,
        m.vertices.len(),
        m.triangles.len(),
        m.groups.len(),
        m.materials.len(),
        m.joints.len(),
        p.bytes_consumed
    )];
    let sections = [
        ("comments", m.comments.as_ref().map(|c| c.sub_version)),
        (
            "vertex extra",
            m.vertex_extra.as_ref().map(|x| x.sub_version),
        ),
        ("joint extra", m.joint_extra.as_ref().map(|x| x.sub_version)),
        ("model extra", m.model_extra.as_ref().map(|x| x.sub_version)),
    ];
    let present: Vec<String> = sections
        .iter()
        .filter_map(|(n, sv)| sv.map(|sv| format!("{n} (sub-version {sv})")))
        .collect();
    lines.push(format!(
        "optional sections: {}",
        if present.is_empty() {
            "none".into()
        } else {
            present.join(", ")
        }
    ));
    if let Ok(rig) = Rig::new(m) {
        let clips = model_clips(m, rig.last_key_frame());
        let names: Vec<String> = clips
            .iter()
            .map(|c| format!("{} {}-{}", c.name, c.start_frame, c.end_frame))
            .collect();
        lines.push(format!(
            "fps {}, last key frame {}, clips: {}",
            m.fps(),
            rig.last_key_frame(),
            names.join(", ")
        ));
    }
    for w in &p.warnings {
        lines.push(format!("warning: {w}"));
    }
    print(&lines.join("\n"))
}

/// Skinned positions of every vertex of `model` at `frame`.
pub fn posed_vertices(model: &Model, frame: f32, interp: Interp) -> Result<Vec<[f32; 3]>> {
    let rig = Rig::new(model)?;
    let mut out = vec![[0.0; 3]; rig.vertex_count()];
    rig.skin_into(frame, interp, &mut Vec::new(), &mut out)?;
    Ok(out)
}

fn pose(file: &Path, frame: f32, interp: Interp, as_json: bool) -> Result<()> {
    if !frame.is_finite() {
        return Err(Error::Usage(format!(
            "--frame {frame} must be a finite number"
        )));
    }
    let p = load(file)?;
    let vertices = posed_vertices(&p.model, frame, interp)?;
    let bbox = Aabb::from_points(vertices.iter().copied());
    if as_json {
        let doc = PoseOut {
            frame,
            bbox: bbox.into(),
            vertices: &vertices,
        };
        let text = serde_json::to_string(&doc).map_err(|source| Error::Json {
            path: PathBuf::from("<stdout>"),
            source,
        })?;
        return print(&text);
    }
    let b = bbox.map_or_else(
        || "empty".to_owned(),
        |b| format!("min {:?} max {:?}", b.min, b.max),
    );
    print(&format!(
        "{}: {} vertices at frame {frame}, bbox {b}",
        file.display(),
        vertices.len()
    ))
}

fn synth(out: &Path, segments: u16, rows: u16) -> Result<()> {
    let model = writer::synth::synth_model(segments, rows);
    let bytes = writer::write(&model)?;
    write_file(out, &bytes)?;
    print(&format!(
        "{}: {} vertices, {} triangles, {} joints, clips wave 1-24 and bend 25-48, {} bytes",
        out.display(),
        model.vertices.len(),
        model.triangles.len(),
        model.joints.len(),
        bytes.len()
    ))
}

fn synth_rigged(out: &Path, spec: RiggedSpec) -> Result<()> {
    let model = writer::rigged::rigged_model(spec);
    let bytes = writer::write(&model)?;
    write_file(out, &bytes)?;
    let len = spec.frames_per_clip;
    print(&format!(
        "{}: {} vertices, {} triangles, {} joints, clips idle 1-{len}, walk {}-{}, attack {}-{}, {} bytes",
        out.display(),
        model.vertices.len(),
        model.triangles.len(),
        model.joints.len(),
        len + 1,
        2 * len,
        2 * len + 1,
        3 * len,
        bytes.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn keys(v: &Value) -> Vec<String> {
        v.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    }

    #[test]
    fn info_json_has_the_contract_shape() -> Result<()> {
        let bytes = writer::write(&writer::synth::synth_model(6, 1))?;
        let doc = info_json(&parse(&bytes)?);
        let mut want = vec![
            "version",
            "vertices",
            "triangles",
            "groups",
            "materials",
            "fps",
            "currentTime",
            "totalFrames",
            "joints",
            "sections",
            "bbox",
            "bytesConsumed",
            "warnings",
            "warningDetails",
        ];
        want.sort_unstable();
        assert_eq!(keys(&doc), want);
        assert_eq!(keys(&doc["groups"][0]), ["material", "name", "triangles"]);
        assert_eq!(keys(&doc["materials"][0]), ["alphamap", "name", "texture"]);
        assert_eq!(
            keys(&doc["joints"][1]),
            ["name", "parent", "positionKeys", "rotationKeys"]
        );
        assert_eq!(
            keys(&doc["sections"]),
            ["comments", "jointExtra", "modelExtra", "vertexExtra"]
        );
        assert_eq!(doc["sections"]["vertexExtra"], json!(2));
        assert_eq!(doc["joints"][0]["parent"], Value::Null);
        assert_eq!(doc["joints"][1]["parent"], json!("root"));
        assert_eq!(doc["bytesConsumed"], json!(bytes.len()));
        assert_eq!(doc["bbox"]["max"], json!([9.0, 0.5, 0.0]));
        Ok(())
    }

    #[test]
    fn pose_json_keeps_key_order_and_short_floats() -> Result<()> {
        let model = writer::synth::synth_model(6, 1);
        let vertices = posed_vertices(&model, 1.0, Interp::Linear)?;
        let doc = PoseOut {
            frame: 1.0,
            bbox: Aabb::from_points(vertices.iter().copied()).into(),
            vertices: &vertices,
        };
        let text = serde_json::to_string(&doc).map_err(|source| Error::Json {
            path: "-".into(),
            source,
        })?;
        assert!(text.starts_with(r#"{"frame":1.0,"bbox":{"min":[0.0,-0.5,0.0],"max":[9.0,0.5,0.0]},"vertices":[[0.0,-0.5,0.0],"#), "{text}");
        Ok(())
    }

    #[test]
    fn parse_errors_are_one_line_with_section_and_offset() {
        let err = Error::from(
            parse(b"MS3D000000\x04\0\0\0\x01\0")
                .err()
                .unwrap_or(sp_ms3d::Error::BadMagic),
        );
        assert_eq!(
            err.to_string(),
            "vertices section, byte 14: count 1 needs at least 15 bytes, only 0 left"
        );
    }
}
