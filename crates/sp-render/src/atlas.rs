//! Texture atlas: every image of the scene packed into the layers of one 2D texture array.
//!
//! One texture array means one bind group for all particles, so a system with several textures
//! (random pick, flipbook) is still one instanced draw, and draw order (systems in scene order,
//! particles in their system's draw order) never has to be broken up to batch by texture.
//!
//! Layout: square pages of side `S`, the smallest power of two ≥ max(256, largest padded image)
//! capped at the device limit (≤ [`crate::image::MAX_IMAGE_SIDE_PX`]); images are placed by
//! shelf packing (tallest first), each with a [`PAD_PX`] border that repeats its edge texels so
//! bilinear filtering never reads a neighbour. An image larger than a page is box-filtered down
//! to fit (only on devices whose texture limit is below the image). UV rectangles are
//! `(x/S, y/S, (x+w)/S, (y+h)/S)`; particle sizes use the image's own pixel size, not the
//! placed size.

use std::collections::BTreeMap;

use crate::image::PremulImage;

/// Border around each placed image, in texels, filled with its edge texels.
pub const PAD_PX: u32 = 2;

/// Smallest page side.
pub const MIN_PAGE_PX: u32 = 256;

/// Where one image sits in the atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Array layer (page).
    pub layer: u32,
    /// Left edge of the image (inside its padding), texels.
    pub x: u32,
    /// Top edge of the image (inside its padding), texels.
    pub y: u32,
    /// Placed width (the image's width unless it had to shrink).
    pub width: u32,
    /// Placed height.
    pub height: u32,
}

/// What a draw needs to know about an image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AtlasEntry {
    /// Array layer.
    pub layer: u32,
    /// `(u0, v0, u1, v1)` of the image in its layer.
    pub uv_rect: [f32; 4],
    /// The image's width in pixels (particle size at scale 1).
    pub width_px: f32,
    /// The image's height in pixels.
    pub height_px: f32,
}

/// The packed layout of a set of images.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AtlasLayout {
    /// Page side in texels.
    pub page_px: u32,
    /// Number of pages (array layers), at least 1.
    pub pages: u32,
    /// Placement per image path.
    pub placements: BTreeMap<String, Placement>,
    /// Original size per image path.
    pub sizes: BTreeMap<String, (u32, u32)>,
}

impl AtlasLayout {
    /// Draw information for `path`, if the image is in the atlas.
    pub fn entry(&self, path: &str) -> Option<AtlasEntry> {
        let p = self.placements.get(path)?;
        let &(w, h) = self.sizes.get(path)?;
        let s = self.page_px as f32;
        Some(AtlasEntry {
            layer: p.layer,
            uv_rect: [
                p.x as f32 / s,
                p.y as f32 / s,
                (p.x + p.width) as f32 / s,
                (p.y + p.height) as f32 / s,
            ],
            width_px: w as f32,
            height_px: h as f32,
        })
    }
}

/// Packs `images` into pages no larger than `max_page_px` (see the module docs).
pub fn pack(images: &BTreeMap<String, PremulImage>, max_page_px: u32) -> AtlasLayout {
    let max_page_px = max_page_px.max(MIN_PAGE_PX);
    let largest = images
        .values()
        .map(|i| i.width.max(i.height) + 2 * PAD_PX)
        .max()
        .unwrap_or(0);
    let page_px = largest
        .max(MIN_PAGE_PX)
        .next_power_of_two()
        .min(max_page_px);
    let fit = page_px - 2 * PAD_PX;
    // Placed sizes (shrunk to fit a page, keeping the aspect ratio).
    let mut items: Vec<(&String, u32, u32)> = images
        .iter()
        .map(|(path, img)| {
            let (w, h) = (img.width, img.height);
            if w <= fit && h <= fit {
                (path, w, h)
            } else {
                let k = fit as f64 / f64::from(w.max(h));
                let sw = ((f64::from(w) * k).floor() as u32).clamp(1, fit);
                let sh = ((f64::from(h) * k).floor() as u32).clamp(1, fit);
                (path, sw, sh)
            }
        })
        .collect();
    items.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)).then(a.0.cmp(b.0)));

    let mut layout = AtlasLayout {
        page_px,
        pages: 1,
        ..AtlasLayout::default()
    };
    let (mut layer, mut x, mut y, mut shelf_h) = (0u32, 0u32, 0u32, 0u32);
    for (path, w, h) in items {
        let (pw, ph) = (w + 2 * PAD_PX, h + 2 * PAD_PX);
        if x + pw > page_px {
            x = 0;
            y += shelf_h;
            shelf_h = 0;
        }
        if y + ph > page_px {
            layer += 1;
            x = 0;
            y = 0;
            shelf_h = 0;
        }
        layout.placements.insert(
            path.clone(),
            Placement {
                layer,
                x: x + PAD_PX,
                y: y + PAD_PX,
                width: w,
                height: h,
            },
        );
        x += pw;
        shelf_h = shelf_h.max(ph);
    }
    layout.pages = layer + 1;
    for (path, img) in images {
        layout.sizes.insert(path.clone(), (img.width, img.height));
    }
    layout
}

