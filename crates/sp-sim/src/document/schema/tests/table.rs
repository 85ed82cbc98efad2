//! The field table itself: paths unique and limits ordered, the axis each curve's `t` runs
//! over, and defaults equal to the types' defaults.

use crate::document::schema::*;

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
