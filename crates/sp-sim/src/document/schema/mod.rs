//! The field schema: every editable field of the document, once — path, kind, unit, limits,
//! default and step. Validation ([`super::validate`]) reads its limits from here, the editor
//! builds its property inputs from it (wasm `fieldSchema()`, `spineparticle schema`), so a limit
//! exists in one place.
//!
//! Paths use the document's JSON names: `systems[].lifetimeSecs` is the field of every system,
//! `systems[].emitter(circle).radius` the field of a tagged variant (`emitter.kind ==
//! "circle"`), `systems[].forces[](vortex).radiusPx` the field of a list entry of a kind,
//! `systems[].gravity[1]` one component of a pair. `min`/`max` are inclusive unless
//! `minExclusive`; a `range` field's limits hold for both its `min` and `max`; a `curve`'s limits
//! hold for its values (`t` is always 0..=1); a `list`'s `max` is its most entries. Defaults come
//! from the types' `Default` (serialised), never restated here; a variant's fields default to
//! what a new entry of that kind gets (`EmitterShape::NEW_SHAPES`, each force's `Default`,
//! `Burst::NEW`), which is what the editor puts in when the user picks the kind.
//!
//! To add a field (a new module registers its fields the same way):
//! 1. add the field to its type with a `serde` default (old documents keep loading);
//! 2. add a `pub const` [`FieldSpec`] for it in [`fields`] (path, kind, unit, limits, step;
//!    limits from the named constants beside its type) and list it in [`fields::ALL`];
//! 3. validate it in `validate/` with that spec (`num(&path, value, &fields::NAME)` reads the
//!    limits from the spec);
//! 4. regenerate the contract (`UPDATE_GOLDEN=1 cargo test -p sp-wasm --test contract`).
//!    The test `every_document_field_is_in_the_schema` fails until the schema lists it.

pub mod fields;

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use super::{EmitterShape, ParticleSystem, Scene, SkeletonObject};
use crate::behaviour::{Attractor, Drag, Force, SpeedLimit, Turbulence, Vortex, Wind};

/// What kind of input a field takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    /// A real number.
    Number,
    /// A whole number.
    Integer,
    /// `{ min, max }`, each a number within the limits.
    Range,
    /// `true` / `false`.
    Bool,
    /// Plain text.
    Text,
    /// One of [`FieldSpec::options`].
    Choice,
    /// Keys `{ t, v, interp? }`, `t` over [`FieldSpec::axis`]; values within the limits.
    Curve,
    /// Keys `{ t, color }`, `t` over [`FieldSpec::axis`].
    Gradient,
    /// `#rrggbb`.
    Colour,
    /// A list; `max` is its most entries.
    List,
}

/// Unit of a numeric field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub enum Unit {
    /// Scene pixels.
    #[serde(rename = "px")]
    Px,
    /// Pixels per second.
    #[serde(rename = "px/s")]
    PxPerSec,
    /// Pixels per second squared.
    #[serde(rename = "px/s²")]
    PxPerSec2,
    /// Degrees (clockwise on screen).
    #[serde(rename = "deg")]
    Deg,
    /// Degrees per second.
    #[serde(rename = "deg/s")]
    DegPerSec,
    /// Seconds.
    #[serde(rename = "s")]
    Secs,
    /// Per second (rates, frames per second).
    #[serde(rename = "1/s")]
    PerSec,
    /// Per pixel (spatial frequencies).
    #[serde(rename = "1/px")]
    PerPx,
    /// A multiplier.
    #[serde(rename = "×")]
    Times,
    /// Image pixels.
    #[serde(rename = "image px")]
    ImagePx,
    /// No unit.
    #[serde(rename = "")]
    None,
}

/// What a curve's or gradient's `t` (0..1) runs over: its editor labels the axis with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum CurveAxis {
    /// The particle's normalised life (age / lifetime): the over-life curves.
    #[default]
    Life,
    /// Each emission cycle of the system (time since the cycle's start / `durationSecs`).
    Cycle,
    /// Along a trail, head (`t = 0`) to tail (`t = 1`).
    Trail,
}

