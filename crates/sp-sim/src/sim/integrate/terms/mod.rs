//! The forces as the derivative reads them (see the parent module for the formula): each force
//! is prepared once, into the list of the one sum it adds to, with its over-life multiplier
//! resolved to a constant when its curve is one.
//!
//! The derivative adds the turbulence, the pulls (attractors and winds) and gravity into the
//! acceleration, the vortices into the flow, the drags into the decay, and the speed limits clamp
//! the speed after a step. Each sum runs over its own list, in the document's order, so every sum
//! adds the same terms in the same order as one loop over all forces would: the same bits. What
//! it saves is work: one loop over every force, matching each force's kind and looking at its
//! curve at every evaluation, was half of the instructions of a grid step with turbulence, a
//! vortex and an attractor (`valgrind --tool=callgrind` of `spineparticle bench sim --forces`:
//! the match on the kind alone was 8 instructions per force per evaluation, its niche-encoded
//! tag decoded each time).

use super::centres::{MovingCentre, centre_in_particle_space};
use super::{Follow, MotionModel, Parts, SpawnRecord};
use crate::behaviour::attractor::AttractorField;
use crate::behaviour::turbulence::TurbulenceField;
use crate::behaviour::vortex::VortexField;
use crate::behaviour::{Force, MAX_FORCES};
use crate::document::{ParticleSystem, Transform2D};
use crate::sim::lookup::CurveEval;

/// An over-life multiplier `m(u)`.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Multiplier {
    /// A constant curve's value.
    Constant(f64),
    /// A curve that varies.
    Curve(CurveEval),
}

impl Multiplier {
    /// The multiplier of `curve`.
    pub(super) fn new(curve: CurveEval) -> Multiplier {
        match curve.constant() {
            Some(c) => Multiplier::Constant(f64::from(c)),
            None => Multiplier::Curve(curve),
        }
    }

    /// `m(u)`.
    #[inline(always)]
    pub(super) fn at(&self, u: f32) -> f64 {
        match self {
            Multiplier::Constant(c) => *c,
            Multiplier::Curve(curve) => f64::from(curve.eval(u)),
        }
    }
}

/// One force in the list of the sum it adds to.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Term<F> {
    /// Index of the force in the document's list (its strength draw in
    /// [`SpawnRecord::strengths`]).
    pub(super) index: usize,
    /// Its over-life multiplier.
    pub(super) multiplier: Multiplier,
    /// What it computes from.
    pub(super) field: F,
    /// `Some` when its centre travels with a followed bone.
    pub(super) moving: Option<MovingCentre>,
}

impl<F> Term<F> {
    /// The term of the force at document index `index` (its centre fixed).
    pub(super) fn new(index: usize, multiplier: Multiplier, field: F) -> Term<F> {
        Term {
            index,
            multiplier,
            field,
            moving: None,
        }
    }

    /// `S·m(u)`: the particle's strength draw times the multiplier.
    #[inline(always)]
    pub(super) fn strength(&self, r: &SpawnRecord, u: f32) -> f64 {
        let draw = r.strengths.get(self.index).copied().unwrap_or(0.0);
        f64::from(draw) * self.multiplier.at(u)
    }

    /// The term's centre: its moving form for the followed origin `origin`, else `fixed`.
    #[inline(always)]
    fn centre(&self, fixed: [f64; 2], origin: Option<[f64; 2]>) -> [f64; 2] {
        centre_of(&self.moving, fixed, origin)
    }
}

/// A centre: its moving form `moving` for the followed origin `origin`, else `fixed`.
#[inline(always)]
pub(super) fn centre_of(
    moving: &Option<MovingCentre>,
    fixed: [f64; 2],
    origin: Option<[f64; 2]>,
) -> [f64; 2] {
    match (moving, origin) {
        (Some(m), Some(o)) => m.at(o),
        _ => fixed,
    }
}

/// A force that adds to the acceleration.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Pull {
    /// An attractor (or repulsor).
    Attractor(AttractorField),
    /// Wind along this unit direction.
    Wind([f64; 2]),
}

/// A system's forces, each in the list of the sum it adds to (see the module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Terms {
    /// Turbulence, held between its samples ([`MotionModel::turbulence`]).
    pub(super) turbulence: Vec<Term<TurbulenceField>>,
    /// Vortices: the flow.
    pub(super) flow: Vec<Term<VortexField>>,
    /// Attractors and winds: the acceleration.
    pub(super) pulls: Vec<Term<Pull>>,
    /// Drags per second: the decay.
    pub(super) drags: Vec<Term<()>>,
    /// Speed limits, applied after each step.
    pub(super) limits: Vec<Term<()>>,
}

