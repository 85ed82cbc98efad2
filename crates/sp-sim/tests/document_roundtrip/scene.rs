//! The strategy for a whole scene: systems, images, export settings, skeletons, models,
//! colliders and paths, with the names unique where the document requires it.

use proptest::prelude::*;
use sp_sim::document::{
    BezierHandles, Collider, ColliderShape, CurveKind, ExportSettings, ExtraInstance, ImageAsset,
    InstanceTurn, ModelMarker, ModelObject, PathKind, PathObject, Scene, SkeletonObject,
    SpineVersion,
};

use crate::system::system;
use crate::values::{reference, text, transform};

/// An extra instance in either form: `[x, y]` or with its own rotation and (non-zero) scale.
fn extra_instance() -> impl Strategy<Value = ExtraInstance> {
    let scale = || prop_oneof![-10.0f32..-0.01, 0.01f32..10.0];
    let own = (-720.0f32..720.0, scale(), scale()).prop_map(|(rotation_deg, scale_x, scale_y)| {
        InstanceTurn {
            rotation_deg,
            scale_x,
            scale_y,
        }
    });
    (
        -1000.0f32..1000.0,
        -1000.0f32..1000.0,
        prop::option::of(own),
    )
        .prop_map(|(x, y, own)| ExtraInstance { x, y, own })
}

pub fn scene() -> impl Strategy<Value = Scene> {
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
            prop::collection::vec(extra_instance(), 0..3),
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
