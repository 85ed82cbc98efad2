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

mod animations;
pub mod mesh;
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

    fn check_skeleton(&mut self, sk: &Value) {
        let Some(o) = sk.as_object() else {
            self.issue(
                "skeleton",
                format!("expected an object, found {}", kind(sk)),
            );
            return;
        };
        for k in ["x", "y", "width", "height", "fps", "referenceScale"] {
            self.number(o, k, "skeleton");
        }
        match o.get("spine") {
            Some(Value::String(s)) if s.starts_with("4.2") => {}
            Some(other) => self.issue(
                "skeleton.spine",
                format!("expected a \"4.2.x\" version, found {}", describe(other)),
            ),
            None => self.issue(
                "skeleton.spine",
                "missing: the editor needs the version to pick the 4.2 reader",
            ),
        }
        for k in ["hash", "images", "audio"] {
            if let Some(v) = o.get(k)
                && !v.is_string()
            {
                self.issue(
                    key_path("skeleton", k),
                    format!("expected a string, found {}", kind(v)),
                );
            }
        }
    }

    fn check_bones(&mut self, bones: Option<&Value>, setup: &mut Setup) {
        let Some(bones) = bones else {
            self.issue("bones", "missing: a skeleton needs at least the root bone");
            return;
        };
        let Some(list) = bones.as_array() else {
            self.issue("bones", format!("expected an array, found {}", kind(bones)));
            return;
        };
        for (i, bone) in list.iter().enumerate() {
            let path = format!("bones[{i}]");
            let Some(o) = bone.as_object() else {
                self.issue(path, format!("expected an object, found {}", kind(bone)));
                continue;
            };
            let name = match o.get("name") {
                Some(Value::String(s)) if !s.is_empty() => s.clone(),
                other => {
                    self.issue(
                        format!("{path}.name"),
                        format!(
                            "expected a non-empty string, found {}",
                            other.map_or("nothing".into(), describe)
                        ),
                    );
                    continue;
                }
            };
            match o.get("parent") {
                None if i == 0 => {}
                None => self.issue(
                    format!("{path}.parent"),
                    "missing: only the first bone may be the root",
                ),
                Some(Value::String(p)) if setup.bones.contains(p) => {}
                Some(Value::String(p)) => self.issue(
                    format!("{path}.parent"),
                    format!(
                        "bone {p:?} is not listed before {name:?} (parents must precede children)"
                    ),
                ),
                Some(other) => self.issue(
                    format!("{path}.parent"),
                    format!("expected a bone name, found {}", kind(other)),
                ),
            }
            for k in [
                "length", "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY",
            ] {
                self.number(o, k, &path);
            }
            if let Some(v) = o.get("inherit") {
                const MODES: [&str; 5] = [
                    "normal",
                    "onlyTranslation",
                    "noRotationOrReflection",
                    "noScale",
                    "noScaleOrReflection",
                ];
                if !v.as_str().is_some_and(|s| MODES.contains(&s)) {
                    self.issue(
                        format!("{path}.inherit"),
                        format!("unknown inherit mode {}", describe(v)),
                    );
                }
            }
            if !setup.bones.insert(name.clone()) {
                self.issue(
                    format!("{path}.name"),
                    format!("duplicate bone name {name:?}"),
                );
            }
        }
    }

    fn check_slots(&mut self, slots: Option<&Value>, setup: &mut Setup) {
        let Some(slots) = slots else { return };
        let Some(list) = slots.as_array() else {
            self.issue("slots", format!("expected an array, found {}", kind(slots)));
            return;
        };
        for (i, slot) in list.iter().enumerate() {
            let path = format!("slots[{i}]");
            let Some(o) = slot.as_object() else {
                self.issue(path, format!("expected an object, found {}", kind(slot)));
                continue;
            };
            let Some(name) = o
                .get("name")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            else {
                self.issue(format!("{path}.name"), "expected a non-empty string");
                continue;
            };
            match o.get("bone").and_then(Value::as_str) {
                Some(b) if setup.bones.contains(b) => {}
                Some(b) => self.issue(format!("{path}.bone"), format!("bone {b:?} does not exist")),
                None => self.issue(format!("{path}.bone"), "missing bone"),
            }
            self.color(o.get("color"), &format!("{path}.color"), 8, false);
            self.color(o.get("dark"), &format!("{path}.dark"), 6, false);
            if let Some(v) = o.get("blend")
                && !v
                    .as_str()
                    .is_some_and(|s| ["normal", "additive", "multiply", "screen"].contains(&s))
            {
                self.issue(
                    format!("{path}.blend"),
                    format!("unknown blend mode {}", describe(v)),
                );
            }
            if !setup.slots.insert(name.to_owned()) {
                self.issue(
                    format!("{path}.name"),
                    format!("duplicate slot name {name:?}"),
                );
            }
            setup.slot_order.push(name.to_owned());
        }
    }

    fn check_skins(&mut self, skins: Option<&Value>, setup: &mut Setup) {
        let Some(skins) = skins else { return };
        let Some(list) = skins.as_array() else {
            self.issue(
                "skins",
                format!(
                    "must be an array of skins (4.x form), found {}",
                    kind(skins)
                ),
            );
            return;
        };
        for (i, skin) in list.iter().enumerate() {
            let path = format!("skins[{i}]");
            let Some(name) = skin.get("name").and_then(Value::as_str) else {
                self.issue(format!("{path}.name"), "missing skin name");
                continue;
            };
            let mut slots_map = BTreeMap::new();
            if let Some(att) = skin.get("attachments") {
                let Some(att) = att.as_object() else {
                    self.issue(format!("{path}.attachments"), "expected an object");
                    continue;
                };
                for (slot, entries) in att {
                    let spath = key_path(&format!("{path}.attachments"), slot);
                    if !setup.slots.contains(slot) {
                        self.issue(&spath, format!("slot {slot:?} does not exist"));
                    }
                    let Some(entries) = entries.as_object() else {
                        self.issue(&spath, "expected an object of attachments");
                        continue;
                    };
                    let mut keys = BTreeSet::new();
                    for (key, a) in entries {
                        self.check_attachment(&key_path(&spath, key), a, setup.bones.len());
                        keys.insert(key.clone());
                    }
                    slots_map.insert(slot.clone(), keys);
                }
            }
            setup.skins.insert(name.to_owned(), slots_map);
        }
    }

    fn check_attachment(&mut self, path: &str, a: &Value, bone_count: usize) {
        let Some(o) = a.as_object() else {
            self.issue(path, format!("expected an object, found {}", kind(a)));
            return;
        };
        let ty = o.get("type").and_then(Value::as_str).unwrap_or("region");
        match ty {
            "region" => {
                self.required_number(o, "width", path);
                self.required_number(o, "height", path);
                for k in ["x", "y", "rotation", "scaleX", "scaleY"] {
                    self.number(o, k, path);
                }
            }
            "mesh" => self.check_mesh(path, o, bone_count),
            other => self.issue(
                format!("{path}.type"),
                format!("attachment type {other:?} is not one this exporter writes"),
            ),
        }
        self.color(o.get("color"), &format!("{path}.color"), 8, false);
        if let Some(p) = o.get("path") {
            match p.as_str() {
                Some(s)
                    if s.starts_with("data:")
                        || s.starts_with("blob:")
                        || s.starts_with('/')
                        || s.contains('\\') =>
                {
                    self.issue(
                        format!("{path}.path"),
                        format!("{s:?} is not a relative image path"),
                    );
                }
                Some(_) => {}
                None => self.issue(format!("{path}.path"), "expected a string"),
            }
        }
    }

    fn check_setup_attachments(&mut self, slots: Option<&Value>, setup: &Setup) {
        let Some(list) = slots.and_then(Value::as_array) else {
            return;
        };
        for (i, slot) in list.iter().enumerate() {
            let (Some(name), Some(att)) = (
                slot.get("name").and_then(Value::as_str),
                slot.get("attachment"),
            ) else {
                continue;
            };
            if att.is_null() {
                continue;
            }
            let Some(att) = att.as_str() else {
                self.issue(format!("slots[{i}].attachment"), "expected a string");
                continue;
            };
            let exists = setup
                .skins
                .values()
                .any(|s| s.get(name).is_some_and(|k| k.contains(att)));
            if !exists {
                self.issue(
                    format!("slots[{i}].attachment"),
                    format!("no skin has attachment {att:?} for slot {name:?}"),
                );
            }
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
