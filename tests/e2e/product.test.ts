// End-to-end: the product build (`dist/`, what ships) on its own. It holds the editor page and
// nothing of the test build: no test seam, no benchmark page, no fault injection (the other e2e
// tests run the test build, dist-test/, which adds exactly those to the same composition). The
// shipped page starts, draws live particles and exports a skeleton spine-core reads, with
// nothing published on `window`.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SkeletonJson } from '@esotericsoftware/spine-core';
import type { Browser } from 'playwright-core';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas';
import { collectErrors, DIST, launch, PRODUCT_DIST, serveDist, waitReady, type StaticServer } from './support';

/** Every file under `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path).map((f) => join(name, f)) : [name];
  });
}

/** Texts that exist only in the test build's own code (string literals survive minification). */
const TEST_BUILD_ONLY = [
  'spineParticleTest', // the test seam (tests/site/seam.ts)
  'forced by the test', // the trap on demand (tests/site/trap.ts)
  'runSkeletonBench', // bench/bench-skeleton.ts
  'benchResults', // bench/bench.ts
];
/** Texts of the export faults, which no build holds: the tests serve them (tests/support/export-fault.ts). */
const FAULTS = ['__no_such_bone__', 'applyExportFault'];
const TEST_ONLY = [...TEST_BUILD_ONLY, ...FAULTS];

/** Which of {@link TEST_ONLY} appear in the text files of `dir`. */
function testOnlyTexts(dir: string): string[] {
  const texts = filesOf(dir)
    .filter((f) => /\.(js|html|css)$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
  return TEST_ONLY.filter((marker) => texts.some((t) => t.includes(marker)));
}

describe('the product build (dist/)', () => {
  let server: StaticServer;
  let browser: Browser;
  before(async () => {
    server = await serveDist(PRODUCT_DIST);
    browser = await launch('webgpu');
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('ships the editor page only: no benchmark page, no test seam, no fault injection', () => {
    const files = filesOf(PRODUCT_DIST);
    assert.deepEqual(files.filter((f) => f.endsWith('.html')), ['index.html']);
    assert.deepEqual(testOnlyTexts(PRODUCT_DIST), []);
    // The same search finds the test build's own in dist-test/: it would notice them in dist/.
    assert.deepEqual(testOnlyTexts(DIST), TEST_BUILD_ONLY);
  });

  it('starts, draws live particles and exports a skeleton spine-core reads, publishing nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(server.url);
    await waitReady(page, false);
    await page.waitForFunction(() => Number(document.getElementById('status-particles')?.textContent) > 0);
    const globals = await page.evaluate(() => Object.keys(window).filter((k) => /spine|particle/i.test(k)));
    assert.deepEqual(globals, []);
    const got = page.waitForEvent('download', { timeout: 120_000 });
    await page.click('#export-button');
    const download = await got;
    assert.equal(download.suggestedFilename(), 'SpineParticle.json');
    const data = new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(readFileSync(await download.path(), 'utf8'));
    assert.ok(data.bones.length > 2 && data.slots.length > 0 && data.animations.length > 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('in a browser whose WebAssembly lacks SIMD, says so and which browsers have it, without downloading the module', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // An engine without SIMD: `WebAssembly.validate` rejects any module with a 0xfd-prefixed
    // (SIMD) opcode, as an engine that does not know the prefix does.
    await context.addInitScript(() => {
      const original = WebAssembly.validate.bind(WebAssembly);
      WebAssembly.validate = (bytes: BufferSource): boolean => {
        const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
        return !view.includes(0xfd) && original(bytes);
      };
    });
    const page = await context.newPage();
    const wasmRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('.wasm')) wasmRequests.push(r.url());
    });
    await page.goto(server.url);
    await page.waitForFunction(() => (document.getElementById('fatal')?.textContent ?? '') !== '');
    const fatal = await page.evaluate(() => document.getElementById('fatal')?.textContent ?? '');
    assert.match(fatal, /WebAssembly SIMD/);
    assert.match(fatal, /Chrome \/ Edge 91, Firefox 89, Safari 16\.4/);
    assert.deepEqual(wasmRequests, []);
    await context.close();
  });
});
