//! Timelines of one particle bone and its slot within one animation (export spec §6, §12).
//!
//! Continuous channels (translate x/y together, rotate, scale x/y together, the four rgba
//! channels together) are reduced per run ([`crate::reduce`]), with a forced key at every frame
//! where the attachment shows, hides or switches (§12.4), and on translate and rotate at the
//! frames before and after every collision event (§10.2: an impact between frames `k − 1` and
//! `k` keeps both, so no reduction crosses it); the last key of every run but the
//! bone's last is `stepped`, so nothing is interpolated across a birth, a death or a bone's
//! hand-over to the next life. A timeline whose keys all equal the setup pose is left out.
//! Attachments are discrete: a key at frame 0 and at every change (show, hide, image or
//! flipbook frame switch), `null` while nothing is alive or the particle is fake-dead.
//!
//! Files: this one holds the channel specs, the key counts and the bone and slot timelines;
//! `timelines/keys.rs` reduces one channel group over a bone's runs (forced and stepped keys).

mod keys;

use std::collections::BTreeMap;

use super::names::BoneNames;
use crate::bake::Run;
use crate::json::{AttachmentKey, BoneTimelines, Num, RgbaKey, SlotTimelines, hex_rgba};
use crate::reduce::{ChannelSpec, CurveMode, Timing};
use keys::channel_keys;
pub(super) use keys::{Forced, all_equal, curve_json, run_keys, value_keys, xy_keys};

/// Channel tolerances and precisions for one system's particle bones.
#[derive(Clone, Copy, Debug)]
pub struct Specs {
    /// Translate x/y (local units).
    pub translate: ChannelSpec,
    /// Rotation, degrees.
    pub rotate: ChannelSpec,
    /// Scale.
    pub scale: ChannelSpec,
    /// Colour channels r, g, b (0..1).
    pub rgb: ChannelSpec,
    /// Alpha (0..1).
    pub alpha: ChannelSpec,
}

/// Steps per unit that keep the quantisation error at most a fifth of `tolerance`.
pub fn steps_for(tolerance: f64) -> f64 {
    let decimals = f64::ceil(-libm::log10(tolerance / 5.0)).clamp(0.0, 9.0);
    libm::pow(10.0, decimals)
}

/// A channel held to `tolerance` on its own (not joint, unbounded), its values and handles
/// rounded to [`steps_for`] that tolerance.
pub fn channel(tolerance: f64) -> ChannelSpec {
    let steps = steps_for(tolerance);
    ChannelSpec {
        tolerance,
        steps,
        handle_steps: steps,
        joint: false,
        range: ChannelSpec::UNBOUNDED,
    }
}

impl Specs {
    /// Specs for a bone whose translation passes through a parent that stretches a local
    /// distance by at most `translate_gain` (its largest singular value) and whose scale is
    /// multiplied by `scale_gain` (§12.3 tolerances with a 10 % margin for `f32` storage in the
    /// runtime). The position tolerance is a distance (translate x/y are joint channels); colour
    /// and alpha are held against the simulation's unquantised colour, the keys being 8-bit
    /// (a key alone is within ½/255 of it).
    pub fn new(translate_gain: f64, scale_gain: f64) -> Specs {
        Specs {
            translate: ChannelSpec {
                joint: true,
                ..channel(0.09 / translate_gain.max(1e-6))
            },
            rotate: channel(0.009),
            scale: channel(0.009 / scale_gain.max(1e-6)),
            rgb: ChannelSpec {
                tolerance: 0.999 / 255.0,
                steps: 255.0,
                handle_steps: 10000.0,
                joint: false,
                range: [0.0, 1.0],
            },
            alpha: ChannelSpec {
                tolerance: 0.0099,
                steps: 255.0,
                handle_steps: 10000.0,
                joint: false,
                range: [0.0, 1.0],
            },
        }
    }
}

