//! Round trip: any valid document → JSON → document is identical (bounded proptest).

use proptest::prelude::*;
use sp_sim::behaviour::trail::{ImagePick, LengthMode, TextureMode, Trail};
use sp_sim::document::{
    Attractor, BezierHandles, CentreSpace, Collider, ColliderShape, Collision, CollisionResponse,
    Drag, DrawOrder, Falloff, Force, Interp, OverLife, PathFollow, PathFollowMode, PathKind,
    PathObject, PathRepeat, PathStart, PathTiming, RotationMode, SpeedLimit, Turbulence, Vortex,
    Wind,
};
use sp_sim::document::{
    BlendMode, Burst, ColorKey, Curve, CurveKey, CurveKind, EmitterShape, ExportSettings, Flipbook,
    FlipbookMode, FollowBone, Gradient, ImageAsset, LoopAnimations, ModelMarker, ModelObject,
    ParticleSystem, PlayMode, Range, Rgb, Scene, SimulationSpace, SkeletonObject, SpineVersion,
    TexturePick, Transform2D, load_scene, save_scene,
};

/// A curve derived from `k` (the strategy tuple is full): 0–3 keys, some smooth.
fn curve_of(k: u32) -> Curve {
    Curve {
        keys: (0..k % 4)
            .map(|i| CurveKey {
                t: i as f32 / 3.0,
                v: ((k / 4 + i * 13) % 17) as f32 * 0.25,
                interp: if (k + i).is_multiple_of(2) {
                    Interp::Smooth
                } else {
                    Interp::Linear
                },
            })
            .collect(),
    }
}

/// Trail settings derived from the seed: every third system has non-default ones, enabled
/// when the system is small enough for the history limit.
fn trail_of(seed: u32, max_particles: u32) -> Trail {
    if !seed.is_multiple_of(3) {
        return Trail::default();
    }
    Trail {
        enabled: max_particles <= 2000,
        length_mode: if seed.is_multiple_of(2) {
            LengthMode::Secs
        } else {
            LengthMode::Points
        },
        length_secs: 0.05 + (seed % 40) as f32 * 0.05,
        length_points: 1 + seed % 60,
        bones: 2 + seed % 31,
        width_px: (seed % 90) as f32 * 0.5,
        width_curve: curve_of(seed / 11),
        width_by_size: seed.is_multiple_of(5),
        color_over_life: Gradient {
            keys: vec![ColorKey {
                t: 0.0,
                color: Rgb::from_u8((seed % 256) as u8, 20, 200),
            }],
        },
        alpha_over_life: Curve {
            keys: curve_of(seed / 13)
                .keys
                .iter()
                .map(|k| CurveKey {
                    v: k.v.min(1.0),
                    ..*k
                })
                .collect(),
        },
        inherit_color: seed.is_multiple_of(7),
        images: vec!["builtin:trail_fade".into(), "fx/streak.png".into()],
        image_pick: if seed.is_multiple_of(4) {
            ImagePick::Particle
        } else {
            ImagePick::Random
        },
        uv_rotation_deg: (seed % 4) * 90,
        texture_mode: if seed.is_multiple_of(8) {
            TextureMode::Tile
        } else {
            TextureMode::Stretch
        },
        tile_count: 1 + seed % 5,
        grid_rows: 1 + seed % 4,
        grid_cols: seed % 40,
        min_move_px: (seed % 9) as f32 * 0.25,
        blend: seed.is_multiple_of(9).then_some(BlendMode::Additive),
        draw_particle: !seed.is_multiple_of(6),
        ..Trail::default()
    }
}

