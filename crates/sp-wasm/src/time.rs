//! The one clock ([`sp_sim::time`]) for JavaScript: `new Timebase(fps)` with `frameOf`,
//! `frameCount`, `stepsCovering`, `periodFrames`, `periodSecs`, `timeOf`, `framePair`, and the
//! free functions `wrapSecs` and `timelineLength(sceneJson)`. Frame numbers are returned as JS
//! numbers (exact below 2⁵³). The timeline's read-out uses `frameOf` (`Engine.frameAt`); the
//! skeleton baker and bone tracks count their frames with `stepsCovering` (`Engine.stepsCovering`,
//! passed into `web/skeleton/spine/bake.ts`).

use sp_sim::time::{Playback, Timebase};
use wasm_bindgen::prelude::*;

use crate::error::Error;

/// A frame rate and its frame arithmetic (see `sp_sim::time`).
#[wasm_bindgen(js_name = Timebase)]
pub struct JsTimebase(Timebase);

/// The frames to draw at a time: `a`, `b` and the weight `blend` of `b`.
#[wasm_bindgen(js_name = FramePair)]
#[derive(Clone, Copy)]
pub struct JsFramePair {
    /// First frame.
    pub a: u32,
    /// Second frame.
    pub b: u32,
    /// Weight of `b`, 0..1.
    pub blend: f32,
}

#[wasm_bindgen(js_class = Timebase)]
impl JsTimebase {
    /// A timebase of `fps` frames per second; throws unless `fps` is finite and above 0.
    #[wasm_bindgen(constructor)]
    pub fn new(fps: f64) -> Result<JsTimebase, JsValue> {
        let tb = Timebase::new(fps).ok_or_else(|| Error::Argument {
            name: "fps",
            reason: format!("{fps} is not a positive finite number"),
        })?;
        Ok(JsTimebase(tb))
    }

    /// Frames per second.
    pub fn fps(&self) -> f64 {
        self.0.fps()
    }

    /// Time of frame `frame`, seconds.
    #[wasm_bindgen(js_name = timeOf)]
    pub fn time_of(&self, frame: f64) -> f64 {
        self.0.time_of(frame.max(0.0) as u64)
    }

    /// `⌊t·fps + ε⌋`: the frame showing at `timeSecs`.
    #[wasm_bindgen(js_name = frameOf)]
    pub fn frame_of(&self, time_secs: f64) -> f64 {
        self.0.frame_of(time_secs) as f64
    }

    /// Frames at `i / fps` within `[0, durationSecs]`.
    #[wasm_bindgen(js_name = frameCount)]
    pub fn frame_count(&self, duration_secs: f64) -> f64 {
        self.0.frame_count(duration_secs) as f64
    }

    /// `⌈d·fps − ε⌉`: frame steps until the last frame reaches `durationSecs` (a bake that ends
    /// at `d` has this + 1 frames).
    #[wasm_bindgen(js_name = stepsCovering)]
    pub fn steps_covering(&self, duration_secs: f64) -> f64 {
        self.0.steps_covering(duration_secs) as f64
    }

    /// A loop of `durationSecs` in whole frames (at least 1).
    #[wasm_bindgen(js_name = periodFrames)]
    pub fn period_frames(&self, duration_secs: f64) -> f64 {
        self.0.period_frames(duration_secs) as f64
    }

    /// Period of a looping clip of `frameCount` frames, seconds.
    #[wasm_bindgen(js_name = periodSecs)]
    pub fn period_secs(&self, frame_count: u32) -> f64 {
        self.0.period_secs(u64::from(frame_count))
    }

    /// Frames and blend at `timeSecs` for a clip of `frameCount` frames, looping or clamped.
    #[wasm_bindgen(js_name = framePair)]
    pub fn frame_pair(&self, time_secs: f64, frame_count: u32, looping: bool) -> JsFramePair {
        let p = self
            .0
            .frame_pair(time_secs, frame_count, Playback::looping(looping));
        JsFramePair {
            a: p.a,
            b: p.b,
            blend: p.blend,
        }
    }
}

/// `t mod period` in `[0, period)` (no period: `t` clamped to 0).
#[wasm_bindgen(js_name = wrapSecs)]
pub fn wrap_secs(time_secs: f64, period_secs: f64) -> f64 {
    sp_sim::time::wrap_secs(time_secs, period_secs)
}

/// Length of the editor's timeline for a scene document, seconds (throws on an invalid document).
#[wasm_bindgen(js_name = timelineLength)]
pub fn timeline_length(scene_json: &str) -> Result<f64, JsValue> {
    Ok(crate::pure::timeline_length(scene_json)?)
}
