//! A clip packed for instanced drawing (built once per upload, rebuilt after a device loss from
//! the CPU copy): its distinct draw layouts and the words of its data texture.
//!
//! **Layouts.** Frames whose topology and draw list match range for range (same indices, image
//! and blend mode; colours may differ) share a layout: instances whose frame `i` has the same
//! layout are drawn together, one `draw_indexed` per draw of the layout. Empty draw ranges are
//! left out of the layout but keep their position `k` in the frame's run, so the colour of draw
//! `k` of frame `f` is colour-table entry `frames[f].first_draw + k`.
//!
//! **Merged draws.** Each layout has a table of `k` per vertex of its topology (the `k` of the
//! first range that uses the vertex). A range whose every vertex has its own `k` in the table
//! reads `k` per vertex; adjacent such ranges with the same image and blend mode become one draw
//! (their triangles stay in order, so painter's order within the draw holds). A range sharing a
//! vertex with a range of another `k` keeps its own draw with `k` in the draw uniform.
//!
//! **Data texture** (`R32Uint`, one word per texel, row-major, rows continue on the next array
//! layer): the encoded positions of every frame back to back (frame `f` starts at vertex
//! `frame_base[f]`; a vertex is [`FrameEncoding::words_per_vertex`] words: three `f32` bit
//! patterns, or `x | y << 16` and `z` for `u16`), then from word `color_base` the colour table,
//! [`COLOR_WORDS`] words per draw range of [`VertexClip::draws`]: light `r, g, b, a` (straight),
//! dark `r, g, b`, one unused word, each an `f32` bit pattern; then each layout's `k` table
//! (one word per vertex of its topology, from `layout_k_base[l]`). The width is at most
//! [`DATA_TEXTURE_WIDTH`] (WebGL2's guaranteed texture size), so the same texture works on
//! WebGPU and WebGL2 (which has no storage buffers in vertex shaders).

use std::collections::BTreeMap;

use sp_sim::document::BlendMode;

use crate::blend::blend_index;
use crate::clips::{EncodedFrames, FrameEncoding, VertexClip};

/// Words per colour-table entry (see the module docs).
pub const COLOR_WORDS: u32 = 8;

/// Widest row of a data texture, texels (WebGL2's guaranteed minimum of the maximum size).
pub const DATA_TEXTURE_WIDTH: u32 = 2048;

/// One draw of a layout: a draw range, or adjacent ranges merged (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutDraw {
    /// Position in the frame's run of draws (selects the colour-table entry) of the first range.
    pub k: u32,
    /// Whether `k` is read per vertex from the layout's table (else `k` above for every vertex).
    pub k_from_table: bool,
    /// First index (absolute).
    pub index_start: u32,
    /// Number of indices (> 0).
    pub index_count: u32,
    /// Image reference.
    pub texture: Option<String>,
    /// Blend mode.
    pub blend: BlendMode,
}

/// A distinct (topology, draw list) of a clip.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipLayout {
    /// Topology index.
    pub topology: u32,
    /// Draws (non-empty ranges, merged where possible), in drawing order.
    pub draws: Vec<LayoutDraw>,
    /// `k` of every vertex of the topology (0 for a vertex no range uses).
    pub vertex_k: Vec<u32>,
}

/// The layouts of a clip and which one each frame uses.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipLayouts {
    /// Distinct layouts, in order of first use.
    pub layouts: Vec<ClipLayout>,
    /// Layout of every frame.
    pub frame_layout: Vec<u32>,
}

type LayoutKey = (u32, Vec<(u32, u32, u32, Option<String>, usize)>);

/// Groups the frames of a (validated) clip by layout (see the module docs).
pub fn clip_layouts(clip: &VertexClip) -> ClipLayouts {
    let mut by_key: BTreeMap<LayoutKey, u32> = BTreeMap::new();
    let mut by_run: BTreeMap<(u32, u32, u32), u32> = BTreeMap::new();
    let mut layouts = Vec::new();
    let mut frame_layout = Vec::with_capacity(clip.frames.len());
    for (f, frame) in clip.frames.iter().enumerate() {
        let run = (frame.topology, frame.first_draw, frame.draw_count);
        if let Some(&l) = by_run.get(&run) {
            frame_layout.push(l);
            continue;
        }
        let draws: Vec<LayoutDraw> = clip
            .frame_draws(f)
            .iter()
            .enumerate()
            .filter(|(_, d)| d.index_count > 0)
            .map(|(k, d)| LayoutDraw {
                k: k as u32,
                k_from_table: false,
                index_start: d.index_start,
                index_count: d.index_count,
                texture: d.material.texture.clone(),
                blend: d.material.blend,
            })
            .collect();
        let key = (
            frame.topology,
            draws
                .iter()
                .map(|d| {
                    (
                        d.k,
                        d.index_start,
                        d.index_count,
                        d.texture.clone(),
                        blend_index(d.blend),
                    )
                })
                .collect(),
        );
        let l = *by_key.entry(key).or_insert_with(|| {
            let vertex_count = clip
                .topologies
                .get(frame.topology as usize)
                .map_or(0, |t| t.vertex_count);
            let (draws, vertex_k) = merge_draws(&clip.indices, vertex_count, draws);
            layouts.push(ClipLayout {
                topology: frame.topology,
                draws,
                vertex_k,
            });
            layouts.len() as u32 - 1
        });
        by_run.insert(run, l);
        frame_layout.push(l);
    }
    ClipLayouts {
        layouts,
        frame_layout,
    }
}

