//! The attachment names of a JSON skeleton: every place an attachment is named or referenced.
//!
//! These are the names the binary format keeps in its string table (skin entry keys, attachment
//! `name`/`path`, linked-mesh `parent`, slot setup attachments, attachment keyframes and the
//! keys of attachment/deform timelines), so JSON gets the same checks as binary. Renaming a name
//! at every one of these places keeps every reference consistent.
//!
//! Places visited (3.7 object skins, 3.8 and 4.x array skins):
//! `slots[i].attachment`; `skins[i].attachments.<slot>.<key>` (the key, and its `name`, `path`,
//! `parent`); `animations.<anim>.slots.<slot>.attachment[k].name`;
//! `animations.<anim>.attachments|deform.<skin>.<slot>.<key>` (the key).

use super::parser::{Node, Str};

/// One place a name appears.
#[derive(Clone, Debug)]
pub(crate) struct NameSite {
    /// JSON path, e.g. `skins[0].attachments.head["eye "].path`.
    pub path: String,
    /// The string token.
    pub token: Str,
    /// For object keys: which object (sites with the same group are sibling keys).
    pub key_group: Option<usize>,
}

/// An atlas region an attachment will ask for.
#[derive(Clone, Debug)]
pub(crate) struct RegionLookup {
    /// The region name (sequence frames expanded).
    pub region: String,
}

/// All names and region lookups of a skeleton.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    pub sites: Vec<NameSite>,
    pub lookups: Vec<RegionLookup>,
    groups: usize,
}

/// Appends `key` to a JSON path, dotted when plain, bracketed and quoted otherwise.
pub(crate) fn join(path: &str, key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if plain {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    } else {
        let quoted = serde_json::to_string(key).unwrap_or_else(|_| format!("\"{key}\""));
        format!("{path}[{quoted}]")
    }
}

fn members(node: Option<&Node>) -> &[(Str, Node)] {
    match node {
        Some(Node::Object(m)) => m,
        _ => &[],
    }
}

fn items(node: Option<&Node>) -> &[Node] {
    match node {
        Some(Node::Array(a)) => a,
        _ => &[],
    }
}

impl Names {
    fn value_site(&mut self, path: String, node: Option<&Node>) {
        if let Some(Node::Str(s)) = node {
            self.sites.push(NameSite {
                path,
                token: s.clone(),
                key_group: None,
            });
        }
    }

    fn new_group(&mut self) -> usize {
        self.groups += 1;
        self.groups
    }

    /// `<slot>.<key>` maps of one skin.
    fn skin_slots(&mut self, path: &str, slots: Option<&Node>) {
        for (slot, entries) in members(slots) {
            let slot_path = join(path, &slot.text);
            let group = self.new_group();
            for (key, att) in members(Some(entries)) {
                let key_path = join(&slot_path, &key.text);
                self.sites.push(NameSite {
                    path: key_path.clone(),
                    token: key.clone(),
                    key_group: Some(group),
                });
                self.attachment(&key_path, key, att);
            }
        }
    }

    fn attachment(&mut self, key_path: &str, key: &Str, att: &Node) {
        self.value_site(join(key_path, "name"), att.get("name"));
        self.value_site(join(key_path, "path"), att.get("path"));
        self.value_site(join(key_path, "parent"), att.get("parent"));
        let kind = att
            .get("type")
            .and_then(Node::as_str)
            .map_or("region", |s| s.text.as_str());
        if !matches!(kind, "region" | "mesh" | "linkedmesh") {
            return;
        }
        let region = match (
            att.get("path").and_then(Node::as_str),
            att.get("name").and_then(Node::as_str),
        ) {
            (Some(p), _) => p.text.clone(),
            (None, Some(n)) => n.text.clone(),
            (None, None) => key.text.clone(),
        };
        match att.get("sequence") {
            Some(seq @ Node::Object(_)) => {
                let int = |k: &str, d: f64| match seq.get(k) {
                    Some(Node::Number(v)) => *v,
                    _ => d,
                };
                let count = int("count", 0.0).clamp(0.0, 10_000.0) as i64;
                let start = int("start", 1.0) as i64;
                let digits = int("digits", 0.0).clamp(0.0, 32.0) as usize;
                for i in 0..count {
                    let frame = format!("{region}{:0digits$}", start + i);
                    self.lookups.push(RegionLookup { region: frame });
                }
            }
            _ => self.lookups.push(RegionLookup { region }),
        }
    }

    /// `<skin>.<slot>.<key>` timeline maps (4.1+ `attachments`, 3.8/4.0 `deform`).
    fn attachment_timelines(&mut self, path: &str, node: Option<&Node>) {
        for (skin, slots) in members(node) {
            let skin_path = join(path, &skin.text);
            for (slot, keys) in members(Some(slots)) {
                let slot_path = join(&skin_path, &slot.text);
                let group = self.new_group();
                for (key, _) in members(Some(keys)) {
                    let key_path = join(&slot_path, &key.text);
                    self.sites.push(NameSite {
                        path: key_path,
                        token: key.clone(),
                        key_group: Some(group),
                    });
                }
            }
        }
    }
}

/// Collects every attachment name of the skeleton.
pub(crate) fn collect(root: &Node) -> Names {
    let mut names = Names::default();
    for (i, slot) in items(root.get("slots")).iter().enumerate() {
        names.value_site(format!("slots[{i}].attachment"), slot.get("attachment"));
    }
    match root.get("skins") {
        Some(Node::Array(skins)) => {
            for (i, skin) in skins.iter().enumerate() {
                names.skin_slots(&format!("skins[{i}].attachments"), skin.get("attachments"));
            }
        }
        Some(Node::Object(skins)) => {
            for (name, slots) in skins {
                names.skin_slots(&join("skins", &name.text), Some(slots));
            }
        }
        _ => {}
    }
    for (anim, map) in members(root.get("animations")) {
        let anim_path = join("animations", &anim.text);
        let slots_path = join(&anim_path, "slots");
        for (slot, timelines) in members(map.get("slots")) {
            let tl_path = join(&join(&slots_path, &slot.text), "attachment");
            for (k, key) in items(timelines.get("attachment")).iter().enumerate() {
                names.value_site(format!("{tl_path}[{k}].name"), key.get("name"));
            }
        }
        names.attachment_timelines(&join(&anim_path, "attachments"), map.get("attachments"));
        names.attachment_timelines(&join(&anim_path, "deform"), map.get("deform"));
    }
    names
}
