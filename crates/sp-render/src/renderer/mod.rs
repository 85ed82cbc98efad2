//! The renderer: owns the device, the CPU copies of everything it draws (images, clips), and
//! draws one frame from a [`crate::SpriteBatch`] and a list of [`crate::ClipInstance`]s.
//!
//! Frame: clear to the background colour → grid → vertex clips (depth tested; instanced, one
//! draw per draw range of each layout in each painter's-order wave, see [`crate::clip_waves`]) →
//! sprites and trail ribbons (one instanced draw per run of equal kind and blend mode, in batch
//! order; a system's trails skinned on the GPU, [`crate::trail_skin`]). Everything on the GPU can be
//! rebuilt from the CPU copies ([`Renderer::rebuild`]) after a lost WebGL context or WebGPU device.

mod clip_batch;
mod device;
mod frame;
#[cfg(not(target_arch = "wasm32"))]
mod readback;
mod trail_upload;

use std::collections::BTreeMap;

use self::clip_batch::ClipBatch;
use self::device::{ClipEntry, DeviceState};
use crate::atlas::{AtlasEntry, AtlasLayout, pack};
use crate::clip_pack::{clip_layouts, data_texture_size, pack_clip, packed_words};
use crate::clips::{ClipId, FrameEncoding, VertexClip, encode_frames};
use crate::error::{Error, Result};
use crate::gpu::{Gpu, MAX_PAGE_PX};
use crate::image::PremulImage;
use crate::target::RenderTarget;
use crate::tier::{GpuTier, TierPreference};
use crate::view::View;

/// Reserved image path of the 4×4 white image used by flat-coloured clip materials.
pub const WHITE_IMAGE: &str = "sp-render:white";

/// What one [`Renderer::render`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameReport {
    /// Whether a frame was presented (false while the surface or device is unavailable).
    pub presented: bool,
    /// Sprites drawn.
    pub sprites: u32,
    /// Trail ribbons drawn.
    pub ribbons: u32,
    /// Draw calls issued.
    pub draw_calls: u32,
    /// Clip instances drawn (each by as many instanced draws as its frame has draw ranges).
    pub clip_instances: u32,
}

/// The scene renderer (see the module docs).
pub struct Renderer {
    state: DeviceState,
    images: BTreeMap<String, PremulImage>,
    layout: AtlasLayout,
    view: View,
    background: [f32; 3],
    grid: bool,
    clips: BTreeMap<ClipId, ClipEntry>,
    next_clip: u32,
    batch: ClipBatch,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer")
            .field("tier", &self.tier())
            .field("images", &self.images.len())
            .field("clips", &self.clips.len())
            .finish_non_exhaustive()
    }
}

impl Renderer {
    /// Opens a device on `target` (WebGPU → WebGL2 per `preference`, see [`crate::gpu`]).
    ///
    /// # Errors
    /// [`Error::NoRenderer`] when no backend works.
    pub async fn create(
        target: &mut dyn RenderTarget,
        preference: TierPreference,
    ) -> Result<Renderer> {
        let gpu = Gpu::open(target, preference).await?;
        Ok(Renderer::with_gpu(gpu))
    }

    /// A renderer on an already opened [`Gpu`] (e.g. [`Gpu::open_headless`] in tests).
    pub fn with_gpu(gpu: Gpu) -> Renderer {
        let mut images = BTreeMap::new();
        images.insert(WHITE_IMAGE.to_string(), PremulImage::white(4));
        let mut renderer = Renderer {
            state: DeviceState::new(gpu),
            images,
            layout: AtlasLayout::default(),
            view: View::default(),
            background: [0.12, 0.12, 0.14],
            grid: true,
            clips: BTreeMap::new(),
            next_clip: 1,
            batch: ClipBatch::default(),
        };
        renderer.layout = pack(&renderer.images, renderer.max_page_px());
        let (w, h) = (
            renderer.state.gpu.config.width,
            renderer.state.gpu.config.height,
        );
        renderer.view.width_px = w;
        renderer.view.height_px = h;
        renderer
    }

