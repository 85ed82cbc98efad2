//! Baked vertex-frame clips (CPU side): layout types and validation.
//!
//! A clip is shared UVs and indices plus one position buffer per frame (DESIGN.md, "Vertex
//! frames"). Where visibility or draw order changes between frames (Spine skeletons), the clip
//! holds several *topologies*: each is a run of the shared UVs (`first_vertex`, `vertex_count`)
//! and of the shared indices (`first_index`, `index_count`, each index relative to the
//! topology's first vertex). Every frame names its topology, carries exactly that topology's
//! number of positions (so memory stays proportional to what each frame shows), and names its
//! own run of draw ranges (`first_draw`, `draw_count` into [`VertexClip::draws`]); frames with
//! identical draws share one run. A draw range is a sub-range of its frame's topology's indices
//! with a material: image, blend mode, colour and tint-black dark colour.
//!
//! MS3D models have one topology over every vertex and index, and all frames share one run of
//! draws ([`VertexClip::shared_layout`]).
//!
//! Playback of time `t` at `fps` over `N` frames is the one clock's
//! [`sp_sim::time::Timebase::frame_pair`]: `f = t·fps`; looping wraps `f mod N` and blends the
//! last frame into frame 0 (period `N / fps`); otherwise `f` clamps to `[0, N−1]`. The GPU draws frames
//! `i = ⌊f⌋` and `j = i+1` blended by `f − i` (see `shaders/clip.wgsl`) when both have the same
//! topology; otherwise frame `i` alone (see `clip_draw.rs`). Encoding of the positions for
//! upload (f32 or u16 against the bounding box) is in `clip_encode.rs`, the data texture
//! and the layouts drawn together in [`crate::clip_pack`].

use sp_sim::document::BlendMode;

use crate::error::{Error, Result};

pub use crate::clip_encode::{EncodedFrames, FrameEncoding, dequantize, encode_frames, quantize};

/// Material of a draw range.
///
/// Colours follow the Spine runtimes' two-colour tint: `color` is the light colour (straight
/// alpha), `dark` the tint-black dark colour; `[0, 0, 0]` (the default) draws exactly like a
/// single-colour tint, as spine-webgl does for slots without a dark colour.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipMaterial {
    /// Image reference (as given to `add_image`), `None` for a flat colour.
    pub texture: Option<String>,
    /// Straight-alpha RGBA light colour (the flat colour when there is no texture).
    pub color: [f32; 4],
    /// Tint-black dark colour, RGB 0..1 (zero: none).
    pub dark: [f32; 3],
    /// Blend mode ([`crate::blend`]: Spine's premultiplied semantics).
    pub blend: BlendMode,
}

impl Default for ClipMaterial {
    /// White, untextured, no dark colour, normal blending.
    fn default() -> Self {
        ClipMaterial {
            texture: None,
            color: [1.0; 4],
            dark: [0.0; 3],
            blend: BlendMode::Normal,
        }
    }
}

/// A range of the shared index buffer drawn with one material.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipDrawRange {
    /// First index (absolute in [`VertexClip::indices`]).
    pub index_start: u32,
    /// Number of indices (a multiple of 3).
    pub index_count: u32,
    /// Material.
    pub material: ClipMaterial,
}

/// A distinct vertex layout of a clip (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClipTopology {
    /// First vertex of this topology in [`VertexClip::uvs`].
    pub first_vertex: u32,
    /// Vertices of every frame with this topology.
    pub vertex_count: u32,
    /// First index in [`VertexClip::indices`].
    pub first_index: u32,
    /// Number of indices (a multiple of 3).
    pub index_count: u32,
}

/// One baked frame.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipFrame {
    /// Index in [`VertexClip::topologies`].
    pub topology: u32,
    /// First draw range of this frame in [`VertexClip::draws`].
    pub first_draw: u32,
    /// Number of draw ranges, drawn in order.
    pub draw_count: u32,
    /// One position per vertex of the topology (model units).
    pub positions: Vec<[f32; 3]>,
}

/// A baked clip as handed to the renderer (built by the MS3D or skeleton bakers).
#[derive(Clone, Debug, PartialEq)]
pub struct VertexClip {
    /// Name (for messages).
    pub name: String,
    /// Frames per second of the bake.
    pub fps: f32,
    /// Face-normal lighting (3D models); `false` draws the colours as given (Spine skeletons).
    pub lit: bool,
    /// One UV per vertex of every topology, 0..1 of the material's image (top-left origin).
    pub uvs: Vec<[f32; 2]>,
    /// Triangle lists of every topology, each index relative to its topology's first vertex.
    pub indices: Vec<u32>,
    /// The distinct layouts.
    pub topologies: Vec<ClipTopology>,
    /// Draw ranges of every frame (runs named by [`ClipFrame::first_draw`]).
    pub draws: Vec<ClipDrawRange>,
    /// The frames, in time order.
    pub frames: Vec<ClipFrame>,
}

impl VertexClip {
    /// A clip whose frames all share one layout and one list of draws (MS3D models): one
    /// topology over every vertex (`uvs`) and index, `positions[f]` the positions of frame `f`.
    pub fn shared_layout(
        name: String,
        fps: f32,
        lit: bool,
        indices: Vec<u32>,
        uvs: Vec<[f32; 2]>,
        draws: Vec<ClipDrawRange>,
        positions: Vec<Vec<[f32; 3]>>,
    ) -> VertexClip {
        let topology = ClipTopology {
            first_vertex: 0,
            vertex_count: uvs.len() as u32,
            first_index: 0,
            index_count: indices.len() as u32,
        };
        let draw_count = draws.len() as u32;
        VertexClip {
            name,
            fps,
            lit,
            uvs,
            indices,
            topologies: vec![topology],
            draws,
            frames: positions
                .into_iter()
                .map(|positions| ClipFrame {
                    topology: 0,
                    first_draw: 0,
                    draw_count,
                    positions,
                })
                .collect(),
        }
    }