/// Forces derived from the seed: 0–6 of them, every kind.
fn forces_of(seed: u32) -> Vec<Force> {
    let r = |a: u32| Range::new((a % 50) as f32, (a % 50 + 10) as f32);
    let all = [
        Force::Turbulence(Turbulence {
            accel_px_per_sec2: r(seed),
            over_life: curve_of(seed / 3),
            frequency_per_px: 0.005 + (seed % 7) as f32 * 0.001,
            scroll_per_sec: (seed % 5) as f32 * 0.5,
            octaves: 1 + seed % 4,
            seed: seed / 5,
        }),
        Force::Vortex(Vortex {
            spin_deg_per_sec: r(seed / 7),
            over_life: curve_of(seed / 11),
            center: [(seed % 100) as f32, -3.5],
            space: if seed.is_multiple_of(2) {
                CentreSpace::System
            } else {
                CentreSpace::Scene
            },
            radius_px: (seed % 300) as f32,
            pull_per_sec: (seed % 3) as f32 * 0.25,
        }),
        Force::Attractor(Attractor {
            accel_px_per_sec2: r(seed / 13),
            over_life: curve_of(seed / 17),
            position: [1.0, (seed % 90) as f32],
            space: CentreSpace::Scene,
            radius_px: 1.0 + (seed % 500) as f32,
            falloff: [Falloff::Constant, Falloff::Linear, Falloff::Smooth][(seed % 3) as usize],
        }),
        Force::Wind(Wind {
            accel_px_per_sec2: r(seed / 19),
            over_life: Curve::default(),
            direction_deg: (seed % 360) as f32,
        }),
        Force::Drag(Drag {
            per_sec: r(seed / 23),
            over_life: curve_of(seed / 29),
        }),
        Force::SpeedLimit(SpeedLimit {
            max_px_per_sec: r(seed / 31),
            over_life: Curve::default(),
        }),
    ];
    let n = (seed % 7) as usize;
    all.into_iter()
        .cycle()
        .skip((seed / 7) as usize % 6)
        .take(n)
        .collect()
}

fn text() -> impl Strategy<Value = String> {
    // Any printable text, markup included (names are never interpreted).
    "[^\\p{Cc}]{0,24}"
}

fn reference() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "builtin:soft_dot",
            "builtin:spark",
            "builtin:star",
            "builtin:ring",
            "builtin:smoke"
        ])
        .prop_map(String::from),
        "[a-z0-9_]{1,8}(/[a-z0-9_ ]{1,8}){0,2}\\.(png|webp)",
    ]
}

fn range(lo: f32, hi: f32) -> impl Strategy<Value = Range> {
    (lo..=hi, lo..=hi).prop_map(|(min, max)| Range { min, max })
}

fn transform() -> impl Strategy<Value = Transform2D> {
    (
        -5000.0f32..5000.0,
        -5000.0f32..5000.0,
        -720.0f32..720.0,
        -10.0f32..10.0,
        -10.0f32..10.0,
    )
        .prop_map(|(x, y, rotation_deg, scale_x, scale_y)| Transform2D {
            x,
            y,
            rotation_deg,
            scale_x,
            scale_y,
        })
}

fn curve(lo: f32, hi: f32) -> impl Strategy<Value = Curve> {
    prop::collection::vec((0.0f32..=1.0, lo..=hi), 0..6).prop_map(|mut keys| {
        keys.sort_by(|a, b| a.0.total_cmp(&b.0));
        Curve {
            keys: keys
                .into_iter()
                .map(|(t, v)| CurveKey::linear(t, v))
                .collect(),
        }
    })
}

fn gradient() -> impl Strategy<Value = Gradient> {
    prop::collection::vec((0.0f32..=1.0, any::<[u8; 3]>()), 0..5).prop_map(|mut keys| {
        keys.sort_by(|a, b| a.0.total_cmp(&b.0));
        Gradient {
            keys: keys
                .into_iter()
                .map(|(t, [r, g, b])| ColorKey {
                    t,
                    color: Rgb::from_u8(r, g, b),
                })
                .collect(),
        }
    })
}

fn emitter() -> impl Strategy<Value = EmitterShape> {
    prop_oneof![
        Just(EmitterShape::Point),
        (0.0f32..500.0, any::<bool>()).prop_map(|(radius, edge)| EmitterShape::Circle {
            radius,
            edge,
            thickness_px: 0.0
        }),
        (0.0f32..500.0, 0.0f32..500.0, any::<bool>()).prop_map(|(width, height, edge)| {
            EmitterShape::Rect {
                width,
                height,
                edge,
                thickness_px: 0.0,
            }
        }),
        (0.0f32..500.0).prop_map(|length| EmitterShape::Line { length }),
    ]
}

