//! Pixels of instanced clip drawing on a real rasteriser (wgpu's GL backend on Mesa's llvmpipe,
//! like `clip_pixels.rs`): many instances of one clip at different frames and layouts each show
//! their own frame while sharing one draw per layout, and painter's order holds between
//! overlapping instances of different layouts (the waves of `sp_render::clip_waves`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sp_render::blend::blend_reference;
use sp_render::clips::{
    ClipDrawRange, ClipFrame, ClipInstance, ClipMaterial, ClipTopology, FrameEncoding, VertexClip,
    premultiplied_colors,
};
use sp_sim::document::BlendMode;

use common::{ONE_QUAD, assert_rgb, gl_lock, gl_renderer, render};

/// An instance translated to scene point (x, y).
fn at(clip: sp_render::ClipId, time_secs: f64, x: f32, y: f32) -> ClipInstance {
    ClipInstance {
        clip,
        time_secs,
        looping: false,
        model_to_scene: [
            1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, 0.0, 1.0,
        ],
        tint: [1.0; 4],
    }
}

/// A draw of one quad's six indices from `start`, in `color`.
fn quad_draw(start: u32, color: [f32; 4]) -> ClipDrawRange {
    ClipDrawRange {
        index_start: start,
        index_count: 6,
        material: ClipMaterial {
            color,
            ..ClipMaterial::default()
        },
    }
}

const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];
const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];
const WHITE: [f32; 4] = [1.0; 4];
const BLACK: [f32; 4] = [0.0, 0.0, 0.0, 1.0];

/// A 12 × 12 px square centred on the model origin; frames at 10 fps:
/// 0 red and 1 green share layout 0 (topology 0, draw runs differing only in colour),
/// 2 blue and 3 white share layout 1 (topology 1: the square with its vertices in another order
/// and with a 4 px hole column on the right, x ∈ [2, 6], left empty).
fn cells() -> VertexClip {
    let square = vec![
        [-6.0, -6.0, 0.0],
        [6.0, -6.0, 0.0],
        [-6.0, 6.0, 0.0],
        [6.0, 6.0, 0.0],
    ];
    let notched = vec![
        [-6.0, 6.0, 0.0],
        [2.0, 6.0, 0.0],
        [-6.0, -6.0, 0.0],
        [2.0, -6.0, 0.0],
    ];
    let frame = |topology, first_draw, positions: &Vec<[f32; 3]>| ClipFrame {
        topology,
        first_draw,
        draw_count: 1,
        positions: positions.clone(),
    };
    VertexClip {
        name: "cells".into(),
        fps: 10.0,
        lit: false,
        uvs: vec![[0.5, 0.5]; 8],
        indices: vec![0, 1, 2, 2, 1, 3, 0, 2, 1, 1, 2, 3],
        topologies: vec![
            ONE_QUAD,
            ClipTopology {
                first_vertex: 4,
                vertex_count: 4,
                first_index: 6,
                index_count: 6,
            },
        ],
        draws: vec![
            quad_draw(0, RED),
            quad_draw(0, GREEN),
            quad_draw(6, BLUE),
            quad_draw(6, WHITE),
        ],
        frames: vec![
            frame(0, 0, &square),
            frame(0, 1, &square),
            frame(1, 2, &notched),
            frame(1, 3, &notched),
        ],
    }
}

#[test]
fn every_instance_shows_its_own_frame_with_one_draw_per_layout() {
    let _gl = gl_lock();
    for encoding in [FrameEncoding::F32, FrameEncoding::U16] {
        let mut r = gl_renderer();
        let id = r.add_clip(cells(), encoding).unwrap();
        // Two rows of four cells, 16 px apart.
        let spots: Vec<(f32, f32)> = (0..8)
            .map(|i| (-24.0 + 16.0 * (i % 4) as f32, -8.0 + 16.0 * (i / 4) as f32))
            .collect();
        let times = [0.0, 0.1, 0.2, 0.3, 0.05, 0.0, 0.2, 0.1];
        let mut instances: Vec<ClipInstance> = spots
            .iter()
            .zip(times)
            .map(|(&(x, y), t)| at(id, t, x, y))
            .collect();
        instances[5].tint = [1.0, 1.0, 1.0, 0.5];
        let (report, px) = render(&mut r, &instances);
        let what = |i: usize, s: &str| format!("{encoding:?}, instance {i}: {s}");
        let half_red_green = {
            let (l0, _) = premultiplied_colors(RED, [0.0; 3], [1.0; 4]);
            let (l1, _) = premultiplied_colors(GREEN, [0.0; 3], [1.0; 4]);
            blend_reference(
                BlendMode::Normal,
                sp_render::clips::mix4(l0, l1, 0.5),
                BLACK,
            )
        };
        let want = [
            RED,
            GREEN,
            BLUE,
            WHITE,
            half_red_green,
            [0.5, 0.0, 0.0, 1.0],
            BLUE,
            GREEN,
        ];
        for (i, (&(x, y), w)) in spots.iter().zip(want).enumerate() {
            assert_rgb(px(x - 3.0, y), w, &what(i, "its frame's colour"));
            // Layout 1 leaves x ∈ [2, 6] empty; layout 0 covers it.
            let right = if times[i] >= 0.2 { BLACK } else { w };
            assert_rgb(px(x + 4.0, y), right, &what(i, "its frame's triangles"));
        }
        assert_rgb(px(0.0, -20.0), BLACK, "nothing between the rows");
        assert_eq!(report.clip_instances, 8, "{encoding:?}");
        // Eight instances, two layouts of one draw range each, no overlap: two draws.
        assert_eq!(report.draw_calls, 2, "{encoding:?}");
    }
}

