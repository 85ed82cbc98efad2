//! The `animations` section's types: per animation the slot and bone timelines and the
//! `drawOrder` keys, each key with its curve to the next (see the parent module).

use serde::Serialize;
use serde::ser::Serializer;

use super::{Num, OrderedMap};

/// One animation; serialises as `{}` when empty.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AnimationData {
    /// Slot timelines by slot name.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub slots: OrderedMap<SlotTimelines>,
    /// Bone timelines by bone name.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub bones: OrderedMap<BoneTimelines>,
    /// Draw order keys.
    #[serde(rename = "drawOrder", skip_serializing_if = "Vec::is_empty")]
    pub draw_order: Vec<DrawOrderKey>,
}

/// A draw order key: slots moved from their setup index (none = back to the setup order).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawOrderKey {
    /// Seconds.
    #[serde(skip_serializing_if = "time_is_zero")]
    pub time: Num,
    /// Moved slots, in setup slot order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub offsets: Vec<DrawOrderOffset>,
}

/// One moved slot of a [`DrawOrderKey`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawOrderOffset {
    /// Slot name.
    pub slot: String,
    /// New index minus setup index.
    pub offset: i64,
}

impl AnimationData {
    /// Whether the animation has no timeline.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty() && self.bones.is_empty() && self.draw_order.is_empty()
    }
}

/// Timelines of one slot (never empty arrays: the TS runtime crashes on an empty `rgba`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct SlotTimelines {
    /// Attachment switches (stepped by nature).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attachment: Vec<AttachmentKey>,
    /// Colour and alpha.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rgba: Vec<RgbaKey>,
}

/// Timelines of one bone.
#[derive(Clone, Debug, Default, Serialize)]
pub struct BoneTimelines {
    /// Rotation keys.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rotate: Vec<ValueKey>,
    /// Translation keys.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub translate: Vec<XyKey>,
    /// Scale keys.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scale: Vec<XyKey>,
}

/// A key's curve to the next key.
#[derive(Clone, Debug, PartialEq)]
pub enum CurveJson {
    /// Absent: linear.
    Linear,
    /// `"stepped"`.
    Stepped,
    /// Absolute handles, 4 per channel.
    Bezier(Vec<Num>),
}

impl CurveJson {
    /// Whether nothing is written (linear).
    pub fn is_linear(&self) -> bool {
        matches!(self, CurveJson::Linear)
    }
}

impl Serialize for CurveJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CurveJson::Linear => s.serialize_none(),
            CurveJson::Stepped => s.serialize_str("stepped"),
            CurveJson::Bezier(v) => v.serialize(s),
        }
    }
}

fn time_is_zero(t: &Num) -> bool {
    t.0 == 0.0
}

/// `attachment` key.
#[derive(Clone, Debug, Serialize)]
pub struct AttachmentKey {
    /// Seconds.
    #[serde(skip_serializing_if = "time_is_zero")]
    pub time: Num,
    /// Entry key, or `null` to hide.
    pub name: Option<String>,
}

/// `rgba` key.
#[derive(Clone, Debug, Serialize)]
pub struct RgbaKey {
    /// Seconds.
    #[serde(skip_serializing_if = "time_is_zero")]
    pub time: Num,
    /// `rrggbbaa`.
    pub color: String,
    /// Curve to the next key.
    #[serde(skip_serializing_if = "CurveJson::is_linear")]
    pub curve: CurveJson,
}

/// `rotate` key.
#[derive(Clone, Debug, Serialize)]
pub struct ValueKey {
    /// Seconds.
    #[serde(skip_serializing_if = "time_is_zero")]
    pub time: Num,
    /// Degrees (written even when 0 for readability of the keys).
    pub value: Num,
    /// Curve to the next key.
    #[serde(skip_serializing_if = "CurveJson::is_linear")]
    pub curve: CurveJson,
}

/// `translate` / `scale` key.
#[derive(Clone, Debug, Serialize)]
pub struct XyKey {
    /// Seconds.
    #[serde(skip_serializing_if = "time_is_zero")]
    pub time: Num,
    /// X value.
    pub x: Num,
    /// Y value.
    pub y: Num,
    /// Curve to the next key.
    #[serde(skip_serializing_if = "CurveJson::is_linear")]
    pub curve: CurveJson,
}
