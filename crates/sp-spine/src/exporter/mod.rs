//! The exporter (export spec §4–§8, §11): bakes every visible system, names everything,
//! assembles bones → slots → skins → animations, reduces keys, validates the skeleton on its
//! types (the JSON validator's rules, [`crate::validate::typed`]) and serialises it.
//!
//! Stages: `bake_stage.rs` bakes the systems, `setup.rs` names them and assembles the bones,
//! slots and skin, `animation.rs` reduces one animation; this file runs them in order, then
//! validates and serialises. [`names`], [`timelines`] and [`trails`] name and key the particles
//! and trails, `system_bone.rs` keys the system bones and measures the bounds.

mod animation;
mod bake_stage;
pub mod names;
mod setup;
mod system_bone;
pub mod timelines;
pub mod trails;

use sp_sim::document::{CurveKind, Scene};
use sp_sim::sim::FollowTracks;

use crate::bake::{Progress, Track};
use crate::error::{Error, Result};
use crate::frames::FramesWriter;
use crate::images::ImageSizes;
use crate::json::{Num, OrderedMap, SkeletonFile, SkeletonInfo, SkinData, hash_string};
use crate::reduce::{CurveMode, Timing};
use crate::report::ExportReport;
use crate::warning::Warning;
use bake_stage::BakeStage;
use system_bone::bounds;
use timelines::{KeyCounts, KeyMode};

/// The `skeleton.spine` version written (the official 4.2 examples' version).
pub const SPINE_VERSION: &str = "4.2.22";

/// Options beyond the document's export settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Reduce keys (false writes every baked frame: the measurement baseline).
    pub reduce: bool,
    /// Also produce the `--frames` document.
    pub frames: bool,
    /// Spread the export's independent work (the systems' bakes, each loop's lives, each
    /// animation's bones, the writer's timeline maps) over the thread pool of the crate's
    /// `parallel` feature (the native CLI); false, or without the feature (the wasm module):
    /// the calling thread alone. The output is the same bytes either way.
    pub parallel: bool,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            reduce: true,
            frames: false,
            parallel: false,
        }
    }
}

/// The result of an export.
#[derive(Clone, Debug)]
pub struct ExportOutput {
    /// The Spine 4.2 JSON, validated.
    pub json: String,
    /// Summary.
    pub report: ExportReport,
    /// The baked frames (`--frames`), when asked for.
    pub frames: Option<String>,
}

