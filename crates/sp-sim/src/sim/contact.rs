//! Collisions inside one step of a particle's age grid (responses and their formulas:
//! [`crate::behaviour::collision`]; walls and the swept test: [`super::walls`]).
//!
//! A span `[a₀, a₁]` of the grid (a whole step, or the fractional step to a sample time) is
//! integrated in pieces: step from the current age `a` to `a₁`; if the chord `p(a) → p(a₁)`
//! reaches a wall at fraction `s`, the impact age is found on the step itself: `τ* ∈ (0, a₁ − a]`
//! with `gap(p(a + τ*)) = 0`, where `p(a + τ)` is the same step taken over `τ` (regula falsi,
//! Illinois variant, from the chord's estimate `s·(a₁ − a)`, to `10⁻⁷` px or [`MAX_REFINE`]
//! rounds). The particle is placed on the wall (`gap = `[`SKIN_PX`], so the side it is on stays
//! known), the response applied, and the rest of the span integrated from there, up to
//! [`MAX_EVENTS_PER_STEP`] impacts per span (then it stays at the last contact until the span's
//! end). A contact whose incoming normal speed is below
//! [`crate::behaviour::collision::REST_SPEED_PX_PER_SEC`] is a slide, not an impact (bounce and
//! pause): the whole piece is integrated, then put back on the wall with its inward speed
//! removed and Coulomb friction applied; it counts no event.
//!
//! Walls are in scene space. A Local-space system's particles are mapped to the scene with the
//! system's own (document) transform for the test and the response (`to_scene`, `to_particles`),
//! so its colliders stay where they are drawn as long as the system is not moved by a follow
//! or a path.
//!
//! The same function moves the kept grid state and the sampled fractional state, so a sample
//! is a pure function of the particle's spawn record and age, whatever the frame rate.

use std::sync::Arc;

use super::integrate::Kinematics;
use super::walls::{Wall, Walls};
use crate::behaviour::collision::REST_SPEED_PX_PER_SEC;
use crate::behaviour::{Collision, CollisionResponse};
use crate::document::Transform2D;

/// Most impacts handled within one span.
pub const MAX_EVENTS_PER_STEP: u32 = 4;
/// Rounds of the impact-time refinement.
pub const MAX_REFINE: u32 = 24;
/// Distance a particle is put from the wall it touched, pixels.
pub const SKIN_PX: f64 = 1e-4;

/// Where a particle is in its collision life.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Phase {
    /// Moving.
    #[default]
    Free,
    /// Stuck to a wall for good.
    Stuck,
    /// Waiting at a wall until `until_age`, then moving with `resume_v`.
    Paused {
        /// Age the pause ends, seconds.
        until_age: f64,
        /// Velocity after the pause.
        resume_v: [f64; 2],
    },
    /// Destroyed at `at_age`.
    Dead {
        /// Age of the impact, seconds.
        at_age: f64,
    },
}

/// A particle's collision state, kept with its grid state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactState {
    /// Phase.
    pub phase: Phase,
    /// Impacts and pause ends so far.
    pub events: u32,
    /// Age of the last of them, seconds (0 before the first).
    pub last_event_age: f64,
}

/// The affine map of the particles' space to the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frame {
    m: [[f64; 2]; 2],
    t: [f64; 2],
    inv: [[f64; 2]; 2],
}

/// The colliders acting on a system and its response, prepared.
#[derive(Clone, Debug, PartialEq)]
pub struct Contacts {
    walls: Arc<Walls>,
    response: CollisionResponse,
    restitution: f64,
    friction: f64,
    pause_secs: f64,
    radius: f64,
    frame: Option<Frame>,
}