fn system() -> impl Strategy<Value = ParticleSystem> {
    let identity = (
        text(),
        any::<bool>(),
        text(),
        (text(), text(), text()),
        any::<u32>(),
        transform(),
    );
    let timing = (
        prop_oneof![Just(SimulationSpace::Local), Just(SimulationSpace::World)],
        prop_oneof![Just(PlayMode::OneShot), Just(PlayMode::LoopContinuous)],
        0.01f32..3600.0,
        0.0f32..3600.0,
        emitter(),
        0.0f32..100_000.0,
        prop::collection::vec(
            (0.0f32..3600.0, 0u32..100_000)
                .prop_map(|(time_secs, count)| Burst::once(time_secs, count)),
            0..4,
        ),
        0u32..=100_000,
    );
    let motion = (
        range(0.001, 600.0),
        range(-1000.0, 1000.0),
        -720.0f32..720.0,
        0.0f32..=360.0,
        (-1000.0f32..1000.0, -1000.0f32..1000.0),
        0.0f32..100.0,
        range(-720.0, 720.0),
        range(-720.0, 720.0),
        any::<bool>(),
        range(0.0, 10.0),
    );
    let look = (
        curve(0.0, 10.0),
        gradient(),
        curve(0.0, 1.0),
        prop::collection::vec(reference(), 0..4),
        prop_oneof![Just(TexturePick::Random), Just(TexturePick::InOrder)],
        (
            any::<bool>(),
            1.0f32..=240.0,
            prop::sample::select(vec![
                FlipbookMode::OnceVanish,
                FlipbookMode::OnceHold,
                FlipbookMode::Loop,
                FlipbookMode::ReverseLoop,
            ]),
        ),
        (-1.0f32..2.0, -1.0f32..2.0),
        prop::sample::select(vec![
            BlendMode::Normal,
            BlendMode::Additive,
            BlendMode::Multiply,
            BlendMode::Screen,
        ]),
    );
    (identity, timing, motion, look).prop_map(|(id, tm, mo, lk)| {
        let (name, visible, animation, (start, looping, end), seed, transform) = id;
        let (space, mode, duration_secs, delay_secs, emitter, rate_per_sec, bursts, max_particles) =
            tm;
        let (
            lifetime,
            speed,
            direction_deg,
            spread_deg,
            (gx, gy),
            damping,
            rot,
            ang,
            align,
            start_scale,
        ) = mo;
        let (
            scale_curve,
            color_gradient,
            alpha_curve,
            textures,
            texture_pick,
            (enabled, fps, fmode),
            (ax, ay),
            blend,
        ) = lk;
        let lifetime_secs = Range {
            min: lifetime.min.max(0.001),
            max: lifetime.max.max(0.001),
        };
        ParticleSystem {
            name,
            visible,
            animation,
            loop_animations: LoopAnimations {
                start,
                looping,
                end,
            },
            seed,
            transform,
            space,
            mode,
            duration_secs,
            delay_secs,
            emitter,
            rate_per_sec,
            bursts,
            max_particles,
            lifetime_secs,
            speed,
            direction_deg,
            spread_deg,
            gravity: [gx, gy],
            damping,
            start_rotation_deg: rot,
            angular_velocity_deg: ang,
            align_to_velocity: align,
            start_scale,
            scale_curve,
            color_gradient,
            alpha_curve,
            textures,
            texture_pick,
            flipbook: Flipbook {
                enabled,
                fps,
                mode: fmode,
            },
            anchor: [ax, ay],
            blend,
            // Every other system keeps the oldest particle on top (derived from the seed as well).
            draw_order: if seed.is_multiple_of(2) {
                DrawOrder::OldestOnTop
            } else {
                DrawOrder::NewestOnTop
            },
            rotation_mode: [
                RotationMode::Random,
                RotationMode::Fixed,
                RotationMode::InitialDirection,
                RotationMode::Velocity,
            ][(seed % 4) as usize],
            over_life: OverLife {
                speed: curve_of(seed),
                spin: curve_of(seed / 2),
                size_x: curve_of(seed / 3),
                size_y: curve_of(seed / 5),
                gravity: curve_of(seed / 7),
            },
            forces: forces_of(seed),
            trail: trail_of(seed, max_particles),
            rate_curve: curve_of(seed / 37),
            // Collision response and path following derived from the seed as well.
            collision: Collision {
                response: [
                    CollisionResponse::Bounce,
                    CollisionResponse::None,
                    CollisionResponse::Stop,
                    CollisionResponse::Pause,
                    CollisionResponse::Destroy,
                ][(seed % 5) as usize],
                restitution: (seed % 11) as f32 / 10.0,
                friction: (seed % 7) as f32 / 6.0,
                pause_secs: (seed % 13) as f32 * 0.25,
                radius_px: (seed % 9) as f32,
            },
            path_follow: seed.is_multiple_of(4).then(|| PathFollow {
                mode: if seed.is_multiple_of(8) {
                    PathFollowMode::Particles
                } else {
                    PathFollowMode::Emitter
                },
                path: format!("path {}", seed % 3),
                timing: [PathTiming::Time, PathTiming::Speed][(seed % 2) as usize],
                travel_secs: (seed % 10) as f32 * 0.5,
                speed_px_per_sec: (seed % 1000) as f32,
                repeat: [PathRepeat::Once, PathRepeat::Loop, PathRepeat::PingPong]
                    [(seed % 3) as usize],
                orient: seed.is_multiple_of(5),
                start: [PathStart::PathStart, PathStart::Nearest][(seed / 2 % 2) as usize],
            }),
            // Every third system follows a bone (derived from the seed: the strategy tuple is full).
            follow: seed.is_multiple_of(3).then(|| FollowBone {
                skeleton: "hero".into(),
                bone: format!("bone{}", seed % 7),
                offset_x: (seed % 100) as f32 - 50.0,
                offset_y: 1.5,
            }),
        }
    })
}

