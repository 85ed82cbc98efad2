// End-to-end: MilkShape 3D models as scene objects, on WebGPU and on WebGL2. A synthetic
// animated model is written by the CLI (`spineparticle ms3d synth`), dropped (synthesised
// DataTransfer): it becomes a document entry listed in the scene list with the counts
// `ms3d info --json` gives, drawn and posed by the scene timeline (two times differ, the same
// time gives the same pixels, the wall clock moves nothing); the eye hides it; undo takes the
// drop back and redo returns it; a marker placed in the panel (a document field) fires events in
// the log while the timeline plays; the panel's flip mirrors it; after a lost GPU, a reload (autosave + IndexedDB) and a wasm
// crash the model is drawn again in the same pose; a shared document without the file names the
// file to drop; a truncated file shows the same section and byte offset as the CLI's error; a model with bytes after its last section loads, its
// warning (a code with the section and byte) worded in the UI language and reworded when it switches.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { SeamWindow } from '../site/seam';
import { runCli, runCliFailing } from '../support/cli';
import { canvasPixels, centreOnFirst, documentOf, dropFiles, freezeAt, keepGpuDevices, loseGpu, meanAbsDiff, openEditor, plainView, setPlaying, useSite, waitReady, type Pixels, type Tier } from './support';
import { tempDir } from '../support/tmp';

const dir = tempDir('sp-ms3d-e2e-', after);
const modelPath = join(dir, 'synth.ms3d');
const truncatedPath = join(dir, 'truncated.ms3d');
let model: number[];
let truncated: number[];
let info: { vertices: number; triangles: number; groups: unknown[]; materials: unknown[]; joints: unknown[] };
let cliError: string;
let trailing: number[];
let trailingAt: number;

before(async () => {
  runCli(['ms3d', 'synth', modelPath]);
  const bytes = readFileSync(modelPath);
  model = [...bytes];
  info = JSON.parse(runCli(['ms3d', 'info', modelPath, '--json']));
  truncated = model.slice(0, 1000);
  writeFileSync(truncatedPath, Buffer.from(truncated));
  const failed = runCliFailing(['ms3d', 'info', truncatedPath]);
  const m = /([a-z ]+ section, byte \d+)/.exec(failed.stderr);
  assert.ok(m !== null, `the CLI names section and byte: ${failed.stderr}`);
  cliError = m[1];
  trailing = [...model, 1, 2, 3];
  const trailingPath = join(dir, 'trailing.ms3d');
  writeFileSync(trailingPath, Buffer.from(trailing));
  const details = (JSON.parse(runCli(['ms3d', 'info', trailingPath, '--json'])) as { warningDetails: { code: string; params: { offset: number } }[] }).warningDetails;
  assert.equal(details.length, 1, JSON.stringify(details));
  trailingAt = details[0].params.offset;
});

async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The panels over the canvas hidden (for a screenshot) or shown (to use them). */
async function panels(page: Page, shown: boolean): Promise<void> {
  await page.evaluate((shown) => {
    let style = document.getElementById('e2e-hide-panels');
    if (style === null) {
      style = document.createElement('style');
      style.id = 'e2e-hide-panels';
      document.head.appendChild(style);
    }
    style.textContent = shown ? '' : '#object-panels { visibility: hidden !important; }';
  }, shown);
}

/** The canvas at scene time `t`, paused, panels hidden. */
async function at(page: Page, t: number): Promise<Pixels> {
  await panels(page, false);
  await freezeAt(page, t);
  const { pixels } = await canvasPixels(page);
  await panels(page, true);
  return pixels;
}

/** Plain background, no particle systems (the models are the only thing drawn). */
async function quiet(page: Page): Promise<void> {
  await plainView(page);
  await freezeAt(page, 0);
  await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.edit('no systems (test)', (d) => void (d.systems = [])));
  await frames(page);
}

const listed = (page: Page): Promise<string[]> => page.$$eval('#model-list li.model .name', (els) => els.map((e) => e.textContent ?? ''));
const models = async (page: Page): Promise<Record<string, unknown>[]> => (await documentOf(page)).models as Record<string, unknown>[];

