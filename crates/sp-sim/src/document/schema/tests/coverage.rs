//! Every field of a document with one of everything is in the schema (or inside a value the
//! schema lists whole).

use crate::document::EmitterShape;
use crate::document::schema::*;

/// Every leaf path of a document (`systems[].transform.x`, `systems[].emitter(circle).radius`,
/// `paths[].name` …), with list entries collapsed to `[]` and curve/gradient/range/list values
/// as one field.
fn leaves(v: &Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            let kind = map.get("kind").and_then(Value::as_str);
            for (k, child) in map {
                let path = match (prefix.is_empty(), kind) {
                    (true, _) => k.clone(),
                    // A `kind` tags a variant unless the field is common to every kind
                    // (a path's `name`, whatever its `kind`).
                    (false, Some(kind))
                        if k != "kind" && spec(&format!("{prefix}.{k}")).is_none() =>
                    {
                        format!("{prefix}({kind}).{k}")
                    }
                    (false, _) => format!("{prefix}.{k}"),
                };
                if spec(&path).is_some() {
                    out.push(path.clone());
                    // Lists and compound values are fields themselves; their entries may be too.
                    // Every entry: a list of tagged values (forces) has fields per kind.
                    if let Value::Array(items) = child
                        && spec(&path).is_some_and(|s| s.kind == FieldKind::List)
                    {
                        for item in items {
                            leaves(item, &format!("{path}[]"), out);
                        }
                    }
                    continue;
                }
                leaves(child, &path, out);
            }
        }
        Value::Array(items) => {
            if let Some(first) = items.first() {
                if prefix.ends_with(']') || spec(&format!("{prefix}[]")).is_none() {
                    // A fixed pair such as gravity[0], gravity[1].
                    for (i, item) in items.iter().enumerate() {
                        leaves(item, &format!("{prefix}[{i}]"), out);
                    }
                } else {
                    leaves(first, &format!("{prefix}[]"), out);
                }
            } else {
                out.push(prefix.to_string());
            }
        }
        _ => out.push(prefix.to_string()),
    }
}

