//! Where and when a system emits: its emitter shape (where a particle is born) and its bursts
//! (how many at once, when, how often).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where particles are born, in the system's local space (pixels, y down; formulas in
/// [`crate::sim::emitter`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum EmitterShape {
    /// All particles at the origin.
    #[default]
    Point,
    /// Uniform over a disc (`edge: false`) or on its circle (`edge: true`); with `edge` and a
    /// `thicknessPx` above 0, uniform over the ring between `radius − thicknessPx` and `radius`.
    Circle {
        /// Radius in pixels.
        radius: f32,
        /// Emit on the circumference (or the edge band) only.
        #[serde(default)]
        edge: bool,
        /// Width of the edge band, pixels, inward from the circle (0: on the circle).
        #[serde(default, rename = "thicknessPx", skip_serializing_if = "is_zero")]
        #[ts(as = "Option<f32>", optional)]
        thickness_px: f32,
    },
    /// Uniform over a centred rectangle (`edge: false`) or on its outline (`edge: true`); with
    /// `edge` and a `thicknessPx` above 0, uniform over the band of that width inside the
    /// outline.
    Rect {
        /// Width in pixels.
        width: f32,
        /// Height in pixels.
        height: f32,
        /// Emit on the outline (or the edge band) only.
        #[serde(default)]
        edge: bool,
        /// Width of the edge band, pixels, inward from the outline (0: on the outline).
        #[serde(default, rename = "thicknessPx", skip_serializing_if = "is_zero")]
        #[ts(as = "Option<f32>", optional)]
        thickness_px: f32,
    },
    /// Uniform along a centred horizontal segment of the given length.
    Line {
        /// Length in pixels.
        length: f32,
    },
    /// A part of a ring: angles from `startDeg` over `spanDeg` (clockwise, 0 = +x), radii from
    /// `radius − thicknessPx` to `radius` (0: on the arc line; `radius`: a pie slice).
    Arc {
        /// Outer radius in pixels.
        radius: f32,
        /// First angle, degrees clockwise from +x.
        #[serde(default, rename = "startDeg")]
        start_deg: f32,
        /// Angular extent, degrees (360: a full ring).
        #[serde(default = "full_turn", rename = "spanDeg")]
        span_deg: f32,
        /// Width of the band, pixels, inward from the arc (0: on the arc line).
        #[serde(default, rename = "thicknessPx")]
        thickness_px: f32,
    },
    /// A centred rectangle with rounded corners: uniform over its area (`edge: false`), on its
    /// outline (`edge: true`), or within `thicknessPx` inside the outline.
    RoundedRect {
        /// Width in pixels.
        width: f32,
        /// Height in pixels.
        height: f32,
        /// Corner radius in pixels (at most half the shorter side).
        #[serde(rename = "cornerRadiusPx")]
        corner_radius_px: f32,
        /// Emit on the outline (or the edge band) only.
        #[serde(default)]
        edge: bool,
        /// Width of the edge band, pixels, inward from the outline (0: on the outline).
        #[serde(default, rename = "thicknessPx", skip_serializing_if = "is_zero")]
        #[ts(as = "Option<f32>", optional)]
        thickness_px: f32,
    },
}

impl EmitterShape {
    /// The shape of each kind the editor puts in when the user picks that kind.
    pub const NEW_SHAPES: &'static [EmitterShape] = &[
        EmitterShape::Point,
        EmitterShape::Circle {
            radius: 50.0,
            edge: false,
            thickness_px: 0.0,
        },
        EmitterShape::Rect {
            width: 100.0,
            height: 100.0,
            edge: false,
            thickness_px: 0.0,
        },
        EmitterShape::Line { length: 100.0 },
        EmitterShape::Arc {
            radius: 50.0,
            start_deg: 0.0,
            span_deg: 180.0,
            thickness_px: 0.0,
        },
        EmitterShape::RoundedRect {
            width: 100.0,
            height: 100.0,
            corner_radius_px: 20.0,
            edge: false,
            thickness_px: 0.0,
        },
    ];
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

fn full_turn() -> f32 {
    360.0
}

fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}

/// A burst: `count` particles at `timeSecs` after the system starts, repeated `cycles` times
/// every `intervalSecs` (formula in [`crate::sim::schedule`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Burst {
    /// Seconds after the system's start (after `delaySecs`).
    pub time_secs: f32,
    /// Particles emitted at once.
    pub count: u32,
    /// Seconds between repeats (0: no repeat within a cycle).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[ts(as = "Option<f32>", optional)]
    pub interval_secs: f32,
    /// Firings per emission cycle; 0 (default): as many as fit in the duration (once when
    /// `intervalSecs` is 0), in every cycle of a loop.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    #[ts(as = "Option<u32>", optional)]
    pub cycles: u32,
}

impl Burst {
    /// The burst the editor adds: 10 particles at the start.
    pub const NEW: Burst = Burst::once(0.0, 10);

    /// A single burst of `count` at `time_secs` (as before issue 10).
    pub const fn once(time_secs: f32, count: u32) -> Burst {
        Burst {
            time_secs,
            count,
            interval_secs: 0.0,
            cycles: 0,
        }
    }
}
