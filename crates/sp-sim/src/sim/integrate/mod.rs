//! Integrated motion: forces that depend on where a particle is (turbulence, vortex, attractor)
//! or on its age (over-life multipliers, per-particle drag) have no closed form, so each
//! particle is integrated on its **own fixed age grid** from its birth.
//!
//! # The model
//!
//! State `y = (p, v)`: position and the particle's own velocity, in the particle's space
//! (scene for World, system for Local). At age `a` (system time `t = t_b + a`, normalised life
//! `u = a/L`), with `Sᵢ` the particle's strength draw of force `i` and `mᵢ(u)` its over-life
//! multiplier:
//!
//! - `v' = g·G(u) + Σ accelerations − (k + Σ drags)·v`: gravity `g` times the gravity curve,
//!   wind, turbulence and attractors ([`crate::behaviour`]), damping `k` plus drags;
//! - `p' = s(u)·(v + Σ velocity fields)`: the speed curve times the velocity plus the vortices'
//!   swirl (a velocity field, so a particle in a pure vortex moves on a circle);
//! - after every step, speed limits clamp `|v|`.
//!
//! Force centres are placed in the particle space with the system transform. When the system
//! follows a bone ([`super::follow`]) and a centre is given in the other space than the
//! particles (a `system` centre for World-space particles, a `scene` centre for Local-space
//! ones), the centre moves with the system origin: at system time `t = t_b + a` (the sample's
//! own time, the time a particle born then and turned the same way would see) it is
//! `c(t) = c₀ + M·T(t)`, with `T(t) = bone(t) + offset` the followed origin, and
//! `c₀ = R·S·c`, `M = I` for a system centre of World particles (`R`, `S` the system rotation
//! and scale), `c₀ = S⁻¹·R⁻¹·c`, `M = −S⁻¹·R⁻¹` for a scene centre of Local particles. The
//! other two pairings need no transform, and without a follow the centre is fixed.
//!
//! Turbulence is sampled on the particle's own grid every [`TURBULENCE_HOLD_SECS`] of age (every
//! 4th grid point at 240 steps per second), at `(p(aₙ), t_b + aₙ)`, and held until the next
//! sample (kept in the grid state, so still frame-rate independent). Its noise is most of the
//! cost, and a smooth random field swirling over tens of pixels gains nothing from being read
//! 240 times a second; every other term is evaluated at each stage of each step.
//!
//! The grid is `aₙ = n·h`, `h = 1/substepsPerSec` (scene field, default 240). The state at the
//! last grid point `n = ⌊a/h⌋` reached is kept; a sample at age `a` between grid points is read,
//! `τ = a − n·h` into the grid step, from the midpoint method's continuous extension
//! `y(aₙ + τ) = yₙ + τ·((1 − θ)·k₁ + θ·k₂)`, `θ = τ/h`, with the slopes `k₁`, `k₂` of the grid
//! step from `n` (second order like the step; kept with the grid state in [`GridState::ahead`]
//! and reused by that step when the particle reaches it, so a frame costs its grid steps and no
//! extra evaluation; a stiff step or a system with colliders takes one fractional step of `τ`
//! instead). Samples are not kept. So the state at a given time does not
//! depend on which frame rate asked (24, 30, 60, 144 fps see the same particle at the same time:
//! the kept grid states are the same numbers, computed by the same operations), a seek replays
//! the grid from birth, and native = wasm bit for bit (only `+ − × ÷ √`, `libm`, no `mul_add`,
//! a fixed order of operations; Rust never fuses multiply-adds on its own).
//!
//! The step is the explicit midpoint method (RK2): `k₁ = f(y, a)`,
//! `k₂ = f(y + τ/2·k₁, a + τ/2)`, `y ← y + τ·k₂`. [`Integrator`] also has semi-implicit Euler
//! and RK4 (native builds only) for the measurement behind this choice (`spineparticle bench
//! sim --forces`, README
//! "Motion integrator"): on turbulence + vortex + attractor, Euler / midpoint / RK4 cost
//! 56 / 56 / 122 ns per particle per grid step (loaded machine; the held turbulence dominates
//! Euler's single stage); in a pure vortex at one turn per second the
//! radius after 10 turns (r = 100 px, h = 1/240 s) is off by +127 px (Euler spirals out: it
//! cannot keep a vortex at any affordable step), +0.014 px (midpoint: the drift per step is
//! `≈ θ⁴/8` of the radius, `θ = ω·h`) and −5·10⁻⁷ px (RK4). Midpoint keeps the export's 0.1 px
//! tolerance for ordinary swirls at Euler's cost and half of RK4's; a faster vortex can raise
//! `substepsPerSec` (twice the steps: 16× less drift). Two guards cover the extremes the
//! document limits allow and leave every other step bit for bit as it was: a step whose decay
//! `(damping + drags)·τ` exceeds [`STIFF_DRAG_STEP`] is taken half-implicit, and every state is
//! clamped to ±[`WORLD_LIMIT_PX`].
//!
//! The live simulation steps its particles two at a time where it can (`lanes/`): the slopes
//! of both particles' steps, and their turbulence when both sample it at the same step, are
//! computed with one particle per SIMD lane, the same operations lane by lane, so every state
//! is the same bits as one particle at a time (tests compare the two).
//!
//! # How the next features plug in
//!
//! - **Loop-continuous as a periodic emitter**: a life is its [`SpawnRecord`] (what the nine +
//!   force draws produced at birth); [`MotionModel::state_at`] gives the state of a record at any
//!   age by replaying its grid from birth (pure: no other particle, no frame rate involved), so a
//!   copy shifted by `k·L` is the same record with `t_b + k·L`. Only turbulence reads the
//!   system time (`t_b + a`, so the field is coherent across particles): for copies to match
//!   exactly, the loop work gives it a noise time periodic in `L`.
//! - **Colliders** ([`super::contact`]): each grid step (and each fractional step) is a span
//!   whose chord `p(aₙ) → p(aₙ₊₁)` is tested against the walls; at a crossing the impact age is
//!   solved on the step itself, the response applied and the rest of the span integrated: the
//!   grid stays the grid, the collision state ([`ContactState`]) is kept with the grid state,
//!   and the impact count is reported with each sample so the exporter forces keys around it.
//!   A system with colliders but no force steps with the exact closed form of gravity and
//!   damping (one [`super::motion::StepFactors`] per step) instead of the midpoint method.
//!   A life stays a function of its record and age, so a loop copy bounces as its original.
//! - **Path following** ([`super::path_motion`]): particles on a path are placed by a function
//!   of their age, with no integration; an emitter on a path moves the system's transform.
//! - **Trails**: the head's position is recorded every `round(Δ/h)` grid steps
//!   ([`MotionModel::advance_with`] hands over each grid state, after the step's collisions),
//!   so the kept states are the trail points ([`crate::sim::trail`]).
//!
//! # Files
//!
//! This file holds the model's types and its preparation (curves, forces); `centres.rs` the
//! force centres in the particle space, fixed or carried by a followed bone; `terms/` the
//! forces as the derivative reads them and the parts of the derivative; `step.rs` one step of
//! each integrator, the stiff step, the continuous extension between grid points and the
//! limits; `grid.rs` a particle's age grid (birth, advancing, sampling); `lanes/` two
//! particles' slopes and turbulence at once (the same bits, one particle per SIMD lane).

