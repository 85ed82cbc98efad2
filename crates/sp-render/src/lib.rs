//! SpineParticle's wgpu renderer: instanced particle quads, trail ribbons skinned on the GPU,
//! the editor grid, and baked vertex-frame playback (every frame of a clip in one data texture,
//! two frames blended in the shader, instances drawn by instanced draws per layout and draw
//! range).
//!
//! Runs on WebGPU and WebGL2 in the browser (the wasm crate supplies the canvas through
//! [`RenderTarget`]) and natively off-screen for tests. Knows nothing of JavaScript.
//!
//! Per frame the caller fills a [`SpriteBatch`] (see [`scene_sprites`] for the particle scene)
//! and a list of [`ClipInstance`]s, then calls [`Renderer::render`].

pub mod atlas;
mod atlas_gpu;
pub mod blend;
mod clip_draw;
mod clip_encode;
pub mod clip_pack;
pub mod clip_waves;
pub mod clips;
mod error;
pub mod gpu;
pub mod image;
pub mod mips;
mod pipelines;
mod renderer;
pub mod scene_gizmos;
pub mod scene_sprites;
pub mod scene_trails;
pub mod sprites;
mod target;
#[cfg(test)]
mod test_support;
mod tier;
pub mod trail_meshes;
pub mod trail_skin;
pub mod view;
mod wgsl;

pub use clips::{
    ClipDrawRange, ClipFrame, ClipId, ClipInstance, ClipMaterial, ClipTopology, FrameEncoding,
    VertexClip,
};
pub use error::{ERROR_CODES, Error, Result};
pub use gpu::Gpu;
pub use renderer::{FrameReport, Renderer, WHITE_IMAGE};
pub use sprites::{DrawKind, SpriteBatch, SpriteDraw, SpriteInstance};
pub use target::RenderTarget;
pub use tier::{GpuTier, TierPreference};
pub use view::View;
