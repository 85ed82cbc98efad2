//! Trail ribbons skinned on the GPU (`shaders/trail.wgsl`): what the vertex shader reads and
//! the same formula in Rust.
//!
//! A system's [`TrailMesh`] is the same for all its trails, so its vertices go to the GPU once
//! (when the mesh changes) as [`TrailVertex`] records: the bind (bone-local `x` of each
//! influence in chord lengths, the weights as quantised to 10⁻⁶ by the mesh, bone-local `y` in
//! widths), the image coordinates and the colour along the trail. Per frame only each trail's
//! chain is written, [`BONE_WORDS`] words per bone ([`push_chain`]: `f32` bit patterns of the
//! node's `x`, `y`, the bone's unit direction `cos`, `sin` and its chord length `ℓ`) into the
//! trail data texture (`R32Uint`, read with `textureLoad` like the clips' data, so WebGL2
//! works without storage buffers), plus one [`TrailInstance`] (first chain word, width, tint,
//! atlas rectangle and layer). One instanced draw per system draws all its trails, instance
//! order = draw order.
//!
//! The shader computes [`TrailMesh::skin`]'s sum in `f32`, term by term in influence order:
//! with `a = σ·y` (`σ` the trail's width in pixels) and per influence `k` of weight `w`,
//! `along = ℓ_k·x_k`, the vertex is `Σ w·(P_k + along·t_k + a·n_k)`, `t = (cos, sin)`,
//! `n = (−sin, cos)` ([`skin_reference`] is the same arithmetic on the CPU). The export and the
//! CLI's `--dump` keep skinning in `f64` on the CPU; the preview differs from them by `f32`
//! rounding only.

use bytemuck::{Pod, Zeroable};
use sp_sim::sim::trail::{ChainNode, TrailMesh};

/// Words per chain bone in the trail data texture: `x`, `y`, `cos`, `sin`, `ℓ` (`f32` bits).
pub const BONE_WORDS: u32 = 5;

/// The second bone of a one-influence vertex ([`TrailVertex::bones`]' upper half).
pub const NO_BONE: u32 = 0xffff;

/// One vertex of a system's trail mesh, as the vertex shader reads it (`trail.wgsl`, 48 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct TrailVertex {
    /// Image coordinates, 0..1 (mapped into the trail image's atlas rectangle per instance).
    pub uv: [f32; 2],
    /// Colour and alpha along the trail (multiplies the instance tint).
    pub along: [f32; 4],
    /// Bone-local x of each influence, chord lengths.
    pub x: [f32; 2],
    /// Weight of each influence (the second 0 when unused).
    pub weight: [f32; 2],
    /// Bone-local y, widths.
    pub y: f32,
    /// Chain bone of the first influence (low 16 bits) and of the second ([`NO_BONE`] when the
    /// vertex has one influence).
    pub bones: u32,
}

/// Byte size of one [`TrailVertex`].
pub const TRAIL_VERTEX_BYTES: u64 = std::mem::size_of::<TrailVertex>() as u64;

/// One trail of a frame, as the vertex shader reads it per instance (32 bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct TrailInstance {
    /// First word of the trail's chain in the frame's trail data.
    pub chain: u32,
    /// Atlas layer of the trail image.
    pub layer: u32,
    /// The trail's width in scene pixels (every bone's vertical scale).
    pub width_px: f32,
    /// Straight-alpha tint (the trail slot's colour), 8 bits each.
    pub color: [u8; 4],
    /// `(u0, v0, u1, v1)` of the trail image in its layer.
    pub uv_rect: [f32; 4],
}

/// Byte size of one [`TrailInstance`].
pub const TRAIL_INSTANCE_BYTES: u64 = std::mem::size_of::<TrailInstance>() as u64;

