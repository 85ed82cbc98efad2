// End-to-end, on both renderer tiers (WebGPU and WebGL2): a document with a collider and a path
// (loaded through the test seam; the canvas tools to draw them are the UI's, not here) draws the
// collider's line in its colour where the simulation has it and the path in its own colour; the
// collider's eye hides the line; and the preview's particles, falling onto the line, stay above
// it (they bounce), while without the collider they fall through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { canvasPixels, freezeAt, openEditor, plainView, useSite, type Pixels, type SeamWindow, type Tier } from './support';
import { fallingDrops } from './falling-drops';

/** The floor (scene y = FLOOR_Y from x = −200 to 200) and a path at y = PATH_Y, zoom 1, pan 0. */
const FLOOR_Y = 100;
const PATH_Y = -150;

const scene = (withFloor: boolean, floorVisible = true) =>
  JSON.stringify({
    version: 1,
    systems: [fallingDrops()],
    colliders: withFloor ? [{ name: 'Floor', visible: floorVisible, shape: { kind: 'segment', a: [-200, FLOOR_Y], b: [200, FLOOR_Y] } }] : [],
    paths: [{ name: 'Route', kind: 'polyline', points: [[-200, PATH_Y], [200, PATH_Y]] }],
  });

/** Collider orange (255, 160, 64 at 0.9 alpha) over black: clearly red > green > blue. */
const isOrange = (r: number, g: number, b: number) => r > 150 && g > 80 && g < 200 && b < 110 && r - g > 50;
/** Path cyan (72, 208, 255 at 0.82 alpha) over black. */
const isCyan = (r: number, g: number, b: number) => b > 150 && g > 120 && r < 110;
/** A white particle. */
const isWhite = (r: number, g: number, b: number) => r > 120 && g > 120 && b > 120 && Math.abs(r - b) < 40;

interface Frame {
  p: Pixels;
  /** Screenshot pixel of a scene point. */
  at(x: number, y: number): [number, number];
}

async function frame(page: Page, t: number): Promise<Frame> {
  await freezeAt(page, t);
  const view = await page.evaluate(() => {
    const seam = (window as unknown as SeamWindow).spineParticleTest;
    const r = (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect();
    const { pan, zoom } = seam.view();
    return { panX: pan[0], panY: pan[1], zoom, width: r.width, height: r.height };
  });
  const p = (await canvasPixels(page)).pixels;
  const s = p.width / view.width;
  return {
    p,
    at: (x, y) => [
      Math.round((view.width / 2 + (x - view.panX) * view.zoom) * s),
      Math.round((view.height / 2 + (y - view.panY) * view.zoom) * s),
    ],
  };
}

/** Screenshot pixels matching `test` in the box of half-size `r` around scene point (x, y). */
function count(f: Frame, x: number, y: number, r: number, test: (r: number, g: number, b: number) => boolean): number {
  const [cx, cy] = f.at(x, y);
  let n = 0;
  for (let py = cy - r; py <= cy + r; py++) {
    for (let px = cx - r; px <= cx + r; px++) {
      if (px < 0 || py < 0 || px >= f.p.width || py >= f.p.height) continue;
      const i = (py * f.p.width + px) * 4;
      if (test(f.p.rgba[i], f.p.rgba[i + 1], f.p.rgba[i + 2])) n++;
    }
  }
  return n;
}

/** Lowest scene y (largest) of the white pixels, over the floor's width. */
function lowestWhite(f: Frame): number {
  const [x0] = f.at(-150, 0);
  const [x1] = f.at(150, 0);
  let lowest = -Infinity;
  for (let py = 0; py < f.p.height; py++) {
    for (let px = x0; px <= x1; px++) {
      const i = (py * f.p.width + px) * 4;
      if (isWhite(f.p.rgba[i], f.p.rgba[i + 1], f.p.rgba[i + 2])) lowest = Math.max(lowest, py);
    }
  }
  // Back to scene y (zoom 1 at the screenshot's scale).
  const [, y0] = f.at(0, 0);
  const [, y1] = f.at(0, 1);
  return (lowest - y0) / (y1 - y0);
}

for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
  describe(`colliders and paths on the ${tier} canvas`, () => {
    const site = useSite(tier);
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    const load = async (json: string) => {
      await page.evaluate((j) => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        if (!seam.replaceScene(j, 'colliders test')) throw new Error('scene refused');
        seam.setView([0, 0], 1);
      }, json);
    };

    before(async () => {
      context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      ({ page, errors } = await openEditor(context, site.url, `?renderer=${tier}`));
      await page.waitForFunction((t) => document.getElementById('status-tier')?.textContent === t, tier === 'webgpu' ? 'WebGPU' : 'WebGL2');
      await plainView(page);
      await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    });
    after(async () => {
      await context?.close();
    });

    it('draws the collider line and the path where they are, and the eye hides the line', async () => {
      await load(scene(true));
      const f = await frame(page, 0);
      for (const x of [-180, -60, 60, 180]) {
        assert.ok(count(f, x, FLOOR_Y, 2, isOrange) >= 2, `${tier}: floor line at x = ${x}`);
        assert.equal(count(f, x, FLOOR_Y + 12, 2, isOrange), 0, `${tier}: nothing orange 12 px under the floor at x = ${x}`);
        assert.ok(count(f, x, PATH_Y, 2, isCyan) >= 2, `${tier}: path at x = ${x}`);
      }
      assert.equal(count(f, 260, FLOOR_Y, 3, isOrange), 0, `${tier}: the line stops at its end`);
      await load(scene(true, false));
      const hidden = await frame(page, 0);
      for (const x of [-180, 0, 180]) assert.equal(count(hidden, x, FLOOR_Y, 2, isOrange), 0, `${tier}: hidden floor at x = ${x}`);
      assert.deepEqual(errors, []);
    });

    it('falling particles stay above the line, and fall through without it', async () => {
      await load(scene(true));
      const on = await frame(page, 2.0);
      const stopped = lowestWhite(on);
      // Particle centres stop on the line; the 64 px soft dot at scale 0.3 reaches 9.6 px below.
      const halfSprite = (64 * 0.3) / 2;
      assert.ok(stopped > FLOOR_Y - 12 && stopped <= FLOOR_Y + halfSprite, `${tier}: particles rest on the floor (lowest white at y ${stopped.toFixed(1)})`);
      await load(scene(false));
      const off = await frame(page, 2.0);
      assert.ok(lowestWhite(off) > FLOOR_Y + 60, `${tier}: without the floor they fall past it (lowest white at y ${lowestWhite(off).toFixed(1)})`);
      assert.deepEqual(errors, []);
    });
  });
}
