//! Skeletal pose evaluation and CPU skinning, following MilkShape's own viewer
//! (`docs/reference/ms3d-format.md` §2):
//!
//! - Euler angles `(x, y, z)` in radians give the rotation `Rz(z)·Ry(y)·Rx(x)`.
//! - Bind: `Lskel = T(pos)·R(rot)` relative to the parent, `Gskel = Gskel_parent·Lskel`.
//! - Keys: `frame = time_secs × fps` (1-based). Before the first key the first key holds, from
//!   the last key on the last key holds; a channel without keys is identity / zero.
//! - Rotation keys: Euler → quaternion, shortest-path slerp.
//! - Position keys: [`Interp::Hermite`] (the default, as MilkShape's viewer: cubic Hermite with
//!   looped tangents `(k[i+1] − k[i−1])·dt1/dt` in and `·dt2/dt` out when a joint has more than
//!   two keys, zero tangents otherwise) or [`Interp::Linear`].
//! - Animated local `= Lskel·[R(q) | p]`: rotation `R_bind·R_key`, translation
//!   `pos_bind + R_bind·key_pos`; `Global = Global_parent·Local`.
//! - Vertex: `v' = Σ w_i · Global_{b_i} · Gskel_{b_i}⁻¹ · v` (see [`influences`] for weights);
//!   vertices whose bone is -1 or past the last joint stay where they are.

use glam::{EulerRot, Mat4, Quat, Vec3};
use serde::{Deserialize, Serialize};

use crate::hierarchy::resolve_parents;
use crate::model::Model;
use crate::{Error, Result};

/// How position keys are interpolated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Interp {
    /// Straight lines between keys.
    Linear,
    /// MilkShape viewer's cubic Hermite with looped tangents (default: matches what the artist
    /// saw in MilkShape).
    #[default]
    Hermite,
}

/// The rotation `Rz(z)·Ry(y)·Rx(x)` of MilkShape Euler angles in radians.
pub fn euler_to_quat(rotation_rad: [f32; 3]) -> Quat {
    Quat::from_euler(
        EulerRot::ZYX,
        rotation_rad[2],
        rotation_rad[1],
        rotation_rad[0],
    )
}

/// Bone influences of one vertex: up to four `(joint, weight)` pairs, weights summing to 1.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Influence {
    /// Joint indices (valid for the first `count` entries).
    pub joints: [u16; 4],
    /// Weights 0..1 (valid for the first `count` entries).
    pub weights: [f32; 4],
    /// How many entries are used; 0 = the vertex is not skinned.
    pub count: u8,
}

/// Influences of every vertex by MilkShape's rule: ids `[bone_id, extra[0], extra[1],
/// extra[2]]`; weights `[100, 0, 0, 0]` without a vertex-extra section or when its three weights
/// are all 0, else `[w0, w1, w2, 100 − w0 − w1 − w2]` (sub-version 1 stores 0..255 and is scaled
/// to percent first). Entries are taken in order up to the first whose weight is ≤ 0 or whose id
/// is not a joint; none taken → 100 % on `bone_id`. A `bone_id` that is not a joint → not
/// skinned. Percent is divided by 100.
pub fn influences(model: &Model) -> Vec<Influence> {
    let joint_count = model.joints.len();
    let valid = |id: i32| id >= 0 && (id as usize) < joint_count;
    let extra = model.vertex_extra.as_ref();
    let scale = if extra.is_some_and(|x| x.sub_version == 1) {
        100.0 / 255.0
    } else {
        1.0
    };
    model
        .vertices
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let bone = i32::from(v.bone_id);
            if !valid(bone) {
                return Influence::default();
            }
            let e = extra.and_then(|x| x.entries.get(i));
            let ids = match e {
                Some(e) => [
                    bone,
                    e.bone_ids[0].into(),
                    e.bone_ids[1].into(),
                    e.bone_ids[2].into(),
                ],
                None => [bone, -1, -1, -1],
            };
            let percent = match e {
                Some(e) if e.weights != [0, 0, 0] => {
                    let w = e.weights.map(|w| f32::from(w) * scale);
                    [w[0], w[1], w[2], 100.0 - w[0] - w[1] - w[2]]
                }
                _ => [100.0, 0.0, 0.0, 0.0],
            };
            let mut out = Influence::default();
            for k in 0..4 {
                if percent[k] <= 0.0 || !valid(ids[k]) {
                    break;
                }
                out.joints[k] = ids[k] as u16;
                out.weights[k] = percent[k] / 100.0;
                out.count += 1;
            }
            if out.count == 0 {
                out = Influence {
                    joints: [bone as u16, 0, 0, 0],
                    weights: [1.0, 0.0, 0.0, 0.0],
                    count: 1,
                };
            }
            out
        })
        .collect()
}

