//! SpineParticle's scene document and deterministic particle simulation.
//!
//! "Export spec §N" in this crate means section N of `docs/spec/spine-json-export-spec.zh.md`.
//!
//! No web crates here: the same code runs natively (CLI, tests) and as wasm (editor).
//!
//! - [`document`]: the versioned scene document (types, defaults, loading with migration and
//!   validation, saving, the default scene).
//! - [`sim`]: the deterministic simulation (exact in time: any step size gives the same states).
//! - [`textures`]: the procedural built-in textures (`builtin:NAME`).

pub mod document;
mod error;
pub mod sim;
pub mod textures;
pub use error::{Error, Result};
