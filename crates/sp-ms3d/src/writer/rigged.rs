//! A synthetic rigged character, sized like the skinned models of 2000s games that MilkShape
//! exported (a few thousand to ten thousand vertices, 30–55 joints, key frames on every joint):
//! the file the MS3D parse benchmark reads, and a model for playback tests.
//!
//! Skeleton (Y up, facing +Z, bind rotations zero so a joint's bind position is the sum of its
//! chain's offsets): `hips` → `spine1` → `spine2` → `chest` → `neck` → `head` → `head_end`; per
//! side `clavicle` → `upper_arm` → `forearm` → `hand` → `fingers` chains of `finger_joints`
//! joints; per side `thigh` → `shin` → `foot` → `toe`.
//!
//! Mesh: every joint with a parent gets a tube from its parent's position to its own, bound to
//! the parent (so rotating a joint swings its child segments): `rings` rings of `sides` vertices,
//! radius per body part, quads between rings split into two triangles, radial normals. Ring `r`
//! of `rings` sits at `f = r / (rings − 1)` along the segment; rings with `f < 1/4` blend into the
//! grandparent joint with the parent's weight `50 + 200·f` percent (MilkShape's vertex-extra
//! weights, sub-version 2), as a skinned elbow or knee is weighted.
//!
//! Animation at 30 fps, three clips named in the model comment (`idle`, `walk`, `attack`), each
//! `frames_per_clip` frames: every joint has a rotation key and a position key every
//! `key_every_frames` frames (as exporters write them), rotation
//! `a·sin(2π·(k − start)/len + φ)` about the joint's swing axis with amplitude `a` and phase `φ`
//! per body part and clip (so each clip loops), position `(0, 0, 0)` except the hips' walk bob.
//! Six groups (torso, head, arms, legs), two textured materials.
//!
//! The joints and their rotations per clip are in `rigged/skeleton.rs`; this file holds the
//! spec, the mesh, the keys and the model's assembly.

mod skeleton;

use self::skeleton::{Part, pose, skeleton};
use super::builder::ModelBuilder;
use crate::model::Model;

/// Frames per second of the rigged model's animation.
pub const RIGGED_FPS: f32 = 30.0;

/// Size of a [`rigged_model`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RiggedSpec {
    /// Fingers per hand (0..=5).
    pub fingers: u8,
    /// Joints per finger (1..=3).
    pub finger_joints: u8,
    /// Rings per segment (≥ 2).
    pub rings: u16,
    /// Vertices per ring (≥ 3).
    pub sides: u16,
    /// Frames of each of the three clips (≥ 2).
    pub frames_per_clip: u16,
    /// A key on every joint every this many frames (≥ 1; the clip's last frame always has one).
    pub key_every_frames: u16,
}

impl RiggedSpec {
    /// A game character: 31 joints, 4,200 vertices, 7,560 triangles, 120 frames, keys every
    /// 2 frames (about 700 KB).
    pub const CHARACTER: RiggedSpec = RiggedSpec {
        fingers: 2,
        finger_joints: 2,
        rings: 10,
        sides: 14,
        frames_per_clip: 40,
        key_every_frames: 2,
    };
    /// A detailed character: 53 joints (five three-joint fingers per hand), 11,232 vertices,
    /// 20,592 triangles, 240 frames, a key every frame (about 2.2 MB).
    pub const DETAILED: RiggedSpec = RiggedSpec {
        fingers: 5,
        finger_joints: 3,
        rings: 12,
        sides: 18,
        frames_per_clip: 80,
        key_every_frames: 1,
    };

    /// Joints of the skeleton.
    pub fn joint_count(&self) -> usize {
        7 + 2 * (4 + usize::from(self.fingers) * usize::from(self.finger_joints)) + 2 * 4
    }

    /// Vertices of the mesh: one tube per joint with a parent.
    pub fn vertex_count(&self) -> usize {
        (self.joint_count() - 1) * usize::from(self.rings) * usize::from(self.sides)
    }

    /// Triangles of the mesh.
    pub fn triangle_count(&self) -> usize {
        (self.joint_count() - 1) * usize::from(self.rings - 1) * usize::from(self.sides) * 2
    }
}

