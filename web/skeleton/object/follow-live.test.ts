// The live follow tracker: tracks for exactly the followed, loaded bones; sampled again only when
// the skeleton's playback changes; sent only when the set of tracks changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParticleSystem, Scene } from '../../document/types';
import { boneNames, dragSystem, FollowTracker, followTargets, missingReason, type FollowSkeleton } from './follow-live';
import { loadSkeleton } from '../spine';
import { MixBlend, MixDirection, Physics, Skeleton } from '@esotericsoftware/spine-core';
import { regionPaths, synthAtlas } from '../../../tests/support/synth-atlas';
import { loadWasm, trackPositionAt } from '../../../tests/support/wasm';
import type { FieldSchema } from '../../generated/contract';
import { schemaLimits, type FieldLimits } from '../../editor/drag-steps';
import { stepsCoveringOf } from '../../engine/engine';

const VINE_JSON = readFileSync(join(import.meta.dirname, '../../../tests/fixtures/spine/vine-pro-4.2.json'), 'utf8');
const loaded = loadSkeleton(VINE_JSON, synthAtlas(regionPaths(VINE_JSON)));

function vine(x = 0): FollowSkeleton {
  return { loaded, animation: 'grow', skin: null, speed: 1, looping: true, fps: 30, instances: [{ x, y: 100 }] };
}

function doc(follows: (ParticleSystem['follow'] | undefined)[]): Scene {
  return { systems: follows.map((follow) => ({ follow }) as ParticleSystem) } as Scene;
}

