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

use std::collections::{BTreeMap, BTreeSet};

use sp_sim::document::ParticleSystem;
use sp_sim::sim::trail::TrailMesh;

use super::timelines::{
    Counted, Forced, KeyCounts, KeyMode, SlotLook, Specs, all_equal, curve_json, run_keys,
    slot_timelines_with, steps_for, xy_keys,
};
use crate::bake::trail::{NO_TRAIL, TrailArena};
use crate::bake::{BakedSystem, FrameState, Run, Track};
use crate::coords::{Affine, Inherit, SpinePose, unwrap_near};
use crate::images::ImageResolver;
use crate::json::{BoneData, BoneTimelines, MeshAttachment, Num, SlotTimelines, ValueKey};
use crate::names::{NameAllocator, particle_bone_base};
use crate::reduce::runtime_curve::f32_round;
use crate::reduce::{ChannelSpec, Timing, runtime_value};

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

    /// The timelines of pool bone `b`'s chain (one entry per chain bone, `None` when it has no
    /// key) and of its trail slot, in `track`.
    #[allow(clippy::too_many_arguments)]
    pub fn timelines(
        &self,
        b: usize,
        baked: &BakedSystem,
        track: &Track,
        specs: &Specs,
        mode: KeyMode,
        counts: &mut KeyCounts,
    ) -> (Vec<Option<BoneTimelines>>, Option<SlotTimelines>) {
        let runs = &track.bones[b];
        let arena = &baked.trails;
        let n = self.bones[b].len();
        if runs.is_empty() || n == 0 {
            return (vec![None; n], None);
        }
        // Shown while the particle is (a fake-dead particle shows no trail, as in the preview).
        let image = |s: &FrameState| {
            (s.trail != NO_TRAIL && s.texture.is_some())
                .then(|| arena.image(s.trail))
                .flatten()
        };
        let (l, w) = (self.bind_length_px, self.bind_width_px);
        // Tolerances (module docs).
        let longest = runs
            .iter()
            .flat_map(|r| &r.states)
            .filter(|s| s.trail != NO_TRAIL)
            .flat_map(|s| arena.nodes(s.trail).iter().map(|x| f64::from(x.length_px)))
            .fold(0.0f64, f64::max);
        let spec = |tolerance: f64| {
            let steps = steps_for(tolerance);
            ChannelSpec {
                tolerance,
                steps,
                handle_steps: steps,
                joint: false,
                range: ChannelSpec::UNBOUNDED,
            }
        };
        // A chord `ℓ ≤ longest` turned by `δθ` moves its end by `ℓ·δθ`.
        let rotate = spec(if longest > 0.0 {
            SPEC_ANGLE_DEG.min((CHORD_BUDGET_PX / longest).to_degrees())
        } else {
            SPEC_ANGLE_DEG
        });
        let widest = self
            .mesh
            .vertices
            .iter()
            .map(|v| (v.y * w).abs())
            .fold(0.0f64, f64::max);
        let scale = [
            spec(SPEC_SCALE.min(CHORD_BUDGET_PX / l)),
            spec(if widest > 0.0 {
                SPEC_SCALE.min(WIDTH_BUDGET_PX / widest)
            } else {
                SPEC_SCALE
            }),
        ];
        let gain = baked.parent.max_stretch().max(1e-6);
        let translate = ChannelSpec {
            joint: true,
            ..spec(ROOT_BUDGET_PX / gain)
        };
        // A bone turned by δ moves its vertices across by (widest world offset)·δ.
        let widest_world = widest
            * runs
                .iter()
                .flat_map(|r| &r.states)
                .filter(|s| s.trail != NO_TRAIL)
                .map(|s| f64::from(arena.width(s.trail)) / w)
                .fold(0.0f64, f64::max);
        let max_turn_deg = if widest_world > 0.0 {
            (TURN_BUDGET_PX / widest_world).to_degrees()
        } else {
            180.0
        };
        let time = |f: u32| Num(mode.timing.key_time(f));
        let node = |s: &FrameState, j: usize| arena.nodes(s.trail).get(j).copied();
        let run_index = |run: &Run| runs.iter().position(|r| std::ptr::eq(r, run)).unwrap_or(0);
        // `actual[run][k]`: node `j`'s world position as the runtime poses it from the keys
        // written so far (the chain is solved head to tail against it, so errors do not add up).
        let mut actual: Vec<Vec<[f64; 2]>> = Vec::with_capacity(runs.len());
        let mut out = Vec::with_capacity(n);
        for j in 0..n {
            let mut t = BoneTimelines::default();
            if j == 0 {
                let (keys, frames) = run_keys(
                    runs,
                    &[translate; 2],
                    mode,
                    Forced::ImpactsAndCorners,
                    |run| {
                        run.states
                            .iter()
                            .enumerate()
                            .map(|(k, s)| {
                                let p = node(s, 0).unwrap_or_default();
                                let parent = parent_at(
                                    baked,
                                    track,
                                    run.start_frame + k as u32,
                                    mode.timing,
                                );
                                parent
                                    .to_local_point(f64::from(p.x), f64::from(p.y))
                                    .map_or([0.0, 0.0], |(x, y)| [x, y])
                            })
                            .collect()
                    },
                    image,
                );
                actual = runs
                    .iter()
                    .map(|run| {
                        (0..run.states.len() as u32)
                            .map(|k| {
                                let f = run.start_frame + k;
                                let [x, y] =
                                    runtime_value(&keys, f, mode.timing).unwrap_or([0.0, 0.0]);
                                let p = parent_at(baked, track, f, mode.timing);
                                [p.a * x + p.b * y + p.x, p.c * x + p.d * y + p.y]
                            })
                            .collect()
                    })
                    .collect();
                if !all_equal(&keys, [0.0, 0.0]) {
                    counts.add(Counted::Translate, keys.len(), frames);
                    t.translate = xy_keys(&keys, time);
                }
            }
            // Bone j's direction and chord: from where the runtime puts node j to the
            // simulation's node j + 1 (the tail bone: the simulation's last chord); where that
            // turns the bone by more than `max_turn` from the simulation's direction (a chord
            // shorter than the error), the simulation's direction and the chord along it.
            let target = |run: &Run, k: usize, s: &FrameState| -> (f64, f64) {
                let here = node(s, j).unwrap_or_default();
                let sim = (f64::from(here.rotation_deg), f64::from(here.length_px));
                let Some(next) = node(s, j + 1).filter(|_| j + 1 < n) else {
                    return sim;
                };
                let [x, y] = actual[run_index(run)][k];
                let (dx, dy) = (f64::from(next.x) - x, f64::from(next.y) - y);
                let chord = libm::hypot(dx, dy);
                let angle = libm::atan2(dy, dx).to_degrees();
                if chord > 1e-9 && (unwrap_near(angle, sim.0) - sim.0).abs() <= max_turn_deg {
                    return (angle, chord);
                }
                let (sin, cos) = crate::coords::sin_cos_deg(sim.0);
                (sim.0, (dx * cos + dy * sin).max(0.0))
            };
            let (rot_keys, frames) = run_keys(
                runs,
                &[rotate],
                mode,
                Forced::Impacts,
                |run| {
                    let mut prev: Option<f64> = None;
                    run.states
                        .iter()
                        .enumerate()
                        .map(|(k, s)| {
                            let raw = target(run, k, s).0;
                            let v = prev.map_or(raw, |p| unwrap_near(raw, p));
                            prev = Some(v);
                            [v]
                        })
                        .collect()
                },
                image,
            );
            if !all_equal(&rot_keys, [0.0]) {
                counts.add(Counted::Rotate, rot_keys.len(), frames);
                t.rotate = rot_keys
                    .iter()
                    .map(|k| ValueKey {
                        time: time(k.frame),
                        value: Num(k.values[0]),
                        curve: curve_json(&k.curve),
                    })
                    .collect();
            }
            let (scale_keys, frames) = run_keys(
                runs,
                &scale,
                mode,
                Forced::Attachments,
                |run| {
                    run.states
                        .iter()
                        .enumerate()
                        .map(|(k, s)| {
                            let width = if s.trail == NO_TRAIL {
                                0.0
                            } else {
                                f64::from(arena.width(s.trail))
                            };
                            [target(run, k, s).1 / l, width / w]
                        })
                        .collect()
                },
                image,
            );
            if !all_equal(&scale_keys, [1.0, 1.0]) {
                counts.add(Counted::Scale, scale_keys.len(), frames);
                t.scale = xy_keys(&scale_keys, time);
            }
            out.push(Some(t));
            // Node j + 1 as the runtime poses it: node j + bone j's matrix · (L, 0).
            if j + 1 < n {
                for (run, positions) in runs.iter().zip(actual.iter_mut()) {
                    for (k, p) in positions.iter_mut().enumerate() {
                        let f = run.start_frame + k as u32;
                        let [r] = runtime_value(&rot_keys, f, mode.timing).unwrap_or([0.0]);
                        let [sx, _] =
                            runtime_value(&scale_keys, f, mode.timing).unwrap_or([1.0, 1.0]);
                        let (sin, cos) = crate::coords::sin_cos_deg(r);
                        *p = [p[0] + cos * sx * l, p[1] + sin * sx * l];
                    }
                }
            }
        }
        let names = &self.attachments[b];
        let look = SlotLook {
            shown: &image,
            color: &|s: &FrameState| {
                if s.trail == NO_TRAIL {
                    [0.0; 4]
                } else {
                    arena.color(s.trail)
                }
            },
            name: &|k: u16| names.get(&k).cloned(),
        };
        let slot = slot_timelines_with(runs, track.end_frame, &look, specs, mode, counts);
        (out, slot)
    }
}

/// The system bone's world transform at `frame` of `track`, as the runtime evaluates it (its
/// translate keys when it follows a bone or travels a path, its rotate keys when it turns along
/// the path, [`crate::bake::follow`]).
fn parent_at(baked: &BakedSystem, track: &Track, frame: u32, timing: Timing) -> Affine {
    let Some(keys) = &track.root_translate else {
        return baked.parent;
    };
    let Some([x, y]) = runtime_value(keys, frame, timing) else {
        return baked.parent;
    };
    let root = baked.root_pose;
    let rotation_deg = match &track.root_rotate {
        Some(r) => match runtime_value(r, frame, timing) {
            Some([deg]) => deg,
            None => return baked.parent,
        },
        None => f32_round(root.rotation_deg),
    };
    let at = SpinePose {
        x,
        y,
        rotation_deg,
        scale_x: f32_round(root.scale_x),
        scale_y: f32_round(root.scale_y),
    };
    Affine::IDENTITY.child(&at, Inherit::Normal)
}

/// Whether a run of states carries a trail at all (for the draw order of trail slots).
pub fn has_trail(runs: &[Run]) -> bool {
    runs.iter()
        .any(|r| r.states.iter().any(|s| s.trail != NO_TRAIL))
}
