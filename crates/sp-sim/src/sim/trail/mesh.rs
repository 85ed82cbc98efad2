//! The trail mesh of a system: grid topology, bind (bone weights and bone-local positions),
//! UVs, and the linear-blend skinning that places its vertices on a chain
//! ([`crate::behaviour::trail`] states the formulas).
//!
//! Vertex order is Spine's: the `hull` vertices first, in order round the outline (the top row
//! head → tail, the tail column, the bottom row back to the head, the head column), then the
//! inner vertices. Columns are grouped by tile (tile 0 at the head); a seam between two tiles is
//! two vertex columns at the same place, the end of one tile (`u = 0`) and the start of the next
//! (`u = 1`), so triangles never span a seam.
//!
//! Weights are quantised to 10⁻⁶ (the second bone's weight rounded, the first `1 −` it), the
//! values the export writes, so the preview skins with exactly the exported weights.

use crate::behaviour::trail::Trail;
use crate::sim::lookup::{CurveEval, GradientEval};

/// One bone influence of a vertex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Influence {
    /// Chain bone index (0 = head).
    pub bone: u16,
    /// Bone-local x, in chord lengths of that bone (`q − bone`).
    pub x: f64,
    /// Weight (the two of a vertex sum to 1).
    pub weight: f64,
}

/// One mesh vertex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeshVertex {
    /// Along the trail, 0 (head) to 1 (tail).
    pub s: f64,
    /// Across, −½ to ½: `c > 0` lies on the bones' normal side, the left of the motion (bones
    /// point from the head back to the tail).
    pub c: f64,
    /// Bone-local y in widths: `c·widthCurve(s)` (the same for both influences).
    pub y: f64,
    /// Image coordinates (rotation applied), 0..1, `v` down.
    pub uv: [f32; 2],
    /// One or two influences (`influences[1]` unused when `count == 1`).
    pub influences: [Influence; 2],
    /// Number of influences, 1 or 2.
    pub count: u8,
    /// Colour and alpha along the trail at `s` (preview only).
    pub along: [f32; 4],
}

impl MeshVertex {
    /// The influences in use.
    pub fn influences(&self) -> &[Influence] {
        &self.influences[..usize::from(self.count)]
    }
}

/// The mesh every trail of a system shares (only the chain differs).
#[derive(Clone, Debug, PartialEq)]
pub struct TrailMesh {
    /// Chain bones.
    pub bones: usize,
    /// Vertices, hull first.
    pub vertices: Vec<MeshVertex>,
    /// Triangle vertex indices.
    pub triangles: Vec<u32>,
    /// Number of hull vertices (the first ones).
    pub hull: usize,
    /// Whether some vertex has a colour or alpha along the trail other than white and 1.
    pub has_along: bool,
    /// The vertices' binds as [`TrailMesh::skin`] reads them, in vertex order.
    binds: Vec<Bind>,
}

/// One vertex's bind laid out for the skinning loop: its influences inline, the second unused
/// (weight 0) when `two` is false.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bind {
    /// Bone-local y in widths.
    y: f64,
    /// Bone-local x of each influence, in chord lengths.
    x: [f64; 2],
    /// Weight of each influence.
    weight: [f64; 2],
    /// Chain bone of each influence.
    bone: [u16; 2],
    /// Whether the second influence is used.
    two: bool,
}

impl Bind {
    fn of(v: &MeshVertex) -> Bind {
        let [a, b] = v.influences;
        Bind {
            y: v.y,
            x: [a.x, b.x],
            weight: [a.weight, b.weight],
            bone: [a.bone, b.bone],
            two: v.count >= 2,
        }
    }
}

/// The image coordinates of `(u, v)` turned by `rotation_deg` (0, 90, 180, 270) clockwise.
pub fn rotate_uv(u: f64, v: f64, rotation_deg: u32) -> [f64; 2] {
    match rotation_deg {
        90 => [v, 1.0 - u],
        180 => [1.0 - u, 1.0 - v],
        270 => [1.0 - v, u],
        _ => [u, v],
    }
}

