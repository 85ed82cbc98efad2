// Timeline read-out and layout (pure). The clock itself — the timeline's length, the start |
// loop | end segments of a loop-continuous scene, the seamless wrap of the loop and the end —
// is the core's (crates/sp-sim/src/sim/looping/timeline.rs, through Engine.timeline / play):
// nothing here computes a time. Frame of time t at f fps: floor(t·f + 1e-6).

import type { TimelineInfo } from '../engine/engine';

/** Frame index of `timeSecs` at `fps`. */
export function frameAt(timeSecs: number, fps: number): number {
  return Math.floor(timeSecs * fps + 1e-6);
}

/** `1.25 s · 37 f` style read-out parts. */
export function readout(timeSecs: number, fps: number): { seconds: string; frame: number } {
  return { seconds: timeSecs.toFixed(2), frame: frameAt(timeSecs, fps) };
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
