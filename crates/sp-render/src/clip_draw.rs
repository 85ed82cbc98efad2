//! Drawing clip instances: ids, per-instance placement, frame choice, the per-instance record
//! and the per-draw uniform of the instanced draws, their colours, and the view matrix.
//!
//! Per instance and frame the CPU computes `model_to_clip = V · M` (column-major 4×4) with
//! `V` the view ([`view_matrix`]: `clip.xy = (p − pan)·k`, `clip.z = 0.5 − z/(2·DEPTH_RANGE_PX)`)
//! and `M` the caller's model → scene matrix, picks the two frames to blend
//! ([`VertexClip::choose_frames`]) and writes one [`ClipInstanceGpu`]; no vertex is touched.
//! Instances whose frame `a` has the same layout ([`crate::clip_pack`]) are drawn by one
//! instanced `draw_indexed` per draw range, in painter's-order waves ([`crate::clip_waves`]).
//!
//! Frame choice: the one clock, [`sp_sim::time::Timebase::frame_pair`] at the clip's fps (loop or
//! clamp as the instance asks), gives frames `a`, `b` and the blend. When `a` and `b` have
//! different topologies (visibility or draw order changes), frame `a` is drawn alone, unblended:
//! its own index ranges, its own draws. Otherwise the positions blend, and so do the draws'
//! colours when the two frames' draw lists match range for range (same indices, image, blend).
//!
//! Colours (Spine's two-colour tint for premultiplied atlases, as spine-webgl 4.2's
//! `SkeletonRenderer` feeds its two-colour shader): with `a = color.a · tint.a`, the vertex
//! shader computes from the colour table and the instance tint `light = (r·a, g·a, b·a, a)` (colour × tint) and `dark = (dr·a, dg·a, db·a)`; the fragment
//! shader computes, for a premultiplied texel `t`,
//! `rgb = (t.a − t.rgb)·dark + t.rgb·light.rgb`, `alpha = t.a·light.a` ([`fragment_reference`]).
//! A zero dark colour reduces this to `t · light`, the single-colour tint.

use sp_sim::time::{Playback, Timebase};

use crate::clips::{ClipDrawRange, VertexClip};

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
pub const CLIP_DRAW_UNIFORM_BYTES: u64 = 80;

/// `ClipDrawUniform` of `clip.wgsl`: what is fixed for one draw range of one layout (written
/// once per draw call, never per instance).
#[repr(C)]
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ClipDrawUniform {
    /// Atlas UV rectangle of the material.
    pub uv_rect: [f32; 4],
    /// Decode offset (xyz; zero for f32 frames).
    pub bbox_min: [f32; 4],
    /// Decode scale (xyz; one for f32 frames).
    pub bbox_extent: [f32; 4],
    /// Atlas layer, lit (1) or not (0), the range's position `k` in its frame's run of draws,
    /// words per vertex (3: f32, 2: u16).
    pub info: [u32; 4],
    /// First word of the colour table in the clip's data texture (x), first word of the layout's
    /// per-vertex `k` table or `u32::MAX` to use `info`'s `k` for every vertex (y), the data
    /// texture's texels per row (z) and rows per array layer (w).
    pub color_base: [u32; 4],
}

/// Size of one per-instance record of the clip instance buffer.
pub const CLIP_INSTANCE_BYTES: u64 = 112;

/// One instance of an instanced clip draw (vertex buffer, step mode instance), written once per
/// instance and frame.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ClipInstanceGpu {
    /// Column-major model → clip matrix.
    pub model_to_clip: [f32; 16],
    /// First vertex of frame `a` and of frame `b` in the data texture, first colour-table entry
    /// of frame `a` and of frame `b` (the frames' `first_draw`).
    pub frames: [u32; 4],
    /// Position blend (weight of `b`), colour blend (0 unless the draw lists are parallel),
    /// two unused.
    pub weights: [f32; 4],
    /// Straight-alpha instance tint.
    pub tint: [f32; 4],
}

/// The two frames of a clip to draw and how (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameChoice {
    /// Frame whose topology and draws are drawn.
    pub a: u32,
    /// Frame blended into `a` (equal to `a` when not blending).
    pub b: u32,
    /// Weight of `b`, 0..1.
    pub blend: f32,
    /// Whether draw `k` of `a` blends its colours with draw `k` of `b`.
    pub blend_colors: bool,
}

impl VertexClip {
    /// Frames to draw at `time_secs` (see the module docs); `None` for a clip without frames.
    pub fn choose_frames(&self, time_secs: f64, looping: bool) -> Option<FrameChoice> {
        let clock = Timebase::new(f64::from(self.fps)).unwrap_or(Timebase::DEFAULT);
        let frames = u32::try_from(self.frames.len()).unwrap_or(u32::MAX);
        let pair = clock.frame_pair(time_secs, frames, Playback::looping(looping));
        let fa = self.frames.get(pair.a as usize)?;
        let fb = self.frames.get(pair.b as usize)?;
        if fa.topology != fb.topology {
            return Some(FrameChoice {
                a: pair.a,
                b: pair.a,
                blend: 0.0,
                blend_colors: false,
            });
        }
        let (da, db) = (
            self.frame_draws(pair.a as usize),
            self.frame_draws(pair.b as usize),
        );
        let parallel = fa.first_draw != fb.first_draw
            && da.len() == db.len()
            && da.iter().zip(db).all(|(x, y)| same_range(x, y));
        Some(FrameChoice {
            a: pair.a,
            b: pair.b,
            blend: pair.blend,
            blend_colors: parallel && pair.blend > 0.0,
        })
    }
}

