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
mod tests;
