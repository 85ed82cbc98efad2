// End-to-end: a particle system following a bone of a dropped skeleton (export spec §10.4).
// The official vine example is dropped with a synthesised atlas and page; the property panel's
// Follow section makes the system follow the vine's tip; the canvas shows the particles on the
// moving tip (pixel centroid against the bone's track at two paused times, with the skeleton
// hidden); 导出Spine Json downloads a file byte-identical to the native CLI's export with the
// same bone tracks, which the official runtime poses within the spec's tolerances at every baked
// frame and which holds no reference to the skeleton. Then the skeleton panel turns the vine 90°
// and doubles it: the followed track turns with it (as the canvas draws the vine), and the export
// puts the system on the turned tip plus the offset, which stays in scene pixels. Last, a second
// instance: the Follow section's Instance menu moves the follower onto it (the preview, the
// download = the CLI's export, spine-core), removing it makes the system fall back with a warning
// in both panels, and undo restores each step. Then the skeleton panel's Instance menu places
// that second instance on its own: moved (still sharing the first's rotation and scale, as its
// note says), then turned 90° and scaled: the canvas changes around it and not around the first,
// the follower's track and the download follow its turned bone, the share button and undo give
// back the pair form and the same pixels. Last, with three instances and the follower on instance
// 3, the skeleton panel removes instance 2: the follower is renumbered in the same undo step and
// stays on the same drawn skeleton (its track and pixels unchanged), the panel shows two instances
// and the message area names the renumbering; undo gives back the three and the index. Removing
// instance 1 makes instance 2 take its place, the follower still on the same skeleton; undo.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { runCli } from '../support/cli';
import { Skeleton } from '@esotericsoftware/spine-core';
import { checkFidelity, parseSkeleton, poseAt, type FramesDoc } from '../node/export.fidelity';
import type { BoneTrackJson } from '../../web/skeleton/spine/follow-track';
import { loadWasm, trackPositionAt } from '../support/wasm';
import { skeletonDrop } from './skeleton-files';
import { canvasPixels, documentOf, dropFiles, freezeAt, openEditor, plainView, skeletonPanelChange as panelChange, useSite, type Pixels, type SeamWindow } from './support';
import { tempDir } from '../support/tmp';

const site = useSite('webgpu');
const tmp = tempDir('sp-e2e-follow-', after);
const OFFSET = { x: 30, y: -20 };

/** Centroid (canvas px) of the pixels brighter than `threshold` (sum of RGB), and their count. */
function litCentroid(p: Pixels, threshold = 200): { x: number; y: number; n: number } {
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      if (p.rgba[i] + p.rgba[i + 1] + p.rgba[i + 2] > threshold) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return { x: sx / n, y: sy / n, n };
}

async function edit(page: Page, label: string, body: string): Promise<void> {
  await page.evaluate(
    ([l, b]) => {
      if (!(window as unknown as SeamWindow).spineParticleTest.edit(l, new Function('d', b) as (d: unknown) => void)) throw new Error(`edit refused: ${l}`);
    },
    [label, body],
  );
}

/**
 * Clicks 导出Spine Json and exports the page's scene with the page's bone tracks through the CLI
 * too (files in `tmp`, named with `prefix`); asserts the two files are the same bytes and returns
 * the file and the CLI's simulated frames (the fidelity check's reference).
 */
async function exportBothWays(page: Page, prefix: string): Promise<{ json: string; frames: FramesDoc }> {
  const [sceneJson, followJson] = await page.evaluate(() => {
    const seam = (window as unknown as SeamWindow).spineParticleTest;
    return [seam.sceneJson(), seam.engine.followTracks()];
  });
  const got = page.waitForEvent('download', { timeout: 120_000 });
  await page.click('#export-button');
  const download = await got;
  await page.waitForFunction(() => document.body.dataset.exportState === 'done', undefined, { timeout: 120_000 });
  const json = readFileSync(await download.path(), 'utf8');
  const [scenePath, followPath, out, framesPath] = ['scene.json', 'follow.json', 'out.json', 'frames.json'].map((f) => join(tmp, prefix + f));
  writeFileSync(scenePath, sceneJson);
  writeFileSync(followPath, followJson);
  runCli(['export', scenePath, '-o', out, '--frames', framesPath, '--follow', followPath]);
  assert.equal(json, readFileSync(out, 'utf8'), 'browser download and CLI export differ');
  return { json, frames: JSON.parse(readFileSync(framesPath, 'utf8')) as FramesDoc };
}

