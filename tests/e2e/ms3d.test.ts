// End-to-end: MilkShape 3D models in the page, on WebGPU and on WebGL2. A synthetic animated
// model is written by the CLI (`spineparticle ms3d synth`), dropped (synthesised DataTransfer),
// listed with the counts `ms3d info --json` gives, drawn, and animating (canvas pixels change
// while the particle scene is frozen); a marker placed in the panel fires events in the log;
// after a lost GPU (a lost WebGL2 context, a destroyed WebGPU device) the model is rebuilt and
// drawn again; a truncated file shows the same section and byte offset as the CLI's error; a
// model with bytes after its last section loads, its warning (a code with the section and byte)
// worded in the UI language and reworded when it switches.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { runCli, runCliFailing } from '../support/cli';
import { canvasPixels, dropFiles, freezeAt, keepGpuDevices, loseGpu, meanAbsDiff, openEditor, plainView, useSite, type Pixels, type Tier } from './support';

const dir = mkdtempSync(join(tmpdir(), 'sp-ms3d-e2e-'));
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

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
  describe(`ms3d models on ${tier}`, () => {
    const site = useSite(tier);
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let empty: Pixels;

    before(async () => {
      context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await keepGpuDevices(context);
      ({ page, errors } = await openEditor(context, site.url, `?renderer=${tier}`));
      await plainView(page);
    });
    after(async () => {
      await context?.close();
    });

    it('a dropped model is listed with its counts, drawn and animating', async () => {
      await freezeAt(page, 0.5);
      empty = (await canvasPixels(page)).pixels;
      await dropFiles(page, [{ name: 'synth.ms3d', bytes: Uint8Array.from(model) }]);
      await page.waitForSelector('.model-card .model-counts', { timeout: 30_000 });
      const counts = await page.$eval('.model-card .model-counts', (el) => ({ ...(el as HTMLElement).dataset }));
      assert.deepEqual(counts, {
        vertices: String(info.vertices),
        triangles: String(info.triangles),
        groups: String(info.groups.length),
        materials: String(info.materials.length),
        joints: String(info.joints.length),
      });
      assert.equal(await page.textContent('.model-card .model-name'), 'synth.ms3d');
      const clips = await page.$$eval('.model-card .model-clip option', (os) => os.map((o) => o.textContent ?? ''));
      assert.equal(clips.length, 2, `two clips (wave, bend): ${clips.join(' | ')}`);
      assert.match(clips[0], /^wave\b/);
      assert.equal(await page.$eval('.model-card .model-memory', (e) => (e as HTMLElement).dataset.encoding), 'unorm16x4');
      assert.match(await page.textContent('.model-card .model-memory') ?? '', /^unorm16x4(: .* per frame, .* total|：每帧 .*，共 .*)$/);

      await freezeAt(page, 0.5);
      const first = (await canvasPixels(page)).pixels;
      assert.ok(meanAbsDiff(empty, first) > 0.05, `the model is drawn (diff ${meanAbsDiff(empty, first)})`);
      await page.waitForTimeout(300);
      await settle(page);
      const second = (await canvasPixels(page)).pixels;
      assert.ok(meanAbsDiff(first, second) > 0.01, `the model animates with the particles frozen (diff ${meanAbsDiff(first, second)})`);

      // Paused: the pixels hold still.
      await page.click('.model-card .model-play');
      await settle(page);
      const paused = (await canvasPixels(page)).pixels;
      await page.waitForTimeout(300);
      await settle(page);
      assert.equal(meanAbsDiff(paused, (await canvasPixels(page)).pixels), 0, 'a paused model does not move');
      await page.click('.model-card .model-play');
    });

    it('a marker placed on a frame fires events in the log', async () => {
      await page.fill('.model-card .model-marker-name', 'hit');
      await page.fill('.model-card .model-marker-frame', '12');
      await page.click('.model-card .model-marker-add');
      assert.equal((await page.textContent('.model-card .model-marker'))?.startsWith('hit @ 12'), true);
      await page.waitForFunction(() => [...document.querySelectorAll('.model-card .model-log li')].some((li) => li.textContent?.endsWith('wave: hit')), undefined, { timeout: 10_000 });
      // Out-of-range frame: refused with the clip's range.
      await page.fill('.model-card .model-marker-name', 'late');
      await page.fill('.model-card .model-marker-frame', '999');
      await page.click('.model-card .model-marker-add');
      await page.waitForSelector('.model-card .model-error');
      assert.match(await page.textContent('.model-card .model-error') ?? '', /outside clip "wave"/);
    });

    it('after a lost GPU (WebGL context or WebGPU device) the model is rebuilt from the CPU copy and keeps playing', async () => {
      await loseGpu(page, tier);
      await freezeAt(page, 0.5);
      const first = (await canvasPixels(page)).pixels;
      assert.ok(meanAbsDiff(empty, first) > 0.05, `the model is drawn again (diff ${meanAbsDiff(empty, first)})`);
      await page.waitForTimeout(300);
      await settle(page);
      const second = (await canvasPixels(page)).pixels;
      assert.ok(meanAbsDiff(first, second) > 0.01, `and animates (diff ${meanAbsDiff(first, second)})`);
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
      await dropFiles(page, [{ name: 'truncated.ms3d', bytes: Uint8Array.from(truncated) }]);
      await page.waitForFunction(() => [...document.querySelectorAll('.model-error')].some((e) => e.textContent?.startsWith('truncated.ms3d')));
      const text = await page.$$eval('.model-error', (els) => els.map((e) => e.textContent ?? '').find((t) => t.startsWith('truncated.ms3d')) ?? '');
      assert.ok(text.includes(cliError), `"${text}" names "${cliError}"`);
      assert.deepEqual(errors, [], 'no console errors');
    });
  });
}
