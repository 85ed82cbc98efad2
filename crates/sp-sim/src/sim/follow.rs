//! Following a bone of a loaded Spine skeleton (export spec §10.4–10.5).
//!
//! A following system's effective transform at scene time `t` is its own transform with the
//! translation replaced by `bone(t) + offset`: position only, the bone's rotation and scale are
//! not inherited (the editor's semantics). Where the target is missing (no track for that
//! skeleton, bone and instance), the system falls back to its own transform.
//!
//! A track is for one placed instance of a skeleton (`follow.instance`, 0 the first): two
//! systems following the same bone of two instances read two tracks. A track without an
//! `instance` is the first instance's (every tracks file written before instances were
//! followed).
//!
//! The bone's motion is an input, never computed here (the core has no Spine runtime): a
//! [`BoneTrack`] is the bone's scene position (pixels, y down) sampled every `1 / sample_fps`
//! seconds of scene time, `points[i]` at `t_i = i / sample_fps`. Between samples the position is
//! interpolated linearly: with `f = t·sample_fps`, `i = ⌊f⌋`, `w = f − i`,
//! `p(t) = (1 − w)·points[i] + w·points[i + 1]`. A looping track repeats with the period
//! `P = (n − 1) / sample_fps` (its last point is its first again: `t` is taken modulo `P`); a
//! one-shot track holds its first point before 0 and its last after `P`. The preview, the CLI
//! and the exporter all evaluate this one function, so what the canvas shows is what is baked.

use std::collections::BTreeMap;
use std::sync::Arc;
use ts_rs::TS;

use serde::Deserialize;

use crate::document::{ParticleSystem, Transform2D};
use crate::error::{Error, FieldIssue, Result};

/// Most tracks in one [`FollowTracks`] document.
pub const MAX_TRACKS: usize = 1024;
/// Most points in all tracks together (8 bytes each).
pub const MAX_TRACK_POINTS: usize = 4_000_000;
/// Largest accepted sample rate, samples per second.
pub const MAX_SAMPLE_FPS: f64 = 1000.0;
/// Largest accepted coordinate, scene pixels.
pub const MAX_TRACK_COORD: f32 = 1.0e7;

/// A bone's scene position over scene time (see the module formula).
#[derive(Clone, Debug, PartialEq)]
pub struct BoneTrack {
    /// Samples per second of scene time.
    pub sample_fps: f64,
    /// Repeat with period `(n − 1) / sample_fps` instead of holding the ends.
    pub looping: bool,
    /// Scene positions (pixels, y down), `points[i]` at `i / sample_fps` seconds.
    pub points: Vec<[f32; 2]>,
}

impl BoneTrack {
    /// Length of the sampled stretch (the period of a looping track), seconds.
    pub fn period_secs(&self) -> f64 {
        (self.points.len().saturating_sub(1)) as f64 / self.sample_fps
    }

    /// The bone's scene position at scene time `time_secs` (see the module formula).
    pub fn position_at(&self, time_secs: f64) -> [f32; 2] {
        let n = self.points.len();
        let (Some(first), Some(last)) = (self.points.first(), self.points.last()) else {
            return [0.0, 0.0];
        };
        if n == 1 || !time_secs.is_finite() {
            return *first;
        }
        let span = (n - 1) as f64;
        let mut f = time_secs * self.sample_fps;
        if self.looping {
            f = f - f64::floor(f / span) * span;
        }
        if f <= 0.0 {
            return *first;
        }
        if f >= span {
            return *last;
        }
        let i = f64::floor(f) as usize;
        let w = f - i as f64;
        let (a, b) = (self.points[i], self.points[(i + 1).min(n - 1)]);
        let lerp = |p: f32, q: f32| (f64::from(p) + (f64::from(q) - f64::from(p)) * w) as f32;
        [lerp(a[0], b[0]), lerp(a[1], b[1])]
    }
}

/// A system's resolved follow: the track of its target bone and the user's offset.
#[derive(Clone, Debug, PartialEq)]
pub struct Follow {
    /// The target bone's track (shared: tracks can be long).
    pub track: Arc<BoneTrack>,
    /// Offset from the bone, scene pixels (x right, y down).
    pub offset: [f32; 2],
}

impl Follow {
    /// `base` with its translation replaced by `bone(t) + offset` (rotation and scale kept).
    pub fn transform_at(&self, base: &Transform2D, time_secs: f64) -> Transform2D {
        let [x, y] = self.track.position_at(time_secs);
        Transform2D {
            x: x + self.offset[0],
            y: y + self.offset[1],
            ..*base
        }
    }
}

/// The sampled bone tracks of a scene, keyed by `(skeleton object name, bone name, instance)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FollowTracks {
    tracks: BTreeMap<(String, String, u32), Arc<BoneTrack>>,
}

/// The follow-tracks document as JSON carries it (`--follow`, `setFollowTracks`, the export
/// worker's `followJson`): `{ "tracks": [ … ] }`.
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FollowTracksJson {
    /// The tracks (absent: none).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub tracks: Vec<BoneTrackJson>,
}

