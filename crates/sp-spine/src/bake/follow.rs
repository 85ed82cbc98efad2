//! Bone following and emitter paths baked into the export (export spec §10.3–10.5).
//!
//! The simulation already composes particle state, system transform and the followed bone's
//! (or the path's) effective transform ([`sp_sim::sim::follow`], [`sp_sim::sim::path_motion`]);
//! what is left is where that motion goes in the skeleton:
//! - **World space**: into each particle's own motion. The system bone stays still (at the
//!   effective transform of frame 0) and every particle bone is solved against it, so particles
//!   already born do not move with the bone later ([`super::sample`] does this unchanged).
//! - **Local space**: into the system bone. Its translate timeline carries the effective
//!   position (`bone(t) + offset`, or the path point) of every frame of the segment (scene time
//!   `(scene_frame0 + k) / fps`), and, for an emitter oriented along its path, its rotate
//!   timeline the effective rotation (unwrapped: the path's direction is continuous), each
//!   reduced like any channel; then every particle's local pose is solved again against the
//!   system bone *as the runtime evaluates those reduced keys at that frame*, so the particle's
//!   world pose in the runtime is the simulated one up to the particle's own key reduction: the
//!   root's reduction error is absorbed, not added.

use sp_sim::document::{ParticleSystem, Transform2D};

use super::{BakedSystem, Segment, Track};
use crate::coords::{Affine, Inherit, SpinePose, local_pose, local_rotation_hint, unwrap_near};
use crate::error::{Error, Result};
use crate::reduce::runtime_curve::f32_round;
use crate::reduce::{ChannelSpec, CurveMode, Key, KeyCurve, Timing, reduce_run, runtime_value};
use crate::warning::Warning;

/// How the system bone's translate keys are made.
#[derive(Clone, Copy, Debug)]
pub struct RootKeying {
    /// Tolerance and precision of the translate channel.
    pub spec: ChannelSpec,
    /// Tolerance and precision of the rotate channel.
    pub rotate_spec: ChannelSpec,
    /// The export's curve mode.
    pub curve: CurveMode,
    /// Frame timing.
    pub timing: Timing,
    /// False: a key per frame (the measurement baseline).
    pub reduce: bool,
}

/// The system's effective transform at a scene time (the simulation's
/// [`sp_sim::sim::SystemSim::transform_at`]: followed bone or path included).
pub type MotionAt<'a> = &'a (dyn Fn(f64) -> Transform2D + Sync);

/// Moves the system bone of a Local-space system that follows a bone or travels a path:
/// [`bake_root_motion`] for every track of `baked` (`rotates`: the bone turns too), with a
/// warning for a loop whose system bone does not come back to where it started (more than
/// 0.1 px: the loop length is not a multiple of the skeleton's or the path's period).
pub fn apply_root_motion(
    baked: &mut BakedSystem,
    system: &ParticleSystem,
    motion: MotionAt,
    rotates: bool,
    keying: RootKeying,
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let mut tracks = std::mem::take(&mut baked.tracks);
    for t in &mut tracks {
        let (keys, rotate) =
            bake_root_motion(t, baked, motion, rotates, keying).ok_or_else(|| Error::System {
                index: baked.scene_index,
                name: system.name.clone(),
                message: "the system's scale is 0: its particles cannot be placed".into(),
            })?;
        if t.segment == Segment::Loop
            && let (Some(first), Some(last)) = (keys.first(), keys.last())
        {
            let gap = libm::hypot(
                first.values[0] - last.values[0],
                first.values[1] - last.values[1],
            );
            if gap > 0.1 {
                let on_path = rotates || motion_is_path(system);
                let (system, gap_px, animation) = (system.name.clone(), gap, t.animation.clone());
                warnings.push(if on_path {
                    Warning::PathSeam {
                        system,
                        gap_px,
                        animation,
                    }
                } else {
                    Warning::FollowSeam {
                        system,
                        gap_px,
                        animation,
                    }
                });
            }
        }
        t.root_translate = Some(keys);
        t.root_rotate = rotate;
    }
    baked.tracks = tracks;
    Ok(())
}

