//! Baked vertex-frame clips (CPU side): validation, u16 quantisation, frame selection.
//!
//! A clip is shared indices + shared UVs + one position buffer per frame (DESIGN.md, "Vertex
//! frames"). Playback of time `t` at `fps` over `N` frames: `f = t·fps`; looping wraps
//! `f mod N` and blends the last frame into frame 0; otherwise `f` clamps to `[0, N−1]`. The
//! GPU draws frames `i = ⌊f⌋` and `j = i+1` blended by `f − i` (see `shaders/clip.wgsl`).
//!
//! Quantisation against the clip's bounding box `[min, min+extent]`:
//! `q = round((p − min) / extent · 65535)` per axis (an axis with zero extent stores 0), decoded
//! on the GPU as `min + q/65535 · extent`; the error is at most `extent / 131070` per axis.
//! Stored as `Unorm16x4` (8 bytes per vertex, w unused) against 12 for `Float32x3`.

use crate::error::{Error, Result};

/// How frame positions are stored on the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameEncoding {
    /// `Float32x3`, 12 bytes per vertex.
    F32,
    /// `Unorm16x4` against the clip's bounding box, 8 bytes per vertex.
    U16,
}

impl FrameEncoding {
    /// Bytes per vertex per frame.
    pub fn bytes_per_vertex(self) -> usize {
        match self {
            FrameEncoding::F32 => 12,
            FrameEncoding::U16 => 8,
        }
    }
}

/// Material of a draw range: an image from the renderer's images, or a flat colour.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipMaterial {
    /// Image reference (as given to `add_image`), `None` for a flat colour.
    pub texture: Option<String>,
    /// Straight-alpha RGBA multiplier (the flat colour when there is no texture).
    pub color: [f32; 4],
}

/// A range of the shared index buffer drawn with one material.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipDrawRange {
    /// First index.
    pub index_start: u32,
    /// Number of indices (a multiple of 3).
    pub index_count: u32,
    /// Material.
    pub material: ClipMaterial,
}

/// A baked clip as handed to the renderer (built by the MS3D or skeleton bakers).
#[derive(Clone, Debug, PartialEq)]
pub struct VertexClip {
    /// Name (for messages).
    pub name: String,
    /// Frames per second of the bake.
    pub fps: f32,
    /// Triangle list over the shared vertices.
    pub indices: Vec<u32>,
    /// One UV per vertex, 0..1 of the material's image (top-left origin).
    pub uvs: Vec<[f32; 2]>,
    /// Draw ranges with their materials.
    pub draws: Vec<ClipDrawRange>,
    /// Per frame, one position per vertex (model units).
    pub frames: Vec<Vec<[f32; 3]>>,
}

impl VertexClip {
    /// Checks counts and ranges; the error names the clip and the first problem.
    ///
    /// # Errors
    /// [`Error::BadClip`].
    pub fn validate(&self) -> Result<()> {
        let bad = |reason: String| {
            Err(Error::BadClip {
                name: self.name.clone(),
                reason,
            })
        };
        let vertices = self.uvs.len();
        if vertices == 0 || self.indices.is_empty() {
            return bad("the clip has no triangles".into());
        }
        if self.frames.is_empty() {
            return bad("the clip has no frames".into());
        }
        if !(self.fps.is_finite() && self.fps > 0.0) {
            return bad(format!("fps {} is not a positive number", self.fps));
        }
        if !self.indices.len().is_multiple_of(3) {
            return bad(format!(
                "{} indices is not a whole number of triangles",
                self.indices.len()
            ));
        }
        if let Some((at, &i)) = self
            .indices
            .iter()
            .enumerate()
            .find(|&(_, &i)| i as usize >= vertices)
        {
            return bad(format!(
                "index {at} is {i}, but there are only {vertices} vertices"
            ));
        }
        for (f, frame) in self.frames.iter().enumerate() {
            if frame.len() != vertices {
                return bad(format!(
                    "frame {f} has {} positions, expected {vertices}",
                    frame.len()
                ));
            }
            if frame.iter().flatten().any(|v| !v.is_finite()) {
                return bad(format!(
                    "frame {f} has a position that is not a finite number"
                ));
            }
        }
        for (d, draw) in self.draws.iter().enumerate() {
            let end = u64::from(draw.index_start) + u64::from(draw.index_count);
            if end > self.indices.len() as u64 || !draw.index_count.is_multiple_of(3) {
                return bad(format!(
                    "draw range {d} ({}+{}) is outside the {} indices or not whole triangles",
                    draw.index_start,
                    draw.index_count,
                    self.indices.len()
                ));
            }
        }
        Ok(())
    }

