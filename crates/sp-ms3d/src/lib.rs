//! MilkShape 3D (`.ms3d`) models for SpineParticle: an exact, defensive parser ([`parse`]), a
//! writer and builder for synthetic test models ([`writer`]), skeletal pose evaluation and CPU
//! skinning as MilkShape does it ([`Rig`]), named clips and frame markers ([`Clip`],
//! [`Marker`]), and baking of a clip into vertex frames for GPU playback by buffer switching
//! ([`bake_clip`], [`BakedClip`]).
//!
//! The byte layout is `docs/reference/ms3d-format.md`. Parsing never panics and never
//! allocates by a count it has not checked against the bytes left; repairs come back as
//! [`Warning`]s.
//!
//! ```
//! let model = sp_ms3d::writer::synth::synth_model(8, 1);
//! let bytes = sp_ms3d::writer::write(&model)?;
//! let parsed = sp_ms3d::parse(&bytes)?;
//! assert_eq!(parsed.bytes_consumed, bytes.len());
//! let rig = sp_ms3d::Rig::new(&parsed.model)?;
//! let clips = sp_ms3d::model_clips(&parsed.model, rig.last_key_frame());
//! let baked = sp_ms3d::bake_clip(&parsed.model, &rig, &clips[0], &sp_ms3d::BakeOptions::default())?;
//! use sp_sim::time::{Playback, wrap_secs};
//! let t = wrap_secs(0.25, f64::from(baked.duration_secs));
//! let pair = baked.timebase().frame_pair(t, baked.frame_count() as u32, Playback::Clamp);
//! assert!(pair.blend >= 0.0 && pair.blend < 1.0);
//! # Ok::<(), sp_ms3d::Error>(())
//! ```

mod aabb;
mod bake;
mod clip;
mod cursor;
mod error;
mod hierarchy;
mod info;
mod markers;
mod mesh;
mod model;
mod parse;
mod project;
mod rig;
mod section;
pub mod stage;
mod tail;
mod text;
mod warning;
pub mod writer;

pub use aabb::Aabb;
pub use bake::{
    BakeOptions, BakedClip, DrawRange, FramePositions, MAX_BAKED_BYTES, MAX_BAKED_FRAMES, bake_clip,
};
pub use clip::{Clip, clips_from_comment, model_clips};
pub use error::{ERROR_CODES, Error, Result};
pub use hierarchy::{Hierarchy, resolve_parents};
pub use info::{BboxInfo, GroupInfo, JointInfo, MaterialInfo, ModelInfo, SectionsInfo};
pub use markers::Marker;
pub use model::{
    Comments, Group, IndexedComment, Joint, JointExtra, Key, Material, Model, ModelExtra,
    NAME_BYTES, PATH_BYTES, Triangle, Vertex, VertexExtra, VertexWeights, vertex_extra_stride,
};
pub use parse::{
    GROUP_MIN_BYTES, JOINT_MIN_BYTES, KEY_BYTES, MATERIAL_BYTES, Parsed, TRIANGLE_BYTES,
    VERTEX_BYTES, parse,
};
pub use project::UpAxis;
pub use rig::{Influence, Interp, Rig, euler_to_quat, influences};
pub use section::Section;
pub use warning::{CommentAbout, WARNING_CODES, Warning, WarningKind};
