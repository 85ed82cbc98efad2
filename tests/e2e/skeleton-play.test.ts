// End-to-end: the official coin 4.2 skeleton dropped with a synthesised atlas (every region named,
// tests/support/synth-atlas.ts) and a synthesised page PNG plays on the canvas through the
// renderer's vertex clips (web/skeleton/object/play.ts): the skeleton is drawn (its region differs from
// the canvas before the drop) and animates (pixels change between two moments while the particle
// timeline is paused), on WebGL2 and WebGPU. Also: pause stops the change; a second instance;
// the panel's rotation, scale and flip turn, scale and mirror the drawn vine about its position
// (the lit pixels' centroid and count) and undo restores the picture;
// after a lost GPU (a lost WebGL2 context, a destroyed WebGPU device) the same picture again.
// And the clip's per-frame colours: the coin baked in Node (web/skeleton/spine/bake.ts, clip.ts) and
// uploaded to the page's renderer as drawn, with its colours frozen at frame 0, and without its
// tint-black dark colours: at a frame where the front texture brightens and the additive shine's
// dark colour is lit, the three renders differ; at frame 0 they are identical. The coin as an
// object of the scene (list, rename, delete, reload): skeleton-scene.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { bakeAnimation, type BakedAnimation } from '../../web/skeleton/spine/bake';
import { clipOptionsJson, toVertexClip, writeInstances, type VertexClipArrays } from '../../web/skeleton/spine/clip';
import { loadSkeleton } from '../../web/skeleton/spine/load';
import { regionPaths, synthAtlas } from '../support/synth-atlas';
import { coreStepsCovering } from '../support/wasm';
import { changedInCentre, quietCanvas, undo } from './skeleton-canvas';
import { pageRgba, skeletonDrop, SPINE_FIXTURES } from './skeleton-files';
import { canvasPixels, documentOf, dropFiles, freezeAt, keepGpuDevices, loseGpu, meanAbsDiff, openEditor, useSite, type Pixels, type SeamWindow, type Tier } from './support';

const PAGE = 'coin-pro-4.2.png';
const COIN_JSON = readFileSync(join(SPINE_FIXTURES, 'coin-pro-4.2.json'), 'utf8');
const ATLAS = synthAtlas(regionPaths(COIN_JSON), PAGE, 1024, 512);

/**
 * The pixels of `p` differing from `empty` by more than 30 (sum over RGB): their count and their
 * centroid relative to the canvas centre (where the view puts the skeleton's position), in canvas px.
 */
function litFromCentre(empty: Pixels, p: Pixels): { n: number; x: number; y: number } {
  let [n, sx, sy] = [0, 0, 0];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      if (Math.abs(p.rgba[i] - empty.rgba[i]) + Math.abs(p.rgba[i + 1] - empty.rgba[i + 1]) + Math.abs(p.rgba[i + 2] - empty.rgba[i + 2]) > 30) {
        n++;
        sx += x;
        sy += y;
      }
    }
  }
  return { n, x: sx / n - p.width / 2, y: sy / n - p.height / 2 };
}

