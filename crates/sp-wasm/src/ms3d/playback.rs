//! Instances of models: validation, playback time, marker events and placement per frame.

use serde::{Deserialize, Serialize};
use sp_ms3d::UpAxis;
use sp_render::ClipInstance;
use sp_render::clips::mat4_mul;
use sp_sim::time::wrap_secs;
use ts_rs::TS;

use super::models::Models;
use super::{MAX_PENDING_EVENTS, MAX_STEP_SECS, arg, check, short};
use crate::answers::{ModelInstanceInfo, ModelStats};
use crate::error::Result;

/// Placement and playback of one instance (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct InstanceState {
    /// Model id.
    pub model: u32,
    /// Clip index in the model.
    pub clip: u32,
    /// Scene position, pixels.
    pub x: f32,
    /// Scene position, pixels (down).
    pub y: f32,
    /// Clockwise rotation, degrees.
    pub rotation_deg: f32,
    /// Uniform scale.
    pub scale: f32,
    /// Playback speed (0..=10).
    pub speed: f32,
    /// Wrap at the clip's end instead of holding the last frame.
    pub looping: bool,
    /// Whether time advances.
    pub playing: bool,
}

pub(super) struct Instance {
    pub(super) state: InstanceState,
    pub(super) time_secs: f32,
    pub(super) started: bool,
}

/// A marker crossed during playback.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MarkerEvent {
    /// Instance id.
    pub instance: u32,
    /// Model id.
    pub model: u32,
    /// Clip name.
    pub clip: String,
    /// Marker name.
    pub marker: String,
}

impl Models {
    fn validate(&self, s: &InstanceState) -> Result<InstanceState> {
        let m = self.model(s.model)?;
        if s.clip as usize >= m.clips.len() {
            return Err(arg(
                "clip",
                format!("clip {} out of range ({} clips)", s.clip, m.clips.len()),
            ));
        }
        Ok(InstanceState {
            x: check("x", f64::from(s.x), -1e7, 1e7)?,
            y: check("y", f64::from(s.y), -1e7, 1e7)?,
            rotation_deg: check("rotationDeg", f64::from(s.rotation_deg), -1e6, 1e6)?,
            scale: check("scale", f64::from(s.scale), 0.0, 1000.0)?,
            speed: check("speed", f64::from(s.speed), 0.0, 10.0)?,
            ..*s
        })
    }

    /// Adds an instance (playing from time 0); returns its id.
    pub fn add_instance(&mut self, state: InstanceState) -> Result<u32> {
        let state = self.validate(&state)?;
        let id = self.fresh_id();
        self.instances.insert(
            id,
            Instance {
                state,
                time_secs: 0.0,
                started: false,
            },
        );
        Ok(id)
    }

    /// Changes an instance; a different model or clip restarts it from time 0.
    pub fn set_instance(&mut self, id: u32, state: InstanceState) -> Result<()> {
        let state = self.validate(&state)?;
        let inst = self
            .instances
            .get_mut(&id)
            .ok_or_else(|| arg("instanceId", format!("there is no instance {id}")))?;
        if (inst.state.model, inst.state.clip) != (state.model, state.clip) {
            inst.time_secs = 0.0;
            inst.started = false;
        }
        inst.state = state;
        Ok(())
    }

    /// Removes an instance; returns whether it existed.
    pub fn remove_instance(&mut self, id: u32) -> bool {
        self.instances.remove(&id).is_some()
    }

    /// JSON `[{id, model, clip, x, y, rotationDeg, scale, speed, looping, playing, timeSecs}]`.
    pub fn instances_json(&self) -> String {
        let list: Vec<ModelInstanceInfo> = self
            .instances
            .iter()
            .map(|(&id, i)| ModelInstanceInfo {
                id,
                state: i.state,
                time_secs: short(i.time_secs),
            })
            .collect();
        serde_json::to_string(&list).unwrap_or_default()
    }

    /// Places a marker on a clip frame (1-based model frame within the clip).
    pub fn add_marker(&mut self, model: u32, clip: u32, name: &str, frame: f64) -> Result<()> {
        if name.trim().is_empty() || name.chars().count() > 64 {
            return Err(arg("name", "a marker name has 1 to 64 characters"));
        }
        let c = self.clip_mut(model, clip)?;
        c.clip
            .add_marker(name, frame as f32)
            .map_err(|e| arg("frame", e.to_string()))
    }

