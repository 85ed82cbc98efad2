//! Per-frame batching of clip instances (CPU side of the instanced clip draws).
//!
//! Per instance: the frame pick, one matrix product, one scene-space box and one
//! [`ClipInstanceGpu`] record. Then the waves ([`crate::clip_waves`]), one sort by
//! `(wave, clip, layout of frame a, instance order)`, and per run of equal
//! `(wave, clip, layout)` one [`ClipDrawCall`] (and one 80-byte uniform) per draw range of the
//! layout. The number of draw calls depends on the waves and layouts in use, not on the number of
//! instances.

use super::device::{ClipDrawCall, clip_bind_group};
use super::{Renderer, WHITE_IMAGE};
use crate::blend::blend_index;
use crate::clip_waves::{SceneBox, WaveScratch, assign_waves};
use crate::clips::{
    CLIP_INSTANCE_BYTES, ClipDrawUniform, ClipId, ClipInstance, ClipInstanceGpu, mat4_mul,
    view_matrix,
};

/// Reusable per-frame buffers.
#[derive(Default)]
pub(super) struct ClipBatch {
    /// Instance records in drawing order (uploaded to the clip-instance buffer).
    pub(super) records: Vec<ClipInstanceGpu>,
    /// Draw uniforms, one stride each.
    pub(super) uniforms: Vec<u8>,
    /// The frame's draws, in order.
    pub(super) calls: Vec<ClipDrawCall>,
    items: Vec<(ClipId, u32, ClipInstanceGpu)>,
    boxes: Vec<SceneBox>,
    waves: Vec<u32>,
    order: Vec<u32>,
    wave_scratch: WaveScratch,
}

/// Scene-space box of the model box `(min, extent)` through `m` (column-major; x and y rows).
pub(super) fn scene_box(m: &[f32; 16], (min, extent): ([f32; 3], [f32; 3])) -> SceneBox {
    let c = [0, 1, 2].map(|a| min[a] + extent[a] * 0.5);
    let h = [0, 1, 2].map(|a| extent[a] * 0.5);
    let row = |r: usize| {
        let center = m[r] * c[0] + m[4 + r] * c[1] + m[8 + r] * c[2] + m[12 + r];
        let half = m[r].abs() * h[0] + m[4 + r].abs() * h[1] + m[8 + r].abs() * h[2];
        (center - half, center + half)
    };
    let ((x0, x1), (y0, y1)) = (row(0), row(1));
    [x0, y0, x1, y1]
}

