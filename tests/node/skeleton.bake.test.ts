// Vertex-frame bake of Spine 4.2 skeletons (web/skeleton/spine/bake.ts) on the official coin example,
// JSON and binary, with a synthesised atlas; checked against spine-core posing the same times.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Physics, RegionAttachment, Skeleton } from '@esotericsoftware/spine-core';
import { bakeAnimation, type BakedAnimation } from '../../web/skeleton/spine/bake.ts';
import { CpuReference } from '../../bench/skeleton-cpu.ts';
import { loadAtlas, loadSkeleton } from '../../web/skeleton/spine/load.ts';
import { regionPaths, synthAtlas } from '../support/synth-atlas.ts';
import { coreStepsCovering } from '../support/wasm.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/spine');
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');
const COIN_SKEL = new Uint8Array(readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')));
const REGIONS = regionPaths(COIN_JSON);
const ATLAS = synthAtlas(REGIONS);
/** The core's frame rule (wasm `Timebase.stepsCovering`), as the page passes it to the bake. */
const stepsCovering = await coreStepsCovering();

/** The double next to `x` towards +∞ (`dir` 1) or −∞ (`dir` −1), for positive `x`. */
function ulp(x: number, dir: 1 | -1): number {
  const bits = new BigInt64Array(new Float64Array([x]).buffer);
  bits[0] += BigInt(dir);
  return new Float64Array(bits.buffer)[0];
}

function bake(skeleton: string | Uint8Array, fps = 30): BakedAnimation {
  return bakeAnimation(loadSkeleton(skeleton, ATLAS), 'animation', { fps, stepsCovering });
}

describe('skeleton bake', () => {
  const json = bake(COIN_JSON);

  it('the synthesised atlas names the coin regions', () => {
    expect(REGIONS).toEqual([
      'coin-front-logo',
      'coin-front-shine-logo',
      'coin-front-shine-spineboy',
      'coin-front-spineboy',
      'coin-side-round',
      'coin-side-straight',
      'shine',
    ]);
  });

  it('samples ceil(duration × fps) + 1 frames, the last one at the end', () => {
    expect(json.durationSecs).toBeCloseTo(2.6667, 4);
    // 2.6667 s × 30 = 80.001 → 81 steps + the endpoint.
    expect(json.frames.length).toBe(82);
    expect(json.frames[1].timeSecs).toBeCloseTo(1 / 30, 12);
    expect(json.frames.at(-1)!.timeSecs).toBe(json.durationSecs);
    expect(bake(COIN_JSON, 12).frames.length).toBe(Math.ceil(2.6667 * 12) + 1);
  });

  it('counts its frames by the core’s clock at the edges of a frame (steps_covering + 1)', () => {
    // [duration s, fps, frames, why]: the bake's count is the core's Timebase::steps_covering
    // (⌈d·fps − 1e-9⌉) + 1 through the wasm module — the rule MS3D clips and the simulation's
    // loop period use; the bake has no rule of its own.
    const cases: [number, number, number, string][] = [
      [0, 30, 1, 'an empty animation is its setup pose'],
      [1, 30, 31, 'exactly 30 frames, both ends'],
      [ulp(1, 1), 30, 31, '1 ulp over a whole frame is float error'],
      [ulp(1, -1), 30, 31, '1 ulp under a whole frame'],
      [0.5, 24, 13, 'exactly 12 frames at 24 fps'],
      [0.1 * 3, 10, 4, '0.1·3 s is 3.0000000000000004 frames'],
      [0.29, 100, 30, '0.29 s at 100 fps is 28.999999999999996 frames'],
      [(30 - 5e-10) / 30, 30, 31, '5e-10 frames short of frame 30 counts as on it'],
      [(30 + 5e-7) / 30, 30, 32, '5e-7 frames past frame 30 needs a step (the old TS 1e-6 said 31)'],
      [Math.fround(1 / 30) * 30, 30, 32, 'float32 key time at frame 1 × 30: 1.5e-6 frames past frame 30'],
      [Math.fround(2 / 30), 30, 4, 'float32 key time of frame 2 (binary skeletons): 1e-7 frames past, a step of its own (the old TS 1e-6 said 3)'],
    ];
    for (const [durationSecs, fps, frames, why] of cases) {
      const loaded = loadSkeleton(COIN_JSON, ATLAS);
      loaded.data.findAnimation('animation')!.duration = durationSecs;
      const baked = bakeAnimation(loaded, 'animation', { fps, stepsCovering });
      expect(baked.frames.length, why).toBe(frames);
      expect(baked.frames.length, why).toBe(stepsCovering(durationSecs, fps) + 1);
      expect(baked.frames.at(-1)!.timeSecs, why).toBe(Math.min((frames - 1) / fps, durationSecs));
    }
  });

  it('frames are consistent: positions, topology and draws agree', () => {
    for (const f of json.frames) {
      const topo = json.topologies[f.topology];
      expect(f.positions.length).toBe(topo.vertexCount * 2);
      expect(f.positions.every(Number.isFinite)).toBe(true);
      let expected = topo.firstIndex;
      for (const d of f.draws) {
        expect(d.firstIndex).toBe(expected);
        expect(d.indexCount % 3).toBe(0);
        expected += d.indexCount;
      }
      expect(expected).toBe(topo.firstIndex + topo.indexCount);
      const idx = json.indices.subarray(topo.firstIndex, topo.firstIndex + topo.indexCount);
      expect(Math.max(...idx)).toBeLessThan(topo.vertexCount);
    }
    expect(json.uvs.length).toBe(2 * json.topologies.reduce((n, t) => n + t.vertexCount, 0));
    expect(json.pages).toEqual([{ name: 'skeleton.png', width: 1024, height: 512 }]);
  });

  it('draws follow the draw order; the shine is clipped to the coin', () => {
    const f0 = json.frames[0];
    // coin-side + coin-side-round (same page, blend and colour ffdb2fff: one draw of two quads),
    // coin-front-texture, coin-front-shine (additive, with a dark colour). The shine slot sits
    // outside the coin's clipping polygon at frame 0, so it is clipped away entirely.
    expect(f0.draws.map((d) => [d.blend, d.indexCount])).toEqual([['normal', 12], ['normal', 6], ['additive', 6]]);
    expect(f0.draws[0].color.map((c) => Math.round(c * 255))).toEqual([255, 219, 47, 255]);
    expect(f0.draws[0].dark).toBeNull();
    expect(f0.draws[2].dark).toEqual([0, 0, 0]);
    expect(json.topologies[f0.topology].vertexCount).toBe(16);
    // At 1/3 s the shine crosses the coin: drawn, additive, slot alpha 0x60, cut into a polygon
    // with more triangles than its quad.
    const f10 = json.frames[10];
    const shine = f10.draws[3];
    expect(shine.blend).toBe('additive');
    expect(Math.round(shine.color[3] * 255)).toBe(0x60);
    expect(shine.indexCount).toBeGreaterThan(6);
  });

  it('matches spine-core posing the same time (coin-side-round region)', () => {
    const loaded = loadSkeleton(COIN_JSON, ATLAS);
    const skeleton = new Skeleton(loaded.data);
    const anim = loaded.data.findAnimation('animation')!;
    for (const i of [0, 10, 40]) {
      const t = json.frames[i].timeSecs;
      skeleton.setToSetupPose();
      anim.apply(skeleton, t, t, false, [], 1, 0, 0);
      skeleton.updateWorldTransform(Physics.update);
      const slot = skeleton.findSlot('coin-side-round')!;
      const out = new Float32Array(8);
      (slot.getAttachment() as RegionAttachment).computeWorldVertices(slot, out, 0, 2);
      // Draw order: coin-side (4 vertices), then coin-side-round.
      expect(Array.from(json.frames[i].positions.subarray(8, 16))).toEqual(Array.from(out));
    }
  });

  it('the coin spins: positions change between frames, then come back', () => {
    const f0 = json.frames[0].positions;
    const f10 = json.frames[10].positions;
    const maxDelta = Math.max(...Array.from(f0.subarray(0, 16), (v, i) => Math.abs(v - f10[i])));
    expect(maxDelta).toBeGreaterThan(5);
    // The animation loops: the endpoint is the setup pose again (within a pixel).
    const end = json.frames.at(-1)!.positions;
    const back = Math.max(...Array.from(f0.subarray(0, 16), (v, i) => Math.abs(v - end[i])));
    expect(back).toBeLessThan(1);
    // The front texture swaps to the spineboy region at 0.6667 s: a new topology (other UVs).
    expect(new Set(json.frames.map((f) => f.topology)).size).toBeGreaterThan(1);
  });

  it('the JSON and the .skel bake the same frames', () => {
    // The two official exports differ slightly: the JSON rounds key times and values to 4
    // decimals (0.6667, 8.3), the binary keeps float32 (0.66667, 8.30399). Sampling at 7 fps
    // keeps every sample time away from the keys (multiples of 1/30 s), where a rounded key
    // time would put the two on different sides of a stepped key.
    const a = bake(COIN_JSON, 7);
    const b = bake(COIN_SKEL, 7);
    expect(b.frames.length).toBe(a.frames.length);
    expect(b.topologies.length).toBe(a.topologies.length);
    let maxDelta = 0;
    for (let i = 0; i < a.frames.length; i++) {
      const fa = a.frames[i];
      const fb = b.frames[i];
      expect(fb.positions.length).toBe(fa.positions.length);
      expect(fb.draws.map((d) => [d.page, d.blend, d.indexCount])).toEqual(fa.draws.map((d) => [d.page, d.blend, d.indexCount]));
      for (let k = 0; k < fa.positions.length; k++) maxDelta = Math.max(maxDelta, Math.abs(fa.positions[k] - fb.positions[k]));
    }
    expect(maxDelta).toBeLessThan(0.5);
  });

  it('refuses what it cannot do, with the name of the problem', () => {
    const loaded = loadSkeleton(COIN_JSON, ATLAS);
    expect(() => bakeAnimation(loaded, 'walk', { fps: 30, stepsCovering })).toThrow('animation "walk" not found');
    expect(() => bakeAnimation(loaded, 'animation', { fps: 0, stepsCovering })).toThrow('fps: 0');
    expect(() => bakeAnimation(loaded, 'animation', { fps: 30, skin: 'gold', stepsCovering })).toThrow('skin "gold" not found');
    expect(() => bakeAnimation(loaded, 'animation', { fps: 240, maxFrames: 100, stepsCovering })).toThrow('above the limit 100');
    expect(() => loadSkeleton(COIN_JSON, synthAtlas(REGIONS.slice(1)))).toThrow('skeleton: Region not found in atlas: coin-front-logo');
    expect(() => loadAtlas('')).toThrow('atlas: no page found');
  });

  it('a real page size different from the atlas rescales the UVs', () => {
    const atlas = loadAtlas(ATLAS, { 'skeleton.png': { width: 2048, height: 1024 } });
    const r = atlas.findRegion('coin-side-round')!;
    const index = REGIONS.indexOf('coin-side-round');
    expect(r.u).toBeCloseTo((index * 64) / 2048, 12);
    expect(r.u2).toBeCloseTo((index * 64 + 64) / 2048, 12);
    expect(r.v2).toBeCloseTo(64 / 1024, 12);
    const noSize = ATLAS.replace('size:1024,512\n', '');
    expect(() => loadAtlas(noSize)).toThrow('no size in the atlas');
    expect(loadAtlas(noSize, { 'skeleton.png': { width: 512, height: 512 } }).findRegion('shine')!.v2).toBeCloseTo(64 / 512, 12);
  });

  it('the CPU reference path produces the same vertex count per frame', () => {
    const cpu = new CpuReference(loadSkeleton(COIN_SKEL, ATLAS), 'animation');
    for (const i of [0, 5, 30]) {
      expect(cpu.frame(json.frames[i].timeSecs)).toBe(json.topologies[json.frames[i].topology].vertexCount);
    }
    expect(Number.isFinite(cpu.sum)).toBe(true);
  });
});
