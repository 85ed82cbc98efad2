//! A path prepared for travel: its pieces as cubic Bézier curves, an arc-length table, and
//! position, direction and nearest point by distance along it (`f64`).
//!
//! Every kind becomes cubic pieces `B(u) = (1−u)³P₀ + 3(1−u)²u·P₁ + 3(1−u)u²·P₂ + u³P₃`:
//! - polyline: `P₁, P₂` at a third and two thirds of the straight piece (`B` is then linear in
//!   `u`, so the table is exact with one entry per piece);
//! - centripetal Catmull–Rom through `Qᵢ₋₁, Qᵢ, Qᵢ₊₁, Qᵢ₊₂` (Yuksel et al. 2011), with
//!   `dₖ = |Qₖ − Qₖ₋₁|^½`: `P₁ = (d₁²Qᵢ₊₁ − d₂²Qᵢ₋₁ + (2d₁² + 3d₁d₂ + d₂²)Qᵢ) / (3d₁(d₁ + d₂))`,
//!   `P₂ = (d₃²Qᵢ − d₂²Qᵢ₊₂ + (2d₃² + 3d₃d₂ + d₂²)Qᵢ₊₁) / (3d₃(d₃ + d₂))` (a zero `d` gives the
//!   end point itself); an open path's missing neighbours are mirrored (`Q₋₁ = 2Q₀ − Q₁`);
//! - Bézier: the point, its `out` handle, the next point's `in` handle, the next point.
//!
//! Arc length: [`SUBDIVISIONS`] chords per curved piece (one per straight piece); the length
//! `L` is the sum of the chords. Between two entries `(u₀, s₀)`, `(u₁, s₁)` of a piece, `s(u)`
//! is the cubic Hermite interpolant with end slopes `|B'(u₀)|`, `|B'(u₁)|` (so `ds/du` follows
//! the curve's own speed and is continuous across entries); a distance `s` is mapped to `u` by
//! inverting it (Newton, from the linear guess), then `B(u)` and `B'(u)` are evaluated exactly:
//! position and direction are smooth in `s`, and travel at a constant `ds/dt` moves at a
//! constant speed along the curve to a fraction of a percent. The direction `θ(s)` (degrees clockwise, y down) is
//! unwrapped along the path (it never jumps by 360° inside a path; a closed path's direction
//! after a lap is `θ(s) + W` with `W` its total turn, a multiple of 360°).
//!
//! A path with fewer than two points, or of length 0, stays at its first point (the origin
//! when it has none), direction 0.

use crate::document::{PathKind, PathObject};
use crate::sim::integrate::unwrap_deg;

/// Chords per curved piece in the arc-length table.
pub const SUBDIVISIONS: u32 = 32;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    s: f64,
    piece: u32,
    u: f64,
    p: [f64; 2],
    theta: f64,
}

/// A path ready to travel (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct PathGeom {
    pieces: Vec<[[f64; 2]; 4]>,
    table: Vec<Entry>,
    length: f64,
    closed: bool,
    turn_deg: f64,
    origin: [f64; 2],
}

/// A point of a path: position, unit direction of the path there and its unwrapped angle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathPoint {
    /// Position.
    pub p: [f64; 2],
    /// Unit tangent (direction of increasing `s`).
    pub tangent: [f64; 2],
    /// Angle of the tangent, degrees clockwise from +x, unwrapped along the path.
    pub theta_deg: f64,
}

fn lerp(a: [f64; 2], b: [f64; 2], t: f64) -> [f64; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// The distance from `a` to `b`: `√(dx² + dy²)` from IEEE 754 basic operations only (two products,
/// a sum and a square root, each correctly rounded), so every target computes the same bits. Not
/// `libm::hypot`: on stable wasm32 its square root is libm's software one (the hardware
/// instruction needs libm's nightly-only `unstable-intrinsics`), and the trails measure a chord
/// for every segment of every trail in every preview frame and for every point the recorder is
/// offered. Scene distances are pixels, far from where `dx²` overflows or underflows.
pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    (dx * dx + dy * dy).sqrt()
}

