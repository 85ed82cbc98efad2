//! Abrupt turns of a baked path (export spec §12.4 "运动方向突然变化处"): frames where the
//! direction of motion changes at once, which a key must keep even when a curve would pass
//! within tolerance around it (a bounce rounded off by a Bézier is a visible error).
//!
//! With `dₖ = pₖ − pₖ₋₁` (the displacement into frame `k`) and `aₖ = dₖ₊₁ − dₖ` (the second
//! difference), frame `k` is an abrupt turn when
//! - the particle moves on both sides: `|dₖ|, |dₖ₊₁| > 4·tol`,
//! - the direction turns by more than 60°: `dₖ · dₖ₊₁ < ½·|dₖ|·|dₖ₊₁|`,
//! - and the turn is a spike, not a steady curve: `|aₖ| > 4·max(|aₖ₋₁|, |aₖ₊₁|)` (a smooth
//!   path under any continuous force has second differences that change slowly from frame to
//!   frame; a bounce or a collision concentrates the change in one frame).
//!
//! A slow apex (a ball thrown straight up) turns by 180° but its second differences are all the
//! same: it is not a corner, so ballistic exports keep their keys exactly as before.

/// Indices `k` (1 ≤ k < n − 1) of the abrupt turns of `points` for position tolerance `tol`: the
/// points are the first two channels of each sample (a translate run's samples as they are;
/// `N` must be at least 2).
pub fn abrupt_turns<const N: usize>(points: &[[f64; N]], tol: f64) -> Vec<usize> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    let d = |k: usize| {
        [
            points[k][0] - points[k - 1][0],
            points[k][1] - points[k - 1][1],
        ]
    };
    let norm = |v: [f64; 2]| (v[0] * v[0] + v[1] * v[1]).sqrt();
    // |aₖ| for k in 1..n−1 (0 where undefined).
    let accel = |k: usize| -> f64 {
        if k == 0 || k + 1 >= n {
            return 0.0;
        }
        let (a, b) = (d(k), d(k + 1));
        norm([b[0] - a[0], b[1] - a[1]])
    };
    let moving = 4.0 * tol;
    let mut out = Vec::new();
    for k in 1..n - 1 {
        let (a, b) = (d(k), d(k + 1));
        let (na, nb) = (norm(a), norm(b));
        if na <= moving || nb <= moving {
            continue;
        }
        if a[0] * b[0] + a[1] * b[1] >= 0.5 * na * nb {
            continue;
        }
        let here = accel(k);
        let around = super::linear::larger(accel(k - 1), accel(k + 1));
        if here > 4.0 * around {
            out.push(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounce_is_a_corner_and_an_apex_is_not() {
        // A ball falling onto the floor at frame 10 and bouncing back up.
        let bounce: Vec<[f64; 2]> = (0..20)
            .map(|k| {
                let x = 3.0 * k as f64;
                let y = if k <= 10 {
                    100.0 - 10.0 * k as f64
                } else {
                    8.0 * (k - 10) as f64
                };
                [x, y]
            })
            .collect();
        assert_eq!(abrupt_turns(&bounce, 0.1), [10]);
        // Thrown straight up under gravity: the direction flips at the top, smoothly.
        let apex: Vec<[f64; 2]> = (0..40)
            .map(|k| {
                let t = k as f64 / 30.0;
                [0.0, -300.0 * t + 0.5 * 900.0 * t * t]
            })
            .collect();
        assert!(abrupt_turns(&apex, 0.1).is_empty());
        // A circle is a steady turn.
        let circle: Vec<[f64; 2]> = (0..60)
            .map(|k| {
                let a = k as f64 * 0.4;
                [50.0 * a.cos(), 50.0 * a.sin()]
            })
            .collect();
        assert!(abrupt_turns(&circle, 0.1).is_empty());
    }
}
