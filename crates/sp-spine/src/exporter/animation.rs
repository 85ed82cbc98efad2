//! One animation of an export (export spec §7–§8): the tracks every baked system has in it,
//! each system bone's timelines, each particle bone's (and its trail chain's) reduced timelines
//! and slot timelines, and the draw order. Each bone is reduced on its own, on the export's
//! thread pool when [`ExportOptions::parallel`] asks, and written system by system in bone
//! order, so the animation is the same either way.

use sp_sim::document::Scene;

use super::names::BoneNames;
use super::system_bone::system_timelines;
use super::timelines::{Counted, KeyCounts, KeyMode, Specs, bone_timelines, slot_timelines};
use super::trails::TrailNames;
use super::{ExportOptions, has_runs};
use crate::bake::{BakedSystem, Track};
use crate::draw_order;
use crate::frames::FramesWriter;
use crate::json::AnimationData;
use crate::warning::Warning;

/// What every animation of one export is reduced from: the baked systems and their names.
pub(super) struct AnimationReducer<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// The baked visible systems.
    pub baked: &'a [BakedSystem],
    /// Each baked system's bone, slot and attachment names.
    pub names: &'a [BoneNames],
    /// Each baked system's trail names, when it has a trail.
    pub trails: &'a [Option<TrailNames>],
    /// Each baked system's first particle slot in the setup order.
    pub first_slots: &'a [usize],
    /// Each baked system's first trail slot in the setup order.
    pub trail_first_slots: &'a [usize],
    /// Every slot's name in the setup order.
    pub slot_names: &'a [String],
    /// How keys are produced.
    pub mode: KeyMode,
    /// The export's options.
    pub options: ExportOptions,
}

impl AnimationReducer<'_> {
    /// Animation `anim`, its keys counted into `counts` and its frames into `frames` (when
    /// asked for); `None` when it has no particle and empty animations are left out.
    // One caller: inlined there, the wasm module is 1.3 KB gz smaller (2026-12-05).
    #[inline(always)]
    pub(super) fn animation(
        &self,
        anim: &str,
        counts: &mut KeyCounts,
        mut frames: Option<&mut FramesWriter>,
        warnings: &mut Vec<Warning>,
    ) -> Option<AnimationData> {
        let mut parts: Vec<(usize, &Track)> = Vec::new();
        for (si, b) in self.baked.iter().enumerate() {
            let mut mine = b.tracks.iter().filter(|t| t.animation == anim);
            if let Some(t) = mine.next() {
                parts.push((si, t));
            }
            if mine.next().is_some() {
                warnings.push(Warning::TwoSegments {
                    system: self.scene.systems[b.scene_index].name.clone(),
                    animation: anim.to_owned(),
                });
            }
        }
        let has_content = parts
            .iter()
            .any(|(_, t)| t.bones.iter().any(|r| !r.is_empty()));
        if !has_content && self.scene.export.exclude_empty_animations {
            return None;
        }
        let mut data = AnimationData::default();
        let mut draw_parts: Vec<draw_order::SystemPart> = Vec::new();
        let duration = parts
            .iter()
            .filter(|(_, t)| has_runs(t))
            .map(|(_, t)| t.end_frame)
            .max()
            .unwrap_or(0);
        // Each bone's timelines in every system of the animation are computed on their own
        // (on the thread pool when asked), then written system by system in bone order.
        let mut tasks: Vec<(usize, usize)> = Vec::new();
        let mut kept: Vec<Part> = Vec::new();
        for &(si, track) in &parts {
            if !has_runs(track) {
                continue;
            }
            let b = &self.baked[si];
            let scale_gain = match b.inherit {
                crate::coords::Inherit::Normal => b.parent.max_scale(),
                crate::coords::Inherit::OnlyTranslation => 1.0,
            };
            tasks.extend((0..track.bones.len()).map(|bi| (kept.len(), bi)));
            kept.push(Part {
                si,
                track,
                specs: Specs::new(b.parent.max_stretch(), scale_gain),
            });
        }
        let parts = kept;
        let reduced = crate::par::map(self.options.parallel, tasks.len(), |n| {
            let (k, bi) = tasks[n];
            let Part { si, track, specs } = &parts[k];
            let (b, names) = (&self.baked[*si], &self.names[*si]);
            let runs = &track.bones[bi];
            let mut out = ReducedBone::default();
            if let Some(t) = &self.trails[*si] {
                (out.chain, out.trail_slot) =
                    t.timelines(bi, b, track, specs, self.mode, &mut out.counts);
            }
            if !names.bones.is_empty() {
                out.bone = bone_timelines(runs, specs, self.mode, &mut out.counts);
                out.slot = slot_timelines(
                    runs,
                    track.end_frame,
                    bi,
                    names,
                    specs,
                    self.mode,
                    &mut out.counts,
                );
            }
            out
        });
        let mut reduced = reduced.into_iter();
        for &Part { si, track, .. } in &parts {
            let b = &self.baked[si];
            let names = &self.names[si];
            data.bones.push(
                names.system_bone.clone(),
                system_timelines(&b.root_pose, track, self.mode.timing, counts),
            );
            let trail = self.trails[si].as_ref();
            let draws = !names.bones.is_empty();
            for (bi, r) in reduced.by_ref().take(track.bones.len()).enumerate() {
                counts.merge(&r.counts);
                if let Some(t) = trail {
                    for (j, timelines) in r.chain.into_iter().enumerate() {
                        if let Some(timelines) = timelines {
                            data.bones.push(t.bones[bi][j].clone(), timelines);
                        }
                    }
                    if let Some(slot) = r.trail_slot {
                        data.slots.push(t.slots[bi].clone(), slot);
                    }
                }
                if let Some(t) = r.bone {
                    data.bones.push(names.bones[bi].clone(), t);
                }
                if let Some(t) = r.slot {
                    data.slots.push(names.slots[bi].clone(), t);
                }
            }
            if draws && let Some(f) = frames.as_deref_mut() {
                f.add_track(anim, track, names);
            }
            let system = &self.scene.systems[b.scene_index];
            if let Some(t) = trail
                && draw_order::stacking_shows(t.blend)
            {
                draw_parts.push(draw_order::SystemPart {
                    first_slot: self.trail_first_slots[si],
                    order: system.draw_order,
                    bones: &track.bones,
                    end_frame: track.end_frame,
                });
            }
            if draws && draw_order::stacking_shows(system.blend) {
                draw_parts.push(draw_order::SystemPart {
                    first_slot: self.first_slots[si],
                    order: system.draw_order,
                    bones: &track.bones,
                    end_frame: track.end_frame,
                });
            }
        }
        data.draw_order =
            draw_order::draw_order_timeline(&draw_parts, self.slot_names, self.mode.timing);

        if !data.draw_order.is_empty() {
            counts.add(
                Counted::DrawOrder,
                data.draw_order.len(),
                data.draw_order.len(),
            );
        }
        if let Some(f) = frames {
            f.finish_animation(anim, duration);
        }
        Some(data)
    }
}

/// A system's track in one animation, with the tolerances its bones are reduced to.
struct Part<'a> {
    /// Index into the baked systems.
    si: usize,
    track: &'a Track,
    specs: Specs,
}

/// One particle bone's reduced timelines in one animation: its trail chain's bones and slot,
/// its own bone and slot, and the keys they counted.
#[derive(Default)]
struct ReducedBone {
    chain: Vec<Option<crate::json::BoneTimelines>>,
    trail_slot: Option<crate::json::SlotTimelines>,
    bone: Option<crate::json::BoneTimelines>,
    slot: Option<crate::json::SlotTimelines>,
    counts: KeyCounts,
}
