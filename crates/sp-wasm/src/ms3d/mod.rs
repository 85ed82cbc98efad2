//! MilkShape 3D models in the editor: a thin mapping of the `Editor`'s model calls onto the core
//! [`sp_ms3d::stage::ModelStage`] (files, scene objects, the pose at the scene time, marker
//! events; formulas there), with the renderer as its clip sink (baked clips played by the
//! renderer's vertex-clip path, `sp_render::clips`).
//!
//! - `ms3dInfo(bytes) -> string` (pure): JSON of the same shape as `spineparticle ms3d info
//!   --json` ([`info_json`]).
//! - [`Models`]: the `Editor` methods (`editor_api.rs`): `addModel(key, name, bytes, options)`,
//!   `modelClips(key)`, `removeModel(key)`, `modelEvents()`, `modelStats()`. The objects come
//!   with the scene (`setScene` → `models[]`), the time with the scene time (`render()` poses at
//!   `timeSecs()`; `setTime` is a seek, which raises no marker event).
//!
//! Context loss: only [`sp_render::ClipId`]s are kept; the renderer keeps every clip's CPU copy
//! and re-uploads it after a lost device, so ids survive unchanged.
//!
//! Files: `info.rs` (the info document), `cpu_skinning.rs` (`Ms3dCpuSkinning`, the playback
//! benchmark's CPU alternative), `models.rs` (the mapping and the renderer as clip sink),
//! `editor_api.rs` (the `Editor` methods).

pub mod cpu_skinning;
#[cfg(target_arch = "wasm32")]
mod editor_api;
mod info;
mod models;

use crate::error::Error;

pub use info::info_json;
#[cfg(target_arch = "wasm32")]
pub use info::ms3d_info;
pub use models::{ModelOptions, Models};
pub use sp_ms3d::stage::MarkerEvent;

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