/// One editable field (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldSpec {
    /// Document path, e.g. `systems[].ratePerSec`.
    pub path: &'static str,
    /// Input kind.
    pub kind: FieldKind,
    /// Unit (numbers, ranges, curves).
    pub unit: Unit,
    /// Smallest value (inclusive unless `min_exclusive`), or `None`.
    pub min: Option<f64>,
    /// The smallest value itself is refused (`min < value`).
    pub min_exclusive: bool,
    /// Largest value (inclusive), most entries of a list, most characters of a text.
    pub max: Option<f64>,
    /// Increment of the input's arrows.
    pub step: Option<f64>,
    /// Choices of a `choice` field, as written in the document.
    pub options: &'static [&'static str],
    /// What a curve's or gradient's `t` runs over ([`CurveAxis::Life`] for other kinds).
    pub axis: CurveAxis,
}

impl FieldSpec {
    /// A number field without limits yet.
    pub const fn number(path: &'static str, unit: Unit) -> FieldSpec {
        FieldSpec {
            path,
            kind: FieldKind::Number,
            unit,
            min: None,
            min_exclusive: false,
            max: None,
            step: None,
            options: &[],
            axis: CurveAxis::Life,
        }
    }

    /// A field of `kind` without unit or limits.
    pub const fn of(path: &'static str, kind: FieldKind) -> FieldSpec {
        FieldSpec {
            kind,
            unit: Unit::None,
            ..FieldSpec::number(path, Unit::None)
        }
    }

    /// A choice among `options`.
    pub const fn choice(path: &'static str, options: &'static [&'static str]) -> FieldSpec {
        FieldSpec {
            options,
            ..FieldSpec::of(path, FieldKind::Choice)
        }
    }

    /// With a different kind (integer, range, curve, list …).
    pub const fn kind(self, kind: FieldKind) -> FieldSpec {
        FieldSpec { kind, ..self }
    }

    /// With inclusive limits.
    pub const fn limits(self, min: f64, max: f64) -> FieldSpec {
        FieldSpec {
            min: Some(min),
            max: Some(max),
            ..self
        }
    }

    /// With an upper limit only.
    pub const fn at_most(self, max: f64) -> FieldSpec {
        FieldSpec {
            max: Some(max),
            ..self
        }
    }

    /// Refusing the minimum itself.
    pub const fn above_min(self) -> FieldSpec {
        FieldSpec {
            min_exclusive: true,
            ..self
        }
    }

    /// A curve or gradient whose `t` runs over `axis` instead of the particle's life.
    pub const fn along(self, axis: CurveAxis) -> FieldSpec {
        FieldSpec { axis, ..self }
    }

    /// With an input step.
    pub const fn step(self, step: f64) -> FieldSpec {
        FieldSpec {
            step: Some(step),
            ..self
        }
    }

    /// Lower limit as `f32` (−∞ when none).
    pub fn min_f32(&self) -> f32 {
        self.min.map_or(f32::NEG_INFINITY, |v| v as f32)
    }

    /// Upper limit as `f32` (+∞ when none).
    pub fn max_f32(&self) -> f32 {
        self.max.map_or(f32::INFINITY, |v| v as f32)
    }

    /// Upper limit as a count (lists, texts, integers).
    pub fn max_count(&self) -> usize {
        self.max.map_or(usize::MAX, |v| v as usize)
    }
}

/// One field with its default value, as `fieldSchema()` gives it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SchemaField {
    /// The field.
    #[serde(flatten)]
    pub spec: FieldSpec,
    /// Value of a new document, system or skeleton (absent when the field has none, e.g. the
    /// fields of an emitter shape that is not the default one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub default: Option<Value>,
}

/// The whole schema (wasm `fieldSchema()`, `spineparticle schema`).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct FieldSchema {
    /// Document version the schema describes.
    pub version: u32,
    /// Every editable field, in panel order.
    pub fields: Vec<SchemaField>,
}

