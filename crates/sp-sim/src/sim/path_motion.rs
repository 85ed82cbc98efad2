//! Path following as functions of time (formulas in [`crate::behaviour::path_follow`]): where
//! the emitter is at scene time `t`, where a particle is at age `a`. No integration, no state
//! beyond what a particle drew at birth, so both are pure functions and seeking is exact.
//!
//! Wrapping a distance `x = s₀ + d` (`L` the length, `W` a closed path's turn per lap):
//! - `once`: `x' = min(x, L)` on an open path, `min(d, L) + s₀` on a closed one;
//! - `loop`: `k = ⌊x'/L⌋`, `s = x' − k·L`;
//! - `pingPong`: `m = x mod 2L`, forwards `s = m` while `m ≤ L`, else backwards `s = 2L − m`
//!   with the direction of travel turned by 180°;
//!
//! and the direction of travel `θ(s) + k·W` (+180° backwards), so it turns smoothly round and
//! round a closed path.

use std::sync::Arc;

use super::path_geom::{PathGeom, PathPoint};
use crate::behaviour::{PathFollow, PathFollowMode, PathRepeat, PathStart, PathTiming};
use crate::document::Transform2D;

/// A position on the path reached by travelling, and the direction of travel there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Travelled {
    /// The path's point (position, tangent).
    pub point: PathPoint,
    /// Direction of travel, degrees clockwise, continuous over laps.
    pub heading_deg: f64,
}

/// How a system travels a path, prepared.
#[derive(Clone, Debug, PartialEq)]
pub struct PathTravel {
    /// The path, in the travellers' space.
    pub geom: Arc<PathGeom>,
    /// The document settings.
    pub follow: PathFollow,
    /// Speed along the path, px/s, when it does not depend on the particle (`None`: `L`
    /// divided by each particle's lifetime).
    speed: Option<f64>,
}

impl PathTravel {
    /// Prepared for a system of duration `duration_secs`.
    pub fn new(geom: Arc<PathGeom>, follow: &PathFollow, duration_secs: f32) -> PathTravel {
        let len = geom.length();
        let per = |t: f64| if t > 0.0 { Some(len / t) } else { None };
        let speed = match follow.timing {
            PathTiming::Speed => Some(f64::from(follow.speed_px_per_sec.max(0.0))),
            PathTiming::Time if follow.travel_secs > 0.0 => per(f64::from(follow.travel_secs)),
            PathTiming::Time => match follow.mode {
                PathFollowMode::Emitter => per(f64::from(duration_secs)).or(Some(0.0)),
                PathFollowMode::Particles => None,
            },
        };
        PathTravel {
            geom,
            follow: follow.clone(),
            speed,
        }
    }

    /// Speed along the path for a particle whose lifetime is `lifetime_secs`, px/s.
    pub fn speed_for(&self, lifetime_secs: f64) -> f64 {
        match self.speed {
            Some(v) => v,
            None if lifetime_secs > 0.0 => self.geom.length() / lifetime_secs,
            None => 0.0,
        }
    }

    /// The point reached after `distance` from `s0` (see the module formula).
    pub fn travel(&self, s0: f64, distance: f64) -> Travelled {
        let g = &*self.geom;
        let len = g.length();
        if len <= 0.0 {
            let point = g.at(0.0);
            return Travelled {
                point,
                heading_deg: point.theta_deg,
            };
        }
        let d = distance.max(0.0);
        let (s, laps, backwards) = match self.follow.repeat {
            PathRepeat::Once if g.is_closed() => wrap(s0 + d.min(len), len),
            PathRepeat::Once => ((s0 + d).min(len), 0.0, false),
            PathRepeat::Loop => wrap(s0 + d, len),
            PathRepeat::PingPong => {
                let m = s0 + d;
                let m = m - 2.0 * len * f64::floor(m / (2.0 * len));
                if m <= len {
                    (m, 0.0, false)
                } else {
                    (2.0 * len - m, 0.0, true)
                }
            }
        };
        let point = g.at(s);
        let turn = if g.is_closed() {
            laps * g.turn_deg()
        } else {
            0.0
        };
        Travelled {
            point,
            heading_deg: point.theta_deg + turn + if backwards { 180.0 } else { 0.0 },
        }
    }

    /// The emitter's transform at scene time `time_secs`: `base` moved to the path point, its
    /// rotation turned by the direction of travel when oriented (see the module formula).
    pub fn emitter_transform(
        &self,
        base: &Transform2D,
        time_secs: f64,
        delay_secs: f32,
    ) -> Transform2D {
        let tau = (time_secs - f64::from(delay_secs.max(0.0))).max(0.0);
        let t = self.travel(0.0, self.speed_for(0.0) * tau);
        Transform2D {
            x: t.point.p[0] as f32,
            y: t.point.p[1] as f32,
            rotation_deg: if self.follow.orient {
                (f64::from(base.rotation_deg) + t.heading_deg) as f32
            } else {
                base.rotation_deg
            },
            ..*base
        }
    }

