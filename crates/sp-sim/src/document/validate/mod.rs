//! Validation of a typed document against absurd or hostile values.
//!
//! Every rule names the JSON path of the offending field, e.g.
//! `systems[2].maxParticles: 1000000 is above the limit 100000`, and carries a code and
//! parameters ([`crate::error::FieldIssue`]). Numeric limits are read from the field schema
//! ([`super::schema::fields`]), which takes them from the constants below: each limit is
//! written once. Names are plain text: any
//! character but control characters is accepted (`<script>` is just a name; showing it safely is
//! the UI's job). Limits:
//! - at most [`MAX_SYSTEMS`] systems, [`MAX_LIST`] animations/images/objects, names ≤
//!   [`MAX_NAME_CHARS`] characters, paths ≤ [`MAX_PATH_CHARS`];
//! - `maxParticles` ≤ [`MAX_PARTICLES`], `ratePerSec` 0..=[`MAX_RATE_PER_SEC`], burst counts ≤
//!   [`MAX_PARTICLES`], at most [`MAX_BURSTS`] bursts;
//! - lifetimes in (0, [`MAX_LIFETIME_SECS`]], durations, delays and burst times in
//!   0..=[`MAX_DURATION_SECS`] (a loop-continuous duration must be > 0);
//! - flipbook fps 1..=240, export fps 1..=240, `substepsPerSec`
//!   [`MIN_SUBSTEPS_PER_SEC`](super::MIN_SUBSTEPS_PER_SEC)..=[`MAX_SUBSTEPS_PER_SEC`](super::MAX_SUBSTEPS_PER_SEC);
//! - emitter shapes: sizes 0..=[`MAX_COORD`], edge bands no wider than the shape, corner radii at
//!   most half the shorter side; bursts: interval 0..=[`MAX_DURATION_SECS`], at most
//!   [`MAX_BURST_FIRINGS`] firings per cycle;
//! - behaviour modules ([`crate::behaviour`]): at most [`crate::behaviour::MAX_FORCES`] forces,
//!   each force and the over-life curves within the limits beside their types;
//! - curves and gradients ≤ [`MAX_CURVE_KEYS`] keys with `t` in 0..=1, alpha values 0..=1,
//!   scales 0..=[`MAX_SCALE`] (no negative sizes), positions and speeds |v| ≤ [`MAX_COORD`];
//! - skeletons: non-empty names unique among skeletons, load `scale` in (0, [`MAX_SCALE`]],
//!   `speed` 0..=[`MAX_SKELETON_SPEED`], `bakeFps` 1..=240, at most
//!   [`MAX_SKELETON_INSTANCES`] instances, an extra instance's own rotation and scales within
//!   the transform's limits and no scale of 0;
//! - colliders (at most [`super::collider::MAX_COLLIDERS`], polylines of at most
//!   [`super::collider::MAX_COLLIDER_POINTS`] points, coordinates within ±[`MAX_COORD`], sizes
//!   ≥ 0) and paths (at most [`super::path::MAX_PATHS`], names unique and non-empty, at most
//!   [`super::path::MAX_PATH_POINTS`] points and one handle pair per point), see their modules;
//! - texture and image references: `builtin:NAME` with a known name, or a relative path with `/`
//!   separators, without `..` segments, absolute paths, backslashes or any `scheme:` (`data:`,
//!   `blob:`, `http:`, drive letters).
//!
//! This file holds the limits and the scene's own objects; `system.rs` a particle system;
//! `field.rs` the rules of one field (numbers, ranges, curves, texts, references) that both use.

use super::instance::ExtraInstance;
use super::scene::{ImageAsset, ModelObject, Scene, SkeletonObject};
use super::schema::{FieldSpec, fields as f};
use super::system::Transform2D;
use crate::Result;
use crate::error::FieldIssue;

mod field;
mod system;

pub(crate) use field::{
    check, curve, err, gradient, int, list_len, num, positive, range, reference, text,
};
use field::{optional_path, short};
use system::system;

