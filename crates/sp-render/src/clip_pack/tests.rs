//! Tests of the packing: frames sharing layouts, merged draws, the data texture's words and
//! sizes.

use super::*;
use crate::clips::{ClipDrawRange, ClipFrame, ClipMaterial, ClipTopology, encode_frames};

fn draw(start: u32, count: u32, color: [f32; 4], blend: BlendMode) -> ClipDrawRange {
    ClipDrawRange {
        index_start: start,
        index_count: count,
        material: ClipMaterial {
            color,
            blend,
            ..ClipMaterial::default()
        },
    }
}

/// Frames 0/1: topology 0 with draw runs differing only in colour (one layout); frame 2: the
/// same topology with an additive range (another layout); frame 3: topology 1.
fn clip() -> VertexClip {
    let frame = |topology, first_draw, draw_count, n| ClipFrame {
        topology,
        first_draw,
        draw_count,
        positions: (0..n).map(|v| [v as f32, 1.0, 2.0]).collect(),
    };
    VertexClip {
        name: "c".into(),
        fps: 10.0,
        lit: false,
        uvs: vec![[0.0; 2]; 7],
        indices: vec![0, 1, 2, 0, 2, 3, 0, 1, 2],
        topologies: vec![
            ClipTopology {
                first_vertex: 0,
                vertex_count: 4,
                first_index: 0,
                index_count: 6,
            },
            ClipTopology {
                first_vertex: 4,
                vertex_count: 3,
                first_index: 6,
                index_count: 3,
            },
        ],
        draws: vec![
            draw(0, 3, [1.0; 4], BlendMode::Normal),
            draw(3, 3, [1.0; 4], BlendMode::Normal),
            draw(0, 3, [0.5; 4], BlendMode::Normal),
            draw(3, 3, [0.25; 4], BlendMode::Normal),
            draw(0, 0, [1.0; 4], BlendMode::Normal),
            draw(0, 6, [1.0; 4], BlendMode::Additive),
            draw(6, 3, [1.0; 4], BlendMode::Normal),
        ],
        frames: vec![
            frame(0, 0, 2, 4),
            frame(0, 2, 2, 4),
            frame(0, 4, 2, 4),
            frame(1, 6, 1, 3),
        ],
    }
}

#[test]
fn frames_differing_only_in_colour_share_a_layout() {
    let clip = clip();
    clip.validate().unwrap();
    let l = clip_layouts(&clip);
    assert_eq!(l.frame_layout, vec![0, 0, 1, 2]);
    assert_eq!(l.layouts.len(), 3);
    // Ranges 0 and 1 share vertices 0 and 2: not merged, the second keeps k in its uniform.
    assert_eq!(l.layouts[0].draws.len(), 2);
    assert_eq!(l.layouts[0].vertex_k, vec![0, 0, 0, 1]);
    assert!(l.layouts[0].draws[0].k_from_table && !l.layouts[0].draws[1].k_from_table);
    // The empty range is dropped but the additive one keeps its place k = 1 in the run.
    assert_eq!(l.layouts[1].draws.len(), 1);
    assert_eq!(l.layouts[1].draws[0].k, 1);
    assert_eq!(l.layouts[1].draws[0].blend, BlendMode::Additive);
    assert_eq!(l.layouts[2].topology, 1);
    // A different blend mode alone makes another layout.
    let mut other = clip.clone();
    other.draws[3].material.blend = BlendMode::Screen;
    assert_eq!(clip_layouts(&other).frame_layout, vec![0, 1, 2, 3]);
}

