//! The bake stage of an export: every visible system baked ([`bake_system`]) and, for a
//! Local-space system that follows a bone or travels a path, its system bone moved with it
//! (export spec §10.4). With [`ExportOptions::parallel`] the systems bake together on the
//! export's thread pool (each also spreads its lives there) and the progress is reported once
//! for all of them; otherwise one after the other, with a progress call (and a chance to
//! cancel) before each. The systems and their warnings come back in the order of `visible`
//! either way.

use sp_sim::document::{Scene, SimulationSpace};
use sp_sim::sim::{FollowTracks, SystemEnv, SystemSim};

use super::ExportOptions;
use super::timelines::{KeyMode, Specs};
use crate::bake::follow::{RootKeying, apply_root_motion};
use crate::bake::{BakeSettings, BakedSystem, LoopAlignment, Progress, bake_system};
use crate::error::{Error, Result};
use crate::warning::Warning;

/// What every system of one export is baked with.
pub(super) struct BakeStage<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// Bone tracks of followed skeletons.
    pub follow: &'a FollowTracks,
    /// Loop alignment per system index ([`super::loop_alignment`]).
    pub align: &'a [(usize, LoopAlignment)],
    /// Export frames per second.
    pub fps: u32,
    /// How keys are produced (the system bone's keys when it moves).
    pub mode: KeyMode,
    /// The export's options.
    pub options: ExportOptions,
}

impl BakeStage<'_> {
    /// Bakes the systems `visible` (scene indices), appending their warnings to `warnings` in
    /// that order; `on_progress` returning false cancels.
    pub(super) fn run(
        &self,
        visible: &[usize],
        warnings: &mut Vec<Warning>,
        on_progress: &mut dyn FnMut(Progress) -> bool,
    ) -> Result<Vec<BakedSystem>> {
        let total = visible.len() as u32;
        let mut progress = |done: u32| {
            if on_progress(Progress {
                stage: "bake",
                done,
                total,
            }) {
                Ok(())
            } else {
                Err(Error::Cancelled)
            }
        };
        let mut baked = Vec::with_capacity(visible.len());
        let mut keep = |(b, mut w): (BakedSystem, Vec<Warning>)| {
            warnings.append(&mut w);
            baked.push(b);
        };
        if crate::par::enabled(self.options.parallel) {
            progress(0)?;
            let all = crate::par::map(true, visible.len(), |n| self.one(visible[n]));
            for r in all {
                keep(r?);
            }
        } else {
            for (n, &i) in visible.iter().enumerate() {
                progress(n as u32)?;
                keep(self.one(i)?);
            }
        }
        Ok(baked)
    }

    /// System `i` baked, with its warnings.
    fn one(&self, i: usize) -> Result<(BakedSystem, Vec<Warning>)> {
        let scene = self.scene;
        let mut warnings = Vec::new();
        let a = self.align.iter().find(|(j, _)| *j == i).map(|(_, a)| *a);
        let system = &scene.systems[i];
        let target = self.follow.resolve(system);
        let how = BakeSettings {
            fps: self.fps,
            pool: scene.export.bone_pool,
            parallel: self.options.parallel,
        };
        let mut b = bake_system(scene, i, how, target.as_ref(), a, &mut warnings)?;
        let probe = {
            let env = SystemEnv::resolve(scene, system);
            let mut sim = SystemSim::with_env(system, scene.substeps_per_sec, env);
            sim.set_follow(target.clone());
            sim
        };
        if probe.travels_path() && target.is_some() {
            warnings.push(Warning::FollowAndPath {
                system: system.name.clone(),
            });
        }
        if system.space == SimulationSpace::Local && (target.is_some() || probe.travels_path()) {
            let specs = Specs::new(1.0, 1.0);
            let keying = RootKeying {
                spec: specs.translate,
                rotate_spec: specs.rotate,
                curve: self.mode.curve,
                timing: self.mode.timing,
                reduce: self.options.reduce,
            };
            let rotates =
                probe.travels_path() && system.path_follow.as_ref().is_some_and(|f| f.orient);
            apply_root_motion(
                &mut b,
                system,
                &|t| probe.transform_at(t),
                rotates,
                keying,
                &mut warnings,
            )?;
        }
        Ok((b, warnings))
    }
}