use super::contact::{ContactState, Contacts, Phase};
use super::follow::Follow;
use super::lookup::CurveEval;
use super::motion::StepFactors;
use crate::behaviour::{Force, MAX_FORCES};
use crate::document::{ParticleSystem, Transform2D};

mod centres;
mod grid;
mod lanes;
mod step;
mod terms;

use self::terms::{Multiplier, Terms};

/// The integration method of one grid step (see the module doc for the choice). The two
/// methods the choice was measured against exist in native builds only (`spineparticle bench
/// sim --forces`, tests): the editor's module integrates with the midpoint method alone, and
/// their steps were ~2 KB of it gzipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Integrator {
    /// `v ← v + τ·v'(y)`, then `p ← p + τ·s·(v_new + flow(p))`: one evaluation, first order.
    #[cfg(not(target_arch = "wasm32"))]
    SemiImplicitEuler,
    /// Explicit midpoint (RK2): two evaluations, second order. The default.
    #[default]
    Midpoint,
    /// Classic Runge–Kutta: four evaluations, fourth order.
    #[cfg(not(target_arch = "wasm32"))]
    Rk4,
}

/// Position and own velocity of a particle, particle space, pixels and px/s.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Kinematics {
    /// Position `(x, y)`, y down.
    pub p: [f64; 2],
    /// Own velocity.
    pub v: [f64; 2],
}

/// What a particle drew at birth that its motion reads: a life is reproducible from it alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpawnRecord {
    /// System time of birth, seconds.
    pub birth_secs: f64,
    /// `1 / lifetime` (0 for a zero lifetime).
    pub inv_lifetime: f64,
    /// State at birth.
    pub start: Kinematics,
    /// Strength draw of each force, in list order.
    pub strengths: [f32; MAX_FORCES],
}

