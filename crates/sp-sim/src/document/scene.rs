//! The scene document: everything the editor saves, shares and exports.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::collider::Collider;
use super::instance::ExtraInstance;
use super::path::PathObject;
use super::settings::ExportSettings;
use super::system::{ParticleSystem, Transform2D};

/// Current document version. Older documents are migrated on load; newer ones are refused.
pub const DOCUMENT_VERSION: u32 = 1;

/// Default grid steps per second of particle age.
pub const DEFAULT_SUBSTEPS_PER_SEC: u32 = 240;
/// Fewest grid steps per second.
pub const MIN_SUBSTEPS_PER_SEC: u32 = 30;
/// Most grid steps per second.
pub const MAX_SUBSTEPS_PER_SEC: u32 = 1920;

fn is_default_substeps(v: &u32) -> bool {
    *v == DEFAULT_SUBSTEPS_PER_SEC
}

/// An image the scene refers to, with its pixel size when known (the export writes real sizes).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ImageAsset {
    /// Reference used by systems: `builtin:NAME` or a relative path with `/` (e.g. `fx/fire_01.png`).
    pub path: String,
    /// Width in pixels (0 when unknown).
    pub width: u32,
    /// Height in pixels (0 when unknown).
    pub height: u32,
}

/// A loaded Spine skeleton placed in the scene (never exported; particles may follow its bones).
///
/// The skeleton's files (skeleton bytes, atlas, page images) are not in the document: the editor
/// keeps them in browser storage under [`SkeletonObject::key`], so the document stays small and
/// shareable. Instances are drawn at `transform.x/y` and at each of `extraInstances`, each turned
/// and scaled about its own position: the first by the transform's rotation and scale, an extra
/// instance by its own when it has them (`[x, y, rotationDeg, scaleX, scaleY]`), else by the
/// transform's (`[x, y]`); a particle system following one of its bones follows the instance it
/// names (`follow.instance`) so placed (its offset added after, in scene pixels).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct SkeletonObject {
    /// Display name, unique among the scene's skeletons (particle systems follow a skeleton by
    /// name).
    pub name: String,
    /// Skeleton file path relative to the scene (`.json` or `.skel`).
    pub path: String,
    /// Atlas path relative to the scene.
    pub atlas: String,
    /// Key under which the editor stores the skeleton's files (a content digest; empty when the
    /// files are not stored).
    pub key: String,
    /// Placement of the first instance: drawn at (x, y), scene pixels, turned (clockwise
    /// rotation) and scaled (per axis, a negative scaleX mirrors) about that position:
    /// scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my), y down. Extra instances without their own
    /// rotation and scale take this one's.
    pub transform: Transform2D,
    /// Animation playing.
    pub animation: String,
    /// Skin shown (empty: the default skin).
    pub skin: String,
    /// Eye icon.
    pub visible: bool,
    /// Scale applied while loading the skeleton (spine-core's loader scale; a new bake). The
    /// drawn instances' scale is their placement's (the transform's, or an extra instance's own).
    pub scale: f32,
    /// Playback speed multiplier against the scene timeline.
    pub speed: f32,
    /// Loop the animation (else it holds its last pose).
    #[serde(rename = "loop")]
    pub looping: bool,
    /// Samples per second of the vertex-frame bake.
    pub bake_fps: u32,
    /// The instances after the first one: `[x, y]` (scene pixels; turned and scaled like the
    /// first) or `[x, y, rotationDeg, scaleX, scaleY]` (its own rotation and scale), see
    /// [`ExtraInstance`].
    pub extra_instances: Vec<ExtraInstance>,
    /// Sample the atlas pages trilinearly through mipmaps (no shimmer when drawn small).
    pub mipmaps: bool,
}

impl Default for SkeletonObject {
    fn default() -> Self {
        SkeletonObject {
            name: String::new(),
            path: String::new(),
            atlas: String::new(),
            key: String::new(),
            transform: Transform2D::default(),
            animation: String::new(),
            skin: String::new(),
            visible: true,
            scale: 1.0,
            speed: 1.0,
            looping: true,
            bake_fps: 30,
            extra_instances: Vec::new(),
            mipmaps: false,
        }
    }
}

