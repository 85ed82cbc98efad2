//! The versioned scene document: types, defaults, loading (migration, validation) and saving.

pub mod collider;
mod color;
mod curve;
mod default_scene;
mod emission;
mod in_frame;
mod instance;
mod io;
mod json_path;
pub mod migrate;
pub mod path;
mod scene;
pub mod schema;
mod settings;
mod system;
pub mod validate;

pub use crate::behaviour::{
    Attractor, CentreSpace, Collision, CollisionResponse, Drag, Falloff, Force, OverLife,
    PathFollow, PathFollowMode, PathRepeat, PathStart, PathTiming, RotationMode, SpeedLimit, Trail,
    Turbulence, Vortex, Wind,
};
pub use collider::{Collider, ColliderShape};
pub use color::Rgb;
pub use curve::{ColorKey, Curve, CurveKey, Gradient, Interp};
pub use default_scene::default_scene;
pub use emission::{Burst, EmitterShape};
pub use instance::{ExtraInstance, InstanceTurn};
pub use io::{MAX_DOCUMENT_BYTES, load_scene, save_scene};
pub use path::{BezierHandles, PathKind, PathObject};
pub use scene::{
    DEFAULT_SUBSTEPS_PER_SEC, DOCUMENT_VERSION, ImageAsset, MAX_SUBSTEPS_PER_SEC,
    MIN_SUBSTEPS_PER_SEC, ModelMarker, ModelObject, Scene, SkeletonObject,
};
pub use schema::{CurveAxis, FieldKind, FieldSchema, FieldSpec, SchemaField, Unit, field_schema};
pub use settings::{CurveKind, ExportSettings, SpineVersion};
pub use system::{
    BlendMode, DrawOrder, Flipbook, FlipbookMode, FollowBone, LoopAnimations, ParticleSystem,
    PlayMode, Range, SimulationSpace, TexturePick, Transform2D,
};
