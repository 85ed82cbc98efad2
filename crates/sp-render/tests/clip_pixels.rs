//! Pixels of vertex-clip playback on a real rasteriser: wgpu's GL backend on Mesa's llvmpipe
//! (EGL, surfaceless: no display, no GPU). Each test draws a small clip off-screen and compares
//! the pixels with the CPU references of the blend table (`blend_reference`) and of the
//! two-colour tint (`fragment_reference`): per-draw blend modes, per-frame colours, tint-black
//! dark colours, and per-frame index ranges (a frame of another topology draws only its own
//! triangles and is never blended with its neighbour).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sp_render::Renderer;
use sp_render::blend::blend_reference;
use sp_render::clips::{
    ClipDrawRange, ClipFrame, ClipInstance, ClipMaterial, ClipTopology, FrameEncoding, VertexClip,
    fragment_reference, premultiplied_colors,
};
use sp_sim::document::BlendMode;

use common::{ONE_QUAD, assert_rgb, gl_lock, gl_renderer, render};

const IDENTITY: [f32; 16] = [
    1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
];

fn instance(clip: sp_render::ClipId, time_secs: f64) -> ClipInstance {
    ClipInstance {
        clip,
        time_secs,
        looping: false,
        model_to_scene: IDENTITY,
        tint: [1.0; 4],
    }
}

/// Positions and UVs of an axis-aligned quad (two triangles 0,1,2 / 2,1,3), every UV `uv`.
fn quad(x0: f32, y0: f32, x1: f32, y1: f32) -> Vec<[f32; 3]> {
    vec![[x0, y0, 0.0], [x1, y0, 0.0], [x0, y1, 0.0], [x1, y1, 0.0]]
}

const QUAD_INDICES: [u32; 6] = [0, 1, 2, 2, 1, 3];

fn material(color: [f32; 4], blend: BlendMode) -> ClipMaterial {
    ClipMaterial {
        color,
        blend,
        ..ClipMaterial::default()
    }
}

#[test]
fn each_draw_range_uses_its_own_blend_mode() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    let base = [0.2, 0.4, 0.6, 1.0];
    let over = [0.5, 0.25, 0.1, 1.0];
    let modes = [
        BlendMode::Normal,
        BlendMode::Additive,
        BlendMode::Multiply,
        BlendMode::Screen,
    ];
    // Four columns, 16 px wide: each a base quad (normal) and an overlay quad of one mode.
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    let mut draws = Vec::new();
    for (c, &mode) in modes.iter().enumerate() {
        let x0 = -32.0 + 16.0 * c as f32;
        for (layer, (color, blend)) in [(base, BlendMode::Normal), (over, mode)]
            .into_iter()
            .enumerate()
        {
            let first = positions.len() as u32;
            positions.extend(quad(x0, -20.0 + layer as f32 * 4.0, x0 + 16.0, 20.0));
            indices.extend(QUAD_INDICES.map(|i| first + i));
            draws.push(ClipDrawRange {
                index_start: (indices.len() - 6) as u32,
                index_count: 6,
                material: material(color, blend),
            });
        }
    }
    let n = positions.len();
    let clip = VertexClip::shared_layout(
        "blends".into(),
        10.0,
        false,
        indices,
        vec![[0.5, 0.5]; n],
        draws,
        vec![positions],
    );
    let id = r.add_clip(clip, FrameEncoding::F32).unwrap();
    let px = render(&mut r, &[instance(id, 0.0)]).1;
    for (c, &mode) in modes.iter().enumerate() {
        let x = -24.0 + 16.0 * c as f32;
        let want = blend_reference(mode, over, base);
        assert_rgb(px(x, 0.0), want, &format!("{mode:?} over the base"));
        // Above the overlay (y < −16) only the base is drawn.
        assert_rgb(px(x, -18.0), base, &format!("{mode:?} column, base only"));
    }
    // The additive pixel is not what normal blending gives.
    assert!((px(-8.0, 0.0)[0] - over[0]).abs() > 0.1);
}