/// The two (or one) influences of chain parameter `q ∈ [0, N − 1]` on a chain of `n` bones:
/// bone centres at `j + ½` (`j < N − 1`) and `N − 1`, weights linear between the two around
/// `q`, quantised to 10⁻⁶.
pub fn influences(q: f64, n: usize) -> ([Influence; 2], u8) {
    let last = (n - 1) as f64;
    let q = q.clamp(0.0, last);
    let centre = |j: usize| if j + 1 < n { j as f64 + 0.5 } else { last };
    let single = |j: usize| {
        let i = Influence {
            bone: j as u16,
            x: q - j as f64,
            weight: 1.0,
        };
        ([i, i], 1u8)
    };
    if q <= 0.5 || n < 2 {
        return single(0);
    }
    let j = (f64::floor(q - 0.5) as usize).min(n - 2);
    let (c0, c1) = (centre(j), centre(j + 1));
    let w1 = f64::round((q - c0) / (c1 - c0) * 1e6) / 1e6;
    if w1 <= 0.0 {
        return single(j);
    }
    if w1 >= 1.0 {
        return single(j + 1);
    }
    let w0 = f64::round((1.0 - w1) * 1e6) / 1e6;
    (
        [
            Influence {
                bone: j as u16,
                x: q - j as f64,
                weight: w0,
            },
            Influence {
                bone: (j + 1) as u16,
                x: q - (j + 1) as f64,
                weight: w1,
            },
        ],
        2,
    )
}

impl TrailMesh {
    /// The mesh of `trail`'s settings (see the module docs).
    pub fn new(trail: &Trail) -> TrailMesh {
        let n = trail.bone_count();
        let tiles = trail.tiles() as usize;
        let cols = trail.columns() as usize;
        let per_tile = cols / tiles;
        let rows = trail.rows() as usize;
        let width = CurveEval::new(&trail.width_curve, 1.0);
        let color = GradientEval::new(&trail.color_along);
        let alpha = CurveEval::new(&trail.alpha_along, 1.0);
        // Column entries: (global column, u before rotation).
        let mut entries: Vec<(usize, f64)> = Vec::with_capacity(cols + tiles);
        for t in 0..tiles {
            for k in 0..=per_tile {
                let u = 1.0 - k as f64 / per_tile as f64;
                entries.push((t * per_tile + k, u));
            }
        }
        let e_count = entries.len();
        let vertex = |e: usize, r: usize| -> MeshVertex {
            let (col, u) = entries[e];
            let s = col as f64 / cols as f64;
            let c = r as f64 / rows as f64 - 0.5;
            let (influences, count) = influences(s * (n - 1) as f64, n);
            let rgb = color.eval(s as f32);
            MeshVertex {
                s,
                c,
                y: c * f64::from(width.eval(s as f32)),
                uv: rotate_uv(u, 0.5 - c, trail.uv_rotation_deg).map(|v| v as f32),
                influences,
                count,
                along: [rgb.r, rgb.g, rgb.b, alpha.eval(s as f32).clamp(0.0, 1.0)],
            }
        };
        // Hull order, then the inner vertices.
        let mut order: Vec<(usize, usize)> = Vec::with_capacity(e_count * (rows + 1));
        order.extend((0..e_count).map(|e| (e, 0)));
        order.extend((1..=rows).map(|r| (e_count - 1, r)));
        order.extend((0..e_count - 1).rev().map(|e| (e, rows)));
        order.extend((1..rows).rev().map(|r| (0, r)));
        let hull = order.len();
        for e in 1..e_count - 1 {
            order.extend((1..rows).map(|r| (e, r)));
        }
        let mut index = vec![0u32; e_count * (rows + 1)];
        let vertices: Vec<MeshVertex> = order
            .iter()
            .enumerate()
            .map(|(i, &(e, r))| {
                index[e * (rows + 1) + r] = i as u32;
                vertex(e, r)
            })
            .collect();
        let at = |e: usize, r: usize| index[e * (rows + 1) + r];
        let mut triangles = Vec::with_capacity(cols * rows * 6);
        for t in 0..tiles {
            for k in 0..per_tile {
                let e0 = t * (per_tile + 1) + k;
                for r in 0..rows {
                    let (a, b, c, d) = (at(e0, r), at(e0 + 1, r), at(e0 + 1, r + 1), at(e0, r + 1));
                    triangles.extend_from_slice(&[a, b, c, a, c, d]);
                }
            }
        }
        let has_along = vertices.iter().any(|v| v.along != [1.0; 4]);
        let binds = vertices.iter().map(Bind::of).collect();
        TrailMesh {
            bones: n,
            vertices,
            triangles,
            hull,
            has_along,
            binds,
        }
    }

