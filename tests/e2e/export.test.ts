// End-to-end: the Spine export in the built editor (Chromium, WebGPU tier on SwiftShader).
// Clicking `导出Spine Json` downloads SpineParticle.json, which spine-core 4.2.119 reads in Node
// and which is byte-identical to the native CLI's export of the same scene; the wasm
// `exportSpine` in the page and the CLI agree byte for byte on the default scene and a preset;
// Cancel stops an export with no download; a deliberately broken export (the page served a
// wasm glue that corrupts the bake's output, tests/support/export-fault.ts) is refused with its
// location and nothing is downloaded; the budget panel follows edits; the compare view draws the
// posed export over the preview.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SkeletonJson } from '@esotericsoftware/spine-core';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { runCli } from '../support/cli';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas';
import { unzipSync } from 'fflate';
import { decodePng, documentOf, freezeAt, injectExportFault, openEditor, pixelStats, shownErrors, useSite, waitReady, type SeamWindow } from './support';
import { tempDir } from '../support/tmp';

/** Whether a note of the built-in images download is among `texts`. */
const shownInfo = (texts: string[]): boolean => texts.some((t) => t.startsWith('已下载 builtin-images.zip'));

const site = useSite('webgpu');
const tmp = tempDir('sp-e2e-export-', after);

/** The CLI's export of a scene JSON text: skeleton bytes and report. */
function cliExport(name: string, sceneJson: string): { json: string; report: { bones: number; slots: number; animations: string[] } } {
  const scene = join(tmp, `${name}.scene.json`);
  const out = join(tmp, `${name}.spine.json`);
  writeFileSync(scene, sceneJson);
  const report = JSON.parse(runCli(['export', scene, '-o', out])) as { bones: number; slots: number; animations: string[] };
  return { json: readFileSync(out, 'utf8'), report };
}

/** The page's wasm `exportSpine` (main-thread instance) on a scene JSON text. */
async function pageExport(page: Page, sceneJson: string): Promise<string> {
  return page.evaluate((s) => {
    return (window as unknown as SeamWindow).spineParticleTest.engine.exportSpine(s, '{}').json;
  }, sceneJson);
}

async function storeJson(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.sceneJson());
}

async function exportState(page: Page): Promise<string> {
  await page.waitForFunction(() => ['done', 'failed', 'cancelled'].includes(document.body.dataset.exportState ?? ''), undefined, { timeout: 120_000 });
  return page.evaluate(() => document.body.dataset.exportState ?? '');
}

async function resetExportState(page: Page): Promise<void> {
  await page.evaluate(() => delete document.body.dataset.exportState);
}

/** Switches the UI language with its button, as a user does. */
async function switchLanguage(page: Page, to: 'en' | 'zh-CN'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) !== to) await page.click('#lang-button');
}

