//! Validation of a typed document against absurd or hostile values.
//!
//! Every rule names the JSON path of the offending field, e.g.
//! `systems[2].maxParticles: 1000000 is above the limit 100000`. Names are plain text: any
//! character but control characters is accepted (`<script>` is just a name; showing it safely is
//! the UI's job). Limits:
//! - at most [`MAX_SYSTEMS`] systems, [`MAX_LIST`] animations/images/objects, names ≤
//!   [`MAX_NAME_CHARS`] characters, paths ≤ [`MAX_PATH_CHARS`];
//! - `maxParticles` ≤ [`MAX_PARTICLES`], `ratePerSec` 0..=[`MAX_RATE_PER_SEC`], burst counts ≤
//!   [`MAX_PARTICLES`], at most [`MAX_BURSTS`] bursts;
//! - lifetimes in (0, [`MAX_LIFETIME_SECS`]], durations, delays and burst times in
//!   0..=[`MAX_DURATION_SECS`] (a loop-continuous duration must be > 0);
//! - flipbook fps 1..=240, export fps 1..=240;
//! - curves and gradients ≤ [`MAX_CURVE_KEYS`] keys with `t` in 0..=1, alpha values 0..=1,
//!   scales 0..=[`MAX_SCALE`] (no negative sizes), positions and speeds |v| ≤ [`MAX_COORD`];
//! - skeletons: non-empty names unique among skeletons, load `scale` in (0, [`MAX_SCALE`]],
//!   `speed` 0..=[`MAX_SKELETON_SPEED`], `bakeFps` 1..=240, at most
//!   [`MAX_SKELETON_INSTANCES`] instances;
//! - colliders (at most [`super::collider::MAX_COLLIDERS`], polylines of at most
//!   [`super::collider::MAX_COLLIDER_POINTS`] points, coordinates within ±[`MAX_COORD`], sizes
//!   ≥ 0) and paths (at most [`super::path::MAX_PATHS`], names unique and non-empty, at most
//!   [`super::path::MAX_PATH_POINTS`] points and one handle pair per point), see their modules;
//! - texture and image references: `builtin:NAME` with a known name, or a relative path with `/`
//!   separators, without `..` segments, absolute paths, backslashes or any `scheme:` (`data:`,
//!   `blob:`, `http:`, drive letters).

use super::curve::{Curve, Gradient};
use super::scene::{ImageAsset, Scene, SkeletonObject};
use super::system::{Range, Transform2D};
use crate::textures::{BUILTIN_NAMES, BUILTIN_PREFIX};
use crate::{Error, Result};

mod system;
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

