// End-to-end: the WebGL2 fallback, forced by `?renderer=webgl2`, in a Chromium without WebGPU.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { canvasPixels, documentOf, launch, meanAbsDiff, openEditor, pixelStats, serveDist, type StaticServer } from './support';

let server: StaticServer;
let browser: Browser;

before(async () => {
  server = await serveDist();
  browser = await launch('webgl2');
});

after(async () => {
  await browser?.close();
  await server?.close();
});

it('?renderer=webgl2 runs the WebGL2 tier with live particles and no console errors', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const { page, errors } = await openEditor(context, server.url, '?renderer=webgl2');
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
  const context = await browser.newContext();
  const { page, errors } = await openEditor(context, server.url);
  await page.waitForFunction(() => document.getElementById('status-tier')?.textContent !== '—');
  assert.equal(await page.textContent('#status-tier'), 'WebGL2');
  assert.deepEqual(errors, []);
  await context.close();
});