impl Renderer {
    /// Fills [`ClipBatch`] for `instances` and uploads the instance records and draw uniforms.
    pub(super) fn prepare_clips(&mut self, instances: &[ClipInstance]) {
        let b = &mut self.batch;
        b.records.clear();
        b.uniforms.clear();
        b.calls.clear();
        b.items.clear();
        b.boxes.clear();
        let view_m = view_matrix(&self.view);
        for inst in instances {
            let Some(entry) = self.clips.get(&inst.clip) else {
                continue;
            };
            if entry.gpu.is_none() {
                continue;
            }
            let clip = &entry.clip;
            let Some(choice) = clip.choose_frames(inst.time_secs, inst.looping) else {
                continue;
            };
            let (a, bf) = (choice.a as usize, choice.b as usize);
            let (Some(fa), Some(fb), Some(&layout)) = (
                clip.frames.get(a),
                clip.frames.get(bf),
                entry.layouts.frame_layout.get(a),
            ) else {
                continue;
            };
            let base = &entry.packed.frame_base;
            let color_b = if choice.blend_colors {
                fb.first_draw
            } else {
                fa.first_draw
            };
            let record = ClipInstanceGpu {
                model_to_clip: mat4_mul(&view_m, &inst.model_to_scene),
                frames: [base[a], base[bf], fa.first_draw, color_b],
                weights: [
                    choice.blend,
                    if choice.blend_colors {
                        choice.blend
                    } else {
                        0.0
                    },
                    0.0,
                    0.0,
                ],
                tint: inst.tint,
            };
            b.boxes
                .push(scene_box(&inst.model_to_scene, entry.model_box));
            b.items.push((inst.clip, layout, record));
        }
        if b.items.is_empty() {
            return;
        }
        assign_waves(&b.boxes, &mut b.wave_scratch, &mut b.waves);
        b.order.clear();
        b.order.extend(0..b.items.len() as u32);
        let (items, waves) = (&b.items, &b.waves);
        b.order.sort_unstable_by_key(|&i| {
            let (clip, layout, _) = items[i as usize];
            (waves[i as usize], clip, layout, i)
        });

        let stride = self.state.uniform_stride() as usize;
        let white = self.layout.entry(WHITE_IMAGE).map(|w| {
            let cu = (w.uv_rect[0] + w.uv_rect[2]) * 0.5;
            let cv = (w.uv_rect[1] + w.uv_rect[3]) * 0.5;
            ([cu, cv, cu, cv], w.layer)
        });
        let mut at = 0;
        while at < b.order.len() {
            let first = b.order[at] as usize;
            let key = (b.waves[first], b.items[first].0, b.items[first].1);
            let start = b.records.len() as u32;
            while at < b.order.len() {
                let i = b.order[at] as usize;
                if (b.waves[i], b.items[i].0, b.items[i].1) != key {
                    break;
                }
                b.records.push(b.items[i].2);
                at += 1;
            }
            let count = b.records.len() as u32 - start;
            let (_, clip_id, layout) = key;
            let Some(entry) = self.clips.get(&clip_id) else {
                continue;
            };
            let (Some(layout), Some(gpu)) =
                (entry.layouts.layouts.get(layout as usize), &entry.gpu)
            else {
                continue;
            };
            let size = gpu.data_size;
            let k_base = entry.packed.layout_k_base.get(key.2 as usize).copied();
            for draw in &layout.draws {
                let (uv_rect, layer) =
                    match draw.texture.as_deref().and_then(|t| self.layout.entry(t)) {
                        Some(a) => (a.uv_rect, a.layer),
                        None => white.unwrap_or(([0.0; 4], 0)),
                    };
                let (min, extent) = entry.decode;
                let uniform = ClipDrawUniform {
                    uv_rect,
                    bbox_min: [min[0], min[1], min[2], 0.0],
                    bbox_extent: [extent[0], extent[1], extent[2], 0.0],
                    info: [
                        layer,
                        u32::from(entry.clip.lit),
                        draw.k,
                        entry.packed.words_per_vertex,
                    ],
                    color_base: [
                        entry.packed.color_base,
                        match k_base {
                            Some(base) if draw.k_from_table => base,
                            _ => u32::MAX,
                        },
                        size.width,
                        size.rows_per_layer,
                    ],
                };
                let offset = b.uniforms.len();
                b.uniforms.extend_from_slice(bytemuck::bytes_of(&uniform));
                b.uniforms.resize(offset + stride, 0);
                b.calls.push(ClipDrawCall {
                    clip: clip_id,
                    topology: layout.topology,
                    index_start: draw.index_start,
                    index_count: draw.index_count,
                    pipeline: blend_index(draw.blend) as u32,
                    offset: offset as u32,
                    first_instance: start,
                    instance_count: count,
                });
            }
        }
        if b.calls.is_empty() {
            return;
        }
        let st = &mut self.state;
        let device = &st.gpu.device;
        if st.clip_uniforms.reserve(device, b.uniforms.len() as u64) {
            st.clip_group = clip_bind_group(device, &st.pipelines, &st.clip_uniforms.buffer);
        }
        st.gpu
            .queue
            .write_buffer(&st.clip_uniforms.buffer, 0, &b.uniforms);
        st.clip_instances
            .reserve(device, b.records.len() as u64 * CLIP_INSTANCE_BYTES);
        st.gpu.queue.write_buffer(
            &st.clip_instances.buffer,
            0,
            bytemuck::cast_slice(&b.records),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scene_boxes_follow_the_instance_matrix() {
        // Rotation by 90° (x → y), scale 2, translation (10, 20).
        let m = [
            0.0, 2.0, 0.0, 0.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 10.0, 20.0, 5.0, 1.0,
        ];
        let b = scene_box(&m, ([0.0, 0.0, 0.0], [3.0, 1.0, 0.0]));
        // x = 10 − 2·y ∈ [8, 10], y = 20 + 2·x ∈ [20, 26].
        assert_eq!(b, [8.0, 20.0, 10.0, 26.0]);
    }
}