/// Checks every rule of the module doc.
pub fn scene(s: &Scene) -> Result<()> {
    if s.systems.len() > MAX_SYSTEMS {
        return Err(err(
            "systems",
            format!("{} systems, above the limit {MAX_SYSTEMS}", s.systems.len()),
        ));
    }
    list_len("animations", s.animations.len())?;
    for (i, a) in s.animations.iter().enumerate() {
        name(&format!("animations[{i}]"), a)?;
    }
    for (i, sys) in s.systems.iter().enumerate() {
        system(&format!("systems[{i}]"), sys)?;
    }
    list_len("images", s.images.len())?;
    for (i, img) in s.images.iter().enumerate() {
        image(&format!("images[{i}]"), img)?;
    }
    let e = &s.export;
    int("export.fps", e.fps, 1, 240)?;
    int(
        "substepsPerSec",
        s.substeps_per_sec,
        super::MIN_SUBSTEPS_PER_SEC,
        super::MAX_SUBSTEPS_PER_SEC,
    )?;
    text("export.imagesPath", &e.images_path, MAX_PATH_CHARS)?;
    name("export.fileName", &e.file_name)?;
    if e.file_name.trim().is_empty() {
        return Err(err("export.fileName", "is empty"));
    }
    if e.file_name.contains(['/', '\\']) {
        return Err(err(
            "export.fileName",
            "must be a file name, without / or \\",
        ));
    }
    skeletons(&s.skeletons)?;
    if s.colliders.len() > super::collider::MAX_COLLIDERS {
        return Err(err(
            "colliders",
            format!(
                "{} colliders, above the limit {}",
                s.colliders.len(),
                super::collider::MAX_COLLIDERS
            ),
        ));
    }
    for (i, c) in s.colliders.iter().enumerate() {
        c.validate(&format!("colliders[{i}]"))?;
    }
    super::path::validate_paths(&s.paths)?;
    list_len("models", s.models.len())?;
    for (i, m) in s.models.iter().enumerate() {
        let p = format!("models[{i}]");
        name(&format!("{p}.name"), &m.name)?;
        optional_path(&format!("{p}.path"), &m.path)?;
        transform(&format!("{p}.transform"), &m.transform)?;
        name(&format!("{p}.clip"), &m.clip)?;
        num(&format!("{p}.speed"), m.speed, 0.0, 100.0)?;
        if !matches!(m.up_axis.as_str(), "" | "y" | "z") {
            return Err(err(
                &format!("{p}.upAxis"),
                format!("{:?} is not \"y\" or \"z\"", m.up_axis),
            ));
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
    list_len("skeletons", list.len())?;
    for (i, k) in list.iter().enumerate() {
        let p = format!("skeletons[{i}]");
        name(&format!("{p}.name"), &k.name)?;
        if k.name.trim().is_empty() {
            return Err(err(&format!("{p}.name"), "is empty"));
        }
        if let Some(j) = list[..i].iter().position(|o| o.name == k.name) {
            return Err(err(
                &format!("{p}.name"),
                format!("{:?} is already the name of skeletons[{j}]", k.name),
            ));
        }
        optional_path(&format!("{p}.path"), &k.path)?;
        optional_path(&format!("{p}.atlas"), &k.atlas)?;
        name(&format!("{p}.key"), &k.key)?;
        transform(&format!("{p}.transform"), &k.transform)?;
        name(&format!("{p}.animation"), &k.animation)?;
        name(&format!("{p}.skin"), &k.skin)?;
        num(&format!("{p}.scale"), k.scale, 0.0, MAX_SCALE)?;
        if k.scale <= 0.0 {
            return Err(err(
                &format!("{p}.scale"),
                format!("{} must be above 0", k.scale),
            ));
        }
        num(&format!("{p}.speed"), k.speed, 0.0, MAX_SKELETON_SPEED)?;
        int(&format!("{p}.bakeFps"), k.bake_fps, 1, 240)?;
        if k.extra_instances.len() + 1 > MAX_SKELETON_INSTANCES {
            return Err(err(
                &format!("{p}.extraInstances"),
                format!(
                    "{} instances, above the limit {MAX_SKELETON_INSTANCES}",
                    k.extra_instances.len() + 1
                ),
            ));
        }
        for (j, [x, y]) in k.extra_instances.iter().enumerate() {
            num(
                &format!("{p}.extraInstances[{j}][0]"),
                *x,
                -MAX_COORD,
                MAX_COORD,
            )?;
            num(
                &format!("{p}.extraInstances[{j}][1]"),
                *y,
                -MAX_COORD,
                MAX_COORD,
            )?;
        }
    }
    Ok(())
}

fn image(p: &str, img: &ImageAsset) -> Result<()> {
    reference(&format!("{p}.path"), &img.path)?;
    int(&format!("{p}.width"), img.width, 0, MAX_IMAGE_SIDE)?;
    int(&format!("{p}.height"), img.height, 0, MAX_IMAGE_SIDE)
}

fn transform(p: &str, t: &Transform2D) -> Result<()> {
    num(&format!("{p}.x"), t.x, -MAX_COORD, MAX_COORD)?;
    num(&format!("{p}.y"), t.y, -MAX_COORD, MAX_COORD)?;
    num(
        &format!("{p}.rotationDeg"),
        t.rotation_deg,
        -MAX_COORD,
        MAX_COORD,
    )?;
    num(&format!("{p}.scaleX"), t.scale_x, -MAX_SCALE, MAX_SCALE)?;
    num(&format!("{p}.scaleY"), t.scale_y, -MAX_SCALE, MAX_SCALE)
}

pub(crate) fn curve(p: &str, c: &Curve, lo: f32, hi: f32) -> Result<()> {
    if c.keys.len() > MAX_CURVE_KEYS {
        return Err(err(
            p,
            format!("{} keys, above the limit {MAX_CURVE_KEYS}", c.keys.len()),
        ));
    }
    for (i, k) in c.keys.iter().enumerate() {
        num(&format!("{p}[{i}].t"), k.t, 0.0, 1.0)?;
        num(&format!("{p}[{i}].v"), k.v, lo, hi)?;
    }
    Ok(())
}

pub(crate) fn gradient(p: &str, g: &Gradient) -> Result<()> {
    if g.keys.len() > MAX_CURVE_KEYS {
        return Err(err(
            p,
            format!("{} keys, above the limit {MAX_CURVE_KEYS}", g.keys.len()),
        ));
    }
    for (i, k) in g.keys.iter().enumerate() {
        num(&format!("{p}[{i}].t"), k.t, 0.0, 1.0)?;
    }
    Ok(())
}

pub(crate) fn range(p: &str, r: Range, lo: f32, hi: f32) -> Result<()> {
    num(&format!("{p}.min"), r.min, lo, hi)?;
    num(&format!("{p}.max"), r.max, lo, hi)
}

pub(crate) fn num(p: &str, v: f32, lo: f32, hi: f32) -> Result<()> {
    if !v.is_finite() {
        Err(err(
            p,
            "is not a finite number (too large for a 32-bit float)",
        ))
    } else if v > hi {
        Err(err(p, format!("{v} is above the limit {hi}")))
    } else if v < lo {
        Err(err(p, format!("{v} is below the minimum {lo}")))
    } else {
        Ok(())
    }
}

pub(crate) fn int(p: &str, v: u32, lo: u32, hi: u32) -> Result<()> {
    if v > hi {
        Err(err(p, format!("{v} is above the limit {hi}")))
    } else if v < lo {
        Err(err(p, format!("{v} is below the minimum {lo}")))
    } else {
        Ok(())
    }
}

fn list_len(p: &str, n: usize) -> Result<()> {
    if n > MAX_LIST {
        Err(err(p, format!("{n} entries, above the limit {MAX_LIST}")))
    } else {
        Ok(())
    }
}

/// A name: plain text, no control characters, at most [`MAX_NAME_CHARS`] characters.
pub(crate) fn name(p: &str, s: &str) -> Result<()> {
    text(p, s, MAX_NAME_CHARS)
}

fn text(p: &str, s: &str, max_chars: usize) -> Result<()> {
    let n = s.chars().count();
    if n > max_chars {
        return Err(err(
            p,
            format!("{n} characters, above the limit {max_chars}"),
        ));
    }
    if s.chars().any(char::is_control) {
        return Err(err(p, "contains control characters"));
    }
    Ok(())
}

fn optional_path(p: &str, s: &str) -> Result<()> {
    if s.is_empty() {
        Ok(())
    } else {
        reference(p, s)
    }
}

/// A texture or image reference (see the module doc).
pub(crate) fn reference(p: &str, s: &str) -> Result<()> {
    text(p, s, MAX_PATH_CHARS)?;
    if s.is_empty() {
        return Err(err(p, "is empty"));
    }
    if let Some(builtin) = s.strip_prefix(BUILTIN_PREFIX) {
        return if BUILTIN_NAMES.contains(&builtin) {
            Ok(())
        } else {
            Err(err(
                p,
                format!(
                    "{s:?} is not a built-in texture (known: {})",
                    BUILTIN_NAMES.join(", ")
                ),
            ))
        };
    }
    if s.contains(':') {
        return Err(err(
            p,
            format!(
                "{s:?}: URLs, data:/blob: references and drive letters are not allowed; use a relative path"
            ),
        ));
    }
    if s.starts_with('/') {
        return Err(err(
            p,
            format!("{s:?} is an absolute path; use a path relative to the scene"),
        ));
    }
    if s.contains('\\') {
        return Err(err(p, format!("{s:?} contains \\; use / between folders")));
    }
    if s.split('/').any(|seg| seg == "..") {
        return Err(err(p, format!("{s:?} leaves the scene folder (..)")));
    }
    Ok(())
}

pub(crate) fn err(path: &str, message: impl Into<String>) -> Error {
    Error::Field {
        path: path.to_string(),
        message: message.into(),
    }
}