/// A MilkShape 3D model placed in the scene (never exported).
///
/// Like a skeleton, the model's file is not in the document: the editor keeps the `.ms3d` (and
/// the texture images dropped with it) in browser storage under [`ModelObject::key`], a content
/// digest, so the document stays small and shareable. The model is posed at the scene time:
/// clip time `t·speed`, wrapped by the clip's duration when `loop`, else held at its ends (see
/// `sp_ms3d::stage`). Its name is its identity in the scene: unique among the models.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ModelObject {
    /// Display name, unique among the scene's models.
    pub name: String,
    /// `.ms3d` path relative to the scene.
    pub path: String,
    /// Key under which the editor stores the model's files (a content digest; empty when the
    /// file is not stored).
    pub key: String,
    /// Placement (orthographic view of the model): position in scene pixels, clockwise
    /// rotation, scale per axis (a negative scale flips).
    pub transform: Transform2D,
    /// Clip name playing (empty: the model's first clip).
    pub clip: String,
    /// Playback speed multiplier against the scene timeline.
    pub speed: f32,
    /// Loop the clip (else it holds its last pose).
    #[serde(rename = "loop")]
    pub looping: bool,
    /// Source up axis: `y` or `z` (empty: `y`).
    pub up_axis: String,
    /// Eye icon.
    pub visible: bool,
    /// Markers placed on the clips' frames in the editor (besides those of the file).
    pub markers: Vec<ModelMarker>,
}

impl Default for ModelObject {
    fn default() -> Self {
        ModelObject {
            name: String::new(),
            path: String::new(),
            key: String::new(),
            transform: Transform2D::default(),
            clip: String::new(),
            speed: 1.0,
            looping: true,
            up_axis: String::new(),
            visible: true,
            markers: Vec::new(),
        }
    }
}

/// A named marker on a frame of one of a model's clips: crossing it while the scene plays
/// raises an event.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ModelMarker {
    /// Clip name.
    pub clip: String,
    /// Marker name (1 to 64 characters).
    pub name: String,
    /// Model frame (1-based, within the clip's range).
    pub frame: f32,
}

/// The whole scene document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Scene {
    /// Document version ([`DOCUMENT_VERSION`] when written by this build).
    pub version: u32,
    /// The project's 所属动画 names, in order.
    pub animations: Vec<String>,
    /// Particle systems, in draw order (first is drawn first, i.e. at the back).
    pub systems: Vec<ParticleSystem>,
    /// Images referenced by the systems, with their sizes.
    pub images: Vec<ImageAsset>,
    /// Export settings.
    pub export: ExportSettings,
    /// Loaded Spine skeletons (not exported).
    pub skeletons: Vec<SkeletonObject>,
    /// Loaded MS3D models (not exported).
    pub models: Vec<ModelObject>,
    /// Grid steps per second of particle age for systems whose motion is integrated (forces
    /// other than constant wind and drag; see [`crate::sim::integrate`]). Closed-form systems
    /// ignore it. Left out of saved documents at its default.
    #[serde(skip_serializing_if = "is_default_substeps")]
    #[ts(as = "Option<u32>", optional)]
    pub substeps_per_sec: u32,
    /// Colliders (never exported; their effect is baked, [`super::collider`]). Left out of saved
    /// documents when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<Collider>>", optional)]
    pub colliders: Vec<Collider>,
    /// Paths systems travel along (never exported; [`super::path`]). Left out of saved documents
    /// when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<PathObject>>", optional)]
    pub paths: Vec<PathObject>,
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            version: DOCUMENT_VERSION,
            animations: vec!["animation".into()],
            systems: Vec::new(),
            images: Vec::new(),
            export: ExportSettings::default(),
            skeletons: Vec::new(),
            models: Vec::new(),
            substeps_per_sec: DEFAULT_SUBSTEPS_PER_SEC,
            colliders: Vec::new(),
            paths: Vec::new(),
        }
    }
}
