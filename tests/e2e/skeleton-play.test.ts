// End-to-end: the official coin 4.2 skeleton dropped with a synthesised atlas (every region named,
// web/skeleton/synth-atlas.ts) and a synthesised page PNG plays on the canvas through the
// renderer's vertex clips (web/skeleton/play.ts): the skeleton is drawn (its region differs from
// the canvas before the drop) and animates (pixels change between two moments while the particle
// timeline is paused), on WebGL2 and WebGPU. Also: pause stops the change; a second instance.
// And the clip's per-frame colours: the coin baked in Node (web/skeleton/bake.ts, clip.ts) and
// uploaded to the page's renderer as drawn, with its colours frozen at frame 0, and without its
// tint-black dark colours: at a frame where the front texture brightens and the additive shine's
// dark colour is lit, the three renders differ; at frame 0 they are identical.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { zlibSync } from 'fflate';
import type { Page } from 'playwright-core';
import { bakeAnimation, type BakedAnimation } from '../../web/skeleton/bake';
import { clipOptionsJson, toVertexClip, type VertexClipArrays } from '../../web/skeleton/clip';
import { loadSkeleton } from '../../web/skeleton/load';
import { regionPaths, synthAtlas } from '../../web/skeleton/synth-atlas';
import { canvasPixels, dropFiles, freezeAt, meanAbsDiff, openEditor, plainView, useSite, type Pixels, type Tier } from './support';

const FIXTURES = join(import.meta.dirname, '../../../shared/fixtures/spine');
const COIN_SKEL = readFileSync(join(FIXTURES, 'coin-pro-4.2.skel'));
const PAGE = 'coin-pro-4.2.png';
const COIN_JSON = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');
const ATLAS = synthAtlas(regionPaths(COIN_JSON), PAGE, 1024, 512);

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

/** Opaque RGBA pixels whose 64×64 cells each have their own bright colour with a diagonal stripe. */
function pageRgba(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(x / 64) + Math.floor(y / 64) * 16;
      const stripe = (x + y) % 16 < 8;
      const o = (y * width + x) * 4;
      rgba[o] = stripe ? 255 : 60 + ((cell * 67) % 180);
      rgba[o + 1] = stripe ? 220 : 60 + ((cell * 131) % 180);
      rgba[o + 2] = stripe ? 40 : 60 + ((cell * 29) % 180);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** {@link pageRgba} as a PNG. */
function pagePng(width: number, height: number): Buffer {
  const rgba = pageRgba(width, height);
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
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

/** The coin bake with every draw's colours replaced: `recolor(frameDraw, k)` gives the new draw. */
function recolored(baked: BakedAnimation, recolor: (draw: BakedAnimation['frames'][number]['draws'][number], k: number) => Partial<BakedAnimation['frames'][number]['draws'][number]>): BakedAnimation {
  return { ...baked, frames: baked.frames.map((f) => ({ ...f, draws: f.draws.map((d, k) => ({ ...d, ...recolor(d, k) })) })) };
}

/** The arrays of a clip as plain arrays (page.evaluate arguments are JSON). */
function plain(a: VertexClipArrays): Record<string, number[] | string | number> {
  return {
    fps: a.fps,
    uvs: Array.from(a.uvs),
    indices: Array.from(a.indices),
    topologies: Array.from(a.topologyRanges),
    frames: Array.from(a.frames),
    positions: Array.from(a.positions),
    draws: Array.from(a.draws),
    drawColors: Array.from(a.drawColors),
    options: clipOptionsJson(a),
  };
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

    it('plays per-frame colours and tint-black dark colours of the coin', async () => {
      const baked = bakeAnimation(loadSkeleton(COIN_JSON, ATLAS, { pageSizes: { [PAGE]: { width: 1024, height: 512 } } }), 'animation', { fps: 30 });
      const TEX = 'e2e:coin-page.png';
      const frame0 = baked.frames[0].draws;
      const clips = {
        animated: plain(toVertexClip(baked, () => TEX)),
        // Frozen at frame 0: each draw takes the colours of frame 0's draw of the same rank.
        frozen: plain(toVertexClip(recolored(baked, (d, k) => ({ color: [...(frame0[k] ?? d).color], dark: frame0[k]?.dark ?? d.dark })), () => TEX)),
        noDark: plain(toVertexClip(recolored(baked, () => ({ dark: null })), () => TEX)),
      };
      // Frame 8: the front texture is brighter than at frame 0 and the shine's dark colour is lit.
      const shine = baked.frames[8].draws.find((d) => d.blend === 'additive' && d.dark !== null);
      assert.ok(shine?.dark !== undefined && shine.dark !== null && shine.dark[0] > 0.4, 'frame 8 has a lit dark colour');

      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const { page, errors } = await openEditor(context, site.url, `?renderer=${tier}`);
      await quietCanvas(page);
      const rgba = Buffer.from(pageRgba(1024, 512)).toString('base64');
      const ids = await page.evaluate(
        ({ clips, rgba, tex }) => {
          type Editor = { addVertexClip(...a: unknown[]): number };
          const engine = (window as unknown as { __spineParticle: { engine: { addImage(p: string, w: number, h: number, b: Uint8Array): void; withEditor<T>(f: (e: unknown) => T): T } } }).__spineParticle.engine;
          engine.addImage(tex, 1024, 512, Uint8Array.from(atob(rgba), (c) => c.charCodeAt(0)));
          const out: Record<string, number> = {};
          for (const [name, c] of Object.entries(clips) as [string, Record<string, number[] | string | number>][]) {
            out[name] = engine.withEditor((e) =>
              (e as Editor).addVertexClip(`coin:${name}`, c.fps, Float32Array.from(c.uvs as number[]), Uint32Array.from(c.indices as number[]), Uint32Array.from(c.topologies as number[]), Uint32Array.from(c.frames as number[]), Float32Array.from(c.positions as number[]), Uint32Array.from(c.draws as number[]), Float32Array.from(c.drawColors as number[]), c.options),
            );
          }
          return out;
        },
        { clips, rgba, tex: TEX },
      );
      const show = async (clip: number, frame: number): Promise<Pixels> => {
        await page.evaluate(
          ({ clip, timeSecs }) => {
            const engine = (window as unknown as { __spineParticle: { engine: { withEditor<T>(f: (e: unknown) => T): T } } }).__spineParticle.engine;
            engine.withEditor((e) => (e as { setClipInstances(j: string): void }).setClipInstances(JSON.stringify([{ clip, timeSecs, loop: false, x: 0, y: 0 }])));
            return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          },
          { clip, timeSecs: frame / 30 },
        );
        return (await canvasPixels(page)).pixels;
      };
      const empty = await show(0, 0);
      const start = await show(ids.animated, 0);
      assert.ok(changedInCentre(empty, start) > 2000, 'the uploaded coin is drawn');
      assert.equal(changedInCentre(start, await show(ids.frozen, 0)), 0, 'frame 0: the frozen colours are frame 0 colours');
      assert.equal(changedInCentre(start, await show(ids.noDark, 0)), 0, 'frame 0: no dark colour is lit yet');
      const animated = await show(ids.animated, 8);
      const frozen = changedInCentre(animated, await show(ids.frozen, 8));
      const noDark = changedInCentre(animated, await show(ids.noDark, 8));
      assert.ok(frozen > 10_000, `frame 8 with its own colours differs from frame-0 colours: ${frozen} pixels`);
      assert.ok(noDark > 10_000, `frame 8's dark colour changes pixels: ${noDark} pixels`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