/** Sets a control of the (hidden) skeleton panel as a user's typing or click would. */
async function setControl(page: Page, control: string, value: string | boolean): Promise<void> {
  await page.evaluate(
    ([c, v]) => {
      const input = document.querySelector(`#skeleton-panel [data-control="${c}"]`) as HTMLInputElement;
      if (typeof v === 'boolean') input.checked = v;
      else input.value = v;
      input.dispatchEvent(new Event('change'));
      return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    },
    [control, value] as const,
  );
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

/** The coin's `.skel`, its synthesised atlas (`ATLAS`) and page (`PAGE`). */
const COIN_FILES = skeletonDrop('coin-pro-4.2', true);

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
      assert.equal(await page.$eval('#skeleton-panel [data-control="mipmaps"]', (e) => (e as HTMLInputElement).disabled), false);
      const status = await page.$eval('#skeleton-panel [data-role="play-status"]', (e) => ({ ...(e as HTMLElement).dataset, text: e.textContent ?? '' }) as Record<string, string>);
      assert.deepEqual([status.animation, status.frames, status.fps, status.text.startsWith('animation'), Number(status.vertices) > 0, Number(status.triangles) > 0], ['animation', '82', '30', true, true, true], JSON.stringify(status));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

      const first = (await canvasPixels(page)).pixels;
      const drawn = changedInCentre(empty, first);
      assert.ok(drawn > 2000, `the coin is drawn: ${drawn} pixels of the centre differ from the empty canvas`);
      // Skeleton time is scene time: 0.4 s later on the (paused) timeline, the coin has turned.
      await freezeAt(page, 0.4);
      const second = (await canvasPixels(page)).pixels;
      const moved = changedInCentre(first, second);
      assert.ok(moved > 200, `the coin animates: ${moved} pixels changed in 0.4 s (mean diff ${meanAbsDiff(first, second).toFixed(3)})`);

      // The timeline is paused: the picture holds.
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

      // A second instance at the view centre (recorded in the document).
      await page.evaluate(() => (document.querySelector('#skeleton-panel [data-action="add-instance"]') as HTMLButtonElement).click());
      assert.equal(await page.textContent('#skeleton-panel [data-field="instances"]'), '2');
      assert.equal(((await documentOf(page)).skeletons as { extraInstances: unknown[] }[])[0].extraInstances.length, 1);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('the panel turns, scales and flips the drawn skeleton about its position; undo restores it', async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const { page, errors } = await openEditor(context, site.url, `?renderer=${tier}`);
      await quietCanvas(page);
      const empty = (await canvasPixels(page)).pixels;
      // The vine at 0.5 s leans up and to the left of its root: every turn, mirror and scale shows.
      await dropFiles(page, skeletonDrop('vine-pro-4.2'));
      await page.waitForFunction(() => document.querySelector('#skeleton-panel [data-control="rotation"]') !== null, undefined, { timeout: 30_000 });
      const placed = await page.evaluate(() => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        const t = seam.doc().skeletons[0].transform;
        seam.setView([t.x, t.y], 0.6);
        return t;
      });
      assert.deepEqual([placed.rotationDeg, placed.scaleX, placed.scaleY], [0, 1, 1]);
      await freezeAt(page, 0.5);
      const base = (await canvasPixels(page)).pixels;
      const c0 = litFromCentre(empty, base);
      assert.ok(c0.n > 1500 && c0.y < -30 && c0.x < -15, `the vine is drawn up and left of its position: ${JSON.stringify(c0)}`);
      const transform = async (): Promise<number[]> => {
        const t = ((await documentOf(page)).skeletons as { transform: { rotationDeg: number; scaleX: number; scaleY: number } }[])[0].transform;
        return [t.rotationDeg, t.scaleX, t.scaleY];
      };
      /** The lit centroid is `want` (canvas px from the centre) within 3 px, and the count about `share` of the base's. */
      const expectShape = async (what: string, want: [number, number], share: number): Promise<Pixels> => {
        const { pixels } = await canvasPixels(page);
        const got = litFromCentre(empty, pixels);
        const off = Math.hypot(got.x - want[0], got.y - want[1]);
        assert.ok(off < 3, `${what}: centroid (${got.x.toFixed(1)}, ${got.y.toFixed(1)}), expected (${want[0].toFixed(1)}, ${want[1].toFixed(1)})`);
        assert.ok(Math.abs(got.n / c0.n - share) < 0.1 * share, `${what}: ${got.n} lit pixels against ${c0.n}, expected ×${share}`);
        return pixels;
      };

      // 90° clockwise on screen (y down): up-left turns to up-right, (x, y) → (−y, x).
      await setControl(page, 'rotation', '90');
      assert.deepEqual(await transform(), [90, 1, 1]);
      await expectShape('turned 90°', [-c0.y, c0.x], 1);
      // Scale 0.5 (uniform): half as far from the position, a quarter of the pixels.
      await setControl(page, 'placement-scale', '0.5');
      assert.deepEqual(await transform(), [90, 0.5, 0.5]);
      await expectShape('turned, scale 0.5', [-0.5 * c0.y, 0.5 * c0.x], 0.25);
      // Flip: mirrored in the skeleton's own x, then turned: (x, y) → (−y, −x) at half size.
      await setControl(page, 'flip', true);
      assert.deepEqual(await transform(), [90, -0.5, 0.5]);
      const flipped = await expectShape('turned, scale 0.5, flipped', [-0.5 * c0.y, -0.5 * c0.x], 0.25);
      assert.equal(await page.$eval('#skeleton-panel [data-control="placement-scale"]', (e) => (e as HTMLInputElement).value), '0.5');
      // The loader scale is a different field, untouched.
      assert.equal(((await documentOf(page)).skeletons as { scale: number }[])[0].scale, 1);

      // Undo, one step per edit: the picture and the panel come back.
      await undo(page);
      assert.deepEqual(await transform(), [90, 0.5, 0.5]);
      assert.ok(changedInCentre(flipped, (await canvasPixels(page)).pixels) > 200, 'undoing the flip changes the picture');
      await undo(page);
      await undo(page);
      assert.deepEqual(await transform(), [0, 1, 1]);
      assert.equal(changedInCentre(base, (await canvasPixels(page)).pixels), 0, 'after undo the vine is drawn as before');
      assert.equal(litFromCentre(empty, (await canvasPixels(page)).pixels).n, c0.n);
      assert.deepEqual(
        await page.$$eval('#skeleton-panel [data-control="rotation"], #skeleton-panel [data-control="placement-scale"], #skeleton-panel [data-control="flip"]', (els) =>
          els.map((e) => ((e as HTMLInputElement).type === 'checkbox' ? String((e as HTMLInputElement).checked) : (e as HTMLInputElement).value)),
        ),
        ['0', '1', 'false'],
      );
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('after a lost GPU (WebGL context or WebGPU device) the coin is rebuilt and drawn as before', async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await keepGpuDevices(context);
      const { page, errors } = await openEditor(context, site.url, `?renderer=${tier}`);
      await quietCanvas(page);
      const empty = (await canvasPixels(page)).pixels;
      await dropFiles(page, COIN_FILES);
      await page.waitForFunction(() => document.querySelector('#skeleton-panel [data-control="animation"]') !== null, undefined, { timeout: 30_000 });
      await freezeAt(page, 0.4);
      const before = (await canvasPixels(page)).pixels;
      assert.ok(changedInCentre(empty, before) > 2000, 'the coin is drawn before the loss');

      await loseGpu(page, tier);
      await freezeAt(page, 0.4);
      const after = (await canvasPixels(page)).pixels;
      const drawn = changedInCentre(empty, after);
      const changed = changedInCentre(before, after);
      assert.ok(drawn > 2000, `the coin is drawn again: ${drawn} pixels of the centre differ from the empty canvas`);
      assert.ok(changed < 50, `at the same scene time it looks as before the loss: ${changed} pixels differ`);
      await freezeAt(page, 0);
      const earlier = changedInCentre(after, (await canvasPixels(page)).pixels);
      assert.ok(earlier > 200, `and still animates: ${earlier} pixels change between 0.4 s and 0 s`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('plays per-frame colours and tint-black dark colours of the coin', async () => {
      const baked = bakeAnimation(loadSkeleton(COIN_JSON, ATLAS, { pageSizes: { [PAGE]: { width: 1024, height: 512 } } }), 'animation', { fps: 30, stepsCovering: await coreStepsCovering() });
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
          const engine = (window as unknown as SeamWindow).spineParticleTest.engine;
          engine.addImage(tex, 1024, 512, Uint8Array.from(atob(rgba), (c) => c.charCodeAt(0)));
          const out: Record<string, number> = {};
          for (const [name, c] of Object.entries(clips) as [string, Record<string, number[] | string | number>][]) {
            out[name] = engine.addVertexClip(`coin:${name}`, c.fps as number, Float32Array.from(c.uvs as number[]), Uint32Array.from(c.indices as number[]), Uint32Array.from(c.topologies as number[]), Uint32Array.from(c.frames as number[]), Float32Array.from(c.positions as number[]), Uint32Array.from(c.draws as number[]), Float32Array.from(c.drawColors as number[]), c.options as string);
          }
          return out;
        },
        { clips, rgba, tex: TEX },
      );
      const show = async (clip: number, frame: number): Promise<Pixels> => {
        await page.evaluate(
          (values) => {
            (window as unknown as SeamWindow).spineParticleTest.engine.setClipInstanceArray(Float64Array.from(values));
            return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          },
          Array.from(writeInstances([{ clip, timeSecs: frame / 30, loop: false, x: 0, y: 0 }])),
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