#[derive(Debug, Clone)]
struct RigJoint {
    parent: Option<usize>,
    bind_rotation: Quat,
    bind_position: Vec3,
    /// (frame, rotation), sorted by frame.
    rotation_keys: Vec<(f32, Quat)>,
    /// (frame, position), sorted by frame.
    position_keys: Vec<(f32, Vec3)>,
    /// (tangent in, tangent out) per position key.
    tangents: Vec<(Vec3, Vec3)>,
}

/// A model's skeleton and skin, ready to pose: evaluate joint matrices at any fractional frame
/// and skin the vertices on the CPU.
#[derive(Debug, Clone)]
pub struct Rig {
    joints: Vec<RigJoint>,
    order: Vec<usize>,
    inverse_bind: Vec<Mat4>,
    influences: Vec<Influence>,
    bind_positions: Vec<Vec3>,
    fps: f32,
    last_key_frame: f32,
}

impl Rig {
    /// Builds the rig: resolves parents, bind matrices, key frames and weights.
    pub fn new(model: &Model) -> Result<Self> {
        let hierarchy = resolve_parents(&model.joints, None)?;
        let fps = model.fps();
        let mut last_key_frame: f32 = 1.0;
        let mut joints = Vec::with_capacity(model.joints.len());
        for (j, parent) in model.joints.iter().zip(&hierarchy.parents) {
            let mut rotation_keys: Vec<(f32, Quat)> = j
                .rotation_keys
                .iter()
                .map(|k| (k.time_secs * fps, euler_to_quat(k.value)))
                .collect();
            let mut position_keys: Vec<(f32, Vec3)> = j
                .position_keys
                .iter()
                .map(|k| (k.time_secs * fps, Vec3::from_array(k.value)))
                .collect();
            rotation_keys.sort_by(|a, b| a.0.total_cmp(&b.0));
            position_keys.sort_by(|a, b| a.0.total_cmp(&b.0));
            for &(f, _) in &rotation_keys {
                if f.is_finite() {
                    last_key_frame = last_key_frame.max(f);
                }
            }
            for &(f, _) in &position_keys {
                if f.is_finite() {
                    last_key_frame = last_key_frame.max(f);
                }
            }
            let tangents = hermite_tangents(&position_keys);
            joints.push(RigJoint {
                parent: *parent,
                bind_rotation: euler_to_quat(j.rotation_rad),
                bind_position: Vec3::from_array(j.position),
                rotation_keys,
                position_keys,
                tangents,
            });
        }
        let mut bind_global = vec![Mat4::IDENTITY; joints.len()];
        for &i in &hierarchy.order {
            let j = &joints[i];
            let local = Mat4::from_rotation_translation(j.bind_rotation, j.bind_position);
            bind_global[i] = match j.parent {
                Some(p) => bind_global[p] * local,
                None => local,
            };
        }
        Ok(Rig {
            inverse_bind: bind_global.iter().map(|m| m.inverse()).collect(),
            joints,
            order: hierarchy.order,
            influences: influences(model),
            bind_positions: model
                .vertices
                .iter()
                .map(|v| Vec3::from_array(v.position))
                .collect(),
            fps,
            last_key_frame,
        })
    }

    /// Frames per second of the model's key times.
    pub fn fps(&self) -> f32 {
        self.fps
    }

    /// The last key's frame (1 when there are no keys): the end of the timeline, whatever
    /// `total_frames` says.
    pub fn last_key_frame(&self) -> f32 {
        self.last_key_frame
    }

    /// Number of vertices skinned.
    pub fn vertex_count(&self) -> usize {
        self.bind_positions.len()
    }

    /// Number of joints.
    pub fn joint_count(&self) -> usize {
        self.joints.len()
    }

    /// Influences of vertex `i`.
    pub fn influence(&self, i: usize) -> Option<&Influence> {
        self.influences.get(i)
    }

    /// Global animated matrix of every joint at 1-based fractional `frame`, into `out`.
    pub fn joint_globals(&self, frame: f32, interp: Interp, out: &mut Vec<Mat4>) {
        out.clear();
        out.resize(self.joints.len(), Mat4::IDENTITY);
        for &i in &self.order {
            let j = &self.joints[i];
            let q = sample_rotation(&j.rotation_keys, frame);
            let p = sample_position(&j.position_keys, &j.tangents, frame, interp);
            let local = Mat4::from_rotation_translation(
                j.bind_rotation * q,
                j.bind_position + j.bind_rotation * p,
            );
            out[i] = match j.parent {
                Some(parent) => out[parent] * local,
                None => local,
            };
        }
    }

    /// Skinning matrix (`Global · Gskel⁻¹`) of every joint at `frame`, into `out`.
    pub fn skin_matrices(&self, frame: f32, interp: Interp, out: &mut Vec<Mat4>) {
        self.joint_globals(frame, interp, out);
        for (m, inv) in out.iter_mut().zip(&self.inverse_bind) {
            *m *= *inv;
        }
    }

