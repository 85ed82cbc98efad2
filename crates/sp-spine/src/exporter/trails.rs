//! Trails in the export (export spec §5.2, §9, §12.3–12.4): per pool bone of a trailed system,
//! a chain of `N` bones under the system bone, a trail slot on the chain's root, and one
//! weighted mesh attachment per trail image it shows; bone timelines for the chain and slot
//! timelines (attachment, rgba) for the slot. Never a `deform` timeline.
//!
//! **Chain.** Bone 0 (`<particle>_trail_1_0`) is a child of the system bone, bone `j` of bone
//! `j − 1`, all `inherit: onlyTranslation`. Setup pose (§5.2): bone 0 at the origin, every
//! other bone at `(L, 0)` of its parent, rotation 0, scale 1, length `L` (the bind chord: the
//! mean chord of the system's baked trails, so the chain looks like a trail in the editor).
//! Animation, per baked frame, with the simulation's chain (nodes `P_j`, directions `θ_j`,
//! chords `ℓ_j`, width `σ`, in Spine axes, [`crate::bake::trail`]):
//! - bone 0 translate: `P₀` solved against the system bone's world transform of that frame
//!   (the runtime's evaluation of its keys when it moves);
//! - bones `j ≥ 1` keep their setup translation: with `onlyTranslation`, bone `j` lands at
//!   `P'_{j−1} + R(θ'_{j−1})·(s'_{j−1}·L, 0)`, where primes are what the runtime evaluates from
//!   the written (reduced) keys; so the chain is solved head to tail against the runtime: bone
//!   `j < N − 1` is keyed with the direction `θ_j` and chord scale `s_j = |d|/L` of
//!   `d = P_{j+1} − P'_j` (from where the runtime puts node `j` to the simulation's node
//!   `j + 1`), which is the simulation's `θ_j, ℓ_j/L` up to the earlier bones' reduction
//!   errors; the tail bone with the simulation's last direction and chord. A node's error is
//!   then only its parent bone's own reduction error: errors do not add up along the chain.
//!   Where `d` would turn the bone from `θ_j` by more than [`TURN_BUDGET_PX`] / widest vertex
//!   offset (radians; a chord not much longer than the error, e.g. at birth), the bone keeps
//!   `θ_j` and takes the chord along it (`d·t_j / L`): the error across is carried on, not
//!   turned into a swing of the ribbon;
//! - scale y `σ / W`, `W` the trail's `widthPx` (1 when 0); rotations unwrapped over the frames.
//!
//! **Mesh.** The system's trail mesh ([`sp_sim::sim::trail::TrailMesh`]) with each vertex bound
//! to its one or two chain bones: bone index into the final `bones` array, bind position
//! `(x·L, −y·W)` (bone-local x in chord lengths times `L`; the editor's `+y` across is Spine's
//! `−y`), weight (quantised to 10⁻⁶, summing to 1 exactly). The runtime's skinning
//! `Σ w·(M_k·(x, y) + P_k)` with `M_k = R(θ_k)·diag(ℓ_k / L, σ / W)` is then the simulation's
//! `Σ w·(P_k + ℓ_k·x·t_k + σ·y·n_k)`: the preview's ribbon.
//!
//! **Tolerances** (§12.3 trail bones: 0.1 px, 0.01°, 0.01 scale; each capped at 0.009 for the
//! written precision): bone 0's position within [`ROOT_BUDGET_PX`]; every rotation within
//! [`CHORD_BUDGET_PX`] / longest chord (radians) and every chord scale within
//! [`CHORD_BUDGET_PX`] / `L`, so a node is off by at most 0.05 px; `σ/W` within
//! `0.15 px / widest bind offset` (mesh vertices). Keys are forced where the trail appears,
//! disappears and switches image (§12.4).
//!
//! Files: this one names the chains, slots and meshes and writes their setup; `trails/timelines.rs`
//! keys the chain and the slot in each animation ([`TrailNames::timelines`]).

mod timelines;

use std::collections::{BTreeMap, BTreeSet};

use sp_sim::document::ParticleSystem;
use sp_sim::sim::trail::TrailMesh;

