//! The baked trails of one system: every sampled frame's chain (node positions, bone
//! directions and chord lengths, in Spine axes), width, colour and image, kept in one arena that
//! the frame states index ([`super::FrameState::trail`]), so a loop copy of a life shares its
//! trail frames. The exporter turns them into bone and slot timelines
//! ([`crate::exporter::trails`]).

use sp_sim::sim::trail::TrailFrame;

/// [`super::FrameState::trail`] of a particle without a trail.
pub const NO_TRAIL: u32 = u32::MAX;

/// One chain bone at one frame, Spine axes (y up, degrees counter-clockwise).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BakedNode {
    /// Node x, pixels.
    pub x: f32,
    /// Node y (up), pixels.
    pub y: f32,
    /// Bone direction, degrees counter-clockwise, in `[−180, 180)`.
    pub rotation_deg: f32,
    /// Chord length to the next node (the tail bone: the last chord's), pixels.
    pub length_px: f32,
}

/// Trails of every sampled frame of a system.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrailArena {
    /// Bones per trail (0 without a trail).
    pub bones: usize,
    nodes: Vec<BakedNode>,
    widths: Vec<f32>,
    colors: Vec<[f32; 4]>,
    images: Vec<Option<u16>>,
}

impl TrailArena {
    /// An empty arena for trails of `bones` bones.
    pub fn new(bones: usize) -> TrailArena {
        TrailArena {
            bones,
            ..TrailArena::default()
        }
    }

    /// Stores a trail frame (editor axes, converted here: `y → −y`, `rotation → −rotation`);
    /// returns its index.
    pub fn push(&mut self, frame: &TrailFrame) -> u32 {
        let index = self.widths.len() as u32;
        for k in 0..self.bones {
            let n = frame.nodes.get(k).copied().unwrap_or_default();
            self.nodes.push(BakedNode {
                x: n.x as f32,
                y: -n.y as f32,
                rotation_deg: -n.rotation_deg as f32,
                length_px: n.length_px as f32,
            });
        }
        self.widths.push(frame.width_px as f32);
        self.colors.push(frame.color);
        self.images.push(frame.image);
        index
    }

    /// Trail frames stored.
    pub fn len(&self) -> usize {
        self.widths.len()
    }

    /// Whether no frame is stored.
    pub fn is_empty(&self) -> bool {
        self.widths.is_empty()
    }

    /// The chain of frame `i`.
    pub fn nodes(&self, i: u32) -> &[BakedNode] {
        let start = i as usize * self.bones;
        self.nodes.get(start..start + self.bones).unwrap_or(&[])
    }

    /// Width (every bone's vertical scale), pixels, of frame `i`.
    pub fn width(&self, i: u32) -> f32 {
        self.widths.get(i as usize).copied().unwrap_or(0.0)
    }

    /// Trail slot colour of frame `i`.
    pub fn color(&self, i: u32) -> [f32; 4] {
        self.colors.get(i as usize).copied().unwrap_or([0.0; 4])
    }

    /// Trail image of frame `i`.
    pub fn image(&self, i: u32) -> Option<u16> {
        self.images.get(i as usize).copied().flatten()
    }
}
