//! Colliders prepared for the swept test of a particle's motion (scene space, `f64`).
//!
//! Every collider is a set of *features*: segments (a polyline's pieces, a rectangle's four
//! sides), their end points, and circles. A particle of radius `r` (its centre) must stay `r`
//! away from every feature, on the side it is on:
//! - a segment `A + u·t̂` (`0 ≤ u ≤ L`, unit normal `n̂`): the signed distance `d = n̂·(p − A)`,
//!   side `σ = sign d` at the start of the move (on the line itself, the side it comes from,
//!   `−sign d₁`), gap `g = σ·d − r`;
//! - an end point `C` (only when `r > 0`, the rounded ends of a capsule): gap `|p − C| − r`;
//! - a circle `(C, R)`: from outside, gap `|p − C| − (R + r)`; from inside, `(R − r) − |p − C|`.
//!
//! [`Walls::first_hit`] takes the straight move `p₀ → p₁` (a chord of the particle's path over
//! one step), and returns the smallest fraction `s ∈ [0, 1]` where the gap of some feature
//! reaches 0 while decreasing (touching at the end of the move counts): linear in `s` for a segment (`s = g₀/(g₀ − g₁)`, the crossing
//! point inside `0 ≤ u ≤ L`), the smaller root of `|p₀ + s·D − C|² = ρ²` entering a circle
//! from outside, the larger leaving it from inside. Ties go to the first feature in scene order.
//! The caller refines the time on the true (curved) path with [`Wall::gap`]; [`Wall::normal`]
//! is the unit normal pointing to the particle's side.

use crate::document::{Collider, ColliderShape};

/// One wall a particle touched, with its side: enough to measure the gap and the normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wall {
    /// A segment's line, `n` oriented towards the particle; gap `n·(p − a) − r`.
    Line {
        /// A point of the line.
        a: [f64; 2],
        /// Unit normal towards the particle.
        n: [f64; 2],
        /// Particle radius.
        r: f64,
    },
    /// A circle of radius `rho` (particle radius included) around `c`.
    Round {
        /// Centre.
        c: [f64; 2],
        /// Radius the particle's centre keeps to.
        rho: f64,
        /// The particle is outside (gap `|p − c| − rho`), else inside (`rho − |p − c|`).
        outside: bool,
    },
}

impl Wall {
    /// Signed gap of `p` to the wall (negative: through it).
    #[inline]
    pub fn gap(&self, p: [f64; 2]) -> f64 {
        match *self {
            Wall::Line { a, n, r } => n[0] * (p[0] - a[0]) + n[1] * (p[1] - a[1]) - r,
            Wall::Round { c, rho, outside } => {
                let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
                let d = (dx * dx + dy * dy).sqrt();
                if outside { d - rho } else { rho - d }
            }
        }
    }