    /// Where a particle born at `birth` (particle space) starts: `(s₀, d_t, d_n)`, its offset
    /// from the path point measured along the tangent and normal there; `origin` is the
    /// emitter's origin at birth (particle space).
    pub fn particle_start(&self, birth: [f64; 2], origin: [f64; 2]) -> PathOnLife {
        let g = &*self.geom;
        let (s0, offset) = match self.follow.start {
            PathStart::PathStart => (0.0, [birth[0] - origin[0], birth[1] - origin[1]]),
            PathStart::Nearest => {
                let s0 = g.nearest(birth);
                let q = g.at(s0).p;
                (s0, [birth[0] - q[0], birth[1] - q[1]])
            }
        };
        let t = g.at(s0).tangent;
        PathOnLife {
            s0,
            along: offset[0] * t[0] + offset[1] * t[1],
            across: -offset[0] * t[1] + offset[1] * t[0],
        }
    }

    /// A particle's position and direction of travel after travelling `distance` from `start`.
    pub fn particle_at(&self, start: &PathOnLife, distance: f64) -> ([f64; 2], f64) {
        let t = self.travel(start.s0, distance);
        let [tx, ty] = t.point.tangent;
        let (nx, ny) = (-ty, tx);
        (
            [
                t.point.p[0] + start.along * tx + start.across * nx,
                t.point.p[1] + start.along * ty + start.across * ny,
            ],
            t.heading_deg,
        )
    }
}

/// A particle's start on its path (see [`PathTravel::particle_start`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PathOnLife {
    /// Distance along the path where it starts.
    pub s0: f64,
    /// Offset along the tangent.
    pub along: f64,
    /// Offset along the normal (tangent turned 90° clockwise on screen).
    pub across: f64,
}

/// `(s, laps, false)` with `s = x − laps·L ∈ [0, L)`.
fn wrap(x: f64, len: f64) -> (f64, f64, bool) {
    let laps = f64::floor(x / len);
    ((x - laps * len).clamp(0.0, len), laps, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{PathKind, PathObject};

    fn square(repeat: PathRepeat) -> PathTravel {
        let geom = PathGeom::new(
            &PathObject {
                kind: PathKind::Polyline,
                points: vec![[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]],
                closed: true,
                ..PathObject::default()
            },
            |p| p,
        );
        PathTravel::new(
            Arc::new(geom),
            &PathFollow {
                timing: PathTiming::Speed,
                speed_px_per_sec: 100.0,
                repeat,
                orient: true,
                ..PathFollow::default()
            },
            1.0,
        )
    }

    #[test]
    fn loops_go_round_with_a_continuous_direction() {
        let t = square(PathRepeat::Loop);
        assert_eq!(t.geom.length(), 400.0);
        let a = t.travel(0.0, 50.0);
        let b = t.travel(0.0, 450.0);
        assert!((a.point.p[0] - b.point.p[0]).abs() < 1e-9);
        assert!((b.heading_deg - a.heading_deg - 360.0).abs() < 1e-9);
        let once = square(PathRepeat::Once).travel(0.0, 450.0);
        assert!((once.point.p[0]).abs() < 1e-9 && once.point.p[1].abs() < 1e-9);
        let pp = square(PathRepeat::PingPong).travel(0.0, 550.0);
        assert!((pp.point.p[0] - 50.0).abs() < 1e-9 && (pp.point.p[1] - 100.0).abs() < 1e-9);
        // Backwards along the bottom edge (which runs right to left): heading left + 180 = right.
        assert!((libm::cos(pp.heading_deg.to_radians()) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn particles_keep_their_offset_across_the_path() {
        let t = square(PathRepeat::Loop);
        let start = t.particle_start([10.0, -5.0], [0.0, 0.0]);
        assert_eq!((start.s0, start.along, start.across), (0.0, 10.0, -5.0));
        // After 190 px: on the right edge (going down), 10 px further and 5 px outside.
        let (p, heading) = t.particle_at(&start, 190.0);
        assert!(
            (p[0] - 105.0).abs() < 1e-9 && (p[1] - 100.0).abs() < 1e-9,
            "{p:?}"
        );
        assert!((heading - 90.0).abs() < 1e-9);
        let near = PathTravel {
            follow: PathFollow {
                start: PathStart::Nearest,
                ..t.follow.clone()
            },
            ..t.clone()
        };
        let s = near.particle_start([40.0, 3.0], [0.0, 0.0]);
        assert!(
            (s.s0 - 40.0).abs() < 1e-9 && s.along.abs() < 1e-9 && (s.across - 3.0).abs() < 1e-9
        );
    }
}
