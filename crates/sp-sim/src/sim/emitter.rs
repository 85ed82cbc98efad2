//! Emitter shapes: where a particle is born, in the system's local space (pixels, y down).
//!
//! Each shape maps two uniform numbers `u, v ∈ [0, 1)` to a point:
//! - point: `(0, 0)`;
//! - circle area: `r = R·√u`, `θ = 2π·v`, `(r·cos θ, r·sin θ)` (uniform over the disc);
//!   circle edge: the same with `r = R`;
//! - rectangle area: `((u − ½)·W, (v − ½)·H)`;
//!   rectangle edge: arc length `s = u·2(W + H)` walked clockwise from the top-left corner
//!   along top, right, bottom and left sides (uniform over the outline; `v` unused);
//! - line: `((u − ½)·L, 0)`, a horizontal segment centred on the origin.

use crate::document::EmitterShape;

/// Point of `shape` for the uniform numbers `u`, `v` (see the module formula).
pub fn sample(shape: &EmitterShape, u: f32, v: f32) -> [f32; 2] {
    match *shape {
        EmitterShape::Point => [0.0, 0.0],
        EmitterShape::Circle { radius, edge } => {
            let r = if edge {
                radius
            } else {
                radius * libm::sqrtf(u)
            };
            let theta = core::f32::consts::TAU * v;
            [r * libm::cosf(theta), r * libm::sinf(theta)]
        }
        EmitterShape::Rect {
            width,
            height,
            edge: false,
        } => [(u - 0.5) * width, (v - 0.5) * height],
        EmitterShape::Rect {
            width,
            height,
            edge: true,
        } => rect_outline(width, height, u),
        EmitterShape::Line { length } => [(u - 0.5) * length, 0.0],
    }
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
                },
                u,
                v,
            );
            assert!((libm::hypotf(x, y) - 10.0).abs() < 1e-4);
            let [x, y] = sample(
                &EmitterShape::Circle {
                    radius: 10.0,
                    edge: false,
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
}
