// The editor timeline's length comes from the core (wasm timelineLength: the length of
// sp_sim::sim::SceneTimeline, which the Editor's timelineInfo also reports): the cases the page
// relies on, through the real module.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParticleSystem, Scene } from '../../web/generated/contract.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Glue {
  defaultScene(): string;
  timelineLength(sceneJson: string): number;
  initSync(o: { module: Uint8Array }): unknown;
}

let glue: Glue;
let base: Scene;

beforeAll(async () => {
  glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as Glue;
  glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
  base = JSON.parse(glue.defaultScene()) as Scene;
});

function length(...systems: Partial<ParticleSystem>[]): number {
  const proto = base.systems[0];
  const scene: Scene = {
    ...base,
    systems: systems.map((over, i) => ({ ...proto, name: `s${i}`, visible: true, mode: 'oneShot', durationSecs: 2, delaySecs: 0, lifetimeSecs: { min: 0.5, max: 1 }, bursts: [], ...over })),
  };
  return glue.timelineLength(JSON.stringify(scene));
}

describe('timeline length (wasm)', () => {
  it('covers delay, emission and the longest life of visible systems', () => {
    expect(length({ delaySecs: 0.5 }, { durationSecs: 10, visible: false })).toBeCloseTo(3.5);
  });
  it('covers a late burst and a loop (warm-up + one loop + the end where the living finish)', () => {
    expect(length({ durationSecs: 0.1, bursts: [{ timeSecs: 3, count: 5 }] })).toBeCloseTo(4);
    // Start: 3 s of warm-up (the longest life), loop: 2 s, end: at most one longest life.
    const loop = length({ mode: 'loopContinuous', durationSecs: 2, lifetimeSecs: { min: 1, max: 3 } });
    expect(loop).toBeGreaterThan(5);
    expect(loop).toBeLessThanOrEqual(8 + 1e-9);
  });
  it('is never shorter than half a second', () => {
    expect(length()).toBe(0.5);
  });
});
