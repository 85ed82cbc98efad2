//! One particle system of the scene: every property the editor panel shows.
//!
//! Editor conventions (DESIGN.md): pixels, y down, rotation in degrees clockwise. Every field has
//! a default, so a partial JSON object loads (旧配置默认值补齐).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::color::Rgb;
use super::curve::{Curve, Gradient};
use super::emission::{Burst, EmitterShape};
use crate::behaviour::{Collision, Force, OverLife, PathFollow, RotationMode, Trail};

/// A closed range `[min, max]` from which a value is drawn uniformly per particle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Range {
    /// Smallest value.
    pub min: f32,
    /// Largest value.
    pub max: f32,
}

impl Range {
    /// `[min, max]`.
    pub const fn new(min: f32, max: f32) -> Range {
        Range { min, max }
    }
    /// `[v, v]`.
    pub const fn fixed(v: f32) -> Range {
        Range { min: v, max: v }
    }
    /// `min + (max − min)·u` for `u ∈ [0, 1)`.
    pub fn lerp(self, u: f32) -> f32 {
        self.min + (self.max - self.min) * u
    }
}

/// Position, rotation and scale of a system (its emitter and, in local space, its particles).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Transform2D {
    /// X in scene pixels (right).
    pub x: f32,
    /// Y in scene pixels (down).
    pub y: f32,
    /// Rotation in degrees, clockwise on screen.
    pub rotation_deg: f32,
    /// Horizontal scale.
    pub scale_x: f32,
    /// Vertical scale.
    pub scale_y: f32,
}

impl Default for Transform2D {
    fn default() -> Self {
        Transform2D {
            x: 0.0,
            y: 0.0,
            rotation_deg: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
        }
    }
}

/// How a system plays over time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PlayMode {
    /// Emits for `durationSecs` once, then lets the living particles finish (one animation,
    /// the system's `animation`).
    #[default]
    OneShot,
    /// 循环持续: emits forever. Exported as three animations (start, loop of `durationSecs`,
    /// end) named by `loopAnimations`.
    LoopContinuous,
}

/// Names of the three animations a [`PlayMode::LoopContinuous`] system exports into.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct LoopAnimations {
    /// Start segment (warm-up from empty).
    pub start: String,
    /// Pure loop segment (seamless).
    #[serde(rename = "loop")]
    pub looping: String,
    /// End segment (emission stops, the living finish).
    pub end: String,
}

impl Default for LoopAnimations {
    fn default() -> Self {
        LoopAnimations {
            start: "start".into(),
            looping: "loop".into(),
            end: "end".into(),
        }
    }
}

/// How a particle picks its image among `textures` when there is no flipbook.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TexturePick {
    /// Uniformly at random per particle (seeded).
    #[default]
    Random,
    /// Cycling through the list in spawn order.
    InOrder,
}

/// Flipbook playback modes (the four of the export spec §8.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum FlipbookMode {
    /// 单次-尾帧消失: plays once, then the particle is hidden (fake death) until it dies.
    OnceVanish,
    /// 单次-尾帧固定: plays once, then holds the last frame.
    OnceHold,
    /// 正向循环: loops forward.
    #[default]
    Loop,
    /// 反向循环: loops backward (last frame first).
    ReverseLoop,
}

/// Flipbook: when enabled, `textures` are the frames, in order, played at `fps`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct Flipbook {
    /// Whether `textures` play as a flipbook (otherwise one texture per particle).
    pub enabled: bool,
    /// Frames per second of the flipbook.
    pub fps: f32,
    /// Playback mode.
    pub mode: FlipbookMode,
}

impl Default for Flipbook {
    fn default() -> Self {
        Flipbook {
            enabled: false,
            fps: 12.0,
            mode: FlipbookMode::Loop,
        }
    }
}

/// Slot blend modes, with Spine's premultiplied-alpha semantics (the preview uses the same
/// equations as the Spine runtimes so export = preview).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum BlendMode {
    /// Source-over.
    #[default]
    Normal,
    /// Adds light.
    Additive,
    /// Multiplies the destination.
    Multiply,
    /// Screen.
    Screen,
}

/// How one system's particles stack where they overlap (export spec §16.3 "绘制顺序"): the
/// preview draws them in this order and the export keeps it (slot order, `drawOrder` keys).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum DrawOrder {
    /// The newest particle is drawn last, over the older ones (oldest at the back).
    #[default]
    NewestOnTop,
    /// The oldest particle is drawn last, over the newer ones (newest at the back).
    OldestOnTop,
}