#[test]
fn a_later_overlapping_instance_is_drawn_after_the_earlier_one() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    let id = r.add_clip(cells(), FrameEncoding::F32).unwrap();
    // Instance order decides who is on top where the two overlap (around x = −2), whichever
    // layout comes first (sorting by layout alone would draw frame 2 then frame 0 wrongly);
    // a third, separate instance shares a layout (and a draw) with the first.
    for (first, second) in [(0.2, 0.0), (0.0, 0.2), (0.1, 0.3)] {
        let colour = |t: f64| [RED, GREEN, BLUE, WHITE][(t * 10.0).round() as usize];
        let instances = [
            at(id, first, -2.0, 0.0),
            at(id, second, 2.0, 0.0),
            at(id, first, 20.0, 20.0),
        ];
        let (report, px) = render(&mut r, &instances);
        let what = format!("frame {} then frame {}", first * 10.0, second * 10.0);
        assert_rgb(
            px(-2.5, 0.0),
            colour(second),
            &format!("{what}: overlap shows the second"),
        );
        assert_rgb(
            px(-7.0, 0.0),
            colour(first),
            &format!("{what}: first's own part"),
        );
        assert_rgb(
            px(17.0, 20.0),
            colour(first),
            &format!("{what}: the separate third"),
        );
        // Waves: the first and third in wave 0 (one draw), the second in wave 1.
        assert_eq!(report.draw_calls, 2, "{what}");
    }
}

#[test]
fn adjacent_ranges_merge_into_one_draw_and_keep_their_colours() {
    let _gl = gl_lock();
    // Three 6 px wide strips of their own vertices: red, green, then blue over the green's
    // right half (drawn last: painter's order inside one merged draw).
    let strip = |x0: f32, x1: f32| {
        vec![
            [x0, -6.0, 0.0],
            [x1, -6.0, 0.0],
            [x0, 6.0, 0.0],
            [x1, 6.0, 0.0],
        ]
    };
    let quad = |v: u32| [v, v + 1, v + 2, v + 2, v + 1, v + 3];
    let clip = VertexClip::shared_layout(
        "strips".into(),
        10.0,
        false,
        [quad(0), quad(4), quad(8)].concat(),
        vec![[0.5, 0.5]; 12],
        vec![quad_draw(0, RED), quad_draw(6, GREEN), quad_draw(12, BLUE)],
        vec![[strip(-9.0, -3.0), strip(-3.0, 3.0), strip(0.0, 9.0)].concat()],
    );
    for encoding in [FrameEncoding::F32, FrameEncoding::U16] {
        let mut r = gl_renderer();
        let id = r.add_clip(clip.clone(), encoding).unwrap();
        let instances = [at(id, 0.0, -16.0, -16.0), at(id, 0.0, 12.0, 14.0)];
        let (report, px) = render(&mut r, &instances);
        for &(x, y) in &[(-16.0, -16.0), (12.0, 14.0)] {
            let what = |s: &str| format!("{encoding:?} at ({x}, {y}): {s}");
            assert_rgb(px(x - 6.0, y), RED, &what("first range"));
            assert_rgb(px(x - 1.5, y), GREEN, &what("second range"));
            assert_rgb(px(x + 1.5, y), BLUE, &what("third range over the second"));
            assert_rgb(px(x + 6.0, y), BLUE, &what("third range"));
        }
        // One draw for three ranges and two instances.
        assert_eq!(report.draw_calls, 1, "{encoding:?}");
    }
}

#[test]
fn frames_beyond_the_first_row_and_layer_of_the_data_texture_are_read() {
    let _gl = gl_lock();
    // 400 frames of a 4-vertex square: 4,800 position words (f32), 2,048-texel rows, so frame 399
    // lies in row 2, which is on the texture's second array layer. Each frame moves the square
    // by 0.05 px, frame 399 is green (the others red).
    let square = |dx: f32| {
        vec![
            [-4.0 + dx, -4.0, 0.0],
            [4.0 + dx, -4.0, 0.0],
            [-4.0 + dx, 4.0, 0.0],
            [4.0 + dx, 4.0, 0.0],
        ]
    };
    let frames = 400u32;
    let clip = VertexClip {
        name: "long".into(),
        fps: 10.0,
        lit: false,
        uvs: vec![[0.5, 0.5]; 4],
        indices: vec![0, 1, 2, 2, 1, 3],
        topologies: vec![ONE_QUAD],
        draws: (0..frames)
            .map(|f| ClipDrawRange {
                index_start: 0,
                index_count: 6,
                material: ClipMaterial {
                    color: if f == frames - 1 { GREEN } else { RED },
                    ..ClipMaterial::default()
                },
            })
            .collect(),
        frames: (0..frames)
            .map(|f| ClipFrame {
                topology: 0,
                first_draw: f,
                draw_count: 1,
                positions: square(f as f32 * 0.05),
            })
            .collect(),
    };
    for encoding in [FrameEncoding::F32, FrameEncoding::U16] {
        let mut r = gl_renderer();
        let id = r.add_clip(clip.clone(), encoding).unwrap();
        // Frame 0 at (−20, −10); frame 399 (moved by 19.95 px) placed at (−20, 10).
        let instances = [at(id, 0.0, -20.0, -10.0), at(id, 39.9, -20.0, 10.0)];
        let (_, px) = render(&mut r, &instances);
        let what = |s: &str| format!("{encoding:?}: {s}");
        assert_rgb(px(-20.0, -10.0), RED, &what("frame 0"));
        assert_rgb(px(0.0, 10.0), GREEN, &what("frame 399, moved and green"));
        assert_rgb(
            px(-20.0, 10.0),
            BLACK,
            &what("frame 399 is not at frame 0's place"),
        );
    }
}
