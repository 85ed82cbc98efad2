//! The `Editor`'s models: JSON in and out around [`ModelStage`], the renderer as its clip sink.

use serde::Deserialize;
use sp_ms3d::stage::{ClipSink, ClipUpload, LoadError, LoadOptions, ModelStage, Uploaded};
use sp_ms3d::{BakedClip, FramePositions, Interp, UpAxis};
use sp_render::{
    ClipDrawRange, ClipId, ClipInstance, ClipMaterial, FrameEncoding, Renderer, VertexClip,
};

use super::{arg, short};
use crate::answers::{
    AddedModel, ModelClipInfo, ModelCounts, ModelGroupInfo, ModelMemory, ModelStats,
};
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

/// The renderer as the stage's clip sink.
struct Sink<'a> {
    renderer: &'a mut Renderer,
    encoding: FrameEncoding,
}

impl ClipSink<ClipId> for Sink<'_> {
    type Error = Error;

    fn upload(&mut self, c: ClipUpload<'_>) -> Result<Uploaded<ClipId>> {
        let mut baked = c.baked;
        let draws = baked
            .draws
            .iter()
            .zip(&c.images)
            .map(|(d, image)| ClipDrawRange {
                index_start: d.first_index,
                index_count: d.index_count,
                material: ClipMaterial {
                    texture: image.clone(),
                    color: d.color,
                    ..ClipMaterial::default()
                },
            })
            .collect();
        let frames = float_frames(&mut baked);
        let (index_bytes, uv_bytes) = (4 * baked.indices.len(), 8 * baked.uvs.len());
        let clip = VertexClip::shared_layout(
            c.clip.name.clone(),
            baked.bake_fps,
            true,
            baked.indices,
            baked.uvs,
            draws,
            frames,
        );
        let frame_count = clip.frames.len();
        let (per_frame, all_frames) = clip.frame_memory(self.encoding);
        let id = self.renderer.add_clip(clip, self.encoding)?;
        Ok(Uploaded {
            id,
            frames: frame_count,
            bytes_per_frame: per_frame,
            bytes_total: all_frames + index_bytes + uv_bytes,
        })
    }

    fn release(&mut self, id: ClipId) {
        self.renderer.remove_clip(id);
    }
}

/// The models of an editor: the core stage and the instances handed to the renderer.
#[derive(Default)]
pub struct Models {
    stage: ModelStage<ClipId>,
    drawn: Vec<ClipInstance>,
}

impl Models {
    /// `addModel`: loads the file under `key` (see [`ModelStage::add_model`]); returns the JSON
    /// `AddedModel`. Errors name the file, the section and the byte offset (parse) or the bake
    /// problem.
    pub fn add_model(
        &mut self,
        renderer: &mut Renderer,
        key: &str,
        name: &str,
        bytes: &[u8],
        options_json: &str,
    ) -> Result<String> {
        if key.is_empty() {
            return Err(arg("key", "a model is stored under a non-empty key"));
        }
        let opts: ModelOptions = if options_json.trim().is_empty() {
            ModelOptions::default()
        } else {
            serde_json::from_str(options_json).map_err(|e| arg("optionsJson", e.to_string()))?
        };
        let encoding = if opts.quantize.unwrap_or(true) {
            FrameEncoding::U16
        } else {
            FrameEncoding::F32
        };
        let load = LoadOptions {
            fps: opts.fps.unwrap_or(30.0),
            interp: opts.interp.unwrap_or_default(),
            up_axis: opts.up_axis.unwrap_or_default(),
            pixels_per_unit: opts.pixels_per_unit,
            images: opts.images,
        };
        let mut sink = Sink { renderer, encoding };
        let m = self
            .stage
            .add_model(key, name, bytes, &load, &mut sink)
            .map_err(|e| match e {
                LoadError::Model(source) => Error::ModelFile {
                    file: name.to_owned(),
                    source,
                },
                LoadError::Option(name, reason) => arg(name, reason),
                LoadError::Upload(e) => e,
            })?;
        let mut warnings = m.warnings.clone();
        for g in &m.groups {
            if let (Some(t), None) = (&g.texture, &g.image) {
                warnings.push(crate::error::texture_not_dropped(&g.name, t));
            }
        }
        let out = AddedModel {
            key: key.to_owned(),
            name: m.name.clone(),
            counts: ModelCounts {
                vertices: m.counts.vertices,
                triangles: m.counts.triangles,
                groups: m.counts.groups,
                materials: m.counts.materials,
                joints: m.counts.joints,
            },
            clips: m
                .clips
                .iter()
                .map(|c| ModelClipInfo {
                    bytes_per_frame: Some(c.bytes_per_frame),
                    bytes_total: Some(c.bytes_total),
                    markers: None,
                    ..clip_info(c)
                })
                .collect(),
            memory: ModelMemory {
                encoding: if encoding == FrameEncoding::U16 {
                    "unorm16x4"
                } else {
                    "float32x3"
                }
                .into(),
                bytes_per_vertex_per_frame: encoding.bytes_per_vertex(),
                bytes_per_frame: m.clips.iter().map(|c| c.bytes_per_frame).sum(),
                bytes_total: m.clips.iter().map(|c| c.bytes_total).sum(),
            },
            pixels_per_unit: short(m.pixels_per_unit),
            groups: m
                .groups
                .iter()
                .map(|g| ModelGroupInfo {
                    name: g.name.clone(),
                    material: g.material,
                    texture: g.texture.clone(),
                    image: g.image.clone(),
                    color: g.color.map(short),
                })
                .collect(),
            warnings: warnings.iter().map(|w| w.message.clone()).collect(),
            warning_details: warnings,
        };
        Ok(serde_json::to_string(&out).unwrap_or_default())
    }

