//! SpineParticle's scene document and deterministic particle simulation.
//!
//! No web crates here: the same code runs natively (CLI, tests) and as wasm (editor).

pub mod document;
mod error;
pub use error::{Error, Result};