fn scene() -> impl Strategy<Value = Scene> {
    let export = (
        "[a-z./]{0,12}",
        prop_oneof![Just(CurveKind::Linear), Just(CurveKind::Bezier)],
        1u32..=240,
        any::<[bool; 4]>(),
        "[A-Za-z0-9_]{1,12}\\.json",
    )
        .prop_map(
            |(
                images_path,
                curve,
                fps,
                [omit_fps, integer_frames, bone_pool, exclude],
                file_name,
            )| {
                ExportSettings {
                    images_path,
                    spine_version: SpineVersion::V4_2,
                    curve,
                    fps,
                    omit_fps,
                    integer_frames,
                    bone_pool,
                    exclude_empty_animations: exclude,
                    file_name,
                }
            },
        );
    let images = prop::collection::vec(
        (reference(), 0u32..4096, 0u32..4096).prop_map(|(path, width, height)| ImageAsset {
            path,
            width,
            height,
        }),
        0..3,
    );
    let skeletons = prop::collection::vec(
        (
            text(),
            transform(),
            text(),
            any::<bool>(),
            (0.01f32..10.0, 0.0f32..10.0, any::<bool>(), 1u32..=240),
            prop::collection::vec([-1000.0f32..1000.0, -1000.0f32..1000.0], 0..3),
        )
            .prop_map(
                |(
                    name,
                    transform,
                    animation,
                    visible,
                    (scale, speed, looping, bake_fps),
                    extra,
                )| {
                    SkeletonObject {
                        // Names are unique and non-empty (systems follow skeletons by name).
                        name: format!("skel {name}"),
                        path: "spine/hero.json".into(),
                        atlas: "spine/hero.atlas".into(),
                        key: "fnv1a64-0123456789abcdef".into(),
                        transform,
                        animation,
                        skin: "default".into(),
                        visible,
                        scale,
                        speed,
                        looping,
                        bake_fps,
                        // The tuple is full: derive the flag from another drawn value.
                        mipmaps: looping != visible,
                        extra_instances: extra,
                    }
                },
            ),
        0..2,
    )
    .prop_map(|mut list| {
        for (i, k) in list.iter_mut().enumerate() {
            k.name = format!("{i} {}", k.name);
        }
        list
    });
    let models = prop::collection::vec(
        (
            text(),
            transform(),
            0.0f32..10.0,
            prop::sample::select(vec!["y", "z"]),
        )
            .prop_map(|(name, transform, speed, up)| ModelObject {
                name,
                path: "models/a.ms3d".into(),
                key: "fnv1a64-0123456789abcdef".into(),
                transform,
                clip: "idle".into(),
                speed,
                looping: speed < 5.0,
                up_axis: up.into(),
                visible: true,
                markers: vec![ModelMarker {
                    clip: "idle".into(),
                    name: "hit".into(),
                    frame: 3.0,
                }],
            }),
        0..2,
    )
    .prop_map(|mut list| {
        // Names are unique among models.
        for (i, m) in list.iter_mut().enumerate() {
            m.name = format!("{}{i}", m.name);
        }
        list
    });
    let point = || (-1000.0f32..1000.0, -1000.0f32..1000.0).prop_map(|(x, y)| [x, y]);
    let shape = prop_oneof![
        (point(), point()).prop_map(|(a, b)| ColliderShape::Segment { a, b }),
        (prop::collection::vec(point(), 0..6), any::<bool>())
            .prop_map(|(points, closed)| ColliderShape::Polyline { points, closed }),
        (point(), 0.0f32..500.0)
            .prop_map(|(center, radius)| ColliderShape::Circle { center, radius }),
        (point(), 0.0f32..500.0, 0.0f32..500.0, -360.0f32..360.0).prop_map(
            |(center, width, height, rotation_deg)| ColliderShape::Rect {
                center,
                width,
                height,
                rotation_deg,
            }
        ),
    ];
    let colliders = prop::collection::vec(
        (
            text(),
            any::<bool>(),
            shape,
            prop::collection::vec(text(), 0..3),
        )
            .prop_map(|(name, visible, shape, systems)| Collider {
                name,
                visible,
                shape,
                systems,
            }),
        0..3,
    );
    let paths = prop::collection::vec(
        (
            any::<bool>(),
            prop::sample::select(vec![
                PathKind::Polyline,
                PathKind::CatmullRom,
                PathKind::Bezier,
            ]),
            prop::collection::vec(point(), 0..6),
            any::<bool>(),
            point(),
        )
            .prop_map(|(visible, kind, points, closed, h)| PathObject {
                name: String::new(),
                visible,
                kind,
                handles: if kind == PathKind::Bezier {
                    points
                        .iter()
                        .map(|_| BezierHandles {
                            in_offset: [-h[0], -h[1]],
                            out_offset: h,
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                points,
                closed,
            }),
        0..3,
    )
    .prop_map(|mut list| {
        // Names are unique and non-empty (systems follow paths by name).
        for (i, p) in list.iter_mut().enumerate() {
            p.name = format!("path {i}");
        }
        list
    });
    (
        prop::collection::vec(text(), 0..4),
        prop::collection::vec(system(), 0..4),
        images,
        export,
        skeletons,
        models,
        colliders,
        paths,
    )
        .prop_map(
            |(animations, systems, images, export, skeletons, models, colliders, paths)| Scene {
                version: 1,
                animations,
                systems,
                images,
                export,
                substeps_per_sec: 30 + (models.len() as u32) * 210,
                skeletons,
                models,
                colliders,
                paths,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_valid_document_round_trips(doc in scene()) {
        let json = save_scene(&doc);
        let loaded = load_scene(&json);
        prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
        prop_assert_eq!(loaded.ok(), Some(doc.clone()));
        let compact = serde_json::to_string(&doc).expect("serialises");
        prop_assert_eq!(load_scene(&compact).ok(), Some(doc));
    }
}