    /// Unit normal at `p`, pointing to the particle's side (`(0, −1)` at a circle's centre).
    #[inline]
    pub fn normal(&self, p: [f64; 2]) -> [f64; 2] {
        match *self {
            Wall::Line { n, .. } => n,
            Wall::Round { c, outside, .. } => {
                let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
                let d = (dx * dx + dy * dy).sqrt();
                if d == 0.0 {
                    return [0.0, -1.0];
                }
                let k = if outside { 1.0 / d } else { -1.0 / d };
                [dx * k, dy * k]
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Segment {
    a: [f64; 2],
    t: [f64; 2],
    n: [f64; 2],
    len: f64,
}

/// The colliders acting on one system, prepared (see the module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Walls {
    segments: Vec<Segment>,
    vertices: Vec<[f64; 2]>,
    circles: Vec<([f64; 2], f64)>,
}

/// Corners of a rectangle collider, clockwise on screen from its top-left (scene pixels).
pub fn rect_corners(center: [f32; 2], width: f32, height: f32, rotation_deg: f32) -> [[f64; 2]; 4] {
    let rad = f64::from(rotation_deg).to_radians();
    let (sin, cos) = libm::sincos(rad);
    let (hw, hh) = (0.5 * f64::from(width), 0.5 * f64::from(height));
    let (cx, cy) = (f64::from(center[0]), f64::from(center[1]));
    [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        .map(|(x, y)| [cx + cos * x - sin * y, cy + sin * x + cos * y])
}

/// Points to draw a collider's outline with, scene pixels (a circle as a 64-gon; closed shapes
/// repeat their first point at the end).
pub fn collider_outline(shape: &ColliderShape) -> Vec<[f32; 2]> {
    let f = |p: [f64; 2]| [p[0] as f32, p[1] as f32];
    match shape {
        ColliderShape::Segment { a, b } => vec![*a, *b],
        ColliderShape::Polyline { points, closed } => {
            let mut v = points.clone();
            if *closed && points.len() > 2 {
                v.push(points[0]);
            }
            v
        }
        ColliderShape::Circle { center, radius } => (0..=64)
            .map(|i| {
                let a = f64::from(i) / 64.0 * std::f64::consts::TAU;
                let (sin, cos) = libm::sincos(a);
                f([
                    f64::from(center[0]) + f64::from(*radius) * cos,
                    f64::from(center[1]) + f64::from(*radius) * sin,
                ])
            })
            .collect(),
        ColliderShape::Rect {
            center,
            width,
            height,
            rotation_deg,
        } => {
            let c = rect_corners(*center, *width, *height, *rotation_deg);
            vec![f(c[0]), f(c[1]), f(c[2]), f(c[3]), f(c[0])]
        }
    }
}

fn p64(p: [f32; 2]) -> [f64; 2] {
    [f64::from(p[0]), f64::from(p[1])]
}

impl Walls {
    /// The walls of `colliders`, in order.
    pub fn new<'a>(colliders: impl IntoIterator<Item = &'a Collider>) -> Walls {
        let mut w = Walls::default();
        for c in colliders {
            match &c.shape {
                ColliderShape::Segment { a, b } => w.polyline(&[p64(*a), p64(*b)], false),
                ColliderShape::Polyline { points, closed } => {
                    let pts: Vec<[f64; 2]> = points.iter().map(|p| p64(*p)).collect();
                    w.polyline(&pts, *closed && pts.len() > 2);
                }
                ColliderShape::Circle { center, radius } => {
                    w.circles.push((p64(*center), f64::from(*radius)));
                }
                ColliderShape::Rect {
                    center,
                    width,
                    height,
                    rotation_deg,
                } => w.polyline(&rect_corners(*center, *width, *height, *rotation_deg), true),
            }
        }
        w
    }

    fn polyline(&mut self, pts: &[[f64; 2]], closed: bool) {
        let n = pts.len();
        if n == 0 {
            return;
        }
        let pieces = if closed { n } else { n - 1 };
        for i in 0..pieces {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let len = (dx * dx + dy * dy).sqrt();
            if len > 0.0 {
                let t = [dx / len, dy / len];
                self.segments.push(Segment {
                    a,
                    t,
                    n: [-t[1], t[0]],
                    len,
                });
            }
        }
        self.vertices.extend_from_slice(pts);
    }

    /// No wall at all.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty() && self.vertices.is_empty() && self.circles.is_empty()
    }

    /// The first wall the move `p0 → p1` of a particle of radius `r` reaches, with the fraction
    /// of the move where it does (see the module doc).
    pub fn first_hit(&self, p0: [f64; 2], p1: [f64; 2], r: f64) -> Option<(f64, Wall)> {
        let dx = [p1[0] - p0[0], p1[1] - p0[1]];
        let mut best: Option<(f64, Wall)> = None;
        let mut offer = |s: f64, wall: Wall| {
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, wall));
            }
        };
        for seg in &self.segments {
            let d0 = seg.n[0] * (p0[0] - seg.a[0]) + seg.n[1] * (p0[1] - seg.a[1]);
            let d1 = seg.n[0] * (p1[0] - seg.a[0]) + seg.n[1] * (p1[1] - seg.a[1]);
            // The side the particle is on; on the line itself, the side it leaves.
            let side = if d0 > 0.0 {
                1.0
            } else if d0 < 0.0 {
                -1.0
            } else if d1 < 0.0 {
                1.0
            } else if d1 > 0.0 {
                -1.0
            } else {
                continue;
            };
            let (g0, g1) = (side * d0 - r, side * d1 - r);
            if !(g1 <= 0.0 && g1 < g0) {
                continue;
            }
            let s = if g0 <= 0.0 { 0.0 } else { g0 / (g0 - g1) };
            let q = [p0[0] + s * dx[0], p0[1] + s * dx[1]];
            let u = seg.t[0] * (q[0] - seg.a[0]) + seg.t[1] * (q[1] - seg.a[1]);
            if (0.0..=seg.len).contains(&u) {
                offer(
                    s,
                    Wall::Line {
                        a: seg.a,
                        n: [side * seg.n[0], side * seg.n[1]],
                        r,
                    },
                );
            }
        }
        if r > 0.0 {
            for &c in &self.vertices {
                if let Some(s) = enter_circle(p0, dx, c, r) {
                    offer(
                        s,
                        Wall::Round {
                            c,
                            rho: r,
                            outside: true,
                        },
                    );
                }
            }
        }
        for &(c, radius) in &self.circles {
            let m = [p0[0] - c[0], p0[1] - c[1]];
            let d2 = m[0] * m[0] + m[1] * m[1];
            if d2 > radius * radius {
                if let Some(s) = enter_circle(p0, dx, c, radius + r) {
                    offer(
                        s,
                        Wall::Round {
                            c,
                            rho: radius + r,
                            outside: true,
                        },
                    );
                }
            } else if d2 < radius * radius
                && radius > r
                && let Some(s) = leave_circle(p0, dx, c, radius - r)
            {
                offer(
                    s,
                    Wall::Round {
                        c,
                        rho: radius - r,
                        outside: false,
                    },
                );
            }
        }
        best
    }

    /// Number of straight walls.
    pub fn segment_count(&self) -> usize {
        self.segments.len()
    }
}

