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

use sp_sim::sim::SegmentKind;
use wasm_bindgen::prelude::*;

use crate::answers::{AnimationAt, TimelineInfo};
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
    /// The timeline of the current scene as JSON `TimelineInfo` (see the module docs).
    #[wasm_bindgen(js_name = timelineInfo)]
    pub fn timeline_info(&self) -> String {
        let info = self.with_sim(|sim| {
            let tl = sim.timeline();
            TimelineInfo {
                length_secs: tl.length_secs(),
                fps: tl.regions().map(|r| r.fps),
                segments: tl.segments().to_vec(),
            }
        });
        serde_json::to_string(&info).unwrap_or_default()
    }

    /// The segment `timeSecs` falls in (the later one on a boundary; none without loops).
    #[wasm_bindgen(js_name = segmentAt)]
    pub fn segment_at(&self, time_secs: f64) -> Option<String> {
        self.with_sim(|sim| sim.timeline().segment_at(time_secs))
            .map(|k| kind_name(k).to_string())
    }

    /// Per system, the exported animation shown at `timeSecs` as JSON `(AnimationAt | null)[]`
    /// (see the module docs).
    #[wasm_bindgen(js_name = animationsAt)]
    pub fn animations_at(&self, time_secs: f64) -> String {
        let list: Vec<Option<AnimationAt>> = self.with_sim(|sim| {
            let tl = sim.timeline();
            (0..sim.systems().len())
                .map(|i| {
                    tl.animation_at(i, time_secs)
                        .map(|(kind, local_secs)| AnimationAt { kind, local_secs })
                })
                .collect()
        });
        serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
    }

    /// Plays `dtSecs` on the timeline (see the module docs); true when it restarted at 0.
    pub fn play(
        &self,
        dt_secs: f64,
        min_length_secs: f64,
        play_end: bool,
    ) -> Result<bool, JsValue> {
        let dt = finite("dtSecs", dt_secs, Some(0.0))?;
        let min = finite("minLengthSecs", min_length_secs, Some(0.0))?;
        Ok(self.with_sim(|sim| sim.play(dt, min, play_end)).restarted)
    }
}
