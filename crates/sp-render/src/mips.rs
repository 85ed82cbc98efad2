//! Mip chains for the atlas layers (the "force trilinear mipmaps on atlas pages" option: Spine
//! atlas pages drawn much smaller than their size shimmer without mips).
//!
//! Level `k + 1` is the 2×2 box filter of level `k` on premultiplied RGBA8 (averaging
//! premultiplied values is what keeps transparent texels from darkening their neighbours):
//! `dst(x, y) = round(Σ src(2x + i, 2y + j) / 4)`, `i, j ∈ {0, 1}`, clamped at the edge for odd
//! sizes, down to 1×1. Layers are square powers of two, so every level halves exactly.

/// Number of levels of a full chain for a square side `side_px`: `⌊log2 side⌋ + 1`.
pub fn level_count(side_px: u32) -> u32 {
    32 - side_px.max(1).leading_zeros()
}

/// The next level of `src` (`w × h`, RGBA8 premultiplied): `(pixels, w', h')` with
/// `w' = max(1, w / 2)`, `h' = max(1, h / 2)` (see the module formula).
pub fn downsample(src: &[u8], w: u32, h: u32) -> (Vec<u8>, u32, u32) {
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    let (w, h) = (w as usize, h as usize);
    let mut out = vec![0u8; nw as usize * nh as usize * 4];
    for y in 0..nh as usize {
        let (y0, y1) = ((2 * y).min(h - 1), (2 * y + 1).min(h - 1));
        for x in 0..nw as usize {
            let (x0, x1) = ((2 * x).min(w - 1), (2 * x + 1).min(w - 1));
            for c in 0..4 {
                let sum = u32::from(src[(y0 * w + x0) * 4 + c])
                    + u32::from(src[(y0 * w + x1) * 4 + c])
                    + u32::from(src[(y1 * w + x0) * 4 + c])
                    + u32::from(src[(y1 * w + x1) * 4 + c]);
                out[(y * nw as usize + x) * 4 + c] = ((sum + 2) / 4) as u8;
            }
        }
    }
    (out, nw, nh)
}

/// Every level after the first of a `side × side` layer, smallest last.
pub fn chain(level0: &[u8], side_px: u32) -> Vec<(Vec<u8>, u32)> {
    let mut out = Vec::new();
    let (mut cur, mut side) = (level0.to_vec(), side_px);
    while side > 1 {
        let (next, s, _) = downsample(&cur, side, side);
        out.push((next.clone(), s));
        cur = next;
        side = s;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_of_a_power_of_two() {
        assert_eq!(level_count(1), 1);
        assert_eq!(level_count(256), 9);
        assert_eq!(level_count(2048), 12);
    }

    #[test]
    fn box_filter_averages_premultiplied_texels() {
        // 2×2: opaque red, transparent, opaque red, transparent → half-transparent red (premultiplied).
        let src = [255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0];
        let (out, w, h) = downsample(&src, 2, 2);
        assert_eq!((w, h), (1, 1));
        assert_eq!(out, vec![128, 0, 0, 128]);
    }

    #[test]
    fn a_chain_ends_at_one_texel_with_the_layer_mean() {
        let side = 8u32;
        let mut level0 = vec![0u8; (side * side * 4) as usize];
        for (i, px) in level0.chunks_mut(4).enumerate() {
            let v = if i % 2 == 0 { 200 } else { 100 };
            px.copy_from_slice(&[v, v, v, 255]);
        }
        let levels = chain(&level0, side);
        assert_eq!(
            levels.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
            [4, 2, 1]
        );
        assert_eq!(levels[2].0, vec![150, 150, 150, 255]);
    }
}