fn bezier(c: &[[f64; 2]; 4], u: f64) -> [f64; 2] {
    let v = 1.0 - u;
    let (b0, b1, b2, b3) = (v * v * v, 3.0 * v * v * u, 3.0 * v * u * u, u * u * u);
    [
        b0 * c[0][0] + b1 * c[1][0] + b2 * c[2][0] + b3 * c[3][0],
        b0 * c[0][1] + b1 * c[1][1] + b2 * c[2][1] + b3 * c[3][1],
    ]
}

fn bezier_d(c: &[[f64; 2]; 4], u: f64) -> [f64; 2] {
    let v = 1.0 - u;
    let (b0, b1, b2) = (3.0 * v * v, 6.0 * v * u, 3.0 * u * u);
    [
        b0 * (c[1][0] - c[0][0]) + b1 * (c[2][0] - c[1][0]) + b2 * (c[3][0] - c[2][0]),
        b0 * (c[1][1] - c[0][1]) + b1 * (c[2][1] - c[1][1]) + b2 * (c[3][1] - c[2][1]),
    ]
}

/// The fraction `x` of the chord `u₀ → u₁` (length `span` in the table) at which the Hermite
/// model of `s(u)` has covered `into` (see the module doc).
fn chord_fraction(c: &[[f64; 2]; 4], u0: f64, u1: f64, span: f64, into: f64) -> f64 {
    if span <= 0.0 {
        return 0.0;
    }
    let w = (into / span).clamp(0.0, 1.0);
    let du = u1 - u0;
    let norm = |d: [f64; 2]| (d[0] * d[0] + d[1] * d[1]).sqrt();
    let m0 = norm(bezier_d(c, u0)) * du / span;
    let m1 = norm(bezier_d(c, u1)) * du / span;
    // h(x) = m₀(x³ − 2x² + x) + (3x² − 2x³) + m₁(x³ − x²), h(0) = 0, h(1) = 1.
    let h = |x: f64| {
        let (x2, x3) = (x * x, x * x * x);
        m0 * (x3 - 2.0 * x2 + x) + (3.0 * x2 - 2.0 * x3) + m1 * (x3 - x2)
    };
    let dh = |x: f64| {
        let x2 = x * x;
        m0 * (3.0 * x2 - 4.0 * x + 1.0) + (6.0 * x - 6.0 * x2) + m1 * (3.0 * x2 - 2.0 * x)
    };
    let mut x = w;
    for _ in 0..4 {
        let d = dh(x);
        if d <= 0.0 {
            return w;
        }
        x = (x - (h(x) - w) / d).clamp(0.0, 1.0);
    }
    x
}

fn angle_deg(d: [f64; 2]) -> f64 {
    libm::atan2(d[1], d[0]).to_degrees()
}

/// The Bézier control points of centripetal Catmull–Rom between `q1` and `q2`.
fn catmull_rom(q0: [f64; 2], q1: [f64; 2], q2: [f64; 2], q3: [f64; 2]) -> [[f64; 2]; 4] {
    let (d1, d2, d3) = (
        dist(q0, q1).sqrt(),
        dist(q1, q2).sqrt(),
        dist(q2, q3).sqrt(),
    );
    if d2 == 0.0 {
        return [q1, q1, q2, q2];
    }
    let p1 = if d1 == 0.0 {
        q1
    } else {
        let (a, b, c) = (d1 * d1, d2 * d2, 2.0 * d1 * d1 + 3.0 * d1 * d2 + d2 * d2);
        let k = 3.0 * d1 * (d1 + d2);
        [
            (a * q2[0] - b * q0[0] + c * q1[0]) / k,
            (a * q2[1] - b * q0[1] + c * q1[1]) / k,
        ]
    };
    let p2 = if d3 == 0.0 {
        q2
    } else {
        let (a, b, c) = (d3 * d3, d2 * d2, 2.0 * d3 * d3 + 3.0 * d3 * d2 + d2 * d2);
        let k = 3.0 * d3 * (d3 + d2);
        [
            (a * q1[0] - b * q3[0] + c * q2[0]) / k,
            (a * q1[1] - b * q3[1] + c * q2[1]) / k,
        ]
    };
    [q1, p1, p2, q2]
}

