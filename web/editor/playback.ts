// Timeline arithmetic (pure): the length the timeline shows, and the time read-out.
//
// A one-shot system is over at delay + duration + longest lifetime; a loop-continuous system is
// shown for its warm-up (longest lifetime) plus one loop (duration) after its delay. The timeline
// length is the largest over visible systems (at least 0.5 s). Frame of time t at f fps:
// floor(t·f + 1e-6).

import type { Scene } from '../document/types';

/** Shortest timeline, seconds. */
export const MIN_TIMELINE_SECS = 0.5;

/** Timeline length in seconds for a scene. */
export function timelineLength(scene: Scene): number {
  let end = MIN_TIMELINE_SECS;
  for (const s of scene.systems) {
    if (!s.visible) continue;
    const life = Math.max(s.lifetimeSecs.min, s.lifetimeSecs.max);
    const lastBurst = s.bursts.reduce((m, b) => Math.max(m, b.timeSecs), 0);
    const emitEnd = s.mode === 'oneShot' ? Math.max(s.durationSecs, lastBurst) : life + s.durationSecs;
    end = Math.max(end, s.delaySecs + emitEnd + (s.mode === 'oneShot' ? life : 0));
  }
  return end;
}

/** Frame index of `timeSecs` at `fps`. */
export function frameAt(timeSecs: number, fps: number): number {
  return Math.floor(timeSecs * fps + 1e-6);
}

/** `1.25 s · 37 f` style read-out parts. */
export function readout(timeSecs: number, fps: number): { seconds: string; frame: number } {
  return { seconds: timeSecs.toFixed(2), frame: frameAt(timeSecs, fps) };
}
