//! Emitter shapes: where a particle is born, in the system's local space (pixels, y down).
//!
//! Each shape maps two uniform numbers `u, v ∈ [0, 1)` to a point:
//! - point: `(0, 0)`;
//! - circle area: `r = R·√u`, `θ = 2π·v`, `(r·cos θ, r·sin θ)` (uniform over the disc);
//!   circle edge: the same with `r = R`; edge band of thickness `T`:
//!   `r = √(r₀² + u·(R² − r₀²))`, `r₀ = max(R − T, 0)` (uniform over the ring);
//! - rectangle area: `((u − ½)·W, (v − ½)·H)`;
//!   rectangle edge: arc length `s = u·2(W + H)` walked clockwise from the top-left corner
//!   along top, right, bottom and left sides (uniform over the outline; `v` unused);
//!   edge band of thickness `T`: four strips (top and bottom `W × T`, left and right
//!   `T × (H − 2T)`), one picked by area with `u` (rescaled to the position along it), `v`
//!   across it (uniform over the band);
//! - line: `((u − ½)·L, 0)`, a horizontal segment centred on the origin;
//! - arc: `θ = start + span·v` (degrees clockwise), `r = R` or, with a band, as the circle's;
//! - rounded rectangle (corner radius `c`): area: the centre rectangle `W × (H − 2c)`, the
//!   top and bottom strips `(W − 2c) × c` and four quarter discs, one picked by area with `u`
//!   (rescaled), placed uniformly with it and `v`; edge: arc length `s = u·P`,
//!   `P = 2(W − 2c) + 2(H − 2c) + 2πc`, walked clockwise from the end of the top-left corner;
//!   edge band: the outline point moved inward along its normal by `v·T` (uniform along the
//!   outline and across the band; slightly denser inside the corners).

use core::f32::consts::{FRAC_PI_2, PI, TAU};

use crate::document::EmitterShape;

/// Point of `shape` for the uniform numbers `u`, `v` (see the module formula).
pub fn sample(shape: &EmitterShape, u: f32, v: f32) -> [f32; 2] {
    match *shape {
        EmitterShape::Point => [0.0, 0.0],
        EmitterShape::Circle {
            radius,
            edge,
            thickness_px,
        } => {
            let r = if !edge {
                radius * f32::sqrt(u)
            } else if thickness_px > 0.0 {
                band_radius(radius, thickness_px, u)
            } else {
                radius
            };
            let theta = TAU * v;
            let (sin, cos) = libm::sincosf(theta);
            [r * cos, r * sin]
        }
        EmitterShape::Rect {
            width,
            height,
            edge: false,
            ..
        } => [(u - 0.5) * width, (v - 0.5) * height],
        EmitterShape::Rect {
            width,
            height,
            edge: true,
            thickness_px,
        } => {
            if thickness_px > 0.0 {
                rect_band(width, height, thickness_px, u, v)
            } else {
                rect_outline(width, height, u)
            }
        }
        EmitterShape::Line { length } => [(u - 0.5) * length, 0.0],
        EmitterShape::Arc {
            radius,
            start_deg,
            span_deg,
            thickness_px,
        } => {
            let r = if thickness_px > 0.0 {
                band_radius(radius, thickness_px, u)
            } else {
                radius
            };
            let theta = (start_deg + span_deg * v).to_radians();
            let (sin, cos) = libm::sincosf(theta);
            [r * cos, r * sin]
        }
        EmitterShape::RoundedRect {
            width,
            height,
            corner_radius_px,
            edge,
            thickness_px,
        } => {
            let c = corner_radius_px.clamp(0.0, 0.5 * width.min(height));
            if !edge {
                rounded_area(width, height, c, u, v)
            } else {
                let (point, normal) = rounded_outline(width, height, c, u);
                let inward = thickness_px.max(0.0) * v;
                [point[0] - normal[0] * inward, point[1] - normal[1] * inward]
            }
        }
    }
}