describe('Spine export in the browser', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const downloads: Download[] = [];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    ({ page, errors } = await openEditor(context, site.url));
    page.on('download', (d) => downloads.push(d));
  });
  after(async () => {
    await context?.close();
  });

  it('downloads SpineParticle.json, read by spine-core, identical to the CLI export', async () => {
    const doc = await documentOf(page);
    assert.equal((doc.export as { fileName: string }).fileName, 'SpineParticle.json');
    const sceneJson = await storeJson(page);
    const got = page.waitForEvent('download', { timeout: 120_000 });
    await page.click('#export-button');
    const download = await got;
    assert.equal(await exportState(page), 'done');
    assert.equal(download.suggestedFilename(), 'SpineParticle.json');
    const path = await download.path();
    const json = readFileSync(path, 'utf8');

    const data = new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json);
    const cli = cliExport('default', sceneJson);
    assert.equal(json, cli.json, 'browser download and CLI export differ');
    // The next export runs on the worker (and wasm instance) the first one left loaded: same bytes.
    await resetExportState(page);
    const gotAgain = page.waitForEvent('download', { timeout: 120_000 });
    await page.click('#export-button');
    assert.equal(await exportState(page), 'done');
    assert.equal(readFileSync(await (await gotAgain).path(), 'utf8'), json, 'the second export on the kept worker differs');
    assert.equal(data.bones.length, cli.report.bones);
    assert.equal(data.slots.length, cli.report.slots);
    assert.deepEqual(data.animations.map((a) => a.name).sort(), [...cli.report.animations].sort());
    // The skeleton reflects the scene: a root, a bone per visible system, particle slots.
    assert.equal(data.bones[0].name, 'root');
    const visible = doc.systems.filter((s) => s.visible !== false);
    assert.ok(visible.length > 0);
    assert.ok(data.bones.length >= 1 + visible.length + 1, `${data.bones.length} bones for ${visible.length} systems`);
    assert.ok(data.slots.length > 0);
    const names = data.animations.map((a) => a.name);
    for (const s of visible as { name: string; mode: string; animation: string; loopAnimations: { start: string; loop: string; end: string } }[]) {
      const want = s.mode === 'loopContinuous' ? [s.loopAnimations.start, s.loopAnimations.loop, s.loopAnimations.end] : [s.animation];
      for (const n of want) assert.ok(names.includes(n), `animation ${n} of system ${s.name} missing from ${names.join(', ')}`);
      assert.ok(data.findBone(s.name) !== null, `no bone for system ${s.name}`);
    }
    assert.ok(data.animations.some((a) => a.duration > 0));

    // The summary shows bones, slots and keys of this export.
    const summary = await page.textContent('#export-summary');
    assert.match(summary ?? '', new RegExp(`(骨骼 ${data.bones.length}|${data.bones.length} bones)`));
    assert.match(summary ?? '', /(关键帧：|keys: )\w+ \d+/);
    assert.ok((summary ?? '').includes(`${(Buffer.byteLength(json) / 1024).toFixed(1)} KB`), `summary size vs ${Buffer.byteLength(json)} bytes: ${summary}`);
    assert.match(summary ?? '', /(烘焙|baked in) \d+ ms/);
    // The default scene's built-in images: the note says where to get their files.
    const note = (await page.$$eval('#messages .message .text', (els) => els.map((e) => e.textContent ?? ''))).join('\n');
    assert.ok(note.includes('用到的内置贴图（soft_dot, spark, smoke）只在编辑器中有'), note);
  });

  it('downloads the built-in images the export names, as PNG files for the Spine images folder', async () => {
    const spine = JSON.parse(cliExport('default', await storeJson(page)).json) as { skins: { attachments: Record<string, Record<string, { path?: string; width: number; height: number }>> }[] };
    const named = new Map<string, [number, number]>();
    for (const slot of Object.values(spine.skins[0].attachments)) for (const [n, a] of Object.entries(slot)) named.set(a.path ?? n, [a.width, a.height]);
    const hint = (await page.textContent('#builtin-images-hint')) ?? '';
    const got = page.waitForEvent('download', { timeout: 30_000 });
    await page.click('#builtin-images');
    const download = await got;
    assert.equal(download.suggestedFilename(), 'builtin-images.zip');
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const pngs = Object.keys(files).sort();
    assert.ok(pngs.length >= 2, pngs.join(', '));
    for (const file of pngs) {
      const name = file.replace(/\.png$/, '');
      assert.ok(hint.includes(file), `the hint names ${file}: ${hint}`);
      const png = decodePng(files[file]);
      assert.deepEqual([png.width, png.height], named.get(name), `${file}: the export's attachment ${name} at its size`);
      assert.ok(pixelStats(png, [0, 0, 0], 10).lit > 0, `${file} has visible pixels`);
    }
    assert.ok(shownInfo(await page.$$eval('#messages .message .text', (els) => els.map((e) => e.textContent ?? ''))), 'a note says where the files go');
  });

  it('wasm exportSpine in the page and the native CLI give identical bytes (default scene and a preset)', async () => {
    const scenes: [string, string][] = [
      ['default', await storeJson(page)],
      ['fire', readFileSync(resolve('presets/fire.json'), 'utf8')],
      ['oneshot_local_pool_off', readFileSync(resolve('tests/golden/scenes/oneshot_local_pool_off.json'), 'utf8')],
    ];
    for (const [name, scene] of scenes) {
      const wasm = await pageExport(page, scene);
      const cli = cliExport(name, scene);
      assert.ok(wasm.length > 100);
      assert.equal(wasm, cli.json, `${name}: wasm and CLI exports differ`);
    }
  });

  it('Cancel stops the export and downloads nothing', async () => {
    const before = downloads.length;
    await page.evaluate(() => {
      document.getElementById('export-button')?.click();
      const cancel = document.getElementById('export-cancel');
      if (cancel === null) throw new Error('no Cancel button while exporting');
      cancel.click();
    });
    assert.equal(await exportState(page), 'cancelled');
    assert.equal(await page.$('#export-progress'), null, 'the progress dialog stays open');
    await page.waitForTimeout(500);
    assert.equal(downloads.length, before);
  });

  for (const [fault, where] of [
    ['nan', /not valid JSON at animations\.[^ ]+ \(line \d+, column \d+, byte \d+\)/],
    ['inf', /non-finite number at animations\.\S+ \(\w+ key value \d+\)/],
    ['slot', /spine-core could not read the export: .*__no_such_bone__/],
  ] as const) {
    it(`a broken export (${fault}) is refused with its location and not downloaded`, async () => {
      // The fault is served in the glue every instance of the page loads, so it is in place before
      // the page opens: the page starts its export worker (and its instance) ahead of the export.
      const p = await context.newPage();
      const got: Download[] = [];
      p.on('download', (d) => got.push(d));
      await injectExportFault(p, fault);
      await p.goto(site.url);
      await waitReady(p);
      await switchLanguage(p, 'en');
      await p.click('#export-button');
      assert.equal(await exportState(p), 'failed');
      const shown = await shownErrors(p);
      assert.ok(shown.some((m) => m.startsWith('Export failed (nothing downloaded): ') && where.test(m)), `no located error among: ${shown.join(' | ')}`);
      await p.waitForTimeout(500);
      assert.equal(got.length, 0, 'a refused export was downloaded');
      await switchLanguage(p, 'zh-CN');
      await p.close();
    });
  }

  it('the budget panel follows edits and shows the pool-off bone count prominently', async () => {
    const readBudget = async (): Promise<{ headline: string; warning: string; warningShown: boolean }> => {
      await page.waitForFunction(() => document.getElementById('export-budget')?.dataset.state === 'ready', undefined, { timeout: 60_000 });
      return page.evaluate(() => {
        const warning = document.getElementById('export-budget-pool-off') as HTMLElement;
        return { headline: document.getElementById('export-budget-headline')?.textContent ?? '', warning: warning.textContent ?? '', warningShown: getComputedStyle(warning).display !== 'none' };
      });
    };
    const on = await readBudget();
    assert.match(on.headline, /(预计骨骼|Estimated) \d+/);
    assert.equal(on.warningShown, false);
    await page.locator('input[data-key="export.bonePool"]').uncheck();
    assert.equal(((await documentOf(page)).export as { bonePool: boolean }).bonePool, false, 'the bone pool checkbox turned the pool off');
    await page.waitForFunction(() => document.getElementById('export-budget')?.dataset.state === 'pending', undefined, { timeout: 5_000 }).catch(() => {});
    const off = await readBudget();
    assert.equal(off.warningShown, true);
    const bones = Number(/(\d+)/.exec(off.headline)?.[1]);
    assert.ok(off.warning.includes(String(bones)), `${off.warning} vs ${off.headline}`);
    // The estimate is an upper bound of the export (the loop systems of the default scene)…
    const exportBones = async (): Promise<number> => {
      const got = page.waitForEvent('download', { timeout: 120_000 });
      await page.click('#export-button');
      const json = readFileSync(await (await got).path(), 'utf8');
      return new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json).bones.length;
    };
    const loopBones = await exportBones();
    assert.ok(loopBones <= bones, `the export has ${loopBones} bones, more than the estimated ${bones}`);
    // …and exact for one-shot systems (one bone per life with the pool off).
    await page.evaluate((json) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      if (!seam.replaceScene(json, 'one-shot scene')) throw new Error('scene refused');
      if (!seam.edit('pool off', (d) => void (d.export.bonePool = false))) throw new Error('edit refused');
    }, readFileSync(resolve('tests/golden/scenes/oneshot_world.json'), 'utf8'));
    await page.waitForFunction(() => document.getElementById('export-budget')?.dataset.state === 'pending', undefined, { timeout: 5_000 }).catch(() => {});
    const oneShot = await readBudget();
    assert.equal(oneShot.warningShown, true);
    assert.equal(await exportBones(), Number(/(\d+)/.exec(oneShot.headline)?.[1]), 'estimated pool-off bones differ from the export');
  });

  it('the compare view draws the posed export over the preview, on the simulated particles', async () => {
    // A one-shot scene: its export plays exactly what the preview simulates. The CLI's
    // `--frames` gives the simulation's own particle positions (Spine axes) at each baked frame.
    const scenePath = resolve('tests/golden/scenes/oneshot_world.json');
    const out = join(tmp, 'compare.spine.json');
    const framesPath = join(tmp, 'compare.frames.json');
    runCli(['export', scenePath, '-o', out, '--frames', framesPath]);
    const frames = JSON.parse(readFileSync(framesPath, 'utf8')) as {
      fps: number;
      animations: Record<string, { frame: number; bones: Record<string, { x: number; y: number; color: string; attachment: string | null }> }[]>;
    };
    const [animation, list] = Object.entries(frames.animations)[0];
    await page.evaluate((json) => {
      if (!(window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'compare scene')) throw new Error('scene refused');
    }, readFileSync(scenePath, 'utf8'));
    await page.evaluate(() => document.getElementById('compare-toggle')?.click());
    await page.waitForFunction(() => document.getElementById('compare-overlay')?.dataset.state === 'drawn', undefined, { timeout: 120_000 });
    let checked = 0;
    for (const f of [list[Math.floor(list.length / 4)], list[Math.floor(list.length / 2)]]) {
      await freezeAt(page, f.frame / frames.fps);
      const { regions, lit } = await page.evaluate(() => {
        const c = document.getElementById('compare-overlay') as HTMLCanvasElement;
        const px = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
        let lit = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i] > 0) lit++;
        return { regions: (window as unknown as SeamWindow).spineParticleTest.compareRegions(), lit };
      });
      const want = Object.entries(f.bones).filter(([, b]) => b.attachment !== null && !b.color.endsWith('00'));
      assert.ok(want.length > 0, `${animation} frame ${f.frame} has no particle`);
      assert.equal(regions.length, want.length, `${animation} frame ${f.frame}: the overlay shows ${regions.length} particles, the simulation ${want.length}`);
      const bySlot = new Map(regions.map((r) => [r.slot, r]));
      for (const [bone, b] of want) {
        const r = bySlot.get(bone);
        assert.ok(r !== undefined, `${bone} not drawn at frame ${f.frame}`);
        assert.ok(Math.abs(r.boneX - b.x) < 0.11 && Math.abs(r.boneY + b.y) < 0.11, `${bone} at (${r.boneX}, ${r.boneY}), simulated (${b.x}, ${-b.y})`);
        checked++;
      }
      assert.ok(lit > regions.length * 4, `overlay nearly empty (${lit} px)`);
    }
    assert.ok(checked > 5);
    // The status line ("Spine: N regions at t = …", drawn in #8fe) is readable: none of it under
    // the view tools, which the compare menus widen across the top of the canvas (a narrow
    // window: the tools reach the canvas's left edge).
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.evaluate(async () => {
      document.getElementById('e2e-hide-overlays')?.remove(); // freezeAt hid the view tools
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const hud = await page.evaluate(() => {
      const c = document.getElementById('compare-overlay') as HTMLCanvasElement;
      const box = c.getBoundingClientRect();
      const tools = (document.querySelector('.view-tools') as HTMLElement).getBoundingClientRect();
      if (tools.width === 0) throw new Error('the view tools are not shown');
      const px = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
      const sx = c.width / box.width;
      let text = 0;
      let covered = 0;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - 0x88) > 12 || px[i + 1] < 0xf0 || Math.abs(px[i + 2] - 0xee) > 12 || px[i + 3] < 200) continue;
        text++;
        const x = box.left + ((i / 4) % c.width) / sx;
        const y = box.top + Math.floor(i / 4 / c.width) / sx;
        if (x >= tools.left && x <= tools.right && y >= tools.top && y <= tools.bottom) covered++;
      }
      return { text, covered };
    });
    assert.ok(hud.text > 20, `the status line is drawn (${hud.text} px)`);
    assert.equal(hud.covered, 0, 'and none of it lies under the view tools');
    // In that window every view tool is inside the view (they ran off its left edge, under the
    // systems panel), and the time slider keeps a usable width (it shrank to a dot).
    const layout = await page.evaluate(() => {
      const view = (document.getElementById('viewport') as HTMLElement).getBoundingClientRect();
      const outside = [...document.querySelectorAll('.view-tools > *')]
        .map((e) => [e.textContent?.trim() || e.tagName, e.getBoundingClientRect()] as const)
        .filter(([, r]) => r.width > 0 && (r.left < view.left || r.right > view.right))
        .map(([name]) => name);
      return { outside, scrub: (document.getElementById('scrub') as HTMLElement).getBoundingClientRect().width };
    });
    assert.deepEqual(layout.outside, [], 'view tools outside the view');
    assert.ok(layout.scrub >= 150, `the time slider is ${layout.scrub} px wide`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => document.getElementById('compare-toggle')?.click());
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('compare-overlay') as HTMLElement).display), 'none');
    assert.deepEqual(errors, []);
  });
});
