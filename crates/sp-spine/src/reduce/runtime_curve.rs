//! The official runtime's evaluation of keys, reproduced so the reducer verifies what players
//! will actually see (spine-core 4.2 `CurveTimeline`).
//!
//! - Key times and values are stored as `f32` (`Float32Array`); interpolation runs in `f64`.
//! - Linear: `v = v₁ + (t − t₁)/(t₂ − t₁)·(v₂ − v₁)`.
//! - Bézier (`setBezier`): the cubic from `(t₁, v₁)` to `(t₂, v₂)` with absolute handles
//!   `(cx₁, cy₁)`, `(cx₂, cy₂)` is sampled by forward differencing at `u = 0.1, 0.2, …, 0.9`
//!   (9 points, `BEZIER_SIZE` = 18 floats, stored as `f32`):
//!   `tmp = (p₀ − 2c₁ + c₂)·0.03`, `ddd = (3(c₁ − c₂) − p₀ + p₃)·0.006`, `dd = 2·tmp + ddd`,
//!   `d = 0.3(c₁ − p₀) + tmp + ddd·0.16666667`, `p = p₀ + d`, then per point `d += dd`,
//!   `dd += ddd`, `p += d`. `getBezierValue` interpolates linearly along the resulting 10-segment
//!   polyline: from `(t₁, v₁)` to the first point, between points, and from the last point to
//!   `(t₂, v₂)`.

/// Rounds through `f32`, as a `Float32Array` store does.
pub fn f32_round(v: f64) -> f64 {
    f64::from(v as f32)
}

/// Linear interpolation as the runtime computes it.
pub fn linear_value(time: f64, t1: f64, v1: f64, t2: f64, v2: f64) -> f64 {
    v1 + (time - t1) / (t2 - t1) * (v2 - v1)
}

/// The 9 polyline points `(x, y)` of one Bézier channel, `f32`-rounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BezierTable {
    points: [(f64, f64); 9],
}

impl BezierTable {
    /// A table of zeros, to be [`BezierTable::set`].
    pub const ZERO: BezierTable = BezierTable {
        points: [(0.0, 0.0); 9],
    };

    /// Builds the table like `setBezier` (inputs as the runtime holds them).
    #[allow(clippy::too_many_arguments)]
    pub fn new(t1: f64, v1: f64, cx1: f64, cy1: f64, cx2: f64, cy2: f64, t2: f64, v2: f64) -> Self {
        let mut table = BezierTable::ZERO;
        table.set(t1, v1, cx1, cy1, cx2, cy2, t2, v2);
        table
    }

    /// [`BezierTable::new`] in place (a reducer verifying many segments fills its tables
    /// without copying them).
    #[allow(clippy::too_many_arguments)]
    pub fn set(
        &mut self,
        t1: f64,
        v1: f64,
        cx1: f64,
        cy1: f64,
        cx2: f64,
        cy2: f64,
        t2: f64,
        v2: f64,
    ) {
        let tmpx = (t1 - cx1 * 2.0 + cx2) * 0.03;
        let tmpy = (v1 - cy1 * 2.0 + cy2) * 0.03;
        let dddx = ((cx1 - cx2) * 3.0 - t1 + t2) * 0.006;
        let dddy = ((cy1 - cy2) * 3.0 - v1 + v2) * 0.006;
        let mut ddx = tmpx * 2.0 + dddx;
        let mut ddy = tmpy * 2.0 + dddy;
        let mut dx = (cx1 - t1) * 0.3 + tmpx + dddx * 0.166_666_67;
        let mut dy = (cy1 - v1) * 0.3 + tmpy + dddy * 0.166_666_67;
        let mut x = t1 + dx;
        let mut y = v1 + dy;
        for p in &mut self.points {
            *p = (f32_round(x), f32_round(y));
            dx += ddx;
            dy += ddy;
            ddx += dddx;
            ddy += dddy;
            x += dx;
            y += dy;
        }
    }

    /// The time coordinates of the 9 points (shared by every channel of a key with the same
    /// handle times).
    pub fn times(&self) -> [f64; 9] {
        self.points.map(|p| p.0)
    }

    /// The value at `time` like `getBezierValue` (key times/values as stored).
    pub fn value(&self, time: f64, t1: f64, v1: f64, t2: f64, v2: f64) -> f64 {
        let piece = piece_at(&self.times(), time, 0);
        self.value_on(piece, time, t1, v1, t2, v2)
    }

