// Particle systems following a bone of a real skeleton (export spec §10.4–10.5): spine-core poses
// the official vine example, web/skeleton/spine/follow-track.ts samples its tip bone, the CLI exports a
// scene whose systems follow it (`--follow`), and the official runtime, posing the export at
// every baked frame, must match the simulation's own frames (§12.3 tolerances) — for a
// World-space system (the follow baked into each particle's own motion) and a Local-space one
// (the follow baked into its system bone, which must itself sit on the bone plus the offset).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Skeleton, type SkeletonData } from '@esotericsoftware/spine-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { followDocument, sampleBoneTrack, trackPeriodSecs, type BoneTrackJson } from '../../web/skeleton/spine/follow-track.ts';
import { loadSkeleton } from '../../web/skeleton/spine/load.ts';
import { regionPaths, synthAtlas } from '../support/synth-atlas.ts';
import { coreStepsCovering, loadWasm, trackPositionAt } from '../support/wasm.ts';
import { checkFidelity, exportScene, parseSkeleton, poseAt, type Exported } from './export.fidelity';
import { tempDir } from '../support/tmp';

const FIXTURES = join(import.meta.dirname, '../fixtures/spine');
const VINE_JSON = readFileSync(join(FIXTURES, 'vine-pro-4.2.json'), 'utf8');
const OFFSET = { x: 12, y: -8 };

const VINE = loadSkeleton(VINE_JSON, synthAtlas(regionPaths(VINE_JSON)));
const GROW_SECS = VINE.data.findAnimation('grow')!.duration;
const stepsCovering = await coreStepsCovering();

function vineTrack(skeleton = 'vine', speed = 1.5): BoneTrackJson {
  return sampleBoneTrack(VINE, { skeleton, bone: 'vine13', animation: 'grow', placeX: -40, placeY: 260, speed, loop: true, stepsCovering });
}

function followingScene(): object {
  const follow = { skeleton: 'vine', bone: 'vine13', offsetX: OFFSET.x, offsetY: OFFSET.y };
  const common = { mode: 'oneShot', durationSecs: 1.5, ratePerSec: 24, maxParticles: 200, lifetimeSecs: { min: 0.5, max: 0.9 }, speed: { min: 20, max: 60 }, spreadDeg: 60, follow };
  return {
    version: 1,
    export: { fps: 30 },
    systems: [
      { ...common, name: 'tip_world', seed: 3, space: 'world', animation: 'world' },
      { ...common, name: 'tip_local', seed: 4, space: 'local', animation: 'local', transform: { rotationDeg: 20, scaleX: 1.2, scaleY: 1.2 } },
      // Loops every 2 s, as the skeleton does at this speed: the loop must be seamless, root included.
      {
        ...common,
        name: 'tip_loop',
        seed: 5,
        space: 'local',
        mode: 'loopContinuous',
        durationSecs: 2,
        loopAnimations: { start: 'loop_start', loop: 'loop', end: 'loop_end' },
        follow: { ...follow, skeleton: 'vine_fast' },
      },
    ],
  };
}

/**
 * `scene` and the bone `tracks` written to a new folder `sp-NAME-…` and exported (`--follow`);
 * the folder is removed by `cleanUp`: `afterAll` where a suite collects, `onTestFinished` inside a
 * test (a hook registered while a test runs never runs).
 */
function exportFollowing(name: string, scene: object, tracks: BoneTrackJson[], cleanUp: (remove: () => void) => void = afterAll): { dir: string; scenePath: string; followPath: string; exported: Exported; data: SkeletonData } {
  const dir = tempDir(`sp-${name}-`, cleanUp);
  const scenePath = join(dir, 'scene.json');
  const followPath = join(dir, 'follow.json');
  writeFileSync(scenePath, JSON.stringify(scene));
  writeFileSync(followPath, followDocument(tracks));
  const exported = exportScene(scenePath, ['--follow', followPath]);
  return { dir, scenePath, followPath, exported, data: parseSkeleton(exported.json) };
}

