//! Loading a model file into the stage: parse, rig, bake every clip, hand each to the caller's
//! renderer, keep the result under the file's content key.

use crate::{
    Aabb, BakeOptions, BakedClip, Clip, Error, Interp, Rig, UpAxis, Warning, bake_clip,
    model_clips, parse,
};

use super::{Counts, DEFAULT_EXTENT_PX, LoadedModel, ModelStage, StagedClip};

/// How a model file is loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadOptions {
    /// Bake rate, frames per second (0 < fps ≤ 240).
    pub fps: f32,
    /// Position-key interpolation.
    pub interp: Interp,
    /// Source up axis (an object's `upAxis` overrides it).
    pub up_axis: UpAxis,
    /// Scene pixels per model unit (`None`: the bind pose is [`DEFAULT_EXTENT_PX`] across).
    pub pixels_per_unit: Option<f32>,
    /// Paths of the images the page registered, to find material textures among.
    pub images: Vec<String>,
}

/// One baked clip handed to the caller's renderer.
#[derive(Debug)]
pub struct ClipUpload<'a> {
    /// The clip.
    pub clip: &'a Clip,
    /// Its baked frames (float positions unless the options quantised them).
    pub baked: BakedClip,
    /// For each draw range of `baked`, the registered image its texture was found as.
    pub images: Vec<Option<String>>,
}

/// What the renderer made of a clip.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Uploaded<C> {
    /// Its handle.
    pub id: C,
    /// Frames uploaded.
    pub frames: usize,
    /// Bytes of one frame.
    pub bytes_per_frame: usize,
    /// Bytes of everything uploaded for the clip.
    pub bytes_total: usize,
}

/// A group of the model and what it draws with.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupUse {
    /// Group name.
    pub name: String,
    /// Material index, if any.
    pub material: Option<usize>,
    /// The material's texture path as written in the file.
    pub texture: Option<String>,
    /// The registered image found for it.
    pub image: Option<String>,
    /// The material's flat colour (RGBA).
    pub color: [f32; 4],
}

/// The caller's renderer, as the stage sees it: it takes baked clips and frees them.
pub trait ClipSink<C> {
    /// The renderer's error.
    type Error;
    /// Uploads a baked clip.
    fn upload(&mut self, clip: ClipUpload<'_>) -> Result<Uploaded<C>, Self::Error>;
    /// Frees a clip uploaded before.
    fn release(&mut self, id: C);
}

/// Why a model was not loaded.
#[derive(Debug)]
pub enum LoadError<E> {
    /// The file (parse, rig or bake).
    Model(Error),
    /// The option named is out of range.
    Option(&'static str, String),
    /// The caller's renderer refused a clip.
    Upload(E),
}

/// Finds a material texture among the registered images: same path, else same file name
/// (both case-insensitive, `\` already turned into `/`).
pub fn find_texture<'a>(texture: &str, images: &'a [String]) -> Option<&'a str> {
    let want = texture.trim_start_matches("./").to_lowercase();
    let file = want.rsplit('/').next().unwrap_or(&want).to_owned();
    images
        .iter()
        .find(|i| i.to_lowercase() == want)
        .or_else(|| {
            images
                .iter()
                .find(|i| i.to_lowercase().rsplit('/').next() == Some(file.as_str()))
        })
        .map(String::as_str)
}