fn same_range(x: &ClipDrawRange, y: &ClipDrawRange) -> bool {
    x.index_start == y.index_start
        && x.index_count == y.index_count
        && x.material.texture == y.material.texture
        && x.material.blend == y.material.blend
}

/// The shader's `(light, dark)` for a draw's straight colour, dark colour and the instance tint
/// (see the module docs; channels clamp to 0..1).
pub fn premultiplied_colors(
    color: [f32; 4],
    dark: [f32; 3],
    tint: [f32; 4],
) -> ([f32; 4], [f32; 4]) {
    let a = (color[3] * tint[3]).clamp(0.0, 1.0);
    let c = |i: usize| (color[i] * tint[i]).clamp(0.0, 1.0) * a;
    let d = |i: usize| dark[i].clamp(0.0, 1.0) * a;
    ([c(0), c(1), c(2), a], [d(0), d(1), d(2), 0.0])
}

/// CPU reference of the fragment colour of `clip.wgsl` (unlit): premultiplied texel `t`,
/// `light` and `dark` as [`premultiplied_colors`] gives them; the result is premultiplied.
pub fn fragment_reference(t: [f32; 4], light: [f32; 4], dark: [f32; 4]) -> [f32; 4] {
    let rgb = |i: usize| (t[3] - t[i]) * dark[i] + t[i] * light[i];
    [rgb(0), rgb(1), rgb(2), t[3] * light[3]]
}

/// Component-wise `a + (b − a)·w`.
pub fn mix4(a: [f32; 4], b: [f32; 4], w: f32) -> [f32; 4] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * w)
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
    use crate::clips::{ClipFrame, ClipMaterial, ClipTopology};

    /// Frames 0 and 1 share topology 0 with draw lists that differ only in colour; frame 2 has
    /// topology 1.
    fn three_frames() -> VertexClip {
        let draw = |start, count, alpha| ClipDrawRange {
            index_start: start,
            index_count: count,
            material: ClipMaterial {
                color: [1.0, 1.0, 1.0, alpha],
                ..ClipMaterial::default()
            },
        };
        let frame = |topology, first_draw, n| ClipFrame {
            topology,
            first_draw,
            draw_count: 1,
            positions: vec![[0.0; 3]; n],
        };
        VertexClip {
            name: "c".into(),
            fps: 10.0,
            lit: false,
            uvs: vec![[0.0; 2]; 6],
            indices: vec![0, 1, 2, 0, 1, 2],
            topologies: vec![
                ClipTopology {
                    first_vertex: 0,
                    vertex_count: 3,
                    first_index: 0,
                    index_count: 3,
                },
                ClipTopology {
                    first_vertex: 3,
                    vertex_count: 3,
                    first_index: 3,
                    index_count: 3,
                },
            ],
            draws: vec![draw(0, 3, 1.0), draw(0, 3, 0.5), draw(3, 3, 1.0)],
            frames: vec![frame(0, 0, 3), frame(0, 1, 3), frame(1, 2, 3)],
        }
    }

    #[test]
    fn a_topology_change_shows_the_first_frame_unblended() {
        let clip = three_frames();
        clip.validate().unwrap();
        let within = clip.choose_frames(0.05, false).unwrap();
        assert_eq!((within.a, within.b), (0, 1));
        assert!((within.blend - 0.5).abs() < 1e-5 && within.blend_colors);
        let across = clip.choose_frames(0.15, false).unwrap();
        assert_eq!(
            across,
            FrameChoice {
                a: 1,
                b: 1,
                blend: 0.0,
                blend_colors: false
            }
        );
        // Looping: frame 2 (topology 1) → frame 0 (topology 0) also steps.
        let wrap = clip.choose_frames(0.25, true).unwrap();
        assert_eq!((wrap.a, wrap.b, wrap.blend), (2, 2, 0.0));
        // Different images make the draw lists not parallel: positions blend, colours do not.
        let mut other = clip.clone();
        other.draws[1].material.texture = Some("x.png".into());
        let c = other.choose_frames(0.05, false).unwrap();
        assert!(c.blend > 0.0 && !c.blend_colors);
    }

    #[test]
    fn two_colour_tint_matches_the_formula() {
        // Half-transparent light colour, a red dark colour, a half-grey opaque texel.
        let (light, dark) = premultiplied_colors([0.5, 1.0, 1.0, 0.5], [1.0, 0.0, 0.0], [1.0; 4]);
        assert_eq!(light, [0.25, 0.5, 0.5, 0.5]);
        assert_eq!(dark, [0.5, 0.0, 0.0, 0.0]);
        let out = fragment_reference([0.5, 0.5, 0.5, 1.0], light, dark);
        // rgb = (1 − 0.5)·dark + 0.5·light
        assert_eq!(out, [0.375, 0.25, 0.25, 0.5]);
        // No dark colour: t · light.
        let plain = fragment_reference([0.5, 0.5, 0.5, 1.0], light, [0.0; 4]);
        assert_eq!(plain, [0.125, 0.25, 0.25, 0.5]);
        // The tint scales alpha, so it scales the dark colour too; colours clamp.
        let (l2, d2) =
            premultiplied_colors([2.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 0.5]);
        assert_eq!(l2, [0.5, 0.5, 0.5, 0.5]);
        assert_eq!(d2, [0.5, 0.5, 0.5, 0.0]);
        assert_eq!(
            mix4([0.0; 4], [1.0, 2.0, 3.0, 4.0], 0.5),
            [0.5, 1.0, 1.5, 2.0]
        );
    }

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