impl TrailVertex {
    /// The GPU records of `mesh`'s vertices, in vertex order.
    pub fn of_mesh(mesh: &TrailMesh) -> Vec<TrailVertex> {
        mesh.vertices
            .iter()
            .map(|v| {
                let [a, b] = v.influences;
                let two = v.count >= 2;
                TrailVertex {
                    uv: v.uv,
                    along: v.along,
                    x: [a.x as f32, if two { b.x as f32 } else { 0.0 }],
                    weight: [a.weight as f32, if two { b.weight as f32 } else { 0.0 }],
                    y: v.y as f32,
                    bones: u32::from(a.bone)
                        | (if two { u32::from(b.bone) } else { NO_BONE }) << 16,
                }
            })
            .collect()
    }
}

/// Appends the `bones` bones of a chain to `words` ([`BONE_WORDS`] each, see the module docs)
/// and returns the first one's word. A bone `nodes` lacks is written as zeros, which adds
/// exactly nothing to a vertex, as [`TrailMesh::skin`] leaves it out.
pub fn push_chain(words: &mut Vec<u32>, nodes: &[ChainNode], bones: usize) -> u32 {
    let first = words.len() as u32;
    words.extend(
        nodes
            .iter()
            .take(bones)
            .flat_map(|b| [b.x, b.y, b.cos, b.sin, b.length_px].map(|v| (v as f32).to_bits())),
    );
    words.resize(first as usize + bones * BONE_WORDS as usize, 0);
    first
}

