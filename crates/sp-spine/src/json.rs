//! Spine 4.2 JSON types, serialised in the official export order (skeleton, bones, slots,
//! skins, animations) with the runtime defaults left out.
//!
//! Only what the particle exporter writes is modelled: bones, slots, the `default` skin with
//! region attachments and weighted mesh attachments (trails), and bone (`translate`, `rotate`,
//! `scale`) and slot (`attachment`, `rgba`) timelines. Curves follow 4.2: absent = linear, `"stepped"`, or 4 numbers per channel with
//! absolute handle times and values.
//!
//! Files: this one holds the numbers, maps and setup sections; `json/animation.rs` the
//! animations' timelines and keys.

mod animation;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

pub use animation::{
    AnimationData, AttachmentKey, BoneTimelines, CurveJson, DrawOrderKey, DrawOrderOffset, RgbaKey,
    SlotTimelines, ValueKey, XyKey,
};

/// A JSON number written as an integer when it is one (shorter files), else as `f64`.
/// Non-finite values serialise as `null`, which the validator reports with its path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = self.0;
        if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e15 {
            s.serialize_i64(v as i64)
        } else if v == 0.0 {
            s.serialize_i64(0)
        } else {
            s.serialize_f64(v)
        }
    }
}

/// A JSON object with keys in insertion order (deterministic, chosen by the exporter).
#[derive(Clone, Debug, PartialEq)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        OrderedMap(Vec::new())
    }
}

impl<V> OrderedMap<V> {
    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Appends an entry (the caller keeps keys unique).
    pub fn push(&mut self, key: impl Into<String>, value: V) {
        self.0.push((key.into(), value));
    }
}

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

fn is_zero(v: &Num) -> bool {
    v.0 == 0.0
}
fn is_one(v: &Num) -> bool {
    v.0 == 1.0
}

/// The whole skeleton file.
#[derive(Clone, Debug, Serialize)]
pub struct SkeletonFile {
    /// Metadata.
    pub skeleton: SkeletonInfo,
    /// Bones, parents first.
    pub bones: Vec<BoneData>,
    /// Slots in setup draw order.
    pub slots: Vec<SlotData>,
    /// Skins (array form; one `default`).
    pub skins: Vec<SkinData>,
    /// Animations by name.
    pub animations: OrderedMap<AnimationData>,
}

/// `skeleton` metadata.
#[derive(Clone, Debug, Serialize)]
pub struct SkeletonInfo {
    /// Base64 of an 8-byte content hash, no padding.
    pub hash: String,
    /// Editor version string; `4.2.x` selects the 4.2 reader.
    pub spine: String,
    /// Bounds of everything the animations show (x).
    pub x: Num,
    /// Bounds (y).
    pub y: Num,
    /// Bounds (width).
    pub width: Num,
    /// Bounds (height).
    pub height: Num,
    /// Frames per second of the editor's dope sheet (absent when `omitFps`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fps: Option<Num>,
    /// Image folder.
    pub images: String,
    /// Audio folder (unused, empty).
    pub audio: String,
}

/// One bone.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoneData {
    /// Unique name.
    pub name: String,
    /// Parent bone (absent for `root`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Setup x.
    #[serde(skip_serializing_if = "is_zero")]
    pub x: Num,
    /// Setup y.
    #[serde(skip_serializing_if = "is_zero")]
    pub y: Num,
    /// Setup rotation.
    #[serde(skip_serializing_if = "is_zero")]
    pub rotation: Num,
    /// Setup scale x.
    #[serde(skip_serializing_if = "is_one")]
    pub scale_x: Num,
    /// Setup scale y.
    #[serde(skip_serializing_if = "is_one")]
    pub scale_y: Num,
    /// Bone length (drawn by the editor; trail bones).
    #[serde(skip_serializing_if = "is_zero")]
    pub length: Num,
    /// `onlyTranslation` etc.; absent = `normal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inherit: Option<&'static str>,
}

impl BoneData {
    /// A bone in the setup pose 0/0/0/1/1.
    pub fn new(name: String, parent: Option<String>, inherit: Option<&'static str>) -> BoneData {
        BoneData {
            name,
            parent,
            x: Num(0.0),
            y: Num(0.0),
            rotation: Num(0.0),
            scale_x: Num(1.0),
            scale_y: Num(1.0),
            length: Num(0.0),
            inherit,
        }
    }
}