impl<C: Copy> ModelStage<C> {
    /// Parses, rigs and bakes every clip of the file `bytes`, uploads each clip to `sink` and
    /// keeps the model under `key` (replacing a model loaded under it before: its clips are
    /// released). When a clip fails, the clips uploaded so far are released and nothing is
    /// kept.
    pub fn add_model<S: ClipSink<C>>(
        &mut self,
        key: &str,
        name: &str,
        bytes: &[u8],
        options: &LoadOptions,
        sink: &mut S,
    ) -> Result<&LoadedModel<C>, LoadError<S::Error>> {
        if !(options.fps > 0.0 && options.fps <= 240.0) {
            return Err(LoadError::Option(
                "fps",
                format!("{} is outside 0 < fps <= 240", options.fps),
            ));
        }
        let pixels_per_unit = match options.pixels_per_unit {
            Some(p) if p.is_finite() && (1e-6..=1e6).contains(&p) => p,
            Some(p) => {
                return Err(LoadError::Option(
                    "pixelsPerUnit",
                    format!("{p} is outside 1e-6..=1e6"),
                ));
            }
            None => auto_pixels_per_unit(None, options.up_axis),
        };
        let parsed = parse(bytes).map_err(LoadError::Model)?;
        let model = &parsed.model;
        let pixels_per_unit = if options.pixels_per_unit.is_none() {
            auto_pixels_per_unit(model.bind_bbox(), options.up_axis)
        } else {
            pixels_per_unit
        };
        let rig = Rig::new(model).map_err(LoadError::Model)?;
        let bake = BakeOptions {
            fps: options.fps,
            interp: options.interp,
            quantize: false,
            normals: false,
        };
        let warnings: Vec<sp_sim::Diagnostic> =
            parsed.warnings.iter().map(Warning::detail).collect();
        let mut clips: Vec<StagedClip<C>> = Vec::new();
        let mut groups = Vec::new();
        for clip in model_clips(model, rig.last_key_frame()) {
            let baked = match bake_clip(model, &rig, &clip, &bake) {
                Ok(b) => b,
                Err(e) => {
                    release_all(sink, &clips);
                    return Err(LoadError::Model(e));
                }
            };
            let images: Vec<Option<String>> = baked
                .draws
                .iter()
                .map(|d| {
                    d.texture
                        .as_deref()
                        .and_then(|t| find_texture(t, &options.images))
                        .map(str::to_owned)
                })
                .collect();
            if clips.is_empty() {
                for (d, image) in baked.draws.iter().zip(&images) {
                    groups.push(GroupUse {
                        name: d.name.clone(),
                        material: d.material,
                        texture: d.texture.clone(),
                        image: image.clone(),
                        color: d.color,
                    });
                }
            }
            let up = match sink.upload(ClipUpload {
                clip: &clip,
                baked,
                images,
            }) {
                Ok(u) => u,
                Err(e) => {
                    release_all(sink, &clips);
                    return Err(LoadError::Upload(e));
                }
            };
            clips.push(StagedClip {
                clip,
                id: up.id,
                frames: up.frames,
                bake_fps: options.fps,
                bytes_per_frame: up.bytes_per_frame,
                bytes_total: up.bytes_total,
            });
        }
        let loaded = LoadedModel {
            name: name.to_owned(),
            counts: Counts {
                vertices: model.vertices.len(),
                triangles: model.triangles.len(),
                groups: model.groups.len(),
                materials: model.materials.len(),
                joints: model.joints.len(),
            },
            clips,
            up_axis: options.up_axis,
            pixels_per_unit,
            groups,
            warnings,
        };
        if let Some(old) = self.models.remove(key) {
            release_all(sink, &old.clips);
        }
        Ok(self.models.entry(key.to_owned()).or_insert(loaded))
    }
}

fn release_all<C: Copy, S: ClipSink<C>>(sink: &mut S, clips: &[StagedClip<C>]) {
    for c in clips {
        sink.release(c.id);
    }
}

/// Pixels per unit that make the bind pose [`DEFAULT_EXTENT_PX`] across its larger projected
/// side (1 without a usable box).
fn auto_pixels_per_unit(bbox: Option<Aabb>, up: UpAxis) -> f32 {
    let Some(b) = bbox else { return 1.0 };
    let e = b.extent();
    let side = e[0].max(if up == UpAxis::Y { e[1] } else { e[2] });
    if side.is_finite() && side > 1e-6 {
        DEFAULT_EXTENT_PX / side
    } else {
        1.0
    }
}
