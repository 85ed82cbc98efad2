// Skeletons as scene objects, against a fake Editor: the official coin 4.2 skeleton with a
// synthesised atlas (no page image: flat colour). Animation time as a pure function of scene
// time; the document driving the players (one setClipInstanceArray for all, eye, rename keeps the
// bake, delete disposes, missing files reported, crash recovery re-uploads); document
// operations (rename rewrites followers); the files key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Scene, SkeletonObject } from '../../document/types';
import { PER_INSTANCE } from '../spine';
import { newSkeletonEntry, renameSkeleton, uniqueSkeletonName } from './doc';
import type { WasmClipEditor } from '../../engine/wasm-api';
import { SkeletonPlayer, type ClipInstanceJson, type SkeletonPlayHost } from './play';
import { SkeletonScene } from './scene';
import { skeletonFilesKey, type ContentHash } from './store';
import { regionPaths, synthAtlas } from '../../../tests/support/synth-atlas';
import { coreStepsCovering, loadWasm } from '../../../tests/support/wasm';
import type { StepsCovering } from '../spine';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/spine');
const COIN_SKEL = new Uint8Array(readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')));
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');
const ATLAS = synthAtlas(regionPaths(COIN_JSON), 'coin-pro-4.2.png');

/** A fake Editor: clip ids, removals and every instance list sent. */
class FakeEditor implements WasmClipEditor {
  nextId = 1;
  added: string[] = [];
  removed: number[] = [];
  sent: ClipInstanceJson[][] = [];
  addVertexClip(name: string): number {
    this.added.push(name);
    return this.nextId++;
  }
  removeVertexClip(id: number): boolean {
    this.removed.push(id);
    return true;
  }
  setClipInstanceArray(values: Float64Array): void {
    const list: ClipInstanceJson[] = [];
    for (let o = 0; o < values.length; o += PER_INSTANCE) {
      list.push({ clip: values[o], timeSecs: values[o + 1], loop: values[o + 2] === 1, x: values[o + 3], y: values[o + 4], rotationDeg: values[o + 5], scaleX: values[o + 6], scaleY: values[o + 7], depth: values[o + 8] });
    }
    this.sent.push(list);
  }
  last(): ClipInstanceJson[] {
    return this.sent.at(-1) ?? [];
  }
}

class Restarting extends Error {}

let editor: FakeEditor;
/** The core's content hash (wasm `contentHash`), as the page uses it. */
let contentHash: ContentHash;
/** The core's frame rule (wasm `Timebase.stepsCovering`), as the page passes it. */
let stepsCovering: StepsCovering;
/** Python's FNV-1a 64 (length-prefixed) of the 3 MiB + 7 pattern of the files-key test. */
const BIG_KEY = '16779f6e3b02b847';
let sceneTime = 0;
let down = false;

/** The fake Editor's clip methods, refused like the facade's while the Editor is down. */
function liveClips(): WasmClipEditor {
  const live = (): FakeEditor => {
    if (down) throw new Restarting('the editor is not running');
    return editor;
  };
  return {
    addVertexClip: (...a) => live().addVertexClip(a[0]),
    removeVertexClip: (id) => live().removeVertexClip(id),
    setClipInstanceArray: (values) => live().setClipInstanceArray(values),
  };
}

function sceneHost() {
  return {
    clips: liveClips(),
    addImage: () => undefined,
    decodeImage: () => Promise.reject(new Error('no pages in these tests')),
    viewCentre: (): [number, number] => [0, 0],
    sceneTimeSecs: () => sceneTime,
    isRestarting: (e: unknown) => e instanceof Restarting,
    contentHash,
    stepsCovering,
  };
}

function playHost(): SkeletonPlayHost {
  const h = sceneHost();
  return { ...h, pushInstances: () => undefined };
}

const COIN_FILES = { skeleton: { path: 'fx/coin-pro-4.2.skel', bytes: COIN_SKEL }, atlas: { path: 'fx/coin-pro-4.2.atlas', bytes: new TextEncoder().encode(ATLAS) }, pages: [] };

function entry(name: string, key: string, over: Partial<SkeletonObject> = {}): SkeletonObject {
  const doc = { skeletons: [] as SkeletonObject[] } as unknown as Scene;
  return { ...newSkeletonEntry(doc, { key, path: 'fx/coin-pro-4.2.skel', atlas: 'fx/coin-pro-4.2.atlas' }, 0, 0), name, ...over };
}

beforeAll(async () => {
  const wasm = await loadWasm();
  contentHash = (parts) => wasm.contentHash([...parts]);
  stepsCovering = await coreStepsCovering();
});

beforeEach(() => {
  editor = new FakeEditor();
  sceneTime = 0;
  down = false;
});

describe('SkeletonPlayer.animationTimeAt', () => {
  it('is scene time × speed, wrapped at the renderer period when looping, clamped otherwise', () => {
    const p = SkeletonPlayer.create(playHost(), 'k', COIN_SKEL, ATLAS, [], 1);
    const { frameCount, fps } = p.current().arrays;
    const period = frameCount / fps;
    const duration = p.durationSecs();
    expect(frameCount).toBe(82);
    expect(period).toBeCloseTo(82 / 30, 12);
    expect(p.animationTimeAt(0.5)).toBeCloseTo(0.5, 12);
    expect(p.animationTimeAt(period + 0.25)).toBeCloseTo(0.25, 9);
    expect(p.animationTimeAt(-3)).toBe(0);
    p.speed = 2;
    expect(p.animationTimeAt(0.5)).toBeCloseTo(1, 12);
    expect(p.animationTimeAt(period / 2 + 0.1)).toBeCloseTo(0.2, 9);
    p.looping = false;
    expect(p.animationTimeAt(0.5)).toBeCloseTo(1, 12);
    expect(p.animationTimeAt(100)).toBe(duration);
    p.speed = 0;
    expect(p.animationTimeAt(100)).toBe(0);
    // Pure: asking again, in any order, gives the same answers.
    p.speed = 1.5;
    p.looping = true;
    const times = [2.1, 0.3, 7.7, 0.3, 2.1].map((t) => p.animationTimeAt(t));
    expect(times[0]).toBe(times[4]);
    expect(times[1]).toBe(times[3]);
    expect(times[2]).toBeCloseTo((7.7 * 1.5) % period, 9);
  });
});

describe('SkeletonScene', () => {
  it('plays the document entries: one call for every instance, at the scene time', async () => {
    const scene = new SkeletonScene(sceneHost());
    const key = await scene.addFiles(COIN_FILES);
    expect(key).toBe(skeletonFilesKey(COIN_FILES, contentHash));
    const a = entry('coin', key, { transform: { x: 10, y: 20, rotationDeg: 0, scaleX: 1, scaleY: 1 }, extraInstances: [[30, 40]] });
    const b = entry('coin 2', key, { transform: { x: -5, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 }, speed: 2 });
    scene.sync([a, b]);
    expect(scene.problem('coin')).toBeNull();
    expect([...scene.loaded().keys()]).toEqual(['coin', 'coin 2']);
    sceneTime = 0.5;
    scene.frame(sceneTime);
    const sent = editor.last();
    expect(sent.map((i) => [i.x, i.y, i.depth])).toEqual([[10, 20, 0], [30, 40, 1], [-5, 0, 2]]);
    // Rotation 0 and scale 1: the values an instance had before they were applied (the defaults).
    expect(sent.map((i) => [i.rotationDeg, i.scaleX, i.scaleY])).toEqual([[0, 1, 1], [0, 1, 1], [0, 1, 1]]);
    expect(sent[0].timeSecs).toBeCloseTo(0.5, 9);
    // Frame 30 changes layout: the renderer is given its start (+1e-4 frame), see displayTime.
    expect(sent[2].timeSecs).toBeCloseTo(1.0, 4);
    expect(scene.loaded().get('coin')?.instances[0]).toEqual({ x: 10, y: 20, rotationDeg: 0, scaleX: 1, scaleY: 1 });

    // The object's rotation and scale turn and scale every instance about its own position.
    scene.sync([{ ...a, transform: { x: 10, y: 20, rotationDeg: 90, scaleX: -2, scaleY: 2 } }, b]);
    scene.frame(0.5);
    expect(editor.last().map((i) => [i.x, i.y, i.rotationDeg, i.scaleX, i.scaleY])).toEqual([
      [10, 20, 90, -2, 2],
      [30, 40, 90, -2, 2],
      [-5, 0, 0, 1, 1],
    ]);
    expect(scene.loaded().get('coin')?.instances[1]).toEqual({ x: 30, y: 40, rotationDeg: 90, scaleX: -2, scaleY: 2 });
    // An extra instance with its own rotation and scale is drawn with them, whatever the object's.
    scene.sync([{ ...a, transform: { x: 10, y: 20, rotationDeg: 90, scaleX: -2, scaleY: 2 }, extraInstances: [[30, 40, -45, 0.5, 0.5]] }, b]);
    scene.frame(0.5);
    expect(editor.last().map((i) => [i.x, i.y, i.rotationDeg, i.scaleX, i.scaleY])).toEqual([
      [10, 20, 90, -2, 2],
      [30, 40, -45, 0.5, 0.5],
      [-5, 0, 0, 1, 1],
    ]);
    expect(scene.loaded().get('coin')?.instances[1]).toEqual({ x: 30, y: 40, rotationDeg: -45, scaleX: 0.5, scaleY: 0.5 });

    // The eye: hidden entries send nothing.
    scene.sync([{ ...a, visible: false }, b]);
    scene.frame(0.5);
    expect(editor.last().map((i) => i.x)).toEqual([-5]);
  });

  it('a rename keeps the bake and tells the listeners; a delete disposes the clips', async () => {
    const scene = new SkeletonScene(sceneHost());
    const key = await scene.addFiles(COIN_FILES);
    scene.sync([entry('coin', key)]);
    const player = scene.player('coin');
    const bakes = editor.added.length;
    expect(bakes).toBe(1);
    let changes = 0;
    const off = scene.onLoadedChanged(() => changes++);
    scene.sync([entry('hero', key)]);
    off();
    expect(scene.player('hero')).toBe(player);
    expect(scene.player('coin')).toBeNull();
    expect(editor.added.length).toBe(bakes);
    expect(changes).toBe(1);
    expect([...scene.loaded().keys()]).toEqual(['hero']);
    scene.sync([]);
    expect(editor.removed).toEqual([1]);
    expect(editor.last()).toEqual([]);
    expect(scene.loaded().size).toBe(0);
  });

  it('applies animation, skin, scale, bake rate and speed from the entry; reports what it cannot', async () => {
    const scene = new SkeletonScene(sceneHost());
    const key = await scene.addFiles(COIN_FILES);
    scene.sync([entry('coin', key, { bakeFps: 15, scale: 0.5, loop: false })]);
    const p = scene.player('coin') as SkeletonPlayer;
    expect(p.fps).toBe(15);
    expect(p.loadScale).toBe(0.5);
    expect(p.looping).toBe(false);
    expect(p.current().arrays.frameCount).toBe(42);
    scene.sync([entry('coin', key, { animation: 'nope', skin: 'gold' })]);
    // The UI language defaults to Chinese.
    expect(scene.problem('coin')).toBe('骨骼“coin”无法按场景设置播放：骨骼中没有皮肤“gold”; 骨骼中没有动画“nope”');
    scene.sync([entry('lost', 'fnv1a64-0000000000000000')]);
    expect(scene.player('lost')).toBeNull();
    expect(scene.problem('lost')).toContain('fx/coin-pro-4.2.skel');
  });

  it('after a crash the next frame bakes and uploads the clip to the new Editor', async () => {
    const scene = new SkeletonScene(sceneHost());
    const key = await scene.addFiles(COIN_FILES);
    scene.sync([entry('coin', key)]);
    scene.frame(0.2);
    const before = editor.last();
    down = true;
    scene.frame(0.3); // restarting: nothing sent, nothing thrown
    editor = new FakeEditor();
    editor.nextId = 50;
    down = false;
    scene.afterRebuild();
    scene.frame(0.2);
    expect(editor.added).toEqual([`${key}:animation`]);
    const after = editor.last();
    expect(after.map((i) => i.clip)).toEqual([50]);
    expect(after.map((i) => [i.x, i.y, i.timeSecs])).toEqual(before.map((i) => [i.x, i.y, i.timeSecs]));
  });
});

describe('skeleton document operations', () => {
  it('a rename rewrites the systems that follow the old name, and only those', () => {
    const doc = {
      skeletons: [entry('coin', 'k1'), entry('hero', 'k2')],
      systems: [{ follow: { skeleton: 'coin', bone: 'root', offsetX: 0, offsetY: 0 } }, { follow: null }, { follow: { skeleton: 'hero', bone: 'b' } }, {}],
    } as unknown as Scene;
    expect(renameSkeleton(doc, 0, 'gold coin')).toBe(1);
    expect(doc.skeletons.map((k) => k.name)).toEqual(['gold coin', 'hero']);
    const follows = (doc.systems as unknown as { follow?: { skeleton: string } | null }[]).map((s) => s.follow?.skeleton ?? null);
    expect(follows).toEqual(['gold coin', null, 'hero', null]);
    expect(() => renameSkeleton(doc, 5, 'x')).toThrow('there is no skeleton 5');
  });

  it('new entries get unique names after their file', () => {
    expect(uniqueSkeletonName('coin', ['coin', 'coin 2'])).toBe('coin 3');
    expect(uniqueSkeletonName('', [])).toBe('skeleton');
    const doc = { skeletons: [entry('coin-pro-4.2', 'k')] } as unknown as Scene;
    const fresh = newSkeletonEntry(doc, { key: 'k2', path: 'a/coin-pro-4.2.skel', atlas: 'a/coin-pro-4.2.atlas' }, 1.234, -5.678);
    expect(fresh.name).toBe('coin-pro-4.2 2');
    expect(fresh.transform).toEqual({ x: 1.23, y: -5.68, rotationDeg: 0, scaleX: 1, scaleY: 1 });
  });

  it('the files key is FNV-1a 64 over lengths and bytes, computed by the core: keys stored before stay the same', () => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 131 + 7) & 255);
    const set = { skeleton: { path: 's.skel', bytes }, atlas: { path: 's.atlas', bytes: bytes.subarray(5, 900) }, pages: [{ path: 'p.png', bytes: bytes.subarray(1) }] };
    // The key the editor's own TypeScript FNV gave this set (and Python's arbitrary-precision
    // FNV-1a 64 gives): documents saved before the core computed it refer to their files by it.
    expect(skeletonFilesKey(set, contentHash)).toBe('fnv1a64-b0235197636e9705');
    // FNV-1a 64 of nothing at all is the offset basis.
    expect(contentHash([])).toBe('cbf29ce484222325');
    // One byte moved between parts changes the key.
    const moved = { ...set, atlas: { path: 's.atlas', bytes: bytes.subarray(4, 900) } };
    expect(skeletonFilesKey(moved, contentHash)).not.toBe(skeletonFilesKey(set, contentHash));
    // Parts longer than the module's 1 MiB read chunk hash as a whole (3 MiB + 7 of a pattern
    // whose key Python computes the same way).
    const big = new Uint8Array(3 * (1 << 20) + 7).map((_, i) => (i * 7 + (i >> 11)) & 255);
    expect(contentHash([big])).toBe(BIG_KEY);
  });
});