/// The coefficients `(a, b, c)` of `|p0 + s·d − centre|² − rho² = a·s² + 2b·s + c` (`None` for a
/// still point, `d = 0`): the crossings of the circle are `s = (−b ± √(b² − a·c))/a`.
fn circle_quadratic(p0: [f64; 2], d: [f64; 2], c: [f64; 2], rho: f64) -> Option<(f64, f64, f64)> {
    let m = [p0[0] - c[0], p0[1] - c[1]];
    let a = d[0] * d[0] + d[1] * d[1];
    if a == 0.0 {
        return None;
    }
    let b = m[0] * d[0] + m[1] * d[1];
    Some((a, b, m[0] * m[0] + m[1] * m[1] - rho * rho))
}

/// Smallest `s ∈ [0, 1]` where `p0 + s·d` enters the circle `(c, rho)` from outside (or 0 when
/// already inside it and moving inwards).
fn enter_circle(p0: [f64; 2], d: [f64; 2], c: [f64; 2], rho: f64) -> Option<f64> {
    let (a, b, cc) = circle_quadratic(p0, d, c, rho)?;
    if b >= 0.0 {
        return None;
    }
    if cc <= 0.0 {
        return Some(0.0);
    }
    let disc = b * b - a * cc;
    if disc < 0.0 {
        return None;
    }
    let s = (-b - disc.sqrt()) / a;
    (0.0..=1.0).contains(&s).then_some(s)
}

/// Smallest `s ∈ [0, 1]` where `p0 + s·d`, inside the circle `(c, rho)`, reaches it (or 0 when
/// already beyond it and moving outwards).
fn leave_circle(p0: [f64; 2], d: [f64; 2], c: [f64; 2], rho: f64) -> Option<f64> {
    let (a, b, cc) = circle_quadratic(p0, d, c, rho)?;
    if cc >= 0.0 {
        return (b > 0.0).then_some(0.0);
    }
    let disc = b * b - a * cc;
    let s = (-b + disc.sqrt()) / a;
    (0.0..=1.0).contains(&s).then_some(s)
}

#[cfg(test)]
mod tests;
