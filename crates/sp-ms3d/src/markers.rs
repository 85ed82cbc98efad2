//! Frame markers: named points on a clip's frames that raise an event when playback crosses
//! them. Playback time is clip-local and unwrapped (seconds since the clip started, growing
//! across loops). A marker at frame `f` sits at `m = (f − start) / fps` seconds and, when
//! looping with duration `D > 0`, recurs at `m + k·D` for `k = 0, 1, …`. An occurrence `T` is
//! crossed by a step `prev → new` when `prev < T ≤ new` (so start playback from a slightly
//! negative `prev` to fire markers on the first frame). Stepping backwards crosses nothing.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::clip::Clip;
use crate::{Error, Result};

/// A named marker on a clip frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Marker {
    /// Name shown when the marker fires.
    pub name: String,
    /// Model frame (1-based, within the clip's range).
    pub frame: f32,
}

impl Clip {
    /// Places a marker; fails when `frame` is outside `start_frame..=end_frame`.
    pub fn add_marker(&mut self, name: &str, frame: f32) -> Result<()> {
        if !(frame >= self.start_frame && frame <= self.end_frame) {
            return Err(Error::MarkerOutsideClip {
                name: name.to_owned(),
                frame,
                clip: self.name.clone(),
                start_frame: self.start_frame,
                end_frame: self.end_frame,
            });
        }
        let at = self.markers.partition_point(|m| m.frame <= frame);
        self.markers.insert(
            at,
            Marker {
                name: name.to_owned(),
                frame,
            },
        );
        Ok(())
    }

    /// Markers crossed when playback moves from `prev_time_secs` to `new_time_secs`, each at most
    /// once, in the order they were crossed.
    pub fn crossed_markers(
        &self,
        prev_time_secs: f32,
        new_time_secs: f32,
        looping: bool,
    ) -> Vec<&Marker> {
        if new_time_secs.is_nan() || prev_time_secs.is_nan() || new_time_secs <= prev_time_secs {
            return Vec::new();
        }
        let duration = self.duration_secs();
        let mut hits: Vec<(f32, f32, usize)> = Vec::new();
        for (i, marker) in self.markers.iter().enumerate() {
            let m = (marker.frame - self.start_frame) / self.fps;
            let first = if looping && duration > 0.0 {
                let k = ((prev_time_secs - m) / duration).floor() + 1.0;
                m + k.max(0.0) * duration
            } else if m > prev_time_secs {
                m
            } else {
                continue;
            };
            if first > prev_time_secs && first <= new_time_secs {
                hits.push((first, m, i));
            }
        }
        // Equal times: the marker of the earlier loop (larger offset, i.e. the clip's end) first.
        hits.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(b.1.total_cmp(&a.1))
                .then(a.2.cmp(&b.2))
        });
        hits.into_iter()
            .filter_map(|(_, _, i)| self.markers.get(i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip() -> Clip {
        let mut c = Clip {
            name: "walk".into(),
            start_frame: 1.0,
            end_frame: 11.0,
            fps: 10.0,
            markers: Vec::new(),
        };
        for (name, frame) in [
            ("step-r", 6.0),
            ("start", 1.0),
            ("end", 11.0),
            ("step-l", 3.0),
        ] {
            assert!(c.add_marker(name, frame).is_ok());
        }
        c
    }

    fn names(v: Vec<&Marker>) -> Vec<&str> {
        v.into_iter().map(|m| m.name.as_str()).collect()
    }

    #[test]
    fn markers_are_sorted_and_bounded() {
        let mut c = clip();
        assert_eq!(
            c.markers.iter().map(|m| m.frame).collect::<Vec<_>>(),
            vec![1.0, 3.0, 6.0, 11.0]
        );
        assert!(c.add_marker("late", 12.0).is_err());
        assert!(c.add_marker("nan", f32::NAN).is_err());
    }

    #[test]
    fn crossing_is_half_open() {
        let c = clip();
        assert_eq!(
            names(c.crossed_markers(-0.01, 0.2, false)),
            vec!["start", "step-l"]
        );
        assert_eq!(names(c.crossed_markers(0.2, 0.5, false)), vec!["step-r"]);
        assert_eq!(
            names(c.crossed_markers(0.5, 0.6, false)),
            Vec::<&str>::new()
        );
        assert_eq!(names(c.crossed_markers(0.6, 5.0, false)), vec!["end"]);
        assert_eq!(
            names(c.crossed_markers(5.0, 9.0, false)),
            Vec::<&str>::new()
        );
        assert_eq!(names(c.crossed_markers(0.5, 0.2, true)), Vec::<&str>::new());
    }

    #[test]
    fn looping_wraps_and_reports_once() {
        let c = clip();
        // Second loop: 1.0 s is the end of loop 1 and the start of loop 2.
        assert_eq!(
            names(c.crossed_markers(0.9, 1.25, true)),
            vec!["end", "start", "step-l"]
        );
        assert_eq!(names(c.crossed_markers(10.45, 10.55, true)), vec!["step-r"]);
        // Many loops in one step: each marker once, ordered by first crossing.
        assert_eq!(
            names(c.crossed_markers(0.1, 7.0, true)),
            vec!["step-l", "step-r", "end", "start"]
        );
    }
}
