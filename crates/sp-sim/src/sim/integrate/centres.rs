//! Force centres in the particle space: placed once with the system transform, or carried by a
//! followed bone, `c(t) = c₀ + M·T(t)` (see the parent module for the four pairings of centre
//! and particle space).

use super::{Follow, MotionModel};
use crate::behaviour::{CentreSpace, Force};
use crate::document::{ParticleSystem, SimulationSpace, Transform2D};

/// A force centre carried by a followed bone: `c(t) = base + m·T(t)` (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MovingCentre {
    base: [f64; 2],
    m: [[f64; 2]; 2],
}

impl MovingCentre {
    /// The centre for the followed origin `o = T(t)`.
    #[inline(always)]
    pub(super) fn at(&self, o: [f64; 2]) -> [f64; 2] {
        [
            self.base[0] + (self.m[0][0] * o[0] + self.m[0][1] * o[1]),
            self.base[1] + (self.m[1][0] * o[0] + self.m[1][1] * o[1]),
        ]
    }
}

/// The moving form of a centre given in `space` for a system following a bone (see the module
/// doc), `None` when the pairing needs no transform.
fn moving_centre(
    c: [f32; 2],
    space: CentreSpace,
    particles: SimulationSpace,
    t: &Transform2D,
) -> Option<MovingCentre> {
    let (x, y) = (f64::from(c[0]), f64::from(c[1]));
    let rad = f64::from(t.rotation_deg).to_radians();
    let (sin, cos) = libm::sincos(rad);
    let (sx, sy) = (f64::from(t.scale_x), f64::from(t.scale_y));
    match (space, particles) {
        (CentreSpace::System, SimulationSpace::Local)
        | (CentreSpace::Scene, SimulationSpace::World) => None,
        (CentreSpace::System, SimulationSpace::World) => {
            let (lx, ly) = (sx * x, sy * y);
            Some(MovingCentre {
                base: [cos * lx - sin * ly, sin * lx + cos * ly],
                m: [[1.0, 0.0], [0.0, 1.0]],
            })
        }
        (CentreSpace::Scene, SimulationSpace::Local) => {
            let inv = |s: f64| if s != 0.0 { 1.0 / s } else { 0.0 };
            let (ix, iy) = (inv(sx), inv(sy));
            // A = S⁻¹·R⁻¹ = [[cos/sx, sin/sx], [−sin/sy, cos/sy]].
            let a = [[cos * ix, sin * ix], [-sin * iy, cos * iy]];
            Some(MovingCentre {
                base: [a[0][0] * x + a[0][1] * y, a[1][0] * x + a[1][1] * y],
                m: [[-a[0][0], -a[0][1]], [-a[1][0], -a[1][1]]],
            })
        }
    }
}

/// A force centre given in `space`, in the particle space of a system in `particles` space with
/// transform `t`.
pub(super) fn centre_in_particle_space(
    c: [f32; 2],
    space: CentreSpace,
    particles: SimulationSpace,
    t: &Transform2D,
) -> [f64; 2] {
    let (x, y) = (f64::from(c[0]), f64::from(c[1]));
    let rad = f64::from(t.rotation_deg).to_radians();
    let (sin, cos) = libm::sincos(rad);
    let (sx, sy) = (f64::from(t.scale_x), f64::from(t.scale_y));
    let (tx, ty) = (f64::from(t.x), f64::from(t.y));
    match (space, particles) {
        (CentreSpace::System, SimulationSpace::Local)
        | (CentreSpace::Scene, SimulationSpace::World) => [x, y],
        (CentreSpace::System, SimulationSpace::World) => {
            let (lx, ly) = (sx * x, sy * y);
            [tx + cos * lx - sin * ly, ty + sin * lx + cos * ly]
        }
        (CentreSpace::Scene, SimulationSpace::Local) => {
            let (dx, dy) = (x - tx, y - ty);
            let (rx, ry) = (cos * dx + sin * dy, -sin * dx + cos * dy);
            let inv = |s: f64| if s != 0.0 { 1.0 / s } else { 0.0 };
            [rx * inv(sx), ry * inv(sy)]
        }
    }
}

impl MotionModel {
    /// This model with the centres that need it carried by `follow`.
    pub(in crate::sim) fn following(
        mut self,
        system: &ParticleSystem,
        transform: &Transform2D,
        follow: &Follow,
    ) -> MotionModel {
        let moving = |index: usize| match system.forces.get(index) {
            Some(Force::Vortex(v)) => moving_centre(v.center, v.space, system.space, transform),
            Some(Force::Attractor(a)) => {
                moving_centre(a.position, a.space, system.space, transform)
            }
            _ => None,
        };
        for t in &mut self.terms.flow {
            t.moving = moving(t.index);
        }
        for t in &mut self.terms.pulls {
            t.moving = moving(t.index);
        }
        if self.terms.any_moving() {
            self.follow = Some(follow.clone());
        }
        self
    }

    /// The followed origin `T(t) = bone(t) + offset` at system time `t` (as
    /// [`Follow::transform_at`] places it).
    #[inline]
    pub(super) fn followed_origin(follow: &Follow, time_secs: f64) -> [f64; 2] {
        let [x, y] = follow.track.position_at(time_secs);
        [
            f64::from(x + follow.offset[0]),
            f64::from(y + follow.offset[1]),
        ]
    }

    /// Where the vortex or attractor centre of force `index` is at system time `time_secs`,
    /// particle space (`None` for other forces).
    pub fn centre_at(&self, index: usize, time_secs: f64) -> Option<[f64; 2]> {
        let origin = Self::origin_at(self.follow.as_ref(), time_secs);
        self.terms.centre(index, origin)
    }
}