/// A particle's kept state: the last grid point reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridState {
    /// State at age `n·h`.
    pub at: Kinematics,
    /// Grid index `n`.
    pub n: u32,
    /// Direction of motion at the grid point, degrees clockwise, unwrapped since birth (kept
    /// only for particles turned with their motion).
    pub heading_deg: f64,
    /// Turbulence acceleration held since the last sampling point (every
    /// [`TURBULENCE_HOLD_SECS`] of age on the grid).
    pub turbulence: [f64; 2],
    /// Collision state at the grid point ([`super::contact`]).
    pub contact: ContactState,
    /// The slopes of the midpoint step from this grid point, once a sample between this point
    /// and the next needed them (see [`MotionModel::sample`]); the next grid step reuses them.
    /// `None` until then, and for systems with colliders, stiff steps or another integrator.
    pub ahead: Option<Slopes>,
}

/// The two slopes of an explicit midpoint step from a grid point `yₙ` over the grid step `h`:
/// `k₁ = f(yₙ, aₙ)`, `k₂ = f(yₙ + h/2·k₁, aₙ + h/2)`, each `(p', v')`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slopes {
    /// `k₁`: `(p', v')` at the grid point.
    pub k1: ([f64; 2], [f64; 2]),
    /// `k₂`: `(p', v')` at the step's middle.
    pub k2: ([f64; 2], [f64; 2]),
}

/// A particle's state at a sample time (not kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Position and velocity.
    pub y: Kinematics,
    /// Unwrapped direction of motion (when tracked), degrees.
    pub heading_deg: f64,
    /// Collision state (impacts so far, stuck, paused or destroyed).
    pub contact: ContactState,
}

/// Turbulence is sampled every this many seconds of age (rounded to whole grid steps, at
/// least one) and held in between: 1/60 s, four grid steps at the default 240 per second.
pub const TURBULENCE_HOLD_SECS: f64 = 1.0 / 60.0;

/// Largest `(damping + Σ drags)·τ` of an explicit step. Past it the decay is stiff: the
/// explicit midpoint step multiplies the velocity by `1 − z + z²/2` (`z = drag·τ`), which exceeds
/// 1 for `z > 2`, so a particle with damping 1000/s at 240 steps per second (z ≈ 4.2) gained a
/// factor 5.5 per step and reached infinity within its life. Such a step is taken half-implicit
/// instead (`MotionModel::stiff_step`); below the bound (damping + drags ≤ 480/s at the default
/// 240 steps per second) nothing changes, bit for bit.
pub const STIFF_DRAG_STEP: f64 = 2.0;

/// Largest position (px) and velocity (px/s) coordinate of an integrated particle. Some
/// forces the document allows push particles away exponentially — a vortex's outward pull
/// (`pullPerSec < 0`) gives `r(t) = r₀·e^{|pull|·t}`, past `f32::MAX` within a second at
/// −1000/s — and an extreme rigid swirl grows under any explicit step; the preview then drew and
/// the export wrote non-finite numbers (found by the export fuzzer). A runaway particle stops at
/// this edge, 10¹⁵ px out (far off any screen, finite in every later product and sum: scales
/// ≤ 1000, coordinates ≤ 10⁶). Every state within it is left untouched.
pub const WORLD_LIMIT_PX: f64 = 1e15;

/// `(p', v')`.
type Deriv = ([f64; 2], [f64; 2]);

/// Position-dependent parts of the derivative at one `(p, a)`.
struct Parts {
    accel: [f64; 2],
    drag: f64,
    flow: [f64; 2],
    speed: f64,
}

/// A system's integrated motion, prepared (see the module formula).
#[derive(Clone, Debug, PartialEq)]
pub struct MotionModel {
    gravity: [f64; 2],
    damping: f64,
    gravity_multiplier: Multiplier,
    speed_multiplier: Multiplier,
    /// The forces, each in the list of the sum it adds to ([`terms`]).
    terms: Terms,
    integrator: Integrator,
    h: f64,
    steps_per_sec: f64,
    has_limit: bool,
    has_flow: bool,
    has_turbulence: bool,
    /// Grid steps between turbulence samples.
    hold_steps: u32,
    /// Colliders acting on the particles ([`super::contact`]).
    contacts: Option<Contacts>,
    /// `Some((g, k))`: no force needs integration, each step is the exact closed form of gravity
    /// `g` and damping `k` (a system integrated only for its colliders).
    exact: Option<([f64; 2], f64)>,
    /// The followed bone that carries the moving centres (`None` when no centre moves).
    follow: Option<Follow>,
}