for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
  describe(`ms3d models on ${tier}`, () => {
    const site = useSite(tier);
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let empty: Pixels;
    let at03: Pixels;
    let at07: Pixels;

    before(async () => {
      context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await keepGpuDevices(context);
      ({ page, errors } = await openEditor(context, site.url, `?renderer=${tier}`));
      await quiet(page);
    });
    after(async () => {
      await context?.close();
    });

    it('a dropped model is a scene object: listed, in the document, posed by the scene timeline', async () => {
      await dropFiles(page, [{ name: 'synth.ms3d', bytes: Uint8Array.from(model) }]);
      await page.waitForSelector('.model-card .model-counts', { timeout: 30_000 });
      assert.deepEqual(await listed(page), ['synth']);
      const [entry] = await models(page);
      assert.equal(entry.path, 'synth.ms3d');
      assert.match(String(entry.key), /^fnv1a64-[0-9a-f]{16}$/);
      assert.deepEqual([entry.clip, entry.speed, entry.loop, entry.visible], ['', 1, true, true]);
      const counts = await page.$eval('.model-card .model-counts', (el) => ({ ...(el as HTMLElement).dataset }));
      assert.deepEqual(counts, {
        vertices: String(info.vertices),
        triangles: String(info.triangles),
        groups: String(info.groups.length),
        materials: String(info.materials.length),
        joints: String(info.joints.length),
      });
      assert.equal(await page.textContent('.model-card .model-name'), 'synth');
      const clips = await page.$$eval('.model-card .model-clip option', (os) => os.map((o) => o.textContent ?? ''));
      assert.equal(clips.length, 2, `two clips (wave, bend): ${clips.join(' | ')}`);
      assert.match(clips[0], /^wave\b/);
      assert.equal(await page.$eval('.model-card .model-memory', (e) => (e as HTMLElement).dataset.encoding), 'unorm16x4');
      assert.equal(await page.$('.model-card .model-play'), null, 'no play button of its own: the timeline plays it');
      // The placement fields read as rows: each label on one line, beside its input (they
      // flowed inline and wrapped mid-label, "位置 y" split over two lines, in the 264 px column).
      const rows = await page.$$eval('.model-card .model-placement label', (labels) => labels.flatMap((label) => {
        const input = label.querySelector('input[type=number], select');
        const text = Array.from(label.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        if (input === null || text === undefined) return [];
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = range.getClientRects();
        const box = input.getBoundingClientRect();
        const mid = (lines[0].top + lines[0].bottom) / 2;
        return [{ label: (text.textContent ?? '').trim(), lines: lines.length, besideInput: mid > box.top && mid < box.bottom }];
      }));
      assert.equal(rows.length, 5, JSON.stringify(rows));
      for (const r of rows) assert.deepEqual([r.lines, r.besideInput], [1, true], `placement field "${r.label}": ${JSON.stringify(r)}`);
      await centreOnFirst(page, 'models');
      empty = await at(page, 0.3);
      await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.edit('hide (test)', (d) => void (d.models[0].visible = false)));
      empty = await at(page, 0.3);
      await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.edit('show (test)', (d) => void (d.models[0].visible = true)));

      at03 = await at(page, 0.3);
      at07 = await at(page, 0.7);
      const back = await at(page, 0.3);
      assert.ok(meanAbsDiff(empty, at03) > 0.05, `the model is drawn (diff ${meanAbsDiff(empty, at03)})`);
      assert.ok(meanAbsDiff(at03, at07) > 0.01, `another scene time, another pose (diff ${meanAbsDiff(at03, at07)})`);
      assert.equal(meanAbsDiff(at03, back), 0, 'scrubbing back to 0.3 s gives the 0.3 s pixels');
      await page.waitForTimeout(300);
      await panels(page, false);
      await frames(page);
      assert.equal(meanAbsDiff(at03, (await canvasPixels(page)).pixels), 0, 'paused, the wall clock moves nothing');
      await panels(page, true);
    });

    it('the eye hides it; undo takes the drop back, redo returns it', async () => {
      await page.click('#model-list [data-action="toggle-model"]');
      assert.equal((await models(page))[0].visible, false);
      assert.equal(meanAbsDiff(empty, await at(page, 0.3)), 0, 'a hidden model draws nothing');
      await page.click('#model-list [data-action="toggle-model"]');
      assert.equal(meanAbsDiff(at03, await at(page, 0.3)), 0, 'shown again');
      for (let i = 0; i < 5; i++) await page.click('#undo-button'); // eye, eye, the test's show and hide, drop
      assert.deepEqual(await models(page), []);
      assert.equal(await page.$('#model-list'), null);
      assert.equal(meanAbsDiff(empty, await at(page, 0.3)), 0, 'the drop undone draws nothing');
      for (let i = 0; i < 5; i++) await page.click('#redo-button');
      assert.deepEqual(await listed(page), ['synth']);
      assert.equal(meanAbsDiff(at03, await at(page, 0.3)), 0, 'redo draws it again');
    });

    it('a marker placed in the panel is in the document and fires while the timeline plays', async () => {
      await page.click('#model-list li.model .name');
      await page.waitForSelector('.model-card .model-marker-name');
      await page.fill('.model-card .model-marker-name', 'hit');
      await page.fill('.model-card .model-marker-frame', '12');
      await page.click('.model-card .model-marker-add');
      assert.deepEqual((await models(page))[0].markers, [{ clip: 'wave', name: 'hit', frame: 12 }]);
      assert.equal((await page.textContent('.model-card .model-marker'))?.startsWith('hit @ 12'), true);
      await setPlaying(page, true);
      await page.waitForFunction(() => [...document.querySelectorAll('.model-card .model-log li')].some((li) => li.textContent === 'wave: hit'), undefined, { timeout: 15_000 });
      await setPlaying(page, false);
      // Out-of-range frame: refused with the clip's range.
      await page.fill('.model-card .model-marker-name', 'late');
      await page.fill('.model-card .model-marker-frame', '999');
      await page.click('.model-card .model-marker-add');
      await page.waitForSelector('.model-card .model-error');
      assert.match(await page.textContent('.model-card .model-error') ?? '', /outside clip "wave"|超出了动画片段“wave”/);
      assert.equal(((await models(page))[0].markers as unknown[]).length, 1);
    });

    it('the panel places it through the document: a flip mirrors it, flipping back restores it; a scale ≤ 0 is refused', async () => {
      await page.click('.model-card .model-flip');
      assert.equal(((await models(page))[0].transform as { scaleX: number }).scaleX, -1);
      const flipped = await at(page, 0.3);
      assert.ok(meanAbsDiff(at03, flipped) > 0.01, `mirrored (diff ${meanAbsDiff(at03, flipped)})`);
      await page.click('.model-card .model-flip');
      assert.equal(((await models(page))[0].transform as { scaleX: number }).scaleX, 1);
      assert.equal(meanAbsDiff(at03, await at(page, 0.3)), 0, 'flipped back: the same pixels');
      // The scale is uniform and above 0 (the flip carries the sign): 0 and −2 are refused.
      const scaleOf = async (): Promise<[number, number]> => {
        const tr = (await models(page))[0].transform as { scaleX: number; scaleY: number };
        return [tr.scaleX, tr.scaleY];
      };
      for (const refused of ['0', '-2']) {
        await page.fill('.model-card .model-scale', refused);
        await page.press('.model-card .model-scale', 'Enter');
        assert.deepEqual(await scaleOf(), [1, 1], `scale ${refused} is refused`);
        assert.equal(await page.inputValue('.model-card .model-scale'), '1', 'and the field shows the scale again');
      }
      await page.click('.model-card .model-flip');
      await page.fill('.model-card .model-scale', '2');
      await page.press('.model-card .model-scale', 'Enter');
      assert.deepEqual(await scaleOf(), [-2, 2], 'a scale keeps the flip');
      await page.fill('.model-card .model-scale', '1');
      await page.press('.model-card .model-scale', 'Enter');
      await page.click('.model-card .model-flip');
      assert.deepEqual(await scaleOf(), [1, 1]);
      assert.equal(meanAbsDiff(at03, await at(page, 0.3)), 0, 'back to the same pixels');
    });

    it('after a lost GPU (WebGL context or WebGPU device) the model is drawn again in the same pose', async () => {
      await loseGpu(page, tier);
      const again = await at(page, 0.3);
      assert.ok(meanAbsDiff(empty, again) > 0.05, `the model is drawn again (diff ${meanAbsDiff(empty, again)})`);
      assert.ok(meanAbsDiff(at03, again) < 0.01, `in the 0.3 s pose (diff ${meanAbsDiff(at03, again)})`);
    });

    it('a reload brings the model back with its file; so does a wasm crash', async () => {
      await page.waitForTimeout(800); // autosave
      await page.reload();
      await waitReady(page);
      await page.waitForFunction(() => document.querySelectorAll('#model-list li.model').length === 1, undefined, { timeout: 30_000 });
      assert.equal(await page.$('#model-list [data-role="model-problem"]'), null, 'restored without a problem');
      await plainView(page);
      await centreOnFirst(page, 'models');
      const reloaded = await at(page, 0.3);
      assert.ok(meanAbsDiff(at03, reloaded) < 0.01, `after the reload, the same model at 0.3 s (diff ${meanAbsDiff(at03, reloaded)})`);
      assert.ok(meanAbsDiff(at07, await at(page, 0.7)) < 0.01, 'and the 0.7 s pose');

      const recovered = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.crash());
      assert.equal(recovered, 1);
      const crashed = await at(page, 0.3);
      assert.ok(meanAbsDiff(at03, crashed) < 0.01, `after the wasm crash, the same model at 0.3 s (diff ${meanAbsDiff(at03, crashed)})`);
      assert.deepEqual(await listed(page), ['synth']);
    });

    it('a shared document without the file names the file to drop', async () => {
      const ok = await page.evaluate(() => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        const doc = seam.doc();
        return seam.edit('shared (test)', (d) => void d.models.push({ ...doc.models[0], name: 'crate', path: 'props/crate.ms3d', key: 'fnv1a64-00000000000000aa' }));
      });
      assert.equal(ok, true);
      const problem = await page.getAttribute('#model-list li.model[data-name="crate"] [data-role="model-problem"]', 'title');
      assert.match(problem ?? '', /props\/crate\.ms3d/);
      await page.click('#model-list li.model[data-name="crate"] .name');
      assert.match(await page.textContent('.model-card .model-problem') ?? '', /(drop|拖入) props\/crate\.ms3d/);
    });

    it('a model with bytes after its last section loads with its warning worded in zh and in en', async () => {
      await dropFiles(page, [{ name: 'trailing.ms3d', bytes: Uint8Array.from(trailing) }]);
      const item = '.model-card .model-warnings li[data-code="ms3d.warning.trailingBytes"]';
      await page.waitForSelector(item);
      const text = async (): Promise<string> => (await page.textContent(item)) ?? '';
      const lang = async (): Promise<string> => page.evaluate(() => document.documentElement.lang);
      const before = await lang();
      const first = await text();
      await page.click('#lang-button');
      await page.waitForFunction((l) => document.documentElement.lang !== l, before);
      const second = await text();
      const [en, zh] = before.startsWith('zh') ? [second, first] : [first, second];
      assert.match(en, new RegExp(`section, byte ${trailingAt}: 3 bytes after the last understood section were ignored`), en);
      assert.match(zh, new RegExp(`段第 ${trailingAt} 字节：最后一个可识别段之后的 3 字节已忽略`), zh);
      await page.click('#lang-button');
      assert.equal(await text(), first, 'switching back words it as before');
    });

    it('a truncated file shows the section and byte offset', async () => {
      const count = ((await models(page)) as unknown[]).length;
      await dropFiles(page, [{ name: 'truncated.ms3d', bytes: Uint8Array.from(truncated) }]);
      // In the page's message area, as an error (not appended to the panel area).
      await page.waitForFunction(() => [...document.querySelectorAll('#messages .message.error .text')].some((e) => e.textContent?.startsWith('truncated.ms3d')));
      const text = await page.$$eval('#messages .message.error .text', (els) => els.map((e) => e.textContent ?? '').find((t) => t.startsWith('truncated.ms3d')) ?? '');
      // The page is in Chinese here: the reader's error (the CLI's "<section> section, byte N")
      // is worded in Chinese from its code and parameters, with the same byte, no English.
      const byte = /byte (\d+)/.exec(cliError)?.[1];
      assert.ok(byte !== undefined && text.includes(`段第 ${byte} 字节`), `"${text}" names byte ${byte} of "${cliError}"`);
      assert.ok(!/section|truncated|bytes/.test(text.slice('truncated.ms3d'.length)), `no English in "${text}"`);
      assert.equal(((await models(page)) as unknown[]).length, count, 'nothing added');
      assert.deepEqual(errors, [], 'no console errors');
    });
  });
}

