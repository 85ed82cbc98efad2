//! Images the renderer can draw: validation and straight → premultiplied conversion.
//!
//! Images arrive as straight-alpha RGBA8 (`width · height · 4` bytes). The renderer stores them
//! premultiplied (`c' = round(c · a / 255)`), so bilinear filtering never bleeds the colour of
//! transparent texels into edges and the fragment shader's output is premultiplied as Spine's
//! blend table expects (see [`crate::blend`]).

use crate::error::{Error, Result};

/// Largest accepted width or height, in pixels.
pub const MAX_IMAGE_SIDE_PX: u32 = 4096;

/// A validated image, premultiplied RGBA8, rows top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct PremulImage {
    /// Width in pixels (1..=[`MAX_IMAGE_SIDE_PX`]).
    pub width: u32,
    /// Height in pixels (1..=[`MAX_IMAGE_SIDE_PX`]).
    pub height: u32,
    /// `width · height · 4` bytes, premultiplied.
    pub rgba: Vec<u8>,
}

impl PremulImage {
    /// Validates a straight-alpha RGBA8 image and premultiplies it.
    ///
    /// Errors name the image: zero width or height, a side above [`MAX_IMAGE_SIDE_PX`], or a byte
    /// length different from `width · height · 4`.
    pub fn from_straight(path: &str, width: u32, height: u32, mut rgba: Vec<u8>) -> Result<Self> {
        let bad = |reason: String| Error::BadImage {
            path: path.to_string(),
            reason,
        };
        if width == 0 || height == 0 {
            return Err(bad(format!("the image is empty ({width}×{height} pixels)")));
        }
        if width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX {
            return Err(bad(format!(
                "{width}×{height} pixels is larger than the limit of {MAX_IMAGE_SIDE_PX} pixels per side"
            )));
        }
        let expected = u64::from(width) * u64::from(height) * 4;
        if rgba.len() as u64 != expected {
            return Err(bad(format!(
                "{} bytes of pixel data, expected {expected} (= {width}×{height}×4 RGBA)",
                rgba.len()
            )));
        }
        for px in rgba.chunks_exact_mut(4) {
            let a = u16::from(px[3]);
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * a + 127) / 255) as u8;
            }
        }
        Ok(PremulImage {
            width,
            height,
            rgba,
        })
    }

    /// A `side × side` opaque white square (used for flat-coloured meshes).
    pub fn white(side: u32) -> PremulImage {
        PremulImage {
            width: side,
            height: side,
            rgba: vec![255; (side * side * 4) as usize],
        }
    }

    /// Box-filtered copy scaled to `width × height` (each output texel averages the source texels
    /// its footprint covers; premultiplied data averages correctly).
    pub fn resized(&self, width: u32, height: u32) -> PremulImage {
        if width == self.width && height == self.height {
            return self.clone();
        }
        let (sw, sh) = (self.width as usize, self.height as usize);
        let (dw, dh) = (width.max(1) as usize, height.max(1) as usize);
        let mut out = vec![0u8; dw * dh * 4];
        for dy in 0..dh {
            let y0 = dy * sh / dh;
            let y1 = ((dy + 1) * sh).div_ceil(dh).clamp(y0 + 1, sh);
            for dx in 0..dw {
                let x0 = dx * sw / dw;
                let x1 = ((dx + 1) * sw).div_ceil(dw).clamp(x0 + 1, sw);
                let mut sum = [0u32; 4];
                for y in y0..y1 {
                    let row = &self.rgba[(y * sw + x0) * 4..(y * sw + x1) * 4];
                    for px in row.chunks_exact(4) {
                        for c in 0..4 {
                            sum[c] += u32::from(px[c]);
                        }
                    }
                }
                let n = ((y1 - y0) * (x1 - x0)) as u32;
                let o = (dy * dw + dx) * 4;
                for c in 0..4 {
                    out[o + c] = ((sum[c] + n / 2) / n) as u8;
                }
            }
        }
        PremulImage {
            width: dw as u32,
            height: dh as u32,
            rgba: out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premultiplies_and_validates() {
        let img = PremulImage::from_straight("a.png", 2, 1, vec![255, 128, 0, 128, 10, 20, 30, 0])
            .unwrap();
        assert_eq!(img.rgba, vec![128, 64, 0, 128, 0, 0, 0, 0]);
        let zero = PremulImage::from_straight("z.png", 0, 4, vec![])
            .unwrap_err()
            .to_string();
        assert!(zero.contains("z.png") && zero.contains("empty"), "{zero}");
        let huge = PremulImage::from_straight("h.png", 5000, 1, vec![0; 20000]).unwrap_err();
        assert!(huge.to_string().contains("4096"), "{huge}");
        let short = PremulImage::from_straight("s.png", 2, 2, vec![0; 15]).unwrap_err();
        assert!(short.to_string().contains("15 bytes") && short.to_string().contains("16"));
    }

    #[test]
    fn box_filter_averages() {
        let img = PremulImage {
            width: 2,
            height: 2,
            rgba: vec![
                0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0,
            ],
        };
        let small = img.resized(1, 1);
        assert_eq!(small.rgba, vec![128, 128, 128, 128]);
        let big = img.resized(4, 4);
        assert_eq!(big.width, 4);
        assert_eq!(&big.rgba[0..4], &[0, 0, 0, 0]);
        assert_eq!(&big.rgba[12..16], &[255, 255, 255, 255]);
    }
}
