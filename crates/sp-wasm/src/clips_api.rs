//! Baked vertex-frame clips at the boundary (generic: the MS3D and skeleton bakers convert
//! their bakes to these arrays; see `sp_render::clips` for the layout).
//!
//! - `addVertexClip(name, fps, uvs, indices, topologies, frames, positions, draws, drawColors,
//!   optionsJson) -> id`, compact typed arrays:
//!   - `uvs: Float32Array`: u,v per vertex of every topology;
//!   - `indices: Uint32Array`: triangles of every topology, relative to its first vertex;
//!   - `topologies: Uint32Array`: 4 per topology, `firstVertex, vertexCount, firstIndex,
//!     indexCount`;
//!   - `frames: Uint32Array`: 3 per frame, `topology, firstDraw, drawCount`;
//!   - `positions: Float32Array`: x,y,z per vertex of the frame's topology, frames back to back;
//!   - `draws: Uint32Array`: 4 per draw range, `indexStart` (absolute), `indexCount`, `texture`
//!     (index in `optionsJson.textures`, `0xFFFFFFFF` = flat colour), `blend` (0 normal,
//!     1 additive, 2 multiply, 3 screen);
//!   - `drawColors: Float32Array`: 7 per draw range, light `r,g,b,a` (straight alpha) and
//!     tint-black dark `r,g,b` (0,0,0 = none);
//!   - `optionsJson`: `{textures: [image path…], quantize: bool, lit: bool, trilinear: bool}`
//!     (`trilinear` samples the images through the atlas mip chain; `quantize` stores
//!     positions as u16 against the clip's bbox; `lit` shades 3D models by face normal).
//!
//!   Every length, index and number is checked (`crate::clip_arrays`, then the renderer's
//!   validation); the error names the array and the entry.
//! - `removeVertexClip(id)`, `vertexClipInfo(id) -> {bytesPerFrame, totalBytes}` (largest frame,
//!   all frames).
//! - `setClipInstances(json)`: `[{clip, timeSecs, loop, x, y, rotationDeg, scaleX, scaleY,
//!   depth, tint}]`, each drawn as scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my), depth z·1 + depth
//!   (y down, θ clockwise; pass scaleY = −1 for a y-up model). The CPU work per instance and
//!   frame is the frame pick and one matrix: no vertex is touched.
//! - `setClipInstanceArray(values: Float64Array)`: the same without JSON, 13 numbers per
//!   instance: `clip, timeSecs, loop (0|1), x, y, rotationDeg, scaleX, scaleY, depth, r, g, b, a`
//!   (the per-frame path: no string is built or parsed).

use sp_render::ClipId;
use wasm_bindgen::prelude::*;

use crate::answers::ClipMemory;
use crate::clip_arrays::{
    ClipArrays, ClipInstanceJson, ClipOptions, Placement, clip_from_arrays, instances_from_array,
};
use crate::editor::Editor;
use crate::error::Error;

#[wasm_bindgen]
impl Editor {
    /// Uploads a baked clip (see the module docs); returns its id.
    #[wasm_bindgen(js_name = addVertexClip)]
    #[allow(clippy::too_many_arguments)]
    pub fn add_vertex_clip(
        &self,
        name: String,
        fps: f32,
        uvs: &js_sys::Float32Array,
        indices: &js_sys::Uint32Array,
        topologies: &js_sys::Uint32Array,
        frames: &js_sys::Uint32Array,
        positions: &js_sys::Float32Array,
        draws: &js_sys::Uint32Array,
        draw_colors: &js_sys::Float32Array,
        options_json: &str,
    ) -> Result<u32, JsValue> {
        let options: ClipOptions =
            serde_json::from_str(options_json).map_err(|e| Error::Input {
                name: "optionsJson",
                message: e.to_string(),
            })?;
        let arrays = ClipArrays {
            uvs: uvs.to_vec(),
            indices: indices.to_vec(),
            topologies: topologies.to_vec(),
            frames: frames.to_vec(),
            positions: positions.to_vec(),
            draws: draws.to_vec(),
            draw_colors: draw_colors.to_vec(),
        };
        let trilinear = options.trilinear;
        let (clip, encoding) = clip_from_arrays(name, fps, arrays, options)?;
        let id = self.with_renderer(|r| {
            let id = r.add_clip(clip, encoding)?;
            r.set_clip_trilinear(id, trilinear);
            Ok::<_, sp_render::Error>(id)
        });
        Ok(id.map_err(Error::from)?.0)
    }

    /// Drops a clip (its instances stop drawing).
    #[wasm_bindgen(js_name = removeVertexClip)]
    pub fn remove_vertex_clip(&self, id: u32) -> bool {
        self.with_renderer(|r| r.remove_clip(ClipId(id)))
    }

    /// JSON `{bytesPerFrame, totalBytes}` of a clip's GPU frame buffers (largest frame, all).
    #[wasm_bindgen(js_name = vertexClipInfo)]
    pub fn vertex_clip_info(&self, id: u32) -> Result<String, JsValue> {
        let memory = self.with_renderer(|r| r.clip_memory(ClipId(id)));
        let (per, total) = memory.ok_or(Error::Render(sp_render::Error::UnknownClip(id)))?;
        let info = ClipMemory {
            bytes_per_frame: per,
            total_bytes: total,
        };
        Ok(serde_json::to_string(&info).unwrap_or_default())
    }

    /// Sets the clip instances drawn from now on (see the module docs).
    #[wasm_bindgen(js_name = setClipInstances)]
    pub fn set_clip_instances(&self, instances_json: &str) -> Result<(), JsValue> {
        let list: Vec<ClipInstanceJson> =
            serde_json::from_str(instances_json).map_err(|e| Error::Input {
                name: "instancesJson",
                message: e.to_string(),
            })?;
        let mut out = Vec::with_capacity(list.len());
        for (i, inst) in list.into_iter().enumerate() {
            let placement = Placement {
                clip: inst.clip,
                time_secs: inst.time_secs,
                looping: inst.looping,
                x: inst.x,
                y: inst.y,
                rotation_deg: inst.rotation_deg,
                scale_x: inst.scale_x,
                scale_y: inst.scale_y,
                depth: inst.depth,
                tint: inst.tint,
            };
            out.push(placement.instance("instancesJson", i)?);
        }
        self.set_clip_instance_list(out);
        Ok(())
    }

    /// Sets the clip instances from a `Float64Array` (see the module docs).
    #[wasm_bindgen(js_name = setClipInstanceArray)]
    pub fn set_clip_instance_array(&self, values: &js_sys::Float64Array) -> Result<(), JsValue> {
        let list = instances_from_array(&values.to_vec())?;
        self.set_clip_instance_list(list);
        Ok(())
    }
}