    /// Skins the mesh on `nodes` (one per bone) with vertical scale `width_px`: the linear
    /// blend `Σ w·(P + ℓ·x·t + σ·y·n)` of the module formula, scene pixels (y down). An
    /// influence on a bone `nodes` lacks is left out.
    pub fn skin(&self, nodes: &[super::chain::ChainNode], width_px: f64, out: &mut Vec<[f32; 2]>) {
        out.clear();
        // One pass over the compact binds (no per-vertex slice of influences, no per-vertex
        // capacity check): the same operations in the same order as the formula's sum.
        out.extend(self.binds.iter().map(|v| {
            let across = width_px * v.y;
            let (mut x, mut y) = (0.0, 0.0);
            let mut add = |k: usize| {
                if let Some(b) = nodes.get(usize::from(v.bone[k])) {
                    let (tx, ty) = (b.cos, b.sin);
                    let along = b.length_px * v.x[k];
                    x += v.weight[k] * (b.x + along * tx - across * ty);
                    y += v.weight[k] * (b.y + along * ty + across * tx);
                }
            };
            // Written out rather than a loop over one or two influences: V8 checks for
            // interrupts on every loop back edge, and LLVM unrolled that loop four times.
            add(0);
            if v.two {
                add(1);
            }
            [x as f32, y as f32]
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::behaviour::trail::TextureMode;

    #[test]
    fn weights_sum_to_one_and_bones_are_the_nearest() {
        for n in 2..=32usize {
            for k in 0..=200 {
                let q = (n - 1) as f64 * f64::from(k) / 200.0;
                let (inf, count) = influences(q, n);
                let used = &inf[..usize::from(count)];
                let sum: f64 = used.iter().map(|i| i.weight).sum();
                assert!((sum - 1.0).abs() <= 1e-12, "n {n} q {q}: {sum}");
                for i in used {
                    assert!(usize::from(i.bone) < n);
                    assert!((i.x - (q - f64::from(i.bone))).abs() < 1e-12);
                    // A bone influences only within a segment of its centre (`j + ½`).
                    assert!(
                        i.x >= -0.5 - 1e-12 && i.x <= 1.5 + 1e-12,
                        "n {n} q {q}: {i:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn grid_counts_hull_and_triangles() {
        let trail = Trail {
            enabled: true,
            bones: 5,
            grid_rows: 2,
            grid_cols: 6,
            texture_mode: TextureMode::Tile,
            tile_count: 3,
            ..Trail::default()
        };
        let m = TrailMesh::new(&trail);
        // 6 columns in 3 tiles: 3·(2 + 1) = 9 column entries, 3 rows of vertices.
        assert_eq!(m.vertices.len(), 27);
        assert_eq!(m.vertices.len(), trail.vertex_count());
        assert_eq!(m.hull, 2 * 9 + 2 * 2 - 2);
        assert_eq!(m.triangles.len(), 6 * 2 * 6);
        assert!(m.triangles.iter().all(|&i| (i as usize) < m.vertices.len()));
        // Every vertex is used by a triangle.
        let mut used = vec![false; m.vertices.len()];
        for &i in &m.triangles {
            used[i as usize] = true;
        }
        assert!(used.iter().all(|&u| u));
        // The hull goes round: consecutive hull vertices are neighbours on the grid outline.
        for w in 0..m.hull {
            let (a, b) = (m.vertices[w], m.vertices[(w + 1) % m.hull]);
            let ds = (a.s - b.s).abs();
            let dc = (a.c - b.c).abs();
            assert!(
                ds <= 1.0 / 6.0 + 1e-9 && dc <= 0.5 + 1e-9,
                "{w}: {a:?} {b:?}"
            );
        }
        // Tiles: u runs 1 → 0 over each third of the length; v = 0 on the left of the motion.
        // (That row is the hull's way back, tail to head: reversed here.)
        let top: Vec<&MeshVertex> = m.vertices.iter().rev().filter(|v| v.c == 0.5).collect();
        assert_eq!(top.len(), 9);
        assert_eq!(top[0].uv, [1.0, 0.0]);
        assert_eq!(top[2].uv, [0.0, 0.0]);
        assert_eq!(top[3].uv, [1.0, 0.0]);
        assert_eq!(top[2].s, top[3].s, "a seam is two vertices at one place");
    }

    #[test]
    fn skinning_is_the_formula_bit_for_bit() {
        use super::super::chain::ChainNode;
        // The sum over each vertex's influences as the module formula writes it, term by term
        // in influence order: the compact binds must give the very same bits.
        let reference = |m: &TrailMesh, nodes: &[ChainNode], width_px: f64| -> Vec<[f32; 2]> {
            m.vertices
                .iter()
                .map(|v| {
                    let (mut x, mut y) = (0.0, 0.0);
                    for i in v.influences() {
                        let Some(b) = nodes.get(usize::from(i.bone)) else {
                            continue;
                        };
                        let along = b.length_px * i.x;
                        let across = width_px * v.y;
                        x += i.weight * (b.x + along * b.cos - across * b.sin);
                        y += i.weight * (b.y + along * b.sin + across * b.cos);
                    }
                    [x as f32, y as f32]
                })
                .collect()
        };
        let mut out = Vec::new();
        for (bones, rows, cols) in [(2, 1, 0), (5, 3, 7), (8, 1, 0), (17, 2, 40)] {
            let trail = Trail {
                enabled: true,
                bones,
                grid_rows: rows,
                grid_cols: cols,
                width_curve: crate::document::Curve::default(),
                ..Trail::default()
            };
            let m = TrailMesh::new(&trail);
            let nodes: Vec<ChainNode> = (0..m.bones)
                .map(|k| {
                    let a = 0.7 * k as f64 + 0.3;
                    ChainNode {
                        x: 100.0 / 3.0 + 17.1 * k as f64,
                        y: -2.0 / 7.0 - 9.3 * (k * k) as f64,
                        rotation_deg: a.to_degrees(),
                        cos: a.cos(),
                        sin: a.sin(),
                        length_px: 13.0 / 7.0 + k as f64,
                    }
                })
                .collect();
            m.skin(&nodes, 11.0 / 3.0, &mut out);
            assert_eq!(out, reference(&m, &nodes, 11.0 / 3.0), "{bones} bones");
            // Bones missing from a short chain are left out, as the formula's sum does.
            m.skin(&nodes[..1], 5.0, &mut out);
            assert_eq!(
                out,
                reference(&m, &nodes[..1], 5.0),
                "{bones} bones, one node"
            );
        }
    }

    #[test]
    fn uv_rotation_turns_the_image() {
        assert_eq!(rotate_uv(0.25, 0.0, 0), [0.25, 0.0]);
        assert_eq!(rotate_uv(0.25, 0.0, 90), [0.0, 0.75]);
        assert_eq!(rotate_uv(0.25, 0.0, 180), [0.75, 1.0]);
        assert_eq!(rotate_uv(0.25, 0.0, 270), [1.0, 0.25]);
    }
}
