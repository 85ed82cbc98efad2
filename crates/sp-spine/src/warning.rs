//! Export warnings: what the export did that the user should know, each with a stable code and
//! named parameters (so the UI can word it in zh and en) and its English sentence (`Display`).
//! The report lists both ([`crate::ExportReport::warnings`] and `warningDetails`).
//!
//! To add a warning: a variant here, its arms in `code`/`params`, its line in
//! [`WARNING_CODES`] and an example in the test `every_warning_code_is_listed_with_its_params`.

use serde_json::{Map, Value, json};
use sp_sim::Diagnostic;

/// One export warning.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Warning {
    /// A following Local-space loop whose bone is elsewhere at the loop's end.
    #[error(
        "system {system:?}: the bone it follows is {gap_px:.1} px away at the end of loop {animation:?} from where it was at the start, so the loop has a seam; make the loop length a multiple of the skeleton animation's period"
    )]
    FollowSeam {
        /// System name.
        system: String,
        /// Distance between the bone at the loop's start and end, pixels.
        gap_px: f64,
        /// The loop animation.
        animation: String,
    },
    /// A loop that does not divide the longer loop animation it shares.
    #[error(
        "system {system:?}: its loop of {loop_frames} frames does not divide the loop animation {animation:?} of {span_frames} frames (set by a longer loop in the same animation); the joint loop has a seam"
    )]
    LoopDoesNotDivide {
        /// System name.
        system: String,
        /// The system's loop, frames.
        loop_frames: u32,
        /// The loop animation.
        animation: String,
        /// The animation's length, frames.
        span_frames: u32,
    },
    /// A loop length rounded up to whole frames.
    #[error(
        "system {system:?}: loop length {duration_secs} s is not a whole number of frames at {fps} fps; exported as {loop_frames} frames"
    )]
    LoopRounded {
        /// System name.
        system: String,
        /// The loop length asked for, seconds.
        duration_secs: f32,
        /// Export rate.
        fps: u32,
        /// The loop written, frames.
        loop_frames: u32,
    },
    /// Two image references that export as one attachment path.
    #[error("images {other:?} and {reference:?} both export as attachment path {path:?}")]
    DuplicatePath {
        /// The first reference.
        other: String,
        /// The second.
        reference: String,
        /// The shared path.
        path: String,
    },
    /// An image without a known size.
    #[error(
        "image {reference:?} is missing or has no known size: exported as {path:?} with a {size}×{size} placeholder size"
    )]
    MissingImage {
        /// The reference.
        reference: String,
        /// Attachment path written.
        path: String,
        /// Placeholder side, pixels.
        size: u32,
    },
    /// A `data:`/`blob:` reference.
    #[error("image reference {reference:?} is an editor-internal URL: exported as \"image\"")]
    InternalUrl {
        /// The reference (truncated).
        reference: String,
    },
    /// An absolute path or URL.
    #[error("image reference {reference:?} is an absolute path or URL: exported by its file name")]
    AbsoluteReference {
        /// The reference.
        reference: String,
    },
    /// A path leaving the image folder.
    #[error("image reference {reference:?} leaves the image folder: \"../\" dropped")]
    LeavesImageFolder {
        /// The reference.
        reference: String,
    },
    /// A followed skeleton or bone that is not loaded.
    #[error(
        "system {system:?} follows {target:?}, which is not loaded: exported at its own transform"
    )]
    FollowTargetMissing {
        /// System name.
        system: String,
        /// `skeleton/bone`.
        target: String,
    },
    /// A system with two segments in one animation.
    #[error(
        "system {system:?} exports two segments into animation {animation:?}: only the first is written"
    )]
    TwoSegments {
        /// System name.
        system: String,
        /// The animation.
        animation: String,
    },
    /// A trail with colour or alpha along its length, which a Spine mesh cannot show.
    #[error(
        "system {system:?}: the trail's colour and alpha along its length are not exported (a Spine mesh has one colour per slot); put the fade into the trail image, e.g. builtin:trail_fade"
    )]
    TrailColorAlong {
        /// System name.
        system: String,
    },
    /// A loop whose emitter, travelling a path, is elsewhere at the loop's end.
    #[error(
        "system {system:?}: its emitter is {gap_px:.1} px away on its path at the end of loop {animation:?} from where it was at the start, so the loop has a seam; make the loop length a multiple of the path's travel time"
    )]
    PathSeam {
        /// System name.
        system: String,
        /// Distance between the emitter at the loop's start and end, pixels.
        gap_px: f64,
        /// The loop animation.
        animation: String,
    },
    /// A system travelling a path the scene does not have.
    #[error(
        "system {system:?} travels the path {path:?}, which the scene does not have: exported without it"
    )]
    PathMissing {
        /// System name.
        system: String,
        /// The missing path's name.
        path: String,
    },
    /// A system that follows a bone and travels a path (the path wins).
    #[error("system {system:?} follows a bone and travels a path: the path moves it")]
    FollowAndPath {
        /// System name.
        system: String,
    },
    /// A trail switched on without any image.
    #[error("system {system:?}: its trail has no image, so it is neither drawn nor exported")]
    TrailWithoutImage {
        /// System name.
        system: String,
    },
}