/// A timeline type whose keys [`KeyCounts`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// `translate`.
    Translate,
    /// `rotate`.
    Rotate,
    /// `scale`.
    Scale,
    /// `rgba`.
    Rgba,
    /// `attachment`.
    Attachment,
    /// `drawOrder`.
    DrawOrder,
}

impl Counted {
    /// Every type, in the order of [`KeyCounts`]' table.
    const ALL: [Counted; 6] = [
        Counted::Translate,
        Counted::Rotate,
        Counted::Scale,
        Counted::Rgba,
        Counted::Attachment,
        Counted::DrawOrder,
    ];

    /// The timeline's name in the file (and in the report).
    pub fn name(self) -> &'static str {
        match self {
            Counted::Translate => "translate",
            Counted::Rotate => "rotate",
            Counted::Scale => "scale",
            Counted::Rgba => "rgba",
            Counted::Attachment => "attachment",
            Counted::DrawOrder => "drawOrder",
        }
    }
}

/// Keys written per timeline type, reduced and as they would be unreduced: a small table, so
/// each bone's timelines count on their own without allocating and are merged
/// ([`KeyCounts::merge`]). A type is listed once it was counted, even with no key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyCounts {
    /// `(written, unreduced)` per entry of [`Counted::ALL`], `None` until counted.
    table: [Option<(u64, u64)>; Counted::ALL.len()],
}

impl KeyCounts {
    pub(super) fn add(&mut self, what: Counted, written: usize, unreduced: usize) {
        let (w, u) = self.table[what as usize].get_or_insert((0, 0));
        *w += written as u64;
        *u += unreduced as u64;
    }
    /// Adds another count.
    pub fn merge(&mut self, other: &KeyCounts) {
        for (mine, theirs) in self.table.iter_mut().zip(&other.table) {
            if let Some((w, u)) = theirs {
                let (mw, mu) = mine.get_or_insert((0, 0));
                *mw += w;
                *mu += u;
            }
        }
    }
    /// Reduced keys by timeline name.
    pub fn written(&self) -> BTreeMap<String, u64> {
        self.by_name(|(w, _)| w)
    }
    /// Every-frame keys by timeline name (for the same timelines).
    pub fn unreduced(&self) -> BTreeMap<String, u64> {
        self.by_name(|(_, u)| u)
    }
    fn by_name(&self, pick: fn((u64, u64)) -> u64) -> BTreeMap<String, u64> {
        // Inserted one by one: `collect` would sort first (a sort the wasm module has no other
        // use for).
        let mut map = BTreeMap::new();
        for (c, n) in Counted::ALL.iter().zip(&self.table) {
            if let Some(n) = n {
                map.insert(c.name().to_owned(), pick(*n));
            }
        }
        map
    }
}

/// How keys are produced.
#[derive(Clone, Copy, Debug)]
pub struct KeyMode {
    /// Linear or Bézier.
    pub curve: CurveMode,
    /// Frame timing.
    pub timing: Timing,
    /// False: every baked frame becomes a key (measurement baseline).
    pub reduce: bool,
}

/// Bone timelines of one particle bone; `None` when the bone has no run.
pub fn bone_timelines(
    runs: &[Run],
    specs: &Specs,
    mode: KeyMode,
    counts: &mut KeyCounts,
) -> Option<BoneTimelines> {
    if runs.is_empty() {
        return None;
    }
    let time = |f: u32| Num(mode.timing.key_time(f));
    let mut out = BoneTimelines::default();
    let (keys, frames) = channel_keys(
        runs,
        &[specs.translate; 2],
        mode,
        Forced::ImpactsAndCorners,
        |s| [s.local.x, s.local.y],
    );
    if !all_equal(&keys, [0.0, 0.0]) {
        counts.add(Counted::Translate, keys.len(), frames);
        out.translate = xy_keys(&keys, time);
    }
    let (keys, frames) = channel_keys(runs, &[specs.rotate], mode, Forced::Impacts, |s| {
        [s.local.rotation_deg]
    });
    if !all_equal(&keys, [0.0]) {
        counts.add(Counted::Rotate, keys.len(), frames);
        out.rotate = value_keys(&keys, time);
    }
    let (keys, frames) = channel_keys(runs, &[specs.scale; 2], mode, Forced::Attachments, |s| {
        [s.local.scale_x, s.local.scale_y]
    });
    if !all_equal(&keys, [1.0, 1.0]) {
        counts.add(Counted::Scale, keys.len(), frames);
        out.scale = xy_keys(&keys, time);
    }
    Some(out)
}