/// Exports `scene` with the default options. `on_progress` is called between stages and
/// systems; returning `false` cancels ([`Error::Cancelled`]).
pub fn export_scene(
    scene: &Scene,
    images: &ImageSizes,
    on_progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<ExportOutput> {
    export_scene_with(
        scene,
        images,
        &FollowTracks::new(),
        ExportOptions::default(),
        on_progress,
    )
}

fn check_fps(scene: &Scene) -> Result<u32> {
    let fps = scene.export.fps;
    if !(1..=240).contains(&fps) {
        return Err(Error::Settings {
            field: "export.fps".into(),
            message: format!("{fps} is not an integer in 1..=240"),
        });
    }
    Ok(fps)
}

/// Exports `scene` (see [`export_scene`]) with explicit options; systems that follow a bone
/// follow its track in `follow` (export spec §10.4), or, when it has none, stay at their own
/// transform with a warning.
pub fn export_scene_with(
    scene: &Scene,
    images: &ImageSizes,
    follow: &FollowTracks,
    options: ExportOptions,
    on_progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<ExportOutput> {
    let fps = check_fps(scene)?;
    let settings = &scene.export;
    let timing = Timing { fps };
    let mode = KeyMode {
        curve: match settings.curve {
            CurveKind::Linear => CurveMode::Linear,
            CurveKind::Bezier => CurveMode::Bezier,
        },
        timing,
        reduce: options.reduce,
    };
    let mut warnings: Vec<Warning> = Vec::new();
    let visible: Vec<usize> = (0..scene.systems.len())
        .filter(|&i| scene.systems[i].visible)
        .collect();
    let align = loop_alignment(scene, &visible, fps);
    for (i, name, target) in follow.missing_targets(&scene.systems) {
        if scene.systems[i].visible {
            warnings.push(Warning::FollowTargetMissing {
                system: name.to_string(),
                target: target.to_string(),
            });
        }
    }
    for (i, name, path) in sp_sim::sim::env::missing_paths(scene) {
        if scene.systems[i].visible {
            warnings.push(Warning::PathMissing {
                system: name.to_string(),
                path: path.to_string(),
            });
        }
    }
    let baked = BakeStage {
        scene,
        follow,
        align: &align,
        fps,
        mode,
        options,
    }
    .run(&visible, &mut warnings, on_progress)?;

    // Names, bones, slots, skin.
    let setup = setup::assemble(scene, images, &baked, &mut warnings);

    // Animations.
    let mut order: Vec<String> = Vec::new();
    for name in scene.animations.iter().chain(
        baked
            .iter()
            .flat_map(|b| b.tracks.iter().map(|t| &t.animation)),
    ) {
        if !order.contains(name) {
            order.push(name.clone());
        }
    }
    let reducer = animation::AnimationReducer {
        scene,
        baked: &baked,
        names: &setup.names,
        trails: &setup.trails,
        first_slots: &setup.first_slots,
        trail_first_slots: &setup.trail_first_slots,
        slot_names: &setup.slot_names,
        mode,
        options,
    };
    let mut counts = KeyCounts::default();
    let mut animations = OrderedMap::default();
    let mut frames = options.frames.then(|| FramesWriter::new(fps));
    for (ai, anim) in order.iter().enumerate() {
        if !on_progress(Progress {
            stage: "reduce",
            done: ai as u32,
            total: order.len() as u32,
        }) {
            return Err(Error::Cancelled);
        }
        let Some(data) = reducer.animation(anim, &mut counts, frames.as_mut(), &mut warnings)
        else {
            continue;
        };
        animations.push(anim.clone(), data);
    }

    let bounds = bounds(&baked);
    let file = SkeletonFile {
        skeleton: SkeletonInfo {
            hash: HASH_PLACEHOLDER.into(),
            spine: SPINE_VERSION.into(),
            x: Num(bounds[0]),
            y: Num(bounds[1]),
            width: Num(bounds[2]),
            height: Num(bounds[3]),
            fps: (!settings.omit_fps).then_some(Num(f64::from(fps))),
            images: settings.images_path.clone(),
            audio: String::new(),
        },
        bones: setup.bones,
        slots: setup.slots,
        skins: vec![SkinData {
            name: "default".into(),
            attachments: setup.skin,
        }],
        animations,
    };
    // Checked on its types before it is written: the same rules as the JSON validator, without
    // parsing back what we are about to write (crate::validate::typed).
    if !on_progress(Progress {
        stage: "validate",
        done: 0,
        total: 1,
    }) {
        return Err(Error::Cancelled);
    }
    crate::validate::validate_skeleton(&file)?;
    if !on_progress(Progress {
        stage: "serialise",
        done: 0,
        total: 1,
    }) {
        return Err(Error::Cancelled);
    }
    // About 48 bytes per key (a linear translate key with its punctuation) and 96 per bone or
    // slot: one allocation for most files, a doubling for Bézier-heavy ones.
    let keys: u64 = counts.written().values().sum();
    let size_hint = (keys as usize)
        .saturating_mul(48)
        .saturating_add(96 * (file.bones.len() + file.slots.len()) + 4096);
    let written = crate::json_write::to_json(&file, size_hint, options.parallel)?;
    let (mut json, hash) = (written.text, written.fnv1a_64);
    // The placeholder is the skeleton's first value: replaced in place, not by a copy.
    if let Some(at) = json.find(HASH_PLACEHOLDER) {
        json.replace_range(at..at + HASH_PLACEHOLDER.len(), &hash_string(hash));
    }
    let report = ExportReport {
        bones: file.bones.len(),
        slots: file.slots.len(),
        attachments: setup.attachment_count,
        keys: counts.written(),
        unreduced_keys: counts.unreduced(),
        bytes: json.len(),
        bake_ms: None,
        peak_alive: baked.iter().map(|b| b.peak_alive).sum(),
        lives: baked.iter().map(|b| b.lives).sum(),
        animations: order
            .iter()
            .filter(|n| file.animations.0.iter().any(|(k, _)| k == *n))
            .cloned()
            .collect(),
        warnings: warnings.iter().map(ToString::to_string).collect(),
        warning_details: warnings.iter().map(Warning::diagnostic).collect(),
    };
    Ok(ExportOutput {
        json,
        report,
        frames: frames.map(FramesWriter::finish),
    })
}

const HASH_PLACEHOLDER: &str = "hash-placeholder";

/// Loop-continuous systems sharing a start animation start their loops together (the longest
/// prewarm), and those sharing a loop animation repeat across the longest loop: the one rule of
/// the simulation crate ([`sp_sim::sim::looping::loop_alignment`]), which the preview plays too.
pub(crate) fn loop_alignment(
    scene: &Scene,
    visible: &[usize],
    fps: u32,
) -> Vec<(usize, crate::bake::LoopAlignment)> {
    sp_sim::sim::looping::loop_alignment(scene, visible, fps)
}

fn has_runs(t: &Track) -> bool {
    t.bones.iter().any(|r| !r.is_empty())
}