impl DrawOrder {
    /// True for the default ([`DrawOrder::NewestOnTop`]), which documents do not write.
    pub fn is_default(&self) -> bool {
        *self == DrawOrder::NewestOnTop
    }
}

/// Whether particles move with their system after birth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum SimulationSpace {
    /// Particles live in the system's space: moving the system moves them.
    Local,
    /// Particles are released into the scene: later system motion does not move them.
    #[default]
    World,
}

/// Following a bone of a loaded Spine skeleton (export spec §10.4): the system's position is
/// the bone's scene position plus the offset; its rotation and scale stay its own. When the
/// skeleton, bone or instance is not loaded, the system falls back to its own transform.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct FollowBone {
    /// Name of the skeleton object (`skeletons[].name`).
    pub skeleton: String,
    /// Bone name in that skeleton.
    pub bone: String,
    /// Which placed instance of the skeleton: 0 is the first (`transform.x/y`), `n` is
    /// `extraInstances[n − 1]` (absent: 0, and written only when not 0, so documents that
    /// follow the first instance read and write as before). An instance the skeleton does not
    /// have (yet) is not an error: the system falls back to its own transform.
    #[serde(skip_serializing_if = "is_first_instance")]
    #[ts(as = "Option<u32>", optional)]
    pub instance: u32,
    /// Horizontal offset from the bone, scene pixels (right).
    pub offset_x: f32,
    /// Vertical offset from the bone, scene pixels (down).
    pub offset_y: f32,
}

/// Whether `instance` is the first instance (left out of the JSON).
fn is_first_instance(instance: &u32) -> bool {
    *instance == 0
}

/// One particle system.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct ParticleSystem {
    /// Display name (user text; never interpreted as markup).
    pub name: String,
    /// Eye icon: hidden systems are neither drawn nor exported.
    pub visible: bool,
    /// 所属动画: the animation a one-shot system exports into.
    pub animation: String,
    /// Names of the three animations of a loop-continuous system.
    pub loop_animations: LoopAnimations,
    /// Seed of the system's own PRNG.
    pub seed: u32,
    /// System transform.
    pub transform: Transform2D,
    /// Where the particles live after birth.
    pub space: SimulationSpace,
    /// One-shot or loop-continuous.
    pub mode: PlayMode,
    /// One-shot: emission length; loop-continuous: length of the pure loop.
    pub duration_secs: f32,
    /// Seconds before emission starts.
    pub delay_secs: f32,
    /// Emitter shape.
    #[serde(deserialize_with = "super::in_frame::one")]
    pub emitter: EmitterShape,
    /// Continuous emission, particles per second.
    pub rate_per_sec: f32,
    /// Emission rate multiplier over each emission cycle (`x = time since the cycle's start /
    /// durationSecs`; empty: 1). Formula in [`crate::sim::schedule`].
    #[serde(skip_serializing_if = "Curve::is_empty")]
    #[ts(as = "Option<Curve>", optional)]
    pub rate_curve: Curve,
    /// Bursts.
    pub bursts: Vec<Burst>,
    /// Most particles alive at once; emission beyond it is dropped.
    pub max_particles: u32,
    /// Lifetime in seconds.
    pub lifetime_secs: Range,
    /// Initial speed in pixels per second.
    pub speed: Range,
    /// Emission direction in degrees, clockwise from +x (so 270 is straight up on screen).
    pub direction_deg: f32,
    /// Full spread angle in degrees around the direction.
    pub spread_deg: f32,
    /// Gravity in pixels per second² (y down: positive y falls).
    pub gravity: [f32; 2],
    /// Linear damping per second: `v' = −damping·v`.
    pub damping: f32,
    /// Initial rotation in degrees (clockwise).
    pub start_rotation_deg: Range,
    /// Angular velocity in degrees per second (clockwise).
    pub angular_velocity_deg: Range,
    /// Turn each particle along its velocity: the start rotation and spin are then added to the
    /// direction of motion (sparks, rain streaks). Kept for older documents: `true` means
    /// `rotationMode: "velocity"`.
    pub align_to_velocity: bool,
    /// How the start rotation is chosen and whether it follows the motion
    /// ([`crate::behaviour::rotation`]).
    #[serde(skip_serializing_if = "RotationMode::is_default")]
    #[ts(as = "Option<RotationMode>", optional)]
    pub rotation_mode: RotationMode,
    /// Initial scale multiplier.
    pub start_scale: Range,
    /// Scale over life, multiplied with the start scale.
    pub scale_curve: Curve,
    /// Colour over life.
    pub color_gradient: Gradient,
    /// Alpha over life, 0..1.
    pub alpha_curve: Curve,
    /// Speed, spin, size X/Y and gravity over life ([`crate::behaviour::over_life`]).
    #[serde(skip_serializing_if = "OverLife::is_empty")]
    #[ts(as = "Option<OverLife>", optional)]
    pub over_life: OverLife,
    /// Forces, applied in order ([`crate::behaviour`]); empty before issue 10.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::in_frame::list"
    )]
    #[ts(as = "Option<Vec<Force>>", optional)]
    pub forces: Vec<Force>,
    /// Image references: built-ins as `builtin:NAME`, user images by relative path.
    pub textures: Vec<String>,
    /// How a particle picks among `textures` without a flipbook.
    pub texture_pick: TexturePick,
    /// Flipbook over `textures`.
    pub flipbook: Flipbook,
    /// Image anchor, 0..1 from the image's top-left, y down (Pixi-style).
    pub anchor: [f32; 2],
    /// Slot blend mode.
    pub blend: BlendMode,
    /// Stacking of overlapping particles (absent from documents that keep the default, newest on
    /// top).
    #[serde(skip_serializing_if = "DrawOrder::is_default")]
    #[ts(as = "Option<DrawOrder>", optional)]
    pub draw_order: DrawOrder,
    /// The bone this system follows, if any (absent from documents that follow nothing).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub follow: Option<FollowBone>,
    /// How the particles respond to the scene's colliders ([`crate::behaviour::collision`];
    /// absent from documents that keep the default).
    #[serde(skip_serializing_if = "Collision::is_default")]
    #[ts(as = "Option<Collision>", optional)]
    pub collision: Collision,
    /// The path the emitter or the particles travel, if any
    /// ([`crate::behaviour::path_follow`]; absent from documents that follow none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub path_follow: Option<PathFollow>,
    /// Trails ([`crate::behaviour::trail`]; absent from documents that never set them).
    #[serde(skip_serializing_if = "Trail::is_default")]
    #[ts(as = "Option<Trail>", optional)]
    pub trail: Trail,
}

