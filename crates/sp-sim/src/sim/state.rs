//! Per-particle state beside the public [`Particle`], the system properties the per-particle loop
//! reads, and the evaluation of everything that is a function of age (formulas in
//! [`super::system`]): `u = a·(1/lifetime)`, rotation `r₀ + ω·a` (or `r₀ + ω·L·I(u)` with a
//! spin curve, [`crate::behaviour::over_life`]; + the turn of the motion since birth when turned
//! with the velocity), scale `s₀·scaleCurve(u)·(sizeX(u), sizeY(u))`, colour
//! `colorGradient(u)`, alpha `clamp(alphaCurve(u), 0, 1)`, flipbook frame of `a`.

use std::sync::Arc;

use super::contact::Contacts;
use super::env::SystemEnv;
use super::follow::Follow;
use super::frames::flipbook_frame;
use super::integrate::{GridState, MotionModel, SpawnRecord, closed_form_gravity_damping};
use super::life_table::{LifeCurves, LifeEval};
use super::lookup::{CurveEval, GradientEval, IntegralEval};
use super::motion::StepFactors;
use super::pair::F64x2;
use super::particle::Particle;
use super::path_geom::PathGeom;
use super::path_motion::{PathOnLife, PathTravel};
use super::trail::PreparedTrail;
use crate::behaviour::{CollisionResponse, PathFollowMode, RotationMode};
use crate::document::{FlipbookMode, ParticleSystem, Range, SimulationSpace, Transform2D};

/// Per-particle motion state, parallel to the public [`Particle`] list.
#[derive(Clone, Copy, Debug)]
pub(super) struct Motion {
    /// Position `(x, y)`, px.
    pub(super) pos: F64x2,
    /// Velocity `(x, y)`, px/s.
    pub(super) vel: F64x2,
    pub(super) rotation0_deg: f32,
    pub(super) angular_deg_per_sec: f32,
    pub(super) scale0_x: f32,
    pub(super) scale0_y: f32,
    /// Unit initial velocity `(cos, sin)` (align to velocity).
    pub(super) dir0: [f32; 2],
    /// `1 / lifetime` (0 for a zero lifetime), so the normalised life is one multiplication.
    pub(super) inv_lifetime: f32,
    /// Born during the current step: moved from its birth state, not by the step's factors.
    pub(super) fresh: bool,
    /// Index of the particle's trail history in the system's store ([`NO_TRAIL`]: none).
    pub(super) trail: u32,
    /// The over-life table's row at the particle's last step, the guess for its next
    /// ([`super::life_table::LifeEval`]; only WebAssembly's table evaluation reads and updates it).
    pub(super) life_row: u32,
}

impl Motion {
    /// Moves the state `tau_secs` ahead in closed form under damping `damping` and gravity
    /// `[gx, gy]` ([`StepFactors::apply`] on each axis): a newborn from its birth state.
    pub(super) fn advance_closed_form(&mut self, damping: f64, tau_secs: f64, [gx, gy]: [f64; 2]) {
        let f = StepFactors::new(damping, tau_secs);
        let (px, vx) = f.apply(self.pos.x(), self.vel.x(), gx);
        let (py, vy) = f.apply(self.pos.y(), self.vel.y(), gy);
        (self.pos, self.vel) = (F64x2::new(px, py), F64x2::new(vx, vy));
    }
}

/// [`Motion::trail`] of a particle without a trail.
pub(super) const NO_TRAIL: u32 = u32::MAX;

/// Properties of the system read in the per-particle loop, prepared once.
#[derive(Clone, Debug)]
pub(super) struct Prepared {
    pub(super) damping: f64,
    pub(super) gravity: [f64; 2],
    /// Scale, size X and Y, alpha and colour over life ([`LifeCurves`]).
    pub(super) life: LifeCurves,
    /// `∫ spin`, when the spin curve is not constant 1.
    pub(super) spin: Option<IntegralEval>,
    pub(super) texture_count: u16,
    pub(super) flipbook: Option<(FlipbookMode, f32)>,
    pub(super) max_particles: usize,
    /// Turned with the velocity all life long.
    pub(super) align: bool,
    pub(super) rotation_mode: RotationMode,
    /// Strength ranges of the forces, in list order (one draw each at birth).
    pub(super) force_ranges: Vec<Range>,
    /// `Some` when the motion is integrated ([`super::integrate`]).
    pub(super) model: Option<MotionModel>,
    pub(super) substeps_per_sec: u32,
    /// A collider destroys particles: deaths are found at birth ([`MotionModel::destroy_age`]).
    pub(super) destroys: bool,
    /// The path the emitter travels (scene space), when it follows one.
    pub(super) emitter_path: Option<PathTravel>,
    /// The path the particles travel (particle space), when they follow one.
    pub(super) particle_path: Option<PathTravel>,
    /// `∫₀ᵘ speed` over the normalised life (the progress of particles on a path).
    pub(super) speed_integral: IntegralEval,
    /// The trail, when the system has an active one ([`crate::sim::trail`]).
    pub(super) trail: Option<PreparedTrail>,
}

