//! The typed answers of the `Editor`'s JSON-returning methods (`stats`, `vertexClipInfo`, the
//! model methods): plain structs, so that their TypeScript declarations are generated
//! (`web/generated/contract.ts`) and the JSON cannot drift from them.

use serde::Serialize;
use ts_rs::TS;

/// One system's line of [`EditorStats`].
#[derive(Clone, Debug, Serialize, TS)]
pub struct SystemStats {
    /// Live particles.
    pub live: usize,
    /// The system's name.
    pub name: String,
}

/// `Editor.stats()`: the last frame's work and the renderer's state.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EditorStats {
    /// Live particles in all systems.
    pub live_particles: usize,
    /// Per system, in scene order.
    pub systems: Vec<SystemStats>,
    /// CPU time of the last frame (simulation since the previous `render()` + `render()`), ms.
    pub frame_cpu_ms: f64,
    /// Exponential average (0.9) of `frameCpuMs`.
    pub frame_cpu_ms_avg: f64,
    /// Simulation part of the last frame, ms.
    pub sim_ms: f64,
    /// `render()` part of the last frame, ms.
    pub render_ms: f64,
    /// Sprites drawn.
    pub sprites: u32,
    /// Trail ribbons drawn.
    pub ribbons: u32,
    /// Draw calls issued.
    pub draw_calls: u32,
    /// Clip instances drawn.
    pub clip_instances: u32,
    /// Whether the last frame was presented.
    pub presented: bool,
    /// `WebGPU` or `WebGL2`.
    pub renderer: String,
    /// Why WebGPU was not used, when it was not.
    pub fallback_reason: Option<String>,
    /// Image references the scene uses that are not loaded.
    pub missing_images: Vec<String>,
    /// Drawing is paused while the GPU context is lost or being rebuilt.
    pub context_lost: bool,
    /// Device rebuilds since the start.
    pub rebuilds: u32,
    /// Why the last rebuild failed.
    pub rebuild_error: Option<String>,
    /// The last GPU validation error.
    pub gpu_error: Option<String>,
}

/// `Editor.vertexClipInfo(id)`: GPU memory of a clip's frames.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClipMemory {
    /// Bytes of the largest frame.
    pub bytes_per_frame: usize,
    /// Bytes of all frames.
    pub total_bytes: usize,
}

/// Counts of a loaded model.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct ModelCounts {
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

/// One clip of a model as `addModel` (with its memory) and `modelClips` (with its markers)
/// describe it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ModelClipInfo {
    /// Clip name.
    pub name: String,
    /// Baked frames.
    pub frames: usize,
    /// Bake rate, frames per second.
    pub fps: f64,
    /// Clip length, seconds.
    pub duration_secs: f64,
    /// First model frame.
    pub start_frame: f64,
    /// Last model frame.
    pub end_frame: f64,
    /// Bytes of one frame on the GPU (`addModel`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bytes_per_frame: Option<usize>,
    /// Bytes of all frames, indices and UVs (`addModel`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bytes_total: Option<usize>,
    /// Markers (`modelClips`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub markers: Option<Vec<sp_ms3d::Marker>>,
}

/// GPU memory of a model's clips.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ModelMemory {
    /// `unorm16x4` or `float32x3`.
    pub encoding: String,
    /// Bytes per vertex per frame.
    pub bytes_per_vertex_per_frame: usize,
    /// Bytes of one frame of every clip together.
    pub bytes_per_frame: usize,
    /// Bytes of everything.
    pub bytes_total: usize,
}

/// A group whose texture was not dropped with the model (drawn with its flat colour).
#[derive(Clone, Debug, Serialize, TS)]
pub struct ModelGroupInfo {
    /// Group name.
    pub name: String,
    /// Material index, if any.
    pub material: Option<usize>,
    /// The material's texture file name, if any.
    pub texture: Option<String>,
    /// The registered image used, if found.
    pub image: Option<String>,
    /// Flat colour, straight RGBA 0..1.
    pub color: [f64; 4],
}

/// `Editor.addModel(…)`: the model as loaded.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AddedModel {
    /// The key it was loaded under (`models[].key`).
    pub key: String,
    /// Name (the file name given).
    pub name: String,
    /// Counts.
    pub counts: ModelCounts,
    /// Clips, baked and uploaded.
    pub clips: Vec<ModelClipInfo>,
    /// GPU memory.
    pub memory: ModelMemory,
    /// Scene pixels per model unit.
    pub pixels_per_unit: f64,
    /// Groups drawn without their texture.
    pub groups: Vec<ModelGroupInfo>,
    /// Parse and texture warnings, English.
    pub warnings: Vec<String>,
    /// The same warnings with their codes and parameters (`ms3d.warning.*` with the section
    /// and byte, `wasm.warning.textureNotDropped`), for the UI's zh/en wording.
    pub warning_details: Vec<sp_sim::Diagnostic>,
}

/// `Editor.modelStats()`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ModelStats {
    /// Models loaded.
    pub models: usize,
    /// Model objects drawn in the last frame.
    pub instances: usize,
    /// Marker events waiting for `modelEvents()`.
    pub pending_events: usize,
    /// Marker events dropped because nobody read them.
    pub dropped_events: usize,
    /// Keys of the models loaded, sorted.
    pub keys: Vec<String>,
}

/// `Editor.timelineInfo()`: the core's timeline of the current scene
/// (`sp_sim::sim::SceneTimeline`).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TimelineInfo {
    /// Length of the timeline, seconds.
    pub length_secs: f64,
    /// Export frame rate of the segments (`null` without segments).
    pub fps: Option<u32>,
    /// Start | loop | end with their exported animation names; empty without visible
    /// loop-continuous systems.
    pub segments: Vec<sp_sim::sim::looping::TimelineSegment>,
}

/// One entry of `Editor.animationsAt(t)`: the exported animation a loop-continuous system
/// shows at `t` and the time into it (`null` in the list: a one-shot system, which plays its
/// animation at `t`).
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AnimationAt {
    /// Which segment's animation.
    pub kind: sp_sim::sim::SegmentKind,
    /// Time into that animation, seconds.
    pub local_secs: f64,
}

/// `Editor.effectExtent()`: the box the visible systems' particles cover over the timeline,
/// scene pixels, y down (`sp_sim::sim::extent`; particle centres, without the sprites' reach).
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EffectExtent {
    /// Left edge.
    pub min_x: f64,
    /// Top edge.
    pub min_y: f64,
    /// Right edge.
    pub max_x: f64,
    /// Bottom edge.
    pub max_y: f64,
}
