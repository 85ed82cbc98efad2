// End-to-end: the official coin 4.2 skeleton dropped with a synthesised atlas (every region named,
// web/skeleton/synth-atlas.ts) and a synthesised page PNG plays on the canvas through the
// renderer's vertex clips (web/skeleton/play.ts): the skeleton is drawn (its region differs from
// the canvas before the drop) and animates (pixels change between two moments while the particle
// timeline is paused), on WebGL2 and WebGPU. Also: pause stops the change; a second instance.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { zlibSync } from 'fflate';
import type { Page } from 'playwright-core';
import { regionPaths, synthAtlas } from '../../web/skeleton/synth-atlas';
import { canvasPixels, dropFiles, freezeAt, meanAbsDiff, openEditor, plainView, useSite, type Pixels, type Tier } from './support';

const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures/spine');
const COIN_SKEL = readFileSync(join(FIXTURES, 'coin-pro-4.2.skel'));
const PAGE = 'coin-pro-4.2.png';
const ATLAS = synthAtlas(regionPaths(readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8')), PAGE, 1024, 512);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An opaque RGBA PNG whose 64×64 cells each have their own bright colour with a diagonal stripe. */
function pagePng(width: number, height: number): Buffer {
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(x / 64) + Math.floor(y / 64) * 16;
      const stripe = (x + y) % 16 < 8;
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = stripe ? 255 : 60 + ((cell * 67) % 180);
      raw[o + 1] = stripe ? 220 : 60 + ((cell * 131) % 180);
      raw[o + 2] = stripe ? 40 : 60 + ((cell * 29) % 180);
      raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

/** Pixels differing from `base` by more than 30 (sum over RGB) inside the central box of half the size. */
function changedInCentre(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let y = Math.floor(a.height / 4); y < Math.floor((3 * a.height) / 4); y++) {
    for (let x = Math.floor(a.width / 4); x < Math.floor((3 * a.width) / 4); x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]) > 30) n++;
    }
  }
  return n;
}

/** Hides the panels over the canvas (they would be in the screenshot) and the particles. */
async function quietCanvas(page: Page): Promise<void> {
  await plainView(page);
  await freezeAt(page, 0);
  await page.evaluate(async () => {
    const w = window as unknown as { __spineParticle: { engine: { setScene(json: string): void; normalizeScene(j: string): string; defaultScene(): string } } };
    // Particles out of the way: the same document with no systems (the store is untouched).
    const doc = JSON.parse(w.__spineParticle.engine.defaultScene()) as { systems: unknown[] };
    doc.systems = [];
    w.__spineParticle.engine.setScene(w.__spineParticle.engine.normalizeScene(JSON.stringify(doc)));
    const style = document.createElement('style');
    style.textContent = '#object-panels { visibility: hidden !important; }';
    document.head.appendChild(style);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

const COIN_FILES = [
  { name: 'coin-pro-4.2.skel', bytes: COIN_SKEL },
  { name: 'coin-pro-4.2.atlas', bytes: new TextEncoder().encode(ATLAS) },
  { name: PAGE, bytes: pagePng(1024, 512) },
];

for (const tier of ['webgl2', 'webgpu'] as Tier[]) {
  describe(`skeleton playback (${tier})`, () => {
    const site = useSite(tier);

    it('draws the dropped coin and animates it', async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const { page, errors } = await openEditor(context, site.url, `?renderer=${tier}`);
      await quietCanvas(page);
      const empty = (await canvasPixels(page)).pixels;

      await dropFiles(page, COIN_FILES);
      try {
        await page.waitForFunction(() => document.querySelector('#skeleton-panel [data-control="animation"]') !== null, undefined, { timeout: 30_000 });
      } catch {
        const status = await page.evaluate(() => [...document.querySelectorAll('#skeleton-panel .skeleton-message')].map((e) => e.textContent));
        throw new Error(`no playback controls; panel messages: ${JSON.stringify(status)}`);
      }
      assert.equal(await page.$eval('#skeleton-panel [data-control="animation"]', (e) => (e as HTMLSelectElement).value), 'animation');
      assert.deepEqual(await page.$$eval('#skeleton-panel [data-control="skin"] option', (els) => els.map((e) => e.textContent)), ['default']);
      assert.equal(await page.$eval('#skeleton-panel [data-control="mipmaps"]', (e) => (e as HTMLInputElement).disabled), true);
      const status = await page.textContent('#skeleton-panel [data-role="play-status"]');
      assert.match(status ?? '', /^animation: 82 frames at 30 fps, \d+ vertices, \d+ triangles/);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

      const first = (await canvasPixels(page)).pixels;
      const drawn = changedInCentre(empty, first);
      assert.ok(drawn > 2000, `the coin is drawn: ${drawn} pixels of the centre differ from the empty canvas`);
      await page.waitForTimeout(400);
      const second = (await canvasPixels(page)).pixels;
      const moved = changedInCentre(first, second);
      assert.ok(moved > 200, `the coin animates: ${moved} pixels changed in 0.4 s (mean diff ${meanAbsDiff(first, second).toFixed(3)})`);

      // Pause: the picture holds.
      await page.evaluate(() => (document.querySelector('#skeleton-panel [data-action="play"]') as HTMLButtonElement).click());
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const paused1 = (await canvasPixels(page)).pixels;
      await page.waitForTimeout(300);
      const paused2 = (await canvasPixels(page)).pixels;
      assert.equal(changedInCentre(paused1, paused2), 0, 'nothing moves while paused');

      // Scale on load 0.5 re-bakes: the paused coin covers about a quarter of the pixels.
      await page.evaluate(() => {
        const input = document.querySelector('#skeleton-panel [data-control="scale"]') as HTMLInputElement;
        input.value = '0.5';
        input.dispatchEvent(new Event('change'));
      });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const half = (await canvasPixels(page)).pixels;
      const full = changedInCentre(empty, paused2);
      const scaled = changedInCentre(empty, half);
      assert.ok(scaled > 0 && scaled < full * 0.5, `scale 0.5 shrinks the coin: ${scaled} pixels against ${full}`);

      // A second instance at the view centre.
      await page.evaluate(() => (document.querySelector('#skeleton-panel [data-action="add-instance"]') as HTMLButtonElement).click());
      assert.equal(await page.textContent('#skeleton-panel [data-field="instances"]'), '2');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
