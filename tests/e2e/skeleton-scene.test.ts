// End-to-end: a dropped Spine skeleton as an object of the scene (the official coin 4.2 `.skel`
// with a synthesised atlas and page, tests/e2e/skeleton-files.ts): it is listed, and the list's
// eye, rename and delete act on the canvas and the document, each undone by one step; selecting
// it opens its panel again; scrubbing poses it by scene time, and the same poses come back after a
// reload (document autosaved, files in IndexedDB) and after a wasm trap the facade recovers from.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { changedInCentre, quietCanvas, undo } from './skeleton-canvas';
import { skeletonDrop } from './skeleton-files';
import { canvasPixels, centreOnFirst, documentOf, dropFiles, freezeAt, nextFrames as frames, openEditor, useSite, waitReady, type Pixels, type SeamWindow, type Site } from './support';

/** The coin's `.skel`, its synthesised atlas and page. */
const COIN_FILES = skeletonDrop('coin-pro-4.2', true);

/** Drops the coin and waits until it is listed in the scene list. */
async function dropCoin(page: Page): Promise<void> {
  await dropFiles(page, COIN_FILES);
  try {
    await page.waitForFunction(() => document.querySelectorAll('#skeleton-list li.skeleton').length === 1 && document.querySelector('#skeleton-panel [data-control="animation"]') !== null, undefined, { timeout: 30_000 });
  } catch {
    const messages = await page.$$eval('#messages .text, #skeleton-panel .skeleton-message', (els) => els.map((e) => e.textContent ?? ''));
    throw new Error(`the coin is not listed in the scene list; messages: ${JSON.stringify(messages)}`);
  }
}

/** A fresh editor page with the canvas quietened, its empty pixels, and the coin dropped. */
async function openWithCoin(site: Site): Promise<{ context: BrowserContext; page: Page; errors: string[]; empty: Pixels }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openEditor(context, site.url, '?renderer=webgpu');
  await quietCanvas(page);
  const empty = (await canvasPixels(page)).pixels;
  await dropCoin(page);
  return { context, page, errors, empty };
}

const listedNames = (page: Page): Promise<string[]> => page.$$eval('#skeleton-list li.skeleton .name', (els) => els.map((e) => e.textContent ?? ''));

