//! Baking a clip into vertex frames for GPU playback by buffer switching.
//!
//! Layout (all plain arrays, uploaded as they are):
//! - Render vertices are the model's distinct (vertex, s, t[, normal]) corners, because MS3D
//!   stores UVs and normals per triangle corner. `source_vertices[r]` is the model vertex of
//!   render vertex `r`.
//! - `indices` (u32, triangle list) and `uvs` (`[s, t]`, origin top-left as in WebGPU) are
//!   shared by every frame. `draws` cuts `indices` into one range per group with its material.
//! - One position buffer per frame: `[f32; 3]` (12 bytes per vertex, `float32x3`) or, quantised,
//!   `[u16; 4]` against the clip's box: `p = min + q[0..3] / 65535 · (max − min)`, `q[3] = 0`
//!   (8 bytes per vertex: WebGPU has no 3-component 16-bit format, so `unorm16x4`).
//! - Optional normals per frame: `[i8; 4]` snorm (`snorm8x4`, `n = q / 127`, `q[3] = 0`).
//!
//! A clip of `d` seconds bakes `steps_covering(d) + 1` frames ([`sp_sim::time::Timebase`] at
//! `bake_fps`): frame `k` samples model frame `start + k · model_fps / bake_fps`, the last one
//! exactly the clip's end. Playback picks frames `i`, `i + 1` and a blend with the one clock
//! ([`BakedClip::timebase`]).

use glam::Mat4;
use serde::Serialize;
use sp_sim::time::Timebase;

use crate::aabb::Aabb;
use crate::clip::Clip;
use crate::mesh::build_mesh;
use crate::model::Model;
use crate::rig::{Interp, Rig};
use crate::{Error, Result};

/// Most frames one bake may produce.
pub const MAX_BAKED_FRAMES: usize = 100_000;
/// Most bytes of frame data one bake may produce.
pub const MAX_BAKED_BYTES: usize = 1 << 30;

/// How to bake.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BakeOptions {
    /// Frames per second of the baked frames (0 < fps ≤ 240).
    pub fps: f32,
    /// Position-key interpolation.
    pub interp: Interp,
    /// Store positions as `unorm16x4` against the clip's box instead of `float32x3`.
    pub quantize: bool,
    /// Also bake skinned normals (for lit rendering).
    pub normals: bool,
}

impl Default for BakeOptions {
    fn default() -> Self {
        BakeOptions {
            fps: 30.0,
            interp: Interp::default(),
            quantize: false,
            normals: false,
        }
    }
}

/// One group's slice of the index buffer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DrawRange {
    /// Group index in the model.
    pub group: usize,
    /// Group name.
    pub name: String,
    /// First index in [`BakedClip::indices`].
    pub first_index: u32,
    /// Number of indices (3 per triangle).
    pub index_count: u32,
    /// Material index, `None` for the default material.
    pub material: Option<usize>,
    /// Texture path (`/` separators) relative to the model, `None` when untextured.
    pub texture: Option<String>,
    /// Flat RGBA colour: the material's diffuse with alpha = its transparency. Use it when there
    /// is no texture or the texture is missing.
    pub color: [f32; 4],
}

/// Per-frame positions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum FramePositions {
    /// `float32x3` per render vertex, one `Vec` per frame.
    F32(Vec<Vec<[f32; 3]>>),
    /// `unorm16x4` per render vertex against `bbox`, one `Vec` per frame.
    Unorm16 {
        /// One buffer per frame.
        frames: Vec<Vec<[u16; 4]>>,
        /// The box the values are relative to.
        bbox: Aabb,
    },
}

/// A clip baked into vertex frames (see the module docs for the layout).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BakedClip {
    /// Clip name.
    pub name: String,
    /// Frames per second of the baked frames.
    pub bake_fps: f32,
    /// Clip length in seconds.
    pub duration_secs: f32,
    /// Model frame of baked frame 0.
    pub start_frame: f32,
    /// Model frame of the last baked frame.
    pub end_frame: f32,
    /// Shared triangle-list indices into the render vertices.
    pub indices: Vec<u32>,
    /// Shared UVs, one per render vertex.
    pub uvs: Vec<[f32; 2]>,
    /// Model vertex of each render vertex.
    pub source_vertices: Vec<u32>,
    /// One range per drawn group.
    pub draws: Vec<DrawRange>,
    /// Per-frame positions.
    pub positions: FramePositions,
    /// Per-frame `snorm8x4` normals when baked with normals.
    pub normals: Option<Vec<Vec<[i8; 4]>>>,
    /// Bounds of every frame's positions.
    pub bbox: Aabb,
}

impl BakedClip {
    /// Number of baked frames.
    pub fn frame_count(&self) -> usize {
        match &self.positions {
            FramePositions::F32(f) => f.len(),
            FramePositions::Unorm16 { frames, .. } => frames.len(),
        }
    }

    /// Number of render vertices.
    pub fn vertex_count(&self) -> usize {
        self.uvs.len()
    }

    /// Bytes per vertex per frame (positions, plus normals when baked).
    pub fn bytes_per_vertex_per_frame(&self) -> usize {
        let positions = match self.positions {
            FramePositions::F32(_) => 12,
            FramePositions::Unorm16 { .. } => 8,
        };
        positions + if self.normals.is_some() { 4 } else { 0 }
    }

    /// Bytes of one frame's buffers.
    pub fn bytes_per_frame(&self) -> usize {
        self.bytes_per_vertex_per_frame() * self.vertex_count()
    }

    /// Bytes of everything: all frames, indices and UVs.
    pub fn total_bytes(&self) -> usize {
        self.bytes_per_frame() * self.frame_count() + 4 * self.indices.len() + 8 * self.uvs.len()
    }