/// The `k` table of a layout and its draws merged (see the module docs). `indices` are the
/// clip's, relative to the topology; `draws` its non-empty ranges in order.
fn merge_draws(
    indices: &[u32],
    vertex_count: u32,
    draws: Vec<LayoutDraw>,
) -> (Vec<LayoutDraw>, Vec<u32>) {
    let own = |d: &LayoutDraw| {
        let start = d.index_start as usize;
        indices
            .get(start..start + d.index_count as usize)
            .unwrap_or(&[])
    };
    let mut vertex_k = vec![u32::MAX; vertex_count as usize];
    for d in &draws {
        for &i in own(d) {
            if let Some(slot) = vertex_k.get_mut(i as usize)
                && *slot == u32::MAX
            {
                *slot = d.k;
            }
        }
    }
    let mut out: Vec<LayoutDraw> = Vec::with_capacity(draws.len());
    for d in draws {
        let consistent = own(&d)
            .iter()
            .all(|&i| vertex_k.get(i as usize) == Some(&d.k));
        if let Some(last) = out.last_mut()
            && consistent
            && last.k_from_table
            && last.texture == d.texture
            && last.blend == d.blend
            && last.index_start + last.index_count == d.index_start
        {
            last.index_count += d.index_count;
            continue;
        }
        out.push(LayoutDraw {
            k_from_table: consistent,
            ..d
        });
    }
    for k in &mut vertex_k {
        if *k == u32::MAX {
            *k = 0;
        }
    }
    (out, vertex_k)
}

/// The data texture's contents (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct PackedClip {
    /// Every word, positions then colours.
    pub words: Vec<u32>,
    /// First vertex of each frame in the position area.
    pub frame_base: Vec<u32>,
    /// Words per vertex (3 for f32, 2 for u16).
    pub words_per_vertex: u32,
    /// First word of the colour table.
    pub color_base: u32,
    /// First word of each layout's `k` table.
    pub layout_k_base: Vec<u32>,
}

/// Words of the data texture of `clip` (see [`pack_clip`]).
pub fn packed_words(clip: &VertexClip, encoded: &EncodedFrames, layouts: &ClipLayouts) -> usize {
    let position_words: usize = encoded.frames.iter().map(|f| f.len() / 4).sum();
    let k_words: usize = layouts.layouts.iter().map(|l| l.vertex_k.len()).sum();
    position_words + clip.draws.len() * COLOR_WORDS as usize + k_words
}

/// Packs the encoded frames, the draw colours and the layouts' `k` tables of `clip`; `None` when
/// the words do not fit in 32-bit texel indices.
pub fn pack_clip(
    clip: &VertexClip,
    encoded: &EncodedFrames,
    layouts: &ClipLayouts,
) -> Option<PackedClip> {
    let words_per_vertex = encoded.encoding.words_per_vertex();
    let total = packed_words(clip, encoded, layouts);
    if total > u32::MAX as usize {
        return None;
    }
    let mut words = Vec::with_capacity(total);
    let mut frame_base = Vec::with_capacity(encoded.frames.len());
    for frame in &encoded.frames {
        frame_base.push((words.len() / words_per_vertex as usize) as u32);
        words.extend(
            frame
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
    }
    let color_base = words.len() as u32;
    for draw in &clip.draws {
        let m = &draw.material;
        words.extend(m.color.iter().chain(&m.dark).map(|v| v.to_bits()));
        words.push(0);
    }
    let mut layout_k_base = Vec::with_capacity(layouts.layouts.len());
    for layout in &layouts.layouts {
        layout_k_base.push(words.len() as u32);
        words.extend_from_slice(&layout.vertex_k);
    }
    Some(PackedClip {
        words,
        frame_base,
        words_per_vertex,
        color_base,
        layout_k_base,
    })
}

impl FrameEncoding {
    /// 32-bit words per vertex in the data texture.
    pub fn words_per_vertex(self) -> u32 {
        self.bytes_per_vertex() as u32 / 4
    }
}

/// Size of a data texture: `width × rows_per_layer` texels per layer, `layers` layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataTextureSize {
    /// Texels per row.
    pub width: u32,
    /// Rows per array layer.
    pub rows_per_layer: u32,
    /// Array layers.
    pub layers: u32,
}

impl DataTextureSize {
    /// Texels of the whole texture.
    pub fn texels(self) -> u64 {
        u64::from(self.width) * u64::from(self.rows_per_layer) * u64::from(self.layers)
    }
}

/// The smallest texture of at most [`DATA_TEXTURE_WIDTH`] × `max_dim` texels per layer and
/// `max_layers` layers holding `words` texels; `None` when it does not fit. It always has at
/// least two layers (the rows split between them): WebGL2 would treat a one-layer array texture
/// as a plain 2D texture.
pub fn data_texture_size(words: usize, max_dim: u32, max_layers: u32) -> Option<DataTextureSize> {
    let max_dim = max_dim.max(1);
    let width = (words.max(1) as u64).min(u64::from(DATA_TEXTURE_WIDTH.min(max_dim)));
    let rows = (words.max(1) as u64).div_ceil(width);
    let rows_per_layer = rows.div_ceil(2).min(u64::from(max_dim));
    let layers = rows.div_ceil(rows_per_layer).max(2);
    (layers <= u64::from(max_layers.max(2))).then_some(DataTextureSize {
        width: width as u32,
        rows_per_layer: rows_per_layer as u32,
        layers: layers as u32,
    })
}

/// Texel of word `i`: `(x, y, layer)` (what `clip.wgsl`'s `word` computes).
pub fn texel_of(i: u32, size: DataTextureSize) -> (u32, u32, u32) {
    let row = i / size.width;
    (
        i % size.width,
        row % size.rows_per_layer,
        row / size.rows_per_layer,
    )
}

#[cfg(test)]
mod tests;
