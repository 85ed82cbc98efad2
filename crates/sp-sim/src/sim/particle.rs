//! A particle's public state, its birth/death events, and its pose in scene space.
//!
//! Local-space particles are stored in system space; their scene pose composes the system
//! transform `T` (translation `(tx, ty)`, clockwise rotation `θ`, scale `(sx, sy)`, y down):
//! `scene = (tx, ty) + R(θ)·(sx·x, sy·y)` with `R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]]`,
//! `rotation = θ + rotation_deg`, `scale = (sx·scale_x, sy·scale_y)`.
//! World-space particles are already in scene space (identity).

use crate::document::{ParticleSystem, Rgb, SimulationSpace, Transform2D};

/// One live particle (see CONTRACTS.md, "Simulation API", and the [`crate::sim`] module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Pool slot (`0..max_particles`), stable for the particle's life, lowest free slot first.
    pub slot: u32,
    /// Spawn serial, `0, 1, 2, …` per system.
    pub serial: u64,
    /// System time of birth, seconds.
    pub birth_secs: f64,
    /// Seconds since birth.
    pub age_secs: f32,
    /// Total life, seconds (the particle dies at `birth_secs + lifetime_secs`).
    pub lifetime_secs: f32,
    /// X: scene pixels for World space, system-local pixels for Local space.
    pub x: f32,
    /// Y (down): scene pixels for World space, system-local pixels for Local space.
    pub y: f32,
    /// Rotation, degrees clockwise, unwrapped.
    pub rotation_deg: f32,
    /// Horizontal scale.
    pub scale_x: f32,
    /// Vertical scale.
    pub scale_y: f32,
    /// Tint.
    pub color: Rgb,
    /// Opacity, 0..1.
    pub alpha: f32,
    /// Index into the system's `textures` (picked texture or flipbook frame).
    pub texture_index: u16,
    /// False while fake-dead (once-vanish flipbook after its last frame).
    pub visible: bool,
    /// Collision events so far (impacts and pause ends, [`super::contact`]): where it changes
    /// between two frames, the exporter forces keys on both.
    pub impacts: u32,
}

/// A birth or a death, in the order they happened within a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParticleEvent {
    /// A particle was born into `slot`.
    Born {
        /// Pool slot.
        slot: u32,
        /// Spawn serial.
        serial: u64,
    },
    /// The particle in `slot` died (its slot is free again).
    Died {
        /// Pool slot.
        slot: u32,
        /// Spawn serial.
        serial: u64,
    },
}

/// A particle's pose in scene space (pixels, y down, degrees clockwise).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScenePose {
    /// X, scene pixels.
    pub x: f32,
    /// Y (down), scene pixels.
    pub y: f32,
    /// Rotation, degrees clockwise.
    pub rotation_deg: f32,
    /// Horizontal scale.
    pub scale_x: f32,
    /// Vertical scale.
    pub scale_y: f32,
}

/// Applies transform `t` to the point `(x, y)` (see the module formula).
pub fn transform_point(t: &Transform2D, x: f32, y: f32) -> [f32; 2] {
    TransformTrig::of(t).point(x, y)
}

/// A transform with the sine and cosine of its rotation computed once, for applying it to a
/// point and a vector (a birth in world space does both: one `sincos` instead of two).
#[derive(Clone, Copy, Debug)]
pub struct TransformTrig<'a> {
    t: &'a Transform2D,
    sin: f32,
    cos: f32,
}

impl<'a> TransformTrig<'a> {
    /// `t` and the sine and cosine of its rotation ([`sin_cos_deg`]).
    pub fn of(t: &'a Transform2D) -> TransformTrig<'a> {
        let (sin, cos) = sin_cos_deg(t.rotation_deg);
        TransformTrig { t, sin, cos }
    }

    /// [`transform_point`].
    pub fn point(&self, x: f32, y: f32) -> [f32; 2] {
        let (t, sin, cos) = (self.t, self.sin, self.cos);
        let (lx, ly) = (t.scale_x * x, t.scale_y * y);
        [t.x + cos * lx - sin * ly, t.y + sin * lx + cos * ly]
    }

    /// The linear part of the transform (rotation and scale, no translation) applied to the
    /// vector `(x, y)`.
    pub fn vector(&self, x: f32, y: f32) -> [f32; 2] {
        let (t, sin, cos) = (self.t, self.sin, self.cos);
        let (lx, ly) = (t.scale_x * x, t.scale_y * y);
        [cos * lx - sin * ly, sin * lx + cos * ly]
    }
}

/// `(sin, cos)` of an angle in degrees, through `libm`.
pub fn sin_cos_deg(deg: f32) -> (f32, f32) {
    let rad = f64::from(deg).to_radians();
    let (sin, cos) = libm::sincos(rad);
    (sin as f32, cos as f32)
}

/// Scene-space pose of a particle: composes the system transform for Local space (identity for
/// World), see the module formula.
pub fn particle_to_scene(system: &ParticleSystem, p: &Particle) -> ScenePose {
    pose_in_scene(system.space, &system.transform, p)
}

/// Scene-space pose of a particle of a system in `space` whose transform is `t` (see the module
/// formula).
pub fn pose_in_scene(space: SimulationSpace, t: &Transform2D, p: &Particle) -> ScenePose {
    match space {
        SimulationSpace::World => ScenePose {
            x: p.x,
            y: p.y,
            rotation_deg: p.rotation_deg,
            scale_x: p.scale_x,
            scale_y: p.scale_y,
        },
        SimulationSpace::Local => {
            let [x, y] = transform_point(t, p.x, p.y);
            ScenePose {
                x,
                y,
                rotation_deg: t.rotation_deg + p.rotation_deg,
                scale_x: t.scale_x * p.scale_x,
                scale_y: t.scale_y * p.scale_y,
            }
        }
    }
}