use crate::bake::trail::{NO_TRAIL, TrailArena};
use crate::bake::{BakedSystem, Run};
use crate::coords::Inherit;
use crate::images::ImageResolver;
use crate::json::{BoneData, MeshAttachment, Num};
use crate::names::{NameAllocator, particle_bone_base};

/// Largest error of the chain root's position, pixels (see the module docs).
pub const ROOT_BUDGET_PX: f64 = 0.04;
/// Largest move of a node from its parent bone's rotation error, and again from its chord-scale
/// error, pixels (see the module docs).
pub const CHORD_BUDGET_PX: f64 = 0.025;
/// Largest move of a mesh vertex across the trail from turning a bone off the simulation's
/// direction to absorb the earlier bones' errors, pixels (see the module docs).
pub const TURN_BUDGET_PX: f64 = 0.1;
/// Rotation tolerance cap, degrees (§12.3's 0.01° less a margin for the written precision).
pub const SPEC_ANGLE_DEG: f64 = 0.009;
/// Scale tolerance cap (§12.3's 0.01 less a margin for the written precision).
pub const SPEC_SCALE: f64 = 0.009;
/// Largest error of a mesh vertex from the width scale, pixels.
pub const WIDTH_BUDGET_PX: f64 = 0.15;

/// One image a trail slot can show.
#[derive(Clone, Debug)]
pub struct TrailImage {
    /// Path (absent when equal to the entry key).
    pub path: Option<String>,
    /// Image size, pixels.
    pub width: u32,
    /// Image size, pixels.
    pub height: u32,
}

/// The names and bind of one system's trails.
#[derive(Clone, Debug)]
pub struct TrailNames {
    /// Per pool bone: the chain's bone names, head first.
    pub bones: Vec<Vec<String>>,
    /// Per pool bone: the trail slot.
    pub slots: Vec<String>,
    /// Per pool bone: trail image index → entry key, for the images that bone shows.
    pub attachments: Vec<BTreeMap<u16, String>>,
    /// Entry key → image.
    pub images: BTreeMap<String, TrailImage>,
    /// Bind chord `L`, pixels.
    pub bind_length_px: f64,
    /// Bind width `W`, pixels.
    pub bind_width_px: f64,
    /// The mesh.
    pub mesh: TrailMesh,
    /// `inherit` of the chain bones.
    pub inherit: Inherit,
    /// Slot blend mode.
    pub blend: sp_sim::document::BlendMode,
}

/// Mean chord of every baked trail frame (the tail bone's copy left out), rounded to 0.01 px,
/// at least 1 px.
fn bind_length(arena: &TrailArena) -> f64 {
    let (mut sum, mut count) = (0.0f64, 0u64);
    for i in 0..arena.len() as u32 {
        let nodes = arena.nodes(i);
        for n in nodes.iter().take(nodes.len().saturating_sub(1)) {
            sum += f64::from(n.length_px);
            count += 1;
        }
    }
    let mean = if count > 0 { sum / count as f64 } else { 10.0 };
    (f64::round(mean * 100.0) / 100.0).max(1.0)
}

