//! From a trail's polyline to its chain of bones: `N` nodes at equal arc lengths (node 0 the
//! head, node `N − 1` the polyline's end), each bone pointing at the next node (the tail bone
//! repeating the last chord); zero chords take the nearest defined direction (towards the head
//! first, then the tail, then `fallback_deg`). Scene pixels, y down, degrees clockwise.

use crate::sim::path_geom::dist;

/// Chords shorter than this (pixels) have no direction of their own.
pub const MIN_CHORD_PX: f64 = 1e-6;

/// One chain bone in the scene.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ChainNode {
    /// Node x, pixels.
    pub x: f64,
    /// Node y (down), pixels.
    pub y: f64,
    /// Direction of the bone (to the next node), degrees clockwise from +x, in `(−180, 180]`
    /// (0 when [`build_chain`] was not asked for angles: the preview's chain).
    pub rotation_deg: f64,
    /// `cos` of the direction: the chord's `Δx / ℓ` (a borrowed direction: its lender's; the
    /// fallback: `libm::sincos`), within a few ulps of `cos(rotation_deg)`. Only the preview's
    /// skinning reads it; the export writes `rotation_deg`.
    pub cos: f64,
    /// `sin` of the direction (y down): the chord's `Δy / ℓ`, as `cos`.
    pub sin: f64,
    /// Chord length to the next node, pixels (the tail bone: the last chord's).
    pub length_px: f64,
}