/// The vertex shader's skinned positions (scene pixels) of `vertices` on the chain written at
/// word `chain` of `words`, width `width_px`: the same `f32` operations in the same order as
/// `trail.wgsl` (a GPU may fuse a multiply and an add, which only rounds less).
pub fn skin_reference(
    vertices: &[TrailVertex],
    words: &[u32],
    chain: u32,
    width_px: f32,
) -> Vec<[f32; 2]> {
    let word = |i: u32| f32::from_bits(words.get(i as usize).copied().unwrap_or(0));
    let term = |bone: u32, x: f32, across: f32| -> [f32; 2] {
        let at = chain + bone * BONE_WORDS;
        let (px, py, c, s, len) = (
            word(at),
            word(at + 1),
            word(at + 2),
            word(at + 3),
            word(at + 4),
        );
        let along = len * x;
        [px + along * c - across * s, py + along * s + across * c]
    };
    vertices
        .iter()
        .map(|v| {
            let across = width_px * v.y;
            let a = term(v.bones & 0xffff, v.x[0], across);
            let mut p = [v.weight[0] * a[0], v.weight[0] * a[1]];
            let second = v.bones >> 16;
            if second != NO_BONE {
                let b = term(second, v.x[1], across);
                p = [p[0] + v.weight[1] * b[0], p[1] + v.weight[1] * b[1]];
            }
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sp_sim::behaviour::trail::Trail;
    use sp_sim::document::{Curve, CurveKey};

    #[test]
    fn records_are_48_and_32_bytes() {
        assert_eq!(TRAIL_VERTEX_BYTES, 48);
        assert_eq!(TRAIL_INSTANCE_BYTES, 32);
    }

    /// A chain of `n` bones along a curve far from the origin, with uneven chords.
    fn chain(n: usize, origin: f64) -> Vec<ChainNode> {
        (0..n)
            .map(|k| {
                let a = 0.45 * k as f64 - 1.1;
                ChainNode {
                    x: origin + 17.3 * k as f64 + 1.0 / 3.0,
                    y: -origin / 2.0 + 4.1 * (k * k) as f64 - 2.0 / 7.0,
                    rotation_deg: a.to_degrees(),
                    cos: a.cos(),
                    sin: a.sin(),
                    length_px: 9.0 + 13.0 / 7.0 * k as f64,
                }
            })
            .collect()
    }

    #[test]
    fn the_shader_formula_matches_the_cpu_skin_within_f32_rounding() {
        // Meshes with one and two influences, seams, a width curve (y ≠ c), rotated images; the
        // chain at up to ~1,000 px and 3,000 px further. The f32 formula lands within a few
        // f32 ulps of the vertex's coordinate (the f64 skin rounded to f32): rounding only.
        let mut out = Vec::new();
        let (mut worst_px, mut worst_ulps) = (0.0f64, 0.0f64);
        for (bones, rows, cols, tiles) in
            [(2, 1, 0, 1), (8, 1, 0, 1), (8, 3, 14, 2), (17, 2, 40, 5)]
        {
            let trail = Trail {
                enabled: true,
                bones,
                grid_rows: rows,
                grid_cols: cols,
                tile_count: tiles,
                texture_mode: sp_sim::behaviour::trail::TextureMode::Tile,
                uv_rotation_deg: 90,
                width_curve: Curve {
                    keys: vec![CurveKey::linear(0.0, 1.0), CurveKey::linear(1.0, 0.2)],
                },
                ..Trail::default()
            };
            let mesh = TrailMesh::new(&trail);
            let gpu = TrailVertex::of_mesh(&mesh);
            assert_eq!(
                gpu.iter().any(|v| v.bones >> 16 != NO_BONE),
                bones > 2,
                "two influences"
            );
            for origin in [0.0, 3000.0] {
                let nodes = chain(mesh.bones, origin);
                let width = 11.0 / 3.0;
                mesh.skin(&nodes, width, &mut out);
                let mut words = vec![7; 3];
                let first = push_chain(&mut words, &nodes, mesh.bones);
                assert_eq!(first, 3);
                assert_eq!(words.len(), 3 + mesh.bones * BONE_WORDS as usize);
                let got = skin_reference(&gpu, &words, first, width as f32);
                for (g, c) in got.iter().zip(&out) {
                    for a in 0..2 {
                        let d = f64::from((g[a] - c[a]).abs());
                        // One f32 ulp at the coordinate's magnitude (at least 1 px's).
                        let ulp =
                            f64::from(c[a].abs().max(1.0)).log2().floor().exp2() * 2f64.powi(-23);
                        worst_px = worst_px.max(d);
                        worst_ulps = worst_ulps.max(d / ulp);
                    }
                }
            }
        }
        println!("f32 formula vs f64 skin: max |Δ| {worst_px:e} px, {worst_ulps} ulps");
        assert!(
            worst_ulps <= 4.0 && worst_px <= 2e-3,
            "{worst_px:e} px, {worst_ulps} ulps"
        );
        assert!(worst_px > 0.0, "f32 and f64 differ somewhere");
    }

    #[test]
    fn missing_bones_add_nothing_and_binds_matter() {
        let trail = Trail {
            enabled: true,
            bones: 6,
            ..Trail::default()
        };
        let mesh = TrailMesh::new(&trail);
        let gpu = TrailVertex::of_mesh(&mesh);
        let nodes = chain(mesh.bones, 50.0);
        let mut out = Vec::new();
        // A short chain: the missing bones are zeros, left out like the CPU skin leaves them.
        mesh.skin(&nodes[..2], 8.0, &mut out);
        let mut words = Vec::new();
        push_chain(&mut words, &nodes[..2], mesh.bones);
        let got = skin_reference(&gpu, &words, 0, 8.0);
        for (g, c) in got.iter().zip(&out) {
            assert!((g[0] - c[0]).abs() < 1e-4 && (g[1] - c[1]).abs() < 1e-4);
        }
        // Reversed bone order lands elsewhere: the formula reads each vertex's own bones.
        let reversed: Vec<ChainNode> = nodes.iter().rev().copied().collect();
        let mut words = Vec::new();
        push_chain(&mut words, &reversed, mesh.bones);
        let wrong = skin_reference(&gpu, &words, 0, 8.0);
        mesh.skin(&nodes, 8.0, &mut out);
        assert!(
            wrong
                .iter()
                .zip(&out)
                .any(|(g, c)| (g[0] - c[0]).abs() > 1.0)
        );
    }
}