    /// The clock of the baked frames (`bake_fps`). Frames to draw at clip time `t`, with the
    /// clip's end point baked as its last frame: `timebase().frame_pair(t', frame_count,
    /// Playback::Clamp)` with `t' = wrap_secs(t, duration_secs)` when looping, else `t' = t`
    /// (see [`sp_sim::time`]).
    pub fn timebase(&self) -> Timebase {
        Timebase::new(f64::from(self.bake_fps)).unwrap_or(Timebase::DEFAULT)
    }

    /// Position of render vertex `vertex` in frame `frame`, dequantised.
    pub fn position(&self, frame: usize, vertex: usize) -> Option<[f32; 3]> {
        match &self.positions {
            FramePositions::F32(f) => f.get(frame)?.get(vertex).copied(),
            FramePositions::Unorm16 { frames, bbox } => {
                let q = frames.get(frame)?.get(vertex)?;
                let e = bbox.extent();
                Some(std::array::from_fn(|k| {
                    bbox.min[k] + f32::from(q[k]) / 65535.0 * e[k]
                }))
            }
        }
    }
}

/// Bakes `clip` of `model` (posed by `rig`).
pub fn bake_clip(
    model: &Model,
    rig: &Rig,
    clip: &Clip,
    options: &BakeOptions,
) -> Result<BakedClip> {
    if !(options.fps > 0.0 && options.fps <= 240.0) {
        return Err(Error::Bake(format!(
            "bake fps {} is outside 0 < fps ≤ 240",
            options.fps
        )));
    }
    if !(clip.end_frame >= clip.start_frame
        && clip.start_frame.is_finite()
        && clip.end_frame.is_finite())
    {
        return Err(Error::Bake(format!(
            "clip \"{}\" has no valid frame range",
            clip.name
        )));
    }
    let duration_secs = (clip.end_frame - clip.start_frame) / rig.fps();
    let clock = Timebase::new(f64::from(options.fps)).unwrap_or(Timebase::DEFAULT);
    let steps =
        clock.steps_covering(f64::from(clip.end_frame - clip.start_frame) / f64::from(rig.fps()));
    if steps >= MAX_BAKED_FRAMES as u64 {
        return Err(Error::Bake(format!(
            "clip \"{}\" would bake {steps} frames (max {MAX_BAKED_FRAMES})",
            clip.name
        )));
    }
    let frame_count = steps as usize + 1;

    let mesh = build_mesh(model, options.normals);
    let per_vertex = if options.quantize { 8 } else { 12 } + if options.normals { 4 } else { 0 };
    let bytes = frame_count
        .saturating_mul(mesh.corners.len())
        .saturating_mul(per_vertex);
    if bytes > MAX_BAKED_BYTES {
        return Err(Error::Bake(format!(
            "clip \"{}\" would need {bytes} bytes of frames",
            clip.name
        )));
    }

    let mut matrices: Vec<Mat4> = Vec::new();
    let mut skinned = vec![[0f32; 3]; rig.vertex_count()];
    let mut float_frames = Vec::with_capacity(frame_count);
    let mut normal_frames = options.normals.then(|| Vec::with_capacity(frame_count));
    let mut bbox: Option<Aabb> = None;
    for k in 0..frame_count {
        let frame = (clip.start_frame + k as f32 * rig.fps() / options.fps).min(clip.end_frame);
        rig.skin_into(frame, options.interp, &mut matrices, &mut skinned)?;
        let positions: Vec<[f32; 3]> = mesh
            .corners
            .iter()
            .map(|c| skinned.get(c.vertex as usize).copied().unwrap_or([0.0; 3]))
            .collect();
        if let Some(b) = Aabb::from_points(positions.iter().copied()) {
            bbox.get_or_insert(b).union(&b);
        }
        float_frames.push(positions);
        if let Some(frames) = normal_frames.as_mut() {
            frames.push(
                mesh.corners
                    .iter()
                    .map(|c| {
                        let n = rig.skin_normal(c.vertex as usize, c.normal, &matrices);
                        [snorm8(n[0]), snorm8(n[1]), snorm8(n[2]), 0]
                    })
                    .collect(),
            );
        }
    }
    let bbox = bbox.unwrap_or(Aabb {
        min: [0.0; 3],
        max: [0.0; 3],
    });
    let positions = if options.quantize {
        let e = bbox.extent();
        let frames = float_frames
            .iter()
            .map(|f| {
                f.iter()
                    .map(|p| {
                        std::array::from_fn(|k| {
                            if k == 3 {
                                0
                            } else {
                                unorm16(p[k], bbox.min[k], e[k])
                            }
                        })
                    })
                    .collect()
            })
            .collect();
        FramePositions::Unorm16 { frames, bbox }
    } else {
        FramePositions::F32(float_frames)
    };
    Ok(BakedClip {
        name: clip.name.clone(),
        bake_fps: options.fps,
        duration_secs,
        start_frame: clip.start_frame,
        end_frame: clip.end_frame,
        indices: mesh.indices,
        uvs: mesh.corners.iter().map(|c| c.uv).collect(),
        source_vertices: mesh.corners.iter().map(|c| c.vertex).collect(),
        draws: mesh.draws,
        positions,
        normals: normal_frames,
        bbox,
    })
}

fn unorm16(v: f32, min: f32, extent: f32) -> u16 {
    if extent.is_nan() || extent <= 0.0 || !v.is_finite() {
        return 0;
    }
    ((v - min) / extent * 65535.0).round().clamp(0.0, 65535.0) as u16
}

fn snorm8(v: f32) -> i8 {
    if !v.is_finite() {
        return 0;
    }
    (v * 127.0).round().clamp(-127.0, 127.0) as i8
}
