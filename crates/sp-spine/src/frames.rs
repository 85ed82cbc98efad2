//! The `--frames` document: the simulation's own baked states before any reduction, in Spine
//! axes, for checking an export against the runtime (the fidelity test):
//! `{ "fps": N, "animations": { NAME: [ { "frame": i, "bones": { BONE: { "x", "y",
//! "rotation", "scaleX", "scaleY", "color": "rrggbbaa", "rgba": [r, g, b, a], "attachment":
//! NAME_OR_NULL } } } ] } }` (`color` 8-bit, `rgba` the unquantised colour the keys are held to)
//! with world values of every particle bone carrying a live particle at frame `i` (a fake-dead
//! particle has `attachment: null`), listed per system by birth (oldest first).

use serde::Serialize;

use crate::bake::Track;
use crate::exporter::names::BoneNames;
use crate::json::{Num, OrderedMap, hex_rgba};

/// One bone at one frame.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct FrameBone {
    x: Num,
    y: Num,
    rotation: Num,
    scale_x: Num,
    scale_y: Num,
    color: String,
    rgba: [Num; 4],
    attachment: Option<String>,
}

/// A live bone with its draw order key and name, before sorting.
type OrderedBone = ((i64, u64), String, FrameBone);

/// One frame.
#[derive(Clone, Debug, Serialize)]
struct FrameEntry {
    frame: u32,
    bones: OrderedMap<FrameBone>,
}

/// The whole document.
#[derive(Clone, Debug, Serialize)]
struct FramesDoc {
    fps: u32,
    animations: OrderedMap<Vec<FrameEntry>>,
}

/// Accumulates frames animation by animation.
#[derive(Debug)]
pub struct FramesWriter {
    doc: FramesDoc,
    current: Vec<OrderedMap<FrameBone>>,
}

impl FramesWriter {
    /// An empty document at `fps`.
    pub fn new(fps: u32) -> FramesWriter {
        FramesWriter {
            doc: FramesDoc {
                fps,
                animations: OrderedMap::default(),
            },
            current: Vec::new(),
        }
    }

    /// Adds one system's track of the animation being built.
    pub fn add_track(&mut self, _animation: &str, track: &Track, names: &BoneNames) {
        let needed = track.end_frame as usize + 1;
        if self.current.len() < needed {
            self.current.resize_with(needed, OrderedMap::default);
        }
        // Per frame, this track's live bones by birth (spawn order).
        let mut per_frame: Vec<Vec<OrderedBone>> = vec![Vec::new(); needed];
        for (b, runs) in track.bones.iter().enumerate() {
            for run in runs {
                for (k, s) in run.states.iter().enumerate() {
                    let frame = run.start_frame as usize + k;
                    let Some(list) = per_frame.get_mut(frame) else {
                        continue;
                    };
                    list.push((
                        run.order,
                        names.bones[b].clone(),
                        FrameBone {
                            x: Num(s.world.x),
                            y: Num(s.world.y),
                            rotation: Num(s.world.rotation_deg),
                            scale_x: Num(s.world.scale_x),
                            scale_y: Num(s.world.scale_y),
                            color: hex_rgba(
                                s.color.map(|v| f64::round(f64::from(v) * 255.0) as u8),
                            ),
                            rgba: s.color.map(|v| Num(f64::from(v))),
                            attachment: s
                                .texture
                                .and_then(|t| names.attachment(b, t))
                                .map(str::to_owned),
                        },
                    ));
                }
            }
        }
        for (frame, mut list) in per_frame.into_iter().enumerate() {
            list.sort_by_key(|entry| entry.0);
            for (_, name, bone) in list {
                self.current[frame].push(name, bone);
            }
        }
    }

    /// Closes the animation with frames `0..=last_frame`.
    pub fn finish_animation(&mut self, animation: &str, last_frame: u32) {
        self.current
            .resize_with(last_frame as usize + 1, OrderedMap::default);
        let frames = std::mem::take(&mut self.current)
            .into_iter()
            .enumerate()
            .map(|(i, bones)| FrameEntry {
                frame: i as u32,
                bones,
            })
            .collect();
        self.doc.animations.push(animation, frames);
    }

    /// The JSON text.
    pub fn finish(self) -> String {
        serde_json::to_string(&self.doc)
            .unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
    }
}