describe('follow tracker', () => {
  it('a drag moves a followed system\'s offset, any other system\'s transform', () => {
    const s = { transform: { x: 1, y: 2 }, follow: { skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0 } } as ParticleSystem;
    const unbounded = (): FieldLimits => ({ min: -Infinity, max: Infinity });
    dragSystem(s, 10.004, -3, true, unbounded);
    expect(s.follow).toEqual({ skeleton: 'vine', bone: 'vine13', offsetX: 10, offsetY: -3 });
    expect(s.transform).toEqual({ x: 1, y: 2 });
    dragSystem(s, 1, 1, false, unbounded);
    expect(s.transform).toEqual({ x: 2, y: 3 });
  });

  it("a drag far past the schema's limits leaves the transform or the offset at them, in a document the core accepts", async () => {
    const wasm = await loadWasm();
    const limits = schemaLimits(JSON.parse(wasm.fieldSchema()) as FieldSchema);
    const scene = JSON.parse(wasm.defaultScene()) as Scene;
    const s = scene.systems[0];
    s.transform.x = 999_900;
    dragSystem(s, 400, -5e6, false, limits);
    expect([s.transform.x, s.transform.y]).toEqual([1_000_000, -1_000_000]);
    // Further travel past the limit stays there; travel back moves at once.
    dragSystem(s, 50, 0, false, limits);
    expect(s.transform.x).toBe(1_000_000);
    dragSystem(s, -30, 20, false, limits);
    expect([s.transform.x, s.transform.y]).toEqual([999_970, -999_980]);
    s.follow = { skeleton: 'vine', bone: 'vine13', offsetX: -999_990, offsetY: 0 };
    dragSystem(s, -100, 3e6, true, limits);
    expect(s.follow).toMatchObject({ offsetX: -1_000_000, offsetY: 1_000_000 });
    expect([s.transform.x, s.transform.y]).toEqual([999_970, -999_980]);
    expect(() => wasm.normalizeScene(JSON.stringify(scene))).not.toThrow();
  });

  it('lists each followed bone of each instance once, sorted', () => {
    const d = doc([
      { skeleton: 'vine', bone: 'vine9', offsetX: 0, offsetY: 0, instance: 2 },
      { skeleton: 'vine', bone: 'vine9', offsetX: 0, offsetY: 0 },
      { skeleton: 'vine', bone: 'vine9', offsetX: 7, offsetY: 0, instance: 0 },
    ]);
    expect(followTargets(d)).toEqual([
      { skeleton: 'vine', bone: 'vine9', instance: 0 },
      { skeleton: 'vine', bone: 'vine9', instance: 2 },
    ]);
  });

  it('lists each followed bone once, sorted', () => {
    const d = doc([
      { skeleton: 'vine', bone: 'vine9', offsetX: 0, offsetY: 0 },
      undefined,
      { skeleton: 'vine', bone: 'vine13', offsetX: 5, offsetY: 0 },
      { skeleton: 'vine', bone: 'vine9', offsetX: 1, offsetY: 1 },
    ]);
    expect(followTargets(d)).toEqual([
      { skeleton: 'vine', bone: 'vine13', instance: 0 },
      { skeleton: 'vine', bone: 'vine9', instance: 0 },
    ]);
  });

  it('samples loaded bones, skips missing ones, and resends only on change', async () => {
    const wasm = await loadWasm();
    const sent: string[] = [];
    const tracker = new FollowTracker((json) => sent.push(json), (track, t) => trackPositionAt(wasm, track, t), stepsCoveringOf(wasm));
    const d = doc([
      { skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0 },
      { skeleton: 'hero', bone: 'hand', offsetX: 0, offsetY: 0 },
    ]);
    const skeletons = new Map([['vine', vine()]]);
    tracker.update(d, skeletons);
    expect(sent).toHaveLength(1);
    const tracks = JSON.parse(sent[0]).tracks as { skeleton: string; bone: string; points: number[][] }[];
    expect(tracks.map((t) => `${t.skeleton}/${t.bone}`)).toEqual(['vine/vine13']);
    expect(tracks[0].points.length).toBeGreaterThan(300);
    // Where a following system is: the core's track position plus its offset; a sample time
    // gives that sample, a time between two samples lies between them.
    const follower = { follow: { skeleton: 'vine', bone: 'vine13', offsetX: 3, offsetY: -4 } } as ParticleSystem;
    const track = JSON.parse(sent[0]).tracks[0] as { sampleFps: number; points: [number, number][] };
    const p10 = track.points[10];
    const at10 = tracker.positionOf(follower, 10 / track.sampleFps);
    expect(at10?.[0]).toBeCloseTo(p10[0] + 3, 3);
    expect(at10?.[1]).toBeCloseTo(p10[1] - 4, 3);
    const mid = tracker.positionOf(follower, 10.5 / track.sampleFps);
    expect(mid?.[0]).toBeCloseTo((track.points[10][0] + track.points[11][0]) / 2 + 3, 3);
    expect(tracker.positionOf({ follow: null } as unknown as ParticleSystem, 0)).toBeNull();
    expect(tracker.follows(follower)).toBe(true);
    expect(tracker.follows({ follow: { skeleton: 'hero', bone: 'hand', offsetX: 0, offsetY: 0 } } as ParticleSystem)).toBe(false);
    tracker.update(d, skeletons);
    expect(sent).toHaveLength(1);
    // Moving the skeleton moves the track.
    tracker.update(d, new Map([['vine', vine(50)]]));
    expect(sent).toHaveLength(2);
    const moved = JSON.parse(sent[1]).tracks[0].points[0][0] - tracks[0].points[0][0];
    expect(moved).toBeCloseTo(50, 4);
    // The skeleton goes away: no track at all.
    tracker.update(d, new Map());
    expect(sent[2]).toBe('');
    expect(missingReason(new Map(), 'vine', 'vine13')).toBe('skeleton');
    expect(missingReason(skeletons, 'vine', 'nope')).toBe('bone');
    expect(boneNames(skeletons, 'vine')).toContain('vine13');
  });

  it('turning or scaling the skeleton samples its track again; the follower\'s offset stays in scene pixels', async () => {
    const wasm = await loadWasm();
    const sent: string[] = [];
    const tracker = new FollowTracker((json) => sent.push(json), (track, t) => trackPositionAt(wasm, track, t), stepsCoveringOf(wasm));
    const d = doc([{ skeleton: 'vine', bone: 'vine13', offsetX: 3, offsetY: -4 }]);
    const placed = (rotationDeg: number, scaleX: number, scaleY: number): FollowSkeleton => ({ ...vine(), instances: [{ x: 0, y: 100, rotationDeg, scaleX, scaleY }] });
    tracker.update(d, new Map([['vine', vine()]]));
    // The default transform written out: the same inputs, nothing sent again.
    tracker.update(d, new Map([['vine', placed(0, 1, 1)]]));
    expect(sent).toHaveLength(1);
    tracker.update(d, new Map([['vine', placed(90, -2, 2)]]));
    expect(sent).toHaveLength(2);
    const [plain, turned] = sent.map((json) => (JSON.parse(json) as { tracks: { points: [number, number][] }[] }).tracks[0].points);
    // The tip relative to the instance at (0, 100): mirrored, doubled, then turned 90° clockwise.
    const [px, py] = [plain[40][0], plain[40][1] - 100];
    expect(turned[40][0]).toBeCloseTo(-2 * py, 6);
    expect(turned[40][1] - 100).toBeCloseTo(-2 * px, 6);
    // The follower is on the turned bone plus its offset, unturned and unscaled.
    const follower = { follow: { skeleton: 'vine', bone: 'vine13', offsetX: 3, offsetY: -4 } } as ParticleSystem;
    const track = (JSON.parse(sent[1]) as { tracks: { sampleFps: number }[] }).tracks[0];
    const where = tracker.positionOf(follower, 40 / track.sampleFps);
    expect(where?.[0]).toBeCloseTo(turned[40][0] + 3, 3);
    expect(where?.[1]).toBeCloseTo(turned[40][1] - 4, 3);
  });

  it('a bone followed on instance 1 lands at that instance\'s position + R(θ)·(scaleX·bx, −scaleY·by) + offset', async () => {
    const wasm = await loadWasm();
    const sent: string[] = [];
    const tracker = new FollowTracker((json) => sent.push(json), (track, t) => trackPositionAt(wasm, track, t), stepsCoveringOf(wasm));
    // Two instances sharing the skeleton's rotation (30° clockwise) and scale (mirrored 2×, 1.5×).
    const shared = { rotationDeg: 30, scaleX: -2, scaleY: 1.5 };
    const placed: FollowSkeleton = { ...vine(), instances: [{ x: -40, y: 260, ...shared }, { x: 300, y: -50, ...shared }] };
    const onFirst = { follow: { skeleton: 'vine', bone: 'vine13', offsetX: 3, offsetY: -4 } } as ParticleSystem;
    const onSecond = { follow: { skeleton: 'vine', bone: 'vine13', offsetX: 3, offsetY: -4, instance: 1 } } as ParticleSystem;
    tracker.update({ systems: [onFirst, onSecond] } as Scene, new Map([['vine', placed]]));
    expect(sent).toHaveLength(1);
    const tracks = (JSON.parse(sent[0]) as { tracks: { skeleton: string; bone: string; instance?: number; sampleFps: number; points: [number, number][] }[] }).tracks;
    // One track per instance; the first instance's is written as before instances were followed.
    expect(tracks.map((t) => [t.skeleton, t.bone, t.instance])).toEqual([['vine', 'vine13', undefined], ['vine', 'vine13', 1]]);
    expect(Object.keys(tracks[0])).not.toContain('instance');
    // The tip at the animation's first frame, posed by spine-core (Spine axes, y up).
    const sk = new Skeleton(loaded.data);
    sk.setToSetupPose();
    loaded.data.findAnimation('grow')!.apply(sk, 0, 0, false, [], 1, MixBlend.setup, MixDirection.mixIn);
    sk.update(0);
    sk.updateWorldTransform(Physics.reset);
    const tip = sk.findBone('vine13')!;
    const [bx, by] = [tip.worldX, tip.worldY];
    expect(Math.hypot(bx, by), 'the tip is away from the skeleton origin').toBeGreaterThan(10);
    const th = (30 * Math.PI) / 180;
    const [ax, ay] = [-2 * bx, -1.5 * by];
    const want = [300 + Math.cos(th) * ax - Math.sin(th) * ay + 3, -50 + Math.sin(th) * ax + Math.cos(th) * ay - 4];
    const got = tracker.positionOf(onSecond, 0)!;
    expect(got[0]).toBeCloseTo(want[0], 3);
    expect(got[1]).toBeCloseTo(want[1], 3);
    // The first instance's follower is 340 px left and 310 px below, at every sample.
    const first = tracker.positionOf(onFirst, 0)!;
    expect([got[0] - first[0], got[1] - first[1]].map((v) => Math.round(v * 1000) / 1000)).toEqual([340, -310]);
    tracks[1].points.forEach(([x, y], i) => {
      expect(x - tracks[0].points[i][0]).toBeCloseTo(340, 3);
      expect(y - tracks[0].points[i][1]).toBeCloseTo(-310, 3);
    });
    expect(tracker.follows(onSecond)).toBe(true);
    // Moving only the second instance samples only its track again: the first is unchanged.
    tracker.update({ systems: [onFirst, onSecond] } as Scene, new Map([['vine', { ...placed, instances: [placed.instances[0], { x: 310, y: -50, ...shared }] }]]));
    const again = (JSON.parse(sent[1]) as { tracks: { points: [number, number][] }[] }).tracks;
    expect(again[0].points).toEqual(tracks[0].points);
    expect(again[1].points[0][0] - tracks[1].points[0][0]).toBeCloseTo(10, 4);
  });

  it('an instance beyond the skeleton\'s list is the \'instance\' missing reason: no track, own transform', async () => {
    const wasm = await loadWasm();
    const sent: string[] = [];
    const tracker = new FollowTracker((json) => sent.push(json), (track, t) => trackPositionAt(wasm, track, t), stepsCoveringOf(wasm));
    const skeletons = new Map([['vine', { ...vine(), instances: [{ x: 0, y: 100 }, { x: 50, y: 100 }] }]]);
    expect(missingReason(skeletons, 'vine', 'vine13', 0)).toBeNull();
    expect(missingReason(skeletons, 'vine', 'vine13', 1)).toBeNull();
    expect(missingReason(skeletons, 'vine', 'vine13', 2)).toBe('instance');
    expect(missingReason(skeletons, 'vine', 'vine13', -1)).toBe('instance');
    expect(missingReason(new Map([['vine', { ...vine(), instances: [] }]]), 'vine', 'vine13')).toBe('instance');
    // The skeleton and bone come first.
    expect(missingReason(skeletons, 'vine', 'nope', 5)).toBe('bone');
    const stranded = { follow: { skeleton: 'vine', bone: 'vine13', offsetX: 0, offsetY: 0, instance: 2 } } as ParticleSystem;
    tracker.update({ systems: [stranded] } as Scene, skeletons);
    expect(sent).toEqual([]);
    expect(tracker.follows(stranded)).toBe(false);
    expect(tracker.positionOf(stranded, 0)).toBeNull();
  });
});
