//! Tests of the swept collider test: crossings, rounded ends and circles, rotated rectangles.

use super::*;

fn floor() -> Walls {
    Walls::new(&[Collider {
        shape: ColliderShape::Segment {
            a: [-100.0, 0.0],
            b: [100.0, 0.0],
        },
        ..Collider::default()
    }])
}

#[test]
fn a_move_through_a_segment_hits_it_where_it_crosses() {
    let w = floor();
    let (s, wall) = w.first_hit([0.0, -10.0], [0.0, 30.0], 0.0).expect("hit");
    assert!((s - 0.25).abs() < 1e-12);
    assert_eq!(wall.normal([0.0, -1.0]), [0.0, -1.0]);
    // With a radius of 2 the centre stops 2 px above it.
    let (s, wall) = w.first_hit([0.0, -10.0], [0.0, 30.0], 2.0).expect("hit");
    assert!((s - 0.2).abs() < 1e-12);
    assert!(wall.gap([0.0, -2.0]).abs() < 1e-12);
    // From below, the normal points down.
    let (_, wall) = w.first_hit([5.0, 10.0], [5.0, -10.0], 0.0).expect("hit");
    assert_eq!(wall.normal([5.0, 1.0]), [0.0, 1.0]);
    // Beside the segment: no hit; along it: none.
    assert!(w.first_hit([150.0, -10.0], [150.0, 10.0], 0.0).is_none());
    assert!(w.first_hit([0.0, -10.0], [50.0, -10.0], 0.0).is_none());
}

#[test]
fn rounded_ends_and_circles_from_both_sides() {
    let w = floor();
    // Passing 1 px beyond the end, with a radius of 2: the rounded end is hit.
    let (s, wall) = w
        .first_hit([101.0, -10.0], [101.0, 10.0], 2.0)
        .expect("cap");
    assert!(matches!(wall, Wall::Round { outside: true, .. }));
    assert!(s > 0.0 && s < 0.5);
    let ring = Walls::new(&[Collider {
        shape: ColliderShape::Circle {
            center: [0.0, 0.0],
            radius: 50.0,
        },
        ..Collider::default()
    }]);
    let (s, wall) = ring
        .first_hit([-100.0, 0.0], [0.0, 0.0], 0.0)
        .expect("outside");
    assert!((s - 0.5).abs() < 1e-12);
    assert_eq!(wall.normal([-50.0, 0.0]), [-1.0, 0.0]);
    let (s, wall) = ring
        .first_hit([0.0, 0.0], [100.0, 0.0], 0.0)
        .expect("inside");
    assert!((s - 0.5).abs() < 1e-12);
    assert_eq!(wall.normal([50.0, 0.0]), [-1.0, 0.0]);
}

#[test]
fn a_rectangle_has_four_walls_turned_about_its_centre() {
    let c = rect_corners([10.0, 20.0], 40.0, 20.0, 90.0);
    assert!(
        (c[0][0] - 20.0).abs() < 1e-9 && (c[0][1] - 0.0).abs() < 1e-9,
        "{c:?}"
    );
    let w = Walls::new(&[Collider {
        shape: ColliderShape::Rect {
            center: [0.0, 0.0],
            width: 40.0,
            height: 20.0,
            rotation_deg: 0.0,
        },
        ..Collider::default()
    }]);
    assert_eq!(w.segment_count(), 4);
    let (s, _) = w
        .first_hit([0.0, 0.0], [0.0, 40.0], 0.0)
        .expect("inside out");
    assert!((s - 0.25).abs() < 1e-12);
}