/// True when `system`'s motion needs integration (see [`crate::behaviour::Force::is_closed_form`]).
pub fn needs_integration(system: &ParticleSystem) -> bool {
    system.forces.iter().any(|f| !f.is_closed_form()) || system.over_life.moves_particles()
}

/// Gravity and damping with the closed-form forces (constant wind and drag) folded in; the
/// system's own values unchanged when it has none.
pub fn closed_form_gravity_damping(system: &ParticleSystem) -> ([f64; 2], f64) {
    let mut g = [f64::from(system.gravity[0]), f64::from(system.gravity[1])];
    let mut k = f64::from(system.damping.max(0.0));
    for f in &system.forces {
        match f {
            Force::Wind(w) if w.is_constant() => {
                let [ux, uy] = w.unit();
                let a = f64::from(w.accel_px_per_sec2.min);
                g = [g[0] + a * ux, g[1] + a * uy];
            }
            Force::Drag(d) if d.is_constant() => k += f64::from(d.per_sec.min.max(0.0)),
            _ => {}
        }
    }
    (g, k)
}

impl MotionModel {
    /// The model of `system` with `substeps_per_sec` grid steps per second of age, its force
    /// centres placed with the system transform `transform`; `None` when the system has the
    /// closed form ([`needs_integration`]).
    pub fn new(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        transform: &Transform2D,
    ) -> Option<MotionModel> {
        if !needs_integration(system) {
            return None;
        }
        Some(MotionModel::with_integrator(
            system,
            substeps_per_sec,
            transform,
            Integrator::default(),
        ))
    }

    /// [`MotionModel::new`] for a system following `follow` (its vortex and attractor centres
    /// travel with the followed origin: see the module doc).
    pub fn new_following(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        transform: &Transform2D,
        follow: Option<&Follow>,
    ) -> Option<MotionModel> {
        let model = MotionModel::new(system, substeps_per_sec, transform)?;
        Some(match follow {
            Some(f) => model.following(system, transform, f),
            None => model,
        })
    }

    /// [`MotionModel::new`] with a chosen method, integrated even when a closed form exists
    /// (measurements and tests).
    pub fn with_integrator(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        transform: &Transform2D,
        integrator: Integrator,
    ) -> MotionModel {
        let sps = f64::from(substeps_per_sec.max(1));
        let terms = Terms::new(system, transform);
        MotionModel {
            gravity: [f64::from(system.gravity[0]), f64::from(system.gravity[1])],
            damping: f64::from(system.damping.max(0.0)),
            gravity_multiplier: Multiplier::new(CurveEval::new(&system.over_life.gravity, 1.0)),
            speed_multiplier: Multiplier::new(CurveEval::new(&system.over_life.speed, 1.0)),
            has_limit: !terms.limits.is_empty(),
            has_flow: !terms.flow.is_empty(),
            has_turbulence: !terms.turbulence.is_empty(),
            terms,
            integrator,
            h: 1.0 / sps,
            steps_per_sec: sps,
            hold_steps: (f64::round(sps * TURBULENCE_HOLD_SECS) as u32).max(1),
            contacts: None,
            exact: None,
            follow: None,
        }
    }

    /// The model of `system` meeting the colliders `contacts` (see [`MotionModel::new`]): always
    /// integrated on the grid, with the exact closed-form step when no force needs more.
    pub fn with_contacts(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        transform: &Transform2D,
        contacts: Contacts,
    ) -> MotionModel {
        let mut m = MotionModel::with_integrator(
            system,
            substeps_per_sec,
            transform,
            Integrator::default(),
        );
        if !needs_integration(system) {
            m.exact = Some(closed_form_gravity_damping(system));
        }
        m.contacts = Some(contacts);
        m
    }

    /// The colliders acting on the particles, if any.
    pub fn contacts(&self) -> Option<&Contacts> {
        self.contacts.as_ref()
    }

    /// The grid step `h`, seconds.
    pub fn step_secs(&self) -> f64 {
        self.h
    }
}

/// `deg` shifted by a multiple of 360 to lie within 180 of `previous`.
#[inline]
pub fn unwrap_deg(deg: f64, previous: f64) -> f64 {
    let d = deg - previous;
    deg - 360.0 * f64::round(d / 360.0)
}
