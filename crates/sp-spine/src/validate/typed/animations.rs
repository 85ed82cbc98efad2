//! Animation checks of the typed validator: slot, bone and `drawOrder` timelines, key times
//! and curves (the JSON validator's `animations.rs` rules on the types).

use std::collections::BTreeSet;

use super::{NOT_FINITE, Names, Typed, finite};
use crate::json::{
    AnimationData, AttachmentKey, BoneTimelines, CurveJson, DrawOrderKey, DrawOrderOffset, Num,
    RgbaKey, SlotTimelines, ValueKey, XyKey,
};
use crate::validate::key_path;

impl Typed {
    pub(super) fn check_animation(
        &mut self,
        path: impl Fn() -> String,
        anim: &AnimationData,
        n: &Names,
    ) {
        let AnimationData {
            slots,
            bones,
            draw_order,
        } = anim;
        for (slot, timelines) in &slots.0 {
            let spath = || key_path(&format!("{}.slots", path()), slot);
            if !n.slots.contains(slot.as_str()) {
                self.issue(spath(), format!("slot {slot:?} does not exist"));
            }
            let SlotTimelines { attachment, rgba } = timelines;
            if !attachment.is_empty() {
                let tpath = || format!("{}.attachment", spath());
                self.times(attachment.iter().map(|k| &k.time), &tpath);
                for (i, key) in attachment.iter().enumerate() {
                    let AttachmentKey { time: _, name } = key;
                    if let Some(att) = name
                        && !n.has_attachment(slot, att)
                    {
                        self.issue(
                            format!("{}[{i}].name", tpath()),
                            format!("attachment {att:?} is not in any skin for slot {slot:?}"),
                        );
                    }
                }
            }
            if !rgba.is_empty() {
                let tpath = || format!("{}.rgba", spath());
                self.times(rgba.iter().map(|k| &k.time), &tpath);
                for (i, key) in rgba.iter().enumerate() {
                    let RgbaKey {
                        time: _,
                        color,
                        curve,
                    } = key;
                    let kpath = || format!("{}[{i}]", tpath());
                    self.color(color, 8, || format!("{}.color", kpath()));
                    self.curve(curve, &kpath, 4);
                }
            }
        }
        if !draw_order.is_empty() {
            self.check_draw_order(|| format!("{}.drawOrder", path()), draw_order, n);
        }
        for (bone, timelines) in &bones.0 {
            let bpath = || key_path(&format!("{}.bones", path()), bone);
            if !n.bones.contains(bone.as_str()) {
                self.issue(bpath(), format!("bone {bone:?} does not exist"));
            }
            let BoneTimelines {
                rotate,
                translate,
                scale,
            } = timelines;
            if !rotate.is_empty() {
                let tpath = || format!("{}.rotate", bpath());
                self.times(rotate.iter().map(|k| &k.time), &tpath);
                for (i, key) in rotate.iter().enumerate() {
                    let ValueKey {
                        time: _,
                        value,
                        curve,
                    } = key;
                    let kpath = || format!("{}[{i}]", tpath());
                    self.number(value, false, kpath, "value");
                    self.curve(curve, &kpath, 1);
                }
            }
            for (name, keys) in [("translate", translate), ("scale", scale)] {
                if keys.is_empty() {
                    continue;
                }
                let tpath = || format!("{}.{name}", bpath());
                self.times(keys.iter().map(|k| &k.time), &tpath);
                for (i, key) in keys.iter().enumerate() {
                    let XyKey {
                        time: _,
                        x,
                        y,
                        curve,
                    } = key;
                    let kpath = || format!("{}[{i}]", tpath());
                    self.number(x, false, kpath, "x");
                    self.number(y, false, kpath, "y");
                    self.curve(curve, &kpath, 2);
                }
            }
        }
    }

    /// Key times: finite, ≥ 0 and ascending (an absent time is 0).
    fn times<'a>(&mut self, times: impl Iterator<Item = &'a Num>, path: &impl Fn() -> String) {
        let mut last = f64::NEG_INFINITY;
        for (i, t) in times.enumerate() {
            let time = t.0;
            if time == 0.0 {
                // Not written: the runtime reads 0.
            } else if !time.is_finite() {
                self.issue(format!("{}[{i}].time", path()), NOT_FINITE);
                continue;
            }
            let time = if time == 0.0 { 0.0 } else { time };
            if time < 0.0 {
                self.issue(
                    format!("{}[{i}].time", path()),
                    format!("negative time {time}"),
                );
            }
            if time < last {
                self.issue(
                    format!("{}[{i}].time", path()),
                    format!("time {time} is before the previous key's {last}"),
                );
            }
            last = time;
        }
    }

    /// A curve: linear (absent), `"stepped"`, or 4 finite numbers per channel.
    fn curve(&mut self, curve: &CurveJson, path: &impl Fn() -> String, channels: usize) {
        let CurveJson::Bezier(handles) = curve else {
            return;
        };
        if handles.len() != channels * 4 {
            self.issue(
                format!("{}.curve", path()),
                format!(
                    "expected {} numbers (4 per channel), found {}",
                    channels * 4,
                    handles.len()
                ),
            );
        }
        for (i, h) in handles.iter().enumerate() {
            if !finite(h) {
                self.issue(format!("{}.curve[{i}]", path()), NOT_FINITE);
            }
        }
    }

    /// `drawOrder` keys: offsets name existing slots in setup order and form a permutation.
    fn check_draw_order(&mut self, path: impl Fn() -> String, keys: &[DrawOrderKey], n: &Names) {
        self.times(keys.iter().map(|k| &k.time), &path);
        let count = n.slot_count as i64;
        for (i, key) in keys.iter().enumerate() {
            let DrawOrderKey { time: _, offsets } = key;
            let mut last: i64 = -1;
            let mut targets = BTreeSet::new();
            for (j, entry) in offsets.iter().enumerate() {
                let DrawOrderOffset { slot, offset } = entry;
                let epath = || format!("{}[{i}].offsets[{j}]", path());
                let Some(&index) = n.slot_index.get(slot.as_str()) else {
                    self.issue(
                        format!("{}.slot", epath()),
                        format!("slot {slot:?} does not exist"),
                    );
                    continue;
                };
                let index = index as i64;
                if index <= last {
                    self.issue(
                        format!("{}.slot", epath()),
                        "offsets must be listed in setup slot order",
                    );
                }
                last = index;
                let target = index + offset;
                if !(0..count).contains(&target) || !targets.insert(target) {
                    self.issue(
                        format!("{}.offset", epath()),
                        format!("moves slot {slot:?} to an invalid or taken index {target}"),
                    );
                }
            }
        }
    }
}
