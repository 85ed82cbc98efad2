//! Spine 4.2 JSON export of SpineParticle scenes.
//!
//! "Export spec §N" everywhere in this crate means section N of
//! `docs/spec/spine-json-export-spec.zh.md`, the authoritative export specification.
//!
//! Modules follow the export spec's §15: export settings come from the document
//! (`sp_sim::document::ExportSettings`), [`json`] holds the 4.2 JSON types, [`bake`] the
//! deterministic frame-by-frame baker, [`reduce`] the error-bounded keyframe reducer,
//! [`exporter`] the assembly of skeleton, bones, slots, skins and animations, [`validate`] the
//! structural validator. [`coords`] is the one place where editor axes become Spine axes;
//! [`names`] allocates unique names; [`images`] turns image references into attachment paths;
//! [`frames`] writes the baked states for fidelity checks; [`draw_order`] keeps the stacking of
//! particles as the preview draws it; [`estimate`] predicts the size of an
//! export before running it.
//!
//! Entry: [`export_scene`]. The core reads no clock: callers measure time and fill
//! [`ExportReport::bake_ms`].

pub mod bake;
pub mod coords;
pub mod draw_order;
mod error;
pub mod estimate;
pub mod exporter;
pub mod frames;
pub mod images;
pub mod json;
pub mod json_write;
pub mod names;
mod par;
pub mod reduce;
pub mod report;
#[cfg(test)]
mod test_support;
pub mod validate;
pub mod warning;

pub use bake::Progress;
pub use error::{ERROR_CODES, Error, Result};
pub use estimate::{Estimate, estimate_scene};
pub use exporter::{ExportOptions, ExportOutput, export_scene, export_scene_with};
pub use images::ImageSizes;
pub use report::ExportReport;
pub use warning::{WARNING_CODES, Warning};
