//! Tests of the emitter shapes: every sample on or inside its shape, edges, bands, arcs and rounded
//! corners.

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
