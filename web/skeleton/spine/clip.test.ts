// Conversion of baked animations to vertex-clip arrays (clip.ts): the coin 4.2 bake with a
// synthesised atlas (animated light/dark colours, additive slots, clipping and attachment
// changes: many topologies), and a hand-made two-layout bake checked value by value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bakeAnimation, type BakedAnimation, type BakedDraw } from './bake';
import { NO_TEXTURE, PER_DRAW, PER_DRAW_COLOR, PER_FRAME, PER_INSTANCE, PER_TOPOLOGY, toVertexClip, writeInstances, type VertexClipArrays } from './clip';
import { loadSkeleton } from './load';
import { regionPaths, synthAtlas } from '../../../tests/support/synth-atlas';
import { coreStepsCovering } from '../../../tests/support/wasm';

const stepsCovering = await coreStepsCovering();

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/spine');
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');

function draw(page: number, firstIndex: number, indexCount: number, alpha = 1, blend: BakedDraw['blend'] = 'normal', dark: BakedDraw['dark'] = null): BakedDraw {
  return { page, blend, firstIndex, indexCount, color: [1, 1, 1, alpha], dark };
}

/** Frame `f`'s draws as the renderer will read them. */
function drawsOf(clip: VertexClipArrays, f: number): { ints: number[]; colors: number[] }[] {
  const [, first, count] = clip.frames.subarray(f * PER_FRAME, (f + 1) * PER_FRAME);
  const out = [];
  for (let d = first; d < first + count; d++) {
    out.push({ ints: Array.from(clip.draws.subarray(d * PER_DRAW, (d + 1) * PER_DRAW)), colors: Array.from(clip.drawColors.subarray(d * PER_DRAW_COLOR, (d + 1) * PER_DRAW_COLOR)) });
  }
  return out;
}