impl PathGeom {
    /// Prepares `path`, its points first mapped by `map` (scene → the particles' space; an
    /// affine map, under which Bézier pieces stay exact).
    pub fn new(path: &PathObject, map: impl Fn([f64; 2]) -> [f64; 2]) -> PathGeom {
        let q: Vec<[f64; 2]> = path
            .points
            .iter()
            .map(|p| [f64::from(p[0]), f64::from(p[1])])
            .collect();
        let n = q.len();
        let closed = path.closed && n > 2;
        let count = if n < 2 {
            0
        } else if closed {
            n
        } else {
            n - 1
        };
        let at = |i: usize| q[i % n];
        let mut pieces: Vec<[[f64; 2]; 4]> = Vec::with_capacity(count);
        for i in 0..count {
            let (a, b) = (at(i), at(i + 1));
            let piece = match path.kind {
                PathKind::Polyline => [a, lerp(a, b, 1.0 / 3.0), lerp(a, b, 2.0 / 3.0), b],
                PathKind::CatmullRom => {
                    let before = if closed {
                        at(i + n - 1)
                    } else if i == 0 {
                        lerp(b, a, 2.0)
                    } else {
                        q[i - 1]
                    };
                    let after = if closed {
                        at(i + 2)
                    } else if i + 2 >= n {
                        lerp(a, b, 2.0)
                    } else {
                        q[i + 2]
                    };
                    catmull_rom(before, a, b, after)
                }
                PathKind::Bezier => {
                    let h = |k: usize| path.handles.get(k % n).copied().unwrap_or_default();
                    let (out, inn) = (h(i).out_offset, h(i + 1).in_offset);
                    [
                        a,
                        [a[0] + f64::from(out[0]), a[1] + f64::from(out[1])],
                        [b[0] + f64::from(inn[0]), b[1] + f64::from(inn[1])],
                        b,
                    ]
                }
            };
            pieces.push(piece.map(&map));
        }
        let origin = map(q.first().copied().unwrap_or([0.0, 0.0]));
        let steps = if path.kind == PathKind::Polyline {
            1
        } else {
            SUBDIVISIONS
        };
        let mut table: Vec<Entry> = Vec::new();
        let mut s = 0.0;
        let mut theta_prev: Option<f64> = None;
        let mut prev_p = origin;
        let mut push = |piece: usize, u: f64, s: f64, table: &mut Vec<Entry>| {
            let c = &pieces[piece];
            let p = bezier(c, u);
            let d = bezier_d(c, u);
            let raw = if d[0] == 0.0 && d[1] == 0.0 {
                angle_deg([c[3][0] - c[0][0], c[3][1] - c[0][1]])
            } else {
                angle_deg(d)
            };
            let theta = match theta_prev {
                Some(t) => unwrap_deg(raw, t),
                None => raw,
            };
            theta_prev = Some(theta);
            table.push(Entry {
                s,
                piece: piece as u32,
                u,
                p,
                theta,
            });
            p
        };
        for (piece, c) in pieces.iter().enumerate() {
            for j in 0..steps {
                let u = f64::from(j) / f64::from(steps);
                let p = bezier(c, u);
                if !table.is_empty() {
                    s += dist(prev_p, p);
                }
                prev_p = push(piece, u, s, &mut table);
            }
        }
        if let Some(last) = pieces.len().checked_sub(1) {
            let p = pieces[last][3];
            s += dist(prev_p, p);
            push(last, 1.0, s, &mut table);
        }
        let turn_deg = match (table.first(), table.last()) {
            (Some(f), Some(l)) if closed => unwrap_deg(f.theta, l.theta) - f.theta,
            _ => 0.0,
        };
        PathGeom {
            pieces,
            table,
            length: s,
            closed,
            turn_deg,
            origin,
        }
    }

