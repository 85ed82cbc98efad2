// A skeleton spine-core cannot load is refused before it is placed: the official coin 4.2 .skel
// cut to 1,000 or 2,000 of its 2,790 bytes, and JSON skeletons that are valid JSON but not valid
// skeletons. The scene holds nothing of a refused drop, and the refusal is worded in the UI
// language with the file (and the byte where the read ran out), never as spine-core's raw
// exception ("Offset is outside the bounds of the DataView").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WasmClipEditor } from '../../engine/wasm-api';
import { setLang, type KeyValueStorage } from '../../i18n';
import { regionPaths, synthAtlas } from '../../../tests/support/synth-atlas';
import { coreStepsCovering, loadWasm } from '../../../tests/support/wasm';
import { AtlasLoadError, loadSkeleton, SkeletonLoadError, type SkeletonLoadProblem, type StepsCovering } from '../spine';
import { SkeletonPlayer } from './play';
import { skeletonErrorText } from './refusal';
import { SkeletonScene } from './scene';
import type { ContentHash } from './store';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/spine');
const COIN_SKEL = new Uint8Array(readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')));
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');
const ATLAS = synthAtlas(regionPaths(COIN_JSON), 'coin-pro-4.2.png');
const NAMES = { skeleton: 'coin-pro-4.2.skel', atlas: 'coin-pro-4.2.atlas' };

const memory: KeyValueStorage = { getItem: () => null, setItem: () => undefined };

let contentHash: ContentHash;
let stepsCovering: StepsCovering;

beforeAll(async () => {
  const wasm = await loadWasm();
  contentHash = (parts) => wasm.contentHash([...parts]);
  stepsCovering = await coreStepsCovering();
});

afterEach(() => setLang('zh-CN', memory));

/** The coin's JSON with `change` applied. */
function coinJson(change: (j: Record<string, unknown>) => void): string {
  const j = JSON.parse(COIN_JSON) as Record<string, unknown>;
  change(j);
  return JSON.stringify(j);
}

/** What loading `skeleton` as playback does throws (the test fails when it loads). */
function thrown(skeleton: string | Uint8Array, atlas = ATLAS): unknown {
  try {
    SkeletonPlayer.check(typeof skeleton === 'string' ? new TextEncoder().encode(skeleton) : skeleton, atlas, []);
  } catch (e) {
    return e;
  }
  throw new Error('it loaded');
}

/** The problem of a SkeletonLoadError (the test fails on anything else). */
function problemOf(e: unknown): SkeletonLoadProblem {
  expect(e).toBeInstanceOf(SkeletonLoadError);
  return (e as SkeletonLoadError).problem;
}

/** Chinese and English texts of `e` for `names`. */
function worded(e: unknown, names = NAMES): { zh: string; en: string } {
  setLang('zh-CN', memory);
  const zh = skeletonErrorText(e, names);
  setLang('en', memory);
  const en = skeletonErrorText(e, names);
  return { zh, en };
}

/** A scene over a fake Editor that accepts every clip. */
function scene(): SkeletonScene {
  const clips: WasmClipEditor = { addVertexClip: () => 1, removeVertexClip: () => true, setClipInstanceArray: () => undefined };
  return new SkeletonScene({
    clips,
    addImage: () => undefined,
    decodeImage: () => Promise.reject(new Error('no pages in these tests')),
    viewCentre: () => [0, 0],
    sceneTimeSecs: () => 0,
    isRestarting: () => false,
    contentHash,
    stepsCovering,
  });
}

describe('a truncated .skel', () => {
  for (const size of [1000, 2000]) {
    it(`cut to ${size} bytes: refused as ending early at its last byte, in both languages`, () => {
      const e = thrown(COIN_SKEL.slice(0, size));
      expect(problemOf(e)).toMatchObject({ kind: 'endsEarly', sizeBytes: size });
      const { zh, en } = worded(e);
      expect(zh).toBe(`coin-pro-4.2.skel 提前结束或已损坏：spine-core 读到文件末尾（第 ${size} 字节）之后仍需要数据，文件可能被截断。`);
      expect(en).toBe(`coin-pro-4.2.skel ends early or is corrupt: spine-core needed data past its last byte (byte ${size}); the file may be cut short.`);
      for (const text of [zh, en]) expect(text).not.toMatch(/DataView|Offset|outside the bounds/);
    });
  }

  it('a cut view into a longer buffer is cut for spine-core too (it reads the view, not the buffer)', () => {
    const view = COIN_SKEL.subarray(0, 1000);
    expect(view.buffer.byteLength).toBe(COIN_SKEL.length);
    expect(() => loadSkeleton(view, ATLAS)).toThrow(SkeletonLoadError);
    expect(loadSkeleton(COIN_SKEL.subarray(0), ATLAS).data.animations.length).toBe(1);
  });

  it('is not held by the scene: nothing to place, nothing stored; the whole file still is', async () => {
    const s = scene();
    const cut = { skeleton: { path: 'fx/coin-pro-4.2.skel', bytes: COIN_SKEL.slice(0, 1000) }, atlas: { path: 'fx/coin-pro-4.2.atlas', bytes: new TextEncoder().encode(ATLAS) }, pages: [] };
    const refused = await s.addFiles(cut).then(
      () => null,
      (e: unknown) => e,
    );
    expect(problemOf(refused).kind).toBe('endsEarly');
    const whole = { ...cut, skeleton: { path: 'fx/coin-pro-4.2.skel', bytes: COIN_SKEL } };
    const key = await s.addFiles(whole);
    expect(s.fileSet(key)?.skeleton.bytes.length).toBe(COIN_SKEL.length);
    // The refused set is not held: a second try is checked (and refused) again.
    await expect(s.addFiles(cut)).rejects.toBeInstanceOf(SkeletonLoadError);
  });
});

describe('a JSON skeleton that is valid JSON but not a valid skeleton', () => {
  it('a slot on a bone the skeleton does not have: spine-core names both, worded in Chinese', () => {
    const e = thrown(coinJson((j) => (j.bones = (j.bones as unknown[]).slice(0, 1))));
    expect(problemOf(e)).toEqual({ kind: 'rejected', detail: "Couldn't find bone coin-side-straight for slot coin-side" });
    const { zh, en } = worded(e, { skeleton: 'coin.json', atlas: 'coin.atlas' });
    expect(zh).toBe('spine-core 无法载入 coin.json：找不到插槽“coin-side”引用的骨骼“coin-side-straight”。');
    expect(en).toBe("spine-core cannot load coin.json: Couldn't find bone coin-side-straight for slot coin-side.");
  });

  it('damaged shapes (null where an object belongs) and cut JSON text are corrupt, without the runtime exception', () => {
    for (const damaged of [coinJson((j) => (j.bones = [null])), coinJson((j) => (j.animations = { animation: null })), COIN_JSON.slice(0, 3000)]) {
      const e = thrown(damaged);
      expect(problemOf(e).kind).toBe('corrupt');
      const { zh, en } = worded(e, { skeleton: 'coin.json', atlas: 'coin.atlas' });
      expect(zh).toBe('coin.json 已损坏或不是 Spine 4.2 骨架：spine-core 无法读取它。');
      expect(en).toBe('coin.json is corrupt or not a Spine 4.2 skeleton: spine-core cannot read it.');
    }
  });

  it('a skeleton without animations is not refused (its bones can be followed); its playback says it has nothing to play', () => {
    const bytes = new TextEncoder().encode(coinJson((j) => delete j.animations));
    expect(() => SkeletonPlayer.check(bytes, ATLAS, [])).not.toThrow();
    const e = new SkeletonLoadError({ kind: 'noAnimation' });
    expect(problemOf(e)).toEqual({ kind: 'noAnimation' });
    expect(worded(e, { skeleton: 'coin.json', atlas: 'coin.atlas' }).zh).toBe('coin.json 没有可播放的动画。');
  });

  it('an atlas without the regions it uses is refused with the region, an atlas without pages with its name', () => {
    const e = thrown(COIN_SKEL, synthAtlas(regionPaths(COIN_JSON).slice(1), 'coin-pro-4.2.png'));
    expect(problemOf(e).kind).toBe('rejected');
    expect(worded(e).zh).toMatch(/^spine-core 无法载入 coin-pro-4\.2\.skel：图集中没有区域“coin-front-logo”（(区域|网格)附件“[^”]+”需要它）。$/);
    const empty = thrown(COIN_SKEL, '');
    expect(empty).toBeInstanceOf(AtlasLoadError);
    expect(worded(empty).zh).toBe('图集 coin-pro-4.2.atlas 中没有贴图页（它是 Spine .atlas 文件吗？）。');
  });
});