    /// Bounding box over all frames: `(min, extent)`.
    pub fn bbox(&self) -> ([f32; 3], [f32; 3]) {
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for p in self.frames.iter().flatten() {
            for a in 0..3 {
                lo[a] = lo[a].min(p[a]);
                hi[a] = hi[a].max(p[a]);
            }
        }
        if lo[0] > hi[0] {
            return ([0.0; 3], [0.0; 3]);
        }
        (lo, [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]])
    }

    /// Memory of the frame buffers: `(bytes per frame, bytes of all frames)`.
    pub fn frame_memory(&self, encoding: FrameEncoding) -> (usize, usize) {
        let per = self.uvs.len() * encoding.bytes_per_vertex();
        (per, per * self.frames.len())
    }
}

/// A clip's frames encoded for upload.
#[derive(Clone, Debug, PartialEq)]
pub struct EncodedFrames {
    /// Encoding.
    pub encoding: FrameEncoding,
    /// Decode offset (zero for f32).
    pub bbox_min: [f32; 3],
    /// Decode scale (one for f32).
    pub bbox_extent: [f32; 3],
    /// One byte buffer per frame.
    pub frames: Vec<Vec<u8>>,
}

/// Encodes every frame of `clip` (see the module docs for the quantisation).
pub fn encode_frames(clip: &VertexClip, encoding: FrameEncoding) -> EncodedFrames {
    match encoding {
        FrameEncoding::F32 => EncodedFrames {
            encoding,
            bbox_min: [0.0; 3],
            bbox_extent: [1.0; 3],
            frames: clip
                .frames
                .iter()
                .map(|f| bytemuck::cast_slice(f).to_vec())
                .collect(),
        },
        FrameEncoding::U16 => {
            let (min, extent) = clip.bbox();
            let frames = clip
                .frames
                .iter()
                .map(|frame| {
                    let mut out = Vec::with_capacity(frame.len() * 8);
                    for p in frame {
                        for a in 0..3 {
                            out.extend_from_slice(&quantize(p[a], min[a], extent[a]).to_le_bytes());
                        }
                        out.extend_from_slice(&0u16.to_le_bytes());
                    }
                    out
                })
                .collect();
            EncodedFrames {
                encoding,
                bbox_min: min,
                bbox_extent: extent,
                frames,
            }
        }
    }
}

/// `round((v − min) / extent · 65535)`, 0 for a flat axis.
pub fn quantize(v: f32, min: f32, extent: f32) -> u16 {
    if extent <= 0.0 {
        return 0;
    }
    (((v - min) / extent).clamp(0.0, 1.0) * 65535.0).round() as u16
}

/// Inverse of [`quantize`].
pub fn dequantize(q: u16, min: f32, extent: f32) -> f32 {
    min + f32::from(q) / 65535.0 * extent
}

/// The two frames to draw and their blend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FramePair {
    /// First frame.
    pub a: u32,
    /// Second frame.
    pub b: u32,
    /// Weight of `b`, 0..1.
    pub blend: f32,
}

/// Frames and blend at `time_secs` (see the module docs).
pub fn frame_pair(time_secs: f64, fps: f32, frame_count: u32, looping: bool) -> FramePair {
    let n = frame_count.max(1);
    let f = time_secs * f64::from(fps);
    let f = if f.is_finite() { f } else { 0.0 };
    if looping {
        let f = f.rem_euclid(f64::from(n));
        let a = (f.floor() as u32).min(n - 1);
        FramePair {
            a,
            b: (a + 1) % n,
            blend: (f - f64::from(a)) as f32,
        }
    } else {
        let f = f.clamp(0.0, f64::from(n - 1));
        let a = (f.floor() as u32).min(n - 1);
        let b = (a + 1).min(n - 1);
        FramePair {
            a,
            b,
            blend: if a == b {
                0.0
            } else {
                (f - f64::from(a)) as f32
            },
        }
    }
}