#[test]
fn adjacent_ranges_of_separate_vertices_merge() {
    // Three quads of their own vertices: red, green (normal) and blue (additive).
    let quad = |v: u32| [v, v + 1, v + 2, v + 2, v + 1, v + 3];
    let clip = VertexClip::shared_layout(
        "quads".into(),
        10.0,
        false,
        [quad(0), quad(4), quad(8)].concat(),
        vec![[0.0; 2]; 12],
        vec![
            draw(0, 6, [1.0, 0.0, 0.0, 1.0], BlendMode::Normal),
            draw(6, 6, [0.0, 1.0, 0.0, 1.0], BlendMode::Normal),
            draw(12, 6, [0.0, 0.0, 1.0, 1.0], BlendMode::Additive),
        ],
        vec![vec![[0.0; 3]; 12]],
    );
    let l = clip_layouts(&clip);
    let draws = &l.layouts[0].draws;
    assert_eq!(draws.len(), 2, "{draws:?}");
    assert_eq!((draws[0].index_start, draws[0].index_count), (0, 12));
    assert!(draws[0].k_from_table && draws[1].k_from_table);
    assert_eq!(draws[1].blend, BlendMode::Additive);
    assert_eq!(l.layouts[0].vertex_k, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    // Another image on the second quad keeps it apart.
    let mut other = clip.clone();
    other.draws[1].material.texture = Some("b.png".into());
    assert_eq!(clip_layouts(&other).layouts[0].draws.len(), 3);
}

#[test]
fn packed_words_hold_positions_and_colours() {
    let clip = clip();
    let layouts = clip_layouts(&clip);
    let p = pack_clip(&clip, &encode_frames(&clip, FrameEncoding::F32), &layouts).unwrap();
    assert_eq!(p.words_per_vertex, 3);
    assert_eq!(p.frame_base, vec![0, 4, 8, 12]);
    assert_eq!(p.color_base, 15 * 3);
    // Frame 3, vertex 2: (2, 1, 2).
    let v = ((p.frame_base[3] + 2) * 3) as usize;
    assert_eq!(f32::from_bits(p.words[v]), 2.0);
    assert_eq!(f32::from_bits(p.words[v + 1]), 1.0);
    // Colour of draw 3: light 0.25.
    let c = (p.color_base + 3 * COLOR_WORDS) as usize;
    assert_eq!(f32::from_bits(p.words[c + 3]), 0.25);
    // The k tables follow: layouts 0 and 1 over 4 vertices, layout 2 over 3.
    assert_eq!(p.layout_k_base, vec![45 + 56, 45 + 60, 45 + 64]);
    assert_eq!(p.words.len(), 45 + 7 * 8 + 4 + 4 + 3);
    assert_eq!(p.words[p.layout_k_base[0] as usize + 3], 1);
    assert_eq!(
        p.words.len(),
        packed_words(&clip, &encode_frames(&clip, FrameEncoding::F32), &layouts)
    );
    let q = pack_clip(&clip, &encode_frames(&clip, FrameEncoding::U16), &layouts).unwrap();
    assert_eq!(q.words_per_vertex, 2);
    assert_eq!(q.color_base, 30);
    // u16: word 0 of vertex 3 of frame 0 holds x = 65535 (the bbox's max x) in its low half.
    assert_eq!(q.words[6] & 0xffff, 65535);
}

#[test]
fn data_textures_stay_within_the_limits() {
    // Never fewer than two layers (one row each here).
    let s = data_texture_size(5, 2048, 256).unwrap();
    assert_eq!((s.width, s.rows_per_layer, s.layers), (5, 1, 2));
    let s = data_texture_size(2048 * 3 + 1, 2048, 256).unwrap();
    assert_eq!((s.width, s.rows_per_layer, s.layers), (2048, 2, 2));
    // More rows than the device allows per layer continue on further layers.
    let s = data_texture_size(2048 * 2048 * 2 + 7, 2048, 256).unwrap();
    assert_eq!((s.width, s.rows_per_layer, s.layers), (2048, 2048, 3));
    assert!(s.texels() >= 2048 * 2048 * 2 + 7);
    assert_eq!(texel_of(2048 * 2048 + 2049, s), (1, 1, 1));
    assert_eq!(data_texture_size(2048 * 2048 * 257, 2048, 256), None);
    assert_eq!(data_texture_size(0, 2048, 1).unwrap().texels(), 2);
}