impl Terms {
    /// The forces of `system` (at most [`MAX_FORCES`]), their centres placed in the particle
    /// space with the system transform `transform` (fixed: [`MotionModel::following`] makes
    /// them move).
    pub(super) fn new(system: &ParticleSystem, transform: &Transform2D) -> Terms {
        let mut terms = Terms::default();
        for (index, f) in system.forces.iter().take(MAX_FORCES).enumerate() {
            let multiplier = Multiplier::new(CurveEval::new(f.over_life(), 1.0));
            match f {
                Force::Turbulence(t) => terms.turbulence.push(Term::new(
                    index,
                    multiplier,
                    TurbulenceField::new(t, system.seed),
                )),
                Force::Vortex(v) => terms.flow.push(Term::new(
                    index,
                    multiplier,
                    VortexField::new(
                        v,
                        centre_in_particle_space(v.center, v.space, system.space, transform),
                    ),
                )),
                Force::Attractor(a) => terms.pulls.push(Term::new(
                    index,
                    multiplier,
                    Pull::Attractor(AttractorField::new(
                        a,
                        centre_in_particle_space(a.position, a.space, system.space, transform),
                    )),
                )),
                Force::Wind(w) => {
                    terms
                        .pulls
                        .push(Term::new(index, multiplier, Pull::Wind(w.unit())))
                }
                Force::Drag(_) => terms.drags.push(Term::new(index, multiplier, ())),
                Force::SpeedLimit(_) => terms.limits.push(Term::new(index, multiplier, ())),
            }
        }
        terms
    }

    /// The centre of the vortex or attractor at document index `index`, fixed or moving with
    /// the followed origin `origin`.
    pub(super) fn centre(&self, index: usize, origin: Option<[f64; 2]>) -> Option<[f64; 2]> {
        if let Some(t) = self.flow.iter().find(|t| t.index == index) {
            return Some(t.centre(t.field.center, origin));
        }
        self.pulls
            .iter()
            .find(|t| t.index == index)
            .and_then(|t| match &t.field {
                Pull::Attractor(a) => Some(t.centre(a.center, origin)),
                Pull::Wind(_) => None,
            })
    }

    /// Whether any centre moves with a followed bone.
    pub(super) fn any_moving(&self) -> bool {
        self.flow.iter().any(|t| t.moving.is_some())
            || self.pulls.iter().any(|t| t.moving.is_some())
    }
}

impl MotionModel {
    /// The turbulence acceleration (strength and multiplier included) at `p`, age `age`: held
    /// over a whole step (see the module doc).
    #[inline(always)]
    pub(super) fn turbulence(&self, r: &SpawnRecord, p: [f64; 2], age: f64) -> [f64; 2] {
        if self.terms.turbulence.is_empty() {
            return [0.0, 0.0];
        }
        let u = (age * r.inv_lifetime) as f32;
        let mut accel = [0.0, 0.0];
        for t in &self.terms.turbulence {
            let s = t.strength(r, u);
            let [ax, ay] = t.field.unit_accel(p[0], p[1], r.birth_secs + age);
            accel = [accel[0] + s * ax, accel[1] + s * ay];
        }
        accel
    }

    /// The followed origin at system time `time_secs`, when a centre moves with it.
    #[inline(always)]
    pub(super) fn origin_at(follow: Option<&Follow>, time_secs: f64) -> Option<[f64; 2]> {
        follow.map(|f| Self::followed_origin(f, time_secs))
    }

    /// The sum of the velocity fields (vortices) at `p`, normalised life `u`, with the
    /// followed origin `origin`: `Σ swirlᵢ(p)`, in document order. The part of the derivative
    /// that the direction of motion reads ([`MotionModel::heading_deg`]), so the heading need
    /// not evaluate the accelerations.
    #[inline(always)]
    pub(super) fn flow_about(
        &self,
        r: &SpawnRecord,
        p: [f64; 2],
        u: f32,
        origin: Option<[f64; 2]>,
    ) -> [f64; 2] {
        let mut flow = [0.0, 0.0];
        for t in &self.terms.flow {
            let s = t.strength(r, u);
            let c = t.centre(t.field.center, origin);
            let [fx, fy] = t.field.velocity_about(c, p[0], p[1], s.to_radians());
            flow = [flow[0] + fx, flow[1] + fy];
        }
        flow
    }

    /// The position-dependent parts of the derivative at `p`, age `age`, with the held
    /// turbulence acceleration `turbulence`.
    #[inline(always)]
    pub(super) fn parts(
        &self,
        r: &SpawnRecord,
        p: [f64; 2],
        age: f64,
        turbulence: [f64; 2],
    ) -> Parts {
        let u = (age * r.inv_lifetime) as f32;
        let gm = self.gravity_multiplier.at(u);
        let mut accel = [
            self.gravity[0] * gm + turbulence[0],
            self.gravity[1] * gm + turbulence[1],
        ];
        let origin = Self::origin_at(self.follow.as_ref(), r.birth_secs + age);
        let flow = self.flow_about(r, p, u, origin);
        for t in &self.terms.pulls {
            let s = t.strength(r, u);
            let [ax, ay] = match &t.field {
                Pull::Attractor(field) => {
                    field.unit_accel_about(t.centre(field.center, origin), p[0], p[1])
                }
                Pull::Wind(w) => *w,
            };
            accel = [accel[0] + s * ax, accel[1] + s * ay];
        }
        let mut drag = self.damping;
        for t in &self.terms.drags {
            drag += t.strength(r, u).max(0.0);
        }
        Parts {
            accel,
            drag,
            flow,
            speed: self.speed_multiplier.at(u),
        }
    }
}

#[cfg(test)]
mod tests;
