//! Two particles stepped at once: the midpoint slopes of two particles computed with one
//! particle per lane of an [`F64x2`] (`f64x2` in WebAssembly), so each `+ − × ÷ √` of the
//! derivative (the vortices' swirl, the attractors' pull, the drag and the speed) is one lane
//! operation for both; and when both particles reach a turbulence sample at the same step,
//! their curl noise in lanes too ([`crate::behaviour::noise::gradient_xy_two`]). What depends on
//! each particle's own draw and age (its over-life multipliers, strengths, the followed origin,
//! the noise's lattice) stays scalar, lane by lane.
//!
//! The same operations in the same order as [`MotionModel::midpoint_slopes`] and
//! [`MotionModel::turbulence`] lane by lane, and lane operations round as the scalar ones (see
//! [`crate::sim::pair`]): the slopes and samples are the same bits, so every grid state is
//! (tests compare them with the one-particle path; the wasm = native state hashes and the
//! CLI = wasm export bytes check the targets). The grid step that uses the slopes is the
//! one-particle step, handed them as those a sample kept ([`GridState::ahead`]).
//!
//! Measured (README, Performance): with turbulence, a vortex and an attractor, a grid step in
//! Chromium took 0.70× its time one particle at a time. Neighbouring particles in the pool were
//! born close together when many are alive (the case the speed is for), so most pairs sample
//! their turbulence at the same step; otherwise each samples its own.

use super::centres::MovingCentre;
use super::terms::{Multiplier, Pull, Term};
use super::*;
use crate::sim::lookup::CurveEval;
use crate::sim::pair::F64x2;

/// Two states, one particle per lane.
#[derive(Clone, Copy)]
struct State2 {
    px: F64x2,
    py: F64x2,
    vx: F64x2,
    vy: F64x2,
}

/// `(p', v')` of two particles, one per lane.
#[derive(Clone, Copy)]
struct Deriv2 {
    dpx: F64x2,
    dpy: F64x2,
    dvx: F64x2,
    dvy: F64x2,
}

/// The [`Parts`] of two particles, one per lane (`drag` also per particle, for the stiff test).
struct Parts2 {
    ax: F64x2,
    ay: F64x2,
    drag: [f64; 2],
    fx: F64x2,
    fy: F64x2,
    speed: F64x2,
}

/// The slopes of lane `i` of `k1`, `k2`.
#[inline(always)]
fn lane(k1: &Deriv2, k2: &Deriv2, i: usize) -> Slopes {
    let pick = |v: F64x2| if i == 0 { v.x() } else { v.y() };
    Slopes {
        k1: ([pick(k1.dpx), pick(k1.dpy)], [pick(k1.dvx), pick(k1.dvy)]),
        k2: ([pick(k2.dpx), pick(k2.dpy)], [pick(k2.dvx), pick(k2.dvy)]),
    }
}

/// `m(u)` of each particle (normalised lives `u`), one per lane: a constant splat, a curve
/// evaluated out of line in wasm (the module's size).
#[inline(always)]
fn multiplier_two(m: &Multiplier, u: [f32; 2]) -> F64x2 {
    match m {
        Multiplier::Constant(c) => F64x2::splat(*c),
        Multiplier::Curve(curve) => curve_two(curve, u[0], u[1]),
    }
}

/// `curve(u)` of each particle (`u0`, `u1`), one per lane. Two arguments, not an array: in wasm
/// an array argument went through memory, two 4-byte stores read back as one 8-byte load (a
/// store-forwarding stall: a fifth of the slopes' time in V8's code).
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn curve_two(curve: &CurveEval, u0: f32, u1: f32) -> F64x2 {
    F64x2::new(f64::from(curve.eval(u0)), f64::from(curve.eval(u1)))
}

/// [`Term::strength`] of each particle (records `r`, normalised lives `u`), one per lane.
#[inline(always)]
fn strength_two<F>(t: &Term<F>, r: [&SpawnRecord; 2], u: [f32; 2]) -> F64x2 {
    let draw = |r: &SpawnRecord| f64::from(r.strengths.get(t.index).copied().unwrap_or(0.0));
    F64x2::new(draw(r[0]), draw(r[1])).mul(multiplier_two(&t.multiplier, u))
}

/// Whether either particle's step of `tau` is stiff ([`STIFF_DRAG_STEP`]).
#[inline(always)]
fn stiff(q: &Parts2, tau: f64) -> bool {
    q.drag[0] * tau > STIFF_DRAG_STEP || q.drag[1] * tau > STIFF_DRAG_STEP
}

