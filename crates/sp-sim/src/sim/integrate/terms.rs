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

use super::{Follow, MotionModel, MovingCentre, Parts, SpawnRecord, centre_in_particle_space};
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
        match (&self.moving, origin) {
            (Some(m), Some(o)) => m.at(o),
            _ => fixed,
        }
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
        let mut flow = [0.0, 0.0];
        for t in &self.terms.flow {
            let s = t.strength(r, u);
            let c = t.centre(t.field.center, origin);
            let [fx, fy] = t.field.velocity_about(c, p[0], p[1], s.to_radians());
            flow = [flow[0] + fx, flow[1] + fy];
        }
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
mod tests {
    use super::*;
    use crate::behaviour::attractor::{Attractor, Falloff};
    use crate::behaviour::drag::Drag;
    use crate::behaviour::vortex::Vortex;
    use crate::behaviour::wind::Wind;
    use crate::document::{Curve, Range};
    use crate::sim::integrate::Kinematics;

    /// Forces of every kind that adds to a sum, interleaved, with constant and varying
    /// multipliers.
    fn forces() -> Vec<Force> {
        vec![
            Force::Wind(Wind {
                accel_px_per_sec2: Range::new(20.0, 90.0),
                direction_deg: 30.0,
                ..Wind::default()
            }),
            Force::Attractor(Attractor {
                position: [40.0, -10.0],
                radius_px: 400.0,
                falloff: Falloff::Smooth,
                ..Attractor::default()
            }),
            Force::Drag(Drag {
                per_sec: Range::new(0.5, 2.0),
                over_life: Curve::ramp(1.0, 0.25),
            }),
            Force::Vortex(Vortex {
                center: [-30.0, 25.0],
                pull_per_sec: 0.3,
                ..Vortex::default()
            }),
            Force::Wind(Wind {
                direction_deg: 200.0,
                over_life: Curve::ramp(0.2, 1.5),
                ..Wind::default()
            }),
            Force::Attractor(Attractor {
                accel_px_per_sec2: Range::new(-150.0, 50.0),
                over_life: Curve::ramp(2.0, 0.0),
                ..Attractor::default()
            }),
            Force::Vortex(Vortex {
                spin_deg_per_sec: Range::new(-200.0, 40.0),
                radius_px: 60.0,
                over_life: Curve::ramp(0.5, 1.0),
                ..Vortex::default()
            }),
            Force::Drag(Drag::default()),
        ]
    }

    /// The derivative's parts as one loop over the forces in document order (the formula of the
    /// parent module, written out).
    fn one_loop(system: &ParticleSystem, r: &SpawnRecord, p: [f64; 2], age: f64) -> [f64; 5] {
        let t = Transform2D::default();
        let u = (age * r.inv_lifetime) as f32;
        let m = |c: &Curve| f64::from(CurveEval::new(c, 1.0).eval(u));
        let gm = m(&system.over_life.gravity);
        let g = [f64::from(system.gravity[0]), f64::from(system.gravity[1])];
        let mut accel = [g[0] * gm, g[1] * gm];
        let mut drag = f64::from(system.damping.max(0.0));
        let mut flow = [0.0, 0.0];
        for (f, &strength) in system.forces.iter().zip(r.strengths.iter()) {
            let s = f64::from(strength) * m(f.over_life());
            match f {
                Force::Vortex(v) => {
                    let c = centre_in_particle_space(v.center, v.space, system.space, &t);
                    let [fx, fy] =
                        VortexField::new(v, c).velocity_about(c, p[0], p[1], s.to_radians());
                    flow = [flow[0] + fx, flow[1] + fy];
                }
                Force::Attractor(a) => {
                    let c = centre_in_particle_space(a.position, a.space, system.space, &t);
                    let [ax, ay] = AttractorField::new(a, c).unit_accel_about(c, p[0], p[1]);
                    accel = [accel[0] + s * ax, accel[1] + s * ay];
                }
                Force::Wind(w) => {
                    let [ux, uy] = w.unit();
                    accel = [accel[0] + s * ux, accel[1] + s * uy];
                }
                Force::Drag(_) => drag += s.max(0.0),
                _ => {}
            }
        }
        [accel[0], accel[1], drag, flow[0], flow[1]]
    }

    #[test]
    fn each_sum_adds_the_same_terms_in_the_same_order_as_one_loop_over_the_forces() {
        let system = ParticleSystem {
            forces: forces(),
            gravity: [3.0, 98.0],
            damping: 0.2,
            ..ParticleSystem::default()
        };
        let model = MotionModel::new(&system, 240, &Transform2D::default())
            .expect("forces need integration");
        for n in 0..200u32 {
            let x = f64::from(n);
            let r = SpawnRecord {
                birth_secs: 0.1 * x,
                inv_lifetime: 1.0 / (0.5 + 0.01 * x),
                start: Kinematics::default(),
                strengths: std::array::from_fn(|i| (i as f32 + 1.0) * (0.37 * x as f32).sin()),
            };
            let p = [7.3 * x - 500.0, 300.0 - 3.1 * x];
            let age = 0.0025 * x;
            let q = model.parts(&r, p, age, [0.0, 0.0]);
            let got = [q.accel[0], q.accel[1], q.drag, q.flow[0], q.flow[1]];
            let want = one_loop(&system, &r, p, age);
            assert_eq!(
                got.map(f64::to_bits),
                want.map(f64::to_bits),
                "point {n}: {got:?} vs {want:?}"
            );
        }
    }
}
