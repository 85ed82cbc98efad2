//! Bone following baked into the export (export spec §10.4–10.5).
//!
//! The simulation already composes particle state, system transform and the followed bone's
//! effective transform ([`sp_sim::sim::follow`]); what is left is where the followed motion
//! goes in the skeleton:
//! - **World space**: into each particle's own motion. The system bone stays still (at the
//!   effective transform of frame 0) and every particle bone is solved against it, so particles
//!   already born do not move with the bone later ([`super::sample`] does this unchanged).
//! - **Local space**: into the system bone. Its translate timeline carries `bone(t) + offset`
//!   of every frame of the segment (scene time `(scene_frame0 + k) / fps`), reduced like any
//!   translate channel; then every particle's local pose is solved again against the system
//!   bone *as the runtime evaluates those reduced keys at that frame*, so the particle's world
//!   pose in the runtime is the simulated one up to the particle's own key reduction: the root's
//!   reduction error is absorbed, not added.

use sp_sim::document::ParticleSystem;
use sp_sim::sim::Follow;

use super::{BakedSystem, Segment, Track};
use crate::coords::{Affine, Inherit, SpinePose, local_pose};
use crate::error::{Error, Result};
use crate::reduce::runtime_curve::f32_round;
use crate::reduce::{ChannelSpec, CurveMode, Key, KeyCurve, Timing, reduce_run, runtime_value};
use crate::warning::Warning;

/// How the system bone's translate keys are made.
#[derive(Clone, Copy, Debug)]
pub struct RootKeying {
    /// Tolerance and precision of the translate channel.
    pub spec: ChannelSpec,
    /// The export's curve mode.
    pub curve: CurveMode,
    /// Frame timing.
    pub timing: Timing,
    /// False: a key per frame (the measurement baseline).
    pub reduce: bool,
}

/// Moves the system bone of a Local-space follower: [`bake_root_motion`] for every track of
/// `baked`, with a warning for a loop whose system bone does not come back to where it started
/// (more than 0.1 px: the loop length is not a multiple of the skeleton's period).
pub fn apply_root_motion(
    baked: &mut BakedSystem,
    system: &ParticleSystem,
    follow: &Follow,
    keying: RootKeying,
    warnings: &mut Vec<Warning>,
) -> Result<()> {
    let mut tracks = std::mem::take(&mut baked.tracks);
    for t in &mut tracks {
        let keys =
            bake_root_motion(t, baked, system, follow, keying).ok_or_else(|| Error::System {
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
                warnings.push(Warning::FollowSeam {
                    system: system.name.clone(),
                    gap_px: gap,
                    animation: t.animation.clone(),
                });
            }
        }
        t.root_translate = Some(keys);
    }
    baked.tracks = tracks;
    Ok(())
}

/// The system bone's translate keys for one segment of a Local-space following system, after
/// which every particle state of `track` carries its local pose against that moving bone (see
/// the module docs), made as `keying` says.
/// `None` when the system's scale makes its particles unplaceable (the bake refuses that
/// before, so this does not happen for a baked system).
pub fn bake_root_motion(
    track: &mut Track,
    baked: &BakedSystem,
    system: &ParticleSystem,
    follow: &Follow,
    keying: RootKeying,
) -> Option<Vec<Key<2>>> {
    let RootKeying {
        spec,
        curve,
        timing,
        reduce,
    } = keying;
    let fps = f64::from(timing.fps.max(1));
    let samples: Vec<[f64; 2]> = (0..=track.end_frame)
        .map(|k| {
            let t = f64::from(track.scene_frame0 + k) / fps;
            let tr = follow.transform_at(&system.transform, t);
            let p = SpinePose::from_editor(tr.x, tr.y, tr.rotation_deg, tr.scale_x, tr.scale_y);
            [p.x, p.y]
        })
        .collect();
    let keys = if reduce {
        reduce_run(0, &samples, &[spec; 2], curve, timing)
    } else {
        samples
            .iter()
            .enumerate()
            .map(|(k, s)| Key {
                frame: k as u32,
                values: [spec.quantize(s[0]), spec.quantize(s[1])],
                curve: KeyCurve::Linear,
            })
            .collect()
    };
    let root = baked.root_pose;
    for runs in &mut track.bones {
        for run in runs {
            for (k, state) in run.states.iter_mut().enumerate() {
                let frame = run.start_frame + k as u32;
                let [x, y] = runtime_value(&keys, frame, timing)?;
                let at = SpinePose {
                    x,
                    y,
                    rotation_deg: f32_round(root.rotation_deg),
                    scale_x: f32_round(root.scale_x),
                    scale_y: f32_round(root.scale_y),
                };
                let parent = Affine::IDENTITY.child(&at, Inherit::Normal);
                state.local = local_pose(&parent, &state.world, baked.inherit)?;
            }
        }
    }
    Some(keys)
}