/// A centre for each particle: its moving form `moving` for each particle's followed origin
/// `origin`, else `fixed` ([`terms::centre_of`]), one particle per lane.
#[inline(always)]
fn centres(
    moving: &Option<MovingCentre>,
    fixed: [f64; 2],
    origin: [Option<[f64; 2]>; 2],
) -> [F64x2; 2] {
    let c0 = terms::centre_of(moving, fixed, origin[0]);
    let c1 = terms::centre_of(moving, fixed, origin[1]);
    [F64x2::new(c0[0], c1[0]), F64x2::new(c0[1], c1[1])]
}

impl MotionModel {
    /// Moves the grids `grid` of two particles (records `r`) toward the grid points of their
    /// ages `age_secs` together, with the slopes of the steps they take together computed in
    /// lanes, and keeps the slopes of the samples between grid points when both need them. A
    /// [`MotionModel::sample`] of each then takes the steps left and reads the sample: the same
    /// grid states and samples, bit for bit, as the samples alone (a step whose slopes a sample
    /// kept is taken as it is: it needs no evaluation).
    pub fn advance_two(
        &self,
        r: [&SpawnRecord; 2],
        [g0, g1]: [&mut GridState; 2],
        age_secs: [f64; 2],
        track_heading: bool,
    ) {
        if !self.plain_midpoint() {
            return;
        }
        let target = [self.grid_index(age_secs[0]), self.grid_index(age_secs[1])];
        while g0.n < target[0] && g1.n < target[1] {
            if g0.ahead.is_none() && g1.ahead.is_none() {
                self.keep_slopes_two(r, g0, g1);
            }
            let due = [
                self.grid_step_held(r[0], g0, track_heading),
                self.grid_step_held(r[1], g1, track_heading),
            ];
            match due {
                [Some(a0), Some(a1)] => self.turbulence_two(r, g0, g1, [a0, a1]),
                _ => {
                    for (r, g, due) in [(r[0], &mut *g0, due[0]), (r[1], &mut *g1, due[1])] {
                        if let Some(age) = due {
                            g.turbulence = self.turbulence(r, g.at.p, age);
                        }
                    }
                }
            }
        }
        let between = |g: &GridState, n: u32, age: f64| {
            g.n == n && g.ahead.is_none() && age - f64::from(g.n) * self.h > 0.0
        };
        if between(g0, target[0], age_secs[0]) && between(g1, target[1], age_secs[1]) {
            self.keep_slopes_two(r, g0, g1);
        }
    }

