// End-to-end: the WebGL2 fallback, forced by `?renderer=webgl2`, in a Chromium without WebGPU.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { canvasPixels, documentOf, meanAbsDiff, openEditor, pixelStats, useSite } from './support';

const site = useSite('webgl2');

it('?renderer=webgl2 runs the WebGL2 tier with live particles and no console errors', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1024, height: 700 } });
  const { page, errors } = await openEditor(context, site.url, '?renderer=webgl2');
  await page.waitForFunction(() => document.getElementById('status-tier')?.textContent === 'WebGL2');
  await page.waitForFunction(() => Number(document.getElementById('status-particles')?.textContent) > 0);
  const a = (await canvasPixels(page)).pixels;
  await page.waitForTimeout(400);
  const b = (await canvasPixels(page)).pixels;
  assert.ok(pixelStats(a).stddev > 2, 'the frame is not flat');
  assert.ok(meanAbsDiff(a, b) > 0.05, 'frames differ over time');
  assert.ok((await documentOf(page)).systems.length >= 2);
  assert.deepEqual(errors, []);
  await context.close();
});

it('auto falls back to WebGL2 when the browser has no WebGPU', async () => {
  const context = await site.browser.newContext();
  const { page, errors } = await openEditor(context, site.url);
  await page.waitForFunction(() => document.getElementById('status-tier')?.textContent !== '—');
  assert.equal(await page.textContent('#status-tier'), 'WebGL2');
  assert.deepEqual(errors, []);
  await context.close();
});