fn mul(m: &[[f64; 2]; 2], v: [f64; 2]) -> [f64; 2] {
    [
        m[0][0] * v[0] + m[0][1] * v[1],
        m[1][0] * v[0] + m[1][1] * v[1],
    ]
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

impl Contacts {
    /// `walls` acting with `collision`; `local` is the system's own transform when its particles
    /// live in its space (`None`: scene space). `None` when the walls or the response make
    /// collisions moot, or the transform cannot be inverted.
    pub fn new(
        walls: Arc<Walls>,
        collision: &Collision,
        local: Option<&Transform2D>,
    ) -> Option<Contacts> {
        if walls.is_empty() || collision.response == CollisionResponse::None {
            return None;
        }
        let frame = match local {
            None => None,
            Some(t) if *t == Transform2D::default() => None,
            Some(t) => {
                let rad = f64::from(t.rotation_deg).to_radians();
                let (sin, cos) = libm::sincos(rad);
                let (sx, sy) = (f64::from(t.scale_x), f64::from(t.scale_y));
                let m = [[cos * sx, -sin * sy], [sin * sx, cos * sy]];
                let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
                if det.abs() < 1e-12 {
                    return None;
                }
                let inv = [
                    [m[1][1] / det, -m[0][1] / det],
                    [-m[1][0] / det, m[0][0] / det],
                ];
                Some(Frame {
                    m,
                    t: [f64::from(t.x), f64::from(t.y)],
                    inv,
                })
            }
        };
        Some(Contacts {
            walls,
            response: collision.response,
            restitution: f64::from(collision.restitution.clamp(0.0, 1.0)),
            friction: f64::from(collision.friction.clamp(0.0, 1.0)),
            pause_secs: f64::from(collision.pause_secs.max(0.0)),
            radius: f64::from(collision.radius_px.max(0.0)),
            frame,
        })
    }

    /// The response.
    pub fn response(&self) -> CollisionResponse {
        self.response
    }

    fn to_scene(&self, p: [f64; 2]) -> [f64; 2] {
        match &self.frame {
            None => p,
            Some(f) => {
                let q = mul(&f.m, p);
                [q[0] + f.t[0], q[1] + f.t[1]]
            }
        }
    }

    fn to_particles(&self, p: [f64; 2]) -> [f64; 2] {
        match &self.frame {
            None => p,
            Some(f) => mul(&f.inv, [p[0] - f.t[0], p[1] - f.t[1]]),
        }
    }

    fn vec_to_scene(&self, v: [f64; 2]) -> [f64; 2] {
        match &self.frame {
            None => v,
            Some(f) => mul(&f.m, v),
        }
    }

    fn vec_to_particles(&self, v: [f64; 2]) -> [f64; 2] {
        match &self.frame {
            None => v,
            Some(f) => mul(&f.inv, v),
        }
    }

    /// `v` (scene space) after a bounce off a wall of normal `n` (see the collision formula).
    fn bounce(&self, v: [f64; 2], n: [f64; 2]) -> [f64; 2] {
        let vn = dot(v, n);
        let w = (-vn).max(0.0);
        let mut out_n = self.restitution * w;
        if out_n < REST_SPEED_PX_PER_SEC {
            out_n = 0.0;
        }
        let vt = [v[0] - vn * n[0], v[1] - vn * n[1]];
        let vt = self.rub(vt, w + out_n);
        [vt[0] + out_n * n[0], vt[1] + out_n * n[1]]
    }

    /// Tangential velocity `vt` after Coulomb friction for a normal speed change `dvn ≥ 0`.
    fn rub(&self, vt: [f64; 2], dvn: f64) -> [f64; 2] {
        let speed = dot(vt, vt).sqrt();
        if speed <= 0.0 {
            return vt;
        }
        let k = (speed - self.friction * dvn).max(0.0) / speed;
        [vt[0] * k, vt[1] * k]
    }

    /// Puts `p` (particle space) `SKIN_PX` off `wall` on its side; returns it and the normal.
    fn place(&self, wall: &Wall, p: [f64; 2]) -> ([f64; 2], [f64; 2]) {
        let q = self.to_scene(p);
        let n = wall.normal(q);
        let g = wall.gap(q);
        let q = [q[0] + (SKIN_PX - g) * n[0], q[1] + (SKIN_PX - g) * n[1]];
        (self.to_particles(q), n)
    }

    /// Moves `y` over the span `[a0, a1]` of ages with `step(y, age, tau)` (the integrator over
    /// `tau` from `age`), handling impacts as the module doc says; `state` is the particle's
    /// collision state (both kept by the caller when the span is a grid step).
    pub fn span(
        &self,
        y: &mut Kinematics,
        state: &mut ContactState,
        a0: f64,
        a1: f64,
        step: impl Fn(&Kinematics, f64, f64) -> Kinematics,
    ) {
        let mut a = a0;
        // Each round handles one impact or pause end; after the last one the particle stays at
        // its last contact until the span's end.
        for _ in 0..=MAX_EVENTS_PER_STEP {
            match state.phase {
                Phase::Dead { .. } | Phase::Stuck => return,
                Phase::Paused {
                    until_age,
                    resume_v,
                } => {
                    if until_age > a1 {
                        return;
                    }
                    a = a.max(until_age);
                    y.v = resume_v;
                    state.phase = Phase::Free;
                    state.events += 1;
                    state.last_event_age = a;
                }
                Phase::Free => {}
            }
            let tau = a1 - a;
            if tau <= 0.0 {
                return;
            }
            let next = step(y, a, tau);
            let (p0, p1) = (self.to_scene(y.p), self.to_scene(next.p));
            let Some((s, wall)) = self.walls.first_hit(p0, p1, self.radius) else {
                *y = next;
                return;
            };
            let q = [p0[0] + s * (p1[0] - p0[0]), p0[1] + s * (p1[1] - p0[1])];
            let v_est = self.vec_to_scene([
                y.v[0] + s * (next.v[0] - y.v[0]),
                y.v[1] + s * (next.v[1] - y.v[1]),
            ]);
            let w = -dot(v_est, wall.normal(q));
            let slides = matches!(
                self.response,
                CollisionResponse::Bounce | CollisionResponse::Pause
            ) && w < REST_SPEED_PX_PER_SEC;
            if slides {
                *y = self.slide(&wall, next);
                return;
            }
            let Some((tau_hit, at)) = self.refine(&wall, y, a, tau, s, p1, &step) else {
                *y = next;
                return;
            };
            let (p, n) = self.place(&wall, at.p);
            let a_hit = a + tau_hit;
            let v_scene = self.vec_to_scene(at.v);
            state.events += 1;
            state.last_event_age = a_hit;
            *y = Kinematics { p, v: at.v };
            a = a_hit;
            match self.response {
                CollisionResponse::Bounce => {
                    y.v = self.vec_to_particles(self.bounce(v_scene, n));
                }
                CollisionResponse::Pause => {
                    let resume_v = self.vec_to_particles(self.bounce(v_scene, n));
                    y.v = [0.0, 0.0];
                    state.phase = Phase::Paused {
                        until_age: a_hit + self.pause_secs,
                        resume_v,
                    };
                }
                CollisionResponse::Stop => {
                    y.v = [0.0, 0.0];
                    state.phase = Phase::Stuck;
                    return;
                }
                CollisionResponse::Destroy | CollisionResponse::None => {
                    y.v = [0.0, 0.0];
                    state.phase = Phase::Dead { at_age: a_hit };
                    return;
                }
            }
        }
    }

    /// A resting contact: `next` put back on the wall, its inward speed removed with friction.
    fn slide(&self, wall: &Wall, mut next: Kinematics) -> Kinematics {
        let q = self.to_scene(next.p);
        if wall.gap(q) < SKIN_PX {
            next.p = self.place(wall, next.p).0;
        }
        let q = self.to_scene(next.p);
        let n = wall.normal(q);
        let v = self.vec_to_scene(next.v);
        let vn = dot(v, n);
        if vn < 0.0 {
            let vt = self.rub([v[0] - vn * n[0], v[1] - vn * n[1]], -vn);
            next.v = self.vec_to_particles(vt);
        }
        next
    }

    /// The impact time `τ*` and the state there (see the module doc); `None` when the true path
    /// misses the wall the chord touched.
    #[allow(clippy::too_many_arguments)]
    fn refine(
        &self,
        wall: &Wall,
        y: &Kinematics,
        a: f64,
        tau: f64,
        s: f64,
        p1: [f64; 2],
        step: &impl Fn(&Kinematics, f64, f64) -> Kinematics,
    ) -> Option<(f64, Kinematics)> {
        let gap_at = |t: f64| -> (f64, Kinematics) {
            let k = step(y, a, t);
            (wall.gap(self.to_scene(k.p)), k)
        };
        let f0 = wall.gap(self.to_scene(y.p));
        if f0 <= 0.0 {
            return Some((0.0, *y));
        }
        let (mut lo, mut flo) = (0.0, f0);
        let (mut hi, mut fhi) = (tau, wall.gap(p1));
        if fhi >= 0.0 {
            // The chord went in and out of a round wall: look for a point of the step inside it.
            let probe = [s, 0.5 * (s + 1.0), 0.25, 0.5, 0.75]
                .into_iter()
                .map(|k| k * tau)
                .find_map(|t| {
                    let (f, _) = gap_at(t);
                    (f < 0.0).then_some((t, f))
                });
            (hi, fhi) = probe?;
        }
        let mut best = (hi, step(y, a, hi));
        let mut side = 0i8;
        for _ in 0..MAX_REFINE {
            let t = (lo * fhi - hi * flo) / (fhi - flo);
            if !(t > lo && t < hi) {
                break;
            }
            let (ft, k) = gap_at(t);
            best = (t, k);
            if ft.abs() < 1e-7 {
                break;
            }
            if ft > 0.0 {
                (lo, flo) = (t, ft);
                if side == 1 {
                    fhi *= 0.5;
                }
                side = 1;
            } else {
                (hi, fhi) = (t, ft);
                if side == -1 {
                    flo *= 0.5;
                }
                side = -1;
            }
        }
        Some(best)
    }
}
