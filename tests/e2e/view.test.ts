// End-to-end (WebGL2 tier): the view frames the effect. A scene opened from a file whose
// particles fly 1,200 px to the right, wider than the canvas at zoom 1, opens zoomed out with its
// whole flight on the canvas (the view centred on the systems' origins at 100 % showed half of
// it, the heads past the right edge); the Frame button brings that view back after a pan.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { canvasPixels, documentOf, freezeAt, openEditor, plainView, useSite, type Pixels, type SeamWindow } from './support';

const site = useSite('webgl2');

/** A line of white dots from the origin to 1,200 px right of it after 3 s. */
const FLIGHT = {
  version: 1,
  systems: [
    {
      name: 'Flight',
      mode: 'oneShot',
      durationSecs: 3,
      ratePerSec: 10,
      maxParticles: 100,
      lifetimeSecs: { min: 3.2, max: 3.2 },
      speed: { min: 400, max: 400 },
      directionDeg: 0,
      spreadDeg: 0,
      gravity: [0, 0],
      startScale: { min: 1, max: 1 },
      colorGradient: [{ t: 0, color: '#ffffff' }],
      alphaCurve: [{ t: 0, v: 1 }],
      textures: ['builtin:soft_dot'],
    },
  ],
};

/** First and last canvas columns with a lit pixel (red channel above 100), or null. */
function litColumns(p: Pixels): [number, number] | null {
  let lo = -1;
  let hi = -1;
  for (let x = 0; x < p.width; x++) {
    for (let y = 0; y < p.height; y++) {
      if (p.rgba[(y * p.width + x) * 4] > 100) {
        if (lo < 0) lo = x;
        hi = x;
        break;
      }
    }
  }
  return lo < 0 ? null : [lo, hi];
}

/** Opens `scene` as a user does: a scene file dropped on the page. */
async function dropScene(page: Page, scene: unknown): Promise<void> {
  await page.evaluate((json) => {
    const dt = new DataTransfer();
    dt.items.add(new File([json], 'flight.json', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, JSON.stringify(scene));
  await page.waitForFunction(() => (window as unknown as SeamWindow).spineParticleTest.doc().systems[0]?.name === 'Flight');
}

describe('the view frames the effect (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    ({ page, errors } = await openEditor(context, site.url, '?renderer=webgl2'));
    await plainView(page);
  });
  after(async () => {
    await context.close();
  });

  it('an opened scene shows its whole flight, zoomed out; Frame brings the view back after a pan', async () => {
    await dropScene(page, FLIGHT);
    assert.equal((await documentOf(page)).systems.length, 1);
    const zoom = Number((await page.textContent('#zoom-readout'))?.replace('%', ''));
    assert.ok(zoom < 100 && zoom >= 30, `zoomed out to fit 1,200 px (${zoom} %)`);
    // The last moment of the flight: dots from the origin to 1,160 px right of it, all on the canvas.
    await freezeAt(page, 2.95);
    const framed = (await canvasPixels(page)).pixels;
    const cols = litColumns(framed);
    assert.ok(cols !== null, 'the dots are drawn');
    const [lo, hi] = cols;
    assert.ok(lo > 4 && hi < framed.width - 5, `neither end cut by the canvas edge (columns ${lo}..${hi} of ${framed.width})`);
    assert.ok(hi - lo > framed.width * 0.5, `the flight fills the view (columns ${lo}..${hi} of ${framed.width})`);

    // Panned away and zoomed in, then Frame: the same view again.
    await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([900, 400], 2));
    await freezeAt(page, 2.95);
    assert.equal(litColumns((await canvasPixels(page)).pixels), null, 'panned off the dots');
    await page.evaluate(() => document.getElementById('e2e-hide-overlays')?.remove());
    await page.click('#fit-view');
    await freezeAt(page, 2.95);
    assert.deepEqual(litColumns((await canvasPixels(page)).pixels), cols, 'Frame restores the framed view');
    assert.equal(Number((await page.textContent('#zoom-readout'))?.replace('%', '')), zoom);
    assert.deepEqual(errors, []);
  });
});
