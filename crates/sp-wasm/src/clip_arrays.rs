//! The typed arrays of `addVertexClip` (see `clips_api.rs` for the layout) turned into the
//! renderer's [`VertexClip`]: lengths, topology references, texture and blend indices and
//! colours are checked here with the array's name; index ranges by [`VertexClip::validate`].
//! The instance placement shared by `setClipInstances` (JSON) and `setClipInstanceArray`
//! (a `Float64Array`, [`INSTANCE_VALUES`] per instance, [`instances_from_array`]) is in
//! `clip_arrays/instances.rs`.
//! Pure Rust, so it is tested natively.

mod instances;

use serde::Deserialize;
use sp_render::blend::ALL_BLEND_MODES;
use sp_render::{ClipDrawRange, ClipFrame, ClipMaterial, ClipTopology, FrameEncoding, VertexClip};
use ts_rs::TS;

use crate::error::Error;

pub use instances::{ClipInstanceJson, INSTANCE_VALUES, Placement, instances_from_array};

fn arg(name: &'static str, reason: String) -> Error {
    Error::Argument { name, reason }
}

/// `texture` value of a draw range without an image.
pub const NO_TEXTURE: u32 = u32::MAX;

/// `optionsJson` of `addVertexClip`.
#[derive(Deserialize, Default, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClipOptions {
    /// Image paths the draws' `texture` indices refer to.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub textures: Vec<String>,
    /// Store positions as u16 against the bbox.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub quantize: bool,
    /// Face-normal lighting.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub lit: bool,
    /// Sample the images trilinearly through the atlas mip chain.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub trilinear: bool,
}

/// The typed arrays of one `addVertexClip` call, copied out of JS.
pub struct ClipArrays {
    /// u,v per vertex.
    pub uvs: Vec<f32>,
    /// Triangle indices.
    pub indices: Vec<u32>,
    /// 4 per topology.
    pub topologies: Vec<u32>,
    /// 3 per frame.
    pub frames: Vec<u32>,
    /// x,y,z per vertex, frames back to back.
    pub positions: Vec<f32>,
    /// 4 per draw range.
    pub draws: Vec<u32>,
    /// 7 per draw range.
    pub draw_colors: Vec<f32>,
}

fn whole(name: &'static str, len: usize, per: usize, what: &str) -> Result<usize, Error> {
    if len.is_multiple_of(per) {
        Ok(len / per)
    } else {
        Err(arg(
            name,
            format!("{len} values is not a whole number of {what} ({per} values each)"),
        ))
    }
}