/// Radius uniform over the ring `[max(R − T, 0), R]` for `u`.
fn band_radius(radius: f32, thickness: f32, u: f32) -> f32 {
    let inner = (radius - thickness).max(0.0);
    f32::sqrt(inner * inner + u * (radius * radius - inner * inner))
}

/// Point at fraction `u` of the outline of a centred `w × h` rectangle, clockwise from top-left.
fn rect_outline(w: f32, h: f32, u: f32) -> [f32; 2] {
    let perimeter = 2.0 * (w + h);
    if perimeter <= 0.0 {
        return [0.0, 0.0];
    }
    let (hw, hh) = (w * 0.5, h * 0.5);
    let mut s = u * perimeter;
    if s < w {
        return [-hw + s, -hh];
    }
    s -= w;
    if s < h {
        return [hw, -hh + s];
    }
    s -= h;
    if s < w {
        return [hw - s, hh];
    }
    s -= w;
    [-hw, hh - s.min(h)]
}

/// Uniform point of the band of thickness `t` inside a centred `w × h` rectangle's outline.
fn rect_band(w: f32, h: f32, t: f32, u: f32, v: f32) -> [f32; 2] {
    let t = t.min(0.5 * w.min(h));
    let (hw, hh) = (w * 0.5, h * 0.5);
    let side = (h - 2.0 * t).max(0.0);
    let strips = [w * t, w * t, side * t, side * t];
    let total: f32 = strips.iter().sum();
    if total <= 0.0 {
        return [0.0, 0.0];
    }
    let mut a = u * total;
    let mut k = 0;
    while k < 3 && a >= strips[k] {
        a -= strips[k];
        k += 1;
    }
    let along = if strips[k] > 0.0 {
        (a / strips[k]).clamp(0.0, 1.0)
    } else {
        0.0
    };
    match k {
        0 => [-hw + along * w, -hh + v * t],
        1 => [-hw + along * w, hh - v * t],
        2 => [-hw + v * t, -hh + t + along * side],
        _ => [hw - v * t, -hh + t + along * side],
    }
}

/// Uniform point of a centred `w × h` rectangle with corner radius `c`.
fn rounded_area(w: f32, h: f32, c: f32, u: f32, v: f32) -> [f32; 2] {
    let (hw, hh) = (w * 0.5, h * 0.5);
    let (iw, ih) = (w - 2.0 * c, h - 2.0 * c);
    let quarter = 0.25 * PI * c * c;
    let pieces = [w * ih, iw * c, iw * c, quarter, quarter, quarter, quarter];
    let total: f32 = pieces.iter().sum();
    if total <= 0.0 {
        return [0.0, 0.0];
    }
    let mut a = u * total;
    let mut k = 0;
    while k < pieces.len() - 1 && a >= pieces[k] {
        a -= pieces[k];
        k += 1;
    }
    let s = if pieces[k] > 0.0 {
        (a / pieces[k]).clamp(0.0, 1.0)
    } else {
        0.0
    };
    match k {
        0 => [(s - 0.5) * w, (v - 0.5) * ih],
        1 => [(s - 0.5) * iw, -hh + v * c],
        2 => [(s - 0.5) * iw, hh - v * c],
        q => {
            // Quarter discs: top-right, bottom-right, bottom-left, top-left.
            let (cx, cy, a0) = match q {
                3 => (hw - c, -hh + c, -FRAC_PI_2),
                4 => (hw - c, hh - c, 0.0),
                5 => (-hw + c, hh - c, FRAC_PI_2),
                _ => (-hw + c, -hh + c, PI),
            };
            let r = c * f32::sqrt(s);
            let theta = a0 + FRAC_PI_2 * v;
            let (sin, cos) = libm::sincosf(theta);
            [cx + r * cos, cy + r * sin]
        }
    }
}