describe('skeletons in the scene (webgpu)', () => {
  const site = useSite('webgpu');

  it('a dropped skeleton is listed; eye, rename, delete and undo act on the canvas and the document', async () => {
    const { context, page, errors, empty } = await openWithCoin(site);
    await freezeAt(page, 0.3);
    assert.deepEqual(await listedNames(page), ['coin-pro-4.2']);
    const doc = await documentOf(page);
    const entry = (doc.skeletons as Record<string, unknown>[])[0];
    assert.equal(entry.path, 'coin-pro-4.2.skel');
    assert.equal(entry.atlas, 'coin-pro-4.2.atlas');
    assert.match(String(entry.key), /^fnv1a64-[0-9a-f]{16}$/);
    const shown = (await canvasPixels(page)).pixels;
    const drawn = changedInCentre(empty, shown);
    assert.ok(drawn > 2000, `the coin is drawn: ${drawn} pixels`);

    // Eye: hidden, its pixels vanish; shown again, they come back.
    await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    await frames(page);
    assert.equal(((await documentOf(page)).skeletons as { visible: boolean }[])[0].visible, false);
    assert.equal(changedInCentre(empty, (await canvasPixels(page)).pixels), 0, 'a hidden skeleton draws nothing');
    await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    await frames(page);
    assert.equal(changedInCentre(shown, (await canvasPixels(page)).pixels), 0, 'shown again, the same picture');

    // Rename, then undo.
    await page.click('#skeleton-list li.skeleton [data-action="rename-skeleton"]');
    await page.fill('#skeleton-list li.skeleton input.rename', 'hero');
    await page.press('#skeleton-list li.skeleton input.rename', 'Enter');
    await frames(page);
    assert.deepEqual(await listedNames(page), ['hero']);
    assert.equal(((await documentOf(page)).skeletons as { name: string }[])[0].name, 'hero');
    assert.ok(changedInCentre(empty, (await canvasPixels(page)).pixels) > 2000, 'a renamed skeleton still draws');
    await undo(page);
    assert.deepEqual(await listedNames(page), ['coin-pro-4.2']);

    // Delete: gone from the list, the document and the canvas; undo brings it back.
    await page.click('#skeleton-list li.skeleton [data-action="delete-skeleton"]');
    await frames(page);
    assert.equal(await page.$('#skeleton-list'), null);
    assert.deepEqual((await documentOf(page)).skeletons, []);
    assert.equal(changedInCentre(empty, (await canvasPixels(page)).pixels), 0, 'a deleted skeleton draws nothing');
    await undo(page);
    assert.deepEqual(await listedNames(page), ['coin-pro-4.2']);
    assert.equal(changedInCentre(shown, (await canvasPixels(page)).pixels), 0, 'undo draws the same coin again');

    // Selecting it in the list opens its panel again (from the files kept), bound to the entry.
    await page.evaluate(() => document.getElementById('skeleton-panel')?.remove());
    await page.click('#skeleton-list li.skeleton .name');
    await page.waitForFunction(() => document.querySelector('#skeleton-panel [data-control="speed"]') !== null, undefined, { timeout: 15_000 });
    assert.equal(await page.textContent('#skeleton-panel h2'), 'coin-pro-4.2.skel');
    assert.equal(await page.getAttribute('#skeleton-list li.skeleton', 'aria-selected'), 'true');
    await page.evaluate(() => {
      // The panels are hidden by quietCanvas: set the field as a user's typing would.
      const input = document.querySelector('#skeleton-panel [data-control="speed"]') as HTMLInputElement;
      input.value = '2';
      input.dispatchEvent(new Event('change'));
    });
    assert.equal(((await documentOf(page)).skeletons as { speed: number }[])[0].speed, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('scrubbing poses the skeleton by scene time; it survives a reload and a wasm crash', async () => {
    const { context, page, errors, empty } = await openWithCoin(site);
    await centreOnFirst(page, 'skeletons');

    // Paused at 0.7 s; scrub away to 1.9 s and back: the same pixels at the same scene time.
    await freezeAt(page, 0.7);
    const at07 = (await canvasPixels(page)).pixels;
    await freezeAt(page, 1.9);
    const at19 = (await canvasPixels(page)).pixels;
    await freezeAt(page, 0.7);
    const back = (await canvasPixels(page)).pixels;
    assert.ok(changedInCentre(at07, at19) > 200, 'another scene time, another pose');
    assert.equal(changedInCentre(at07, back), 0, 'scrubbing back to 0.7 s gives the 0.7 s pixels');
    assert.ok(changedInCentre(empty, at07) > 2000, 'the coin is drawn');

    // Reload: the document (autosaved) and the files (IndexedDB) bring the coin back.
    await page.waitForTimeout(800);
    await page.reload();
    await waitReady(page);
    await page.waitForFunction(() => document.querySelectorAll('#skeleton-list li.skeleton').length === 1, undefined, { timeout: 30_000 });
    assert.equal(await page.$('#skeleton-list [data-role="skeleton-problem"]'), null, 'restored without a problem');
    await quietCanvas(page);
    await centreOnFirst(page, 'skeletons');
    await freezeAt(page, 0.7);
    const reloaded07 = (await canvasPixels(page)).pixels;
    assert.equal(changedInCentre(at07, reloaded07), 0, 'after the reload, the same coin at 0.7 s');
    await freezeAt(page, 1.9);
    assert.equal(changedInCentre(at19, (await canvasPixels(page)).pixels), 0, 'and it animates: the 1.9 s pose');

    // A wasm trap: the facade recreates the Editor; the coin is drawn again.
    const recovered = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.crash());
    assert.equal(recovered, 1);
    await freezeAt(page, 0.7);
    const afterCrash = (await canvasPixels(page)).pixels;
    assert.ok(changedInCentre(empty, afterCrash) > 2000, 'the coin is drawn after the recovery');
    assert.equal(changedInCentre(at07, afterCrash), 0, 'the same 0.7 s pose after the recovery');
    await freezeAt(page, 1.9);
    assert.equal(changedInCentre(at19, (await canvasPixels(page)).pixels), 0, 'and it still follows the timeline');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