    /// The preference that re-opens the same backend as now (for [`Gpu::open`] after a loss).
    pub fn same_tier_preference(&self) -> TierPreference {
        match self.tier() {
            GpuTier::WebGpu => TierPreference::WebGpu,
            _ => TierPreference::WebGl2,
        }
    }

    /// Re-opens the device after a loss (same backend as before) and rebuilds every GPU resource
    /// from the CPU copies.
    ///
    /// # Errors
    /// [`Error::NoRenderer`] when the backend is still unavailable (try again later).
    pub async fn rebuild(&mut self, target: &mut dyn RenderTarget) -> Result<()> {
        let gpu = Gpu::open(target, self.same_tier_preference()).await?;
        let forget_old = self.tier() == GpuTier::WebGl2;
        self.adopt_gpu(gpu, forget_old);
        Ok(())
    }

    /// Switches to a newly opened device and rebuilds every GPU resource from the CPU copies
    /// (images, clips, view). Use when the caller cannot hold the renderer across an `await`.
    ///
    /// With `forget_old`, the old device's objects are leaked instead of destroyed: after a lost
    /// WebGL context they no longer exist, and deleting them only makes the browser warn.
    pub fn adopt_gpu(&mut self, mut gpu: Gpu, forget_old: bool) {
        gpu.resize(self.view.width_px, self.view.height_px);
        let old = std::mem::replace(&mut self.state, DeviceState::new(gpu));
        if forget_old {
            std::mem::forget(old);
        }
        self.layout = pack(&self.images, self.max_page_px());
        for entry in self.clips.values_mut() {
            entry.gpu = None;
        }
    }

    /// Backend in use.
    pub fn tier(&self) -> GpuTier {
        self.state.gpu.tier
    }

    /// Why the preferred backend was not used (e.g. why WebGPU fell back to WebGL2).
    pub fn fallback_reason(&self) -> Option<&str> {
        self.state.gpu.fallback_reason.as_deref()
    }

    /// Whether the device was lost ([`Renderer::rebuild`] is needed).
    pub fn is_lost(&self) -> bool {
        self.state.gpu.is_lost()
    }

    /// Takes the last GPU validation error, if any (reported, never a panic).
    pub fn take_gpu_error(&self) -> Option<String> {
        self.state.gpu.take_error()
    }

    fn max_page_px(&self) -> u32 {
        self.state.gpu.max_texture_px.min(MAX_PAGE_PX)
    }

    /// Sets pan/zoom and the canvas size (device pixels).
    pub fn set_view(&mut self, view: View) {
        self.state.gpu.resize(view.width_px, view.height_px);
        self.view = view;
        self.view.width_px = self.state.gpu.config.width;
        self.view.height_px = self.state.gpu.config.height;
    }

    /// Current view.
    pub fn view(&self) -> View {
        self.view
    }

    /// Shows or hides the grid.
    pub fn set_grid(&mut self, on: bool) {
        self.grid = on;
    }

    /// Background colour (0..1 RGB).
    pub fn set_background(&mut self, rgb: [f32; 3]) {
        self.background = rgb;
    }

    /// Adds or replaces an image (straight-alpha RGBA8) under `path`.
    ///
    /// # Errors
    /// [`Error::BadImage`] for a malformed image or when the atlas would exceed the device's
    /// texture array limit.
    pub fn add_image(&mut self, path: &str, width: u32, height: u32, rgba: Vec<u8>) -> Result<()> {
        if path == WHITE_IMAGE {
            return Err(Error::BadImage {
                path: path.into(),
                reason: "this name is reserved".into(),
            });
        }
        let image = PremulImage::from_straight(path, width, height, rgba)?;
        let previous = self.images.insert(path.to_string(), image);
        let layout = pack(&self.images, self.max_page_px());
        if layout.pages > self.state.gpu.max_layers {
            match previous {
                Some(p) => self.images.insert(path.to_string(), p),
                None => self.images.remove(path),
            };
            return Err(Error::BadImage {
                path: path.into(),
                reason: format!(
                    "the images no longer fit in the GPU's {} texture layers; remove some first",
                    self.state.gpu.max_layers
                ),
            });
        }
        self.layout = layout;
        self.state.atlas = None;
        Ok(())
    }