/// Every warning code with the names of its parameters.
pub const WARNING_CODES: &[(&str, &[&str])] = &[
    (
        "spine.warning.followSeam",
        &["system", "gapPx", "animation"],
    ),
    (
        "spine.warning.loopDoesNotDivide",
        &["system", "loopFrames", "animation", "spanFrames"],
    ),
    (
        "spine.warning.loopRounded",
        &["system", "durationSecs", "fps", "loopFrames"],
    ),
    (
        "spine.warning.duplicatePath",
        &["other", "reference", "path"],
    ),
    ("spine.warning.missingImage", &["reference", "path", "size"]),
    ("spine.warning.internalUrl", &["reference"]),
    ("spine.warning.absoluteReference", &["reference"]),
    ("spine.warning.leavesImageFolder", &["reference"]),
    ("spine.warning.followTargetMissing", &["system", "target"]),
    ("spine.warning.twoSegments", &["system", "animation"]),
    ("spine.warning.trailColorAlong", &["system"]),
    ("spine.warning.trailWithoutImage", &["system"]),
    ("spine.warning.pathSeam", &["system", "gapPx", "animation"]),
    ("spine.warning.pathMissing", &["system", "path"]),
    ("spine.warning.followAndPath", &["system"]),
];

impl Warning {
    /// Stable code (one of [`WARNING_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Warning::FollowSeam { .. } => "spine.warning.followSeam",
            Warning::LoopDoesNotDivide { .. } => "spine.warning.loopDoesNotDivide",
            Warning::LoopRounded { .. } => "spine.warning.loopRounded",
            Warning::DuplicatePath { .. } => "spine.warning.duplicatePath",
            Warning::MissingImage { .. } => "spine.warning.missingImage",
            Warning::InternalUrl { .. } => "spine.warning.internalUrl",
            Warning::AbsoluteReference { .. } => "spine.warning.absoluteReference",
            Warning::LeavesImageFolder { .. } => "spine.warning.leavesImageFolder",
            Warning::FollowTargetMissing { .. } => "spine.warning.followTargetMissing",
            Warning::TwoSegments { .. } => "spine.warning.twoSegments",
            Warning::TrailColorAlong { .. } => "spine.warning.trailColorAlong",
            Warning::TrailWithoutImage { .. } => "spine.warning.trailWithoutImage",
            Warning::PathSeam { .. } => "spine.warning.pathSeam",
            Warning::PathMissing { .. } => "spine.warning.pathMissing",
            Warning::FollowAndPath { .. } => "spine.warning.followAndPath",
        }
    }

    /// Named parameters (the names [`WARNING_CODES`] lists).
    pub fn params(&self) -> Map<String, Value> {
        let v = match self {
            Warning::FollowSeam {
                system,
                gap_px,
                animation,
            }
            | Warning::PathSeam {
                system,
                gap_px,
                animation,
            } => json!({ "system": system, "gapPx": gap_px, "animation": animation }),
            Warning::PathMissing { system, path } => json!({ "system": system, "path": path }),
            Warning::LoopDoesNotDivide {
                system,
                loop_frames,
                animation,
                span_frames,
            } => json!({ "system": system, "loopFrames": loop_frames, "animation": animation,
                "spanFrames": span_frames }),
            Warning::LoopRounded {
                system,
                duration_secs,
                fps,
                loop_frames,
            } => json!({ "system": system, "durationSecs": duration_secs, "fps": fps,
                "loopFrames": loop_frames }),
            Warning::DuplicatePath {
                other,
                reference,
                path,
            } => json!({ "other": other, "reference": reference, "path": path }),
            Warning::MissingImage {
                reference,
                path,
                size,
            } => json!({ "reference": reference, "path": path, "size": size }),
            Warning::InternalUrl { reference }
            | Warning::AbsoluteReference { reference }
            | Warning::LeavesImageFolder { reference } => json!({ "reference": reference }),
            Warning::FollowTargetMissing { system, target } => {
                json!({ "system": system, "target": target })
            }
            Warning::TwoSegments { system, animation } => {
                json!({ "system": system, "animation": animation })
            }
            Warning::TrailColorAlong { system }
            | Warning::TrailWithoutImage { system }
            | Warning::FollowAndPath { system } => {
                json!({ "system": system })
            }
        };
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    /// Code, parameters and message together.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::new(self.code(), self.params(), self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_warning_code_is_listed_with_its_params() {
        let s = || "s".to_string();
        let examples = [
            Warning::FollowSeam {
                system: s(),
                gap_px: 2.0,
                animation: s(),
            },
            Warning::LoopDoesNotDivide {
                system: s(),
                loop_frames: 3,
                animation: s(),
                span_frames: 4,
            },
            Warning::LoopRounded {
                system: s(),
                duration_secs: 0.1,
                fps: 30,
                loop_frames: 3,
            },
            Warning::DuplicatePath {
                other: s(),
                reference: s(),
                path: s(),
            },
            Warning::MissingImage {
                reference: s(),
                path: s(),
                size: 64,
            },
            Warning::InternalUrl { reference: s() },
            Warning::AbsoluteReference { reference: s() },
            Warning::LeavesImageFolder { reference: s() },
            Warning::FollowTargetMissing {
                system: s(),
                target: s(),
            },
            Warning::TwoSegments {
                system: s(),
                animation: s(),
            },
            Warning::TrailColorAlong { system: s() },
            Warning::TrailWithoutImage { system: s() },
            Warning::PathSeam {
                system: s(),
                gap_px: 2.0,
                animation: s(),
            },
            Warning::PathMissing {
                system: s(),
                path: s(),
            },
            Warning::FollowAndPath { system: s() },
        ];
        for w in &examples {
            let (_, names) = WARNING_CODES
                .iter()
                .find(|(c, _)| *c == w.code())
                .unwrap_or_else(|| panic!("{} is not listed", w.code()));
            let params = w.params();
            let got: Vec<&str> = params.keys().map(String::as_str).collect();
            let mut want = names.to_vec();
            want.sort_unstable();
            assert_eq!(got, want, "{}", w.code());
        }
        assert_eq!(examples.len(), WARNING_CODES.len());
    }
}