/// Most systems in a scene.
pub const MAX_SYSTEMS: usize = 256;
/// Most entries in the other lists (animations, images, skeletons, models, textures).
pub const MAX_LIST: usize = 1024;
/// Longest name, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest path or reference, in characters.
pub const MAX_PATH_CHARS: usize = 1024;
/// Most particles alive per system (and most particles per burst).
pub const MAX_PARTICLES: u32 = 100_000;
/// Highest emission rate, particles per second.
pub const MAX_RATE_PER_SEC: f32 = 100_000.0;
/// Most bursts per system.
pub const MAX_BURSTS: usize = 1000;
/// Longest particle lifetime, seconds.
pub const MAX_LIFETIME_SECS: f32 = 600.0;
/// Longest duration, delay or burst time, seconds.
pub const MAX_DURATION_SECS: f32 = 3600.0;
/// Most keys in a curve or gradient.
pub const MAX_CURVE_KEYS: usize = 64;
/// Largest scale factor.
pub const MAX_SCALE: f32 = 1000.0;
/// Largest absolute position, size, speed, acceleration or angle.
pub const MAX_COORD: f32 = 1_000_000.0;
/// Largest image side, pixels.
pub const MAX_IMAGE_SIDE: u32 = 16_384;
/// Most textures of one system.
pub const MAX_TEXTURES: usize = 256;
/// Highest frame rate (export, flipbook, skeleton bake), per second.
pub const MAX_FPS: u32 = 240;
/// Largest linear damping, per second.
pub const MAX_DAMPING: f32 = 1000.0;
/// Largest absolute image anchor (in image sizes).
pub const MAX_ANCHOR: f32 = 10.0;
/// Largest model playback speed multiplier.
pub const MAX_MODEL_SPEED: f32 = 100.0;
/// Most firings of one burst per emission cycle.
pub const MAX_BURST_FIRINGS: u32 = 10_000;

/// Checks every rule of the module doc.
pub fn scene(s: &Scene) -> Result<()> {
    list_len("systems", s.systems.len(), &f::SYSTEMS, "systems")?;
    list_len("animations", s.animations.len(), &f::ANIMATIONS, "entries")?;
    for (i, a) in s.animations.iter().enumerate() {
        text(&format!("animations[{i}]"), a, &f::ANIMATION_NAME)?;
    }
    for (i, sys) in s.systems.iter().enumerate() {
        system(&format!("systems[{i}]"), sys)?;
    }
    list_len("images", s.images.len(), &f::IMAGES, "entries")?;
    for (i, img) in s.images.iter().enumerate() {
        image(&format!("images[{i}]"), img)?;
    }
    let e = &s.export;
    int("export.fps", e.fps, &f::EXPORT_FPS)?;
    int("substepsPerSec", s.substeps_per_sec, &f::SUBSTEPS)?;
    text("export.imagesPath", &e.images_path, &f::EXPORT_IMAGES_PATH)?;
    text("export.fileName", &e.file_name, &f::EXPORT_FILE_NAME)?;
    if e.file_name.trim().is_empty() {
        return Err(err("export.fileName", FieldIssue::Empty));
    }
    if e.file_name.contains(['/', '\\']) {
        return Err(err("export.fileName", FieldIssue::NotAFileName));
    }
    skeletons(&s.skeletons)?;
    colliders(&s.colliders)?;
    super::path::validate_paths(&s.paths)?;
    models(&s.models)?;
    Ok(())
}

/// The `colliders` list: at most [`super::collider::MAX_COLLIDERS`], each within its limits.
fn colliders(list: &[super::Collider]) -> Result<()> {
    list_len("colliders", list.len(), &f::COLLIDERS, "colliders")?;
    for (i, c) in list.iter().enumerate() {
        c.validate(&format!("colliders[{i}]"))?;
    }
    Ok(())
}

/// Most editor markers of one model object.
pub const MAX_MODEL_MARKERS: usize = 256;

/// The `models` list: names unique (the scene list and the marker events name a model by it),
/// placement, playback, up axis and markers.
fn models(list: &[ModelObject]) -> Result<()> {
    list_len("models", list.len(), &f::MODELS, "entries")?;
    for (i, m) in list.iter().enumerate() {
        let p = format!("models[{i}]");
        text(&format!("{p}.name"), &m.name, &f::MODEL_NAME)?;
        if let Some(j) = list[..i].iter().position(|o| o.name == m.name) {
            return Err(err(
                &format!("{p}.name"),
                FieldIssue::DuplicateName {
                    name: m.name.clone(),
                    other: format!("models[{j}]"),
                },
            ));
        }
        text(&format!("{p}.key"), &m.key, &f::MODEL_KEY)?;
        optional_path(&format!("{p}.path"), &m.path, &f::MODEL_PATH)?;
        transform(&format!("{p}.transform"), &m.transform)?;
        text(&format!("{p}.clip"), &m.clip, &f::MODEL_CLIP)?;
        num(&format!("{p}.speed"), m.speed, &f::MODEL_SPEED)?;
        if !f::MODEL_UP_AXIS.options.contains(&m.up_axis.as_str()) {
            return Err(err(
                &format!("{p}.upAxis"),
                FieldIssue::NotAChoice {
                    value: m.up_axis.clone(),
                    choices: "\"y\" or \"z\"",
                },
            ));
        }
        list_len(
            &format!("{p}.markers"),
            m.markers.len(),
            &f::MODEL_MARKERS,
            "entries",
        )?;
        for (j, k) in m.markers.iter().enumerate() {
            let q = format!("{p}.markers[{j}]");
            text(&format!("{q}.clip"), &k.clip, &f::MODEL_MARKER_CLIP)?;
            text(&format!("{q}.name"), &k.name, &f::MODEL_MARKER_NAME)?;
            if k.name.trim().is_empty() {
                return Err(err(&format!("{q}.name"), FieldIssue::Empty));
            }
            num(&format!("{q}.frame"), k.frame, &f::MODEL_MARKER_FRAME)?;
        }
    }
    Ok(())
}

