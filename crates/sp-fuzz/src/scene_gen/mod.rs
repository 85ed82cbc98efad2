//! A valid scene from fuzzer bytes, for the export target: every value within the document
//! limits (`sp_sim::document::validate`), and small enough that one export takes about a
//! millisecond — usually 1–2 systems of at most 6 particles, durations and lifetimes up to 0.6 s,
//! export rates up to 30 fps; one scene in sixteen is "large" (3 systems of 10 particles, 1 s,
//! 0.8 s, any rate up to 240 fps; larger ones cost up to seconds per input in the instrumented
//! build, mostly loop-continuous systems at high rates) — while names, textures, flipbooks, curves, transforms
//! (mirrored and zero scales included), loop modes, bone following and every export setting
//! vary. Extreme values the limits allow (coordinates and angles up to 10⁶, damping up to 1000)
//! come up one time in sixteen; the unreduced baseline (`reduce: false`, a measurement mode of
//! the CLI) one time in thirty-two. The motion-v2 modules (`motion.rs`: forces, over-life
//! curves, rotation modes, the rate curve, every emitter shape, repeating bursts), trails
//! (`trail.rs`), colliders, paths and the systems' collision and path following (`world.rs`)
//! are drawn too; `system.rs` draws a system's fields (and bounds what its trail multiplies).

mod motion;
mod system;
mod trail;
mod world;

use arbitrary::{Result, Unstructured};
use sp_sim::document::{
    ColorKey, Curve, CurveKey, CurveKind, Gradient, ImageAsset, Interp, Range, Rgb, Scene,
    SkeletonObject,
};
use sp_sim::sim::FollowTracks;
use sp_spine::{ExportOptions, ImageSizes};

/// Everything one export needs.
#[derive(Clone, Debug)]
pub struct ExportCase {
    /// The scene (valid by construction).
    pub scene: Scene,
    /// Sizes of the user images, as the page would pass them.
    pub images: ImageSizes,
    /// Bone tracks of following systems.
    pub tracks: FollowTracks,
    /// Reduction on or off, frames document or not.
    pub options: ExportOptions,
}

/// Names that stress the exporter's naming: duplicates, reserved bone names, spaces, quotes,
/// non-ASCII, the empty name.
const NAMES: [&str; 14] = [
    "fire",
    "fire",
    "火焰",
    "a b",
    "x\"y",
    "",
    "root",
    "animation",
    "loop",
    "start",
    "end",
    "_particle_000",
    "default",
    " pad ",
];

/// Texture references: built-ins, user images with and without a known size, folders.
const TEXTURES: [&str; 9] = [
    "builtin:soft_dot",
    "builtin:spark",
    "builtin:star",
    "builtin:ring",
    "builtin:smoke",
    "images/fx_1.png",
    "images/fx_2.png",
    "./images/sub/火.webp",
    "other/a b.png",
];

/// Export rates of small scenes.
const FPS: [u32; 5] = [1, 6, 12, 24, 30];

/// Sizes of a scene: small (most) or large (one in sixteen).
#[derive(Clone, Copy)]
struct Size {
    systems: u32,
    particles: u32,
    duration_secs: f32,
    lifetime_secs: f32,
}

const SMALL: Size = Size {
    systems: 2,
    particles: 6,
    duration_secs: 0.6,
    lifetime_secs: 0.6,
};

const LARGE: Size = Size {
    systems: 3,
    particles: 10,
    duration_secs: 1.0,
    lifetime_secs: 0.8,
};

/// A float in `[lo, hi]`: the ends and zero often, else spread over the range.
fn float(u: &mut Unstructured<'_>, lo: f32, hi: f32) -> Result<f32> {
    let pick: u8 = u.arbitrary()?;
    let v = match pick % 8 {
        0 => lo,
        1 => hi,
        2 => 0.0,
        _ => {
            let x: u16 = u.arbitrary()?;
            lo + (hi - lo) * (f32::from(x) / 65535.0)
        }
    };
    Ok(v.clamp(lo, hi))
}

/// A float in `[lo, hi]`, or one time in sixteen anywhere in `[-far, far]` clamped to `[min,
/// max]` (the document's own limits).
fn wide(
    u: &mut Unstructured<'_>,
    (lo, hi): (f32, f32),
    far: f32,
    (min, max): (f32, f32),
) -> Result<f32> {
    if u.ratio(1u8, 16u8)? {
        Ok(float(u, -far, far)?.clamp(min, max))
    } else {
        float(u, lo, hi)
    }
}

fn name(u: &mut Unstructured<'_>) -> Result<String> {
    Ok((*u.choose(&NAMES)?).to_owned())
}

fn range(u: &mut Unstructured<'_>, lo: f32, hi: f32) -> Result<Range> {
    Ok(Range::new(float(u, lo, hi)?, float(u, lo, hi)?))
}