impl ParticleSystem {
    /// The rotation mode in effect: `alignToVelocity: true` (older documents) is
    /// [`RotationMode::Velocity`].
    pub fn effective_rotation_mode(&self) -> RotationMode {
        if self.align_to_velocity {
            RotationMode::Velocity
        } else {
            self.rotation_mode
        }
    }
}

impl Default for ParticleSystem {
    fn default() -> Self {
        ParticleSystem {
            name: "ParticleSystem".into(),
            visible: true,
            animation: "animation".into(),
            loop_animations: LoopAnimations::default(),
            seed: 1,
            transform: Transform2D::default(),
            space: SimulationSpace::World,
            mode: PlayMode::OneShot,
            duration_secs: 2.0,
            delay_secs: 0.0,
            emitter: EmitterShape::Point,
            rate_per_sec: 20.0,
            rate_curve: Curve::default(),
            bursts: Vec::new(),
            max_particles: 100,
            lifetime_secs: Range::new(0.8, 1.2),
            speed: Range::new(80.0, 120.0),
            direction_deg: 270.0,
            spread_deg: 30.0,
            gravity: [0.0, 0.0],
            damping: 0.0,
            start_rotation_deg: Range::fixed(0.0),
            angular_velocity_deg: Range::fixed(0.0),
            align_to_velocity: false,
            rotation_mode: RotationMode::Random,
            start_scale: Range::fixed(1.0),
            scale_curve: Curve::constant(1.0),
            color_gradient: Gradient::solid(Rgb::WHITE),
            alpha_curve: Curve::ramp(1.0, 0.0),
            over_life: OverLife::default(),
            forces: Vec::new(),
            textures: vec!["builtin:soft_dot".into()],
            texture_pick: TexturePick::Random,
            flipbook: Flipbook::default(),
            anchor: [0.5, 0.5],
            blend: BlendMode::Normal,
            draw_order: DrawOrder::NewestOnTop,
            follow: None,
            collision: Collision::default(),
            path_follow: None,
            trail: Trail::default(),
        }
    }
}
