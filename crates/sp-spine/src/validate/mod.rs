//! Structural validator of Spine 4.2 JSON (export spec §16.1 plus the runtime traps of
//! `docs/reference/spine-format.md`): unique bone names, parents before children, slots on existing
//! bones, skins as an array naming existing slots, region sizes present, attachment keys naming
//! existing attachments, only timeline names the Java runtime knows, no empty timelines, every
//! curve channel present, times ascending, colours `rrggbbaa` without `#`, every number finite;
//! meshes with consistent counts, valid bone indices and weights summing to 1, and no `deform`
//! timeline anywhere ([`mesh`]); no constraint section (`ik`, `transform`, `path`, `physics`, at
//! the top level or in an animation): colliders and paths are baked, never exported as objects
//! (§2.3, §10.2–10.3).
//! Every issue names its JSON path (`animations.fire.slots._particle_000.rgba[3].color`).
//!
//! [`validate_str`] / [`validate`] read any JSON text; the exporter checks the skeleton it is
//! about to write with the same rules on its types ([`typed::validate_file`]), without parsing
//! its own output back.
//!
//! Files: this one holds the entry points, the shared field checks and the order of the
//! sections; `setup.rs` checks the skeleton, bones, slots and skins, `animations.rs` the
//! animations, [`mesh`] the meshes.

mod animations;
pub mod mesh;
mod setup;
pub mod typed;

pub use typed::validate_file;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::error::{Error, Result};

/// Constraint sections (top level and animation timelines) this exporter never writes: colliders
/// and paths are baked into the bones' own timelines (export spec §2.3, §10.2–10.3: no Path
/// Constraint), and the runtimes resolve these sections by name against constraints a file of
/// ours does not define.
pub(crate) const CONSTRAINT_SECTIONS: [&str; 4] = ["ik", "transform", "path", "physics"];

/// The issue for a constraint section (see [`CONSTRAINT_SECTIONS`]).
pub(crate) const CONSTRAINT_MESSAGE: &str = "a constraint section is not one this exporter writes: colliders and paths are baked into bone timelines (export spec §2.3, §10.2–10.3)";

/// The bone `inherit` modes of Spine 4.2 (`../shared/reference/spine-format.md`, bones): the
/// official runtime leaves any other value an undefined enum, silently, so both validators refuse
/// it.
pub(crate) const INHERIT_MODES: [&str; 5] = [
    "normal",
    "onlyTranslation",
    "noRotationOrReflection",
    "noScale",
    "noScaleOrReflection",
];

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// JSON path.
    pub path: String,
    /// The rule broken.
    pub message: String,
}

/// Validates JSON text; the first issue becomes [`Error::Invalid`].
pub fn validate_str(json: &str) -> Result<()> {
    let value: Value = serde_json::from_str(json)?;
    match validate(&value).into_iter().next() {
        None => Ok(()),
        Some(issue) => Err(Error::Invalid {
            path: issue.path,
            message: issue.message,
        }),
    }
}

/// The first issue of `file` (see [`typed`]) as [`Error::Invalid`].
pub fn validate_skeleton(file: &crate::json::SkeletonFile) -> Result<()> {
    match validate_file(file).into_iter().next() {
        None => Ok(()),
        Some(issue) => Err(Error::Invalid {
            path: issue.path,
            message: issue.message,
        }),
    }
}

/// All issues of a parsed skeleton (empty when valid).
pub fn validate(root: &Value) -> Vec<Issue> {
    let mut v = Validator::default();
    v.check(root);
    v.issues
}

/// Names known after the setup sections, for the animation checks.
#[derive(Default)]
pub(crate) struct Setup {
    pub bones: BTreeSet<String>,
    pub slots: BTreeSet<String>,
    /// Slot names in setup order.
    pub slot_order: Vec<String>,
    /// skin → slot → entry keys.
    pub skins: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

#[derive(Default)]
pub(crate) struct Validator {
    pub issues: Vec<Issue>,
}

pub(crate) fn key_path(base: &str, key: &str) -> String {
    let simple = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if simple {
        format!("{base}.{key}")
    } else {
        format!("{base}[{key:?}]")
    }
}

impl Validator {
    pub(crate) fn issue(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.issues.push(Issue {
            path: path.into(),
            message: message.into(),
        });
    }

    /// A number field: absent is fine (runtime default), present must be a finite number.
    pub(crate) fn number(&mut self, obj: &serde_json::Map<String, Value>, key: &str, path: &str) {
        match obj.get(key) {
            None => {}
            Some(Value::Number(n)) if n.as_f64().is_some_and(f64::is_finite) => {}
            Some(other) => self.issue(
                key_path(path, key),
                format!("expected a finite number, found {}", kind(other)),
            ),
        }
    }

    /// A required number field.
    pub(crate) fn required_number(
        &mut self,
        obj: &serde_json::Map<String, Value>,
        key: &str,
        path: &str,
    ) {
        if obj.contains_key(key) {
            self.number(obj, key, path);
        } else {
            self.issue(key_path(path, key), "missing (required by the runtimes)");
        }
    }

    /// A colour string `rrggbbaa` (or `rrggbb` when `len` is 6).
    pub(crate) fn color(&mut self, value: Option<&Value>, path: &str, len: usize, required: bool) {
        match value {
            None if !required => {}
            None => self.issue(path, "missing colour"),
            Some(Value::String(s))
                if s.len() == len && s.chars().all(|c| c.is_ascii_hexdigit()) => {}
            Some(other) => self.issue(
                path,
                format!(
                    "expected a colour \"{}\" without '#', found {}",
                    "rrggbbaa"[..len].to_owned(),
                    describe(other)
                ),
            ),
        }
    }

    fn check(&mut self, root: &Value) {
        let Some(obj) = root.as_object() else {
            self.issue("$", format!("expected an object, found {}", kind(root)));
            return;
        };
        if let Some(sk) = obj.get("skeleton") {
            self.check_skeleton(sk);
        }
        for section in CONSTRAINT_SECTIONS {
            if obj.contains_key(section) {
                self.issue(section, CONSTRAINT_MESSAGE);
            }
        }
        let mut setup = Setup::default();
        self.check_bones(obj.get("bones"), &mut setup);
        self.check_slots(obj.get("slots"), &mut setup);
        self.check_skins(obj.get("skins"), &mut setup);
        self.check_setup_attachments(obj.get("slots"), &setup);
        match obj.get("animations") {
            None => {}
            Some(Value::Object(anims)) => {
                for (name, anim) in anims {
                    self.check_animation(&key_path("animations", name), anim, &setup);
                }
            }
            Some(other) => self.issue(
                "animations",
                format!("expected an object, found {}", kind(other)),
            ),
        }
    }
}

pub(crate) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null (a NaN or infinite number?)",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(crate) fn describe(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => kind(other).to_owned(),
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_typed;