/// Slot timelines (attachment and rgba) of one particle slot; `None` when the bone has no run.
#[allow(clippy::too_many_arguments)]
pub fn slot_timelines(
    runs: &[Run],
    segment_end: u32,
    bone: usize,
    names: &BoneNames,
    specs: &Specs,
    mode: KeyMode,
    counts: &mut KeyCounts,
) -> Option<SlotTimelines> {
    let look = SlotLook {
        shown: &|s: &crate::bake::FrameState| s.texture,
        color: &|s: &crate::bake::FrameState| s.color,
        name: &|t: u16| names.attachment(bone, t).map(str::to_owned),
    };
    slot_timelines_with(runs, segment_end, &look, specs, mode, counts)
}

/// What a slot shows at a frame state: the attachment (an index the slot names with `name`;
/// `None` hides), and its colour.
pub struct SlotLook<'a> {
    /// The attachment shown (`None`: hidden).
    pub shown: &'a dyn Fn(&crate::bake::FrameState) -> Option<u16>,
    /// The slot colour `[r, g, b, a]`.
    pub color: &'a dyn Fn(&crate::bake::FrameState) -> [f32; 4],
    /// The skin entry key of an attachment index.
    pub name: &'a dyn Fn(u16) -> Option<String>,
}

/// [`slot_timelines`] of any slot whose look is read by `look` (particle and trail slots).
pub fn slot_timelines_with(
    runs: &[Run],
    segment_end: u32,
    look: &SlotLook,
    specs: &Specs,
    mode: KeyMode,
    counts: &mut KeyCounts,
) -> Option<SlotTimelines> {
    if runs.is_empty() {
        return None;
    }
    let time = |f: u32| Num(mode.timing.key_time(f));
    let mut out = SlotTimelines::default();
    // Attachment change points.
    let mut current: Option<Option<u16>> = None;
    let mut push = |frame: u32, tex: Option<u16>, out: &mut SlotTimelines| {
        if current != Some(tex) {
            current = Some(tex);
            let name = tex.and_then(|t| (look.name)(t));
            out.attachment.push(AttachmentKey {
                time: time(frame),
                name,
            });
        }
    };
    for (ri, run) in runs.iter().enumerate() {
        if ri == 0 && run.start_frame > 0 {
            push(0, None, &mut out);
        }
        for (k, s) in run.states.iter().enumerate() {
            push(run.start_frame + k as u32, (look.shown)(s), &mut out);
        }
        let next_start = runs.get(ri + 1).map(|r| r.start_frame);
        let after = run.end_frame() + 1;
        if next_start != Some(after) && after <= segment_end {
            push(after, None, &mut out);
        }
    }
    // Discrete keys are change points whether reduced or not.
    counts.add(
        Counted::Attachment,
        out.attachment.len(),
        out.attachment.len(),
    );
    let channel = [specs.rgb, specs.rgb, specs.rgb, specs.alpha];
    let (keys, frames) = run_keys(
        runs,
        &channel,
        mode,
        Forced::Attachments,
        |run| {
            run.states
                .iter()
                .map(|s| (look.color)(s).map(f64::from))
                .collect()
        },
        look.shown,
    );
    counts.add(Counted::Rgba, keys.len(), frames);
    out.rgba = keys
        .iter()
        .map(|k| {
            let c = k
                .values
                .map(|v| f64::round(v * 255.0).clamp(0.0, 255.0) as u8);
            RgbaKey {
                time: time(k.frame),
                color: hex_rgba(c),
                curve: curve_json(&k.curve),
            }
        })
        .collect();
    Some(out)
}