impl Prepared {
    /// Prepared with `substeps_per_sec`, force centres, colliders and a particle path placed
    /// with `transform`, what acts on the system in its scene (`env`), and force centres carried
    /// by the followed bone `bone` ([`MotionModel::new_following`]).
    pub(super) fn with(
        system: &ParticleSystem,
        substeps_per_sec: u32,
        transform: &Transform2D,
        env: &SystemEnv,
        bone: Option<&Follow>,
    ) -> Prepared {
        let texture_count = u16::try_from(system.textures.len()).unwrap_or(u16::MAX);
        let (gravity, damping) = closed_form_gravity_damping(system);
        let rotation_mode = system.effective_rotation_mode();
        let ol = &system.over_life;
        let local = system.space == SimulationSpace::Local;
        let follow = system.path_follow.as_ref();
        let travel = |to_particles: bool| -> Option<PathTravel> {
            let (f, path) = (follow?, env.path.as_ref()?);
            let geom = if to_particles && local {
                PathGeom::new(path, |p| scene_to_local(transform, p))
            } else {
                PathGeom::new(path, |p| p)
            };
            Some(PathTravel::new(Arc::new(geom), f, system.duration_secs))
        };
        let (emitter_path, particle_path) = match follow.map(|f| f.mode) {
            Some(PathFollowMode::Emitter) => (travel(false), None),
            Some(PathFollowMode::Particles) => (None, travel(true)),
            None => (None, None),
        };
        let contacts = env
            .walls
            .as_ref()
            .filter(|_| particle_path.is_none())
            .and_then(|w| Contacts::new(w.clone(), &system.collision, local.then_some(transform)));
        let destroys = contacts
            .as_ref()
            .is_some_and(|c| c.response() == CollisionResponse::Destroy);
        let model = match contacts {
            Some(c) => Some(MotionModel::with_contacts(
                system,
                substeps_per_sec,
                transform,
                c,
            )),
            None if particle_path.is_some() => None,
            None => MotionModel::new(system, substeps_per_sec, transform),
        }
        .map(|m| match bone {
            Some(b) => m.following(system, transform, b),
            None => m,
        });
        Prepared {
            damping,
            gravity,
            life: LifeCurves::new(
                CurveEval::new(&system.scale_curve, 1.0),
                CurveEval::new(&ol.size_x, 1.0),
                CurveEval::new(&ol.size_y, 1.0),
                CurveEval::new(&system.alpha_curve, 1.0),
                GradientEval::new(&system.color_gradient),
            ),
            spin: (!ol.spin.is_constant(1.0)).then(|| IntegralEval::new(&ol.spin)),
            texture_count,
            flipbook: (system.flipbook.enabled && texture_count > 0)
                .then_some((system.flipbook.mode, system.flipbook.fps)),
            max_particles: system.max_particles as usize,
            align: rotation_mode == RotationMode::Velocity,
            rotation_mode,
            force_ranges: system.forces.iter().map(|f| f.strength()).collect(),
            trail: PreparedTrail::new(system, substeps_per_sec, model.is_some()),
            model,
            substeps_per_sec,
            destroys,
            emitter_path,
            particle_path,
            speed_integral: IntegralEval::new(&ol.speed),
        }
    }

    /// Whether a change of the system's own transform changes the prepared motion (force
    /// centres, colliders or a path in the other space than the particles).
    pub(super) fn depends_on_transform(&self) -> bool {
        self.model.is_some() || self.particle_path.is_some()
    }

    /// Whether [`finish_as`] may leave out the spin curve, the turn with the velocity and the
    /// flipbook: none of them is on (most systems).
    pub(super) fn plain_finish(&self) -> bool {
        self.spin.is_none() && !self.align && self.flipbook.is_none()
    }
}

/// A scene point in the space of a system with transform `t` (the inverse of
/// [`super::particle::transform_point`]; a zero scale maps to the origin).
fn scene_to_local(t: &Transform2D, p: [f64; 2]) -> [f64; 2] {
    let rad = f64::from(t.rotation_deg).to_radians();
    let (sin, cos) = libm::sincos(rad);
    let (dx, dy) = (p[0] - f64::from(t.x), p[1] - f64::from(t.y));
    let (rx, ry) = (cos * dx + sin * dy, -sin * dx + cos * dy);
    let inv = |s: f32| if s != 0.0 { 1.0 / f64::from(s) } else { 0.0 };
    [rx * inv(t.scale_x), ry * inv(t.scale_y)]
}

