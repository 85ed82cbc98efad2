//! Baked vertex-frame clips at the boundary (generic: the MS3D and skeleton bakers convert
//! their bakes to these arrays).
//!
//! - `addVertexClip(name, fps, indices: Uint32Array, uvs: Float32Array, frames: Float32Array,
//!   drawsJson, quantize) -> id`: `frames` holds every frame's positions back to back
//!   (`frameCount · vertexCount · 3` floats, `vertexCount = uvs.length / 2`); `drawsJson` is
//!   `[{indexStart, indexCount, texture: string|null, color: [r,g,b,a]}]` (`[]` = one white
//!   range over all indices); `quantize` stores positions as u16 against the clip's bbox.
//! - `removeVertexClip(id)`, `vertexClipInfo(id) -> {vertices, triangles, frames,
//!   bytesPerFrame, totalBytes, encoding}`.
//! - `setClipInstances(json)`: `[{clip, timeSecs, loop, x, y, rotationDeg, scaleX, scaleY,
//!   depth, tint}]`, each drawn as scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my), depth z·1 + depth
//!   (y down, θ clockwise; pass scaleY = −1 for a y-up model). The CPU work per instance and
//!   frame is the frame pick and one matrix: no vertex is touched.

use serde::Deserialize;
use sp_render::{ClipDrawRange, ClipId, ClipInstance, ClipMaterial, FrameEncoding, VertexClip};
use wasm_bindgen::prelude::*;

use crate::editor::Editor;
use crate::error::Error;

fn js(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

fn arg(name: &'static str, reason: String) -> JsError {
    js(Error::Argument { name, reason })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DrawJson {
    index_start: u32,
    index_count: u32,
    #[serde(default)]
    texture: Option<String>,
    #[serde(default = "white")]
    color: [f32; 4],
}

fn white() -> [f32; 4] {
    [1.0; 4]
}

fn one() -> f32 {
    1.0
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct InstanceJson {
    clip: u32,
    #[serde(default)]
    time_secs: f64,
    #[serde(default, rename = "loop")]
    looping: bool,
    #[serde(default)]
    x: f32,
    #[serde(default)]
    y: f32,
    #[serde(default)]
    rotation_deg: f32,
    #[serde(default = "one")]
    scale_x: f32,
    #[serde(default = "one")]
    scale_y: f32,
    #[serde(default)]
    depth: f32,
    #[serde(default = "white")]
    tint: [f32; 4],
}

#[wasm_bindgen]
impl Editor {
    /// Uploads a baked clip (see the module docs); returns its id.
    #[wasm_bindgen(js_name = addVertexClip)]
    #[allow(clippy::too_many_arguments)]
    pub fn add_vertex_clip(
        &self,
        name: String,
        fps: f32,
        indices: &js_sys::Uint32Array,
        uvs: &js_sys::Float32Array,
        frames: &js_sys::Float32Array,
        draws_json: &str,
        quantize: bool,
    ) -> Result<u32, JsError> {
        let uv_floats = uvs.length() as usize;
        if uv_floats == 0 || !uv_floats.is_multiple_of(2) {
            return Err(arg(
                "uvs",
                format!("{uv_floats} floats is not a positive even count"),
            ));
        }
        let vertices = uv_floats / 2;
        let per_frame = vertices * 3;
        let frame_floats = frames.length() as usize;
        if frame_floats == 0 || !frame_floats.is_multiple_of(per_frame) {
            return Err(arg(
                "frames",
                format!(
                    "{frame_floats} floats is not a whole number of frames of {vertices} vertices × 3"
                ),
            ));
        }
        let draws: Vec<DrawJson> =
            serde_json::from_str(draws_json).map_err(|e| arg("drawsJson", e.to_string()))?;
        let indices = indices.to_vec();
        let draws = if draws.is_empty() {
            vec![ClipDrawRange {
                index_start: 0,
                index_count: indices.len() as u32,
                material: ClipMaterial {
                    texture: None,
                    color: [1.0; 4],
                },
            }]
        } else {
            draws
                .into_iter()
                .map(|d| ClipDrawRange {
                    index_start: d.index_start,
                    index_count: d.index_count,
                    material: ClipMaterial {
                        texture: d.texture,
                        color: d.color,
                    },
                })
                .collect()
        };
        let uvs: Vec<[f32; 2]> = uvs.to_vec().chunks_exact(2).map(|c| [c[0], c[1]]).collect();
        let flat = frames.to_vec();
        let frames = flat
            .chunks_exact(per_frame)
            .map(|f| f.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect())
            .collect();
        let clip = VertexClip {
            name,
            fps,
            indices,
            uvs,
            draws,
            frames,
        };
        let encoding = if quantize {
            FrameEncoding::U16
        } else {
            FrameEncoding::F32
        };
        self.with_renderer(|r| r.add_clip(clip, encoding))
            .map(|id| id.0)
            .map_err(|e| js(e.into()))
    }

    /// Drops a clip (its instances stop drawing).
    #[wasm_bindgen(js_name = removeVertexClip)]
    pub fn remove_vertex_clip(&self, id: u32) -> bool {
        self.with_renderer(|r| r.remove_clip(ClipId(id)))
    }

    /// JSON `{bytesPerFrame, totalBytes}` of a clip's GPU frame buffers.
    #[wasm_bindgen(js_name = vertexClipInfo)]
    pub fn vertex_clip_info(&self, id: u32) -> Result<String, JsError> {
        let memory = self.with_renderer(|r| r.clip_memory(ClipId(id)));
        let (per, total) =
            memory.ok_or_else(|| js(Error::Render(sp_render::Error::UnknownClip(id))))?;
        Ok(serde_json::json!({ "bytesPerFrame": per, "totalBytes": total }).to_string())
    }

    /// Sets the clip instances drawn from now on (see the module docs).
    #[wasm_bindgen(js_name = setClipInstances)]
    pub fn set_clip_instances(&self, instances_json: &str) -> Result<(), JsError> {
        let list: Vec<InstanceJson> = serde_json::from_str(instances_json)
            .map_err(|e| arg("instancesJson", e.to_string()))?;
        let mut out = Vec::with_capacity(list.len());
        for (i, inst) in list.into_iter().enumerate() {
            let numbers = [
                inst.x,
                inst.y,
                inst.rotation_deg,
                inst.scale_x,
                inst.scale_y,
                inst.depth,
            ];
            if !inst.time_secs.is_finite() || numbers.iter().any(|v| !v.is_finite()) {
                return Err(arg(
                    "instancesJson",
                    format!("[{i}] has a number that is not finite"),
                ));
            }
            let (s, c) = inst.rotation_deg.to_radians().sin_cos();
            let (sx, sy) = (inst.scale_x, inst.scale_y);
            out.push(ClipInstance {
                clip: ClipId(inst.clip),
                time_secs: inst.time_secs,
                looping: inst.looping,
                model_to_scene: [
                    c * sx,
                    s * sx,
                    0.0,
                    0.0, //
                    -s * sy,
                    c * sy,
                    0.0,
                    0.0, //
                    0.0,
                    0.0,
                    1.0,
                    0.0, //
                    inst.x,
                    inst.y,
                    inst.depth,
                    1.0,
                ],
                tint: inst.tint,
            });
        }
        self.set_clip_instance_list(out);
        Ok(())
    }
}
