//! Animation checks of the validator: timeline names, key fields, times, curves.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{Setup, Validator, describe, key_path, kind};

const ANIMATION_KEYS: [&str; 9] = [
    "slots",
    "bones",
    "ik",
    "transform",
    "path",
    "physics",
    "attachments",
    "drawOrder",
    "events",
];

/// Slot timelines: name → (colour fields with their lengths, curve channels).
fn slot_timeline(name: &str) -> Option<(&'static [(&'static str, usize)], usize)> {
    Some(match name {
        "attachment" => (&[], 0),
        "rgba" => (&[("color", 8)], 4),
        "rgb" => (&[("color", 6)], 3),
        "alpha" => (&[], 1),
        "rgba2" => (&[("light", 8), ("dark", 6)], 7),
        "rgb2" => (&[("light", 6), ("dark", 6)], 6),
        _ => return None,
    })
}

/// Bone timelines: name → (value fields, curve channels).
fn bone_timeline(name: &str) -> Option<(&'static [&'static str], usize)> {
    Some(match name {
        "rotate" | "translatex" | "translatey" | "scalex" | "scaley" | "shearx" | "sheary" => {
            (&["value"], 1)
        }
        "translate" | "scale" | "shear" => (&["x", "y"], 2),
        "inherit" => (&[], 0),
        _ => return None,
    })
}

impl Validator {
    pub(crate) fn check_animation(&mut self, path: &str, anim: &Value, setup: &Setup) {
        let Some(o) = anim.as_object() else {
            self.issue(path, format!("expected an object, found {}", kind(anim)));
            return;
        };
        for key in o.keys() {
            if !ANIMATION_KEYS.contains(&key.as_str()) {
                self.issue(key_path(path, key), "unknown animation section");
            }
        }
        if let Some(slots) = o.get("slots") {
            self.each_object(slots, &format!("{path}.slots"), |v, spath, slot, timelines| {
                if !setup.slots.contains(slot) {
                    v.issue(spath, format!("slot {slot:?} does not exist"));
                }
                for (name, keys) in timelines {
                    let tpath = key_path(spath, name);
                    let Some((colors, channels)) = slot_timeline(name) else {
                        v.issue(&tpath, "unknown slot timeline (the Java runtime throws)");
                        continue;
                    };
                    let Some(keys) = v.keys(keys, &tpath) else { continue };
                    for (i, key) in keys.iter().enumerate() {
                        let kpath = format!("{tpath}[{i}]");
                        let Some(k) = key.as_object() else { continue };
                        for &(field, len) in colors {
                            v.color(k.get(field), &format!("{kpath}.{field}"), len, true);
                        }
                        if name == "alpha" {
                            v.number(k, "value", &kpath);
                        }
                        if name == "attachment" {
                            match k.get("name") {
                                None | Some(Value::Null) => {}
                                Some(Value::String(att)) => {
                                    let known = setup.skins.values().any(|s| s.get(slot).is_some_and(|e| e.contains(att)));
                                    if !known {
                                        v.issue(format!("{kpath}.name"), format!("attachment {att:?} is not in any skin for slot {slot:?}"));
                                    }
                                }
                                Some(other) => v.issue(format!("{kpath}.name"), format!("expected a name or null, found {}", kind(other))),
                            }
                        }
                        v.curve(k, &kpath, channels);
                    }
                }
            });
        }
        if let Some(attachments) = o.get("attachments") {
            self.check_attachment_timelines(&format!("{path}.attachments"), attachments, setup);
        }
        if let Some(order) = o.get("drawOrder") {
            self.check_draw_order(&format!("{path}.drawOrder"), order, setup);
        }
        if let Some(bones) = o.get("bones") {
            self.each_object(
                bones,
                &format!("{path}.bones"),
                |v, bpath, bone, timelines| {
                    if !setup.bones.contains(bone) {
                        v.issue(bpath, format!("bone {bone:?} does not exist"));
                    }
                    for (name, keys) in timelines {
                        let tpath = key_path(bpath, name);
                        let Some((fields, channels)) = bone_timeline(name) else {
                            v.issue(&tpath, "unknown bone timeline (the Java runtime throws)");
                            continue;
                        };
                        let Some(keys) = v.keys(keys, &tpath) else {
                            continue;
                        };
                        for (i, key) in keys.iter().enumerate() {
                            let kpath = format!("{tpath}[{i}]");
                            let Some(k) = key.as_object() else { continue };
                            for f in fields {
                                v.number(k, f, &kpath);
                            }
                            v.curve(k, &kpath, channels);
                        }
                    }
                },
            );
        }
    }