describe('toVertexClip', () => {
  const baked = bakeAnimation(loadSkeleton(COIN_JSON, synthAtlas(regionPaths(COIN_JSON))), 'animation', { fps: 30, stepsCovering });
  const clip = toVertexClip(baked, () => 'spine:coin/skeleton.png');

  it('keeps every frame of the coin: its own topology, positions (y negated) and draws', () => {
    expect(clip.frameCount).toBe(82);
    expect(clip.topologies).toBe(baked.topologies.length);
    expect(clip.topologies).toBeGreaterThan(1);
    expect(clip.textures).toEqual(['spine:coin/skeleton.png']);
    expect(clip.limits).toEqual([]);
    let at = 0;
    baked.frames.forEach((frame, f) => {
      const [topology] = clip.frames.subarray(f * PER_FRAME, f * PER_FRAME + 1);
      expect(topology).toBe(frame.topology);
      const [, vertexCount, firstIndex, indexCount] = clip.topologyRanges.subarray(topology * PER_TOPOLOGY, (topology + 1) * PER_TOPOLOGY);
      for (let v = 0; v < vertexCount; v++) {
        expect(clip.positions[at + v * 3]).toBe(frame.positions[v * 2]);
        expect(clip.positions[at + v * 3 + 1]).toBe(Math.fround(-frame.positions[v * 2 + 1]));
        expect(clip.positions[at + v * 3 + 2]).toBe(0);
      }
      at += vertexCount * 3;
      const draws = drawsOf(clip, f);
      expect(draws.length).toBe(frame.draws.length);
      draws.forEach(({ ints, colors }, k) => {
        const d = frame.draws[k];
        expect(ints).toEqual([d.firstIndex, d.indexCount, 0, { normal: 0, additive: 1, multiply: 2, screen: 3 }[d.blend]]);
        expect(ints[0]).toBeGreaterThanOrEqual(firstIndex);
        expect(ints[0] + ints[1]).toBeLessThanOrEqual(firstIndex + indexCount);
        expect(colors).toEqual([...d.color, ...(d.dark ?? [0, 0, 0])].map(Math.fround));
      });
    });
    expect(at).toBe(clip.positions.length);
  });

  it('plays the coin colours per frame: shine alpha and tint-black dark colour animate, additive kept', () => {
    // The front shine (additive, rgba2 timeline): its light and dark colours change over time.
    const shine = (f: number): number[] => {
      const d = drawsOf(clip, f).find((x) => x.ints[3] === 1 && x.colors[3] === 1);
      if (d === undefined) throw new Error(`frame ${f} has no opaque additive draw`);
      return d.colors;
    };
    expect(shine(0).slice(4)).toEqual([0, 0, 0]);
    const darks = baked.frames.map((_, f) => shine(f)[4]);
    expect(Math.max(...darks)).toBeGreaterThan(0.45);
    // Light colour of the shine at frame 8 is (nearly) black while its dark colour is lit.
    for (const v of shine(8).slice(0, 3)) expect(v).toBeLessThan(0.001);
    expect(shine(8)[4]).toBeGreaterThan(0.4);
    // The front texture (normal) brightens from 0x85/255 towards white.
    const front = (f: number): number => drawsOf(clip, f)[1].colors[0];
    expect(front(0)).toBeCloseTo(0x85 / 255, 2);
    expect(front(10)).toBeGreaterThan(0.9);
    // Draw lists are shared where frames agree, so there are fewer runs than frames × draws.
    const drawsTotal = baked.frames.reduce((n, f) => n + f.draws.length, 0);
    expect(clip.draws.length / PER_DRAW).toBeLessThanOrEqual(drawsTotal);
    // Memory: each frame carries its own vertices only (a union layout would carry all of them).
    const union = baked.topologies.reduce((n, t) => n + t.vertexCount, 0);
    expect(clip.positions.length / 3).toBeLessThan((union * clip.frameCount) / 10);
  });

  it('converts two layouts value by value, sharing identical draw runs', () => {
    // Topology 0: a triangle (3 vertices); topology 1: a quad (4 vertices, 2 triangles).
    const swap: BakedAnimation = {
      animation: 'swap',
      skin: null,
      fps: 10,
      durationSecs: 0.3,
      pages: [{ name: 'a.png', width: 64, height: 64 }, { name: 'b.png', width: 64, height: 64 }],
      uvs: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1]),
      indices: Uint32Array.from([0, 1, 2, 0, 1, 2, 0, 2, 3]),
      topologies: [
        { firstVertex: 0, vertexCount: 3, firstIndex: 0, indexCount: 3 },
        { firstVertex: 3, vertexCount: 4, firstIndex: 3, indexCount: 6 },
      ],
      frames: [
        { timeSecs: 0, positions: Float32Array.from([0, 0, 10, 0, 0, 10]), topology: 0, draws: [draw(0, 0, 3)] },
        { timeSecs: 0.1, positions: Float32Array.from([5, 5, 20, 5, 20, 20, 5, 20]), topology: 1, draws: [draw(1, 3, 6, 1, 'screen', [0.25, 0.5, 0.75])] },
        { timeSecs: 0.2, positions: Float32Array.from([6, 6, 21, 6, 21, 21, 6, 21]), topology: 1, draws: [draw(1, 3, 6, 0.5, 'additive')] },
        { timeSecs: 0.3, positions: Float32Array.from([1, 1, 11, 1, 1, 11]), topology: 0, draws: [draw(0, 0, 3)] },
      ],
    };
    const c = toVertexClip(swap, (p) => (p === 0 ? 'A' : null));
    expect(Array.from(c.topologyRanges)).toEqual([0, 3, 0, 3, 3, 4, 3, 6]);
    expect(Array.from(c.indices)).toEqual([0, 1, 2, 0, 1, 2, 0, 2, 3]);
    // Frames 0 and 3 share draw run 0; frames 1 and 2 have their own.
    expect(Array.from(c.frames)).toEqual([0, 0, 1, 1, 1, 1, 1, 2, 1, 0, 0, 1]);
    expect(Array.from(c.draws)).toEqual([0, 3, 0, 0, 3, 6, NO_TEXTURE, 3, 3, 6, NO_TEXTURE, 1]);
    expect(Array.from(c.drawColors)).toEqual([1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0.25, 0.5, 0.75, 1, 1, 1, 0.5, 0, 0, 0]);
    expect(Array.from(c.positions.subarray(9, 12))).toEqual([5, -5, 0]);
    expect(c.positions.length).toBe((3 + 4 + 4 + 3) * 3);
    expect(Array.from(c.positions.subarray(33, 36))).toEqual([1, -1, 0]);
    expect(c.vertexCount).toBe(4);
    expect(c.textures).toEqual(['A']);
    expect(c.limits).toEqual(['atlas page "b.png" has no image: its attachments are drawn as flat colour']);
    expect(c.limitDetails).toEqual([{ kind: 'pageWithoutImage', page: 'b.png' }]);
  });

  it('refuses a bake that draws nothing', () => {
    const empty: BakedAnimation = {
      animation: 'none', skin: null, fps: 30, durationSecs: 0, pages: [], uvs: new Float32Array(0), indices: new Uint32Array(0),
      topologies: [{ firstVertex: 0, vertexCount: 0, firstIndex: 0, indexCount: 0 }],
      frames: [{ timeSecs: 0, positions: new Float32Array(0), topology: 0, draws: [] }],
    };
    expect(() => toVertexClip(empty, () => null)).toThrow('nothing is visible');
  });
});

describe('writeInstances', () => {
  it('lays instances out as setClipInstanceArray reads them, with its defaults', () => {
    const values = writeInstances([
      { clip: 3, timeSecs: 1.5, loop: true, x: 10, y: -20, depth: 2 },
      { clip: 4, timeSecs: 0.25, loop: false, x: 1, y: 2, rotationDeg: 90, scaleX: 2, scaleY: -1, tint: [0.5, 0.25, 1, 0.75] },
    ]);
    expect(values.length).toBe(2 * PER_INSTANCE);
    expect(Array.from(values.subarray(0, PER_INSTANCE))).toEqual([3, 1.5, 1, 10, -20, 0, 1, 1, 2, 1, 1, 1, 1]);
    expect(Array.from(values.subarray(PER_INSTANCE))).toEqual([4, 0.25, 0, 1, 2, 90, 2, -1, 0, 0.5, 0.25, 1, 0.75]);
    // A buffer of the right size is reused, one of another size is not.
    const again = writeInstances([{ clip: 9, timeSecs: 0, loop: false, x: 0, y: 0 }], new Float64Array(PER_INSTANCE));
    expect(again[0]).toBe(9);
    expect(writeInstances([], values).length).toBe(0);
  });
});