/// The texels to upload for one placement: the (possibly shrunk) image with its [`PAD_PX`]
/// border of repeated edge texels. Returns `(pixels, width, height)`; the block goes at
/// `(placement.x − PAD_PX, placement.y − PAD_PX)`.
pub fn padded_block(image: &PremulImage, placement: &Placement) -> (Vec<u8>, u32, u32) {
    let placed = image.resized(placement.width, placement.height);
    let (w, h) = (placed.width as usize, placed.height as usize);
    let p = PAD_PX as usize;
    let (bw, bh) = (w + 2 * p, h + 2 * p);
    let mut out = vec![0u8; bw * bh * 4];
    for by in 0..bh {
        let sy = by.saturating_sub(p).min(h - 1);
        for bx in 0..bw {
            let sx = bx.saturating_sub(p).min(w - 1);
            let s = (sy * w + sx) * 4;
            let d = (by * bw + bx) * 4;
            out[d..d + 4].copy_from_slice(&placed.rgba[s..s + 4]);
        }
    }
    (out, bw as u32, bh as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(w: u32, h: u32, v: u8) -> PremulImage {
        PremulImage {
            width: w,
            height: h,
            rgba: vec![v; (w * h * 4) as usize],
        }
    }

    fn overlaps(a: &Placement, b: &Placement) -> bool {
        let p = PAD_PX;
        a.layer == b.layer
            && a.x - p < b.x + b.width + p
            && b.x - p < a.x + a.width + p
            && a.y - p < b.y + b.height + p
            && b.y - p < a.y + a.height + p
    }

    #[test]
    fn packs_without_overlap_inside_pages() {
        let mut images = BTreeMap::new();
        for i in 0..40u32 {
            images.insert(format!("img{i}"), img(30 + i * 3, 20 + (i * 7) % 90, 1));
        }
        let layout = pack(&images, 256);
        assert_eq!(layout.page_px, 256);
        assert!(
            layout.pages >= 2,
            "40 images of up to 150 px need several 256 px pages"
        );
        let all: Vec<_> = layout.placements.values().collect();
        for (i, a) in all.iter().enumerate() {
            assert!(a.x + a.width + PAD_PX <= 256 && a.y + a.height + PAD_PX <= 256);
            assert!(a.layer < layout.pages);
            for b in &all[i + 1..] {
                assert!(!overlaps(a, b), "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn page_grows_for_large_images_and_shrinks_what_cannot_fit() {
        let mut images = BTreeMap::new();
        images.insert("big".to_string(), img(1000, 500, 1));
        let layout = pack(&images, 4096);
        assert_eq!(layout.page_px, 1024);
        let e = layout.entry("big").unwrap();
        assert_eq!((e.width_px, e.height_px), (1000.0, 500.0));
        images.insert("huge".to_string(), img(4096, 4096, 1));
        let small_device = pack(&images, 2048);
        let p = small_device.placements["huge"];
        assert_eq!((p.width, p.height), (2044, 2044));
        // The particle size still uses the real image size.
        assert_eq!(small_device.entry("huge").unwrap().width_px, 4096.0);
        assert!(small_device.entry("missing").is_none());
    }

    #[test]
    fn padding_repeats_edges() {
        let image = PremulImage {
            width: 2,
            height: 1,
            rgba: vec![1, 1, 1, 1, 2, 2, 2, 2],
        };
        let p = Placement {
            layer: 0,
            x: 2,
            y: 2,
            width: 2,
            height: 1,
        };
        let (block, w, h) = padded_block(&image, &p);
        assert_eq!((w, h), (6, 5));
        let at = |x: usize, y: usize| block[(y * 6 + x) * 4];
        assert_eq!(at(0, 0), 1);
        assert_eq!(at(5, 4), 2);
        assert_eq!(at(2, 2), 1);
        assert_eq!(at(3, 2), 2);
    }
}
