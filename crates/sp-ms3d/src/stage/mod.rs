//! Models placed in a scene and posed at the scene time: the state the editor keeps per model
//! file (its clips, baked and handed to a renderer) and per scene object (the document's
//! `models[]` entries), with no renderer of its own. The GPU side is a type parameter `C`: the
//! handle the caller's renderer gave a baked clip (`sp_render::ClipId` in the editor).
//!
//! Why here and not in a crate of its own: the stage plays nothing but this crate's clips,
//! markers, rig and bakes, and takes its clock from `sp_sim::time` as the baker already does; a
//! separate crate would only re-export them. It stays a core module: no renderer, no browser.
//!
//! - **Files** ([`ModelStage::add_model`], `load.rs`): a `.ms3d` is parsed, rigged, every clip
//!   baked into vertex frames ([`crate::bake_clip`]) and uploaded to the caller's [`ClipSink`], under
//!   the content key the document refers to (`models[].key`). Adding a key again replaces it.
//! - **Objects** ([`ModelStage::set_objects`]): the document's model objects, in order.
//! - **Pose at scene time `t`** ([`ModelStage::pose`], `pose.rs`), for every visible object
//!   whose file is loaded, with clip `c` (its `clip` by name, empty = the first), duration
//!   `D = c.duration_secs()` and baked frame count `n` at `bake_fps`:
//!
//!   ```text
//!   u      = t · speed                               clip time, unwrapped
//!   u'     = wrap_secs(u, D)      when loop          (sp_sim::time: [0, D))
//!          = clamp(u, 0, D)       otherwise
//!   frames = Timebase(bake_fps).frame_pair(u', n, Clamp)   (a, b, blend of b)
//!   ```
//!
//!   The clip baked its end point as its last frame, so wrapping by `D` then clamping plays a
//!   loop seamlessly (the `sp_sim::time` rule). `t` is the scene timeline's time: scrubbing the
//!   timeline poses the models; no wall clock is read.
//! - **Placement** (`placement.rs`): `model_to_scene = T(x, y) · R(rotation_deg, clockwise on
//!   screen) · S(scaleX, scaleY, √|scaleX·scaleY|) · E(up axis, pixels per unit)` with `E` =
//!   [`crate::UpAxis::editor_matrix`]; a negative scale flips. The default pixels per unit
//!   makes the bind pose 240 scene pixels across its larger projected side.
//! - **Markers** ([`ModelStage::frame`]): when the scene time moves forward from `t₀` to `t₁`,
//!   every marker of the playing clip (the file's and the object's `markers`) crossed by clip
//!   time `(t₀·speed, t₁·speed]` raises a [`MarkerEvent`] ([`crate::Clip::crossed_markers`];
//!   the first frame starts just before 0, so a marker on the clip's first frame fires).
//!   Moving backwards (a seek, the timeline starting over) raises none.

mod load;
mod placement;
mod pose;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sp_sim::document::ModelObject;
use ts_rs::TS;

use crate::{Clip, Interp, UpAxis};

pub use load::{ClipSink, ClipUpload, GroupUse, LoadError, LoadOptions, Uploaded, find_texture};
pub use placement::placement;
pub use pose::Posed;

/// Most marker events kept between two [`ModelStage::take_events`] calls (older ones go).
pub const MAX_PENDING_EVENTS: usize = 1000;
/// Pixels the default scale makes the bind pose's larger projected side.
pub const DEFAULT_EXTENT_PX: f32 = 240.0;

/// One baked clip of a loaded model.
#[derive(Debug, Clone)]
pub struct StagedClip<C> {
    /// The clip (name, frame range, the file's markers).
    pub clip: Clip,
    /// The renderer's handle of its baked frames.
    pub id: C,
    /// Baked frames (the end point included).
    pub frames: usize,
    /// Bake rate, frames per second.
    pub bake_fps: f32,
    /// Bytes of one frame as uploaded.
    pub bytes_per_frame: usize,
    /// Bytes of the whole clip as uploaded (frames, indices, UVs).
    pub bytes_total: usize,
}