pub use crate::clip_draw::{
    CLIP_DRAW_UNIFORM_BYTES, ClipDrawUniform, ClipId, ClipInstance, DEPTH_RANGE_PX, mat4_mul,
    view_matrix,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn tri_clip(frames: Vec<Vec<[f32; 3]>>) -> VertexClip {
        VertexClip {
            name: "walk".into(),
            fps: 30.0,
            indices: vec![0, 1, 2],
            uvs: vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
            draws: vec![ClipDrawRange {
                index_start: 0,
                index_count: 3,
                material: ClipMaterial {
                    texture: None,
                    color: [1.0; 4],
                },
            }],
            frames,
        }
    }

    #[test]
    fn validation_names_the_problem() {
        let good = tri_clip(vec![vec![[0.0; 3]; 3]]);
        good.validate().unwrap();
        let mut bad = good.clone();
        bad.indices[2] = 7;
        assert!(
            bad.validate()
                .unwrap_err()
                .to_string()
                .contains("index 2 is 7")
        );
        let mut bad = good.clone();
        bad.frames.push(vec![[0.0; 3]; 2]);
        assert!(
            bad.validate()
                .unwrap_err()
                .to_string()
                .contains("frame 1 has 2 positions")
        );
        let mut bad = good.clone();
        bad.draws[0].index_count = 6;
        assert!(
            bad.validate()
                .unwrap_err()
                .to_string()
                .contains("draw range 0")
        );
        let mut bad = good;
        bad.frames.clear();
        assert!(
            bad.validate()
                .unwrap_err()
                .to_string()
                .contains("no frames")
        );
    }

    #[test]
    fn quantisation_error_is_bounded() {
        let frames = vec![
            vec![[-10.0, 0.0, 5.0], [3.3, 7.7, 5.0], [20.0, -4.0, 5.0]],
            vec![[-9.0, 1.0, 5.0], [2.2, 8.8, 5.0], [19.5, -3.0, 5.0]],
        ];
        let clip = tri_clip(frames);
        let enc = encode_frames(&clip, FrameEncoding::U16);
        assert_eq!(enc.frames[0].len(), 3 * 8);
        for (f, frame) in clip.frames.iter().enumerate() {
            for (v, p) in frame.iter().enumerate() {
                for (a, &coord) in p.iter().enumerate() {
                    let o = v * 8 + a * 2;
                    let q = u16::from_le_bytes([enc.frames[f][o], enc.frames[f][o + 1]]);
                    let back = dequantize(q, enc.bbox_min[a], enc.bbox_extent[a]);
                    let tol = enc.bbox_extent[a] / 131070.0 + 1e-5;
                    assert!((back - coord).abs() <= tol, "frame {f} vertex {v} axis {a}");
                }
            }
        }
        assert_eq!(clip.frame_memory(FrameEncoding::U16), (24, 48));
        assert_eq!(clip.frame_memory(FrameEncoding::F32), (36, 72));
        let f32s = encode_frames(&clip, FrameEncoding::F32);
        assert_eq!(f32s.frames[1].len(), 36);
    }

    #[test]
    fn frame_pairs_loop_and_clamp() {
        assert_eq!(
            frame_pair(0.0, 10.0, 4, true),
            FramePair {
                a: 0,
                b: 1,
                blend: 0.0
            }
        );
        let p = frame_pair(0.35, 10.0, 4, true);
        assert_eq!((p.a, p.b), (3, 0));
        assert!((p.blend - 0.5).abs() < 1e-5);
        let wrapped = frame_pair(0.45, 10.0, 4, true);
        assert_eq!((wrapped.a, wrapped.b), (0, 1));
        assert_eq!(
            frame_pair(9.0, 10.0, 4, false),
            FramePair {
                a: 3,
                b: 3,
                blend: 0.0
            }
        );
        assert_eq!(
            frame_pair(-1.0, 10.0, 4, false),
            FramePair {
                a: 0,
                b: 1,
                blend: 0.0
            }
        );
        assert_eq!(frame_pair(f64::NAN, 10.0, 4, true).a, 0);
    }
}
