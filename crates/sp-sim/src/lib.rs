//! SpineParticle's scene document and deterministic particle simulation.
//!
//! "Export spec §N" in this crate means section N of `docs/spec/spine-json-export-spec.zh.md`.
//!
//! No web crates here: the same code runs natively (CLI, tests) and as wasm (editor).
//!
//! - [`document`]: the versioned scene document (types, defaults, loading with migration and
//!   validation, saving, the default scene).
//! - [`sim`]: the deterministic simulation (exact in time: any step size gives the same states).
//! - [`behaviour`]: the behaviour modules (forces, over-life curves, rotation modes): document
//!   types, limits, validation, formulas and export channels.
//! - [`textures`]: the procedural built-in textures (`builtin:NAME`).
//! - [`time`]: the one clock ([`time::Timebase`]): frame of a time, frame counts, the frame pair
//!   and blend of playback, loop periods, the timeline's length.

pub mod behaviour;
pub mod document;
mod error;
pub mod sim;
pub mod textures;
pub mod time;
pub use error::{Diagnostic, ERROR_CODES, Error, FieldIssue, Result};
