//! The validator's rules on the skeleton the exporter is about to serialise ([`SkeletonFile`]),
//! so an export is checked without parsing back the text it just wrote. Same rules, paths and
//! messages as the JSON validator ([`super::validate`]; a test holds the two to the same issues
//! on every broken case), minus what the types already rule out (unknown timeline or section
//! names, a key that is not an object, a curve of the wrong shape is still checked). Paths are
//! built only for issues found.
//!
//! Every struct is destructured without `..`: a field added to a JSON type does not compile
//! here until the validator decides what to check about it.
//!
//! Files: this one checks the setup sections (skeleton, bones, slots, skins);
//! `typed/animations.rs` the animations.

mod animations;

use std::collections::{BTreeMap, BTreeSet};

use super::{Issue, key_path};
use crate::json::{
    Attachment, BoneData, MeshAttachment, Num, RegionAttachment, SkeletonFile, SkeletonInfo,
    SkinData, SlotData,
};

const NOT_FINITE: &str = "expected a finite number, found null (a NaN or infinite number?)";

/// All issues of `file` as its JSON would show them (empty when valid).
pub fn validate_file(file: &SkeletonFile) -> Vec<Issue> {
    let mut v = Typed::default();
    v.check(file);
    v.issues
}

#[derive(Default)]
struct Names<'a> {
    bones: BTreeSet<&'a str>,
    slots: BTreeSet<&'a str>,
    /// Setup index of each slot (its first listing; slots without a name are not counted).
    slot_index: BTreeMap<&'a str, usize>,
    /// Slots listed with a name.
    slot_count: usize,
    /// Length of the `bones` array (mesh bone indices point into it).
    bone_count: usize,
    /// skin → slot → entry keys.
    skins: BTreeMap<&'a str, BTreeMap<&'a str, BTreeSet<&'a str>>>,
}

impl Names<'_> {
    fn has_attachment(&self, slot: &str, key: &str) -> bool {
        self.skins
            .values()
            .any(|s| s.get(slot).is_some_and(|k| k.contains(key)))
    }
}

#[derive(Default)]
struct Typed {
    issues: Vec<Issue>,
}

/// A number as serialised: written unless `skipped` says the runtime default stands in.
fn finite(n: &Num) -> bool {
    n.0.is_finite()
}

fn hex(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|c| c.is_ascii_hexdigit())
}

impl Typed {
    fn issue(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.issues.push(Issue {
            path: path.into(),
            message: message.into(),
        });
    }

    /// A number field written unless equal to its default (`skip`).
    fn number(&mut self, n: &Num, skip: bool, base: impl FnOnce() -> String, key: &str) {
        if !skip && !finite(n) {
            self.issue(key_path(&base(), key), NOT_FINITE);
        }
    }

    fn color(&mut self, s: &str, len: usize, path: impl FnOnce() -> String) {
        if !hex(s, len) {
            self.issue(
                path(),
                format!(
                    "expected a colour \"{}\" without '#', found {s:?}",
                    &"rrggbbaa"[..len]
                ),
            );
        }
    }

    fn check(&mut self, file: &SkeletonFile) {
        let SkeletonFile {
            skeleton,
            bones,
            slots,
            skins,
            animations,
        } = file;
        self.check_skeleton(skeleton);
        let mut names = Names::default();
        self.check_bones(bones, &mut names);
        self.check_slots(slots, &mut names);
        names.bone_count = bones.len();
        self.check_skins(skins, &mut names);
        for (i, slot) in slots.iter().enumerate() {
            if let Some(att) = &slot.attachment
                && !names.has_attachment(&slot.name, att)
            {
                self.issue(
                    format!("slots[{i}].attachment"),
                    format!("no skin has attachment {att:?} for slot {:?}", slot.name),
                );
            }
        }
        for (name, anim) in &animations.0 {
            self.check_animation(|| key_path("animations", name), anim, &names);
        }
    }

    fn check_skeleton(&mut self, sk: &SkeletonInfo) {
        let SkeletonInfo {
            hash: _,
            spine,
            x,
            y,
            width,
            height,
            fps,
            images: _,
            audio: _,
        } = sk;
        let base = || "skeleton".to_owned();
        for (n, k) in [(x, "x"), (y, "y"), (width, "width"), (height, "height")] {
            self.number(n, false, base, k);
        }
        if let Some(fps) = fps {
            self.number(fps, false, base, "fps");
        }
        if !spine.starts_with("4.2") {
            self.issue(
                "skeleton.spine",
                format!("expected a \"4.2.x\" version, found {spine:?}"),
            );
        }
    }

