//! The noise against its finite differences, the textbook simplex order, and the two-point form.

use super::*;

#[test]
fn the_gradient_is_the_derivative_of_the_value() {
    let eps = 1e-6;
    for i in 0..200 {
        let (x, y, z) = (
            i as f64 * 0.137 - 7.0,
            i as f64 * 0.071 + 3.0,
            i as f64 * 0.013,
        );
        let [gx, gy] = gradient_xy(x, y, z, 7);
        let dx = (value(x + eps, y, z, 7) - value(x - eps, y, z, 7)) / (2.0 * eps);
        let dy = (value(x, y + eps, z, 7) - value(x, y - eps, z, 7)) / (2.0 * eps);
        assert!(
            (gx - dx).abs() < 1e-5 && (gy - dy).abs() < 1e-5,
            "{i}: {gx} {dx} {gy} {dy}"
        );
    }
}

/// The simplex order as a chain of comparisons (the textbook form, branches and all).
fn order_by_branches(x0: f64, y0: f64, z0: f64) -> (i64, i64, i64, i64, i64, i64) {
    if x0 >= y0 {
        if y0 >= z0 {
            (1, 0, 0, 1, 1, 0)
        } else if x0 >= z0 {
            (1, 0, 0, 1, 0, 1)
        } else {
            (0, 0, 1, 1, 0, 1)
        }
    } else if y0 < z0 {
        (0, 0, 1, 0, 1, 1)
    } else if x0 < z0 {
        (0, 1, 0, 0, 1, 1)
    } else {
        (0, 1, 0, 1, 1, 0)
    }
}

#[test]
fn the_branchless_simplex_order_is_the_textbook_one_and_the_skipped_corners_add_nothing() {
    // Offsets with every order and every tie among three values.
    let vals = [0.1, 0.25, 0.4];
    for &a in &vals {
        for &b in &vals {
            for &c in &vals {
                let (i1, j1, k1, i2, j2, k2) = order_by_branches(a, b, c);
                // In the lattice cell (0, 0, 0) the offsets are the coordinates.
                let cs = corners(a, b, c);
                assert_eq!((cs[0].0, cs[0].1, cs[0].2), (0, 0, 0));
                let want = [(i1, j1, k1), (i2, j2, k2)];
                let got = [(cs[1].0, cs[1].1, cs[1].2), (cs[2].0, cs[2].1, cs[2].2)];
                assert_eq!(got, want, "offsets {a} {b} {c}");
            }
        }
    }
    // Bit for bit what skipping the corners out of reach gives, on points all over the field.
    for n in 0..20_000 {
        let (x, y, z) = (
            f64::from(n) * 0.173 - 900.0,
            f64::from(n % 97) * 0.61 - 20.0,
            f64::from(n % 13) * 0.29,
        );
        let (mut gx, mut gy) = (0.0, 0.0);
        for (ci, cj, ck, dx, dy, dz) in corners(x, y, z) {
            let tc = 0.5 - dx * dx - dy * dy - dz * dz;
            if tc > 0.0 {
                let g = GRADIENTS[(hash(ci, cj, ck, 9) >> 28) as usize];
                let dot = g[0] * dx + g[1] * dy + g[2] * dz;
                let (t2, t3) = (tc * tc, tc * tc * tc);
                let t4 = t2 * t2;
                gx += t4 * g[0] - 8.0 * t3 * dx * dot;
                gy += t4 * g[1] - 8.0 * t3 * dy * dot;
            }
        }
        let [ax, ay] = gradient_xy(x, y, z, 9);
        assert_eq!(
            (ax.to_bits(), ay.to_bits()),
            ((32.0 * gx).to_bits(), (32.0 * gy).to_bits())
        );
    }
}

/// The float `⌊x⌋` of a cast and a compare, then cast back to the lattice index: the form
/// `floor` replaces.
fn floor_by_two_casts(x: f64) -> (i64, f64) {
    let i = x as i64 as f64;
    let fl = if i > x { i - 1.0 } else { i };
    (fl as i64, fl)
}

#[test]
fn one_cast_floors_bit_for_bit_as_two() {
    let mut xs = vec![
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::EPSILON,
        -f64::EPSILON,
    ];
    // Around each power of two up to past 2⁶⁴, both signs, a few ulps either side.
    for e in 0..66 {
        let p = 2f64.powi(e);
        for v in [p, -p] {
            let mut below = v;
            let mut above = v;
            for _ in 0..4 {
                below = below.next_down();
                above = above.next_up();
                xs.extend([below, v, above, v + 0.5, v - 0.5]);
            }
        }
    }
    // Spread over every magnitude (a fixed-seed xorshift of the bits).
    let mut bits = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..200_000 {
        bits ^= bits << 13;
        bits ^= bits >> 7;
        bits ^= bits << 17;
        xs.push(f64::from_bits(bits));
        xs.push(f64::from_bits(bits) % 1e4);
    }
    for x in xs {
        let (i, f) = floor(x);
        let (want_i, want_f) = floor_by_two_casts(x);
        assert_eq!((i, f.to_bits()), (want_i, want_f.to_bits()), "x = {x:e}");
    }
}

#[test]
fn the_seed_changes_the_field() {
    let a = gradient_xy(0.3, 0.7, 0.1, 1);
    let b = gradient_xy(0.3, 0.7, 0.1, 2);
    assert_ne!(a, b);
}

#[test]
fn two_points_in_lanes_are_the_same_bits_as_each_alone() {
    for n in 0..20_000 {
        let p = |m: u32| {
            (
                f64::from(m) * 0.173 - 900.0,
                f64::from(m % 97) * 0.61 - 20.0,
                f64::from(m % 13) * 0.29,
            )
        };
        let (a, b) = (p(n), p(n * 7 + 3));
        let [gx, gy] = gradient_xy_two(
            F64x2::new(a.0, b.0),
            F64x2::new(a.1, b.1),
            F64x2::new(a.2, b.2),
            9,
        );
        let (ga, gb) = (gradient_xy(a.0, a.1, a.2, 9), gradient_xy(b.0, b.1, b.2, 9));
        assert_eq!(
            [gx.x(), gy.x(), gx.y(), gy.y()].map(f64::to_bits),
            [ga[0], ga[1], gb[0], gb[1]].map(f64::to_bits),
            "points {a:?} {b:?}"
        );
        let [cx, cy] = curl_two(
            F64x2::new(a.0, b.0),
            F64x2::new(a.1, b.1),
            F64x2::new(a.2, b.2),
            9,
        );
        assert_eq!([cx.x(), cy.x()], curl(a.0, a.1, a.2, 9));
        assert_eq!([cx.y(), cy.y()], curl(b.0, b.1, b.2, 9));
    }
}