    /// Computes the slopes of the grid step from each of the two grid states `g0`, `g1` and
    /// keeps them in [`GridState::ahead`] (both left `None` when either step is not a plain
    /// midpoint step, a stiff one: the one-particle path then decides, as without lanes). One
    /// out-of-line copy in wasm (two callers).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn keep_slopes_two(&self, r: [&SpawnRecord; 2], g0: &mut GridState, g1: &mut GridState) {
        let tau = self.h;
        let age = [f64::from(g0.n) * tau, f64::from(g1.n) * tau];
        let turb = [g0.turbulence, g1.turbulence];
        let (y0, y1) = (&g0.at, &g1.at);
        let s = State2 {
            px: F64x2::new(y0.p[0], y1.p[0]),
            py: F64x2::new(y0.p[1], y1.p[1]),
            vx: F64x2::new(y0.v[0], y1.v[0]),
            vy: F64x2::new(y0.v[1], y1.v[1]),
        };
        let q = self.parts_two(r, s.px, s.py, age, turb);
        if stiff(&q, tau) {
            return;
        }
        let half = 0.5 * tau;
        let k1 = Self::derivative_two(&q, &s);
        let h = F64x2::splat(half);
        let mid = State2 {
            px: s.px.add(h.mul(k1.dpx)),
            py: s.py.add(h.mul(k1.dpy)),
            vx: s.vx.add(h.mul(k1.dvx)),
            vy: s.vy.add(h.mul(k1.dvy)),
        };
        let q2 = self.parts_two(r, mid.px, mid.py, [age[0] + half, age[1] + half], turb);
        if stiff(&q2, tau) {
            return;
        }
        let k2 = Self::derivative_two(&q2, &mid);
        g0.ahead = Some(lane(&k1, &k2, 0));
        g1.ahead = Some(lane(&k1, &k2, 1));
    }

    /// Samples the turbulence of the two grid points `g0`, `g1` reached at ages `age`
    /// ([`MotionModel::turbulence`], one particle per lane).
    fn turbulence_two(
        &self,
        r: [&SpawnRecord; 2],
        g0: &mut GridState,
        g1: &mut GridState,
        age: [f64; 2],
    ) {
        let u = [
            (age[0] * r[0].inv_lifetime) as f32,
            (age[1] * r[1].inv_lifetime) as f32,
        ];
        let px = F64x2::new(g0.at.p[0], g1.at.p[0]);
        let py = F64x2::new(g0.at.p[1], g1.at.p[1]);
        let time = F64x2::new(r[0].birth_secs + age[0], r[1].birth_secs + age[1]);
        let (mut ax, mut ay) = (F64x2::splat(0.0), F64x2::splat(0.0));
        for t in &self.terms.turbulence {
            let s = strength_two(t, r, u);
            let [ux, uy] = t.field.unit_accel_two(px, py, time);
            ax = ax.add(s.mul(ux));
            ay = ay.add(s.mul(uy));
        }
        g0.turbulence = [ax.x(), ay.x()];
        g1.turbulence = [ax.y(), ay.y()];
    }

    /// [`MotionModel::derivative_of`] in lanes.
    #[inline(always)]
    fn derivative_two(q: &Parts2, y: &State2) -> Deriv2 {
        let drag = F64x2::new(q.drag[0], q.drag[1]);
        Deriv2 {
            dpx: q.speed.mul(y.vx.add(q.fx)),
            dpy: q.speed.mul(y.vy.add(q.fy)),
            dvx: q.ax.sub(drag.mul(y.vx)),
            dvy: q.ay.sub(drag.mul(y.vy)),
        }
    }

    /// [`MotionModel::parts`] of two particles at positions `(px, py)`, ages `age`, with their
    /// held turbulence accelerations `turb`.
    #[inline(always)]
    fn parts_two(
        &self,
        r: [&SpawnRecord; 2],
        px: F64x2,
        py: F64x2,
        age: [f64; 2],
        turb: [[f64; 2]; 2],
    ) -> Parts2 {
        let u = [
            (age[0] * r[0].inv_lifetime) as f32,
            (age[1] * r[1].inv_lifetime) as f32,
        ];
        let gm = multiplier_two(&self.gravity_multiplier, u);
        let mut ax = F64x2::splat(self.gravity[0])
            .mul(gm)
            .add(F64x2::new(turb[0][0], turb[1][0]));
        let mut ay = F64x2::splat(self.gravity[1])
            .mul(gm)
            .add(F64x2::new(turb[0][1], turb[1][1]));
        let origin = [
            Self::origin_at(self.follow.as_ref(), r[0].birth_secs + age[0]),
            Self::origin_at(self.follow.as_ref(), r[1].birth_secs + age[1]),
        ];
        let (mut fx, mut fy) = (F64x2::splat(0.0), F64x2::splat(0.0));
        for t in &self.terms.flow {
            // `to_radians` is `x·(π/180)`.
            let omega = strength_two(t, r, u).mul(F64x2::splat(core::f64::consts::PI / 180.0));
            let c = centres(&t.moving, t.field.center, origin);
            let [vx, vy] = t.field.velocity_about_lanes(c, px, py, omega);
            fx = fx.add(vx);
            fy = fy.add(vy);
        }
        for t in &self.terms.pulls {
            let s = strength_two(t, r, u);
            let [ux, uy] = match &t.field {
                Pull::Attractor(field) => {
                    field.unit_accel_about_lanes(centres(&t.moving, field.center, origin), px, py)
                }
                Pull::Wind(w) => [F64x2::splat(w[0]), F64x2::splat(w[1])],
            };
            ax = ax.add(s.mul(ux));
            ay = ay.add(s.mul(uy));
        }
        let mut drag = [self.damping; 2];
        for t in &self.terms.drags {
            let s = strength_two(t, r, u);
            drag = [drag[0] + s.x().max(0.0), drag[1] + s.y().max(0.0)];
        }
        Parts2 {
            ax,
            ay,
            drag,
            fx,
            fy,
            speed: multiplier_two(&self.speed_multiplier, u),
        }
    }
}

#[cfg(test)]
mod tests;
