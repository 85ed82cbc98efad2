//! Posing the objects at a scene time, and the marker events of a step (formulas in the module
//! docs of `stage`).

use sp_sim::document::ModelObject;
use sp_sim::time::{FramePair, Playback, Timebase, wrap_secs};

use super::{LoadedModel, MAX_PENDING_EVENTS, MarkerEvent, ModelStage, StagedClip, placement};
use crate::UpAxis;

/// One object drawn at a scene time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Posed<C> {
    /// Index of the object in the document's `models`.
    pub object: usize,
    /// The renderer's handle of the clip playing.
    pub clip: C,
    /// Clip time `u'`, seconds, in `[0, D]` (play it clamped).
    pub clip_time_secs: f64,
    /// The two baked frames shown and the weight of the second.
    pub frames: FramePair,
    /// Column-major model → scene matrix.
    pub model_to_scene: [f32; 16],
}

/// Clip time `u'` of scene time `t` (see the module docs).
pub fn clip_time_secs(t: f64, speed: f32, looping: bool, duration_secs: f32) -> f64 {
    let u = t * f64::from(speed);
    let d = f64::from(duration_secs.max(0.0));
    if !u.is_finite() {
        0.0
    } else if looping {
        wrap_secs(u, d)
    } else {
        u.clamp(0.0, d)
    }
}

fn up_axis_of<C>(o: &ModelObject, m: &LoadedModel<C>) -> UpAxis {
    match o.up_axis.as_str() {
        "y" => UpAxis::Y,
        "z" => UpAxis::Z,
        _ => m.up_axis,
    }
}

impl<C: Copy> ModelStage<C> {
    /// The loaded model and clip object `o` plays, when its file is loaded and has that clip.
    fn playing(&self, o: &ModelObject) -> Option<(&LoadedModel<C>, &StagedClip<C>)> {
        let m = self.models.get(&o.key)?;
        Some((m, m.clip_named(&o.clip)?))
    }

    /// Every visible object whose file and clip are loaded, posed at scene time `t` (document
    /// order).
    pub fn pose(&self, t: f64) -> Vec<Posed<C>> {
        let mut out = Vec::new();
        self.pose_into(t, &mut out);
        out
    }

    fn pose_into(&self, t: f64, out: &mut Vec<Posed<C>>) {
        out.clear();
        for (i, o) in self.objects.iter().enumerate() {
            if !o.visible {
                continue;
            }
            let Some((m, c)) = self.playing(o) else {
                continue;
            };
            let u = clip_time_secs(t, o.speed, o.looping, c.clip.duration_secs());
            let tb = Timebase::new(f64::from(c.bake_fps)).unwrap_or(Timebase::DEFAULT);
            let n = u32::try_from(c.frames).unwrap_or(u32::MAX);
            out.push(Posed {
                object: i,
                clip: c.id,
                clip_time_secs: u,
                frames: tb.frame_pair(u, n, Playback::Clamp),
                model_to_scene: placement(&o.transform, up_axis_of(o, m), m.pixels_per_unit),
            });
        }
    }

    /// The displayed frame at scene time `t`: raises the marker events of the step from the
    /// previous frame's time (see the module docs) and returns the posed objects.
    pub fn frame(&mut self, t: f64) -> &[Posed<C>] {
        let prev = self.last_time_secs.replace(t);
        let step = match prev {
            Some(p) if t > p => Some(p),
            None if t.is_finite() && t >= 0.0 => Some(f64::NEG_INFINITY),
            _ => None,
        };
        if let Some(p) = step {
            self.raise_events(p, t);
        }
        let mut posed = std::mem::take(&mut self.posed);
        self.pose_into(t, &mut posed);
        self.posed = posed;
        &self.posed
    }

    /// The next frame is a jump (a seek): it raises no event.
    pub fn seeked(&mut self) {
        self.last_time_secs = Some(f64::NAN);
    }

    fn raise_events(&mut self, from: f64, to: f64) {
        let mut raised = Vec::new();
        for o in &self.objects {
            if !o.visible {
                continue;
            }
            let Some((_, c)) = self.playing(o) else {
                continue;
            };
            let speed = f64::from(o.speed);
            // Unwrapped clip times; the first frame starts just before 0.
            let a = if from.is_finite() {
                (from * speed) as f32
            } else {
                -1e-4
            };
            let b = (to * speed) as f32;
            let mut clip = c.clip.clone();
            for k in o.markers.iter().filter(|k| k.clip == c.clip.name) {
                // A marker outside the clip's range (another file under the same name) is
                // not placed.
                let _ = clip.add_marker(&k.name, k.frame);
            }
            let b = if o.looping {
                b
            } else {
                b.min(clip.duration_secs())
            };
            for m in clip.crossed_markers(a, b, o.looping) {
                raised.push(MarkerEvent {
                    object: o.name.clone(),
                    clip: clip.name.clone(),
                    marker: m.name.clone(),
                });
            }
        }
        self.events.extend(raised);
        if self.events.len() > MAX_PENDING_EVENTS {
            let excess = self.events.len() - MAX_PENDING_EVENTS;
            self.events.drain(..excess);
            self.dropped_events += excess;
        }
    }
}