describe('export of systems following a skeleton bone', () => {
  const track = vineTrack();
  // The speed at which the skeleton, as the canvas plays it, repeats every 2 s.
  const fast = vineTrack('vine_fast', trackPeriodSecs(GROW_SECS, 30, 1, stepsCovering) / 2);
  const { dir, scenePath, followPath, exported, data } = exportFollowing('follow', followingScene(), [track, fast]);

  it('the sampled bone really moves (the test would prove nothing otherwise)', () => {
    const xs = track.points.map((p) => p[0]);
    const ys = track.points.map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(50);
    expect(track.loop).toBe(true);
    expect(track.sampleFps).toBe(45);
    expect((fast.points.length - 1) / fast.sampleFps).toBeCloseTo(2, 9);
  });

  it('the runtime pose matches the simulation at every baked frame', () => {
    const { errors, checked } = checkFidelity(data, exported.frames);
    expect(errors).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(exported.report.warnings).toEqual([]);
  });

  it('World space: each particle starts where the bone (plus offset) was at its birth', () => {
    // Birth positions spread along the bone's path instead of sitting at one emitter point.
    const firstSeen = new Map<string, { x: number; y: number }>();
    for (const frame of exported.frames.animations.world) {
      for (const [bone, s] of Object.entries(frame.bones)) if (!firstSeen.has(`${bone}@${s.attachment}`)) firstSeen.set(`${bone}@${s.attachment}`, s);
    }
    const xs = [...firstSeen.values()].map((s) => s.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(20);
    // The system bone itself does not move: the follow lives in the particles.
    const system = data.findBone('tip_world');
    expect(system).not.toBeNull();
    const timelines = data.findAnimation('world')?.timelines ?? [];
    expect(timelines.length).toBeGreaterThan(0);
  });

  it('Local space: the system bone sits on the bone plus the offset at every frame (the core\'s track position, through wasm)', async () => {
    const wasm = await loadWasm();
    const skeleton = new Skeleton(data);
    const animation = data.findAnimation('local');
    expect(animation).not.toBeNull();
    let worst = 0;
    const frames = exported.frames.animations.local;
    for (const { frame } of frames) {
      poseAt(skeleton, animation!, Math.fround(frame / exported.frames.fps));
      const bone = skeleton.findBone('tip_local')!;
      const [x, y] = trackPositionAt(wasm, track, frame / exported.frames.fps);
      worst = Math.max(worst, Math.abs(bone.worldX - (x + OFFSET.x)), Math.abs(bone.worldY + (y + OFFSET.y)));
    }
    expect(frames.length).toBeGreaterThan(30);
    expect(worst).toBeLessThan(0.1);
    // Reduced, not a key per frame.
    expect(exported.report.keys.translate).toBeLessThan(exported.report.unreducedKeys.translate);
  });

  it('a loop whose length is the skeleton\'s period is seamless, system bone included', () => {
    const frames = exported.frames.animations.loop;
    const [first, last] = [frames[0], frames[frames.length - 1]];
    expect(Object.keys(first.bones).length).toBeGreaterThan(5);
    expect(last.bones).toEqual(first.bones);
    const skeleton = new Skeleton(data);
    const loop = data.findAnimation('loop')!;
    const at = (t: number): [number, number] => {
      poseAt(skeleton, loop, t);
      const b = skeleton.findBone('tip_loop')!;
      return [b.worldX, b.worldY];
    };
    const [a, b] = [at(0), at(Math.fround(loop.duration))];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(0.1);
    expect(loop.duration).toBeCloseTo(2, 5);
  });

  it('Bézier export: the system bone needs fewer keys and the runtime still matches', () => {
    const bezierPath = join(dir, 'bezier.json');
    const scene = followingScene() as { export: Record<string, unknown> };
    scene.export.curve = 'bezier';
    writeFileSync(bezierPath, JSON.stringify(scene));
    const bezier = exportScene(bezierPath, ['--follow', followPath]);
    const { errors } = checkFidelity(parseSkeleton(bezier.json), bezier.frames);
    expect(errors).toEqual([]);
    const rootKeys = (json: string): number =>
      ((JSON.parse(json) as { animations: { local: { bones: { tip_local: { translate: unknown[] } } } } }).animations.local.bones.tip_local.translate ?? []).length;
    expect(rootKeys(bezier.json)).toBeLessThan(rootKeys(exported.json));
  });

  it('a missing target falls back to the system transform, with a warning', () => {
    const plain = exportScene(scenePath);
    expect(plain.report.warnings.join('\n')).toContain('"tip_world" follows "vine/vine13", which is not loaded');
    expect(plain.report.warnings.join('\n')).toContain('"tip_loop" follows "vine_fast/vine13"');
    const { errors } = checkFidelity(parseSkeleton(plain.json), plain.frames);
    expect(errors).toEqual([]);
  });

  it('a hostile track file is refused naming the field', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ tracks: [{ ...track, points: [[0, 0], [Number.MAX_VALUE, 0]] }] }));
    expect(() => exportScene(scenePath, ['--follow', bad])).toThrow(/tracks\[0\]\.points\[1\]\[0\]/);
    expect(readFileSync(scenePath, 'utf8')).toContain('vine13');
  });
});