    /// The value at `time` on polyline piece `piece` ([`piece_at`]): from the start key to the
    /// first point (`0`), from point `piece − 1` to point `piece` (`1..=8`), from the last point
    /// to the end key (`9`); `getBezierValue`'s arithmetic on the piece it finds.
    #[inline]
    pub fn value_on(&self, piece: usize, time: f64, t1: f64, v1: f64, t2: f64, v2: f64) -> f64 {
        let pts = &self.points;
        match piece {
            0 => v1 + (time - t1) / (pts[0].0 - t1) * (pts[0].1 - v1),
            1..=8 => {
                let (x, y) = pts[piece - 1];
                y + (time - x) / (pts[piece].0 - x) * (pts[piece].1 - y)
            }
            _ => {
                let (x, y) = pts[8];
                y + (time - x) / (t2 - x) * (v2 - y)
            }
        }
    }
}

/// The polyline piece `getBezierValue` interpolates on at `time`, for point times `xs`: `0` when
/// `xs[0] > time`, else the first `m ≥ 1` with `xs[m] ≥ time`, else `9`. `from` is the piece
/// found for an earlier (or equal) time on the same key, or `0`: the points' times never
/// decrease (`setBezier` of handle times inside the key's span, rounded through `f32`), so no
/// piece before it can be the first any more and the search resumes there, with the same
/// result as from `0`. A reducer verifying frame after frame then scans each key's points once.
#[inline]
pub fn piece_at(xs: &[f64; 9], time: f64, from: usize) -> usize {
    if from == 0 && xs[0] > time {
        return 0;
    }
    (from.max(1)..9).find(|&m| xs[m] >= time).unwrap_or(9)
}

/// The time coordinates of the 9 polyline points of a key from stored time `t1` to `t2` with
/// handle times `cx1`, `cx2` (exactly the `x` half of [`BezierTable::new`]).
pub fn bezier_times(t1: f64, cx1: f64, cx2: f64, t2: f64) -> [f64; 9] {
    BezierTable::new(t1, 0.0, cx1, 0.0, cx2, 0.0, t2, 0.0).times()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact cubic at parameter `u`.
    fn cubic(p0: f64, c1: f64, c2: f64, p3: f64, u: f64) -> f64 {
        let w = 1.0 - u;
        w * w * w * p0 + 3.0 * w * w * u * c1 + 3.0 * w * u * u * c2 + u * u * u * p3
    }

    #[test]
    fn table_points_lie_on_the_cubic_at_tenths() {
        let (t1, v1, cx1, cy1, cx2, cy2, t2, v2) = (0.0, 0.0, 0.3, 50.0, 0.6, -20.0, 1.0, 10.0);
        let table = BezierTable::new(t1, v1, cx1, cy1, cx2, cy2, t2, v2);
        for (k, &(x, y)) in table.points.iter().enumerate() {
            let u = (k + 1) as f64 / 10.0;
            assert!((x - cubic(t1, cx1, cx2, t2, u)).abs() < 1e-5, "x at {u}");
            assert!((y - cubic(v1, cy1, cy2, v2, u)).abs() < 1e-4, "y at {u}");
        }
        // Between points the runtime is piecewise linear, not the ideal curve.
        let mid = table.value(table.points[0].0 / 2.0, t1, v1, t2, v2);
        let y1 = cubic(v1, cy1, cy2, v2, 0.1);
        assert!((mid - y1 / 2.0).abs() < 1e-4);
        assert!((table.value(1.0, t1, v1, t2, v2) - v2).abs() < 1e-9);
    }

    #[test]
    fn coin_pro_example_curve_evaluates() {
        // coin-pro 4.2 translate x: t 0.6696 → 1.3333, -8.3 → 0, curve [0.794, -7.08, 1.167, 0].
        let (t1, t2) = (f32_round(0.6696), f32_round(1.3333));
        let table = BezierTable::new(t1, f32_round(-8.3), 0.794, -7.08, 1.167, 0.0, t2, 0.0);
        let v = table.value(1.0, t1, f32_round(-8.3), t2, 0.0);
        assert!(v > -8.3 && v < 0.0);
    }
}