/// One quad, frames 0..3 with their own colours (and dark colours) in `draws`.
fn coloured_frames(draws: Vec<ClipMaterial>, texture: Option<&str>) -> VertexClip {
    let frames = draws.len();
    VertexClip {
        name: "colours".into(),
        fps: 10.0,
        lit: false,
        uvs: vec![[0.5, 0.5]; 4],
        indices: QUAD_INDICES.to_vec(),
        topologies: vec![ONE_QUAD],
        draws: draws
            .into_iter()
            .map(|m| ClipDrawRange {
                index_start: 0,
                index_count: 6,
                material: ClipMaterial {
                    texture: texture.map(str::to_owned),
                    ..m
                },
            })
            .collect(),
        frames: (0..frames as u32)
            .map(|f| ClipFrame {
                topology: 0,
                first_draw: f,
                draw_count: 1,
                positions: quad(-20.0, -20.0, 20.0, 20.0),
            })
            .collect(),
    }
}

#[test]
fn each_frame_draws_its_own_colour_and_alpha() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    let red = [1.0, 0.0, 0.0, 1.0];
    let half_green = [0.0, 1.0, 0.0, 0.5];
    let clip = coloured_frames(
        vec![
            material(red, BlendMode::Normal),
            material(half_green, BlendMode::Normal),
        ],
        None,
    );
    let id = r.add_clip(clip, FrameEncoding::U16).unwrap();
    let at = |r: &mut Renderer, t: f64| render(r, &[instance(id, t)]).1(0.0, 0.0);
    assert_rgb(at(&mut r, 0.0), [1.0, 0.0, 0.0, 1.0], "frame 0: red");
    // Frame 1: half-transparent green over black.
    assert_rgb(at(&mut r, 0.1), [0.0, 0.5, 0.0, 1.0], "frame 1: half green");
    // Between them the colours blend like the positions (premultiplied mix).
    let (l0, _) = premultiplied_colors(red, [0.0; 3], [1.0; 4]);
    let (l1, _) = premultiplied_colors(half_green, [0.0; 3], [1.0; 4]);
    let mid: [f32; 4] = std::array::from_fn(|i| (l0[i] + l1[i]) / 2.0);
    let want = blend_reference(BlendMode::Normal, mid, [0.0, 0.0, 0.0, 1.0]);
    assert_rgb(at(&mut r, 0.05), want, "halfway between frames 0 and 1");
}

#[test]
fn a_dark_colour_tints_the_dark_parts_of_the_texture() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    // Opaque mid grey (straight 128 → 0.502).
    r.add_image("t/grey.png", 4, 4, [128, 128, 128, 255].repeat(16))
        .unwrap();
    let light = [1.0, 1.0, 0.5, 1.0];
    let dark = [0.9, 0.1, 0.0];
    let clip = coloured_frames(
        vec![
            material(light, BlendMode::Normal),
            ClipMaterial {
                dark,
                ..material(light, BlendMode::Normal)
            },
        ],
        Some("t/grey.png"),
    );
    let id = r.add_clip(clip, FrameEncoding::F32).unwrap();
    let texel = [128.0 / 255.0, 128.0 / 255.0, 128.0 / 255.0, 1.0];
    let plain = render(&mut r, &[instance(id, 0.0)]).1(0.0, 0.0);
    let (l, d0) = premultiplied_colors(light, [0.0; 3], [1.0; 4]);
    assert_rgb(plain, fragment_reference(texel, l, d0), "no dark colour");
    let tinted = render(&mut r, &[instance(id, 0.1)]).1(0.0, 0.0);
    let (l, d) = premultiplied_colors(light, dark, [1.0; 4]);
    let want = fragment_reference(texel, l, d);
    assert_rgb(
        tinted,
        want,
        "dark colour: (t.a − t.rgb)·dark + t.rgb·light",
    );
    assert!(
        tinted[0] - plain[0] > 0.4,
        "the dark red lifts the red channel"
    );
}

