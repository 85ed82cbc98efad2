//! Pixels of the collider and path outlines (`scene_gizmos`) on a real rasteriser (wgpu's GL
//! backend on Mesa's llvmpipe, as `clip_pixels.rs`): a visible collider line is drawn in its
//! colour where the simulation has it, on top of the particles, a hidden one is not drawn, and
//! the line keeps its width in screen pixels at any zoom. The outlines go through the sprite
//! batch the particles use, the one path both tiers (WebGPU, WebGL2) draw with.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sp_render::blend::blend_reference;
use sp_render::scene_gizmos::{COLLIDER_COLOR, PATH_COLOR, SceneGizmos};
use sp_render::{Renderer, SpriteBatch, SpriteInstance, View, WHITE_IMAGE};
use sp_sim::document::{BlendMode, Collider, ColliderShape, PathKind, PathObject, Scene};

use common::{SIZE, assert_rgb, gl_lock, gl_renderer};

/// Renders `batch`; returns the pixel (RGBA 0..1) at a device pixel `(col, row)`.
fn frame(r: &mut Renderer, batch: &SpriteBatch) -> impl Fn(usize, usize) -> [f32; 4] + use<> {
    let report = r.render(batch, &[]).expect("render");
    assert!(report.presented);
    assert_eq!(r.take_gpu_error(), None);
    let (w, h, rgba) = r.read_offscreen_rgba().expect("read back the frame");
    assert_eq!((w, h), (SIZE, SIZE));
    move |col, row| {
        let o = (row * SIZE as usize + col) * 4;
        std::array::from_fn(|i| f32::from(rgba[o + i]) / 255.0)
    }
}

/// Straight RGBA8 over black with normal blending.
fn over_black(color: [u8; 4]) -> [f32; 4] {
    let a = f32::from(color[3]) / 255.0;
    let src = [0, 1, 2].map(|i| f32::from(color[i]) / 255.0 * a);
    blend_reference(
        BlendMode::Normal,
        [src[0], src[1], src[2], a],
        [0.0, 0.0, 0.0, 1.0],
    )
}

fn is_black(p: [f32; 4]) -> bool {
    p[..3].iter().all(|&c| c < 1.5 / 255.0)
}

/// A level floor at y = 10 from x = −20 to 20, a hidden wall at x = 10, a path at y = −12.
fn scene() -> Scene {
    Scene {
        colliders: vec![
            Collider {
                name: "floor".into(),
                shape: ColliderShape::Segment {
                    a: [-20.0, 10.0],
                    b: [20.0, 10.0],
                },
                ..Collider::default()
            },
            Collider {
                name: "hidden".into(),
                visible: false,
                shape: ColliderShape::Segment {
                    a: [10.0, -30.0],
                    b: [10.0, 30.0],
                },
                ..Collider::default()
            },
        ],
        paths: vec![PathObject {
            name: "route".into(),
            kind: PathKind::Polyline,
            points: vec![[-24.0, -12.0], [24.0, -12.0]],
            ..PathObject::default()
        }],
        ..Scene::default()
    }
}

#[test]
fn a_visible_collider_line_is_drawn_on_top_and_a_hidden_one_is_not() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    let gizmos = SceneGizmos::from_scene(&scene());
    // A white "particle" square under the floor line, 8 px wide, around x = −10.
    let white = r.atlas_layout().entry(WHITE_IMAGE).expect("white image");
    let mut batch = SpriteBatch::default();
    batch.push(
        BlendMode::Normal,
        SpriteInstance {
            position: [-10.0, 10.0],
            size: [8.0, 8.0],
            anchor: [0.5, 0.5],
            rotation_rad: 0.0,
            layer: white.layer,
            uv_rect: white.uv_rect,
            color: [255, 255, 255, 255],
        },
    );
    gizmos.push_sprites(r.atlas_layout(), 1.0, &mut batch);
    let px = frame(&mut r, &batch);
    // Scene (x, y) is device pixel (x + 32, y + 32) at zoom 1; the 1.5 px line centred on y = 10
    // covers the centres of rows 41 (y 9.5) and 42 (y 10.5).
    let floor = over_black(COLLIDER_COLOR);
    for col in [28, 36, 40, 46] {
        assert_rgb(px(col, 42), floor, &format!("floor line, column {col}"));
    }
    // Above and below the line, and past its ends: nothing.
    for (col, row) in [(30, 38), (30, 45), (8, 42), (56, 42)] {
        assert!(is_black(px(col, row)), "({col}, {row}) {:?}", px(col, row));
    }
    // Over the particle the line is drawn on top: the floor colour over white.
    let a = f32::from(COLLIDER_COLOR[3]) / 255.0;
    let src = [0, 1, 2].map(|i| f32::from(COLLIDER_COLOR[i]) / 255.0 * a);
    let on_white = blend_reference(
        BlendMode::Normal,
        [src[0], src[1], src[2], a],
        [1.0, 1.0, 1.0, 1.0],
    );
    assert_rgb(px(22, 42), on_white, "the line over the particle");
    assert_rgb(px(22, 45), [1.0; 4], "the particle below the line");
    // The hidden wall at x = 10 (column 42) is not drawn, away from the floor and the path.
    for row in [4, 30, 55] {
        assert!(is_black(px(42, row)), "hidden wall at row {row}");
    }
    // The path at y = −12 (row 20) is drawn in its own colour.
    assert_rgb(px(30, 20), over_black(PATH_COLOR), "path line");
}

#[test]
fn the_line_keeps_its_screen_width_when_zoomed() {
    let _gl = gl_lock();
    let mut r = gl_renderer();
    let gizmos = SceneGizmos::from_scene(&scene());
    for zoom in [0.5f32, 4.0] {
        r.set_view(View {
            zoom,
            pan_y: 8.0,
            width_px: SIZE,
            height_px: SIZE,
            ..View::default()
        });
        let mut batch = SpriteBatch::default();
        gizmos.push_sprites(r.atlas_layout(), zoom, &mut batch);
        let px = frame(&mut r, &batch);
        // The floor (y = 10) is at row 32 + (10 − 8)·zoom; count lit rows in column 30.
        let centre = (32.0 + 2.0 * zoom) as usize;
        let lit = (centre - 4..centre + 4)
            .filter(|&row| !is_black(px(30, row)))
            .count();
        assert!(
            (1..=2).contains(&lit),
            "zoom {zoom}: the line covers {lit} rows (1.5 px wide on screen)"
        );
        assert_rgb(
            px(30, centre),
            over_black(COLLIDER_COLOR),
            &format!("zoom {zoom}: line at row {centre}"),
        );
    }
}