    /// Length `L`, pixels (of the particles' space).
    pub fn length(&self) -> f64 {
        self.length
    }

    /// The last point joins the first.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The direction a closed path turns by over one lap, degrees (a multiple of 360; 0 when
    /// open).
    pub fn turn_deg(&self) -> f64 {
        self.turn_deg
    }

    /// The point at distance `s` from the start (clamped to `[0, L]`).
    pub fn at(&self, s: f64) -> PathPoint {
        if self.length <= 0.0 || self.table.len() < 2 {
            return PathPoint {
                p: self.origin,
                tangent: [1.0, 0.0],
                theta_deg: 0.0,
            };
        }
        let s = s.clamp(0.0, self.length);
        let k = self
            .table
            .partition_point(|e| e.s <= s)
            .saturating_sub(1)
            .min(self.table.len() - 2);
        let (e, next) = (&self.table[k], &self.table[k + 1]);
        let u_end = if next.piece == e.piece { next.u } else { 1.0 };
        let c = &self.pieces[e.piece as usize];
        let u = e.u + (u_end - e.u) * chord_fraction(c, e.u, u_end, next.s - e.s, s - e.s);
        let p = bezier(c, u);
        let mut d = bezier_d(c, u);
        if d[0] == 0.0 && d[1] == 0.0 {
            d = [next.p[0] - e.p[0], next.p[1] - e.p[1]];
        }
        let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
        let tangent = if len > 0.0 {
            [d[0] / len, d[1] / len]
        } else {
            [1.0, 0.0]
        };
        PathPoint {
            p,
            tangent,
            theta_deg: unwrap_deg(angle_deg(tangent), e.theta),
        }
    }

    /// Distance along the path of the point nearest `p` (the first of equals), measured on the
    /// table's chords.
    pub fn nearest(&self, p: [f64; 2]) -> f64 {
        let mut best = (f64::INFINITY, 0.0);
        for w in self.table.windows(2) {
            let (a, b) = (w[0].p, w[1].p);
            let ab = [b[0] - a[0], b[1] - a[1]];
            let l2 = ab[0] * ab[0] + ab[1] * ab[1];
            let t = if l2 > 0.0 {
                (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / l2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let q = lerp(a, b, t);
            let (dx, dy) = (p[0] - q[0], p[1] - q[1]);
            let d2 = dx * dx + dy * dy;
            if d2 < best.0 {
                best = (d2, w[0].s + (w[1].s - w[0].s) * t);
            }
        }
        best.1
    }

    /// The control-point piece (between points `k` and `k + 1`, the last one closing a closed
    /// path) that chord `chord` of [`Self::polyline`] (from its point `chord` to `chord + 1`)
    /// lies on; `None` past the end. Where the UI inserts a point on a double-clicked chord.
    pub fn piece_of_chord(&self, chord: usize) -> Option<usize> {
        // Each piece's table starts at its `u = 0`, so a chord lies on its start's piece.
        self.table.get(chord + 1)?;
        self.table.get(chord).map(|e| e.piece as usize)
    }

    /// The table's points (for drawing the path), in order.
    pub fn polyline(&self) -> Vec<[f32; 2]> {
        if self.table.is_empty() {
            return vec![[self.origin[0] as f32, self.origin[1] as f32]];
        }
        self.table
            .iter()
            .map(|e| [e.p[0] as f32, e.p[1] as f32])
            .collect()
    }
}

#[cfg(test)]
mod tests;