    /// `modelClips`: JSON `ModelClipInfo[]` with the file's markers.
    pub fn clips_json(&self, key: &str) -> Result<String> {
        let m = self
            .stage
            .model(key)
            .ok_or_else(|| arg("key", format!("there is no model {key}")))?;
        let list: Vec<ModelClipInfo> = m.clips.iter().map(clip_info).collect();
        Ok(serde_json::to_string(&list).unwrap_or_default())
    }

    /// `removeModel`: forgets the model of `key` and frees its clips; whether it was loaded.
    pub fn remove_model(&mut self, renderer: &mut Renderer, key: &str) -> bool {
        match self.stage.remove_model(key) {
            Some(ids) => {
                for id in ids {
                    renderer.remove_clip(id);
                }
                true
            }
            None => false,
        }
    }

    /// The scene's model objects (from `setScene`).
    pub fn set_objects(&mut self, objects: &[sp_sim::document::ModelObject]) {
        self.stage.set_objects(objects);
    }

    /// The scene time jumped (`setTime`).
    pub fn seeked(&mut self) {
        self.stage.seeked();
    }

    /// Called by `render()` with the scene time: the instances to draw.
    pub fn frame(&mut self, time_secs: f64) -> &[ClipInstance] {
        self.drawn.clear();
        for p in self.stage.frame(time_secs) {
            self.drawn.push(ClipInstance {
                clip: p.clip,
                time_secs: p.clip_time_secs,
                looping: false,
                model_to_scene: p.model_to_scene,
                tint: [1.0; 4],
            });
        }
        &self.drawn
    }

    /// `modelEvents`: drains the marker events, JSON `MarkerEvent[]`.
    pub fn take_events_json(&mut self) -> String {
        serde_json::to_string(&self.stage.take_events()).unwrap_or_else(|_| "[]".into())
    }

    /// `modelStats`: JSON `ModelStats`.
    pub fn stats_json(&self) -> String {
        let stats = ModelStats {
            models: self.stage.keys().count(),
            instances: self.drawn.len(),
            pending_events: self.stage.pending_events(),
            dropped_events: self.stage.dropped_events(),
            keys: self.stage.keys().map(str::to_owned).collect(),
        };
        serde_json::to_string(&stats).unwrap_or_default()
    }
}

fn clip_info(c: &sp_ms3d::stage::StagedClip<ClipId>) -> ModelClipInfo {
    ModelClipInfo {
        name: c.clip.name.clone(),
        frames: c.frames,
        fps: short(c.bake_fps),
        duration_secs: short(c.clip.duration_secs()),
        start_frame: short(c.clip.start_frame),
        end_frame: short(c.clip.end_frame),
        bytes_per_frame: None,
        bytes_total: None,
        markers: Some(c.clip.markers.clone()),
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
