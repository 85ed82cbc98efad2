//! SpineParticle's only crate that knows JavaScript: the wasm-bindgen boundary (CONTRACTS.md at
//! the repository root) over the core crates and the renderer. Each JS call maps to one core
//! call.
//!
//! - `Editor` (browser only): one canvas, one scene, one simulation, one renderer; one
//!   `impl Editor` per file (`editor.rs`, `editor/view.rs` (view, look and images),
//!   `clips_api.rs`, `trails_api.rs` (trail gizmo data: `trailChains`), `extent_api.rs`
//!   (`effectExtent`, what the view frames), `ms3d/editor_api.rs`, accessors in
//!   `editor/access.rs`).
//! - Pure functions (no GPU, usable in a worker): `normalizeScene`, `defaultScene`,
//!   `builtinTextures`, `simHash`, `benchSim`, `fieldSchema`, `errorCodes`, `timelineLength`,
//!   the `Timebase` class (`time.rs`), `exportSpine`, `estimateSpine`, `skelInfo`, `skelRepair`,
//!   `ms3dInfo`, `objectOutlines`, `hitObject`.
//! - Every JSON value crossing the boundary has a generated TypeScript type ([`contract`],
//!   `web/generated/contract.ts`).
//!
//! Errors: one [`Error`] (wrapping each core crate's error with `#[from]`), converted to a JS
//! `Error` carrying `code`, `params` and `message` in one place (`js.rs`); a Rust panic is logged
//! by `console_error_panic_hook` (the UI facade re-instantiates the module).

pub mod answers;
pub mod clip_arrays;
pub mod contract;
pub mod error;
pub mod export;
pub mod ms3d;
pub mod object_hit;
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
#[cfg(target_arch = "wasm32")]
mod extent_api;
#[cfg(target_arch = "wasm32")]
mod js;
#[cfg(target_arch = "wasm32")]
mod time;
#[cfg(target_arch = "wasm32")]
mod timeline_api;
#[cfg(target_arch = "wasm32")]
mod trails_api;

pub use error::{Error, Result};
