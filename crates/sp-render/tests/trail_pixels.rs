//! Pixels of trail ribbons on a real rasteriser (Mesa's llvmpipe through wgpu's GL backend): a
//! particle moving right draws its trail behind it, as wide as the trail, coloured and blended
//! as set, the image's profile across it; in normal blend the particle's sprite covers its own
//! trail's head; the ribbon the GPU skins covers the pixels of the mesh skinned on the CPU.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::BTreeSet;

use sp_render::SpriteBatch;
use sp_render::scene_sprites::{add_builtin_images, build_scene_sprites};
use sp_sim::behaviour::trail::Trail;
use sp_sim::document::{
    BlendMode, Burst, ColorKey, Curve, CurveKey, Gradient, ParticleSystem, Range, Rgb, Scene,
    Transform2D,
};
use sp_sim::sim::SceneSim;

use common::{SIZE, gl_lock, gl_renderer};

fn comet(blend: BlendMode, draw_particle: bool) -> ParticleSystem {
    ParticleSystem {
        transform: Transform2D {
            x: -20.0,
            ..Transform2D::default()
        },
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(5.0),
        speed: Range::fixed(100.0),
        direction_deg: 0.0,
        spread_deg: 0.0,
        start_scale: Range::fixed(0.25),
        alpha_curve: Curve::constant(1.0),
        color_gradient: Gradient {
            keys: vec![ColorKey {
                t: 0.0,
                color: Rgb::from_u8(0, 0, 255),
            }],
        },
        textures: vec!["builtin:soft_dot".into()],
        blend,
        trail: Trail {
            enabled: true,
            length_secs: 0.3,
            width_px: 12.0,
            width_curve: Curve::default(),
            inherit_color: false,
            color_over_life: Gradient {
                keys: vec![ColorKey {
                    t: 0.0,
                    color: Rgb::from_u8(255, 0, 0),
                }],
            },
            draw_particle,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    }
}

/// Renders `system` at 0.3 s: the particle at (10, 0), its trail back to (−20, 0), 12 px wide.
fn frame(system: ParticleSystem) -> impl Fn(f32, f32) -> [f32; 4] {
    let mut r = gl_renderer();
    add_builtin_images(&mut r).expect("built-ins");
    let scene = Scene {
        systems: vec![system],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&scene);
    sim.seek(0.3);
    let mut batch = SpriteBatch::default();
    let mut missing = BTreeSet::new();
    build_scene_sprites(&sim, r.atlas_layout(), &mut batch, &mut missing);
    assert!(missing.is_empty());
    assert_eq!(batch.ribbons, 1);
    let report = r.render(&batch, &[]).expect("render");
    assert!(report.presented && report.ribbons == 1);
    assert_eq!(r.take_gpu_error(), None);
    let (w, h, rgba) = r.read_offscreen_rgba().expect("read back");
    assert_eq!((w, h), (SIZE, SIZE));
    move |x: f32, y: f32| {
        let px = (x + SIZE as f32 / 2.0).floor() as usize;
        let py = (y + SIZE as f32 / 2.0).floor() as usize;
        let o = (py * SIZE as usize + px) * 4;
        std::array::from_fn(|i| f32::from(rgba[o + i]) / 255.0)
    }
}

#[test]
fn an_additive_trail_lights_the_path_behind_the_particle() {
    let _gl = gl_lock();
    let px = frame(comet(BlendMode::Additive, false));
    // Along the middle of the trail: red at the image's full alpha (the profile is 1 at the
    // centre), nothing else.
    for x in [-15.0, -5.0, 5.0] {
        let p = px(x, 0.0);
        assert!(p[0] > 0.9 && p[1] < 0.02 && p[2] < 0.02, "({x}, 0): {p:?}");
    }
    // Across: the soft profile falls off towards the edges (6 px) and nothing outside.
    let centre = px(-5.0, 0.0)[0];
    let side = px(-5.0, 4.0)[0];
    assert!(
        side > 0.05 && side < centre - 0.1,
        "profile {centre} → {side}"
    );
    assert!(px(-5.0, 9.0)[0] < 0.02 && px(-5.0, -9.0)[0] < 0.02);
    // Ahead of the particle and beyond the tail: background.
    assert!(px(20.0, 0.0)[0] < 0.02, "ahead {:?}", px(20.0, 0.0));
    assert!(
        px(-27.0, 0.0)[0] < 0.02,
        "behind the tail {:?}",
        px(-27.0, 0.0)
    );
}

#[test]
fn the_particle_draws_over_its_trail_in_normal_blend() {
    let _gl = gl_lock();
    let px = frame(comet(BlendMode::Normal, true));
    // The blue soft dot (16 px) sits on the trail's head: blue wins at its centre.
    let head = px(10.0, 0.0);
    assert!(head[2] > 0.9 && head[0] < 0.1, "head {head:?}");
    // Further back only the red trail shows.
    let back = px(-10.0, 0.0);
    assert!(back[0] > 0.9 && back[2] < 0.02, "trail {back:?}");
}

/// A white additive trail on a curved path (gravity), tapered (`widthCurve` 1 → 0.3), two
/// rows across and tiled columns: the shape depends on every bone, every weight and every
/// bone-local `x` and `y` of the bind.
fn arc() -> ParticleSystem {
    ParticleSystem {
        transform: Transform2D {
            x: -26.0,
            y: 10.0,
            ..Transform2D::default()
        },
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(5.0),
        speed: Range::fixed(150.0),
        direction_deg: -60.0,
        spread_deg: 0.0,
        gravity: [0.0, 500.0],
        alpha_curve: Curve::constant(1.0),
        blend: BlendMode::Additive,
        trail: Trail {
            enabled: true,
            length_secs: 0.4,
            bones: 8,
            grid_rows: 2,
            grid_cols: 21,
            tile_count: 3,
            texture_mode: sp_sim::behaviour::trail::TextureMode::Tile,
            width_px: 11.0,
            width_curve: Curve {
                keys: vec![CurveKey::linear(0.0, 1.0), CurveKey::linear(1.0, 0.3)],
            },
            inherit_color: false,
            color_over_life: Gradient {
                keys: vec![ColorKey {
                    t: 0.0,
                    color: Rgb::from_u8(255, 255, 255),
                }],
            },
            alpha_over_life: Curve::constant(1.0),
            images: vec![sp_render::WHITE_IMAGE.into()],
            draw_particle: false,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    }
}

/// Whether scene point `p` lies in triangle `t` (either winding, edges included), and its
/// distance to the triangle's nearest edge.
fn in_triangle(p: [f64; 2], t: [[f64; 2]; 3]) -> (bool, f64) {
    let mut signs = [0.0; 3];
    let mut nearest = f64::INFINITY;
    for i in 0..3 {
        let (a, b) = (t[i], t[(i + 1) % 3]);
        let (ex, ey) = (b[0] - a[0], b[1] - a[1]);
        let (px, py) = (p[0] - a[0], p[1] - a[1]);
        signs[i] = ex * py - ey * px;
        let len2 = ex * ex + ey * ey;
        let f = if len2 > 0.0 {
            ((px * ex + py * ey) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        nearest = nearest.min((px - f * ex).hypot(py - f * ey));
    }
    let inside = signs.iter().all(|&s| s >= 0.0) || signs.iter().all(|&s| s <= 0.0);
    (inside, nearest)
}

#[test]
fn the_gpu_skinned_ribbon_covers_the_cpu_skinned_triangles() {
    // The ribbon the GPU skins from the chain against the triangles of the mesh skinned on the
    // CPU (`TrailMesh::skin`, f64, what the export's bind reproduces): a pixel is lit exactly
    // when its centre is inside a CPU triangle, except centres within a rasteriser's subpixel
    // step of an edge (llvmpipe snaps vertices to 1/256 px). A reversed chain, ignored weights
    // or a wrong bone-local x or y move edges by pixels and fail it. The chain at the data
    // texture's start, and across its first row's end into the second array layer (2,048 words
    // per row; 2,030 words of other trails before it).
    let _gl = gl_lock();
    for before in [0, 2030] {
        ribbon_covers_the_cpu_triangles(before);
    }
}

fn ribbon_covers_the_cpu_triangles(words_before: usize) {
    let mut r = gl_renderer();
    let scene = Scene {
        systems: vec![arc()],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&scene);
    sim.seek(0.32);
    let system = &sim.systems()[0];
    let mut frame = sp_sim::sim::trail::TrailFrame::default();
    assert!(system.trail_frame(0, &mut frame, sp_sim::sim::trail::TrailDetail::Skinned));
    let triangles: Vec<[[f64; 2]; 3]> = system
        .trail()
        .expect("the system has a trail")
        .mesh
        .triangles
        .chunks(3)
        .map(|t| std::array::from_fn(|k| frame.vertices[t[k] as usize].map(f64::from)))
        .collect();
    assert!(
        frame
            .vertices
            .iter()
            .all(|v| v[0].abs() < 30.0 && v[1].abs() < 30.0),
        "the ribbon fits the frame: {:?}",
        frame.vertices
    );
    let mut batch = SpriteBatch::default();
    batch.trail_words.resize(words_before, 0);
    let mut missing = BTreeSet::new();
    build_scene_sprites(&sim, r.atlas_layout(), &mut batch, &mut missing);
    assert!(missing.is_empty() && batch.ribbons == 1);
    assert_eq!(batch.trail_instances[0].chain as usize, words_before);
    let report = r.render(&batch, &[]).expect("render");
    assert!(report.presented && report.ribbons == 1);
    assert_eq!(r.take_gpu_error(), None);
    let (w, h, rgba) = r.read_offscreen_rgba().expect("read back");
    let (mut covered, mut mismatched, mut worst) = (0, 0, 0.0f64);
    for py in 0..h {
        for px in 0..w {
            let o = ((py * w + px) * 4) as usize;
            let lit = rgba[o] > 128;
            let centre = [
                f64::from(px) + 0.5 - f64::from(SIZE) / 2.0,
                f64::from(py) + 0.5 - f64::from(SIZE) / 2.0,
            ];
            let (mut inside, mut nearest) = (false, f64::INFINITY);
            for t in &triangles {
                let (i, d) = in_triangle(centre, *t);
                inside |= i;
                nearest = nearest.min(d);
            }
            covered += usize::from(inside);
            if lit != inside {
                mismatched += 1;
                worst = worst.max(nearest);
            }
        }
    }
    println!(
        "GPU-skinned ribbon, chain at word {words_before}: {covered} pixels covered by the CPU skin, {mismatched} differ, their centres at most {worst:e} px from a CPU edge"
    );
    assert!(covered > 150, "{covered} pixels covered");
    assert!(
        worst <= 1.0 / 128.0,
        "{mismatched} pixels differ, up to {worst} px from an edge"
    );
}
