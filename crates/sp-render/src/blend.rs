//! Slot blend modes with Spine's premultiplied-alpha semantics.
//!
//! Every fragment leaves the shader premultiplied: `out = texel_pma · (r·a, g·a, b·a, a)` where
//! `(r, g, b, a)` is the particle's tint and alpha. The blend factors are then those of the Spine
//! runtimes for premultiplied atlases (spine-webgl 4.2 `PolygonBatcher.blendModesGL`, `srcRgbPma`
//! column; the alpha channel uses source ONE and the colour's destination factor):
//!
//! | mode     | colour src  | colour dst            | alpha src | alpha dst             |
//! |----------|-------------|-----------------------|-----------|-----------------------|
//! | normal   | ONE         | ONE_MINUS_SRC_ALPHA   | ONE       | ONE_MINUS_SRC_ALPHA   |
//! | additive | ONE         | ONE                   | ONE       | ONE                   |
//! | multiply | DST_COLOR   | ONE_MINUS_SRC_ALPHA   | ONE       | ONE_MINUS_SRC_ALPHA   |
//! | screen   | ONE         | ONE_MINUS_SRC_COLOR   | ONE       | ONE_MINUS_SRC_COLOR   |

use sp_sim::document::BlendMode;
use wgpu::{BlendComponent, BlendFactor, BlendOperation, BlendState};

/// All modes, in the order of the renderer's pipeline table.
pub const ALL_BLEND_MODES: [BlendMode; 4] = [
    BlendMode::Normal,
    BlendMode::Additive,
    BlendMode::Multiply,
    BlendMode::Screen,
];

/// Index of `mode` in [`ALL_BLEND_MODES`].
pub fn blend_index(mode: BlendMode) -> usize {
    match mode {
        BlendMode::Normal => 0,
        BlendMode::Additive => 1,
        BlendMode::Multiply => 2,
        BlendMode::Screen => 3,
    }
}

/// The wgpu blend state of `mode` for premultiplied fragments (table in the module docs).
pub fn blend_state(mode: BlendMode) -> BlendState {
    let (src, dst) = match mode {
        BlendMode::Normal => (BlendFactor::One, BlendFactor::OneMinusSrcAlpha),
        BlendMode::Additive => (BlendFactor::One, BlendFactor::One),
        BlendMode::Multiply => (BlendFactor::Dst, BlendFactor::OneMinusSrcAlpha),
        BlendMode::Screen => (BlendFactor::One, BlendFactor::OneMinusSrc),
    };
    BlendState {
        color: BlendComponent {
            src_factor: src,
            dst_factor: dst,
            operation: BlendOperation::Add,
        },
        alpha: BlendComponent {
            src_factor: BlendFactor::One,
            dst_factor: dst,
            operation: BlendOperation::Add,
        },
    }
}

/// CPU reference of the blend equation for one premultiplied source over a destination
/// (both RGBA 0..1), used by tests and documentation: `src·F_src + dst·F_dst` per channel.
pub fn blend_reference(mode: BlendMode, src: [f32; 4], dst: [f32; 4]) -> [f32; 4] {
    let state = blend_state(mode);
    let factor = |f: BlendFactor, channel: usize| -> f32 {
        match f {
            BlendFactor::One => 1.0,
            BlendFactor::Zero => 0.0,
            BlendFactor::OneMinusSrcAlpha => 1.0 - src[3],
            BlendFactor::Dst => dst[channel],
            BlendFactor::OneMinusSrc => 1.0 - src[channel],
            _ => f32::NAN,
        }
    };
    let mut out = [0.0; 4];
    for (c, value) in out.iter_mut().enumerate() {
        let comp = if c == 3 { state.alpha } else { state.color };
        *value = src[c] * factor(comp.src_factor, c) + dst[c] * factor(comp.dst_factor, c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [f32; 4], b: [f32; 4]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-6)
    }

    #[test]
    fn normal_is_premultiplied_source_over() {
        // Half-transparent red (premultiplied 0.5,0,0,0.5) over opaque blue.
        let out = blend_reference(
            BlendMode::Normal,
            [0.5, 0.0, 0.0, 0.5],
            [0.0, 0.0, 1.0, 1.0],
        );
        assert!(close(out, [0.5, 0.0, 0.5, 1.0]), "{out:?}");
    }

    #[test]
    fn additive_adds_light_and_transparent_pixels_add_nothing() {
        let out = blend_reference(
            BlendMode::Additive,
            [0.25, 0.5, 0.0, 0.5],
            [0.5, 0.25, 0.0, 1.0],
        );
        assert!(close(out, [0.75, 0.75, 0.0, 1.5]), "{out:?}");
        let none = blend_reference(BlendMode::Additive, [0.0; 4], [0.3, 0.3, 0.3, 1.0]);
        assert!(close(none, [0.3, 0.3, 0.3, 1.0]));
    }

    #[test]
    fn multiply_darkens_and_white_opaque_is_identity() {
        let dst = [0.4, 0.6, 0.8, 1.0];
        let out = blend_reference(BlendMode::Multiply, [1.0, 1.0, 1.0, 1.0], dst);
        assert!(close(out, [0.4, 0.6, 0.8, 1.0]), "{out:?}");
        let grey = blend_reference(BlendMode::Multiply, [0.5, 0.5, 0.5, 1.0], dst);
        assert!(close(grey, [0.2, 0.3, 0.4, 1.0]), "{grey:?}");
    }

    #[test]
    fn screen_lightens() {
        let out = blend_reference(
            BlendMode::Screen,
            [0.5, 0.5, 0.5, 1.0],
            [0.5, 0.0, 1.0, 1.0],
        );
        assert!(close(out, [0.75, 0.5, 1.0, 1.0]), "{out:?}");
    }

    #[test]
    fn index_matches_table_order() {
        for (i, mode) in ALL_BLEND_MODES.iter().enumerate() {
            assert_eq!(blend_index(*mode), i);
        }
    }
}
