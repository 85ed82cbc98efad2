//! Mesh checks of the validator (export spec §16.1; trails, §9): UV, vertex and triangle counts,
//! UVs inside the region, the hull within the vertices, weighted vertices with valid bone indices
//! (into the final `bones` array) and weights summing to 1 within [`WEIGHT_SUM_TOLERANCE`]; and
//! the `attachments` animation section, where a `deform` timeline is refused (§9.1: trails are
//! bone chains, never per-frame deforms).

use serde_json::{Map, Value};

use super::{Setup, Validator, key_path, kind};

/// Largest allowed distance of a vertex's weight sum from 1.
pub const WEIGHT_SUM_TOLERANCE: f64 = 1e-6;

impl Validator {
    /// A mesh attachment: UV/vertex/triangle counts, hull, bone indices and weights;
    /// `bone_count` is the length of the skeleton's `bones` array.
    pub(crate) fn check_mesh(&mut self, path: &str, o: &Map<String, Value>, bone_count: usize) {
        let nums = |k: &str| -> Option<Vec<f64>> {
            o.get(k)?.as_array()?.iter().map(Value::as_f64).collect()
        };
        let Some(uvs) = nums("uvs") else {
            self.issue(format!("{path}.uvs"), "missing or not all numbers");
            return;
        };
        if uvs.len() % 2 != 0 || uvs.is_empty() {
            self.issue(
                format!("{path}.uvs"),
                "expected a non-empty list of (u, v) pairs",
            );
            return;
        }
        if let Some(i) = uvs.iter().position(|u| !(0.0..=1.0).contains(u)) {
            self.issue(
                format!("{path}.uvs[{i}]"),
                format!("{} is outside the image (0..1)", uvs[i]),
            );
        }
        let vertex_count = uvs.len() / 2;
        match nums("triangles") {
            Some(t)
                if !t.is_empty()
                    && t.len() % 3 == 0
                    && t.iter()
                        .all(|&i| i >= 0.0 && (i as usize) < vertex_count && i.fract() == 0.0) => {}
            _ => self.issue(
                format!("{path}.triangles"),
                format!("expected index triples below the vertex count {vertex_count}"),
            ),
        }
        match o.get("hull") {
            None => {}
            Some(h) => match h.as_f64() {
                Some(h) if h.fract() == 0.0 && (3.0..=vertex_count as f64).contains(&h) => {}
                _ => self.issue(
                    format!("{path}.hull"),
                    format!(
                        "expected a vertex count from 3 to {vertex_count}, found {}",
                        super::describe(h)
                    ),
                ),
            },
        }
        for k in ["width", "height"] {
            self.number(o, k, path);
        }
        let Some(v) = nums("vertices") else {
            self.issue(format!("{path}.vertices"), "missing or not all numbers");
            return;
        };
        if v.len() == uvs.len() {
            return;
        }
        let mut i = 0;
        for vertex in 0..vertex_count {
            let Some(&count) = v.get(i) else {
                self.issue(
                    format!("{path}.vertices"),
                    format!("weighted stream ends before vertex {vertex}"),
                );
                return;
            };
            if count < 1.0 || count.fract() != 0.0 {
                self.issue(
                    format!("{path}.vertices[{i}]"),
                    format!("vertex {vertex}: {count} is not a bone count"),
                );
                return;
            }
            i += 1;
            let mut sum = 0.0;
            for _ in 0..count as usize {
                let Some(&[bone, _, _, w]) =
                    v.get(i..i + 4).and_then(|s| <&[f64; 4]>::try_from(s).ok())
                else {
                    self.issue(
                        format!("{path}.vertices"),
                        format!("weighted stream ends inside vertex {vertex}"),
                    );
                    return;
                };
                if bone < 0.0 || bone.fract() != 0.0 || bone as usize >= bone_count {
                    self.issue(
                        format!("{path}.vertices[{i}]"),
                        format!(
                            "vertex {vertex}: bone index {bone} is not one of the {bone_count} bones"
                        ),
                    );
                }
                sum += w;
                i += 4;
            }
            if (sum - 1.0).abs() > WEIGHT_SUM_TOLERANCE {
                self.issue(
                    format!("{path}.vertices"),
                    format!("weights of vertex {vertex} sum to {sum}, not 1"),
                );
            }
        }
        if i != v.len() {
            self.issue(
                format!("{path}.vertices"),
                "weighted stream longer than the vertex count",
            );
        }
    }

    /// The `attachments` section of an animation: skin → slot → attachment → timelines. Only
    /// `sequence` timelines are accepted; `deform` is refused (export spec §9.1).
    pub(crate) fn check_attachment_timelines(&mut self, path: &str, value: &Value, setup: &Setup) {
        let Some(skins) = value.as_object() else {
            self.issue(path, format!("expected an object, found {}", kind(value)));
            return;
        };
        for (skin, slots) in skins {
            let skin_path = key_path(path, skin);
            let Some(entries) = setup.skins.get(skin) else {
                self.issue(&skin_path, format!("skin {skin:?} does not exist"));
                continue;
            };
            let Some(slots) = slots.as_object() else {
                self.issue(&skin_path, "expected an object of slots");
                continue;
            };
            for (slot, attachments) in slots {
                let slot_path = key_path(&skin_path, slot);
                let Some(attachments) = attachments.as_object() else {
                    self.issue(&slot_path, "expected an object of attachments");
                    continue;
                };
                for (name, timelines) in attachments {
                    let att_path = key_path(&slot_path, name);
                    if !entries.get(slot).is_some_and(|e| e.contains(name)) {
                        self.issue(
                            &att_path,
                            format!(
                                "attachment {name:?} is not in skin {skin:?} for slot {slot:?}"
                            ),
                        );
                    }
                    let Some(timelines) = timelines.as_object() else {
                        self.issue(&att_path, "expected an object of timelines");
                        continue;
                    };
                    for (timeline, keys) in timelines {
                        let tpath = key_path(&att_path, timeline);
                        match timeline.as_str() {
                            "deform" => self.issue(
                                tpath,
                                "deform timelines are not allowed: trails are bone chains with \
                                 weighted meshes (export spec §9.1)",
                            ),
                            "sequence" => {
                                self.keys(keys, &tpath);
                            }
                            _ => self.issue(tpath, "unknown attachment timeline"),
                        }
                    }
                }
            }
        }
    }
}
