//! The schema covers the document, its defaults are the types' defaults, and validation holds
//! the limits it states.

use super::*;
use crate::document::{EmitterShape, load_scene, save_scene};

/// Every leaf path of a document (`systems[].transform.x`, `systems[].emitter(circle).radius`,
/// `paths[].name` …), with list entries collapsed to `[]` and curve/gradient/range/list values as one field.
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
                offset_x: 1.0,
                offset_y: 2.0,
            }),
            ..base.clone()
        });
    }
    scene.skeletons.push(SkeletonObject {
        name: "s".into(),
        extra_instances: vec![[1.0, 2.0]],
        ..SkeletonObject::default()
    });
    scene.models.push(super::super::ModelObject {
        markers: vec![super::super::ModelMarker::default()],
        ..super::super::ModelObject::default()
    });
    scene.images.push(super::super::ImageAsset {
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

#[test]
fn paths_are_unique_and_limits_ordered() {
    for (i, a) in fields::ALL.iter().enumerate() {
        assert!(
            fields::ALL[..i].iter().all(|b| b.path != a.path),
            "{} twice",
            a.path
        );
        if let (Some(lo), Some(hi)) = (a.min, a.max) {
            assert!(lo <= hi, "{}", a.path);
        }
        assert_eq!(
            a.kind == FieldKind::Choice,
            !a.options.is_empty(),
            "{}",
            a.path
        );
    }
}

#[test]
fn curves_name_what_their_t_runs_over() {
    let not_life: Vec<(&str, CurveAxis)> = fields::ALL
        .iter()
        .filter(|f| f.axis != CurveAxis::Life)
        .map(|f| (f.path, f.axis))
        .collect();
    // The emission rate runs over each cycle, the trail's "along" curves from head to tail;
    // every other curve and gradient over the particle's life (the editor labels its axis so).
    assert_eq!(
        not_life,
        [
            ("systems[].rateCurve", CurveAxis::Cycle),
            ("systems[].trail.widthCurve", CurveAxis::Trail),
            ("systems[].trail.colorAlong", CurveAxis::Trail),
            ("systems[].trail.alphaAlong", CurveAxis::Trail),
        ]
    );
    for f in fields::ALL {
        if f.axis != CurveAxis::Life {
            assert!(
                matches!(f.kind, FieldKind::Curve | FieldKind::Gradient),
                "{} has an axis but is a {:?}",
                f.path,
                f.kind
            );
        }
    }
}

#[test]
fn defaults_are_the_types_defaults() {
    let schema = field_schema();
    let default_of = |path: &str| {
        schema
            .fields
            .iter()
            .find(|f| f.spec.path == path)
            .and_then(|f| f.default.clone())
    };
    let system = ParticleSystem::default();
    assert_eq!(
        default_of("systems[].ratePerSec"),
        Some(Value::from(system.rate_per_sec))
    );
    assert_eq!(
        default_of("systems[].lifetimeSecs"),
        Some(serde_json::json!({ "min": 0.8, "max": 1.2 })),
        "as a saved document writes them, not widened to f64"
    );
    assert_eq!(
        default_of("systems[].forces[](turbulence).frequencyPerPx"),
        Some(Value::from(0.01))
    );
    assert_eq!(default_of("export.fps"), Some(Value::from(30)));
    assert_eq!(default_of("skeletons[].bakeFps"), Some(Value::from(30)));
    assert_eq!(
        default_of("systems[].emitter.kind"),
        Some(Value::from("point"))
    );
    assert_eq!(
        default_of("systems[].emitter(circle).radius"),
        Some(Value::from(50.0)),
        "a new circle's"
    );
    assert_eq!(
        default_of("systems[].forces[](vortex).radiusPx"),
        Some(Value::from(Vortex::default().radius_px)),
        "a new vortex's"
    );
    assert_eq!(
        default_of("systems[].bursts[].count"),
        Some(Value::from(10))
    );
    assert_eq!(
        default_of("systems[].trail.bones"),
        Some(Value::from(crate::behaviour::Trail::default().bones)),
        "a trail's, though the default system has none"
    );
    assert_eq!(default_of("systems[].follow.bone"), None, "no default bone");
    assert_eq!(default_of("systems[].gravity[1]"), Some(Value::from(0.0)));
    let json = serde_json::to_string(&schema).expect("json");
    assert!(json.contains(r#""path":"systems[].ratePerSec","kind":"number","unit":"1/s","min":0.0,"minExclusive":false,"max":100000.0"#), "{json}");
}

/// Sets `path` (dots and `[i]`) of a JSON document to `v`.
fn set(doc: &mut Value, path: &str, v: Value) {
    let mut cur = doc;
    for seg in path.split('.') {
        let (name, index) = match seg.split_once('[') {
            Some((n, i)) => (
                n,
                Some(i.trim_end_matches(']').parse::<usize>().expect("index")),
            ),
            None => (seg, None),
        };
        cur = &mut cur[name];
        if let Some(i) = index {
            cur = &mut cur[i];
        }
    }
    *cur = v;
}

#[test]
fn validation_holds_the_schema_limits() {
    // For each numeric field of a system, the limit itself loads and a step beyond is refused
    // naming the path; the numbers come from the schema, not from here.
    let mut scene = crate::document::default_scene();
    scene.colliders.push(crate::document::Collider {
        shape: crate::document::ColliderShape::Circle {
            center: [0.0, 0.0],
            radius: 10.0,
        },
        ..crate::document::Collider::default()
    });
    scene.paths.push(crate::document::PathObject {
        points: vec![[0.0, 0.0], [10.0, 0.0]],
        ..crate::document::PathObject::default()
    });
    let base = serde_json::to_value(scene).expect("json");
    let cases = [
        (
            "systems[0].collision.restitution",
            &fields::COLLISION_RESTITUTION,
        ),
        ("systems[0].collision.pauseSecs", &fields::COLLISION_PAUSE),
        ("systems[0].collision.radiusPx", &fields::COLLISION_RADIUS),
        (
            "systems[0].pathFollow.speedPxPerSec",
            &fields::PATH_FOLLOW_SPEED,
        ),
        (
            "systems[0].pathFollow.travelSecs",
            &fields::PATH_FOLLOW_TRAVEL,
        ),
        ("colliders[0].shape.radius", &fields::COLLIDER_CIRCLE_RADIUS),
        ("colliders[0].shape.center[0]", &fields::COLLIDER_CIRCLE_X),
        ("systems[0].ratePerSec", &fields::RATE),
        ("systems[0].spreadDeg", &fields::SPREAD),
        ("systems[0].damping", &fields::DAMPING),
        ("systems[0].durationSecs", &fields::DURATION),
        ("systems[0].maxParticles", &fields::MAX_PARTICLES_FIELD),
        ("systems[0].flipbook.fps", &fields::FLIPBOOK_FPS),
        ("systems[0].anchor[1]", &fields::ANCHOR_Y),
        ("export.fps", &fields::EXPORT_FPS),
    ];
    // Integers are written as JSON integers (serde refuses `100000.0` for a `u32`).
    let number = |spec: &FieldSpec, v: f64| {
        if spec.kind == FieldKind::Integer {
            Value::from(v as i64)
        } else {
            Value::from(v)
        }
    };
    for (path, spec) in cases {
        let max = spec.max.expect("max");
        let mut ok = base.clone();
        set(&mut ok, path, number(spec, max));
        load_scene(&ok.to_string()).unwrap_or_else(|e| panic!("{path} = {max}: {e}"));
        let mut bad = base.clone();
        let beyond = if spec.kind == FieldKind::Integer {
            max + 1.0
        } else {
            max * 1.5 + 1.0
        };
        set(&mut bad, path, number(spec, beyond));
        let e = load_scene(&bad.to_string()).expect_err(path);
        assert_eq!(e.code(), "sim.field.aboveMax", "{path}: {e}");
        assert!(e.to_string().starts_with(path), "{e}");
        // Below 0 an unsigned integer is a type error; other minimums are validation's.
        if let Some(min) = spec
            .min
            .filter(|m| spec.kind != FieldKind::Integer || *m > 0.0)
        {
            let mut low = base.clone();
            set(&mut low, path, number(spec, min - 1.0));
            let e = load_scene(&low.to_string()).expect_err(path);
            assert_eq!(e.code(), "sim.field.belowMin", "{path}: {e}");
        }
    }
    // Loading keeps a valid document as it is (normalizeScene is unchanged).
    let text = save_scene(&crate::document::default_scene());
    assert_eq!(save_scene(&load_scene(&text).expect("load")), text);
}
