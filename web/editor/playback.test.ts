import { describe, expect, it } from 'vitest';
import { placeSegments, readout } from './playback';
import type { TimelineInfo } from '../engine/engine';

const info: TimelineInfo = {
  lengthSecs: 5,
  fps: 30,
  segments: [
    { kind: 'start', startSecs: 0, endSecs: 1, names: ['start'] },
    { kind: 'loop', startSecs: 1, endSecs: 3, names: ['loop', 'loop_b'] },
    { kind: 'end', startSecs: 3, endSecs: 5, names: ['end'] },
  ],
};

describe('timeline', () => {
  it('places start | loop | end on the scrub bar with their exported names', () => {
    const placed = placeSegments(info, 5);
    expect(placed.map((s) => [s.kind, s.leftPct, s.widthPct])).toEqual([
      ['start', 0, 20],
      ['loop', 20, 40],
      ['end', 60, 40],
    ]);
    expect(placed[1].names).toEqual(['loop', 'loop_b']);
  });
  it('keeps the segments at their times on a longer bar (a skeleton on the same clock)', () => {
    expect(placeSegments(info, 10).map((s) => [s.leftPct, s.widthPct])).toEqual([
      [0, 10],
      [10, 20],
      [30, 20],
    ]);
  });
  it('has no segments without loop-continuous systems', () => {
    expect(placeSegments({ lengthSecs: 1.5, fps: null, segments: [] }, 1.5)).toEqual([]);
  });
  it('reads out seconds and the frame (the frame itself is the core\'s: tests/node/timebase.wasm.test.ts)', () => {
    expect(readout(1.2345, 29)).toEqual({ seconds: '1.23', frame: '29' });
    expect(readout(1.2345, null)).toEqual({ seconds: '1.23', frame: '–' });
  });
});