    /// Skinned position of vertex `i` given skinning matrices.
    pub fn skin_vertex(&self, i: usize, matrices: &[Mat4]) -> [f32; 3] {
        let Some(&v) = self.bind_positions.get(i) else {
            return [0.0; 3];
        };
        let Some(inf) = self.influences.get(i) else {
            return v.to_array();
        };
        if inf.count == 0 {
            return v.to_array();
        }
        let mut acc = Vec3::ZERO;
        for k in 0..usize::from(inf.count) {
            if let Some(m) = matrices.get(usize::from(inf.joints[k])) {
                acc += m.transform_point3(v) * inf.weights[k];
            }
        }
        acc.to_array()
    }

    /// Skinned normal of a corner of vertex `i` (rotation part only, renormalised).
    pub fn skin_normal(&self, i: usize, normal: [f32; 3], matrices: &[Mat4]) -> [f32; 3] {
        let n = Vec3::from_array(normal);
        let Some(inf) = self.influences.get(i).filter(|inf| inf.count > 0) else {
            return normal;
        };
        let mut acc = Vec3::ZERO;
        for k in 0..usize::from(inf.count) {
            if let Some(m) = matrices.get(usize::from(inf.joints[k])) {
                acc += m.transform_vector3(n) * inf.weights[k];
            }
        }
        acc.normalize_or_zero().to_array()
    }

    /// CPU skinning: every vertex at 1-based fractional `frame` into `out` (one entry per
    /// vertex). `scratch` holds the joint matrices between calls (no allocation once sized).
    pub fn skin_into(
        &self,
        frame: f32,
        interp: Interp,
        scratch: &mut Vec<Mat4>,
        out: &mut [[f32; 3]],
    ) -> Result<()> {
        if out.len() != self.bind_positions.len() {
            return Err(Error::OutputLength {
                expected: self.bind_positions.len(),
                got: out.len(),
            });
        }
        self.skin_matrices(frame, interp, scratch);
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.skin_vertex(i, scratch);
        }
        Ok(())
    }
}

/// Index pair around `frame`: `Ok(i)` for "between key i and i+1", `Err(k)` for "hold key k".
fn bracket<T>(keys: &[(f32, T)], frame: f32) -> std::result::Result<usize, usize> {
    let after = keys.partition_point(|k| k.0 <= frame);
    if after == 0 {
        Err(0)
    } else if after >= keys.len() {
        Err(keys.len() - 1)
    } else {
        Ok(after - 1)
    }
}

fn sample_rotation(keys: &[(f32, Quat)], frame: f32) -> Quat {
    if keys.is_empty() {
        return Quat::IDENTITY;
    }
    match bracket(keys, frame) {
        Err(k) => keys[k].1,
        Ok(i) => {
            let (t0, q0) = keys[i];
            let (t1, q1) = keys[i + 1];
            q0.slerp(q1, (frame - t0) / (t1 - t0))
        }
    }
}

fn sample_position(
    keys: &[(f32, Vec3)],
    tangents: &[(Vec3, Vec3)],
    frame: f32,
    interp: Interp,
) -> Vec3 {
    if keys.is_empty() {
        return Vec3::ZERO;
    }
    match bracket(keys, frame) {
        Err(k) => keys[k].1,
        Ok(i) => {
            let (t0, p0) = keys[i];
            let (t1, p1) = keys[i + 1];
            let t = (frame - t0) / (t1 - t0);
            match interp {
                Interp::Linear => p0.lerp(p1, t),
                Interp::Hermite => {
                    let out0 = tangents.get(i).map_or(Vec3::ZERO, |t| t.1);
                    let in1 = tangents.get(i + 1).map_or(Vec3::ZERO, |t| t.0);
                    let (t2, t3) = (t * t, t * t * t);
                    let h1 = 2.0 * t3 - 3.0 * t2 + 1.0;
                    let h2 = -2.0 * t3 + 3.0 * t2;
                    let h3 = t3 - 2.0 * t2 + t;
                    let h4 = t3 - t2;
                    p0 * h1 + out0 * h3 + p1 * h2 + in1 * h4
                }
            }
        }
    }
}

/// Looped Hermite tangents per key (zero with two keys or fewer, or when the neighbouring keys
/// share a time).
fn hermite_tangents(keys: &[(f32, Vec3)]) -> Vec<(Vec3, Vec3)> {
    let n = keys.len();
    let mut out = vec![(Vec3::ZERO, Vec3::ZERO); n];
    if n <= 2 {
        return out;
    }
    for k in 0..n {
        let prev = if k == 0 { n - 1 } else { k - 1 };
        let next = if k + 1 == n { 0 } else { k + 1 };
        let tangent = keys[next].1 - keys[prev].1;
        let dt1 = keys[k].0 - keys[prev].0;
        let dt2 = keys[next].0 - keys[k].0;
        let dt = dt1 + dt2;
        if dt != 0.0 && dt.is_finite() {
            out[k] = (tangent * (dt1 / dt), tangent * (dt2 / dt));
        }
    }
    out
}
