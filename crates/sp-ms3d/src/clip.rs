//! Named clips. MilkShape has one timeline; artists list clips in the model comment. Any line
//! that ends in a frame range names a clip, read tolerantly:
//!
//! ```text
//! walk 1-30          walk: 1 - 30        "run" 31..50       attack = 51 to 70
//! ```
//!
//! i.e. `NAME [:|=] START (-|..|to|–) END`, frames 1-based and inclusive, quotes and trailing
//! separators around the name stripped; a line with a range but no name is called `clip N`.
//! Lines without a range, and ranges with `START > END` or `START < 1`, are ignored. With no
//! clip listed the whole timeline (frame 1 to the last key) is one clip named `all`.

use serde::Serialize;

use crate::markers::Marker;

/// A named frame range of the model's timeline, with its markers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Clip {
    /// Name.
    pub name: String,
    /// First frame (1-based, inclusive).
    pub start_frame: f32,
    /// Last frame (inclusive).
    pub end_frame: f32,
    /// Frames per second of the model timeline.
    pub fps: f32,
    /// Markers placed on the clip's frames, sorted by frame.
    pub markers: Vec<Marker>,
}

impl Clip {
    /// Length in seconds (`(end − start) / fps`).
    pub fn duration_secs(&self) -> f32 {
        (self.end_frame - self.start_frame) / self.fps
    }

    /// Model frame at clip-local time `time_secs` (clamped, or wrapped when `looping`).
    pub fn frame_at(&self, time_secs: f32, looping: bool) -> f32 {
        let span = self.end_frame - self.start_frame;
        let local = time_secs * self.fps;
        if span <= 0.0 || !local.is_finite() {
            return self.start_frame;
        }
        let local = if looping {
            local.rem_euclid(span)
        } else {
            local.clamp(0.0, span)
        };
        self.start_frame + local
    }
}

/// Clips listed in a model comment (see the module docs for the format).
pub fn clips_from_comment(comment: &str, fps: f32) -> Vec<Clip> {
    let mut clips = Vec::new();
    for line in comment.lines() {
        if let Some((name, start, end)) = parse_line(line) {
            let name = if name.is_empty() {
                format!("clip {}", clips.len() + 1)
            } else {
                name
            };
            clips.push(Clip {
                name,
                start_frame: start,
                end_frame: end,
                fps,
                markers: Vec::new(),
            });
        }
    }
    clips
}

/// The model's clips: those of its comment, else one `all` clip from frame 1 to `last_frame`.
pub fn model_clips(model: &crate::Model, last_frame: f32) -> Vec<Clip> {
    let fps = model.fps();
    let clips = model
        .model_comment()
        .map(|c| clips_from_comment(c, fps))
        .unwrap_or_default();
    if !clips.is_empty() {
        return clips;
    }
    vec![Clip {
        name: "all".into(),
        start_frame: 1.0,
        end_frame: last_frame.max(1.0),
        fps,
        markers: Vec::new(),
    }]
}

fn parse_line(line: &str) -> Option<(String, f32, f32)> {
    let line = line.trim();
    // The range is the last two numbers on the line, joined by a separator.
    let bytes = line.as_bytes();
    let mut end_stop = bytes.len();
    while end_stop > 0 && !bytes[end_stop - 1].is_ascii_digit() {
        end_stop -= 1;
    }
    let trailing = line[end_stop..].trim();
    if end_stop == 0 || !(trailing.is_empty() || trailing == "." || trailing == ",") {
        return None;
    }
    let mut end_start = end_stop;
    while end_start > 0 && bytes[end_start - 1].is_ascii_digit() {
        end_start -= 1;
    }
    let end: u32 = line[end_start..end_stop].parse().ok()?;
    let before = line[..end_start].trim_end();
    let before = ["..", "-", "–", "—", "to"]
        .iter()
        .find_map(|sep| before.strip_suffix(sep))?
        .trim_end();
    let b = before.as_bytes();
    let mut start_start = b.len();
    while start_start > 0 && b[start_start - 1].is_ascii_digit() {
        start_start -= 1;
    }
    if start_start == b.len() {
        return None;
    }
    let start: u32 = before[start_start..].parse().ok()?;
    if start < 1 || start > end {
        return None;
    }
    let name = before[..start_start]
        .trim()
        .trim_end_matches([':', '=', ','])
        .trim()
        .trim_matches(['"', '\''])
        .trim()
        .to_owned();
    Some((name, start as f32, end as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tolerant_clip_lines() {
        let text = "Made by someone.\nwalk 1-30\nrun: 31 .. 50\n\"attack\" = 51 to 70\n 71-80 \nbad 9-3\nyear 2024\n";
        let clips = clips_from_comment(text, 24.0);
        let got: Vec<(&str, f32, f32)> = clips
            .iter()
            .map(|c| (c.name.as_str(), c.start_frame, c.end_frame))
            .collect();
        assert_eq!(
            got,
            vec![
                ("walk", 1.0, 30.0),
                ("run", 31.0, 50.0),
                ("attack", 51.0, 70.0),
                ("clip 4", 71.0, 80.0)
            ]
        );
    }

    #[test]
    fn frame_at_wraps_or_clamps() {
        let c = Clip {
            name: "a".into(),
            start_frame: 10.0,
            end_frame: 20.0,
            fps: 10.0,
            markers: Vec::new(),
        };
        assert_eq!(c.duration_secs(), 1.0);
        assert_eq!(c.frame_at(0.5, false), 15.0);
        assert_eq!(c.frame_at(1.5, true), 15.0);
        assert_eq!(c.frame_at(1.5, false), 20.0);
        assert_eq!(c.frame_at(-0.5, false), 10.0);
    }
}