    /// Removes an image; returns whether it existed.
    pub fn remove_image(&mut self, path: &str) -> bool {
        if path == WHITE_IMAGE || self.images.remove(path).is_none() {
            return false;
        }
        self.layout = pack(&self.images, self.max_page_px());
        self.state.atlas = None;
        true
    }

    /// Whether an image is known.
    pub fn has_image(&self, path: &str) -> bool {
        self.images.contains_key(path)
    }

    /// Atlas placement of an image (for building sprites).
    pub fn atlas_entry(&self, path: &str) -> Option<AtlasEntry> {
        self.layout.entry(path)
    }

    /// The current atlas layout.
    pub fn atlas_layout(&self) -> &AtlasLayout {
        &self.layout
    }

    /// Uploads a baked clip; the CPU copy is kept for rebuilding after a device loss.
    ///
    /// # Errors
    /// [`Error::BadClip`] when the clip is malformed or its frames do not fit in the GPU's
    /// largest data texture.
    pub fn add_clip(&mut self, clip: VertexClip, encoding: FrameEncoding) -> Result<ClipId> {
        clip.validate()?;
        let encoded = encode_frames(&clip, encoding);
        let (max_dim, max_layers) = (self.state.gpu.max_texture_px, self.state.gpu.max_layers);
        let too_big = |words: usize| Error::BadClip {
            name: clip.name.clone(),
            reason: format!(
                "its frames and colours need {words} texels, more than the GPU's largest data texture ({} × {max_dim} × {max_layers} layers)",
                crate::clip_pack::DATA_TEXTURE_WIDTH.min(max_dim)
            ),
        };
        let layouts = clip_layouts(&clip);
        let words = packed_words(&clip, &encoded, &layouts);
        if data_texture_size(words, max_dim, max_layers).is_none() {
            return Err(too_big(words));
        }
        let packed = pack_clip(&clip, &encoded, &layouts).ok_or_else(|| too_big(words))?;
        let id = ClipId(self.next_clip);
        self.next_clip += 1;
        self.clips.insert(
            id,
            ClipEntry {
                layouts,
                model_box: clip.bbox(),
                decode: (encoded.bbox_min, encoded.bbox_extent),
                encoding,
                packed,
                clip,
                gpu: None,
                trilinear: false,
            },
        );
        Ok(id)
    }

    /// Drops a clip; returns whether it existed.
    pub fn remove_clip(&mut self, id: ClipId) -> bool {
        self.clips.remove(&id).is_some()
    }

    /// Samples the clip's images trilinearly through mipmaps of the atlas (no shimmer when drawn
    /// much smaller than the images), or bilinearly from level 0 (the default). The atlas gets
    /// its mip chains while any clip wants them. `false` when there is no such clip.
    pub fn set_clip_trilinear(&mut self, id: ClipId, on: bool) -> bool {
        match self.clips.get_mut(&id) {
            Some(entry) => {
                entry.trilinear = on;
                true
            }
            None => false,
        }
    }

    /// Whether some clip samples trilinearly (the atlas then carries mip chains).
    fn wants_mipmaps(&self) -> bool {
        self.clips.values().any(|c| c.trilinear)
    }

    /// GPU bytes of a clip's frame buffers: `(largest frame, all frames)`.
    pub fn clip_memory(&self, id: ClipId) -> Option<(usize, usize)> {
        self.clips.get(&id).map(|e| e.clip.frame_memory(e.encoding))
    }
}