    fn check_bones<'a>(&mut self, bones: &'a [BoneData], names: &mut Names<'a>) {
        for (i, bone) in bones.iter().enumerate() {
            let BoneData {
                name,
                parent,
                x,
                y,
                rotation,
                scale_x,
                scale_y,
                inherit,
                length,
            } = bone;
            let path = || format!("bones[{i}]");
            if name.is_empty() {
                self.issue(
                    format!("bones[{i}].name"),
                    "expected a non-empty string, found \"\"",
                );
                continue;
            }
            match parent {
                None if i == 0 => {}
                None => self.issue(
                    format!("bones[{i}].parent"),
                    "missing: only the first bone may be the root",
                ),
                Some(p) if names.bones.contains(p.as_str()) => {}
                Some(p) => self.issue(
                    format!("bones[{i}].parent"),
                    format!(
                        "bone {p:?} is not listed before {name:?} (parents must precede children)"
                    ),
                ),
            }
            self.number(x, x.0 == 0.0, path, "x");
            self.number(y, y.0 == 0.0, path, "y");
            self.number(rotation, rotation.0 == 0.0, path, "rotation");
            self.number(scale_x, scale_x.0 == 1.0, path, "scaleX");
            self.number(scale_y, scale_y.0 == 1.0, path, "scaleY");
            self.number(length, length.0 == 0.0, path, "length");
            if let Some(mode) = inherit
                && !super::INHERIT_MODES.contains(mode)
            {
                self.issue(
                    format!("bones[{i}].inherit"),
                    format!("unknown inherit mode {mode:?}"),
                );
            }
            if !names.bones.insert(name) {
                self.issue(
                    format!("bones[{i}].name"),
                    format!("duplicate bone name {name:?}"),
                );
            }
        }
    }

    fn check_slots<'a>(&mut self, slots: &'a [SlotData], names: &mut Names<'a>) {
        for (i, slot) in slots.iter().enumerate() {
            let SlotData {
                name,
                bone,
                color,
                attachment: _,
                blend,
            } = slot;
            if name.is_empty() {
                self.issue(format!("slots[{i}].name"), "expected a non-empty string");
                continue;
            }
            if !names.bones.contains(bone.as_str()) {
                self.issue(
                    format!("slots[{i}].bone"),
                    format!("bone {bone:?} does not exist"),
                );
            }
            self.color(color, 8, || format!("slots[{i}].color"));
            if let Some(b) = blend
                && !["normal", "additive", "multiply", "screen"].contains(b)
            {
                self.issue(
                    format!("slots[{i}].blend"),
                    format!("unknown blend mode {b:?}"),
                );
            }
            if !names.slots.insert(name) {
                self.issue(
                    format!("slots[{i}].name"),
                    format!("duplicate slot name {name:?}"),
                );
            }
            names.slot_index.entry(name).or_insert(names.slot_count);
            names.slot_count += 1;
        }
    }

    fn check_skins<'a>(&mut self, skins: &'a [SkinData], names: &mut Names<'a>) {
        for (i, skin) in skins.iter().enumerate() {
            let SkinData { name, attachments } = skin;
            let base = || format!("skins[{i}].attachments");
            let mut slots_map = BTreeMap::new();
            for (slot, entries) in &attachments.0 {
                if !names.slots.contains(slot.as_str()) {
                    self.issue(
                        key_path(&base(), slot),
                        format!("slot {slot:?} does not exist"),
                    );
                }
                let mut keys = BTreeSet::new();
                for (key, a) in &entries.0 {
                    let path = || key_path(&key_path(&base(), slot), key);
                    match a {
                        Attachment::Region(r) => self.check_region(path, r),
                        Attachment::Mesh(m) => self.check_mesh(&path(), m, names.bone_count),
                    }
                    keys.insert(key.as_str());
                }
                slots_map.insert(slot.as_str(), keys);
            }
            names.skins.insert(name, slots_map);
        }
    }

    /// A mesh: the JSON validator's own mesh rules (counts, hull, UVs, bone indices, weights)
    /// on the attachment as it will be written, so both validators hold meshes to one rule.
    fn check_mesh(&mut self, path: &str, m: &MeshAttachment, bone_count: usize) {
        match serde_json::to_value(m) {
            Ok(serde_json::Value::Object(o)) => {
                let mut json = super::Validator { issues: Vec::new() };
                json.check_mesh(path, &o, bone_count);
                self.issues.extend(json.issues);
            }
            _ => self.issue(path, "the mesh does not serialise to an object"),
        }
    }

    fn check_region(&mut self, path: impl Fn() -> String, a: &RegionAttachment) {
        let RegionAttachment {
            path: image,
            x,
            y,
            width,
            height,
        } = a;
        self.number(width, false, &path, "width");
        self.number(height, false, &path, "height");
        self.number(x, x.0 == 0.0, &path, "x");
        self.number(y, y.0 == 0.0, &path, "y");
        if let Some(s) = image
            && (s.starts_with("data:")
                || s.starts_with("blob:")
                || s.starts_with('/')
                || s.contains('\\'))
        {
            self.issue(
                format!("{}.path", path()),
                format!("{s:?} is not a relative image path"),
            );
        }
    }
}
