// The benchmark's two sides (bench.ts) in Node with the coin 4.2 skeleton and a recording stand-in
// for the wasm Editor: what the baked side sends per frame, what the CPU side computes, and the
// statistics helpers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BakedSide, type BenchClipEditor, CpuSide, gridPositions, phaseSecs, quantile, summarize } from './skeleton-bench';
import { PER_INSTANCE } from '../web/skeleton/spine/clip';
import { CpuReference } from './skeleton-cpu';
import { loadSkeleton } from '../web/skeleton/spine/load';
import { regionPaths, synthAtlas } from '../tests/support/synth-atlas';
import { coreStepsCovering } from '../tests/support/wasm';

const FIXTURES = join(import.meta.dirname, '../tests/fixtures/spine');
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');

interface SentInstance {
  clip: number;
  timeSecs: number;
  loop: boolean;
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  depth: number;
}

/** Records the clip calls. */
function recorder(): { call: <T>(f: (e: BenchClipEditor) => T) => T; added: { positions: number }[]; sent: SentInstance[][]; removed: number[] } {
  const added: { positions: number }[] = [];
  const sent: SentInstance[][] = [];
  const removed: number[] = [];
  const editor: BenchClipEditor = {
    addVertexClip: (_name, _fps, _uvs, _indices, _topologies, _frames, positions) => {
      added.push({ positions: positions.length });
      return 7;
    },
    removeVertexClip: (id) => {
      removed.push(id);
      return true;
    },
    setClipInstanceArray: (values) => {
      expect(values.length % PER_INSTANCE).toBe(0);
      const list: SentInstance[] = [];
      for (let o = 0; o < values.length; o += PER_INSTANCE) {
        expect(Array.from(values.subarray(o + 9, o + 13))).toEqual([1, 1, 1, 1]);
        expect(values[o + 5]).toBe(0);
        list.push({ clip: values[o], timeSecs: values[o + 1], loop: values[o + 2] === 1, x: values[o + 3], y: values[o + 4], scaleX: values[o + 6], scaleY: values[o + 7], depth: values[o + 8] });
      }
      sent.push(list);
    },
  };
  return { call: (f) => f(editor), added, sent, removed };
}

describe('statistics', () => {
  it('quantiles interpolate between sorted samples', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 0], 0.9)).toBeCloseTo(9);
    expect(Number.isNaN(quantile([], 0.5))).toBe(true);
    expect(summarize([1, 2, 3, 10])).toEqual({ median: 2.5, p90: quantile([1, 2, 3, 10], 0.9), mean: 4, min: 1, max: 10, count: 4 });
  });
});

describe('instance layout and times', () => {
  it('spreads phases over the period and places a centred grid', () => {
    const phases = Array.from({ length: 200 }, (_, i) => phaseSecs(i, 2));
    expect(Math.min(...phases)).toBe(0);
    expect(Math.max(...phases)).toBeLessThan(2);
    expect(new Set(phases).size).toBe(200);
    const grid = gridPositions(4, 10);
    expect(grid).toEqual([[-5, -5], [5, -5], [-5, 5], [5, 5]]);
  });
});

describe('the two sides on the coin', () => {
  const loaded = loadSkeleton(COIN_JSON, synthAtlas(regionPaths(COIN_JSON)));

  it('baked: one upload, then per frame one instance list with phased times and no vertex work', async () => {
    const rec = recorder();
    const side = BakedSide.create(rec.call, 'coin', loaded, 'animation', 30, () => 'page', () => 0, await coreStepsCovering());
    expect(rec.added).toEqual([{ positions: side.setup.arrays.positions.length }]);
    expect(side.setup.arrays.positions.length).toBeGreaterThan(0);
    side.place(50, 20);
    expect(side.push(1.25)).toBe(50);
    const list = rec.sent[0];
    expect(list).toHaveLength(50);
    const period = side.periodSecs();
    for (const [i, inst] of list.entries()) {
      expect(inst.clip).toBe(7);
      expect(inst.loop).toBe(true);
      expect(inst.timeSecs).toBe(1.25 + phaseSecs(i, period));
      expect(inst.depth).toBe(i);
      expect(inst.scaleY).toBe(inst.scaleX);
      // Scaled so the skeleton fills 90 % of its 20 px cell.
      expect(inst.scaleX * side.setup.extent).toBeCloseTo(18, 6);
    }
    expect(new Set(list.map((i) => i.timeSecs)).size).toBeGreaterThan(40);
    side.dispose();
    expect(rec.sent.at(-1)).toEqual([]);
    expect(rec.removed).toEqual([7]);
  });

  it('CPU: every instance posed at its own time, its vertices computed', () => {
    const side = new CpuSide(loaded, 'animation', 82 / 30);
    side.resize(3);
    const total = side.frame(0.5);
    const single = new CpuReference(loaded, 'animation');
    let expected = 0;
    for (let i = 0; i < 3; i++) expected += new CpuReference(loaded, 'animation').frame(0.5 + phaseSecs(i, 82 / 30));
    expect(single.frame(0.5)).toBeGreaterThan(0);
    expect(total).toBe(expected);
    expect(side.lastVertices).toBe(total);
    expect(Number.isFinite(side.checksum()) && side.checksum() !== 0).toBe(true);
    side.resize(1);
    expect(side.frame(0.6)).toBeLessThan(total);
  });
});
