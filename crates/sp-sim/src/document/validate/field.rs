//! The rules of one field, each naming its JSON path: numbers, integers and ranges within the
//! field schema's limits, curves and gradients, list lengths, texts and texture or image
//! references (see the [parent module](super) for the limits).

use super::super::curve::{Curve, Gradient};
use super::super::schema::{FieldSpec, fields as f};
use super::super::system::Range;
use crate::error::FieldIssue;
use crate::textures::{BUILTIN_NAMES, BUILTIN_PREFIX};
use crate::{Error, Result};

/// A curve: at most [`f::CURVE_KEYS`] keys, `t` in 0..=1, values within `spec`.
pub(crate) fn curve(p: &str, c: &Curve, spec: &FieldSpec) -> Result<()> {
    list_len(p, c.keys.len(), &f::CURVE_KEYS, "keys")?;
    for (i, k) in c.keys.iter().enumerate() {
        unit_interval(&format!("{p}[{i}].t"), k.t)?;
        num(&format!("{p}[{i}].v"), k.v, spec)?;
    }
    Ok(())
}

pub(crate) fn gradient(p: &str, g: &Gradient) -> Result<()> {
    list_len(p, g.keys.len(), &f::CURVE_KEYS, "keys")?;
    for (i, k) in g.keys.iter().enumerate() {
        unit_interval(&format!("{p}[{i}].t"), k.t)?;
    }
    Ok(())
}

/// A key time: 0..=1 of the particle's life.
fn unit_interval(p: &str, t: f32) -> Result<()> {
    check(p, t, 0.0, 1.0)
}

pub(crate) fn range(p: &str, r: Range, spec: &FieldSpec) -> Result<()> {
    num(&format!("{p}.min"), r.min, spec)?;
    num(&format!("{p}.max"), r.max, spec)
}

/// A number within `spec`'s inclusive limits.
pub(crate) fn num(p: &str, v: f32, spec: &FieldSpec) -> Result<()> {
    check(p, v, spec.min_f32(), spec.max_f32())
}

/// `spec.min < v` for a field whose minimum is exclusive (`unit` ends the English sentence).
pub(crate) fn positive(p: &str, v: f32, spec: &FieldSpec, unit: &'static str) -> Result<()> {
    if spec.min_exclusive && v <= spec.min_f32() {
        Err(err(
            p,
            FieldIssue::NotPositive {
                value: short(v),
                unit,
            },
        ))
    } else {
        Ok(())
    }
}

pub(crate) fn check(p: &str, v: f32, lo: f32, hi: f32) -> Result<()> {
    if !v.is_finite() {
        Err(err(p, FieldIssue::NotFinite))
    } else if v > hi {
        Err(err(
            p,
            FieldIssue::AboveMax {
                value: short(v),
                limit: short(hi),
            },
        ))
    } else if v < lo {
        Err(err(
            p,
            FieldIssue::BelowMin {
                value: short(v),
                limit: short(lo),
            },
        ))
    } else {
        Ok(())
    }
}

/// A whole number within `spec`'s limits.
pub(crate) fn int(p: &str, v: u32, spec: &FieldSpec) -> Result<()> {
    let (lo, hi) = (spec.min.unwrap_or(0.0), spec.max.unwrap_or(f64::MAX));
    let x = f64::from(v);
    if x > hi {
        Err(err(
            p,
            FieldIssue::AboveMax {
                value: x,
                limit: hi,
            },
        ))
    } else if x < lo {
        Err(err(
            p,
            FieldIssue::BelowMin {
                value: x,
                limit: lo,
            },
        ))
    } else {
        Ok(())
    }
}

/// A list of at most `spec.max` entries (`noun` names them in the English sentence).
pub(crate) fn list_len(p: &str, n: usize, spec: &FieldSpec, noun: &'static str) -> Result<()> {
    let limit = spec.max_count();
    if n > limit {
        Err(err(
            p,
            FieldIssue::TooMany {
                count: n,
                limit,
                noun,
            },
        ))
    } else {
        Ok(())
    }
}

/// An `f32` as the `f64` of its shortest decimal form (so messages print `1.2`, not
/// `1.2000000476837158`).
pub(super) fn short(v: f32) -> f64 {
    format!("{v}").parse().unwrap_or(f64::from(v))
}

/// A text: no control characters, at most `spec.max` characters.
pub(crate) fn text(p: &str, s: &str, spec: &FieldSpec) -> Result<()> {
    let n = s.chars().count();
    let limit = spec.max_count();
    if n > limit {
        return Err(err(p, FieldIssue::TooLong { count: n, limit }));
    }
    if s.chars().any(char::is_control) {
        return Err(err(p, FieldIssue::ControlCharacters));
    }
    Ok(())
}

pub(super) fn optional_path(p: &str, s: &str, spec: &FieldSpec) -> Result<()> {
    if s.is_empty() {
        Ok(())
    } else {
        reference(p, s, spec)
    }
}

/// A texture or image reference (see the module doc).
pub(crate) fn reference(p: &str, s: &str, spec: &FieldSpec) -> Result<()> {
    text(p, s, spec)?;
    if s.is_empty() {
        return Err(err(p, FieldIssue::Empty));
    }
    let reference = || s.to_string();
    if let Some(builtin) = s.strip_prefix(BUILTIN_PREFIX) {
        return if BUILTIN_NAMES.contains(&builtin) {
            Ok(())
        } else {
            Err(err(
                p,
                FieldIssue::UnknownBuiltin {
                    reference: reference(),
                    known: BUILTIN_NAMES.join(", "),
                },
            ))
        };
    }
    if s.contains(':') {
        return Err(err(
            p,
            FieldIssue::NotRelative {
                reference: reference(),
            },
        ));
    }
    if s.starts_with('/') {
        return Err(err(
            p,
            FieldIssue::AbsolutePath {
                reference: reference(),
            },
        ));
    }
    if s.contains('\\') {
        return Err(err(
            p,
            FieldIssue::Backslash {
                reference: reference(),
            },
        ));
    }
    if s.split('/').any(|seg| seg == "..") {
        return Err(err(
            p,
            FieldIssue::LeavesFolder {
                reference: reference(),
            },
        ));
    }
    Ok(())
}

pub(crate) fn err(path: &str, issue: FieldIssue) -> Error {
    Error::Field {
        path: path.to_string(),
        issue,
    }
}