/** The page's bone tracks (`Engine.followTracks`; none: an empty list). */
async function tracksOf(page: Page): Promise<BoneTrackJson[]> {
  const text = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.followTracks());
  return (JSON.parse(text || '{"tracks":[]}') as { tracks: BoneTrackJson[] }).tracks;
}

/**
 * spine-core poses the exported system bone `tip` at every baked frame of the start segment
 * (scene time = its time) and of the loop after it (scene time = start + its time); for each of
 * `tracks`, the largest and smallest distance of the bone from that track plus the offset.
 */
async function tipAgainstTracks(json: string, frames: FramesDoc, tracks: BoneTrackJson[]): Promise<{ checked: number; most: number[]; least: number[] }> {
  const data = parseSkeleton(json);
  assert.deepEqual(checkFidelity(data, frames).errors, []);
  const skeleton = new Skeleton(data);
  const wasm = await loadWasm();
  const start = data.findAnimation('start');
  assert.ok(start !== null && data.findAnimation('loop') !== null, 'the loop-continuous system exports start and loop');
  const most = tracks.map(() => 0);
  const least = tracks.map(() => Infinity);
  let checked = 0;
  for (const [name, shift] of [['start', 0], ['loop', start.duration]] as const) {
    const animation = data.findAnimation(name)!;
    for (const { frame } of frames.animations[name]) {
      const secs = frame / frames.fps;
      poseAt(skeleton, animation, Math.fround(secs));
      const bone = skeleton.findBone('tip')!;
      tracks.forEach((track, k) => {
        const [bx, by] = trackPositionAt(wasm, track, shift + secs);
        const d = Math.hypot(bone.worldX - (bx + OFFSET.x), -bone.worldY - (by + OFFSET.y));
        most[k] = Math.max(most[k], d);
        least[k] = Math.min(least[k], d);
      });
      checked++;
    }
  }
  return { checked, most, least };
}

/** Mean absolute per-channel difference of two equally sized images over columns [x0, x1). */
function columnsDiff(a: Pixels, b: Pixels, x0: number, x1: number): number {
  assert.ok(a.width === b.width && a.height === b.height, 'same size');
  let [d, n] = [0, 0];
  for (let y = 0; y < a.height; y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(a.width, Math.ceil(x1)); x++) {
      const i = (y * a.width + x) * 4;
      d += Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]);
      n += 3;
    }
  }
  return d / n;
}

