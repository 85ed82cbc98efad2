//! Pixels of trail ribbons on a real rasteriser (Mesa's llvmpipe through wgpu's GL backend): a
//! particle moving right draws its trail behind it, as wide as the trail, coloured and blended
//! as set, the image's profile across it; in normal blend the particle's sprite covers its own
//! trail's head.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::BTreeSet;

use sp_render::SpriteBatch;
use sp_render::scene_sprites::{add_builtin_images, build_scene_sprites};
use sp_sim::behaviour::trail::Trail;
use sp_sim::document::{
    BlendMode, Burst, ColorKey, Curve, Gradient, ParticleSystem, Range, Rgb, Scene, Transform2D,
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
