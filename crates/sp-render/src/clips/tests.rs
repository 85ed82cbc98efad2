//! Tests of the clip layout types: validation names the problem, frames carry their own
//! topology and draws.

use super::*;
use crate::test_support::tri_clip;

fn message(clip: &VertexClip) -> String {
    clip.validate().unwrap_err().to_string()
}

#[test]
fn validation_names_the_problem() {
    let good = tri_clip(vec![vec![[0.0; 3]; 3]]);
    good.validate().unwrap();
    let mut bad = good.clone();
    bad.indices[2] = 7;
    assert!(message(&bad).contains("index 2 (topology 0) is 7"));
    let mut bad = good.clone();
    bad.frames.push(ClipFrame {
        positions: vec![[0.0; 3]; 2],
        ..bad.frames[0].clone()
    });
    assert!(message(&bad).contains("frame 1 has 2 positions, expected 3"));
    let mut bad = good.clone();
    bad.draws[0].index_count = 6;
    assert!(message(&bad).contains("draw range 0 (0+6) of frame 0"));
    let mut bad = good.clone();
    bad.frames[0].topology = 1;
    assert!(message(&bad).contains("frame 0 names topology 1, but there are 1"));
    let mut bad = good.clone();
    bad.frames[0].draw_count = 2;
    assert!(message(&bad).contains("frame 0 names draw ranges 0+2, but there are 1"));
    let mut bad = good.clone();
    bad.topologies[0].vertex_count = 4;
    assert!(message(&bad).contains("topology 0 uses vertices 0..4, but there are only 3"));
    let mut bad = good.clone();
    bad.draws[0].material.dark[1] = f32::NAN;
    assert!(message(&bad).contains("draw range 0 has a colour"));
    let mut bad = good;
    bad.frames.clear();
    assert!(message(&bad).contains("no frames"));
}

/// Two topologies: a triangle (3 vertices) and a quad (4 vertices), frames of each size.
#[test]
fn frames_carry_their_own_topology_and_draws() {
    let draw = |start, count, color: [f32; 4]| ClipDrawRange {
        index_start: start,
        index_count: count,
        material: ClipMaterial {
            color,
            ..ClipMaterial::default()
        },
    };
    let clip = VertexClip {
        name: "swap".into(),
        fps: 10.0,
        lit: false,
        uvs: vec![[0.0; 2]; 7],
        indices: vec![0, 1, 2, 0, 1, 2, 0, 2, 3],
        topologies: vec![
            ClipTopology {
                first_vertex: 0,
                vertex_count: 3,
                first_index: 0,
                index_count: 3,
            },
            ClipTopology {
                first_vertex: 3,
                vertex_count: 4,
                first_index: 3,
                index_count: 6,
            },
        ],
        draws: vec![draw(0, 3, [1.0; 4]), draw(3, 6, [1.0, 0.0, 0.0, 1.0])],
        frames: vec![
            ClipFrame {
                topology: 0,
                first_draw: 0,
                draw_count: 1,
                positions: vec![[0.0; 3]; 3],
            },
            ClipFrame {
                topology: 1,
                first_draw: 1,
                draw_count: 1,
                positions: vec![[1.0; 3]; 4],
            },
        ],
    };
    clip.validate().unwrap();
    assert_eq!(clip.frame_memory(FrameEncoding::F32), (48, 84));
    assert_eq!(clip.frame_draws(1)[0].material.color, [1.0, 0.0, 0.0, 1.0]);
    assert!(clip.frame_draws(5).is_empty());
    // A draw of frame 0 reaching into the quad's indices is refused.
    let mut bad = clip.clone();
    bad.frames[0].first_draw = 1;
    assert!(message(&bad).contains("draw range 1 (3+6) of frame 0 is outside"));
    // Index 3 of the quad is relative to the quad: 4 is out of range.
    let mut bad = clip;
    bad.indices[8] = 4;
    assert!(message(&bad).contains("index 8 (topology 1) is 4"));
}