describe('particles following a skeleton bone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let skeletonName = '';

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    ({ page, errors } = await openEditor(context, site.url));
    await plainView(page);
    await dropFiles(page, skeletonDrop('vine-pro-4.2'));
    await page.waitForFunction(
      () => (window as unknown as SeamWindow).spineParticleTest.doc().skeletons.length === 1,
      undefined,
      { timeout: 60_000 },
    );
    const doc = (await documentOf(page)) as unknown as { skeletons: { name: string }[] };
    skeletonName = doc.skeletons[0].name;
  });
  after(async () => {
    await context?.close();
  });

  it('the Follow section makes the selected system follow the vine tip', async () => {
    // One bright additive system of motionless particles, selected.
    await edit(
      page,
      'follow test scene',
      `d.systems = [Object.assign({}, d.systems[0], { name: 'tip', space: 'local', mode: 'loopContinuous', ratePerSec: 40, maxParticles: 200,
        lifetimeSecs: { min: 0.4, max: 0.4 }, speed: { min: 0, max: 0 }, emitter: { kind: 'point' }, gravity: [0, 0], startScale: { min: 1, max: 1 },
        scaleCurve: [{ t: 0, v: 1 }], alphaCurve: [{ t: 0, v: 1 }], colorGradient: [{ t: 0, color: '#ffffff' }], blend: 'additive',
        textures: ['builtin:soft_dot'], transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 } })];`,
    );
    const skeletonSelect = '#properties [data-key="systems[0].follow.skeleton"]';
    await page.waitForSelector(skeletonSelect);
    const options = await page.$$eval(`${skeletonSelect} option`, (els) => els.map((e) => (e as HTMLOptionElement).value));
    assert.deepEqual(options, ['', skeletonName]);
    await page.selectOption(skeletonSelect, skeletonName);
    const boneSelect = '#properties [data-key="systems[0].follow.bone"]';
    await page.waitForSelector(boneSelect);
    assert.ok((await page.$$eval(`${boneSelect} option`, (els) => els.map((e) => (e as HTMLOptionElement).value))).includes('vine13'));
    await page.selectOption(boneSelect, 'vine13');
    await page.fill('#properties [data-key="systems[0].follow.offsetX"]', String(OFFSET.x));
    await page.fill('#properties [data-key="systems[0].follow.offsetY"]', String(OFFSET.y));
    await page.keyboard.press('Tab');
    const doc = await documentOf(page);
    assert.deepEqual(doc.systems[0].follow, { skeleton: skeletonName, bone: 'vine13', offsetX: OFFSET.x, offsetY: OFFSET.y });
    const tracks = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.followTracks());
    const parsed = JSON.parse(tracks) as { tracks: BoneTrackJson[] };
    assert.deepEqual(parsed.tracks.map((t) => `${t.skeleton}/${t.bone}`), [`${skeletonName}/vine13`]);
    assert.equal(await page.$('#properties [data-follow-missing]'), null, 'no "target missing" warning');
  });

  it('the canvas shows the particles on the moving bone (skeleton hidden, still followed)', async () => {
    // The skeleton's eye in the scene list hides it.
    await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    assert.equal(((await documentOf(page)) as unknown as { skeletons: { visible: boolean }[] }).skeletons[0].visible, false);
    // The skeleton's panel floats over the canvas: out of the screenshot.
    await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    const track = (JSON.parse(await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.followTracks())) as { tracks: BoneTrackJson[] }).tracks[0];
    // Frame the bone's whole path: the view centred on it at half size.
    const xs = track.points.map((p) => p[0] + OFFSET.x);
    const ys = track.points.map((p) => p[1] + OFFSET.y);
    const centre: [number, number] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const view = await page.evaluate((at) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      seam.setView(at, 0.5);
      const c = document.getElementById('canvas') as HTMLCanvasElement;
      const r = c.getBoundingClientRect();
      const { pan, zoom } = seam.view();
      return { panX: pan[0], panY: pan[1], zoom, width: r.width, height: r.height };
    }, centre);
    const seen: { x: number; y: number }[] = [];
    // Two times inside the loop-continuous system's first loop (start [0, 0.4] | loop [0.4, 2.4] |
    // end: the timeline of a 2 s loop of 0.4 s lives), where the timeline time is the bone time.
    for (const t of [1.0, 2.2]) {
      await freezeAt(page, t);
      const { pixels, png } = await canvasPixels(page);
      if (process.env.SP_DEBUG_SHOTS) writeFileSync(join(tmp, `follow-${t}.png`), png);
      const lit = litCentroid(pixels);
      assert.ok(lit.n > 50, `particles drawn at ${t} s: ${lit.n} lit pixels`);
      const [bx, by] = trackPositionAt(await loadWasm(), track, t);
      const want = { x: view.width / 2 + (bx + OFFSET.x - view.panX) * view.zoom, y: view.height / 2 + (by + OFFSET.y - view.panY) * view.zoom };
      const scaleX = pixels.width / view.width;
      const got = { x: lit.x / scaleX, y: lit.y / scaleX };
      assert.ok(Math.hypot(got.x - want.x, got.y - want.y) < 6, `at ${t} s the particles are at (${got.x.toFixed(1)}, ${got.y.toFixed(1)}), the bone + offset at (${want.x.toFixed(1)}, ${want.y.toFixed(1)})`);
      seen.push(got);
    }
    assert.ok(Math.hypot(seen[0].x - seen[1].x, seen[0].y - seen[1].y) > 20, 'the bone moved between the two times, and the particles with it');
  });

  it('导出Spine Json: identical to the CLI with the same tracks, posed by spine-core within tolerance', async () => {
    const { json, frames } = await exportBothWays(page, '');
    const data = parseSkeleton(json);
    const { errors: mismatches, checked } = checkFidelity(data, frames);
    assert.deepEqual(mismatches, []);
    assert.ok(checked > 100, `${checked} bone frames checked`);
    // The skeleton itself is never exported (spec §2.3): no bone, slot or name of the vine.
    assert.equal(data.findBone('vine13'), null);
    assert.ok(!json.includes('vine'), 'no reference to the followed skeleton');
    // The system bone carries the tip's motion (Local space): more than two translate keys.
    const translate = (JSON.parse(json) as { animations: Record<string, { bones?: Record<string, { translate?: unknown[] }> }> }).animations;
    const keys = Object.values(translate).map((a) => a.bones?.tip?.translate?.length ?? 0);
    assert.ok(Math.max(...keys) > 2, `system bone translate keys per animation: ${keys.join(', ')}`);
    assert.deepEqual(errors, []);
  });

  it('turning and scaling the skeleton in its panel turns the followed bone; the export follows it', async () => {
    const [before] = await tracksOf(page);
    if ((await page.$('#skeleton-panel [data-control="rotation"]')) === null) {
      await page.click('#skeleton-list li.skeleton .name');
      await page.waitForSelector('#skeleton-panel [data-control="rotation"]', { state: 'attached', timeout: 15_000 });
    }
    for (const [control, value] of [['rotation', '90'], ['placement-scale', '2']]) {
      await page.evaluate(
        ([c, v]) => {
          const input = document.querySelector(`#skeleton-panel [data-control="${c}"]`) as HTMLInputElement;
          input.value = v;
          input.dispatchEvent(new Event('change'));
        },
        [control, value],
      );
    }
    const t = ((await documentOf(page)) as unknown as { skeletons: { transform: { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number } }[] }).skeletons[0].transform;
    assert.deepEqual([t.rotationDeg, t.scaleX, t.scaleY], [90, 2, 2]);
    const [after] = await tracksOf(page);
    assert.equal(after.points.length, before.points.length);
    // Each point, relative to the skeleton's position, doubled and turned 90° clockwise: (x, y) → (−y, x).
    let worst = 0;
    before.points.forEach(([x, y], i) => {
      const want = [t.x - 2 * (y - t.y), t.y + 2 * (x - t.x)];
      worst = Math.max(worst, Math.hypot(after.points[i][0] - want[0], after.points[i][1] - want[1]));
    });
    assert.ok(worst < 0.01, `the track is the turned and doubled one (worst ${worst} px)`);

    const { json, frames } = await exportBothWays(page, 'turned-');
    // spine-core poses the system bone on the turned tip plus the unturned offset.
    const { checked, most: [far] } = await tipAgainstTracks(json, frames, [after]);
    assert.ok(checked > 30, `${checked} frames of the system bone checked`);
    assert.ok(far < 0.1, `the system bone is on the turned tip plus the offset (worst ${far} px)`);
    assert.deepEqual(errors, []);
  });
  it('the Instance menu moves the follower to another placed instance: preview, download = CLI, spine-core; removing it and undo', async () => {
    type Doc = { skeletons: { transform: { x: number; y: number }; extraInstances: [number, number][] }[]; systems: { follow?: { instance?: number } }[] };
    const [first] = await tracksOf(page);
    assert.equal(first.instance, undefined, 'the first instance\'s track is written as before');
    // A second instance 400 px right of and 150 px above the first (one undo step).
    const { x, y } = ((await documentOf(page)) as unknown as Doc).skeletons[0].transform;
    const [dx, dy] = [400, -150];
    await edit(page, 'second instance', `d.skeletons[0].extraInstances.push([${x + dx}, ${y + dy}]);`);
    const instanceSelect = '#properties [data-key="systems[0].follow.instance"]';
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.options.length === 2, instanceSelect, { timeout: 15_000 });
    const labels = await page.$$eval(`${instanceSelect} option`, (els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent]));
    const r = (v: number): string => String(Math.round(v * 10) / 10);
    // "n (x, y)" (the page's language decides the brackets).
    assert.deepEqual(labels.map(([v, text]) => [v, text?.replace(/[（）]/g, (c) => (c === '（' ? ' (' : ')'))]), [['0', `1 (${r(x)}, ${r(y)})`], ['1', `2 (${r(x + dx)}, ${r(y + dy)})`]]);
    await page.selectOption(instanceSelect, '1');
    assert.equal(((await documentOf(page)) as unknown as Doc).systems[0].follow?.instance, 1);
    const [second] = await tracksOf(page);
    assert.equal(second.instance, 1);
    // The same bone of an instance that shares the skeleton's rotation and scale: the track moved by the instance's offset.
    second.points.forEach(([px, py], i) => assert.ok(Math.hypot(px - first.points[i][0] - dx, py - first.points[i][1] - dy) < 0.01, `point ${i}`));
    assert.equal(await page.$('#properties [data-follow-missing]'), null);

    // The preview: the particles sit on the second instance's tip plus the offset.
    const t = 1.0;
    const [bx, by] = trackPositionAt(await loadWasm(), second, t);
    const want = [bx + OFFSET.x, by + OFFSET.y];
    const view = await page.evaluate((at) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      seam.setView(at, 0.5);
      const r = (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect();
      return { zoom: seam.view().zoom, width: r.width, height: r.height };
    }, want as [number, number]);
    await freezeAt(page, t);
    const { pixels, png } = await canvasPixels(page);
    if (process.env.SP_DEBUG_SHOTS) writeFileSync(join(tmp, 'follow-instance.png'), png);
    const lit = litCentroid(pixels);
    assert.ok(lit.n > 50, `particles drawn: ${lit.n} lit pixels`);
    const scale = pixels.width / view.width;
    const got = { x: lit.x / scale - view.width / 2, y: lit.y / scale - view.height / 2 };
    assert.ok(Math.hypot(got.x, got.y) < 6, `the particles are ${got.x.toFixed(1)}, ${got.y.toFixed(1)} px from the second instance's tip + offset`);
    assert.ok(Math.hypot(dx, dy) * view.zoom > 100, 'the first instance\'s tip is far off');

    // 导出Spine Json = the CLI with the same tracks; spine-core poses the system bone on the second instance's tip.
    const { json, frames } = await exportBothWays(page, 'instance-');
    const { checked, most: [near], least: [, far] } = await tipAgainstTracks(json, frames, [second, first]);
    assert.ok(checked > 30 && near < 0.1 && far > 50, `${checked} frames: ${near} px from the second instance's tip, ${far} px from the first's`);

    // Removing the instance (the skeleton panel's button removes the instance chosen in its
    // Instance menu: instance 2, the last): the system keeps its choice and falls back, said in both panels.
    await panelChange(page, 'instance', '1');
    await page.evaluate(() => (document.querySelector('#skeleton-panel [data-action="remove-instance"]') as HTMLButtonElement).click());
    assert.deepEqual(((await documentOf(page)) as unknown as Doc).skeletons[0].extraInstances, []);
    await page.waitForSelector('#properties [data-follow-missing="instance"]', { state: 'attached', timeout: 15_000 });
    const marked = await page.$eval(instanceSelect, (e) => [(e as HTMLSelectElement).value, (e as HTMLSelectElement).selectedOptions[0]?.textContent ?? '']);
    assert.ok(marked[0] === '1' && marked[1].startsWith('2') && !marked[1].includes(r(x + dx)), `the removed instance stays chosen, marked: ${marked[1]}`);
    assert.ok((await page.$eval('#skeleton-panel [data-role="follow-stranded"]', (e) => e.textContent ?? '')).includes('tip'));
    assert.deepEqual(await tracksOf(page), [], 'no track: the system uses its own transform');
    // Undo puts the instance back and the follower on it; undo again, the first instance.
    await page.click('#undo-button');
    await page.waitForFunction((sel) => document.querySelector(sel) === null, '#properties [data-follow-missing]', { timeout: 15_000 });
    assert.equal(await page.$('#skeleton-panel [data-role="follow-stranded"]'), null);
    assert.deepEqual((await tracksOf(page)).map((tr) => tr.points), [second.points]);
    await page.click('#undo-button');
    assert.equal(((await documentOf(page)) as unknown as Doc).systems[0].follow?.instance, undefined);
    assert.equal(await page.$eval(instanceSelect, (e) => (e as HTMLSelectElement).value), '0');
    assert.deepEqual(await tracksOf(page), [first]);
    assert.deepEqual(errors, []);
  });
  it('the skeleton panel places instance 2 on its own: its pixels, the followed bone and the export turn with it; share and undo', async () => {
    type Place = { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number };
    type Doc = { skeletons: { transform: Place; extraInstances: number[][]; visible: boolean }[]; systems: { follow?: { instance?: number } }[] };
    const doc = async (): Promise<Doc> => (await documentOf(page)) as unknown as Doc;
    if ((await page.$('#skeleton-panel [data-control="instance"]')) === null) {
      await page.click('#skeleton-list li.skeleton .name');
      await page.waitForSelector('#skeleton-panel [data-control="instance"]', { state: 'attached', timeout: 15_000 });
    }
    // Instance 1 upright at half size (its panel fields edit the transform), drawn again.
    await panelChange(page, 'instance', '0');
    await panelChange(page, 'rotation', '0');
    await panelChange(page, 'placement-scale', '0.5');
    if (!(await doc()).skeletons[0].visible) await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    const { x, y } = (await doc()).skeletons[0].transform;
    assert.deepEqual((await doc()).skeletons[0].transform, { x, y, rotationDeg: 0, scaleX: 0.5, scaleY: 0.5 });
    // Instance 2, chosen in the menu, moved 600 px right of instance 1: still a pair, sharing its rotation and scale (the note says so).
    const menu = await page.$$eval('#skeleton-panel [data-control="instance"] option', (els) => els.map((e) => (e as HTMLOptionElement).value));
    assert.deepEqual(menu, ['0', '1']);
    await panelChange(page, 'instance', '1');
    await panelChange(page, 'x', String(x + 600));
    await panelChange(page, 'y', String(y));
    assert.deepEqual((await doc()).skeletons[0].extraInstances, [[x + 600, y]]);
    const noteShown = async (): Promise<boolean> => page.$eval('#skeleton-panel [data-role="instance-shared"]', (e) => !(e as HTMLElement).hidden && (e.textContent ?? '').includes('2'));
    const shareShown = async (): Promise<boolean> => page.$eval('#skeleton-panel [data-action="share-turn"]', (e) => !(e as HTMLElement).hidden);
    assert.ok((await noteShown()) && !(await shareShown()), 'a shared instance: the note, no share button');
    const sharersNote = async (): Promise<string | null> => page.$eval('#skeleton-panel [data-role="instance-sharers"]', (e) => ((e as HTMLElement).hidden ? null : e.textContent));
    await panelChange(page, 'instance', '0');
    assert.match((await sharersNote()) ?? '', /[:：] ?2[.。]$/u, 'instance 1 chosen: the note names instance 2, which shares its rotation and scale');
    await panelChange(page, 'instance', '1');
    assert.equal(await sharersNote(), null, 'instance 2 chosen: no note about sharers');
    // The follower on instance 2's tip.
    await page.selectOption('#properties [data-key="systems[0].follow.instance"]', '1');
    assert.equal((await doc()).systems[0].follow?.instance, 1);
    const [shared] = await tracksOf(page);
    assert.equal(shared.instance, 1);

    // The view: instance 1 left of scene x + 300, instance 2 (upright or turned right) right of it.
    // Scene x − 200 … x + 1300 across the canvas.
    const view = await page.evaluate((at) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      const r = (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect();
      seam.setView(at, r.width / 1500);
      const { pan, zoom } = seam.view();
      return { panX: pan[0], zoom, width: r.width };
    }, [x + 550, y - 150] as [number, number]);
    const shot = async (): Promise<Pixels> => {
      await freezeAt(page, 1.0);
      return (await canvasPixels(page)).pixels;
    };
    const before = await shot();
    const ratio = before.width / view.width;
    const column = (sceneX: number): number => (view.width / 2 + (sceneX - view.panX) * view.zoom) * ratio;
    const [left, split] = [column(x - 150), column(x + 300)];
    assert.ok(left > 0 && column(x + 1250) < before.width, `both instances in view (${left.toFixed(0)} … ${column(x + 1250).toFixed(0)} of ${before.width})`);
    const around = (a: Pixels, b: Pixels): { first: number; second: number } => ({ first: columnsDiff(a, b, 0, split), second: columnsDiff(a, b, split, a.width) });
    assert.ok(columnsDiff(before, await shot(), 0, before.width) < 0.05, 'the same frame twice gives the same pixels');

    // Instance 2 turned 90° and scaled 0.75 in the panel: its own five numbers; instance 1 unchanged.
    await panelChange(page, 'rotation', '90');
    await panelChange(page, 'placement-scale', '0.75');
    let k = (await doc()).skeletons[0];
    assert.deepEqual(k.extraInstances, [[x + 600, y, 90, 0.75, 0.75]]);
    assert.deepEqual(k.transform, { x, y, rotationDeg: 0, scaleX: 0.5, scaleY: 0.5 });
    assert.ok(!(await noteShown()) && (await shareShown()), 'an own placement: no note, the share button');
    await panelChange(page, 'instance', '0');
    assert.equal(await sharersNote(), null, 'instance 1 chosen: no instance shares its rotation and scale now');
    await panelChange(page, 'instance', '1');
    const turnedShot = await shot();
    if (process.env.SP_DEBUG_SHOTS) writeFileSync(join(tmp, 'instance-turned.png'), (await canvasPixels(page)).png);
    const changed = around(before, turnedShot);
    assert.ok(changed.first < 0.05 && changed.second > 0.5, `pixels changed around instance 2 only: ${JSON.stringify(changed)}`);

    // The follower's track is instance 2's tip turned 90° clockwise and scaled 0.75 / 0.5 about (x + 600, y): (dx, dy) → (−1.5·dy, 1.5·dx).
    const [turned] = await tracksOf(page);
    assert.equal(turned.instance, 1);
    let worst = 0;
    shared.points.forEach(([px, py], i) => {
      const want = [x + 600 - 1.5 * (py - y), y + 1.5 * (px - x - 600)];
      worst = Math.max(worst, Math.hypot(turned.points[i][0] - want[0], turned.points[i][1] - want[1]));
    });
    assert.ok(worst < 0.01, `the track is instance 2's turned and scaled tip (worst ${worst} px)`);
    // 导出Spine Json = the CLI with the same tracks; spine-core poses the system bone on the turned tip, not the shared one.
    const { json, frames } = await exportBothWays(page, 'own-instance-');
    const { checked, most: [near], least: [, far] } = await tipAgainstTracks(json, frames, [turned, shared]);
    assert.ok(checked > 30 && near < 0.1 && far > 20, `${checked} frames: ${near} px from the turned tip, at least ${far} px from the shared one`);

    // The share button gives instance 2 back instance 1's rotation and scale (one undo step).
    await page.evaluate(() => (document.querySelector('#skeleton-panel [data-action="share-turn"]') as HTMLButtonElement).click());
    assert.deepEqual((await doc()).skeletons[0].extraInstances, [[x + 600, y]]);
    assert.deepEqual((await tracksOf(page)).map((tr) => tr.points), [shared.points]);
    await page.click('#undo-button');
    assert.deepEqual((await doc()).skeletons[0].extraInstances, [[x + 600, y, 90, 0.75, 0.75]]);
    // Undo the scale, then the rotation: the pair again, and the pixels of before.
    await page.click('#undo-button');
    assert.deepEqual((await doc()).skeletons[0].extraInstances, [[x + 600, y, 90, 0.5, 0.5]]);
    await page.click('#undo-button');
    k = (await doc()).skeletons[0];
    assert.deepEqual(k.extraInstances, [[x + 600, y]]);
    assert.ok(await noteShown(), 'the note is back');
    const undone = around(before, await shot());
    assert.ok(undone.first < 0.05 && undone.second < 0.05, `undo restores the pixels: ${JSON.stringify(undone)}`);
    assert.deepEqual((await tracksOf(page)).map((tr) => tr.points), [shared.points]);
    assert.deepEqual(errors, []);
  });

  it('removing instance 2 of 3 keeps the follower of instance 3 on the same skeleton (renumbered, one undo step)', async () => {
    type Doc = { skeletons: { transform: { x: number; y: number }; extraInstances: number[][]; visible: boolean }[]; systems: { name: string; follow?: { instance?: number } }[] };
    const doc = async (): Promise<Doc> => (await documentOf(page)) as unknown as Doc;
    if ((await page.$('#skeleton-panel [data-action="remove-instance"]')) === null) {
      await page.click('#skeleton-list li.skeleton .name');
      await page.waitForSelector('#skeleton-panel [data-action="remove-instance"]', { state: 'attached', timeout: 15_000 });
    }
    // A third instance 700 px below instance 2, and the follower on it (the Follow section's menu).
    const { x, y } = (await doc()).skeletons[0].transform;
    const [second] = (await doc()).skeletons[0].extraInstances;
    const third = [x + 600, y + 700];
    await edit(page, 'third instance', `d.skeletons[0].extraInstances.push([${third[0]}, ${third[1]}]);`);
    const instanceSelect = '#properties [data-key="systems[0].follow.instance"]';
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.options.length === 3, instanceSelect, { timeout: 15_000 });
    await page.selectOption(instanceSelect, '2');
    assert.equal((await doc()).systems[0].follow?.instance, 2);
    const [onThird] = await tracksOf(page);
    assert.equal(onThird.instance, 2);
    // The particles alone (the skeleton hidden, still followed), framed on instance 3's tip.
    if ((await doc()).skeletons[0].visible) await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    const t = 1.0;
    const [bx, by] = trackPositionAt(await loadWasm(), onThird, t);
    await page.evaluate((at) => (window as unknown as SeamWindow).spineParticleTest.setView(at, 0.5), [bx + OFFSET.x, by + OFFSET.y] as [number, number]);
    const shot = async (): Promise<Pixels> => {
      await freezeAt(page, t);
      return (await canvasPixels(page)).pixels;
    };
    const before = await shot();
    const lit = litCentroid(before);
    assert.ok(lit.n > 50 && Math.hypot(lit.x - before.width / 2, lit.y - before.height / 2) < 12, `the particles on instance 3's tip: ${lit.n} lit pixels at (${lit.x.toFixed(0)}, ${lit.y.toFixed(0)})`);

    // The Instance menu chooses instance 2; its button says so and removes it.
    await panelChange(page, 'instance', '1');
    const button = '#skeleton-panel [data-action="remove-instance"]';
    assert.match(await page.$eval(button, (e) => e.textContent ?? ''), / 2$/u);
    await page.evaluate((sel) => (document.querySelector(sel) as HTMLButtonElement).click(), button);
    let k = (await doc()).skeletons[0];
    assert.deepEqual(k.extraInstances, [third], 'instance 2 removed, instance 3 is instance 2 now');
    assert.equal((await doc()).systems[0].follow?.instance, 1, 'the follower follows the same skeleton under its new number');
    const [renumbered] = await tracksOf(page);
    assert.equal(renumbered.instance, 1);
    assert.deepEqual(renumbered.points, onThird.points, 'the followed track is where it was');
    assert.ok(columnsDiff(before, await shot(), 0, before.width) < 0.05, 'the particles are drawn where they were');
    // The panel: two instances, the Instance menu on the one now numbered 2 (the old instance 3).
    assert.equal(await page.$eval('#skeleton-panel [data-field="instances"]', (e) => e.textContent), '2');
    assert.deepEqual(await page.$$eval('#skeleton-panel [data-control="instance"] option', (els) => els.map((e) => (e as HTMLOptionElement).value)), ['0', '1']);
    assert.equal(await page.$eval('#skeleton-panel [data-control="instance"]', (e) => (e as HTMLSelectElement).value), '1');
    assert.equal(await page.$eval(instanceSelect, (e) => (e as HTMLSelectElement).value), '1');
    assert.equal(await page.$('#properties [data-follow-missing]'), null, 'nothing is marked missing');
    assert.equal(await page.$('#skeleton-panel [data-role="follow-stranded"]'), null);
    // The message area names the renumbered follower.
    const notes = await page.$$eval('#messages .message .text', (els) => els.map((e) => e.textContent ?? ''));
    assert.ok(notes.some((n) => /tip ?[（(]\S+ 3 → 2[）)]/u.test(n)), `the renumbering is said: ${JSON.stringify(notes)}`);

    // One undo gives back the three instances and the index.
    await page.click('#undo-button');
    k = (await doc()).skeletons[0];
    assert.deepEqual(k.extraInstances, [second, third]);
    assert.equal((await doc()).systems[0].follow?.instance, 2);
    assert.deepEqual((await tracksOf(page)).map((tr) => [tr.instance, tr.points]), [[2, onThird.points]]);
    assert.equal(await page.$eval('#skeleton-panel [data-field="instances"]', (e) => e.textContent), '3');
    assert.ok(columnsDiff(before, await shot(), 0, before.width) < 0.05, 'undo: the same pixels');

    // Removing instance 1: instance 2 takes its place (a pair: instance 1's rotation and scale), nothing moves.
    const first = (await doc()).skeletons[0].transform;
    await panelChange(page, 'instance', '0');
    await page.evaluate((sel) => (document.querySelector(sel) as HTMLButtonElement).click(), button);
    k = (await doc()).skeletons[0];
    assert.deepEqual([k.transform, k.extraInstances], [{ ...first, x: second[0], y: second[1] }, [third]]);
    assert.equal((await doc()).systems[0].follow?.instance, 1);
    assert.deepEqual((await tracksOf(page)).map((tr) => tr.points), [onThird.points]);
    await page.click('#undo-button');
    assert.deepEqual((await doc()).skeletons[0].extraInstances, [second, third]);
    assert.equal((await doc()).systems[0].follow?.instance, 2);
    assert.deepEqual(errors, []);
  });
});
