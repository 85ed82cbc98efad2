//! Drawing clip instances: ids, per-instance placement, the per-draw uniform block, and the
//! view matrix.
//!
//! Per instance and frame the CPU computes `model_to_clip = V · M` (column-major 4×4) with
//! `V` the view ([`view_matrix`]: `clip.xy = (p − pan)·k`, `clip.z = 0.5 − z/(2·DEPTH_RANGE_PX)`)
//! and `M` the caller's model → scene matrix, and picks the two frames to blend
//! ([`crate::clips::frame_pair`]); no vertex is touched.

/// Identifies a clip uploaded to the renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ClipId(pub u32);

/// One drawn instance of a clip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipInstance {
    /// Which clip.
    pub clip: ClipId,
    /// Clip time in seconds (the caller applies speed and start offsets).
    pub time_secs: f64,
    /// Wrap around at the end instead of holding the last frame.
    pub looping: bool,
    /// Column-major 4×4 matrix from model units to scene pixels (x right, y down); z is depth in
    /// scene pixels, larger is nearer, visible within ±[`DEPTH_RANGE_PX`].
    pub model_to_scene: [f32; 16],
    /// Straight-alpha RGBA multiplier for the whole instance.
    pub tint: [f32; 4],
}

/// Depth range of clip instances in scene pixels (`clip.z = 0.5 − z / (2·DEPTH_RANGE_PX)`).
pub const DEPTH_RANGE_PX: f32 = 100_000.0;

/// Size of the per-draw uniform block of `clip.wgsl` (`ClipDrawUniform`).
pub const CLIP_DRAW_UNIFORM_BYTES: u64 = 144;

/// `ClipDrawUniform` of `clip.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ClipDrawUniform {
    /// Column-major model → clip matrix.
    pub model_to_clip: [f32; 16],
    /// Decode offset.
    pub bbox_min: [f32; 4],
    /// Decode scale (xyz) and blend (w).
    pub bbox_extent_blend: [f32; 4],
    /// Premultiplied colour.
    pub color: [f32; 4],
    /// Atlas UV rectangle of the material.
    pub uv_rect: [f32; 4],
    /// Atlas layer in x.
    pub layer: [u32; 4],
}

/// Column-major `a · b`.
pub fn mat4_mul(a: &[f32; 16], b: &[f32; 16]) -> [f32; 16] {
    let mut out = [0.0; 16];
    for c in 0..4 {
        for r in 0..4 {
            out[c * 4 + r] = (0..4).map(|k| a[k * 4 + r] * b[c * 4 + k]).sum();
        }
    }
    out
}

/// Column-major scene → clip matrix of the view (see [`crate::view`]), depth per
/// [`DEPTH_RANGE_PX`].
pub fn view_matrix(view: &crate::view::View) -> [f32; 16] {
    let [kx, ky] = view.clip_scale();
    let kz = -0.5 / DEPTH_RANGE_PX;
    [
        kx,
        0.0,
        0.0,
        0.0, //
        0.0,
        ky,
        0.0,
        0.0, //
        0.0,
        0.0,
        kz,
        0.0, //
        -view.pan_x * kx,
        -view.pan_y * ky,
        0.5,
        1.0,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_matrix_matches_view() {
        let view = crate::view::View {
            pan_x: 10.0,
            pan_y: 20.0,
            zoom: 2.0,
            width_px: 400,
            height_px: 200,
            device_pixel_ratio: 1.0,
        };
        let m = view_matrix(&view);
        let identity = [
            1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
        ];
        assert_eq!(mat4_mul(&m, &identity), m);
        let p = [60.0f32, 70.0, 0.0, 1.0];
        let clip: Vec<f32> = (0..4)
            .map(|r| (0..4).map(|k| m[k * 4 + r] * p[k]).sum())
            .collect();
        let expect = view.scene_to_clip(60.0, 70.0);
        assert!((clip[0] - expect[0]).abs() < 1e-6 && (clip[1] - expect[1]).abs() < 1e-6);
        assert!((clip[2] - 0.5).abs() < 1e-6);
    }
}
