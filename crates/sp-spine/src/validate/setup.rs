//! Setup checks of the validator: the skeleton header, bones, slots, skins and their
//! attachments, and the slots' setup attachments.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::{Setup, Validator, describe, key_path, kind};

impl Validator {
    pub(super) fn check_skeleton(&mut self, sk: &Value) {
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

    pub(super) fn check_bones(&mut self, bones: Option<&Value>, setup: &mut Setup) {
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
            if let Some(v) = o.get("inherit")
                && !v
                    .as_str()
                    .is_some_and(|s| super::INHERIT_MODES.contains(&s))
            {
                self.issue(
                    format!("{path}.inherit"),
                    format!("unknown inherit mode {}", describe(v)),
                );
            }
            if !setup.bones.insert(name.clone()) {
                self.issue(
                    format!("{path}.name"),
                    format!("duplicate bone name {name:?}"),
                );
            }
        }
    }

    pub(super) fn check_slots(&mut self, slots: Option<&Value>, setup: &mut Setup) {
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

    pub(super) fn check_skins(&mut self, skins: Option<&Value>, setup: &mut Setup) {
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

    pub(super) fn check_setup_attachments(&mut self, slots: Option<&Value>, setup: &Setup) {
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
