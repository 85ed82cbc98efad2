//! SpineParticle's only crate that knows JavaScript: the wasm-bindgen boundary of CONTRACTS.md
//! over the core crates and the renderer.
//!
//! - `Editor` (browser only): one canvas, one scene, one simulation, one renderer.
//! - Pure functions (no GPU, usable in a worker): `normalizeScene`, `defaultScene`,
//!   `builtinTextures`, `simHash`, `benchSim`.
//!
//! Errors become JS `Error`s with a plain message here and nowhere else; a Rust panic is logged
//! by `console_error_panic_hook` (the UI facade re-instantiates the module).

pub mod clip_arrays;
pub mod contract;
mod error;
pub mod export;
pub mod ms3d;
pub mod pure;
mod skel;

#[cfg(target_arch = "wasm32")]
mod bindings;
#[cfg(target_arch = "wasm32")]
mod canvas;
#[cfg(target_arch = "wasm32")]
mod clips_api;
#[cfg(target_arch = "wasm32")]
mod clock;
#[cfg(target_arch = "wasm32")]
mod editor;

pub use error::{Error, Result};