    /// Checks counts, ranges and numbers; the error names the clip and the first problem.
    ///
    /// # Errors
    /// [`Error::BadClip`].
    pub fn validate(&self) -> Result<()> {
        let bad = |reason: String| {
            Err(Error::BadClip {
                name: self.name.clone(),
                reason,
            })
        };
        let vertices = self.uvs.len() as u64;
        if self.indices.is_empty() {
            return bad("the clip has no triangles".into());
        }
        if self.frames.is_empty() {
            return bad("the clip has no frames".into());
        }
        if !(self.fps.is_finite() && self.fps > 0.0) {
            return bad(format!("fps {} is not a positive number", self.fps));
        }
        if self.uvs.iter().flatten().any(|v| !v.is_finite()) {
            return bad("a UV is not a finite number".into());
        }
        for (t, topo) in self.topologies.iter().enumerate() {
            let vertex_end = u64::from(topo.first_vertex) + u64::from(topo.vertex_count);
            if vertex_end > vertices {
                return bad(format!(
                    "topology {t} uses vertices {}..{vertex_end}, but there are only {vertices} UVs",
                    topo.first_vertex
                ));
            }
            let index_end = u64::from(topo.first_index) + u64::from(topo.index_count);
            if index_end > self.indices.len() as u64 || !topo.index_count.is_multiple_of(3) {
                return bad(format!(
                    "topology {t} uses indices {}+{}, outside the {} indices or not whole triangles",
                    topo.first_index,
                    topo.index_count,
                    self.indices.len()
                ));
            }
            let own = &self.indices[topo.first_index as usize..index_end as usize];
            if let Some((at, &i)) = own
                .iter()
                .enumerate()
                .find(|&(_, &i)| i >= topo.vertex_count)
            {
                return bad(format!(
                    "index {} (topology {t}) is {i}, but the topology has only {} vertices",
                    topo.first_index as usize + at,
                    topo.vertex_count
                ));
            }
        }
        for (d, draw) in self.draws.iter().enumerate() {
            let m = &draw.material;
            if m.color.iter().chain(&m.dark).any(|v| !v.is_finite()) {
                return bad(format!(
                    "draw range {d} has a colour that is not a finite number"
                ));
            }
        }
        for (f, frame) in self.frames.iter().enumerate() {
            let Some(topo) = self.topologies.get(frame.topology as usize) else {
                return bad(format!(
                    "frame {f} names topology {}, but there are {}",
                    frame.topology,
                    self.topologies.len()
                ));
            };
            if frame.positions.len() as u64 != u64::from(topo.vertex_count) {
                return bad(format!(
                    "frame {f} has {} positions, expected {} (topology {})",
                    frame.positions.len(),
                    topo.vertex_count,
                    frame.topology
                ));
            }
            if frame.positions.iter().flatten().any(|v| !v.is_finite()) {
                return bad(format!(
                    "frame {f} has a position that is not a finite number"
                ));
            }
            let draws_end = u64::from(frame.first_draw) + u64::from(frame.draw_count);
            if draws_end > self.draws.len() as u64 {
                return bad(format!(
                    "frame {f} names draw ranges {}+{}, but there are {}",
                    frame.first_draw,
                    frame.draw_count,
                    self.draws.len()
                ));
            }
            let (lo, hi) = (
                u64::from(topo.first_index),
                u64::from(topo.first_index) + u64::from(topo.index_count),
            );
            for d in frame.first_draw..frame.first_draw + frame.draw_count {
                let draw = &self.draws[d as usize];
                let start = u64::from(draw.index_start);
                let end = start + u64::from(draw.index_count);
                if start < lo || end > hi || !draw.index_count.is_multiple_of(3) {
                    return bad(format!(
                        "draw range {d} ({}+{}) of frame {f} is outside its topology's indices {lo}..{hi} or not whole triangles",
                        draw.index_start, draw.index_count
                    ));
                }
            }
        }
        Ok(())
    }

    /// Bounding box over all frames: `(min, extent)`.
    pub fn bbox(&self) -> ([f32; 3], [f32; 3]) {
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for p in self.frames.iter().flat_map(|f| &f.positions) {
            for a in 0..3 {
                lo[a] = lo[a].min(p[a]);
                hi[a] = hi[a].max(p[a]);
            }
        }
        if lo[0] > hi[0] {
            return ([0.0; 3], [0.0; 3]);
        }
        (lo, [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]])
    }

    /// Memory of the frame buffers: `(bytes of the largest frame, bytes of all frames)`.
    pub fn frame_memory(&self, encoding: FrameEncoding) -> (usize, usize) {
        let per = encoding.bytes_per_vertex();
        let sizes = self.frames.iter().map(|f| f.positions.len() * per);
        (sizes.clone().max().unwrap_or(0), sizes.sum())
    }

    /// The draw ranges of frame `f` (empty for an unknown frame).
    pub fn frame_draws(&self, f: usize) -> &[ClipDrawRange] {
        self.frames
            .get(f)
            .and_then(|fr| {
                self.draws
                    .get(fr.first_draw as usize..(fr.first_draw + fr.draw_count) as usize)
            })
            .unwrap_or(&[])
    }
}

pub use crate::clip_draw::{
    CLIP_DRAW_UNIFORM_BYTES, CLIP_INSTANCE_BYTES, ClipDrawUniform, ClipId, ClipInstance,
    ClipInstanceGpu, DEPTH_RANGE_PX, FrameChoice, fragment_reference, mat4_mul, mix4,
    premultiplied_colors, view_matrix,
};

#[cfg(test)]
mod tests;