/// A particle travelling a path: where it started and how fast it goes.
#[derive(Clone, Copy, Debug)]
pub(super) struct OnPath {
    pub(super) start: PathOnLife,
    /// Speed along the path, px/s.
    pub(super) speed: f64,
    /// Lifetime, seconds (the speed curve is integrated over the normalised life).
    pub(super) lifetime: f64,
}

/// A particle's integrated motion: its record and its kept grid state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Integrated {
    pub(super) record: SpawnRecord,
    pub(super) grid: GridState,
    /// Heading at birth, degrees (the turn since birth is `heading − heading0`).
    pub(super) heading0_deg: f64,
    /// Collision state at the last sample (not only the kept grid point).
    pub(super) sampled: super::contact::ContactState,
}

/// Writes the public state of a particle of age `age` whose motion is already at `t₁`;
/// `turn_deg` is its turn since birth when it is turned with its motion on the integrated path
/// (`None`: the closed-form turn of the velocity).
#[inline(always)]
pub(super) fn finish(
    prep: &Prepared,
    p: &mut Particle,
    m: &Motion,
    age: f64,
    turn_deg: Option<f32>,
) {
    finish_as::<false, _>(prep, &prep.life, p, m, age, turn_deg);
}

/// [`finish`]; with `PLAIN`, only for a system whose [`Prepared::plain_finish`] holds, without
/// looking at its spin curve, turn or flipbook (each is off, so each leaves the particle as
/// [`finish`] does), and with the over-life channels evaluated by `life_eval` (`prep.life` or
/// its table); returns the over-life row for [`Motion::life_row`]. A loop over many particles
/// checks once and takes the plain form: the WebAssembly module is optimised for size, which
/// does not move such checks out of loops, and in V8's code each check reads the system from
/// memory again for every particle.
#[inline(always)]
pub(super) fn finish_as<const PLAIN: bool, L: LifeEval>(
    prep: &Prepared,
    life_eval: &L,
    p: &mut Particle,
    m: &Motion,
    age: f64,
    turn_deg: Option<f32>,
) -> u32 {
    let age32 = age as f32;
    let life = if m.inv_lifetime > 0.0 {
        age32 * m.inv_lifetime
    } else {
        1.0
    };
    p.age_secs = age32;
    [p.x, p.y] = m.pos.to_f32();
    let spin = if PLAIN { None } else { prep.spin.as_ref() };
    p.rotation_deg = match spin {
        None => m.rotation0_deg + m.angular_deg_per_sec * age32,
        Some(spin) => {
            let turned = if m.inv_lifetime > 0.0 {
                spin.eval(f64::from(life)) / f64::from(m.inv_lifetime)
            } else {
                age
            };
            m.rotation0_deg + m.angular_deg_per_sec * turned as f32
        }
    };
    if !PLAIN && prep.align {
        p.rotation_deg += match turn_deg {
            Some(t) => t,
            None => velocity_turn_deg(m.dir0, m.vel.x(), m.vel.y()),
        };
    }
    // Evaluated after the rotation: nothing computed here lives across its `atan2f` call (which
    // made the compiler keep these values on the stack and read two of them back as one).
    let row = life_eval.with_hint(life, m.life_row, |curves| {
        let scale = curves.scale;
        p.scale_x = m.scale0_x * scale * curves.size_x;
        p.scale_y = m.scale0_y * scale * curves.size_y;
        p.color = curves.color;
        p.alpha = curves.alpha;
    });
    if PLAIN {
        return row;
    }
    if let Some((mode, fps)) = prep.flipbook {
        (p.texture_index, p.visible) = flipbook_frame(mode, prep.texture_count, fps, age);
    }
    row
}

/// Signed angle in degrees (clockwise, y down) from the unit vector `dir0` to `(vx, vy)`.
#[inline]
fn velocity_turn_deg(dir0: [f32; 2], vx: f64, vy: f64) -> f32 {
    let (vx, vy) = (vx as f32, vy as f32);
    let cross = dir0[0] * vy - dir0[1] * vx;
    let dot = dir0[0] * vx + dir0[1] * vy;
    if cross == 0.0 && dot == 0.0 {
        0.0
    } else {
        libm::atan2f(cross, dot).to_degrees()
    }
}