/// The element counts of a model file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Vertices.
    pub vertices: usize,
    /// Triangles.
    pub triangles: usize,
    /// Groups.
    pub groups: usize,
    /// Materials.
    pub materials: usize,
    /// Joints.
    pub joints: usize,
}

/// A loaded model file.
#[derive(Debug, Clone)]
pub struct LoadedModel<C> {
    /// File name (as dropped).
    pub name: String,
    /// Element counts.
    pub counts: Counts,
    /// Every clip, baked.
    pub clips: Vec<StagedClip<C>>,
    /// Up axis the file was loaded with (an object's `upAxis` overrides it when set).
    pub up_axis: UpAxis,
    /// Scene pixels per model unit.
    pub pixels_per_unit: f32,
    /// Groups with the material, texture and image each draws with.
    pub groups: Vec<GroupUse>,
    /// Repairs made while parsing, with their codes (a group whose texture was not found is a
    /// [`GroupUse`] with a `texture` and no `image`).
    pub warnings: Vec<sp_sim::Diagnostic>,
}

impl<C> LoadedModel<C> {
    /// The clip an object plays: `name`, or the first clip when `name` is empty.
    pub fn clip_named(&self, name: &str) -> Option<&StagedClip<C>> {
        if name.is_empty() {
            self.clips.first()
        } else {
            self.clips.iter().find(|c| c.clip.name == name)
        }
    }
}

/// A marker crossed while the scene played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MarkerEvent {
    /// Name of the model object (`models[].name`).
    pub object: String,
    /// Clip name.
    pub clip: String,
    /// Marker name.
    pub marker: String,
}

/// The models of a scene (see the module docs). `C` is the renderer's clip handle.
#[derive(Debug, Clone)]
pub struct ModelStage<C> {
    models: BTreeMap<String, LoadedModel<C>>,
    objects: Vec<ModelObject>,
    last_time_secs: Option<f64>,
    events: Vec<MarkerEvent>,
    dropped_events: usize,
    posed: Vec<Posed<C>>,
}

impl<C> Default for ModelStage<C> {
    fn default() -> Self {
        ModelStage {
            models: BTreeMap::new(),
            objects: Vec::new(),
            last_time_secs: None,
            events: Vec::new(),
            dropped_events: 0,
            posed: Vec::new(),
        }
    }
}

impl<C: Copy> ModelStage<C> {
    /// The loaded model of file key `key`.
    pub fn model(&self, key: &str) -> Option<&LoadedModel<C>> {
        self.models.get(key)
    }

    /// Keys of the loaded models, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.models.keys().map(String::as_str)
    }

    /// Forgets the model of `key`; returns its clip handles (for the caller's renderer to free),
    /// `None` when there was none.
    pub fn remove_model(&mut self, key: &str) -> Option<Vec<C>> {
        self.models
            .remove(key)
            .map(|m| m.clips.iter().map(|c| c.id).collect())
    }

    /// The scene's model objects (the document's `models`), in order.
    pub fn set_objects(&mut self, objects: &[ModelObject]) {
        self.objects = objects.to_vec();
    }

    /// The objects set last.
    pub fn objects(&self) -> &[ModelObject] {
        &self.objects
    }

    /// Marker events raised since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<MarkerEvent> {
        std::mem::take(&mut self.events)
    }

    /// Events waiting for [`ModelStage::take_events`].
    pub fn pending_events(&self) -> usize {
        self.events.len()
    }

    /// Events dropped because more than [`MAX_PENDING_EVENTS`] were waiting.
    pub fn dropped_events(&self) -> usize {
        self.dropped_events
    }
}

/// The options a model file is loaded with by default (30 fps, Hermite keys, Y up, auto scale).
impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            fps: 30.0,
            interp: Interp::Hermite,
            up_axis: UpAxis::Y,
            pixels_per_unit: None,
            images: Vec::new(),
        }
    }
}