/// Builds the renderer's clip from the arrays (see the module docs); the renderer's own
/// validation ([`VertexClip::validate`]) checks the ranges when it is added.
///
/// # Errors
/// [`Error::Argument`] naming the array and the entry.
pub fn clip_from_arrays(
    name: String,
    fps: f32,
    a: ClipArrays,
    options: ClipOptions,
) -> Result<(VertexClip, FrameEncoding), Error> {
    whole("uvs", a.uvs.len(), 2, "vertices")?;
    let topologies = whole("topologies", a.topologies.len(), 4, "topologies")?;
    let frames = whole("frames", a.frames.len(), 3, "frames")?;
    let draws = whole("draws", a.draws.len(), 4, "draw ranges")?;
    if topologies == 0 || frames == 0 {
        return Err(arg(
            if topologies == 0 {
                "topologies"
            } else {
                "frames"
            },
            "the clip needs at least one".into(),
        ));
    }
    if a.draw_colors.len() != draws * 7 {
        return Err(arg(
            "drawColors",
            format!(
                "{} values for {draws} draw ranges, expected {} (7 each)",
                a.draw_colors.len(),
                draws * 7
            ),
        ));
    }
    let topologies: Vec<ClipTopology> = a
        .topologies
        .chunks_exact(4)
        .map(|t| ClipTopology {
            first_vertex: t[0],
            vertex_count: t[1],
            first_index: t[2],
            index_count: t[3],
        })
        .collect();
    let mut expected = 0u64;
    for (f, fr) in a.frames.chunks_exact(3).enumerate() {
        let topo = topologies.get(fr[0] as usize).ok_or_else(|| {
            arg(
                "frames",
                format!(
                    "frame {f} names topology {}, but there are {}",
                    fr[0],
                    topologies.len()
                ),
            )
        })?;
        expected += u64::from(topo.vertex_count) * 3;
    }
    if a.positions.len() as u64 != expected {
        return Err(arg(
            "positions",
            format!(
                "{} values, but the frames' topologies have {expected} (3 per vertex per frame)",
                a.positions.len()
            ),
        ));
    }
    let mut draw_list = Vec::with_capacity(draws);
    for (d, (ints, colors)) in a
        .draws
        .chunks_exact(4)
        .zip(a.draw_colors.chunks_exact(7))
        .enumerate()
    {
        let texture = match ints[2] {
            NO_TEXTURE => None,
            t => Some(options.textures.get(t as usize).cloned().ok_or_else(|| {
                arg(
                    "draws",
                    format!(
                        "draw range {d} names texture {t}, but optionsJson.textures has {}",
                        options.textures.len()
                    ),
                )
            })?),
        };
        let blend = *ALL_BLEND_MODES.get(ints[3] as usize).ok_or_else(|| {
            arg(
                "draws",
                format!("draw range {d} has blend {}, expected 0 to 3", ints[3]),
            )
        })?;
        if colors.iter().any(|v| !v.is_finite()) {
            return Err(arg(
                "drawColors",
                format!("draw range {d} has a colour that is not a finite number"),
            ));
        }
        draw_list.push(ClipDrawRange {
            index_start: ints[0],
            index_count: ints[1],
            material: ClipMaterial {
                texture,
                color: [colors[0], colors[1], colors[2], colors[3]],
                dark: [colors[4], colors[5], colors[6]],
                blend,
            },
        });
    }
    let mut at = 0usize;
    let frame_list = a
        .frames
        .chunks_exact(3)
        .map(|fr| {
            let n = topologies[fr[0] as usize].vertex_count as usize * 3;
            let positions = a.positions[at..at + n]
                .chunks_exact(3)
                .map(|p| [p[0], p[1], p[2]])
                .collect();
            at += n;
            ClipFrame {
                topology: fr[0],
                first_draw: fr[1],
                draw_count: fr[2],
                positions,
            }
        })
        .collect();
    let clip = VertexClip {
        name,
        fps,
        lit: options.lit,
        uvs: a.uvs.chunks_exact(2).map(|c| [c[0], c[1]]).collect(),
        indices: a.indices,
        topologies,
        draws: draw_list,
        frames: frame_list,
    };
    let encoding = if options.quantize {
        FrameEncoding::U16
    } else {
        FrameEncoding::F32
    };
    Ok((clip, encoding))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two topologies (a triangle, then a quad), three frames, two draw lists.
    fn arrays() -> ClipArrays {
        ClipArrays {
            uvs: vec![0.0; 14],
            indices: vec![0, 1, 2, 0, 1, 2, 0, 2, 3],
            topologies: vec![0, 3, 0, 3, 3, 4, 3, 6],
            frames: vec![0, 0, 1, 1, 1, 1, 1, 1, 1],
            positions: vec![0.5; 3 * 3 + 4 * 3 + 4 * 3],
            draws: vec![0, 3, NO_TEXTURE, 0, 3, 6, 0, 1],
            draw_colors: vec![
                1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5, 0.2, 0.3, 0.4,
            ],
        }
    }

    fn options() -> ClipOptions {
        ClipOptions {
            textures: vec!["spine:coin/page.png".into()],
            ..ClipOptions::default()
        }
    }

    fn error(a: ClipArrays) -> String {
        match clip_from_arrays("c".into(), 30.0, a, options()) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn arrays_become_a_valid_clip() {
        let (clip, encoding) = clip_from_arrays("c".into(), 30.0, arrays(), options()).unwrap();
        clip.validate().unwrap();
        assert_eq!(encoding, FrameEncoding::F32);
        assert_eq!(clip.frames.len(), 3);
        assert_eq!(clip.frames[2].positions.len(), 4);
        let d = &clip.draws[1].material;
        assert_eq!(d.texture.as_deref(), Some("spine:coin/page.png"));
        assert_eq!(d.blend, sp_sim::document::BlendMode::Additive);
        assert_eq!((d.color, d.dark), ([1.0, 0.0, 0.0, 0.5], [0.2, 0.3, 0.4]));
        assert_eq!(clip.draws[0].material.texture, None);
    }

    #[test]
    fn bad_arrays_name_the_array_and_entry() {
        let mut a = arrays();
        a.positions.pop();
        assert!(error(a).contains("positions: 32 values, but the frames' topologies have 33"));
        let mut a = arrays();
        a.frames[3] = 5;
        assert!(error(a).contains("frames: frame 1 names topology 5, but there are 2"));
        let mut a = arrays();
        a.draws[6] = 3;
        assert!(error(a).contains("draw range 1 names texture 3, but optionsJson.textures has 1"));
        let mut a = arrays();
        a.draws[7] = 9;
        assert!(error(a).contains("draw range 1 has blend 9"));
        let mut a = arrays();
        a.draw_colors.push(1.0);
        assert!(error(a).contains("drawColors: 15 values for 2 draw ranges, expected 14"));
        let mut a = arrays();
        a.draw_colors[5] = f32::NAN;
        assert!(error(a).contains("draw range 0 has a colour that is not a finite number"));
        let mut a = arrays();
        a.topologies.push(1);
        assert!(error(a).contains("topologies: 9 values is not a whole number of topologies"));
        let mut a = arrays();
        a.frames.clear();
        assert!(error(a).contains("frames: the clip needs at least one"));
    }
}