/// One slot.
#[derive(Clone, Debug, Serialize)]
pub struct SlotData {
    /// Unique name.
    pub name: String,
    /// Bone the slot is attached to.
    pub bone: String,
    /// Setup colour `rrggbbaa` (particles: alpha 00).
    pub color: String,
    /// Setup attachment (skin entry key).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attachment: Option<String>,
    /// `additive`, `multiply`, `screen`; absent = normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blend: Option<&'static str>,
}

/// A skin (array form).
#[derive(Clone, Debug, Serialize)]
pub struct SkinData {
    /// Skin name (`default`).
    pub name: String,
    /// slot name → entry key → attachment.
    pub attachments: OrderedMap<OrderedMap<Attachment>>,
}

/// A skin entry: a region (particles) or a weighted mesh (trails).
#[derive(Clone, Debug)]
pub enum Attachment {
    /// `type` absent: a region.
    Region(RegionAttachment),
    /// `type: "mesh"`.
    Mesh(MeshAttachment),
}

impl Serialize for Attachment {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Attachment::Region(r) => r.serialize(s),
            Attachment::Mesh(m) => m.serialize(s),
        }
    }
}

/// A weighted mesh attachment (a trail, export spec §9.2).
#[derive(Clone, Debug, Serialize)]
pub struct MeshAttachment {
    /// Always `"mesh"`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Image path relative to `skeleton.images` (absent when equal to the entry key).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// `[u, v]` per vertex, 0..1 of the image.
    pub uvs: Vec<Num>,
    /// Triangle vertex indices.
    pub triangles: Vec<u32>,
    /// Weighted vertices: per vertex `count, (bone index, x, y, weight) × count`.
    pub vertices: Vec<Num>,
    /// Hull vertices (the first ones).
    pub hull: usize,
    /// Image width, pixels (nonessential).
    pub width: Num,
    /// Image height, pixels (nonessential).
    pub height: Num,
}

/// A region attachment.
#[derive(Clone, Debug, Serialize)]
pub struct RegionAttachment {
    /// Image path relative to `skeleton.images` (absent when equal to the entry key).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Image centre offset x in the bone's space.
    #[serde(skip_serializing_if = "is_zero")]
    pub x: Num,
    /// Image centre offset y.
    #[serde(skip_serializing_if = "is_zero")]
    pub y: Num,
    /// Image width, pixels.
    pub width: Num,
    /// Image height, pixels.
    pub height: Num,
}

/// `rrggbbaa` from 8-bit channels.
pub fn hex_rgba(c: [u8; 4]) -> String {
    // Digit by digit: `format!` with four `{:02x}` cost ~1,400 instructions a key.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(8);
    for b in c {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// Base64 (standard alphabet, no padding) of 8 bytes: the 11-character `skeleton.hash` form.
pub fn hash_string(hash: u64) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let bytes = hash.to_be_bytes();
    let mut out = String::with_capacity(11);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        let s = serde_json::to_string(&[Num(1.0), Num(-0.0), Num(0.25), Num(-3.0), Num(f64::NAN)])
            .expect("serialise");
        assert_eq!(s, "[1,0,0.25,-3,null]");
    }

    #[test]
    fn hash_matches_the_official_form() {
        // coin-pro 4.2: first 8 bytes 7c aa fe 7d ee 2b 28 49 → "fKr+fe4rKEk".
        assert_eq!(hash_string(0x7caa_fe7d_ee2b_2849), "fKr+fe4rKEk");
    }

    #[test]
    fn empty_animation_is_an_empty_object_and_keys_skip_defaults() {
        assert_eq!(
            serde_json::to_string(&AnimationData::default()).expect("ser"),
            "{}"
        );
        let k = XyKey {
            time: Num(0.0),
            x: Num(1.5),
            y: Num(0.0),
            curve: CurveJson::Stepped,
        };
        assert_eq!(
            serde_json::to_string(&k).expect("ser"),
            r#"{"x":1.5,"y":0,"curve":"stepped"}"#
        );
        let a = AttachmentKey {
            time: Num(0.5),
            name: None,
        };
        assert_eq!(
            serde_json::to_string(&a).expect("ser"),
            r#"{"time":0.5,"name":null}"#
        );
    }
}