/// Looks `path` up in a JSON value: `a.b` (`b` of the `items` value of `a` when `a` is absent),
/// `a[]` (first entry, or the `items` value when the list is empty), `x(variant)` (`x` when `x.kind == variant`, else the variant's value of a new
/// entry from `variants`), `a[1]` (an index), `a[](variant)` (likewise for a list entry).
fn lookup(value: &Value, path: &str, items: &Value, variants: &Value) -> Option<Value> {
    let mut cur = value.clone();
    for seg in path.split('.') {
        let (name, variant) = match seg.split_once('(') {
            Some((n, v)) => (n, Some(v.trim_end_matches(')'))),
            None => (seg, None),
        };
        let (name, index) = match name.split_once('[') {
            Some((n, i)) => (n, Some(i.trim_end_matches(']'))),
            None => (name, None),
        };
        cur = match (cur.get(name), variant) {
            (Some(next), _) => next.clone(),
            // An absent list (no forces yet): a new entry of the variant.
            (None, Some(v)) => {
                cur = variants.get(name)?.get(v)?.clone();
                continue;
            }
            // An absent optional object (no trail yet): a new one's.
            (None, None) => items.get(name)?.clone(),
        };
        match index {
            None => {}
            Some("") => {
                cur = match cur.as_array().and_then(|a| a.first()) {
                    Some(first) => first.clone(),
                    None => items.get(name)?.clone(),
                }
            }
            Some(i) => cur = cur.get(i.parse::<usize>().ok()?)?.clone(),
        }
        if let Some(v) = variant
            && cur.get("kind").and_then(Value::as_str) != Some(v)
        {
            cur = variants.get(name)?.get(v)?.clone();
        }
    }
    Some(cur)
}

/// The schema with defaults from the types' `Default` (see the module doc).
pub fn field_schema() -> FieldSchema {
    let scene = json(&Scene::default());
    // Defaults of list entries and optional objects the default document has none of: a new
    // system, skeleton, image, model, burst, trail.
    let items = serde_json::json!({
        "systems": json(&ParticleSystem::default()),
        "skeletons": json(&SkeletonObject::default()),
        "images": json(&super::ImageAsset::default()),
        "models": json(&super::ModelObject::default()),
        "bursts": json(&super::Burst::NEW),
        "trail": json(&crate::behaviour::Trail::default()),
        "colliders": json(&super::Collider::default()),
        "paths": json(&super::PathObject::default()),
        "handles": json(&super::BezierHandles::default()),
        "collision": json(&crate::behaviour::Collision::default()),
        "pathFollow": json(&crate::behaviour::PathFollow::default()),
    });
    // What the editor puts in when the user picks a kind: every emitter shape and force.
    let variants = serde_json::json!({
        "emitter": tagged(EmitterShape::NEW_SHAPES),
        "forces": tagged(&[
            Force::Turbulence(Turbulence::default()),
            Force::Vortex(Vortex::default()),
            Force::Attractor(Attractor::default()),
            Force::Wind(Wind::default()),
            Force::Drag(Drag::default()),
            Force::SpeedLimit(SpeedLimit::default()),
        ]),
        "shape": tagged(super::ColliderShape::NEW_SHAPES),
    });
    let fields = fields::ALL
        .iter()
        .map(|spec| SchemaField {
            spec: **spec,
            default: lookup(&scene, spec.path, &items, &variants),
        })
        .collect();
    FieldSchema {
        version: super::DOCUMENT_VERSION,
        fields,
    }
}

/// `v` as JSON with its numbers as a saved document writes them (an `f32` 0.01 stays 0.01, where
/// `serde_json::to_value` would widen it to 0.009999999776482582).
fn json<T: Serialize>(v: &T) -> Value {
    serde_json::to_string(v)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null)
}

/// Tagged values (`{ "kind": … }`) keyed by their kind.
fn tagged<T: Serialize>(values: &[T]) -> Value {
    let mut out = serde_json::Map::new();
    for v in values {
        let value = json(v);
        if let Some(kind) = value.get("kind").and_then(Value::as_str) {
            out.insert(kind.to_string(), value.clone());
        }
    }
    Value::Object(out)
}

/// The spec of `path`, if the schema has it.
pub fn spec(path: &str) -> Option<&'static FieldSpec> {
    fields::ALL.iter().copied().find(|s| s.path == path)
}

#[cfg(test)]
mod tests;