/// The system bone's translate keys (and rotate keys when `rotates`) for one segment of a
/// Local-space system moved by `motion`, after which every particle state of `track` carries its
/// local pose against that moving bone (see the module docs), made as `keying` says.
/// `None` when the system's scale makes its particles unplaceable (the bake refuses that
/// before, so this does not happen for a baked system).
pub fn bake_root_motion(
    track: &mut Track,
    baked: &BakedSystem,
    motion: MotionAt,
    rotates: bool,
    keying: RootKeying,
) -> Option<(Vec<Key<2>>, Option<Vec<Key<1>>>)> {
    let RootKeying {
        spec,
        rotate_spec,
        curve,
        timing,
        reduce,
    } = keying;
    let fps = f64::from(timing.fps.max(1));
    let poses: Vec<SpinePose> = (0..=track.end_frame)
        .map(|k| {
            let t = f64::from(track.scene_frame0 + k) / fps;
            let tr = motion(t);
            SpinePose::from_editor(tr.x, tr.y, tr.rotation_deg, tr.scale_x, tr.scale_y)
        })
        .collect();
    let samples: Vec<[f64; 2]> = poses.iter().map(|p| [p.x, p.y]).collect();
    let keys = channel(&samples, [spec; 2], curve, timing, reduce);
    let rotate = rotates.then(|| {
        let angles: Vec<[f64; 1]> = poses.iter().map(|p| [p.rotation_deg]).collect();
        channel(&angles, [rotate_spec], curve, timing, reduce)
    });
    let root = baked.root_pose;
    for runs in &mut track.bones {
        for run in runs {
            for (k, state) in run.states.iter_mut().enumerate() {
                let frame = run.start_frame + k as u32;
                let [x, y] = runtime_value(&keys, frame, timing)?;
                let rotation_deg = match &rotate {
                    Some(r) => runtime_value(r, frame, timing)?[0],
                    None => f32_round(root.rotation_deg),
                };
                let at = SpinePose {
                    x,
                    y,
                    rotation_deg,
                    scale_x: f32_round(root.scale_x),
                    scale_y: f32_round(root.scale_y),
                };
                let parent = Affine::IDENTITY.child(&at, Inherit::Normal);
                let mut local = local_pose(&parent, &state.world, baked.inherit)?;
                if baked.inherit == Inherit::Normal {
                    // `local_pose` unwraps against the parent's wrapped angle; a turning system
                    // bone crosses ±180°, so unwrap against its own (continuous) rotation: its x
                    // axis points at `rotation_deg`, or the opposite way when mirrored in x.
                    let parent_rot = rotation_deg + if at.scale_x < 0.0 { 180.0 } else { 0.0 };
                    local.rotation_deg = unwrap_near(
                        local.rotation_deg,
                        local_rotation_hint(&state.world, parent_rot, parent.det() < 0.0),
                    );
                }
                state.local = local;
            }
        }
    }
    Some((keys, rotate))
}

/// Whether the system's emitter travels a path (rather than following a bone).
fn motion_is_path(system: &ParticleSystem) -> bool {
    system
        .path_follow
        .as_ref()
        .is_some_and(|f| f.mode == sp_sim::document::PathFollowMode::Emitter)
}

/// One channel's keys: reduced, or a key per frame (the measurement baseline).
fn channel<const N: usize>(
    samples: &[[f64; N]],
    specs: [ChannelSpec; N],
    curve: CurveMode,
    timing: Timing,
    reduce: bool,
) -> Vec<Key<N>> {
    if reduce {
        reduce_run(0, samples, &specs, curve, timing)
    } else {
        samples
            .iter()
            .enumerate()
            .map(|(k, s)| Key {
                frame: k as u32,
                values: std::array::from_fn(|c| specs[c].quantize(s[c])),
                curve: KeyCurve::Linear,
            })
            .collect()
    }
}
