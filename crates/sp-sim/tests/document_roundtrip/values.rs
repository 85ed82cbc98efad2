//! Strategies for the small values a document is made of: names, image references, ranges,
//! transforms, curves, gradients and emitter shapes.

use proptest::prelude::*;
use sp_sim::document::{
    ColorKey, Curve, CurveKey, EmitterShape, Gradient, Range, Rgb, Transform2D,
};

pub fn text() -> impl Strategy<Value = String> {
    // Any printable text, markup included (names are never interpreted).
    "[^\\p{Cc}]{0,24}"
}

pub fn reference() -> impl Strategy<Value = String> {
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

pub fn range(lo: f32, hi: f32) -> impl Strategy<Value = Range> {
    (lo..=hi, lo..=hi).prop_map(|(min, max)| Range { min, max })
}

pub fn transform() -> impl Strategy<Value = Transform2D> {
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

pub fn curve(lo: f32, hi: f32) -> impl Strategy<Value = Curve> {
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

pub fn gradient() -> impl Strategy<Value = Gradient> {
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

pub fn emitter() -> impl Strategy<Value = EmitterShape> {
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
