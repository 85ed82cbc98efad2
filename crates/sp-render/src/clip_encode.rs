//! Encoding of a clip's frame positions for upload.
//!
//! Quantisation against the clip's bounding box `[min, min+extent]`:
//! `q = round((p − min) / extent · 65535)` per axis (an axis with zero extent stores 0), decoded
//! on the GPU as `min + q/65535 · extent`; the error is at most `extent / 131070` per axis.
//! Stored as four u16 (8 bytes per vertex, w unused) against 12 for three f32; the data texture
//! reads them as 32-bit words ([`crate::clip_pack`]).

use crate::clips::VertexClip;

/// How frame positions are stored on the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameEncoding {
    /// Three f32, 12 bytes per vertex.
    F32,
    /// Four u16 (x, y, z, 0) against the clip's bounding box, 8 bytes per vertex.
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
                .map(|f| bytemuck::cast_slice(&f.positions).to_vec())
                .collect(),
        },
        FrameEncoding::U16 => {
            let (min, extent) = clip.bbox();
            let frames = clip
                .frames
                .iter()
                .map(|frame| {
                    let mut out = Vec::with_capacity(frame.positions.len() * 8);
                    for p in &frame.positions {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::tri_clip;

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
            for (v, p) in frame.positions.iter().enumerate() {
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
}
