//! Tests of the prepared path: distances, pieces, polylines, Catmull-Rom and Bézier shapes,
//! degenerate paths.

use super::*;
use crate::document::BezierHandles;

#[test]
fn distances_agree_with_the_careful_hypot_at_scene_scales() {
    // Pythagorean triples are exact; elsewhere the plain formula stays within two units in
    // the last place of libm's hypot over scene-sized offsets (1e-6 px to 10⁵ px, any sign).
    assert_eq!(dist([1.0, 1.0], [4.0, 5.0]), 5.0);
    assert_eq!(dist([0.0, 0.0], [-5.0, 12.0]), 13.0);
    assert_eq!(dist([2.0, 3.0], [2.0, 3.0]), 0.0);
    let mut worst = 0.0f64;
    let mut x = 0.618_033_988_7f64;
    for i in 0..20_000 {
        x = (x * 9_301.0 + 0.497_5).fract();
        let mag = 10f64.powf(-6.0 + 11.0 * x);
        let (dx, dy) = (mag * (x * 7.0).sin(), mag * (x * 13.0 + i as f64).cos());
        let (ours, careful) = (dist([0.0, 0.0], [dx, dy]), libm::hypot(dx, dy));
        worst = worst.max((ours - careful).abs() / (careful * f64::EPSILON));
    }
    assert!(worst <= 2.0, "{worst} units in the last place");
}

fn path(kind: PathKind, points: &[[f32; 2]], closed: bool) -> PathObject {
    PathObject {
        kind,
        points: points.to_vec(),
        closed,
        ..PathObject::default()
    }
}

#[test]
fn each_chord_names_its_control_point_piece() {
    for kind in [PathKind::Polyline, PathKind::CatmullRom, PathKind::Bezier] {
        for closed in [false, true] {
            let g = PathGeom::new(
                &path(kind, &[[0.0, 0.0], [100.0, 0.0], [100.0, 80.0]], closed),
                |q| q,
            );
            let chords = g.polyline().len() - 1;
            let pieces: Vec<usize> = (0..chords)
                .map(|k| g.piece_of_chord(k).expect("a chord"))
                .collect();
            let per_piece = if kind == PathKind::Polyline {
                1
            } else {
                SUBDIVISIONS as usize
            };
            let n = if closed { 3 } else { 2 };
            let want: Vec<usize> = (0..n * per_piece).map(|k| k / per_piece).collect();
            assert_eq!(pieces, want, "{kind:?} closed {closed}");
            assert_eq!(g.piece_of_chord(chords), None);
        }
    }
}

#[test]
fn a_polyline_is_exact() {
    let g = PathGeom::new(
        &path(
            PathKind::Polyline,
            &[[0.0, 0.0], [30.0, 0.0], [30.0, 40.0]],
            false,
        ),
        |p| p,
    );
    assert_eq!(g.length(), 70.0);
    let m = g.at(15.0);
    assert!((m.p[0] - 15.0).abs() < 1e-12 && m.p[1].abs() < 1e-12);
    assert_eq!(m.theta_deg, 0.0);
    let m = g.at(50.0);
    assert!((m.p[0] - 30.0).abs() < 1e-12 && (m.p[1] - 20.0).abs() < 1e-12);
    assert!((m.theta_deg - 90.0).abs() < 1e-12);
    assert!((g.nearest([40.0, 25.0]) - 55.0).abs() < 1e-12);
}

#[test]
fn a_closed_catmull_rom_square_is_smooth_and_turns_once() {
    let g = PathGeom::new(
        &path(
            PathKind::CatmullRom,
            &[[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]],
            true,
        ),
        |p| p,
    );
    // Through the corners, close to the circle through them (2π·70.7 = 444 px).
    assert!(g.length() > 400.0 && g.length() < 450.0, "{}", g.length());
    assert!(dist(g.at(0.25 * g.length()).p, [100.0, 0.0]) < 1.0);
    assert!(
        (g.turn_deg().abs() - 360.0).abs() < 1e-9,
        "{}",
        g.turn_deg()
    );
    let mut prev = g.at(0.0);
    let n = 2000;
    for i in 1..=n {
        let m = g.at(g.length() * f64::from(i) / f64::from(n));
        let step = dist(prev.p, m.p);
        // Uniform speed along the path, no jump of the direction.
        assert!(
            (step / (g.length() / f64::from(n)) - 1.0).abs() < 1e-3,
            "{i} {step}"
        );
        assert!((m.theta_deg - prev.theta_deg).abs() < 2.0, "{i}");
        prev = m;
    }
    assert!(dist(g.at(g.length()).p, [0.0, 0.0]) < 1e-9);
}

#[test]
fn bezier_handles_shape_the_pieces() {
    let mut p = path(PathKind::Bezier, &[[0.0, 0.0], [100.0, 0.0]], false);
    p.handles = vec![
        BezierHandles {
            in_offset: [0.0, 0.0],
            out_offset: [0.0, -50.0],
        },
        BezierHandles {
            in_offset: [0.0, -50.0],
            out_offset: [0.0, 0.0],
        },
    ];
    let g = PathGeom::new(&p, |q| q);
    let mid = g.at(0.5 * g.length());
    assert!(
        (mid.p[0] - 50.0).abs() < 1e-6 && (mid.p[1] + 37.5).abs() < 1e-6,
        "{mid:?}"
    );
    assert!((g.at(0.0).theta_deg + 90.0).abs() < 1e-9);
    // Without handles, a straight piece.
    let g = PathGeom::new(
        &path(PathKind::Bezier, &[[0.0, 0.0], [100.0, 0.0]], false),
        |q| q,
    );
    assert!((g.length() - 100.0).abs() < 1e-9);
}

#[test]
fn degenerate_paths_stay_at_their_point() {
    let g = PathGeom::new(&path(PathKind::CatmullRom, &[[5.0, 6.0]], false), |p| p);
    assert_eq!(g.length(), 0.0);
    assert_eq!(g.at(10.0).p, [5.0, 6.0]);
    let g = PathGeom::new(&path(PathKind::CatmullRom, &[], false), |p| p);
    assert_eq!(g.at(0.0).p, [0.0, 0.0]);
    let g = PathGeom::new(
        &path(
            PathKind::CatmullRom,
            &[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]],
            true,
        ),
        |p| p,
    );
    assert_eq!(g.at(3.0).p, [1.0, 1.0]);
}