fn curve(u: &mut Unstructured<'_>, lo: f32, hi: f32) -> Result<Curve> {
    let n = u.int_in_range(1..=4)?;
    let mut keys = Vec::with_capacity(n);
    for _ in 0..n {
        keys.push(CurveKey {
            t: float(u, 0.0, 1.0)?,
            v: float(u, lo, hi)?,
            interp: if u.arbitrary()? {
                Interp::Smooth
            } else {
                Interp::Linear
            },
        });
    }
    // The loader sorts keys by time; a scene built in memory must be sorted as loaded ones are.
    keys.sort_by(|a, b| a.t.total_cmp(&b.t));
    Ok(Curve { keys })
}

fn gradient(u: &mut Unstructured<'_>) -> Result<Gradient> {
    let n = u.int_in_range(1..=3)?;
    let mut keys = Vec::with_capacity(n);
    for _ in 0..n {
        keys.push(ColorKey {
            t: float(u, 0.0, 1.0)?,
            color: Rgb {
                r: float(u, 0.0, 1.0)?,
                g: float(u, 0.0, 1.0)?,
                b: float(u, 0.0, 1.0)?,
            },
        });
    }
    keys.sort_by(|a, b| a.t.total_cmp(&b.t));
    Ok(Gradient { keys })
}

/// The track of bone `hip` of the first or second instance of skeleton object `hero`, through
/// the same parser and checks as `--follow` files.
fn tracks(u: &mut Unstructured<'_>) -> Result<FollowTracks> {
    let sample_fps = *u.choose(&[0.5, 1.0, 24.0, 30.0, 60.0, 1000.0])?;
    let mut points = Vec::new();
    for _ in 0..u.int_in_range(1..=8)? {
        points.push([float(u, -2000.0, 2000.0)?, float(u, -2000.0, 2000.0)?]);
    }
    let text = serde_json::json!({ "tracks": [{
        "skeleton": "hero", "bone": "hip", "instance": *u.choose(&[0, 1])?, "sampleFps": sample_fps,
        "loop": u.arbitrary::<bool>()?, "points": points,
    }]})
    .to_string();
    FollowTracks::from_json(&text).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// Builds an export case from fuzzer bytes (`Err` when the bytes run out early).
pub fn export_case(u: &mut Unstructured<'_>) -> Result<ExportCase> {
    let size = if u.ratio(1u8, 16u8)? { LARGE } else { SMALL };
    let mut scene = Scene::default();
    for _ in 0..u.int_in_range(0..=3)? {
        scene.animations.push(name(u)?);
    }
    let following = u.ratio(1u8, 4u8)?;
    for _ in 0..u.int_in_range(1..=size.systems)? {
        let follow = following && u.arbitrary()?;
        scene.systems.push(system::system(u, size, follow)?);
    }
    (scene.colliders, scene.paths) = world::world(u)?;
    let mut images = ImageSizes::default();
    for path in &TEXTURES[5..] {
        match u.int_in_range(0..=2)? {
            // Known to the page (it loaded the image).
            0 => {
                images.0.insert(
                    (*path).to_owned(),
                    [u.int_in_range(1..=256)?, u.int_in_range(1..=256)?],
                );
            }
            // Listed in the document only (zero sizes are allowed there).
            1 => scene.images.push(ImageAsset {
                path: (*path).to_owned(),
                width: u.int_in_range(0..=256)?,
                height: u.int_in_range(0..=256)?,
            }),
            // Unknown: exported with a placeholder size and a warning.
            _ => {}
        }
    }
    let e = &mut scene.export;
    e.fps = if size.systems == LARGE.systems {
        u.int_in_range(1..=240)?
    } else {
        *u.choose(&FPS)?
    };
    e.curve = if u.arbitrary()? {
        CurveKind::Bezier
    } else {
        CurveKind::Linear
    };
    e.bone_pool = !u.ratio(1u8, 4u8)?;
    e.integer_frames = u.arbitrary()?;
    e.omit_fps = u.arbitrary()?;
    e.exclude_empty_animations = u.arbitrary()?;
    e.images_path = (*u.choose(&["./images/", "", "images", "a/b/"])?).to_owned();
    let tracks = if following {
        scene.skeletons.push(SkeletonObject {
            name: "hero".into(),
            ..SkeletonObject::default()
        });
        if u.ratio(3u8, 4u8)? {
            tracks(u)?
        } else {
            FollowTracks::new()
        }
    } else {
        FollowTracks::new()
    };
    let options = ExportOptions {
        reduce: !u.ratio(1u8, 32u8)?,
        frames: u.ratio(1u8, 4u8)?,
        parallel: false,
    };
    Ok(ExportCase {
        scene,
        images,
        tracks,
        options,
    })
}
