//! A synthetic animated model: a flat strip along +X in the XY plane (Y up), skinned to a chain
//! of three joints with blended weights at the joints, two flat-coloured materials, and two
//! named clips in the model comment (`wave 1-24`, `bend 25-48`). Used by `ms3d synth`, the
//! benchmark and the browser end-to-end test.

use super::builder::ModelBuilder;
use crate::model::Model;

/// Length of the strip along X, model units.
pub const STRIP_LENGTH: f32 = 9.0;
/// Height of the strip along Y, model units.
pub const STRIP_HEIGHT: f32 = 1.0;
/// Frames per second of the synthetic animation.
pub const SYNTH_FPS: f32 = 24.0;

/// Builds the strip with `segments` quads along X (at least 3) and `rows` quads along Y (at least
/// 1). Vertex count is `(segments + 1) · (rows + 1)`, triangle count `2 · segments · rows`; both
/// inputs are clamped so the counts stay under 65535.
pub fn synth_model(segments: u16, rows: u16) -> Model {
    let rows = rows.clamp(1, 30);
    // Keep 2·segments·rows triangles and (segments+1)·(rows+1) vertices within u16 counts.
    let segments = segments.clamp(3, (32000 / rows).min(2000));
    let mut b = ModelBuilder::new(SYNTH_FPS);
    let body = b.material("body", [0.95, 0.55, 0.15, 1.0], "");
    let tip = b.material("tip", [0.2, 0.45, 0.95, 1.0], "");
    let span = STRIP_LENGTH / 3.0;
    let blend_width = span * 0.25;

    let root = b.joint("root", "", [0.0; 3], [0.0, 0.0, 0.0]);
    let mid = b.joint("mid", "root", [0.0; 3], [span, 0.0, 0.0]);
    let end = b.joint("end", "mid", [0.0; 3], [span, 0.0, 0.0]);

    for i in 0..=segments {
        let x = STRIP_LENGTH * f32::from(i) / f32::from(segments);
        let bone = ((x / span) as usize).min(2);
        for r in 0..=rows {
            let y = STRIP_HEIGHT * (f32::from(r) / f32::from(rows) - 0.5);
            let v = b.vertex([x, y, 0.0], bone as i8);
            let into = x - span * bone as f32;
            if bone > 0 && into < blend_width {
                let main = 50.0 + 50.0 * into / blend_width;
                let main = main.round().clamp(50.0, 100.0) as u8;
                b.weights(v, [(bone - 1) as i8, -1, -1], [main, 100 - main, 0]);
            }
        }
    }
    let stride = rows + 1;
    let mut body_tris = Vec::new();
    let mut tip_tris = Vec::new();
    for i in 0..segments {
        for r in 0..rows {
            let a = i * stride + r;
            let c = (i + 1) * stride + r;
            let (u0, u1) = (
                f32::from(i) / f32::from(segments),
                f32::from(i + 1) / f32::from(segments),
            );
            let (t0, t1) = (
                1.0 - f32::from(r) / f32::from(rows),
                1.0 - f32::from(r + 1) / f32::from(rows),
            );
            let in_tip = f32::from(i) >= f32::from(segments) * 2.0 / 3.0;
            let group = u8::from(in_tip);
            let t_a = b.triangle([a, c, c + 1], [[u0, t0], [u1, t0], [u1, t1]], group);
            let t_b = b.triangle([a, c + 1, a + 1], [[u0, t0], [u1, t1], [u0, t1]], group);
            let list = if in_tip {
                &mut tip_tris
            } else {
                &mut body_tris
            };
            list.extend([t_a, t_b]);
        }
    }
    b.group("body", body_tris, body);
    b.group("tip", tip_tris, tip);

    // wave (1-24): the whole chain sways about Z; bend (25-48): the tip curls up and back.
    for (frame, angle) in [
        (1.0, 0.0),
        (7.0, 0.35),
        (13.0, 0.0),
        (19.0, -0.35),
        (24.0, 0.0),
    ] {
        b.rotation_key(root, frame, [0.0, 0.0, angle]);
        b.rotation_key(mid, frame, [0.0, 0.0, angle]);
        b.rotation_key(end, frame, [0.0, 0.0, angle]);
    }
    for (frame, angle) in [(25.0, 0.0), (37.0, 1.2), (48.0, 0.0)] {
        b.rotation_key(root, frame, [0.0; 3]);
        b.rotation_key(mid, frame, [0.0, 0.0, angle * 0.5]);
        b.rotation_key(end, frame, [0.0, 0.0, angle]);
    }
    for (frame, lift) in [
        (1.0, 0.0),
        (13.0, 0.5),
        (24.0, 0.0),
        (25.0, 0.0),
        (48.0, 0.0),
    ] {
        b.position_key(root, frame, [0.0, lift, 0.0]);
    }
    b.model_comment("Synthetic SpineParticle test strip.\nwave 1-24\nbend 25-48\n");
    b.extras([1.0, 1.0, 0.0], 0.2);
    b.build()
}