fn add3(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale3(a: [f32; 3], k: f32) -> [f32; 3] {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn normalize(a: [f32; 3]) -> [f32; 3] {
    let len = f32::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    if len > 0.0 {
        scale3(a, 1.0 / len)
    } else {
        [0.0, 1.0, 0.0]
    }
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Two unit vectors perpendicular to `d` and to each other.
fn basis(d: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    let helper = if d[1].abs() < 0.9 {
        [0.0, 1.0, 0.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    let u = normalize(cross(d, helper));
    (u, cross(d, u))
}

/// Builds the rigged character of `spec` (see the module docs). The spec is clamped to its
/// documented ranges and to the format's 65,535 vertices and triangles.
pub fn rigged_model(spec: RiggedSpec) -> Model {
    let mut spec = RiggedSpec {
        fingers: spec.fingers.min(5),
        finger_joints: spec.finger_joints.clamp(1, 3),
        rings: spec.rings.max(2),
        sides: spec.sides.max(3),
        frames_per_clip: spec.frames_per_clip.max(2),
        key_every_frames: spec.key_every_frames.max(1),
    };
    while spec.triangle_count() > 65_000 && spec.rings > 2 {
        spec.rings -= 1;
    }
    while spec.triangle_count() > 65_000 && spec.sides > 3 {
        spec.sides -= 1;
    }
    let joints = skeleton(&spec);
    let mut b = ModelBuilder::new(RIGGED_FPS);
    let skin = b.material("skin", [0.9, 0.75, 0.65, 1.0], "textures/skin.png");
    let cloth = b.material("cloth", [0.3, 0.35, 0.6, 1.0], "textures/cloth.png");
    for j in &joints {
        let parent = j.parent.map_or("", |p| joints[p].name.as_str());
        b.joint(&j.name, parent, [0.0; 3], j.offset);
    }
    // Bind positions: sums of offsets (bind rotations are zero).
    let mut world = vec![[0.0f32; 3]; joints.len()];
    for (i, j) in joints.iter().enumerate() {
        world[i] = match j.parent {
            Some(p) => add3(world[p], j.offset),
            None => j.offset,
        };
    }

    let mut group_tris: Vec<Vec<u16>> = vec![Vec::new(); 6];
    let (rings, sides) = (spec.rings, spec.sides);
    for (i, j) in joints.iter().enumerate() {
        let Some(p) = j.parent else { continue };
        let grand = joints[p].parent;
        let (from, to) = (world[p], world[i]);
        let axis = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
        let (u, v) = basis(normalize(axis));
        let first = b.vertex_count();
        for r in 0..rings {
            let f = f32::from(r) / f32::from(rings - 1);
            let centre = add3(from, scale3(axis, f));
            // A little taper along the segment.
            let radius = j.radius * (1.0 - 0.15 * f);
            for k in 0..sides {
                let a = core::f32::consts::TAU * f32::from(k) / f32::from(sides);
                let (sin, cos) = libm::sincosf(a);
                let dir = add3(scale3(u, cos), scale3(v, sin));
                let vertex = b.vertex(add3(centre, scale3(dir, radius)), p as i8);
                if let Some(g) = grand
                    && f < 0.25
                {
                    let main = (50.0 + 200.0 * f).round().clamp(50.0, 100.0) as u8;
                    b.weights(vertex, [g as i8, -1, -1], [main, 100 - main, 0]);
                }
            }
        }
        for r in 0..rings - 1 {
            for k in 0..sides {
                let k1 = (k + 1) % sides;
                let at = |r: u16, k: u16| first + r * sides + k;
                let (s0, s1) = (
                    f32::from(k) / f32::from(sides),
                    f32::from(k + 1) / f32::from(sides),
                );
                let (t0, t1) = (
                    f32::from(r) / f32::from(rings - 1),
                    f32::from(r + 1) / f32::from(rings - 1),
                );
                let group = j.part.group() as u8;
                let ta = b.triangle(
                    [at(r, k), at(r + 1, k), at(r + 1, k1)],
                    [[s0, t0], [s0, t1], [s1, t1]],
                    group,
                );
                let tb = b.triangle(
                    [at(r, k), at(r + 1, k1), at(r, k1)],
                    [[s0, t0], [s1, t1], [s1, t0]],
                    group,
                );
                group_tris[j.part.group()].extend([ta, tb]);
            }
        }
    }
    for part in [
        Part::Torso,
        Part::Head,
        Part::ArmL,
        Part::ArmR,
        Part::LegL,
        Part::LegR,
    ] {
        let material = if matches!(part, Part::Head | Part::ArmL | Part::ArmR) {
            skin
        } else {
            cloth
        };
        b.group(
            part.name(),
            std::mem::take(&mut group_tris[part.group()]),
            material,
        );
    }

    let len = spec.frames_per_clip;
    let names = ["idle", "walk", "attack"];
    for (clip, _) in names.iter().enumerate() {
        let start = 1 + clip as u16 * len;
        let end = start + len - 1;
        let mut k = start;
        loop {
            let x = core::f32::consts::TAU * f32::from(k - start) / f32::from(len - 1);
            for (i, j) in joints.iter().enumerate() {
                b.rotation_key(i, f32::from(k), pose(j, clip, x));
                let bob = if i == 0 && clip == 1 {
                    [0.0, 0.25 * libm::sinf(2.0 * x), 0.0]
                } else {
                    [0.0; 3]
                };
                b.position_key(i, f32::from(k), bob);
            }
            if k == end {
                break;
            }
            k = (k + spec.key_every_frames).min(end);
        }
    }
    let comment: String = names
        .iter()
        .enumerate()
        .map(|(c, name)| {
            let start = 1 + c as u16 * len;
            format!("{name} {start}-{}\n", start + len - 1)
        })
        .collect();
    b.model_comment(&format!(
        "Synthetic SpineParticle rigged character (benchmark model).\n{comment}"
    ));
    b.extras([1.0, 1.0, 0.0], 0.3);
    let mut model = b.build();
    // Radial normals: each corner's normal points away from its segment's axis.
    let normals: Vec<[f32; 3]> = {
        let mut out = vec![[0.0, 0.0, 1.0]; model.vertices.len()];
        let mut next = 0usize;
        for (i, j) in joints.iter().enumerate() {
            let Some(p) = j.parent else { continue };
            let (from, to) = (world[p], world[i]);
            let axis = normalize([to[0] - from[0], to[1] - from[1], to[2] - from[2]]);
            for _ in 0..usize::from(rings) * usize::from(sides) {
                let v = model.vertices[next].position;
                let rel = [v[0] - from[0], v[1] - from[1], v[2] - from[2]];
                let along = rel[0] * axis[0] + rel[1] * axis[1] + rel[2] * axis[2];
                out[next] = normalize([
                    rel[0] - along * axis[0],
                    rel[1] - along * axis[1],
                    rel[2] - along * axis[2],
                ]);
                next += 1;
            }
        }
        out
    };
    for t in &mut model.triangles {
        for c in 0..3 {
            t.normals[c] = normals[usize::from(t.vertex_indices[c])];
        }
    }
    model
}
