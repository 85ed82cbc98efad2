//! Validation holds the limits the schema states: each limit loads, a step beyond is refused
//! naming the path.

use crate::document::schema::*;
use crate::document::{load_scene, save_scene};

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