/// A document with one of everything: every system field, each emitter shape (with a
/// thickness), a repeating burst, a rate curve, over-life curves, one force of each kind, a
/// rotation mode, a draw order, a follow, the substep rate, a skeleton with an extra instance,
/// a model, an image.
fn full_document() -> Value {
    use crate::behaviour::{
        Attractor, Drag, Force, OverLife, RotationMode, SpeedLimit, Turbulence, Vortex, Wind,
    };
    use crate::document::{Burst, Curve, DrawOrder, FollowBone, ParticleSystem};
    let mut scene = crate::document::default_scene();
    scene.substeps_per_sec = 240;
    let base = scene.systems[0].clone();
    let ramp = Curve::ramp(1.0, 0.5);
    for emitter in [
        EmitterShape::Circle {
            radius: 3.0,
            edge: true,
            thickness_px: 1.0,
        },
        EmitterShape::Rect {
            width: 2.0,
            height: 3.0,
            edge: false,
            thickness_px: 1.0,
        },
        EmitterShape::Line { length: 4.0 },
        EmitterShape::Arc {
            radius: 5.0,
            start_deg: 10.0,
            span_deg: 90.0,
            thickness_px: 1.0,
        },
        EmitterShape::RoundedRect {
            width: 6.0,
            height: 4.0,
            corner_radius_px: 1.0,
            edge: true,
            thickness_px: 1.0,
        },
    ] {
        scene.systems.push(ParticleSystem {
            emitter,
            rate_curve: ramp.clone(),
            bursts: vec![Burst {
                time_secs: 0.5,
                count: 3,
                interval_secs: 0.25,
                cycles: 2,
            }],
            rotation_mode: RotationMode::Velocity,
            over_life: OverLife {
                speed: ramp.clone(),
                spin: ramp.clone(),
                size_x: ramp.clone(),
                size_y: ramp.clone(),
                gravity: ramp.clone(),
            },
            forces: vec![
                Force::Turbulence(Turbulence {
                    over_life: ramp.clone(),
                    ..Turbulence::default()
                }),
                Force::Vortex(Vortex {
                    over_life: ramp.clone(),
                    ..Vortex::default()
                }),
                Force::Attractor(Attractor {
                    over_life: ramp.clone(),
                    ..Attractor::default()
                }),
                Force::Wind(Wind {
                    over_life: ramp.clone(),
                    ..Wind::default()
                }),
                Force::Drag(Drag {
                    over_life: ramp.clone(),
                    ..Drag::default()
                }),
                Force::SpeedLimit(SpeedLimit {
                    over_life: ramp.clone(),
                    ..SpeedLimit::default()
                }),
            ],
            draw_order: DrawOrder::OldestOnTop,
            trail: crate::behaviour::Trail {
                enabled: true,
                color_along: crate::document::Gradient {
                    keys: vec![crate::document::ColorKey {
                        t: 0.0,
                        color: crate::document::Rgb::WHITE,
                    }],
                },
                alpha_along: ramp.clone(),
                alpha_over_life: ramp.clone(),
                blend: Some(crate::document::BlendMode::Additive),
                ..crate::behaviour::Trail::default()
            },
            follow: Some(FollowBone {
                skeleton: "s".into(),
                bone: "b".into(),
                instance: 1,
                offset_x: 1.0,
                offset_y: 2.0,
            }),
            ..base.clone()
        });
    }
    scene.skeletons.push(SkeletonObject {
        name: "s".into(),
        extra_instances: vec![
            crate::document::ExtraInstance::at(1.0, 2.0),
            crate::document::ExtraInstance {
                own: Some(crate::document::InstanceTurn {
                    rotation_deg: 30.0,
                    scale_x: -2.0,
                    scale_y: 2.0,
                }),
                ..crate::document::ExtraInstance::at(3.0, 4.0)
            },
        ],
        ..SkeletonObject::default()
    });
    scene.models.push(crate::document::ModelObject {
        markers: vec![crate::document::ModelMarker::default()],
        ..crate::document::ModelObject::default()
    });
    scene.images.push(crate::document::ImageAsset {
        path: "a.png".into(),
        width: 2,
        height: 2,
    });
    // A collider of every shape, a path of every kind, a collision response and a path follow.
    use crate::document::{BezierHandles, Collider, ColliderShape, PathKind, PathObject};
    for shape in ColliderShape::NEW_SHAPES {
        let shape = match shape {
            ColliderShape::Polyline { .. } => ColliderShape::Polyline {
                points: vec![[0.0, 0.0], [10.0, 5.0]],
                closed: true,
            },
            other => other.clone(),
        };
        scene.colliders.push(Collider {
            shape,
            systems: vec![base.name.clone()],
            ..Collider::default()
        });
    }
    for (i, kind) in [PathKind::Polyline, PathKind::CatmullRom, PathKind::Bezier]
        .into_iter()
        .enumerate()
    {
        scene.paths.push(PathObject {
            name: format!("path {i}"),
            kind,
            points: vec![[0.0, 0.0], [50.0, 20.0]],
            handles: if kind == PathKind::Bezier {
                vec![BezierHandles::default(); 2]
            } else {
                Vec::new()
            },
            ..PathObject::default()
        });
    }
    if let Some(s) = scene.systems.get_mut(1) {
        s.collision = crate::behaviour::Collision {
            response: crate::behaviour::CollisionResponse::Pause,
            radius_px: 2.0,
            ..crate::behaviour::Collision::default()
        };
        s.path_follow = Some(crate::behaviour::PathFollow {
            path: "path 0".into(),
            ..crate::behaviour::PathFollow::default()
        });
    }
    serde_json::to_value(&scene).expect("json")
}

#[test]
fn every_document_field_is_in_the_schema() {
    let mut found = Vec::new();
    leaves(&full_document(), "", &mut found);
    let missing: Vec<&String> = found
        .iter()
        .filter(|p| {
            // Fields that are not edited as such: the version, and the key times `t` of curves
            // and gradients (always 0..=1) — covered by their curve's entry.
            p.as_str() != "version"
                && !p.ends_with("].t")
                && spec(p).is_none()
                && !is_part_of_listed(p)
        })
        .collect();
    assert!(
        missing.is_empty(),
        "document fields missing from the schema (see schema/mod.rs, \"To add a field\"): {missing:?}"
    );
}

/// Fields inside a value the schema lists whole: a transform's rotation and scale of skeletons
/// and models (validated with the system transform's limits), curve values and extra instance
/// coordinates.
fn is_part_of_listed(p: &str) -> bool {
    let whole = [
        "skeletons[].transform.",
        "models[].transform.",
        "systems[].scaleCurve[]",
        "systems[].alphaCurve[]",
        "systems[].lifetimeSecs",
        "systems[].speed",
        "systems[].startRotationDeg",
        "systems[].angularVelocityDeg",
        "systems[].startScale",
        "skeletons[].extraInstances",
    ];
    whole.iter().any(|w| p.starts_with(w))
}
