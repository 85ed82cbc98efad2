//! The editor's timeline at the boundary: the core's clock ([`sp_sim::sim::SceneTimeline`]),
//! so the page does no segment arithmetic of its own.
//!
//! - `timelineInfo() -> {lengthSecs, fps, segments: [{kind, startSecs, endSecs, names}]}`:
//!   `kind` is `start`, `loop` or `end`, `names` the exported animation names of the visible
//!   loop-continuous systems for that segment; no segments when the scene has none (one-shot
//!   systems play their own animation at the timeline time).
//! - `segmentAt(timeSecs) -> "start" | "loop" | "end" | undefined`.
//! - `animationsAt(timeSecs) -> [null | {kind, localSecs}]`: per system of the scene, the
//!   exported animation a loop-continuous system shows there and the time into it (null: a
//!   one-shot system, which plays its animation at `timeSecs`); what the compare view poses.
//! - `play(dtSecs, minLengthSecs, playEnd) -> bool`: plays `dtSecs` (the loop repeats
//!   seamlessly; with `playEnd` it runs on into the end; past the length, at least
//!   `minLengthSecs`, back to 0); true when it restarted at 0.

use serde_json::json;
use sp_sim::sim::SegmentKind;
use wasm_bindgen::prelude::*;

use crate::editor::Editor;
use crate::error::finite;

fn kind_name(kind: SegmentKind) -> &'static str {
    match kind {
        SegmentKind::Start => "start",
        SegmentKind::Loop => "loop",
        SegmentKind::End => "end",
    }
}

#[wasm_bindgen]
impl Editor {
    /// The timeline of the current scene (see the module docs).
    #[wasm_bindgen(js_name = timelineInfo)]
    pub fn timeline_info(&self) -> String {
        self.with_sim(|sim| {
            let tl = sim.timeline();
            let fps = tl.regions().map(|r| r.fps);
            json!({
                "lengthSecs": tl.length_secs(),
                "fps": fps,
                "segments": tl.segments().iter().map(|s| json!({
                    "kind": kind_name(s.kind),
                    "startSecs": s.start_secs,
                    "endSecs": s.end_secs,
                    "names": s.names,
                })).collect::<Vec<_>>(),
            })
            .to_string()
        })
    }

    /// The segment `timeSecs` falls in (the later one on a boundary; none without loops).
    #[wasm_bindgen(js_name = segmentAt)]
    pub fn segment_at(&self, time_secs: f64) -> Option<String> {
        self.with_sim(|sim| sim.timeline().segment_at(time_secs))
            .map(|k| kind_name(k).to_string())
    }

    /// Per system, the exported animation shown at `timeSecs` (see the module docs).
    #[wasm_bindgen(js_name = animationsAt)]
    pub fn animations_at(&self, time_secs: f64) -> String {
        self.with_sim(|sim| {
            let tl = sim.timeline();
            let list: Vec<serde_json::Value> = (0..sim.systems().len())
                .map(|i| match tl.animation_at(i, time_secs) {
                    Some((kind, local)) => json!({ "kind": kind_name(kind), "localSecs": local }),
                    None => serde_json::Value::Null,
                })
                .collect();
            serde_json::Value::Array(list).to_string()
        })
    }

    /// Plays `dtSecs` on the timeline (see the module docs); true when it restarted at 0.
    pub fn play(
        &self,
        dt_secs: f64,
        min_length_secs: f64,
        play_end: bool,
    ) -> Result<bool, JsError> {
        let dt = finite("dtSecs", dt_secs, Some(0.0)).map_err(|e| JsError::new(&e.to_string()))?;
        let min = finite("minLengthSecs", min_length_secs, Some(0.0))
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(self.with_sim(|sim| sim.play(dt, min, play_end)).restarted)
    }
}
