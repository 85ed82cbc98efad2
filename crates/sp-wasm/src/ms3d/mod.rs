//! MilkShape 3D models in the editor (`sp_ms3d` baked into vertex frames, played by the
//! renderer's vertex-clip path; see `sp_render::clips`).
//!
//! - `ms3dInfo(bytes) -> string` (pure): JSON of the same shape as `spineparticle ms3d info
//!   --json` ([`info_json`]).
//! - [`Models`]: the models, their uploaded clips, the instances drawn and the marker events.
//!   The `Editor` methods (`editor_api.rs`, one `impl Editor` over the Editor's `with_models`
//!   accessor): `addModel`, `modelClips`, `addModelInstance`,
//!   `setModelInstance`, `removeModelInstance`, `modelInstances`, `removeModel`, `addMarker`,
//!   `removeMarker`, `modelEvents`, `modelStats`.
//!
//! Playback: each instance has its own clip-local, unwrapped time `t` (seconds), advanced by
//! `dt · speed` while playing; wall-clock `dt` comes from `render()` (clamped to 0.1 s). The
//! renderer is given `t mod D` for a looping clip of duration `D` (else `t` clamped to `[0, D]`),
//! so frames `⌊t·fps⌋`, `⌊t·fps⌋ + 1` are blended by the GPU, and markers fire for every
//! occurrence in `(t_prev, t]` ([`sp_ms3d::Clip::crossed_markers`]; the first step of an
//! instance starts just before 0 so a marker on the first frame fires).
//!
//! Placement: `model_to_scene = T(x, y) · R(rotation_deg, clockwise on screen) · S(scale) ·
//! E(up axis, pixels per unit)` with `E` = [`sp_ms3d::UpAxis::editor_matrix`]. The default
//! pixels per unit makes the bind pose 240 scene pixels across its larger projected side.
//!
//! Context loss: only [`sp_render::ClipId`]s are kept here; the renderer keeps every clip's CPU
//! copy and re-uploads it after a lost device, so ids and playback survive unchanged.
//!
//! Files: `info.rs` (the info document), `cpu_skinning.rs` (`Ms3dCpuSkinning`, the playback
//! benchmark's CPU alternative), `models.rs` (loading and baking models),
//! `playback.rs` (instances, markers, per-frame placement), `editor_api.rs` (the `Editor`
//! methods).

pub mod cpu_skinning;
#[cfg(target_arch = "wasm32")]
mod editor_api;
mod info;
mod models;
mod playback;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};

pub use info::info_json;
#[cfg(target_arch = "wasm32")]
pub use info::ms3d_info;
pub use models::{ModelOptions, Models, find_texture};
pub use playback::{InstanceState, MarkerEvent, placement};

/// Most marker events kept between two `modelEvents()` calls (older ones are dropped).
pub const MAX_PENDING_EVENTS: usize = 1000;
/// Longest wall-clock step applied to the instances in one `render()`, seconds.
pub const MAX_STEP_SECS: f64 = 0.1;

fn arg(name: &'static str, reason: impl Into<String>) -> Error {
    Error::Argument {
        name,
        reason: reason.into(),
    }
}

/// An `f32` as the `f64` of its shortest decimal form, so JSON shows `0.1`, not
/// `0.10000000149011612` (non-finite stays non-finite, which JSON writes as `null`).
fn short(x: f32) -> f64 {
    format!("{x}").parse::<f64>().unwrap_or(f64::NAN)
}

fn check(name: &'static str, v: f64, lo: f64, hi: f64) -> Result<f32> {
    if v.is_finite() && (lo..=hi).contains(&v) {
        Ok(v as f32)
    } else {
        Err(arg(name, format!("{v} is outside {lo}..={hi}")))
    }
}