/// One bone's track in [`FollowTracksJson`] (see the module formula for `points`).
#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BoneTrackJson {
    /// Skeleton object name (`skeletons[].name`).
    pub skeleton: String,
    /// Bone name.
    pub bone: String,
    /// Placed instance of the skeleton the track is for (0: the first; absent: 0).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub instance: u32,
    /// Samples per second of scene time (0 < rate ≤ [`MAX_SAMPLE_FPS`]).
    pub sample_fps: f64,
    /// Repeat with period `(n − 1) / sampleFps` (absent: false).
    #[serde(default, rename = "loop")]
    #[ts(optional = nullable)]
    pub looping: bool,
    /// Scene positions, pixels, y down: `points[i]` at `i / sampleFps` seconds.
    pub points: Vec<[f32; 2]>,
}

fn field(path: String, issue: FieldIssue) -> Error {
    Error::Field { path, issue }
}

impl FollowTracks {
    /// No tracks: every following system falls back to its own transform.
    pub fn new() -> FollowTracks {
        FollowTracks::default()
    }

    /// Parses `{ "tracks": [{ "skeleton", "bone", "sampleFps", "loop", "points": [[x, y], …] }] }`
    /// (empty text: no tracks), checking every value; errors name the JSON path.
    pub fn from_json(text: &str) -> Result<FollowTracks> {
        if text.trim().is_empty() {
            return Ok(FollowTracks::new());
        }
        let limit_bytes = MAX_TRACK_POINTS * 48;
        if text.len() > limit_bytes {
            return Err(field(
                "tracks".into(),
                FieldIssue::TracksTooLarge {
                    size_bytes: text.len(),
                    limit_bytes,
                },
            ));
        }
        let parsed: FollowTracksJson = serde_json::from_str(text).map_err(|e| Error::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if parsed.tracks.len() > MAX_TRACKS {
            return Err(field(
                "tracks".into(),
                FieldIssue::TooMany {
                    count: parsed.tracks.len(),
                    limit: MAX_TRACKS,
                    noun: "tracks",
                },
            ));
        }
        let mut out = FollowTracks::new();
        let mut total = 0usize;
        for (i, t) in parsed.tracks.into_iter().enumerate() {
            let p = format!("tracks[{i}]");
            if !(t.sample_fps.is_finite() && t.sample_fps > 0.0 && t.sample_fps <= MAX_SAMPLE_FPS) {
                return Err(field(
                    format!("{p}.sampleFps"),
                    FieldIssue::RateOutOfRange {
                        value: t.sample_fps,
                        limit: MAX_SAMPLE_FPS,
                    },
                ));
            }
            if t.points.is_empty() {
                return Err(field(format!("{p}.points"), FieldIssue::NoPoints));
            }
            total += t.points.len();
            if total > MAX_TRACK_POINTS {
                return Err(field(
                    format!("{p}.points"),
                    FieldIssue::TooManyPoints {
                        limit: MAX_TRACK_POINTS,
                    },
                ));
            }
            for (j, q) in t.points.iter().enumerate() {
                for (c, v) in q.iter().enumerate() {
                    if !(v.is_finite() && v.abs() <= MAX_TRACK_COORD) {
                        return Err(field(
                            format!("{p}.points[{j}][{c}]"),
                            FieldIssue::CoordinateOutOfRange {
                                value: format!("{v}").parse().unwrap_or(f64::from(*v)),
                                limit: f64::from(MAX_TRACK_COORD),
                            },
                        ));
                    }
                }
            }
            let key = (t.skeleton, t.bone, t.instance);
            if out.tracks.contains_key(&key) {
                return Err(field(
                    p,
                    FieldIssue::DuplicateTrack {
                        skeleton: key.0.clone(),
                        bone: key.1.clone(),
                        instance: key.2,
                    },
                ));
            }
            out.insert(
                &key.0,
                &key.1,
                key.2,
                BoneTrack {
                    sample_fps: t.sample_fps,
                    looping: t.looping,
                    points: t.points,
                },
            );
        }
        Ok(out)
    }

    /// Adds (or replaces) the track of `bone` of placed instance `instance` (0: the first) of
    /// skeleton object `skeleton`.
    pub fn insert(&mut self, skeleton: &str, bone: &str, instance: u32, track: BoneTrack) {
        self.tracks.insert(
            (skeleton.to_owned(), bone.to_owned(), instance),
            Arc::new(track),
        );
    }

    /// The track of `bone` of placed instance `instance` of skeleton object `skeleton`.
    pub fn get(&self, skeleton: &str, bone: &str, instance: u32) -> Option<&Arc<BoneTrack>> {
        self.tracks
            .get(&(skeleton.to_owned(), bone.to_owned(), instance))
    }

    /// No track at all.
    pub fn is_empty(&self) -> bool {
        self.tracks.is_empty()
    }

    /// What `system` follows, when it follows a bone that has a track (`None`: it uses its own
    /// transform — it follows nothing, or its target is missing).
    pub fn resolve(&self, system: &ParticleSystem) -> Option<Follow> {
        let f = system.follow.as_ref()?;
        let track = self.get(&f.skeleton, &f.bone, f.instance)?;
        Some(Follow {
            track: track.clone(),
            offset: [f.offset_x, f.offset_y],
        })
    }

    /// Systems (scene index, name, `skeleton/bone`, with `#N` (the instance counted from 1, as the
    /// panel numbers them; no words, so the warning reads the same in every language) after it
    /// for an instance other than the first) that follow a bone without a track, sorted by index:
    /// they fall back to their own transform.
    pub fn missing_targets(&self, systems: &[ParticleSystem]) -> Vec<(usize, String, String)> {
        systems
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let f = s.follow.as_ref()?;
                self.get(&f.skeleton, &f.bone, f.instance)
                    .is_none()
                    .then(|| {
                        let mut target = format!("{}/{}", f.skeleton, f.bone);
                        if f.instance > 0 {
                            target += &format!("#{}", u64::from(f.instance) + 1);
                        }
                        (i, s.name.clone(), target)
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(looping: bool) -> BoneTrack {
        BoneTrack {
            sample_fps: 10.0,
            looping,
            points: vec![[0.0, 0.0], [10.0, -20.0], [0.0, 0.0]],
        }
    }

    #[test]
    fn interpolates_linearly_between_samples() {
        let t = track(false);
        assert_eq!(t.position_at(0.05), [5.0, -10.0]);
        assert_eq!(t.position_at(0.1), [10.0, -20.0]);
        assert_eq!(t.position_at(0.15), [5.0, -10.0]);
    }

    #[test]
    fn one_shot_holds_its_ends_and_looping_wraps() {
        let once = track(false);
        assert_eq!(once.position_at(-1.0), [0.0, 0.0]);
        assert_eq!(once.position_at(5.0), [0.0, 0.0]);
        assert_eq!(once.period_secs(), 0.2);
        let looped = track(true);
        let a = looped.position_at(0.05);
        let b = looped.position_at(0.25);
        assert!((a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4);
        let c = looped.position_at(-0.15);
        assert!((c[0] - 5.0).abs() < 1e-4, "{c:?}");
    }

    #[test]
    fn parses_and_names_bad_fields() {
        let ok = FollowTracks::from_json(
            r#"{"tracks":[{"skeleton":"hero","bone":"hand","sampleFps":30,"loop":true,"points":[[1,2],[3,4]]}]}"#,
        )
        .expect("valid");
        assert_eq!(
            ok.get("hero", "hand", 0).map(|t| t.points.len()),
            Some(2),
            "the track is keyed by skeleton and bone, a track without an instance is the first's"
        );
        assert!(ok.get("hero", "hand", 1).is_none());
        let two = FollowTracks::from_json(
            r#"{"tracks":[{"skeleton":"hero","bone":"hand","sampleFps":30,"points":[[1,2]]},
                          {"skeleton":"hero","bone":"hand","instance":1,"sampleFps":30,"points":[[5,6]]}]}"#,
        )
        .expect("one bone of two instances");
        assert_eq!(
            two.get("hero", "hand", 0).map(|t| t.points[0]),
            Some([1.0, 2.0])
        );
        assert_eq!(
            two.get("hero", "hand", 1).map(|t| t.points[0]),
            Some([5.0, 6.0])
        );
        let twice = FollowTracks::from_json(
            r#"{"tracks":[{"skeleton":"hero","bone":"hand","instance":1,"sampleFps":30,"points":[[1,2]]},
                          {"skeleton":"hero","bone":"hand","instance":1,"sampleFps":30,"points":[[5,6]]}]}"#,
        )
        .expect_err("one instance's bone twice");
        assert_eq!(
            twice.to_string(),
            "tracks[1]: a second track for skeleton \"hero\", bone \"hand\", instance 1",
            "the error names the instance as the file writes it"
        );
        let bad = FollowTracks::from_json(
            r#"{"tracks":[{"skeleton":"a","bone":"b","sampleFps":30,"points":[[1,2],[1e30,4]]}]}"#,
        )
        .expect_err("huge coordinate");
        assert!(
            bad.to_string().starts_with("tracks[0].points[1][0]:"),
            "{bad}"
        );
        let bad = FollowTracks::from_json(
            r#"{"tracks":[{"skeleton":"a","bone":"b","sampleFps":0,"points":[[1,2]]}]}"#,
        )
        .expect_err("zero rate");
        assert!(bad.to_string().starts_with("tracks[0].sampleFps:"), "{bad}");
        assert!(FollowTracks::from_json("{\"tracks\": 3}").is_err());
        let huge = format!("{{\"tracks\":[{}]}}", " ".repeat(MAX_TRACK_POINTS * 48));
        let too_big = FollowTracks::from_json(&huge).expect_err("too large");
        assert!(
            too_big
                .to_string()
                .starts_with("tracks: the tracks text is"),
            "{too_big}"
        );
        assert!(FollowTracks::from_json("").expect("empty").is_empty());
    }
}
