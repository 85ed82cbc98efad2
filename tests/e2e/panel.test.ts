// End-to-end: the property panel built from the core's field schema, driven as a user does, in
// Chromium on the WebGL2 tier. A vortex added through the panel changes the drawn particles and
// undo brings the frame back; a trail switched on through the panel draws ribbons; a value above
// the schema's maximum is refused with a message; the limits of every numeric input in the page
// are the schema's.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { FieldSchema } from '../../web/generated/contract';
import type { SeamWindow } from './support';
import { canvasPixels, documentOf, freezeAt, meanAbsDiff, openEditor, pixelStats, shownErrors, useSite } from './support';

const site = useSite('webgl2');

/** The schema from the built module, read outside the page (not through the panel). */
async function schemaOfModule(): Promise<FieldSchema> {
  const root = join(import.meta.dirname, '../..');
  const glue = (await import(pathToFileURL(join(root, 'web/pkg/sp_wasm.js')).href)) as { fieldSchema(): string; initSync(o: { module: Uint8Array }): unknown };
  glue.initSync({ module: new Uint8Array(readFileSync(join(root, 'web/pkg/sp_wasm_bg.wasm'))) });
  return JSON.parse(glue.fieldSchema()) as FieldSchema;
}

/** One system in the middle of the view: a steady fountain of soft dots, no forces. */
const SCENE = {
  version: 1,
  systems: [{ name: 'Fountain', ratePerSec: 120, maxParticles: 400, lifetimeSecs: { min: 1.5, max: 1.5 }, speed: { min: 150, max: 150 }, spreadDeg: 20, startScale: { min: 0.6, max: 0.6 } }],
};

