//! Off-screen rendering on wgpu's `noop` backend: no pixels, but wgpu-core validates every
//! shader (naga), bind group, pipeline and draw exactly as on a real device, so a broken shader,
//! layout mismatch or out-of-range draw fails here.
#![cfg(not(target_arch = "wasm32"))]

use sp_render::clips::{ClipDrawRange, ClipInstance, ClipMaterial, FrameEncoding, VertexClip};
use sp_render::scene_sprites::{add_builtin_images, build_scene_sprites};
use sp_render::{Gpu, GpuTier, Renderer, SpriteBatch, View};
use sp_sim::document::{BlendMode, ParticleSystem, Range, Scene};
use sp_sim::sim::SceneSim;

fn noop_renderer() -> Renderer {
    let options = wgpu::BackendOptions {
        noop: wgpu::NoopBackendOptions {
            enable: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let gpu = pollster::block_on(Gpu::open_headless(wgpu::Backends::NOOP, options, 320, 240))
        .expect("noop device");
    Renderer::with_gpu(gpu)
}

fn quad_clip() -> VertexClip {
    let frame = |dx: f32| {
        vec![
            [dx, 0.0, 0.0],
            [dx + 10.0, 0.0, 1.0],
            [dx, 10.0, 2.0],
            [dx + 10.0, 10.0, 3.0],
        ]
    };
    VertexClip::shared_layout(
        "quad".into(),
        10.0,
        true,
        vec![0, 1, 2, 2, 1, 3],
        vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        vec![
            ClipDrawRange {
                index_start: 0,
                index_count: 3,
                material: ClipMaterial {
                    texture: Some("builtin:star".into()),
                    ..ClipMaterial::default()
                },
            },
            ClipDrawRange {
                index_start: 3,
                index_count: 3,
                material: ClipMaterial {
                    color: [1.0, 0.0, 0.0, 1.0],
                    blend: BlendMode::Additive,
                    ..ClipMaterial::default()
                },
            },
        ],
        vec![frame(0.0), frame(5.0), frame(10.0)],
    )
}

#[test]
fn draws_particles_grid_and_clips_without_validation_errors() {
    let mut renderer = noop_renderer();
    assert_eq!(renderer.tier(), GpuTier::Native);
    add_builtin_images(&mut renderer).unwrap();
    renderer
        .add_image("user/a.png", 3, 2, vec![200; 24])
        .unwrap();
    renderer.set_view(View {
        zoom: 1.5,
        width_px: 320,
        height_px: 240,
        ..View::default()
    });

    let scene = Scene {
        systems: [
            BlendMode::Normal,
            BlendMode::Additive,
            BlendMode::Multiply,
            BlendMode::Screen,
        ]
        .into_iter()
        .map(|blend| ParticleSystem {
            rate_per_sec: 50.0,
            lifetime_secs: Range::fixed(2.0),
            blend,
            textures: vec!["builtin:star".into(), "user/a.png".into()],
            ..ParticleSystem::default()
        })
        .collect(),
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&scene);
    sim.seek(1.0);
    let mut batch = SpriteBatch::default();
    let mut missing = Default::default();
    build_scene_sprites(&sim, renderer.atlas_layout(), &mut batch, &mut missing);
    assert!(batch.len() > 100);

    let f32_clip = renderer.add_clip(quad_clip(), FrameEncoding::F32).unwrap();
    let u16_clip = renderer.add_clip(quad_clip(), FrameEncoding::U16).unwrap();
    assert_eq!(renderer.clip_memory(u16_clip), Some((32, 96)));
    let identity = [
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    ];
    let instances: Vec<ClipInstance> = (0..5)
        .map(|i| ClipInstance {
            clip: if i % 2 == 0 { f32_clip } else { u16_clip },
            time_secs: f64::from(i) * 0.07,
            looping: i % 3 == 0,
            model_to_scene: identity,
            tint: [1.0; 4],
        })
        .collect();

    for frame in 0..3 {
        let report = renderer.render(&batch, &instances).unwrap();
        assert!(report.presented, "frame {frame}");
        assert_eq!(report.sprites as usize, batch.len());
        // grid + 5 instances × 2 ranges + 4 blend runs
        assert_eq!(report.draw_calls, 1 + 10 + 4);
        assert_eq!(renderer.take_gpu_error(), None);
    }

    // Growing the batch (buffer reallocation) and changing images (atlas rebuild) stay valid.
    sim.seek(1.9);
    batch.clear();
    build_scene_sprites(&sim, renderer.atlas_layout(), &mut batch, &mut missing);
    renderer
        .add_image("user/big.png", 900, 700, vec![255; 900 * 700 * 4])
        .unwrap();
    assert!(renderer.remove_image("user/a.png"));
    renderer.set_grid(false);
    renderer.render(&batch, &instances).unwrap();
    assert_eq!(renderer.take_gpu_error(), None);
    assert!(renderer.atlas_layout().page_px >= 1024);
}

#[test]
fn bad_images_and_clips_are_errors() {
    let mut renderer = noop_renderer();
    let e = renderer
        .add_image("x.png", 0, 0, vec![])
        .unwrap_err()
        .to_string();
    assert!(e.contains("x.png") && e.contains("empty"), "{e}");
    let e = renderer
        .add_image("x.png", 4097, 1, vec![0; 4097 * 4])
        .unwrap_err()
        .to_string();
    assert!(e.contains("4096"), "{e}");
    let e = renderer
        .add_image("x.png", 2, 2, vec![0; 3])
        .unwrap_err()
        .to_string();
    assert!(e.contains("3 bytes"), "{e}");
    let mut clip = quad_clip();
    clip.indices[4] = 9;
    let e = renderer
        .add_clip(clip, FrameEncoding::U16)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`quad`") && e.contains("index 4 (topology 0) is 9"),
        "{e}"
    );
    assert!(!renderer.has_image("x.png"));
}

#[test]
fn trail_ribbons_validate_and_draw_before_their_particles() {
    use sp_sim::behaviour::trail::Trail;
    let mut renderer = noop_renderer();
    add_builtin_images(&mut renderer).unwrap();
    let trailed = |blend, draw_particle| ParticleSystem {
        rate_per_sec: 30.0,
        lifetime_secs: Range::fixed(1.0),
        blend,
        trail: Trail {
            enabled: true,
            draw_particle,
            ..Trail::default()
        },
        ..ParticleSystem::default()
    };
    let scene = Scene {
        systems: vec![
            trailed(BlendMode::Normal, true),
            trailed(BlendMode::Additive, false),
        ],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&scene);
    sim.seek(0.8);
    let live: Vec<usize> = sim.systems().iter().map(|s| s.particles().len()).collect();
    assert!(live.iter().all(|&n| n > 10), "{live:?}");
    let mut batch = SpriteBatch::default();
    let mut missing = Default::default();
    build_scene_sprites(&sim, renderer.atlas_layout(), &mut batch, &mut missing);
    assert!(missing.is_empty(), "{missing:?}");
    // Every particle has a ribbon; only the first system draws its sprites.
    assert_eq!(batch.ribbons as usize, live[0] + live[1]);
    assert_eq!(batch.len(), live[0]);
    let kinds: Vec<_> = batch.draws.iter().map(|d| (d.kind, d.blend)).collect();
    use sp_render::DrawKind::{Sprites, Trails};
    assert_eq!(
        kinds,
        vec![
            (Trails { mesh: 0 }, BlendMode::Normal),
            (Sprites, BlendMode::Normal),
            (Trails { mesh: 1 }, BlendMode::Additive)
        ]
    );
    // Per trail only its chain: 5 words per bone.
    let bones = scene.systems[0].trail.bone_count();
    assert_eq!(batch.trail_words.len(), 5 * bones * (live[0] + live[1]));
    assert_eq!(
        batch.trail_meshes.get(1).unwrap().vertices.len(),
        scene.systems[1].trail.vertex_count()
    );
    for frame in 0..2 {
        let report = renderer.render(&batch, &[]).unwrap();
        assert!(report.presented, "frame {frame}");
        assert_eq!(report.ribbons, batch.ribbons);
        assert_eq!(report.draw_calls, 1 + 3);
        assert_eq!(renderer.take_gpu_error(), None);
    }
}
