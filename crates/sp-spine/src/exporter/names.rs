//! Names of everything one system exports: its bone, its particle bones and slots, and the
//! region attachments (skin entry keys) each slot can show, per texture index.
//!
//! Bones and slots are allocated in export order from two global namespaces (`root` reserved);
//! entry keys are the attachment paths ([`crate::images`]), unique within the system: two
//! references with the same path share the key when they are the same reference, otherwise the
//! later one gets a suffix and an explicit `path`.

use std::collections::{BTreeMap, BTreeSet};

use sp_sim::document::ParticleSystem;

use crate::bake::BakedSystem;
use crate::coords::anchor_offset;
use crate::images::ImageResolver;
use crate::json::{Num, RegionAttachment};
use crate::names::{NameAllocator, particle_bone_base, sanitize};

/// Names of one exported system.
#[derive(Clone, Debug)]
pub struct BoneNames {
    /// The system bone.
    pub system_bone: String,
    /// Particle bones, by pool index.
    pub bones: Vec<String>,
    /// Particle slots, by pool index.
    pub slots: Vec<String>,
    /// Per particle bone: texture index → entry key, for the textures that bone ever shows.
    pub attachments: Vec<BTreeMap<u16, String>>,
    /// Entry key → region, for the whole system.
    pub regions: BTreeMap<String, RegionAttachment>,
}

impl BoneNames {
    /// The entry key bone `bone` uses for texture `texture`.
    pub fn attachment(&self, bone: usize, texture: u16) -> Option<&str> {
        self.attachments
            .get(bone)?
            .get(&texture)
            .map(String::as_str)
    }
}

/// Allocates the names of `baked` (a system of the scene) in the shared namespaces; without
/// `particles` (a trail that hides the particles) only the system bone.
pub fn allocate(
    system: &ParticleSystem,
    baked: &BakedSystem,
    particles: bool,
    bones: &mut NameAllocator,
    slots: &mut NameAllocator,
    images: &mut ImageResolver,
) -> BoneNames {
    let system_bone = bones.claim(&sanitize(&system.name, "ParticleSystem"));
    let mut names = BoneNames {
        system_bone,
        bones: Vec::new(),
        slots: Vec::new(),
        attachments: Vec::new(),
        regions: BTreeMap::new(),
    };
    if !particles {
        return names;
    }
    // Texture indices each bone shows.
    let mut used: Vec<BTreeSet<u16>> = vec![BTreeSet::new(); baked.bone_count];
    for track in &baked.tracks {
        for (b, runs) in track.bones.iter().enumerate() {
            for run in runs {
                used[b].extend(run.states.iter().filter_map(|s| s.texture));
            }
        }
    }
    let all: BTreeSet<u16> = used.iter().flatten().copied().collect();
    let mut keys = NameAllocator::new();
    let mut by_reference: BTreeMap<String, String> = BTreeMap::new();
    let mut key_of: BTreeMap<u16, String> = BTreeMap::new();
    for &t in &all {
        let reference = system
            .textures
            .get(usize::from(t))
            .cloned()
            .unwrap_or_default();
        if let Some(key) = by_reference.get(&reference) {
            key_of.insert(t, key.clone());
            continue;
        }
        let image = images.resolve(&reference);
        let key = keys.claim(&image.path);
        let (w, h) = (f64::from(image.width), f64::from(image.height));
        let (x, y) = anchor_offset(system.anchor, w, h);
        let q = |v: f64| {
            let r = f64::round(v * 100.0) / 100.0;
            if r == 0.0 { 0.0 } else { r }
        };
        names.regions.insert(
            key.clone(),
            RegionAttachment {
                path: (key != image.path).then(|| image.path.clone()),
                x: Num(q(x)),
                y: Num(q(y)),
                width: Num(w),
                height: Num(h),
            },
        );
        by_reference.insert(reference, key.clone());
        key_of.insert(t, key);
    }
    for (b, set) in used.iter().enumerate() {
        let bone = bones.claim(&particle_bone_base(b));
        names.slots.push(slots.claim(&bone));
        names.bones.push(bone);
        names.attachments.push(
            set.iter()
                .filter_map(|t| Some((*t, key_of.get(t)?.clone())))
                .collect(),
        );
    }
    names
}
