//! The versioned scene document: types, defaults, loading (migration, validation) and saving.

mod color;
mod curve;
mod scene;
mod settings;
mod system;

pub use color::Rgb;
pub use curve::{ColorKey, Curve, CurveKey, Gradient};
pub use scene::{DOCUMENT_VERSION, ImageAsset, ModelObject, Scene, SkeletonObject};
pub use settings::{CurveKind, ExportSettings, SpineVersion};
pub use system::{
    BlendMode, Burst, EmitterShape, Flipbook, FlipbookMode, LoopAnimations, ParticleSystem, PlayMode,
    Range, SimulationSpace, TexturePick, Transform2D,
};