/// Most instances of one skeleton (the first plus `extraInstances`).
pub const MAX_SKELETON_INSTANCES: usize = 256;
/// Largest skeleton playback speed multiplier.
pub const MAX_SKELETON_SPEED: f32 = 100.0;

/// The `skeletons` list: names unique (systems follow a skeleton by name), paths, placement,
/// load scale, speed, bake rate and instances.
fn skeletons(list: &[SkeletonObject]) -> Result<()> {
    list_len("skeletons", list.len(), &f::SKELETONS, "entries")?;
    for (i, k) in list.iter().enumerate() {
        let p = format!("skeletons[{i}]");
        text(&format!("{p}.name"), &k.name, &f::SKELETON_NAME)?;
        if k.name.trim().is_empty() {
            return Err(err(&format!("{p}.name"), FieldIssue::Empty));
        }
        if let Some(j) = list[..i].iter().position(|o| o.name == k.name) {
            return Err(err(
                &format!("{p}.name"),
                FieldIssue::DuplicateName {
                    name: k.name.clone(),
                    other: format!("skeletons[{j}]"),
                },
            ));
        }
        optional_path(&format!("{p}.path"), &k.path, &f::SKELETON_PATH)?;
        optional_path(&format!("{p}.atlas"), &k.atlas, &f::SKELETON_ATLAS)?;
        text(&format!("{p}.key"), &k.key, &f::SKELETON_KEY)?;
        transform(&format!("{p}.transform"), &k.transform)?;
        text(
            &format!("{p}.animation"),
            &k.animation,
            &f::SKELETON_ANIMATION,
        )?;
        text(&format!("{p}.skin"), &k.skin, &f::SKELETON_SKIN)?;
        num(&format!("{p}.scale"), k.scale, &f::SKELETON_SCALE)?;
        positive(&format!("{p}.scale"), k.scale, &f::SKELETON_SCALE, "")?;
        num(&format!("{p}.speed"), k.speed, &f::SKELETON_SPEED)?;
        int(&format!("{p}.bakeFps"), k.bake_fps, &f::SKELETON_BAKE_FPS)?;
        if k.extra_instances.len() > f::SKELETON_EXTRA.max_count() {
            return Err(err(
                &format!("{p}.extraInstances"),
                FieldIssue::TooMany {
                    count: k.extra_instances.len() + 1,
                    limit: f::SKELETON_EXTRA.max_count() + 1,
                    noun: "instances",
                },
            ));
        }
        for (j, e) in k.extra_instances.iter().enumerate() {
            extra_instance(&format!("{p}.extraInstances[{j}]"), e)?;
        }
    }
    Ok(())
}

/// An extra instance `[x, y]` or `[x, y, rotationDeg, scaleX, scaleY]` (each number named by
/// its index, `…[j][3]`): the position within the skeleton transform's x and y, its own
/// rotation and scales within the transform's limits, and a scale of 0 refused.
fn extra_instance(p: &str, e: &ExtraInstance) -> Result<()> {
    let specs = [
        &f::SKELETON_X,
        &f::SKELETON_Y,
        &f::SYSTEM_ROTATION,
        &f::SYSTEM_SCALE_X,
        &f::SYSTEM_SCALE_Y,
    ];
    let (values, len) = e.numbers();
    for (i, (v, spec)) in values.into_iter().zip(specs).take(len).enumerate() {
        let q = format!("{p}[{i}]");
        num(&q, v, spec)?;
        if i > 2 && v == 0.0 {
            return Err(err(&q, FieldIssue::ZeroScale));
        }
    }
    Ok(())
}

fn image(p: &str, img: &ImageAsset) -> Result<()> {
    reference(&format!("{p}.path"), &img.path, &f::IMAGE_PATH)?;
    int(&format!("{p}.width"), img.width, &f::IMAGE_WIDTH)?;
    int(&format!("{p}.height"), img.height, &f::IMAGE_HEIGHT)
}

/// A transform (systems, skeletons and models share the system transform's limits).
fn transform(p: &str, t: &Transform2D) -> Result<()> {
    num(&format!("{p}.x"), t.x, &f::SYSTEM_X)?;
    num(&format!("{p}.y"), t.y, &f::SYSTEM_Y)?;
    num(
        &format!("{p}.rotationDeg"),
        t.rotation_deg,
        &f::SYSTEM_ROTATION,
    )?;
    num(&format!("{p}.scaleX"), t.scale_x, &f::SYSTEM_SCALE_X)?;
    num(&format!("{p}.scaleY"), t.scale_y, &f::SYSTEM_SCALE_Y)
}