    /// Removes the clip's marker at `index` (in the order of `modelClips`).
    pub fn remove_marker(&mut self, model: u32, clip: u32, index: u32) -> Result<()> {
        let c = self.clip_mut(model, clip)?;
        if (index as usize) < c.clip.markers.len() {
            c.clip.markers.remove(index as usize);
            Ok(())
        } else {
            Err(arg("index", format!("marker {index} out of range")))
        }
    }

    /// Advances every playing instance by `dt_secs · speed` and records the markers crossed.
    pub fn advance(&mut self, dt_secs: f64) {
        let dt = if dt_secs.is_finite() {
            dt_secs.max(0.0) as f32
        } else {
            0.0
        };
        for (&id, inst) in &mut self.instances {
            let Some(c) = self
                .models
                .get(&inst.state.model)
                .and_then(|m| m.clips.get(inst.state.clip as usize))
            else {
                continue;
            };
            if !inst.state.playing {
                continue;
            }
            let duration = c.clip.duration_secs().max(0.0);
            let prev = if inst.started { inst.time_secs } else { -1e-4 };
            let mut next = inst.time_secs + dt * inst.state.speed;
            if !inst.state.looping {
                next = next.min(duration);
            }
            for m in c.clip.crossed_markers(prev, next, inst.state.looping) {
                self.events.push(MarkerEvent {
                    instance: id,
                    model: inst.state.model,
                    clip: c.clip.name.clone(),
                    marker: m.name.clone(),
                });
            }
            inst.started = true;
            inst.time_secs = next;
        }
        if self.events.len() > MAX_PENDING_EVENTS {
            let excess = self.events.len() - MAX_PENDING_EVENTS;
            self.events.drain(..excess);
            self.dropped_events += excess;
        }
    }

    /// Drains the marker events: JSON `[{instance, model, clip, marker}]`.
    pub fn take_events_json(&mut self) -> String {
        let out = serde_json::to_string(&self.events).unwrap_or_else(|_| "[]".into());
        self.events.clear();
        out
    }

    /// Called by `render()` with the wall clock: advances by the time since the previous call
    /// (at most [`MAX_STEP_SECS`]) and returns the instances to draw.
    pub fn frame(&mut self, now_ms: f64) -> &[ClipInstance] {
        let dt = self.last_frame_ms.map_or(0.0, |last| {
            ((now_ms - last) / 1000.0).clamp(0.0, MAX_STEP_SECS)
        });
        self.last_frame_ms = Some(now_ms);
        self.advance(dt);
        self.drawn.clear();
        for inst in self.instances.values() {
            let s = &inst.state;
            let Some(m) = self.models.get(&s.model) else {
                continue;
            };
            let Some(c) = m.clips.get(s.clip as usize) else {
                continue;
            };
            // The clip baked its end point as its last frame: wrap by the duration, then the
            // renderer plays it clamped (`sp_sim::time`).
            let d = f64::from(c.clip.duration_secs().max(0.0));
            let t = f64::from(inst.time_secs);
            let t = if s.looping {
                wrap_secs(t, d)
            } else {
                t.clamp(0.0, d)
            };
            self.drawn.push(ClipInstance {
                clip: c.id,
                time_secs: t,
                looping: false,
                model_to_scene: placement(s, m.up_axis, m.pixels_per_unit),
                tint: [1.0; 4],
            });
        }
        &self.drawn
    }

    /// JSON `{models, instances, pendingEvents, droppedEvents}`.
    pub fn stats_json(&self) -> String {
        let stats = ModelStats {
            models: self.models.len(),
            instances: self.instances.len(),
            pending_events: self.events.len(),
            dropped_events: self.dropped_events,
            names: self.models.values().map(|m| m.name.clone()).collect(),
        };
        serde_json::to_string(&stats).unwrap_or_default()
    }
}

/// `T(x, y) · R(rotation) · S(scale) · E(up, ppu)`, column-major.
pub fn placement(s: &InstanceState, up: UpAxis, pixels_per_unit: f32) -> [f32; 16] {
    let (sin, cos) = s.rotation_deg.to_radians().sin_cos();
    let k = s.scale;
    let trs = [
        cos * k,
        sin * k,
        0.0,
        0.0, //
        -sin * k,
        cos * k,
        0.0,
        0.0, //
        0.0,
        0.0,
        k,
        0.0, //
        s.x,
        s.y,
        0.0,
        1.0,
    ];
    let e = up.editor_matrix(pixels_per_unit);
    let e: [f32; 16] = std::array::from_fn(|i| e[i / 4][i % 4]);
    mat4_mul(&trs, &e)
}