    /// `drawOrder` keys: offsets name existing slots in setup order and form a permutation.
    fn check_draw_order(&mut self, path: &str, order: &Value, setup: &Setup) {
        let Some(keys) = self.keys(order, path) else {
            return;
        };
        let n = setup.slot_order.len() as i64;
        for (i, key) in keys.iter().enumerate() {
            let kpath = format!("{path}[{i}]");
            let Some(offsets) = key.get("offsets") else {
                continue;
            };
            let Some(offsets) = offsets.as_array() else {
                self.issue(
                    format!("{kpath}.offsets"),
                    format!("expected an array, found {}", kind(offsets)),
                );
                continue;
            };
            let mut last: i64 = -1;
            let mut targets = BTreeSet::new();
            for (j, entry) in offsets.iter().enumerate() {
                let epath = format!("{kpath}.offsets[{j}]");
                let slot = entry
                    .get("slot")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let Some(index) = setup.slot_order.iter().position(|s| s == slot) else {
                    self.issue(
                        format!("{epath}.slot"),
                        format!("slot {slot:?} does not exist"),
                    );
                    continue;
                };
                let index = index as i64;
                if index <= last {
                    self.issue(
                        format!("{epath}.slot"),
                        "offsets must be listed in setup slot order",
                    );
                }
                last = index;
                let Some(offset) = entry.get("offset").and_then(Value::as_i64) else {
                    self.issue(format!("{epath}.offset"), "expected an integer");
                    continue;
                };
                let target = index + offset;
                if !(0..n).contains(&target) || !targets.insert(target) {
                    self.issue(
                        format!("{epath}.offset"),
                        format!("moves slot {slot:?} to an invalid or taken index {target}"),
                    );
                }
            }
        }
    }

    /// Calls `f` for every entry of an object of objects.
    fn each_object(
        &mut self,
        value: &Value,
        path: &str,
        mut f: impl FnMut(&mut Validator, &str, &str, &Map<String, Value>),
    ) {
        let Some(o) = value.as_object() else {
            self.issue(path, format!("expected an object, found {}", kind(value)));
            return;
        };
        for (name, inner) in o {
            let ipath = key_path(path, name);
            match inner.as_object() {
                Some(m) => f(self, &ipath, name, m),
                None => self.issue(
                    ipath,
                    format!("expected an object of timelines, found {}", kind(inner)),
                ),
            }
        }
    }

    /// A timeline's key array: non-empty, objects, times finite, ≥ 0 and ascending.
    pub(crate) fn keys<'a>(&mut self, keys: &'a Value, path: &str) -> Option<&'a Vec<Value>> {
        let Some(list) = keys.as_array() else {
            self.issue(
                path,
                format!("expected an array of keys, found {}", kind(keys)),
            );
            return None;
        };
        if list.is_empty() {
            self.issue(
                path,
                "empty timeline (spine-core crashes on empty colour timelines)",
            );
            return None;
        }
        let mut last = f64::NEG_INFINITY;
        for (i, key) in list.iter().enumerate() {
            let kpath = format!("{path}[{i}]");
            let Some(k) = key.as_object() else {
                self.issue(kpath, format!("expected a key object, found {}", kind(key)));
                continue;
            };
            let time = match k.get("time") {
                None => 0.0,
                Some(Value::Number(n)) if n.as_f64().is_some_and(f64::is_finite) => {
                    n.as_f64().unwrap_or(0.0)
                }
                Some(other) => {
                    self.issue(
                        format!("{kpath}.time"),
                        format!("expected a finite number, found {}", kind(other)),
                    );
                    continue;
                }
            };
            if time < 0.0 {
                self.issue(format!("{kpath}.time"), format!("negative time {time}"));
            }
            if time < last {
                self.issue(
                    format!("{kpath}.time"),
                    format!("time {time} is before the previous key's {last}"),
                );
            }
            last = time;
        }
        Some(list)
    }

    /// `curve`: absent, `"stepped"`, or exactly 4 finite numbers per channel.
    fn curve(&mut self, key: &Map<String, Value>, path: &str, channels: usize) {
        let Some(curve) = key.get("curve") else {
            return;
        };
        let cpath = format!("{path}.curve");
        match curve {
            Value::String(s) if s == "stepped" => {}
            Value::Array(a) if channels > 0 => {
                if a.len() != channels * 4 {
                    self.issue(
                        &cpath,
                        format!(
                            "expected {} numbers (4 per channel), found {}",
                            channels * 4,
                            a.len()
                        ),
                    );
                }
                for (i, n) in a.iter().enumerate() {
                    if !n.as_f64().is_some_and(f64::is_finite) {
                        self.issue(
                            format!("{cpath}[{i}]"),
                            format!("expected a finite number, found {}", kind(n)),
                        );
                    }
                }
            }
            other => self.issue(
                cpath,
                format!(
                    "expected \"stepped\" or a handle array, found {}",
                    describe(other)
                ),
            ),
        }
    }
}