/// Topology 0: a quad on the left using the white half of a 4×1 image; topology 1: a 5-vertex fan
/// on the right using its black half with a red dark colour (red only when its own UVs are used).
fn two_topologies() -> VertexClip {
    let left = quad(-30.0, -10.0, -2.0, 10.0);
    let right = vec![
        [16.0, 0.0, 0.0],
        [2.0, -10.0, 0.0],
        [30.0, -10.0, 0.0],
        [30.0, 10.0, 0.0],
        [2.0, 10.0, 0.0],
    ];
    let white_uv = [0.125, 0.5];
    let black_uv = [0.875, 0.5];
    let image = Some("t/halves.png".to_string());
    VertexClip {
        name: "swap".into(),
        fps: 10.0,
        lit: false,
        uvs: [vec![white_uv; 4], vec![black_uv; 5]].concat(),
        indices: [
            QUAD_INDICES.to_vec(),
            vec![0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 1],
        ]
        .concat(),
        topologies: vec![
            ONE_QUAD,
            ClipTopology {
                first_vertex: 4,
                vertex_count: 5,
                first_index: 6,
                index_count: 12,
            },
        ],
        draws: vec![
            ClipDrawRange {
                index_start: 0,
                index_count: 6,
                material: ClipMaterial {
                    texture: image.clone(),
                    ..ClipMaterial::default()
                },
            },
            ClipDrawRange {
                index_start: 6,
                index_count: 12,
                material: ClipMaterial {
                    texture: image,
                    dark: [1.0, 0.0, 0.0],
                    ..ClipMaterial::default()
                },
            },
        ],
        frames: vec![
            ClipFrame {
                topology: 0,
                first_draw: 0,
                draw_count: 1,
                positions: left.clone(),
            },
            ClipFrame {
                topology: 0,
                first_draw: 0,
                draw_count: 1,
                positions: left.iter().map(|p| [p[0], p[1] + 4.0, 0.0]).collect(),
            },
            ClipFrame {
                topology: 1,
                first_draw: 1,
                draw_count: 1,
                positions: right,
            },
        ],
    }
}

#[test]
fn a_frame_of_another_topology_draws_only_its_own_triangles() {
    let _gl = gl_lock();
    for encoding in [FrameEncoding::F32, FrameEncoding::U16] {
        let mut r = gl_renderer();
        r.add_image(
            "t/halves.png",
            4,
            1,
            [
                [255, 255, 255, 255],
                [255, 255, 255, 255],
                [0, 0, 0, 255],
                [0, 0, 0, 255],
            ]
            .concat(),
        )
        .unwrap();
        let id = r.add_clip(two_topologies(), encoding).unwrap();
        let white = [1.0, 1.0, 1.0, 1.0];
        let red = [1.0, 0.0, 0.0, 1.0];
        let black = [0.0, 0.0, 0.0, 1.0];
        let what = |s: &str| format!("{encoding:?}: {s}");

        let f0 = render(&mut r, &[instance(id, 0.0)]).1;
        assert_rgb(f0(-16.0, 0.0), white, &what("frame 0 draws the left quad"));
        assert_rgb(
            f0(16.0, 0.0),
            black,
            &what("frame 0 draws nothing on the right"),
        );
        // Within one topology positions blend: halfway, the quad has moved down by 2 px.
        let f01 = render(&mut r, &[instance(id, 0.05)]).1;
        assert_rgb(f01(-16.0, -11.0), black, &what("blended edge above"));
        assert_rgb(f01(-16.0, 11.0), white, &what("blended edge below"));
        // Between frames 1 and 2 the topology changes: frame 1 alone, unblended.
        let f12 = render(&mut r, &[instance(id, 0.15)]).1;
        assert_rgb(f12(-16.0, 13.0), white, &what("frame 1 unblended"));
        assert_rgb(f12(16.0, 0.0), black, &what("nothing of frame 2 yet"));
        // Frame 2: only the fan, with its own UVs (black texel + red dark colour = red).
        let f2 = render(&mut r, &[instance(id, 0.2)]).1;
        assert_rgb(f2(16.0, 0.0), red, &what("frame 2 draws the fan"));
        assert_rgb(
            f2(-16.0, 0.0),
            black,
            &what("frame 2 does not draw the quad"),
        );
    }
}