describe('a force centre travels with the followed bone (issue 10)', () => {
  // A World-space system on the vine tip whose attractor sits at the system origin (a `system`
  // centre): the centre is bone(t) + offset at every sample time, so the particles, born on the
  // bone and pulled hard with strong drag, stay bunched on the moving tip; the export must pose
  // what the simulation computed. The vine grows at a quarter speed here (its tip then moves at
  // up to ~150 px/s, which the pull can follow).
  const track = vineTrack('vine', 0.25);
  const follow = { skeleton: 'vine', bone: 'vine13', offsetX: OFFSET.x, offsetY: OFFSET.y };
  const scene = {
    version: 1,
    export: { fps: 30 },
    systems: [
      {
        name: 'tip_pulled', seed: 9, space: 'world', animation: 'pulled', mode: 'oneShot', durationSecs: 1.5, ratePerSec: 20, maxParticles: 100,
        lifetimeSecs: { min: 0.8, max: 1.2 }, speed: { min: 20, max: 60 }, spreadDeg: 360, damping: 30, follow,
        forces: [{ kind: 'attractor', accelPxPerSec2: { min: 20000, max: 20000 }, position: [0, 0], space: 'system', radiusPx: 5000, falloff: 'constant' }],
      },
    ],
  };
  const { exported, data } = exportFollowing('follow-force', scene, [track]);

  it('the runtime pose matches the simulation at every baked frame', () => {
    const { errors, checked } = checkFidelity(data, exported.frames);
    expect(errors).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('the particles stay on the moving centre, which really moves', async () => {
    const wasm = await loadWasm();
    const skeleton = new Skeleton(data);
    const animation = data.findAnimation('pulled')!;
    let worstMean = 0;
    let frames = 0;
    const centres: [number, number][] = [];
    for (const { frame, bones } of exported.frames.animations.pulled) {
      const secs = frame / exported.frames.fps;
      if (secs < 0.5 || secs > 1.5) continue;
      poseAt(skeleton, animation, Math.fround(secs));
      const [bx, by] = trackPositionAt(wasm, track, secs);
      const c: [number, number] = [bx + OFFSET.x, by + OFFSET.y];
      centres.push(c);
      const shown = Object.entries(bones).filter(([, b]) => b.attachment !== null);
      if (shown.length === 0) continue;
      let sum = 0;
      for (const [name] of shown) {
        const b = skeleton.findBone(name)!;
        sum += Math.hypot(b.worldX - c[0], -b.worldY - c[1]);
      }
      worstMean = Math.max(worstMean, sum / shown.length);
      frames += 1;
    }
    expect(frames).toBeGreaterThan(20);
    const xs = centres.map((c) => c[0]);
    const ys = centres.map((c) => c[1]);
    const travel = Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys);
    expect(travel).toBeGreaterThan(30);
    // A centre left where it was (at any one time) could not hold every frame this close (with
    // the centre fixed at the system's own transform, as before issue 10's fix, the mean is
    // ~178 px here).
    expect(worstMean).toBeLessThan(travel / 20);
    expect(worstMean).toBeLessThan(2);
  });
});

describe('following a bone of a turned, mirrored and scaled skeleton', () => {
  // The vine placed at (−40, 260), turned 90° clockwise, mirrored and at 1.5×: the track the page
  // samples (follow-track.ts) carries the bone where the canvas draws it; the export, posed by
  // spine-core, must put the system bone on that turned tip plus the offset, which is added in
  // scene pixels (not turned, mirrored or scaled with the skeleton).
  const PLACE = { x: -40, y: 260, rotationDeg: 90, scaleX: -1.5, scaleY: 1.5 };
  const SPEED = 1.5;
  const track = sampleBoneTrack(VINE, { skeleton: 'vine', bone: 'vine13', animation: 'grow', placeX: PLACE.x, placeY: PLACE.y, rotationDeg: PLACE.rotationDeg, scaleX: PLACE.scaleX, scaleY: PLACE.scaleY, speed: SPEED, loop: true, stepsCovering });
  const follow = { skeleton: 'vine', bone: 'vine13', offsetX: OFFSET.x, offsetY: OFFSET.y };
  const common = { mode: 'oneShot', durationSecs: 1.5, ratePerSec: 24, maxParticles: 200, lifetimeSecs: { min: 0.5, max: 0.9 }, speed: { min: 20, max: 60 }, spreadDeg: 60, follow };
  const scene = {
    version: 1,
    export: { fps: 30 },
    systems: [
      { ...common, name: 'tip_turned', seed: 6, space: 'local', animation: 'turned' },
      { ...common, name: 'tip_turned_world', seed: 7, space: 'world', animation: 'turned_world' },
    ],
  };
  const { exported, data } = exportFollowing('follow-turned', scene, [track]);

  it('the runtime pose matches the simulation at every baked frame', () => {
    const { errors, checked } = checkFidelity(data, exported.frames);
    expect(errors).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(exported.report.warnings).toEqual([]);
  });

  it('the exported system bone sits on the vine tip posed by spine-core, turned 90° clockwise, mirrored and scaled about the instance, plus the offset', () => {
    const vine = new Skeleton(VINE.data);
    const grow = VINE.data.findAnimation('grow')!;
    const exportedSkeleton = new Skeleton(data);
    const animation = data.findAnimation('turned')!;
    let [worst, unturned, checked] = [0, 0, 0];
    for (const { frame } of exported.frames.animations.turned) {
      // Track samples fall on every other export frame (45 samples/s against 30 fps).
      const secs = frame / exported.frames.fps;
      if (frame % 2 !== 0 || secs * SPEED > GROW_SECS) continue;
      poseAt(vine, grow, secs * SPEED);
      const tip = vine.findBone('vine13')!;
      // The tip in the instance's editor axes (y down), then (x, y) ↦ (−y, x) for 90° clockwise.
      const [mx, my] = [PLACE.scaleX * tip.worldX, PLACE.scaleY * -tip.worldY];
      const want = [PLACE.x - my + OFFSET.x, PLACE.y + mx + OFFSET.y];
      poseAt(exportedSkeleton, animation, Math.fround(secs));
      const bone = exportedSkeleton.findBone('tip_turned')!;
      const got = [bone.worldX, -bone.worldY];
      worst = Math.max(worst, Math.hypot(got[0] - want[0], got[1] - want[1]));
      unturned = Math.max(unturned, Math.hypot(got[0] - (PLACE.x + tip.worldX + OFFSET.x), got[1] - (PLACE.y - tip.worldY + OFFSET.y)));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
    expect(worst).toBeLessThan(0.1);
    expect(unturned, 'the turned tip is far from where the unturned one would be').toBeGreaterThan(100);
  });
});

describe('two systems following the same bone of two instances of a skeleton', () => {
  // The vine placed twice (its own position and one extra instance), both turned 30° clockwise and
  // scaled 1.2× (an object's instances share its rotation and scale): the page samples one track
  // per instance (`instance` 0 and 1 in the tracks file); the export, posed by spine-core, must put
  // each system bone on its own instance's tip plus the offset, far from the other instance's.
  const SHARED = { rotationDeg: 30, scaleX: 1.2, scaleY: 1.2 };
  const PLACES = [{ x: -40, y: 260 }, { x: 260, y: 140 }];
  const SPEED = 1.5;
  const tracks = PLACES.map((p, instance) =>
    sampleBoneTrack(VINE, { skeleton: 'vine', bone: 'vine13', instance, animation: 'grow', placeX: p.x, placeY: p.y, ...SHARED, speed: SPEED, loop: true, stepsCovering }),
  );
  const common = { mode: 'oneShot', durationSecs: 1.5, ratePerSec: 24, maxParticles: 200, lifetimeSecs: { min: 0.5, max: 0.9 }, speed: { min: 20, max: 60 }, spreadDeg: 60, space: 'local' };
  const follow = { skeleton: 'vine', bone: 'vine13', offsetX: OFFSET.x, offsetY: OFFSET.y };
  const scene = {
    version: 1,
    export: { fps: 30 },
    systems: [
      { ...common, name: 'tip_first', seed: 11, animation: 'first', follow },
      { ...common, name: 'tip_second', seed: 12, animation: 'second', follow: { ...follow, instance: 1 } },
    ],
  };
  const { exported, data } = exportFollowing('follow-instances', scene, tracks);

  it('the tracks file names the second instance and the first as before', () => {
    const written = JSON.parse(followDocument(tracks)) as { tracks: Record<string, unknown>[] };
    expect(written.tracks.map((t) => t.instance)).toEqual([undefined, 1]);
    const { errors, checked } = checkFidelity(data, exported.frames);
    expect(errors).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(exported.report.warnings).toEqual([]);
  });

  it('spine-core poses each system bone on its own instance\'s tip (within 0.1 px), > 50 px from the other\'s', () => {
    const vine = new Skeleton(VINE.data);
    const grow = VINE.data.findAnimation('grow')!;
    const exportedSkeleton = new Skeleton(data);
    const th = (SHARED.rotationDeg * Math.PI) / 180;
    const tipOn = (p: { x: number; y: number }, bx: number, by: number): [number, number] => {
      const [ax, ay] = [SHARED.scaleX * bx, -SHARED.scaleY * by];
      return [p.x + Math.cos(th) * ax - Math.sin(th) * ay + OFFSET.x, p.y + Math.sin(th) * ax + Math.cos(th) * ay + OFFSET.y];
    };
    const worst = [0, 0];
    const nearestOther = [Infinity, Infinity];
    let checked = 0;
    for (const [k, name] of (['first', 'second'] as const).entries()) {
      const animation = data.findAnimation(name)!;
      for (const { frame } of exported.frames.animations[name]) {
        // Track samples fall on every other export frame (45 samples/s against 30 fps).
        const secs = frame / exported.frames.fps;
        if (frame % 2 !== 0 || secs * SPEED > GROW_SECS) continue;
        poseAt(vine, grow, secs * SPEED);
        const tip = vine.findBone('vine13')!;
        poseAt(exportedSkeleton, animation, Math.fround(secs));
        const bone = exportedSkeleton.findBone(`tip_${name}`)!;
        const got = [bone.worldX, -bone.worldY];
        const own = tipOn(PLACES[k], tip.worldX, tip.worldY);
        const other = tipOn(PLACES[1 - k], tip.worldX, tip.worldY);
        worst[k] = Math.max(worst[k], Math.hypot(got[0] - own[0], got[1] - own[1]));
        nearestOther[k] = Math.min(nearestOther[k], Math.hypot(got[0] - other[0], got[1] - other[1]));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(worst[0]).toBeLessThan(0.1);
    expect(worst[1]).toBeLessThan(0.1);
    expect(nearestOther[0]).toBeGreaterThan(50);
    expect(nearestOther[1]).toBeGreaterThan(50);
  });

  it('an instance without a track falls back to the system transform, with a warning naming it', () => {
    const { exported: fallback } = exportFollowing('follow-instance-missing', scene, [tracks[0]], onTestFinished);
    expect(fallback.report.warnings.join('\n')).toContain('"tip_second" follows "vine/vine13#2", which is not loaded');
    expect(fallback.report.warnings.join('\n')).not.toContain('tip_first');
  });
});