describe('a refused model while a model panel is open', () => {
  const site = useSite('webgl2');
  const jeep = readFileSync(join(import.meta.dirname, '../fixtures/ms3d/jeep1.ms3d'));
  const brokenPath = join(dir, 'broken.ms3d');
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 860 } });
    ({ page, errors } = await openEditor(context, site.url, '?renderer=webgl2'));
  });
  after(async () => {
    await context?.close();
  });

  it('shows the error in the message area, on screen, worded with its section and byte', async () => {
    await dropFiles(page, [{ name: 'jeep1.ms3d', bytes: jeep }]);
    await page.waitForSelector('.model-card .model-counts', { timeout: 30_000 });
    const count = ((await models(page)) as unknown[]).length;
    const broken = jeep.subarray(0, 5000);
    writeFileSync(brokenPath, broken);
    const cli = /([a-z]+(?: [a-z]+)*) section, byte (\d+)/.exec(runCliFailing(['ms3d', 'info', brokenPath]).stderr);
    assert.ok(cli !== null && cli[1] === 'vertices', `the CLI names the vertices section: ${cli?.[0]}`);
    await dropFiles(page, [{ name: 'broken.ms3d', bytes: broken }]);
    const error = page.locator('#messages .message.error', { hasText: 'broken.ms3d' });
    await error.waitFor({ timeout: 30_000 });
    const text = (await error.locator('.text').textContent()) ?? '';
    assert.ok(text.startsWith(`broken.ms3d: 顶点段第 ${cli[2]} 字节：`), text);
    assert.ok(!/section|byte|count|needs/.test(text.slice('broken.ms3d'.length)), `no English in "${text}"`);
    const box = await error.boundingBox();
    assert.ok(box !== null && box.y >= 0 && box.y + box.height <= 860, `the error is on screen: ${JSON.stringify(box)}`);
    assert.equal(await page.$('#object-panels .model-error'), null, 'nothing appended to the panel area');
    assert.equal(((await models(page)) as unknown[]).length, count, 'nothing added');
    assert.deepEqual(errors, [], 'no console errors');
  });
});
