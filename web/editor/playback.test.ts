import { describe, expect, it } from 'vitest';
import { frameAt, MIN_TIMELINE_SECS, readout, timelineLength } from './playback';
import type { ParticleSystem, Scene } from '../document/types';

function sys(over: Partial<ParticleSystem>): ParticleSystem {
  return { visible: true, mode: 'oneShot', durationSecs: 2, delaySecs: 0, lifetimeSecs: { min: 0.5, max: 1 }, bursts: [], ...over } as ParticleSystem;
}

describe('timeline', () => {
  it('covers delay, emission and the longest life of visible systems', () => {
    const scene = { systems: [sys({ delaySecs: 0.5 }), sys({ durationSecs: 10, visible: false })] } as unknown as Scene;
    expect(timelineLength(scene)).toBeCloseTo(3.5);
  });
  it('covers a late burst and a loop (warm-up + one loop)', () => {
    expect(timelineLength({ systems: [sys({ durationSecs: 0.1, bursts: [{ timeSecs: 3, count: 5 }] })] } as unknown as Scene)).toBeCloseTo(4);
    expect(timelineLength({ systems: [sys({ mode: 'loopContinuous', durationSecs: 2, lifetimeSecs: { min: 1, max: 3 } })] } as unknown as Scene)).toBeCloseTo(5);
  });
  it('is never shorter than the minimum', () => {
    expect(timelineLength({ systems: [] } as unknown as Scene)).toBe(MIN_TIMELINE_SECS);
  });
  it('reads out seconds and frames at the export fps', () => {
    expect(frameAt(1, 30)).toBe(30);
    expect(frameAt(0.1 * 3, 10)).toBe(3);
    expect(readout(1.2345, 24)).toEqual({ seconds: '1.23', frame: 29 });
  });
});
