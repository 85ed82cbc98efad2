// Timeline read-out and layout (pure). The clock itself — the timeline's length, the start |
// loop | end segments of a loop-continuous scene, the seamless wrap of the loop and the end —
// is the core's (crates/sp-sim/src/sim/looping/timeline.rs, through Engine.timeline / play):
// nothing here computes a time. The frame of a time is the core's too (Engine.frameAt, the
// wasm Timebase.frameOf of sp_sim::time: ⌊t·fps + 1e-9⌋).

import type { TimelineInfo } from '../engine/engine';

/** `1.25 s · 37 f` style read-out parts: `frame` is the core's frame of `timeSecs` (null while
 * the engine restarts: shown as `–`). */
export function readout(timeSecs: number, frame: number | null): { seconds: string; frame: string } {
  return { seconds: timeSecs.toFixed(2), frame: frame === null ? '–' : String(frame) };
}

/** A segment placed on a bar `lengthSecs` long: left edge and width in percent. */
export interface PlacedSegment {
  kind: TimelineInfo['segments'][number]['kind'];
  names: string[];
  startSecs: number;
  endSecs: number;
  leftPct: number;
  widthPct: number;
}

/** The segments of `info` on a bar of `lengthSecs` (the scrub range: the timeline, or longer
 * when skeletons on the same clock last longer). */
export function placeSegments(info: TimelineInfo, lengthSecs: number): PlacedSegment[] {
  const length = Math.max(lengthSecs, 1e-9);
  return info.segments.map((s) => ({
    ...s,
    leftPct: (100 * Math.min(s.startSecs, length)) / length,
    widthPct: (100 * Math.max(0, Math.min(s.endSecs, length) - Math.min(s.startSecs, length))) / length,
  }));
}
