//! The setup of the skeleton (export spec §5, §8–§9, §14, §16.3): every baked system's names,
//! its bones (system bone, particle bones, trail chains), its slots in setup draw order (its
//! trail slots first, then its particle slots; systems in scene order) and its entries in the
//! `default` skin.

use sp_sim::document::Scene;

use super::names::{self, BoneNames};
use super::trails;
use crate::bake::BakedSystem;
use crate::draw_order;
use crate::images::{ImageResolver, ImageSizes};
use crate::json::{Attachment, BoneData, OrderedMap, SlotData};
use crate::names::NameAllocator;
use crate::warning::Warning;

/// The skeleton's setup sections and the names its animations are written with.
pub(super) struct Setup {
    /// Per baked system: its bone, particle bone, slot and attachment names.
    pub(super) names: Vec<BoneNames>,
    /// Per baked system: its trail names (`None` without a trail).
    pub(super) trails: Vec<Option<trails::TrailNames>>,
    /// Per baked system: the index of its first trail slot in the setup order.
    pub(super) trail_first_slots: Vec<usize>,
    /// Per baked system: the index of its first particle slot in the setup order.
    pub(super) first_slots: Vec<usize>,
    /// The `bones` section, `root` first.
    pub(super) bones: Vec<BoneData>,
    /// The `slots` section, in setup draw order.
    pub(super) slots: Vec<SlotData>,
    /// The `default` skin: slot name → entry key → attachment.
    pub(super) skin: OrderedMap<OrderedMap<Attachment>>,
    /// Skin entries written.
    pub(super) attachment_count: usize,
    /// Slot names in setup order.
    pub(super) slot_names: Vec<String>,
}

/// Names, bones, slots and skin of the systems `baked` of `scene`, images sized by `images`;
/// the trail and image warnings are added to `warnings`.
pub(super) fn assemble(
    scene: &Scene,
    images: &ImageSizes,
    baked: &[BakedSystem],
    warnings: &mut Vec<Warning>,
) -> Setup {
    let mut bone_ns = NameAllocator::new();
    bone_ns.reserve("root");
    let mut slot_ns = NameAllocator::new();
    let mut resolver = ImageResolver::new(scene, images);
    let mut all_names: Vec<BoneNames> = Vec::new();
    let mut all_trails: Vec<Option<trails::TrailNames>> = Vec::new();
    let mut trail_first_slots: Vec<usize> = Vec::new();
    let mut bones = vec![BoneData::new("root".into(), None, None)];
    let mut slots = Vec::new();
    let mut skin = OrderedMap::default();
    let mut attachment_count = 0usize;
    // Index of each system's first slot in the setup order (slots consecutive per system).
    let mut first_slots: Vec<usize> = Vec::new();
    for b in baked {
        let system = &scene.systems[b.scene_index];
        let draws = system.trail.draws_particle();
        let names = names::allocate(system, b, draws, &mut bone_ns, &mut slot_ns, &mut resolver);
        bones.push(BoneData::new(
            names.system_bone.clone(),
            Some("root".into()),
            None,
        ));
        for bone in &names.bones {
            bones.push(BoneData::new(
                bone.clone(),
                Some(names.system_bone.clone()),
                b.inherit.json_name(),
            ));
        }
        // Trails (§9): the chains after the particle bones, their slots first in the system's
        // block (every trail behind every particle of the system, as the preview draws them).
        let trail = (b.trails.bones > 0).then(|| {
            trails::allocate(
                system,
                b,
                &names.bones,
                &mut bone_ns,
                &mut slot_ns,
                &mut resolver,
            )
        });
        trail_first_slots.push(slots.len());
        if let Some(t) = &trail {
            let n = b.bone_count;
            let mut first_bone = vec![0usize; n];
            for (i, first) in first_bone.iter_mut().enumerate() {
                *first = bones.len();
                bones.extend(t.bone_data(i, &names.system_bone));
            }
            for p in 0..n {
                let i = (0..n)
                    .find(|&i| draw_order::setup_position(i, n, system.draw_order) == p)
                    .unwrap_or(p);
                let keys = &t.attachments[i];
                slots.push(SlotData {
                    name: t.slots[i].clone(),
                    bone: t.bones[i][0].clone(),
                    color: "ffffff00".into(),
                    attachment: keys.values().next().cloned(),
                    blend: blend_name(t.blend),
                });
                let mut entries = OrderedMap::default();
                let mut seen = std::collections::BTreeSet::new();
                for key in keys.values() {
                    if seen.insert(key.clone()) {
                        entries.push(
                            key.clone(),
                            Attachment::Mesh(t.mesh_attachment(key, first_bone[i])),
                        );
                        attachment_count += 1;
                    }
                }
                if !entries.is_empty() {
                    skin.push(t.slots[i].clone(), entries);
                }
            }
            if system.trail.has_color_along() {
                warnings.push(Warning::TrailColorAlong {
                    system: system.name.clone(),
                });
            }
        }
        if system.trail.enabled && system.trail.images.is_empty() {
            warnings.push(Warning::TrailWithoutImage {
                system: system.name.clone(),
            });
        }
        all_trails.push(trail);
        first_slots.push(slots.len());
        let n = names.bones.len();
        for p in 0..n {
            // The bone at setup position p of the system's slot block (§16.3).
            let i = (0..n)
                .find(|&i| draw_order::setup_position(i, n, system.draw_order) == p)
                .unwrap_or(p);
            let keys = &names.attachments[i];
            let setup = keys.values().next().cloned();
            slots.push(SlotData {
                name: names.slots[i].clone(),
                bone: names.bones[i].clone(),
                color: "ffffff00".into(),
                attachment: setup,
                blend: blend_name(system.blend),
            });
            let mut entries = OrderedMap::default();
            let mut seen = std::collections::BTreeSet::new();
            for key in keys.values() {
                if seen.insert(key.clone())
                    && let Some(region) = names.regions.get(key)
                {
                    entries.push(key.clone(), Attachment::Region(region.clone()));
                    attachment_count += 1;
                }
            }
            if !entries.is_empty() {
                skin.push(names.slots[i].clone(), entries);
            }
        }
        all_names.push(names);
    }
    let slot_names: Vec<String> = slots.iter().map(|s: &SlotData| s.name.clone()).collect();
    warnings.append(&mut resolver.warnings);
    Setup {
        names: all_names,
        trails: all_trails,
        trail_first_slots,
        first_slots,
        bones,
        slots,
        skin,
        attachment_count,
        slot_names,
    }
}

fn blend_name(blend: sp_sim::document::BlendMode) -> Option<&'static str> {
    use sp_sim::document::BlendMode;
    match blend {
        BlendMode::Normal => None,
        BlendMode::Additive => Some("additive"),
        BlendMode::Multiply => Some("multiply"),
        BlendMode::Screen => Some("screen"),
    }
}