describe('property panel from the field schema', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    ({ page, errors } = await openEditor(context, site.url, '?renderer=webgl2'));
    const normalized = await page.evaluate((s) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      const base = JSON.parse(seam.sceneJson()) as { systems: Record<string, unknown>[] } & Record<string, unknown>;
      const sys = { ...base.systems[0], ...s.systems[0], transform: { x: 0, y: 100, rotationDeg: 0, scaleX: 1, scaleY: 1 } };
      return seam.replaceScene(JSON.stringify({ ...base, systems: [sys] }), 'panel test');
    }, SCENE);
    assert.ok(normalized, 'the test scene opens');
    await page.click('#system-list li[data-index="0"] .name');
    await page.waitForSelector('#properties [data-key="systems[0].ratePerSec"]');
  });
  after(async () => {
    await context.close();
  });

  it('a vortex added through the panel changes the frame; undo brings it back', async () => {
    await freezeAt(page, 1.2);
    const plain = (await canvasPixels(page)).pixels;
    assert.ok(pixelStats(plain).lit > 200, 'the fountain is drawn');
    const before = await documentOf(page);

    await page.selectOption('#properties select[data-add="systems[0].forces"]', 'vortex');
    await page.waitForSelector('#properties [data-entry="systems[0].forces[0]"]');
    for (const end of ['max', 'min']) {
      const input = page.locator(`#properties input[data-key="systems[0].forces[0].spinDegPerSec.${end}"]`);
      await input.fill('720');
      await input.press('Tab');
    }
    const doc = await documentOf(page);
    const forces = doc.systems[0].forces as Record<string, unknown>[];
    assert.deepEqual(forces[0].kind, 'vortex');
    assert.deepEqual(forces[0].spinDegPerSec, { min: 720, max: 720 });
    assert.equal(forces[0].radiusPx, 150, "the core's default radius");
    await freezeAt(page, 1.2);
    const swirled = (await canvasPixels(page)).pixels;
    const moved = meanAbsDiff(plain, swirled);
    assert.ok(moved > 0.5, `the vortex moves the particles (mean difference ${moved.toFixed(3)})`);

    for (let n = 0; n < 3; n++) await page.click('#undo-button');
    assert.deepEqual(await documentOf(page), before, 'three undos: spin min, spin max, the vortex');
    await page.waitForFunction(() => document.querySelector('#properties [data-entry="systems[0].forces[0]"]') === null);
    await freezeAt(page, 1.2);
    const back = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(plain, back) < moved / 20, `undo restores the frame (mean difference ${meanAbsDiff(plain, back).toFixed(4)})`);
  });

  it('a value above the schema maximum is refused with a message, the document unchanged', async () => {
    const schema = await schemaOfModule();
    const rate = schema.fields.find((f) => f.path === 'systems[].ratePerSec');
    assert.ok(rate?.max !== null && rate?.max !== undefined);
    const before = await documentOf(page);
    const input = page.locator('#properties input[data-key="systems[0].ratePerSec"]');
    await input.fill(String(rate.max * 2));
    assert.equal(await input.evaluate((e) => e.classList.contains('invalid')), true, 'marked invalid while typing');
    await input.press('Enter');
    await input.press('Tab');
    assert.deepEqual(await documentOf(page), before);
    const shown = await shownErrors(page);
    assert.ok(shown.some((m) => m.includes(String(rate.max))), `the message names the maximum: ${JSON.stringify(shown)}`);
    assert.equal(await input.inputValue(), String(before.systems[0].ratePerSec), 'the field shows the kept value again');
    await input.fill(String(rate.max));
    await input.press('Tab');
    assert.equal((await documentOf(page)).systems[0].ratePerSec, rate.max, 'the maximum itself is accepted');
    await page.click('#undo-button');
  });

  it('a trail enabled through the panel draws a ribbon; undo removes it', async () => {
    await freezeAt(page, 1.2);
    const plain = (await canvasPixels(page)).pixels;
    const before = await documentOf(page);
    await page.check('#properties input[data-key="systems[0].trail.enabled"]');
    // The trail's own fields appear once it is on, with the core's defaults.
    const bones = page.locator('#properties input[data-key="systems[0].trail.bones"]');
    await bones.waitFor();
    assert.equal(await bones.inputValue(), '8');
    // Only the ribbons: the particles' own sprites off.
    await page.uncheck('#properties input[data-key="systems[0].trail.drawParticle"]');
    const trail = (await documentOf(page)).systems[0].trail as Record<string, unknown>;
    assert.deepEqual([trail.enabled, trail.drawParticle, trail.bones, trail.images], [true, false, 8, ['builtin:trail']]);
    await freezeAt(page, 1.2);
    const ribbons = (await canvasPixels(page)).pixels;
    assert.ok(pixelStats(ribbons).lit > 200, `ribbons are drawn (${pixelStats(ribbons).lit} lit pixels)`);
    assert.ok(meanAbsDiff(plain, ribbons) > 0.5, 'the frame shows ribbons, not the particles');
    await page.click('#undo-button');
    await page.click('#undo-button');
    assert.deepEqual(await documentOf(page), before);
    await freezeAt(page, 1.2);
    assert.ok(meanAbsDiff(plain, (await canvasPixels(page)).pixels) < 0.05, 'undo: no trail');
  });

  it("an older document's align-to-velocity shows as the velocity mode; choosing another mode clears it in one step", async () => {
    const before = await documentOf(page);
    const withLegacy = { ...before, systems: [{ ...before.systems[0], alignToVelocity: true }] };
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'legacy align'), JSON.stringify(withLegacy)));
    await page.click('#system-list li[data-index="0"] .name');
    const mode = page.locator('#properties select[data-key="systems[0].rotationMode"]');
    const legacy = page.locator('#properties input[data-key="systems[0].alignToVelocity"]');
    // The menu shows what the core does with the flag (it said "random" before).
    assert.equal(await mode.inputValue(), 'velocity');
    assert.equal(await legacy.isChecked(), true, 'the legacy flag is shown while it is on');
    await mode.selectOption('fixed');
    const chosen = (await documentOf(page)).systems[0];
    assert.deepEqual([chosen.alignToVelocity, chosen.rotationMode], [false, 'fixed'], 'the choice is the mode in effect');
    assert.equal(await legacy.count(), 0, 'the legacy flag is gone from the panel once off');
    await page.click('#undo-button');
    const undone = (await documentOf(page)).systems[0];
    assert.deepEqual([undone.alignToVelocity, undone.rotationMode], [true, undefined], 'one undo restores both');
    assert.equal(await mode.inputValue(), 'velocity');
    // A document without the flag: the flag is not offered, the menu shows its own mode.
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'panel test'), JSON.stringify(before)));
    await page.click('#system-list li[data-index="0"] .name');
    assert.equal(await legacy.count(), 0);
    assert.equal(await mode.inputValue(), String(before.systems[0].rotationMode ?? 'random'));
    assert.deepEqual(errors, []);
  });

  it('a system follows a path chosen from the scene\'s paths; its fields appear then; none removes it', async () => {
    const before = await documentOf(page);
    const section = page.locator('#properties details[data-section="pathFollow"]');
    const picker = section.locator('select[data-key="systems[0].pathFollow.path"]');
    // No path in the scene: the picker offers none, the path's own fields are hidden, a hint says
    // where paths come from.
    assert.deepEqual(await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), ['']);
    assert.equal(await section.locator('[data-key^="systems[0].pathFollow."]').count(), 1, 'only the picker');
    assert.equal(await section.locator('p.hint').count(), 1);
    // A path drawn across the view (as the canvas tool adds one).
    const withPath = { ...before, paths: [{ name: 'arc', visible: true, kind: 'polyline', points: [[-300, 100], [300, 100]], closed: false }] };
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'path'), JSON.stringify(withPath)));
    await page.click('#system-list li[data-index="0"] .name');
    await freezeAt(page, 1.2);
    const still = (await canvasPixels(page)).pixels;
    assert.deepEqual(await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)), ['', 'arc']);
    assert.equal(await section.locator('p.hint').count(), 0);
    await picker.selectOption('arc');
    const follow = (await documentOf(page)).systems[0].pathFollow as Record<string, unknown>;
    assert.deepEqual(follow, { mode: 'emitter', path: 'arc', timing: 'time', travelSecs: 0, speedPxPerSec: 200, repeat: 'once', orient: false, start: 'pathStart' }, "the core's defaults with the chosen path");
    await section.locator('select[data-key="systems[0].pathFollow.mode"]').waitFor();
    assert.ok((await section.locator('[data-key^="systems[0].pathFollow."]').count()) > 5, 'the path fields are shown');
    // The emitter travels the path: the frame changes.
    await freezeAt(page, 1.2);
    const moved = meanAbsDiff(still, (await canvasPixels(page)).pixels);
    assert.ok(moved > 0.5, `the emitter travels the path (mean difference ${moved.toFixed(3)})`);
    // A path the scene does not have (renamed elsewhere) stays chosen and marked.
    const orphan = await documentOf(page);
    (orphan.systems[0].pathFollow as Record<string, unknown>).path = 'gone';
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'orphan'), JSON.stringify(orphan)));
    await page.click('#system-list li[data-index="0"] .name');
    assert.equal(await picker.inputValue(), 'gone');
    assert.match(await picker.locator('option:checked').innerText(), /gone/);
    await picker.selectOption('');
    assert.equal((await documentOf(page)).systems[0].pathFollow, undefined, 'none removes the path following');
    assert.equal(await section.locator('[data-key^="systems[0].pathFollow."]').count(), 1);
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'panel test'), JSON.stringify(before)));
    await page.click('#system-list li[data-index="0"] .name');
    assert.deepEqual(errors, []);
  });

  it("every numeric input's limits in the page are the schema's, for each emitter shape and force", async () => {
    const schema = await schemaOfModule();
    const byPath = new Map(schema.fields.map((f) => [f.path, f]));
    const seen = new Set<string>();
    const check = async (): Promise<void> => {
      const inputs = await page.$$eval('#properties input[data-path]', (els) => els.map((e) => ({ path: e.getAttribute('data-path') ?? '', min: Number(e.getAttribute('data-min')), max: Number(e.getAttribute('data-max')) })));
      for (const i of inputs) {
        const f = byPath.get(i.path);
        assert.ok(f !== undefined, `${i.path} is a schema field`);
        assert.equal(i.min, f.min ?? -1e6, `${i.path} min`);
        assert.equal(i.max, f.max ?? 1e6, `${i.path} max`);
        seen.add(i.path);
      }
    };
    // The path-following fields appear once the system follows one of the scene's paths.
    const doc = await documentOf(page);
    const withPath = { ...doc, paths: [{ name: 'p', visible: true, kind: 'polyline', points: [[0, 0], [100, 0]], closed: false }] };
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'limits'), JSON.stringify(withPath)));
    await page.click('#system-list li[data-index="0"] .name');
    await page.selectOption('#properties select[data-key="systems[0].pathFollow.path"]', 'p');
    const kinds = byPath.get('systems[].forces[].kind')?.options ?? [];
    for (const kind of kinds) await page.selectOption('#properties select[data-add="systems[0].forces"]', kind);
    for (const shape of byPath.get('systems[].emitter.kind')?.options ?? []) {
      await page.selectOption('#properties select[data-key="systems[0].emitter.kind"]', shape);
      await check();
      // An edge-only shape's band thickness is shown once its edge is on.
      const edge = page.locator('#properties input[data-key="systems[0].emitter.edge"]');
      if ((await edge.count()) > 0) {
        const thickness = page.locator('#properties input[data-key="systems[0].emitter.thicknessPx"]');
        assert.equal(await thickness.count(), 0, `${shape}: no thickness while the edge is off`);
        await edge.check();
        await thickness.waitFor();
        await check();
      }
    }
    await page.check('#properties input[data-key="systems[0].trail.enabled"]');
    await check();
    await page.selectOption('#properties select[data-key="systems[0].trail.lengthMode"]', 'points');
    await page.selectOption('#properties select[data-key="systems[0].trail.textureMode"]', 'tile');
    await check();
    // The collision fields a response reads: a pause's length only with a pause, none of them
    // without a response.
    const collision = (f: string) => page.locator(`#properties [data-key="systems[0].collision.${f}"]`);
    assert.equal(await collision('pauseSecs').count(), 0, 'no pause length for a bounce');
    await page.selectOption('#properties select[data-key="systems[0].collision.response"]', 'pause');
    await collision('pauseSecs').waitFor();
    await check();
    await page.selectOption('#properties select[data-key="systems[0].collision.response"]', 'none');
    for (const f of ['restitution', 'friction', 'pauseSecs', 'radiusPx']) assert.equal(await collision(f).count(), 0, `no ${f} without a response`);
    const numeric = schema.fields.filter((f) => f.path.startsWith('systems[].') && ['number', 'integer', 'range'].includes(f.kind) && !f.path.startsWith('systems[].follow.') && !f.path.startsWith('systems[].bursts[]'));
    assert.deepEqual(numeric.map((f) => f.path).filter((p) => !seen.has(p)), [], 'every numeric field had an input');
    assert.deepEqual(((await documentOf(page)).systems[0].forces as { kind: string }[]).map((f) => f.kind), kinds);
    assert.deepEqual(errors, []);
  });

  it('an entry of a list is titled as one entry ("Burst 1"), not as the list ("Bursts 1")', async () => {
    await page.click('#lang-button');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const bursts = page.locator('#properties [data-list="systems[0].bursts"]');
    const count = async (): Promise<number> => ((await documentOf(page)).systems[0].bursts as unknown[] | undefined)?.length ?? 0;
    const before = await count();
    await bursts.getByRole('button', { name: 'Add burst' }).click();
    await page.waitForSelector(`#properties [data-entry="systems[0].bursts[${before}]"]`);
    assert.equal(await count(), before + 1);
    const title = await page.locator(`#properties [data-entry="systems[0].bursts[${before}]"] .label`).first().textContent();
    assert.equal(title, `Burst ${before + 1}`);
    assert.equal(await bursts.locator('.list-title').textContent(), 'Bursts', 'the list keeps its plural');
    await page.click('#undo-button');
    assert.equal(await count(), before);
    await page.click('#lang-button');
    await page.waitForFunction(() => document.documentElement.lang !== 'en');
    assert.deepEqual(errors, []);
  });
});