/// Point at fraction `u` of a rounded rectangle's outline (clockwise from the end of the
/// top-left corner) and the outward unit normal there.
fn rounded_outline(w: f32, h: f32, c: f32, u: f32) -> ([f32; 2], [f32; 2]) {
    let (hw, hh) = (w * 0.5, h * 0.5);
    let (iw, ih) = ((w - 2.0 * c).max(0.0), (h - 2.0 * c).max(0.0));
    let arc = FRAC_PI_2 * c;
    let perimeter = 2.0 * (iw + ih) + 4.0 * arc;
    if perimeter <= 0.0 {
        return ([0.0, 0.0], [0.0, -1.0]);
    }
    let mut s = u * perimeter;
    // (length, kind): straight sides with their start and direction, corners with their centre.
    let corner = |cx: f32, cy: f32, a0: f32, s: f32| {
        let theta = a0 + if c > 0.0 { s / c } else { 0.0 };
        let (sin, cos) = libm::sincosf(theta);
        ([cx + c * cos, cy + c * sin], [cos, sin])
    };
    if s < iw {
        return ([-hw + c + s, -hh], [0.0, -1.0]);
    }
    s -= iw;
    if s < arc {
        return corner(hw - c, -hh + c, -FRAC_PI_2, s);
    }
    s -= arc;
    if s < ih {
        return ([hw, -hh + c + s], [1.0, 0.0]);
    }
    s -= ih;
    if s < arc {
        return corner(hw - c, hh - c, 0.0, s);
    }
    s -= arc;
    if s < iw {
        return ([hw - c - s, hh], [0.0, 1.0]);
    }
    s -= iw;
    if s < arc {
        return corner(-hw + c, hh - c, FRAC_PI_2, s);
    }
    s -= arc;
    if s < ih {
        return ([-hw, hh - c - s], [-1.0, 0.0]);
    }
    s -= ih;
    corner(-hw + c, -hh + c, PI, s.min(arc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_edge_is_on_the_circle_and_area_inside() {
        for i in 0..100 {
            let (u, v) = (i as f32 / 100.0, (i * 37 % 100) as f32 / 100.0);
            let [x, y] = sample(
                &EmitterShape::Circle {
                    radius: 10.0,
                    edge: true,
                    thickness_px: 0.0,
                },
                u,
                v,
            );
            assert!((libm::hypotf(x, y) - 10.0).abs() < 1e-4);
            let [x, y] = sample(
                &EmitterShape::Circle {
                    radius: 10.0,
                    edge: false,
                    thickness_px: 0.0,
                },
                u,
                v,
            );
            assert!(libm::hypotf(x, y) <= 10.0 + 1e-4);
        }
    }

    #[test]
    fn rect_edge_is_on_the_outline() {
        for i in 0..100 {
            let [x, y] = sample(
                &EmitterShape::Rect {
                    width: 40.0,
                    height: 20.0,
                    edge: true,
                    thickness_px: 0.0,
                },
                i as f32 / 100.0,
                0.3,
            );
            let on_vertical = (x.abs() - 20.0).abs() < 1e-4 && y.abs() <= 10.0 + 1e-4;
            let on_horizontal = (y.abs() - 10.0).abs() < 1e-4 && x.abs() <= 20.0 + 1e-4;
            assert!(on_vertical || on_horizontal, "({x}, {y})");
        }
    }

    #[test]
    fn line_is_horizontal_and_centred() {
        assert_eq!(
            sample(&EmitterShape::Line { length: 100.0 }, 0.0, 0.9),
            [-50.0, 0.0]
        );
        assert_eq!(
            sample(&EmitterShape::Line { length: 100.0 }, 0.75, 0.1),
            [25.0, 0.0]
        );
        assert_eq!(sample(&EmitterShape::Point, 0.3, 0.6), [0.0, 0.0]);
    }

    /// Distance from `(x, y)` to the outline of a centred `w × h` rectangle with corner radius
    /// `c`, negative inside (a signed distance function, independent of the sampler).
    fn rounded_rect_sdf(x: f32, y: f32, w: f32, h: f32, c: f32) -> f32 {
        let qx = x.abs() - (0.5 * w - c);
        let qy = y.abs() - (0.5 * h - c);
        let outside = libm::hypotf(qx.max(0.0), qy.max(0.0));
        outside + qx.max(qy).min(0.0) - c
    }

    fn grid() -> impl Iterator<Item = (f32, f32)> {
        (0..40).flat_map(|i| (0..40).map(move |j| (i as f32 / 40.0, j as f32 / 40.0)))
    }

    #[test]
    fn edge_bands_sample_inside_their_band_and_cover_it() {
        let ring = EmitterShape::Circle {
            radius: 50.0,
            edge: true,
            thickness_px: 10.0,
        };
        let rect = EmitterShape::Rect {
            width: 100.0,
            height: 60.0,
            edge: true,
            thickness_px: 8.0,
        };
        let (mut r_min, mut r_max) = (f32::MAX, 0.0f32);
        let mut inner_edges = 0;
        for (u, v) in grid() {
            let [x, y] = sample(&ring, u, v);
            let r = libm::hypotf(x, y);
            assert!((40.0 - 1e-3..=50.0 + 1e-3).contains(&r), "ring r={r}");
            (r_min, r_max) = (r_min.min(r), r_max.max(r));
            let [x, y] = sample(&rect, u, v);
            assert!(
                x.abs() <= 50.0 + 1e-3 && y.abs() <= 30.0 + 1e-3,
                "({x}, {y})"
            );
            let depth = (50.0 - x.abs()).min(30.0 - y.abs());
            assert!(depth <= 8.0 + 1e-3, "rect band depth {depth} at ({x}, {y})");
            inner_edges += usize::from(depth > 6.0);
        }
        assert!(
            r_min < 40.5 && r_max > 49.5,
            "the whole ring: {r_min}..{r_max}"
        );
        assert!(inner_edges > 100, "the band's inner part is used");
    }

    #[test]
    fn arcs_stay_within_their_angles() {
        let arc = EmitterShape::Arc {
            radius: 80.0,
            start_deg: 200.0,
            span_deg: 100.0,
            thickness_px: 20.0,
        };
        for (u, v) in grid() {
            let [x, y] = sample(&arc, u, v);
            let r = libm::hypotf(x, y);
            assert!((60.0 - 1e-3..=80.0 + 1e-3).contains(&r), "r={r}");
            let deg = libm::atan2f(y, x).to_degrees().rem_euclid(360.0);
            assert!((199.99..=300.01).contains(&deg), "angle {deg}");
        }
        let line = EmitterShape::Arc {
            radius: 30.0,
            start_deg: 0.0,
            span_deg: 360.0,
            thickness_px: 0.0,
        };
        let [x, y] = sample(&line, 0.3, 0.25);
        assert!((libm::hypotf(x, y) - 30.0).abs() < 1e-4 && (y - 30.0).abs() < 1e-3);
    }

    #[test]
    fn rounded_rectangles_sample_inside_and_on_their_outline() {
        let (w, h, c) = (120.0, 60.0, 20.0);
        let area = EmitterShape::RoundedRect {
            width: w,
            height: h,
            corner_radius_px: c,
            edge: false,
            thickness_px: 0.0,
        };
        let rounded = |edge: bool, thickness_px: f32| EmitterShape::RoundedRect {
            width: w,
            height: h,
            corner_radius_px: c,
            edge,
            thickness_px,
        };
        let (outline, band) = (rounded(true, 0.0), rounded(true, 6.0));
        let mut corner_hits = 0;
        for (u, v) in grid() {
            let [x, y] = sample(&area, u, v);
            assert!(rounded_rect_sdf(x, y, w, h, c) <= 1e-3, "area ({x}, {y})");
            corner_hits += usize::from(x.abs() > 40.0 && y.abs() > 10.0);
            let [x, y] = sample(&outline, u, v);
            assert!(
                rounded_rect_sdf(x, y, w, h, c).abs() <= 1e-3,
                "outline ({x}, {y})"
            );
            let [x, y] = sample(&band, u, v);
            let d = rounded_rect_sdf(x, y, w, h, c);
            assert!((-6.0 - 1e-3..=1e-3).contains(&d), "band ({x}, {y}) at {d}");
        }
        assert!(corner_hits > 0, "the corners are used");
    }
}
