// Conversion of baked animations to vertex-clip arrays (clip.ts): the coin 4.2 bake with a
// synthesised atlas, and a hand-made two-layout bake for the union/collapse handling.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bakeAnimation, type BakedAnimation, type BakedDraw } from './bake';
import { toVertexClip } from './clip';
import { loadSkeleton } from './load';
import { regionPaths, synthAtlas } from './synth-atlas';

const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures/spine');
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');

function draw(page: number, firstIndex: number, indexCount: number, alpha = 1): BakedDraw {
  return { page, blend: 'normal', firstIndex, indexCount, color: [1, 1, 1, alpha], dark: null };
}

describe('toVertexClip', () => {
  it('converts the coin: y negated, shared layout kept, draws inside the indices', () => {
    const baked = bakeAnimation(loadSkeleton(COIN_JSON, synthAtlas(regionPaths(COIN_JSON))), 'animation', { fps: 30 });
    const clip = toVertexClip(baked, () => 'spine:coin/skeleton.png');
    expect(clip.frameCount).toBe(baked.frames.length);
    expect(clip.frames.length).toBe(clip.frameCount * clip.vertexCount * 3);
    expect(clip.uvs.length).toBe(clip.vertexCount * 2);
    for (const d of clip.draws) {
      expect(d.indexStart + d.indexCount).toBeLessThanOrEqual(clip.indices.length);
      expect(d.indexCount % 3).toBe(0);
      expect(d.texture).toBe('spine:coin/skeleton.png');
    }
    expect(Math.max(...clip.indices)).toBeLessThan(clip.vertexCount);
    // Frame 0 of a single-layout bake: the same vertices, y flipped, z 0.
    if (baked.topologies.length === 1) {
      const p = baked.frames[0].positions;
      for (let v = 0; v < clip.vertexCount; v++) {
        expect(clip.frames[v * 3]).toBe(p[v * 2]);
        expect(clip.frames[v * 3 + 1]).toBe(-p[v * 2 + 1]);
        expect(clip.frames[v * 3 + 2]).toBe(0);
      }
    }
  });

  it('merges two layouts, collapsing the hidden one onto a point', () => {
    // Topology 0: a triangle (3 vertices); topology 1: a quad (4 vertices, 2 triangles).
    const baked: BakedAnimation = {
      animation: 'swap',
      skin: null,
      fps: 10,
      durationSecs: 0.2,
      pages: [{ name: 'a.png', width: 64, height: 64 }, { name: 'b.png', width: 64, height: 64 }],
      uvs: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1]),
      indices: Uint32Array.from([0, 1, 2, 0, 1, 2, 0, 2, 3]),
      topologies: [
        { firstVertex: 0, vertexCount: 3, firstIndex: 0, indexCount: 3 },
        { firstVertex: 3, vertexCount: 4, firstIndex: 3, indexCount: 6 },
      ],
      frames: [
        { timeSecs: 0, positions: Float32Array.from([0, 0, 10, 0, 0, 10]), topology: 0, draws: [draw(0, 0, 3)] },
        { timeSecs: 0.1, positions: Float32Array.from([5, 5, 20, 5, 20, 20, 5, 20]), topology: 1, draws: [draw(1, 3, 6)] },
        { timeSecs: 0.2, positions: Float32Array.from([6, 6, 21, 6, 21, 21, 6, 21]), topology: 1, draws: [draw(1, 3, 6, 0.5)] },
      ],
    };
    const clip = toVertexClip(baked, (p) => (p === 0 ? 'A' : null));
    expect(clip.vertexCount).toBe(7);
    expect(clip.topologies).toBe(2);
    expect(Array.from(clip.indices)).toEqual([0, 1, 2, 3, 4, 5, 3, 5, 6]);
    expect(clip.draws).toEqual([
      { indexStart: 0, indexCount: 3, texture: 'A', color: [1, 1, 1, 1] },
      { indexStart: 3, indexCount: 6, texture: null, color: [1, 1, 1, 1] },
    ]);
    const at = (f: number, v: number): number[] => Array.from(clip.frames.subarray((f * 7 + v) * 3, (f * 7 + v) * 3 + 3));
    // Frame 0: the triangle shown; the quad collapsed onto its first vertex of frame 1 (nearest).
    expect(at(0, 1)).toEqual([10, -0, 0]);
    for (let v = 3; v < 7; v++) expect(at(0, v)).toEqual([5, -5, 0]);
    // Frame 2: the quad shown, the triangle collapsed onto its first vertex of frame 0.
    expect(at(2, 5)).toEqual([21, -21, 0]);
    for (let v = 0; v < 3; v++) expect(at(2, v)).toEqual([0, -0, 0]);
    // Frames 0→1 and 2→0 (loop) change layout: stepped there; 1→2 stays interpolated.
    expect(Array.from(clip.stepAfter)).toEqual([1, 0, 1]);
    expect(clip.limits).toContain('animated slot colours are not played (the clip draws have one colour each)');
    expect(clip.limits.some((l) => l.includes('"b.png" has no image'))).toBe(true);
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
