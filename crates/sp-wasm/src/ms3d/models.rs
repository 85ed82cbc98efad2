//! Loading a model: parse, rig, bake every clip and upload it to the renderer; the model store.

use std::collections::BTreeMap;

use serde::Deserialize;
use sp_ms3d::{
    Aabb, BakeOptions, BakedClip, Clip, FramePositions, Interp, Rig, UpAxis, bake_clip,
    model_clips, parse,
};
use sp_render::{
    ClipDrawRange, ClipId, ClipInstance, ClipMaterial, FrameEncoding, Renderer, VertexClip,
};

use super::playback::{Instance, MarkerEvent};
use super::{arg, check, short};
use crate::answers::{AddedModel, ModelClipInfo, ModelCounts, ModelGroupInfo, ModelMemory};
use crate::error::{Error, Result};

/// Options of `addModel` (JSON, every field optional).
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ModelOptions {
    /// Bake rate, frames per second (default 30, 0 < fps ≤ 240).
    #[ts(optional)]
    pub fps: Option<f32>,
    /// Store frames as `unorm16x4` (default true) instead of `float32x3`.
    #[ts(optional)]
    pub quantize: Option<bool>,
    /// Position-key interpolation, `linear` or `hermite` (default hermite).
    #[ts(optional)]
    pub interp: Option<Interp>,
    /// Source up axis, `y` (default) or `z`.
    #[ts(optional)]
    pub up_axis: Option<UpAxis>,
    /// Scene pixels per model unit (default: the bind pose is 240 px across).
    #[ts(optional)]
    pub pixels_per_unit: Option<f32>,
    /// Image paths the page registered with `addImage`, to find material textures among.
    #[ts(optional = nullable)]
    pub images: Vec<String>,
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

pub(super) struct LoadedClip {
    pub(super) clip: Clip,
    pub(super) id: ClipId,
    pub(super) frames: usize,
    pub(super) bake_fps: f32,
}

pub(super) struct LoadedModel {
    pub(super) name: String,
    pub(super) clips: Vec<LoadedClip>,
    pub(super) up_axis: UpAxis,
    pub(super) pixels_per_unit: f32,
}

/// Every model of an editor (see the module docs).
#[derive(Default)]
pub struct Models {
    pub(super) models: BTreeMap<u32, LoadedModel>,
    pub(super) instances: BTreeMap<u32, Instance>,
    pub(super) next_id: u32,
    pub(super) events: Vec<MarkerEvent>,
    pub(super) dropped_events: usize,
    pub(super) drawn: Vec<ClipInstance>,
    pub(super) last_frame_ms: Option<f64>,
}

impl Models {
    pub(super) fn fresh_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    pub(super) fn model(&self, id: u32) -> Result<&LoadedModel> {
        self.models
            .get(&id)
            .ok_or_else(|| arg("modelId", format!("there is no model {id}")))
    }

    pub(super) fn clip_mut(&mut self, model: u32, clip: u32) -> Result<&mut LoadedClip> {
        let m = self
            .models
            .get_mut(&model)
            .ok_or_else(|| arg("modelId", format!("there is no model {model}")))?;
        let count = m.clips.len();
        m.clips
            .get_mut(clip as usize)
            .ok_or_else(|| arg("clip", format!("clip {clip} out of range ({count} clips)")))
    }

    /// Parses, rigs and bakes every clip of a model, uploads the clips to `renderer`; returns
    /// the JSON `{id, name, counts, clips, memory, groups, warnings}`. Errors name the file, the
    /// section and the byte offset (parse) or the bake problem.
    pub fn add_model(
        &mut self,
        renderer: &mut Renderer,
        name: &str,
        bytes: &[u8],
        options_json: &str,
    ) -> Result<String> {
        let opts: ModelOptions = if options_json.trim().is_empty() {
            ModelOptions::default()
        } else {
            serde_json::from_str(options_json).map_err(|e| arg("optionsJson", e.to_string()))?
        };
        let fail = |source: sp_ms3d::Error| Error::ModelFile {
            file: name.to_owned(),
            source,
        };
        let parsed = parse(bytes).map_err(fail)?;
        let model = &parsed.model;
        let rig = Rig::new(model).map_err(fail)?;
        let clips = model_clips(model, rig.last_key_frame());
        let bake = BakeOptions {
            fps: opts.fps.unwrap_or(30.0),
            interp: opts.interp.unwrap_or_default(),
            quantize: false,
            normals: false,
        };
        let encoding = if opts.quantize.unwrap_or(true) {
            FrameEncoding::U16
        } else {
            FrameEncoding::F32
        };
        let up_axis = opts.up_axis.unwrap_or_default();
        let pixels_per_unit = match opts.pixels_per_unit {
            Some(p) => check("pixelsPerUnit", f64::from(p), 1e-6, 1e6)?,
            None => auto_pixels_per_unit(model.bind_bbox(), up_axis),
        };
        let mut warnings: Vec<sp_sim::Diagnostic> = parsed
            .warnings
            .iter()
            .map(sp_ms3d::Warning::detail)
            .collect();
        let mut loaded = Vec::new();
        let mut clip_json = Vec::new();
        let mut groups_json = Vec::new();
        let mut totals = (0usize, 0usize);
        for clip in clips {
            let mut baked = match bake_clip(model, &rig, &clip, &bake) {
                Ok(b) => b,
                Err(e) => {
                    loaded.iter().for_each(|c: &LoadedClip| {
                        renderer.remove_clip(c.id);
                    });
                    return Err(fail(e));
                }
            };
            let mut draws = Vec::with_capacity(baked.draws.len());
            for d in &baked.draws {
                let found = d
                    .texture
                    .as_deref()
                    .and_then(|t| find_texture(t, &opts.images));
                if loaded.is_empty() {
                    if let (Some(t), None) = (&d.texture, found) {
                        warnings.push(crate::error::texture_not_dropped(&d.name, t));
                    }
                    groups_json.push(ModelGroupInfo {
                        name: d.name.clone(),
                        material: d.material,
                        texture: d.texture.clone(),
                        image: found.map(str::to_owned),
                        color: d.color.map(short),
                    });
                }
                draws.push(ClipDrawRange {
                    index_start: d.first_index,
                    index_count: d.index_count,
                    material: ClipMaterial {
                        texture: found.map(str::to_owned),
                        color: d.color,
                        ..ClipMaterial::default()
                    },
                });
            }
            let frames = float_frames(&mut baked);
            let (index_bytes, uv_bytes) = (4 * baked.indices.len(), 8 * baked.uvs.len());
            let vertex_clip = VertexClip::shared_layout(
                clip.name.clone(),
                baked.bake_fps,
                true,
                baked.indices,
                baked.uvs,
                draws,
                frames,
            );
            let frame_count = vertex_clip.frames.len();
            let (per_frame, all_frames) = vertex_clip.frame_memory(encoding);
            let id = match renderer.add_clip(vertex_clip, encoding) {
                Ok(id) => id,
                Err(e) => {
                    loaded.iter().for_each(|c: &LoadedClip| {
                        renderer.remove_clip(c.id);
                    });
                    return Err(e.into());
                }
            };
            let total = all_frames + index_bytes + uv_bytes;
            totals = (totals.0 + per_frame, totals.1 + total);
            clip_json.push(ModelClipInfo {
                name: clip.name.clone(),
                frames: frame_count,
                fps: short(bake.fps),
                duration_secs: short(baked.duration_secs),
                start_frame: short(clip.start_frame),
                end_frame: short(clip.end_frame),
                bytes_per_frame: Some(per_frame),
                bytes_total: Some(total),
                markers: None,
            });
            loaded.push(LoadedClip {
                clip,
                id,
                frames: frame_count,
                bake_fps: bake.fps,
            });
        }
        let id = self.fresh_id();
        let out = AddedModel {
            id,
            name: name.to_owned(),
            counts: ModelCounts {
                vertices: model.vertices.len(),
                triangles: model.triangles.len(),
                groups: model.groups.len(),
                materials: model.materials.len(),
                joints: model.joints.len(),
            },
            clips: clip_json,
            memory: ModelMemory {
                encoding: if encoding == FrameEncoding::U16 {
                    "unorm16x4"
                } else {
                    "float32x3"
                }
                .into(),
                bytes_per_vertex_per_frame: encoding.bytes_per_vertex(),
                bytes_per_frame: totals.0,
                bytes_total: totals.1,
            },
            pixels_per_unit: short(pixels_per_unit),
            groups: groups_json,
            warnings: warnings.iter().map(|w| w.message.clone()).collect(),
            warning_details: warnings,
        };
        self.models.insert(
            id,
            LoadedModel {
                name: name.to_owned(),
                clips: loaded,
                up_axis,
                pixels_per_unit,
            },
        );
        Ok(serde_json::to_string(&out).unwrap_or_default())
    }

    /// JSON `[{name, frames, fps, durationSecs, startFrame, endFrame, markers: [{name, frame}]}]`.
    pub fn clips_json(&self, model: u32) -> Result<String> {
        let m = self.model(model)?;
        let list: Vec<ModelClipInfo> = m
            .clips
            .iter()
            .map(|c| ModelClipInfo {
                name: c.clip.name.clone(),
                frames: c.frames,
                fps: short(c.bake_fps),
                duration_secs: short(c.clip.duration_secs()),
                start_frame: short(c.clip.start_frame),
                end_frame: short(c.clip.end_frame),
                bytes_per_frame: None,
                bytes_total: None,
                markers: Some(c.clip.markers.clone()),
            })
            .collect();
        Ok(serde_json::to_string(&list).unwrap_or_default())
    }

    /// Removes a model, its clips from `renderer` and its instances.
    pub fn remove_model(&mut self, renderer: &mut Renderer, model: u32) -> Result<()> {
        let m = self
            .models
            .remove(&model)
            .ok_or_else(|| arg("modelId", format!("there is no model {model}")))?;
        for c in &m.clips {
            renderer.remove_clip(c.id);
        }
        self.instances.retain(|_, i| i.state.model != model);
        Ok(())
    }
}

/// Takes the baked frames as `float32x3` (the renderer quantises them itself); a quantised bake
/// is decoded first.
fn float_frames(baked: &mut BakedClip) -> Vec<Vec<[f32; 3]>> {
    let (frames, verts) = (baked.frame_count(), baked.vertex_count());
    match std::mem::replace(&mut baked.positions, FramePositions::F32(Vec::new())) {
        FramePositions::F32(f) => f,
        q @ FramePositions::Unorm16 { .. } => {
            baked.positions = q;
            (0..frames)
                .map(|f| {
                    (0..verts)
                        .map(|v| baked.position(f, v).unwrap_or([0.0; 3]))
                        .collect()
                })
                .collect()
        }
    }
}

/// Pixels per unit that make the bind pose 240 px across its larger projected side.
fn auto_pixels_per_unit(bbox: Option<Aabb>, up: UpAxis) -> f32 {
    let Some(b) = bbox else { return 1.0 };
    let e = b.extent();
    let side = e[0].max(if up == UpAxis::Y { e[1] } else { e[2] });
    if side.is_finite() && side > 1e-6 {
        240.0 / side
    } else {
        1.0
    }
}
