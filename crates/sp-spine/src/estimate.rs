//! Size estimate before an export (export spec §7.2: "导出前可以提示预计骨骼数量和文件体积"):
//! bakes the visible systems (no reduction, no JSON) and counts.
//!
//! Bones: `1 + systems + particle bones`, counted by baking the bone assignment both ways: pool
//! on (the peak overlap; for a normal-blend system, whose stacking shows, the assignment the
//! exporter picks for its draw order, up to twice that) and off (one per life; a loop-continuous system counts the lives of its
//! three segments as the exporter writes them, not every simulated life). A trailed system
//! (export spec §9) adds `N` chain bones per particle bone, and drops its particle bones when the
//! trail hides its particles. Keys: one per baked particle-frame for each of translate, rotate,
//! scale and rgba, per trailed frame `2·N + 2` (the chain's rotate and scale, its root's
//! translate, the trail slot's rgba), plus the system bone's translate (and rotate) key per
//! frame of a Local-space system whose emitter travels a path: the unreduced upper bound.
//! Collisions: the events seen in the baked frames and the keys forced around them (translate
//! and rotate at the frames before and after each, which no reduction removes: export spec
//! §10.2). Bytes: `BYTES_PER_BONE · bones + BYTES_PER_KEY · keys`, the averages of this
//! exporter's compact output (bone + slot + skin entry; one key with its time).

use sp_sim::document::Scene;
use ts_rs::TS;

use crate::bake::{BakeSettings, bake_system};
use crate::error::{Error, Result};

/// Average bytes a particle bone costs in the setup sections.
pub const BYTES_PER_BONE: u64 = 260;
/// Average bytes of one unreduced key.
pub const BYTES_PER_KEY: u64 = 34;

/// The estimate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    /// Bones with the pool on.
    pub bones_pool_on: u64,
    /// Bones with the pool off.
    pub bones_pool_off: u64,
    /// Particle-frames baked.
    pub particle_frames: u64,
    /// Keys before reduction (upper bound of the export).
    pub unreduced_keys: u64,
    /// Bytes with the pool on, before reduction (upper bound).
    pub bytes_pool_on: u64,
    /// Bytes with the pool off, before reduction (upper bound).
    pub bytes_pool_off: u64,
    /// Collision events (impacts, pause ends) between baked frames.
    pub collision_events: u64,
    /// Keys forced around them (kept by any reduction).
    pub impact_keys: u64,
    /// Unreduced keys of system bones moved along a path (Local space).
    pub path_root_keys: u64,
}

/// Estimates the export of `scene` (see the module formula).
pub fn estimate_scene(scene: &Scene) -> Result<Estimate> {
    let fps = scene.export.fps;
    if !(1..=240).contains(&fps) {
        return Err(Error::Settings {
            field: "export.fps".into(),
            message: format!("{fps} is not an integer in 1..=240"),
        });
    }
    let mut e = Estimate {
        bones_pool_on: 1,
        bones_pool_off: 1,
        ..Estimate::default()
    };
    let mut warnings = Vec::new();
    let visible: Vec<usize> = (0..scene.systems.len())
        .filter(|&i| scene.systems[i].visible)
        .collect();
    let align = crate::exporter::loop_alignment(scene, &visible, fps);
    let mut trail_keys = 0u64;
    for &i in &visible {
        let a = align.iter().find(|(j, _)| *j == i).map(|(_, a)| *a);
        let how = |pool| BakeSettings {
            fps,
            pool,
            parallel: false,
        };
        let on = bake_system(scene, i, how(true), None, a, &mut warnings)?;
        let off = bake_system(scene, i, how(false), None, a, &mut warnings)?;
        let draws = scene.systems[i].trail.draws_particle();
        // Bones per particle bone: itself (when drawn) and its trail's chain.
        let per_bone = u64::from(draws) + on.trails.bones as u64;
        e.bones_pool_on += 1 + per_bone * on.bone_count as u64;
        e.bones_pool_off += 1 + per_bone * off.bone_count as u64;
        for t in &on.tracks {
            for runs in &t.bones {
                for r in runs {
                    if draws {
                        e.particle_frames += r.states.len() as u64;
                    }
                    let trailed = r
                        .states
                        .iter()
                        .filter(|s| s.trail != crate::bake::trail::NO_TRAIL)
                        .count() as u64;
                    trail_keys += trailed * (2 * on.trails.bones as u64 + 2);
                    let mut forced = std::collections::BTreeSet::new();
                    for k in 1..r.states.len() {
                        if r.states[k].events != r.states[k - 1].events {
                            e.collision_events += 1;
                            forced.insert(k - 1);
                            forced.insert(k);
                        }
                    }
                    e.impact_keys += 2 * forced.len() as u64;
                }
            }
        }
        let system = &scene.systems[i];
        let travels = system
            .path_follow
            .as_ref()
            .is_some_and(|f| f.mode == sp_sim::document::PathFollowMode::Emitter)
            && sp_sim::sim::SystemEnv::resolve(scene, system)
                .path
                .is_some();
        if travels && system.space == sp_sim::document::SimulationSpace::Local {
            let channels = if system.path_follow.as_ref().is_some_and(|f| f.orient) {
                2
            } else {
                1
            };
            e.path_root_keys += on
                .tracks
                .iter()
                .map(|t| channels * (u64::from(t.end_frame) + 1))
                .sum::<u64>();
        }
    }
    e.unreduced_keys = e.particle_frames * 4 + trail_keys + e.path_root_keys;
    let keys_bytes = e.unreduced_keys * BYTES_PER_KEY;
    e.bytes_pool_on = e.bones_pool_on * BYTES_PER_BONE + keys_bytes;
    e.bytes_pool_off = e.bones_pool_off * BYTES_PER_BONE + keys_bytes;
    Ok(e)
}