/// Allocates the trail names of `baked` (a system with an active trail), after its particle
/// bones (`particle_bones`, empty when the particle is not drawn).
pub fn allocate(
    system: &ParticleSystem,
    baked: &BakedSystem,
    particle_bones: &[String],
    bones: &mut NameAllocator,
    slots: &mut NameAllocator,
    images: &mut ImageResolver,
) -> TrailNames {
    let trail = &system.trail;
    let arena = &baked.trails;
    let mut used: Vec<BTreeSet<u16>> = vec![BTreeSet::new(); baked.bone_count];
    for track in &baked.tracks {
        for (b, runs) in track.bones.iter().enumerate() {
            for run in runs {
                used[b].extend(
                    run.states
                        .iter()
                        .filter(|s| s.trail != NO_TRAIL)
                        .filter_map(|s| arena.image(s.trail)),
                );
            }
        }
    }
    let all: BTreeSet<u16> = used.iter().flatten().copied().collect();
    let mut keys = NameAllocator::new();
    let mut key_of: BTreeMap<u16, String> = BTreeMap::new();
    let mut by_reference: BTreeMap<&str, String> = BTreeMap::new();
    let mut table = BTreeMap::new();
    for &k in &all {
        let Some(reference) = trail.images.get(usize::from(k)) else {
            continue;
        };
        if let Some(key) = by_reference.get(reference.as_str()) {
            key_of.insert(k, key.clone());
            continue;
        }
        let image = images.resolve(reference);
        let key = keys.claim(&image.path);
        table.insert(
            key.clone(),
            TrailImage {
                path: (key != image.path).then(|| image.path.clone()),
                width: image.width,
                height: image.height,
            },
        );
        by_reference.insert(reference, key.clone());
        key_of.insert(k, key);
    }
    let n = trail.bone_count();
    let mut names = TrailNames {
        bones: Vec::new(),
        slots: Vec::new(),
        attachments: Vec::new(),
        images: table,
        bind_length_px: bind_length(arena),
        bind_width_px: if trail.width_px > 0.0 {
            f64::from(trail.width_px)
        } else {
            1.0
        },
        mesh: TrailMesh::new(trail),
        inherit: Inherit::OnlyTranslation,
        blend: trail.blend.unwrap_or(system.blend),
    };
    for (b, set) in used.iter().enumerate() {
        let base = particle_bones
            .get(b)
            .cloned()
            .unwrap_or_else(|| particle_bone_base(b));
        names.bones.push(
            (0..n)
                .map(|j| bones.claim(&format!("{base}_trail_1_{j}")))
                .collect(),
        );
        names.slots.push(slots.claim(&format!("{base}_trail")));
        names.attachments.push(
            set.iter()
                .filter_map(|k| Some((*k, key_of.get(k)?.clone())))
                .collect(),
        );
    }
    names
}

/// A value as written with `steps` steps per unit.
fn quantize(v: f64, steps: f64) -> f64 {
    let q = f64::round(v * steps) / steps;
    if q == 0.0 { 0.0 } else { q }
}

impl TrailNames {
    /// The chain bones of pool bone `b` with their setup pose (see the module docs); `parent`
    /// is the system bone.
    pub fn bone_data(&self, b: usize, parent: &str) -> Vec<BoneData> {
        let l = self.bind_length_px;
        self.bones[b]
            .iter()
            .enumerate()
            .map(|(j, name)| {
                let mut bone = BoneData::new(
                    name.clone(),
                    Some(if j == 0 {
                        parent.to_owned()
                    } else {
                        self.bones[b][j - 1].clone()
                    }),
                    self.inherit.json_name(),
                );
                if j > 0 {
                    bone.x = Num(l);
                }
                bone.length = Num(l);
                bone
            })
            .collect()
    }

    /// The mesh attachment of pool bone `b` showing entry `key`; `first_bone` is the index of
    /// the chain's bone 0 in the final `bones` array (the chain follows it in order).
    pub fn mesh_attachment(&self, key: &str, first_bone: usize) -> MeshAttachment {
        let image = self.images.get(key);
        let (l, w) = (self.bind_length_px, self.bind_width_px);
        let mut vertices = Vec::with_capacity(self.mesh.vertices.len() * 9);
        let mut uvs = Vec::with_capacity(self.mesh.vertices.len() * 2);
        for v in &self.mesh.vertices {
            let influences = v.influences();
            vertices.push(Num(influences.len() as f64));
            for i in influences {
                vertices.push(Num((first_bone + usize::from(i.bone)) as f64));
                vertices.push(Num(quantize(i.x * l, 1e4)));
                vertices.push(Num(quantize(-v.y * w, 1e4)));
                vertices.push(Num(i.weight));
            }
            uvs.push(Num(quantize(f64::from(v.uv[0]), 1e6)));
            uvs.push(Num(quantize(f64::from(v.uv[1]), 1e6)));
        }
        MeshAttachment {
            kind: "mesh",
            path: image.and_then(|i| i.path.clone()),
            uvs,
            triangles: self.mesh.triangles.clone(),
            vertices,
            hull: self.mesh.hull,
            width: Num(f64::from(image.map_or(0, |i| i.width))),
            height: Num(f64::from(image.map_or(0, |i| i.height))),
        }
    }
}

/// Whether a run of states carries a trail at all (for the draw order of trail slots).
pub fn has_trail(runs: &[Run]) -> bool {
    runs.iter()
        .any(|r| r.states.iter().any(|s| s.trail != NO_TRAIL))
}