/// Fills `out` with the `n ≥ 2` nodes of `polyline` (head first; at least one point), see the
/// module docs. `fallback_deg` is asked for only when no chord has a direction. `angles`: also
/// each bone's [`ChainNode::rotation_deg`] (an `atan2` per bone, which only the export reads; 0
/// otherwise: the preview skins with the unit chords, whose bits do not depend on `angles`).
/// `segments_px` is scratch space kept by the caller (the polyline's segment lengths, each
/// measured once).
pub fn build_chain(
    polyline: &[[f64; 2]],
    n: usize,
    mut fallback_deg: impl FnMut() -> f64,
    angles: bool,
    segments_px: &mut Vec<f64>,
    out: &mut Vec<ChainNode>,
) {
    out.clear();
    let n = n.max(2);
    let Some(&head) = polyline.first() else {
        out.resize(n, ChainNode::default());
        return;
    };
    segments_px.clear();
    segments_px.extend(polyline.windows(2).map(|w| dist(w[0], w[1])));
    let total: f64 = segments_px.iter().sum();
    // Walk the polyline once, placing node i at arc length total·i/(n − 1).
    let mut seg = 0usize;
    let mut seg_start = 0.0f64;
    for i in 0..n {
        let p = if i == 0 {
            head
        } else if i == n - 1 {
            polyline[polyline.len() - 1]
        } else {
            let target = total * i as f64 / (n - 1) as f64;
            loop {
                let (Some(&len), Some(&b)) = (segments_px.get(seg), polyline.get(seg + 1)) else {
                    break polyline[polyline.len() - 1];
                };
                let a = polyline[seg];
                if seg_start + len >= target && len > 0.0 {
                    let f = ((target - seg_start) / len).clamp(0.0, 1.0);
                    break [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
                }
                seg_start += len;
                seg += 1;
            }
        };
        out.push(ChainNode {
            x: p[0],
            y: p[1],
            ..ChainNode::default()
        });
    }
    // Chords.
    for j in 0..n - 1 {
        let (dx, dy) = (out[j + 1].x - out[j].x, out[j + 1].y - out[j].y);
        let len = dist([out[j].x, out[j].y], [out[j + 1].x, out[j + 1].y]);
        out[j].length_px = len;
        if len >= MIN_CHORD_PX {
            if angles {
                out[j].rotation_deg = libm::atan2(dy, dx).to_degrees();
            }
            // The unit chord: the direction's cosine and sine without the round trip through
            // degrees and `libm::sincos` (software in wasm), within a few ulps of it.
            (out[j].cos, out[j].sin) = (dx / len, dy / len);
        }
    }
    let defined = |nodes: &[ChainNode], k: usize| nodes[k].length_px >= MIN_CHORD_PX;
    // The fallback direction, formed once on first use (no chord has a direction: rare).
    let mut fallback = None;
    for j in 0..n - 1 {
        if defined(out, j) {
            continue;
        }
        let towards_head = (0..j).rev().find(|&k| defined(out, k));
        let towards_tail = (j + 1..n - 1).find(|&k| defined(out, k));
        (out[j].rotation_deg, out[j].cos, out[j].sin) = match towards_head.or(towards_tail) {
            Some(k) => (out[k].rotation_deg, out[k].cos, out[k].sin),
            None => *fallback.get_or_insert_with(|| {
                let deg = fallback_deg();
                let (sin, cos) = libm::sincos(deg.to_radians());
                (if angles { deg } else { 0.0 }, cos, sin)
            }),
        };
    }
    let last = out[n - 2];
    out[n - 1] = ChainNode {
        x: out[n - 1].x,
        y: out[n - 1].y,
        ..last
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_at_equal_arc_lengths() {
        // An L: 30 px right, then 30 px down.
        let poly = [[0.0, 0.0], [30.0, 0.0], [30.0, 30.0]];
        let mut nodes = Vec::new();
        build_chain(&poly, 5, || 0.0, true, &mut Vec::new(), &mut nodes);
        let xy: Vec<[f64; 2]> = nodes.iter().map(|n| [n.x, n.y]).collect();
        assert_eq!(
            xy,
            vec![
                [0.0, 0.0],
                [15.0, 0.0],
                [30.0, 0.0],
                [30.0, 15.0],
                [30.0, 30.0]
            ]
        );
        assert_eq!(nodes[0].rotation_deg, 0.0);
        assert_eq!(nodes[2].rotation_deg, 90.0, "pointing down the screen");
        assert_eq!(
            nodes[4].rotation_deg, 90.0,
            "the tail repeats the last chord"
        );
        assert!(nodes.iter().all(|n| (n.length_px - 15.0).abs() < 1e-12));
    }

    #[test]
    fn the_unit_chord_is_the_direction() {
        // A spiral through every quadrant and many scales: the nodes' cosine and sine are those
        // of their rotation within 4·10⁻¹⁶ (a pixel of chord moves the ribbon by 10⁻¹² px at
        // 1,000 px), the tail's are its neighbour's.
        let poly: Vec<[f64; 2]> = (0..200)
            .map(|i| {
                let a = f64::from(i) * 0.37;
                let r = 1e-3 * 1.08f64.powi(i);
                [r * a.cos(), r * a.sin()]
            })
            .collect();
        let mut nodes = Vec::new();
        let mut worst = 0.0f64;
        for n in [2, 5, 32] {
            build_chain(&poly, n, || 0.0, true, &mut Vec::new(), &mut nodes);
            for node in &nodes {
                let (sin, cos) = libm::sincos(node.rotation_deg.to_radians());
                worst = worst
                    .max((node.cos - cos).abs())
                    .max((node.sin - sin).abs());
            }
            let (a, b) = (nodes[n - 2], nodes[n - 1]);
            assert_eq!(
                [b.rotation_deg, b.cos, b.sin],
                [a.rotation_deg, a.cos, a.sin]
            );
        }
        assert!(worst <= 4e-16, "{worst:e}");
    }

    #[test]
    fn zero_chords_borrow_a_direction() {
        let mut nodes = Vec::new();
        build_chain(&[[5.0, 5.0]], 4, || 42.0, true, &mut Vec::new(), &mut nodes);
        assert!(nodes.iter().all(|n| n.x == 5.0 && n.rotation_deg == 42.0));
        // A path that doubles back: the ends meet, the single chord has no direction.
        build_chain(
            &[[0.0, 0.0], [10.0, 0.0], [0.0, 0.0]],
            2,
            || 7.0,
            true,
            &mut Vec::new(),
            &mut nodes,
        );
        assert_eq!(nodes[0].rotation_deg, 7.0);
        // Three nodes on it: out to the turn and back.
        build_chain(
            &[[0.0, 0.0], [10.0, 0.0], [0.0, 0.0]],
            3,
            || 7.0,
            true,
            &mut Vec::new(),
            &mut nodes,
        );
        assert_eq!([nodes[0].rotation_deg, nodes[1].rotation_deg], [0.0, 180.0]);
        // A zero chord (out 10 px, 1 px further and back: the last two nodes meet) takes the
        // head side's direction, cosine and sine; with no defined chord at all, the fallback's.
        let back = [[0.0, 0.0], [10.0, 0.0], [11.0, 0.0], [10.0, 0.0]];
        build_chain(&back, 7, || 7.0, true, &mut Vec::new(), &mut nodes);
        assert_eq!(nodes[5].length_px, 0.0);
        let head_side = [nodes[4].rotation_deg, nodes[4].cos, nodes[4].sin];
        assert_eq!(head_side, [0.0, 1.0, 0.0]);
        assert_eq!(
            [nodes[5].rotation_deg, nodes[5].cos, nodes[5].sin],
            head_side
        );
        assert_eq!(
            [nodes[6].rotation_deg, nodes[6].cos, nodes[6].sin],
            head_side
        );
        build_chain(&[[5.0, 5.0]], 3, || 90.0, true, &mut Vec::new(), &mut nodes);
        let (sin, cos) = libm::sincos(90f64.to_radians());
        assert!(nodes.iter().all(|n| n.cos == cos && n.sin == sin));
    }

    #[test]
    fn angles_are_formed_only_when_asked_and_change_no_other_bit() {
        let poly = [[0.0, 0.0], [3.0, 4.0], [3.0, 9.0], [-2.0, 9.0], [-2.0, 9.0]];
        let (mut with, mut without) = (Vec::new(), Vec::new());
        for n in [2, 4, 9] {
            build_chain(&poly, n, || 0.0, true, &mut Vec::new(), &mut with);
            build_chain(
                &poly,
                n,
                || panic!("a chord has a direction: no fallback"),
                false,
                &mut Vec::new(),
                &mut without,
            );
            assert!(with.iter().any(|c| c.rotation_deg != 0.0));
            for (a, b) in with.iter().zip(&without) {
                assert_eq!(b.rotation_deg, 0.0);
                assert_eq!(
                    [a.x, a.y, a.cos, a.sin, a.length_px],
                    [b.x, b.y, b.cos, b.sin, b.length_px]
                );
            }
        }
        // No direction anywhere: the fallback is asked for once, its unit vector either way.
        let mut calls = 0;
        build_chain(
            &[[1.0, 1.0]],
            5,
            || {
                calls += 1;
                30.0
            },
            false,
            &mut Vec::new(),
            &mut without,
        );
        assert_eq!(calls, 1);
        build_chain(&[[1.0, 1.0]], 5, || 30.0, true, &mut Vec::new(), &mut with);
        for (a, b) in with.iter().zip(&without) {
            assert_eq!((a.rotation_deg, b.rotation_deg), (30.0, 0.0));
            assert_eq!([a.cos, a.sin], [b.cos, b.sin]);
        }
    }
}
