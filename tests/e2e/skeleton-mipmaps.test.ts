// End-to-end: "Force trilinear mipmaps on atlas pages" (the skeleton panel's option, the original
// loader's small-size flicker fix). The coin is dropped with a page of fine diagonal stripes and
// loaded at 8 % of its size, so its atlas page is minified about twelve times: bilinear sampling
// of level 0 aliases the stripes into high-contrast noise, trilinear sampling of the mip chain
// averages them. With the option on, the coin's pixels must change and their pixel-to-pixel
// contrast must drop clearly; switching it off again gives the first picture back exactly, and
// the option is saved in the document (undoable).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { skeletonDrop } from './skeleton-files';
import { canvasPixels, documentOf, dropFiles, freezeAt, openEditor, plainView, useSite, type Pixels, type SeamWindow } from './support';

/** Sum over the canvas of |Δ| between horizontal neighbours (RGB), and the lit pixel count. */
function contrast(p: Pixels): { energy: number; lit: number } {
  let [energy, lit] = [0, 0];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x + 1 < p.width; x++) {
      const i = (y * p.width + x) * 4;
      const d = Math.abs(p.rgba[i] - p.rgba[i + 4]) + Math.abs(p.rgba[i + 1] - p.rgba[i + 5]) + Math.abs(p.rgba[i + 2] - p.rgba[i + 6]);
      energy += d;
      if (p.rgba[i] + p.rgba[i + 1] + p.rgba[i + 2] > 30) lit++;
    }
  }
  return { energy, lit };
}

function differing(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let i = 0; i < a.rgba.length; i += 4) if (Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]) > 12) n++;
  return n;
}

async function setMipmaps(page: Page, on: boolean): Promise<void> {
  await page.$eval(
    '#skeleton-panel [data-control="mipmaps"]',
    (el, v) => {
      const input = el as HTMLInputElement;
      input.checked = v;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    on,
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

describe('trilinear mipmaps on atlas pages', () => {
  const site = useSite('webgpu');

  it('smooths a skeleton drawn much smaller than its atlas page, and switches back exactly', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, errors } = await openEditor(context, site.url);
    await plainView(page);
    await dropFiles(page, skeletonDrop('coin-pro-4.2', true));
    await page.waitForSelector('#skeleton-panel [data-control="mipmaps"]', { timeout: 60_000 });
    await page.evaluate(() => {
      (window as unknown as SeamWindow).spineParticleTest.edit('small coin (test)', (d) => {
        d.systems = [];
        d.skeletons[0].scale = 0.08;
      });
    });
    await freezeAt(page, 0.5);
    await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const bilinear = (await canvasPixels(page)).pixels;
    await setMipmaps(page, true);
    const doc = (await documentOf(page)) as unknown as { skeletons: { mipmaps: boolean }[] };
    assert.equal(doc.skeletons[0].mipmaps, true, 'the option is saved in the document');
    const trilinear = (await canvasPixels(page)).pixels;
    const [a, b] = [contrast(bilinear), contrast(trilinear)];
    assert.ok(a.lit > 200, `the small coin is drawn: ${a.lit} lit pixels`);
    assert.ok(differing(bilinear, trilinear) > 50, `mipmaps change the picture: ${differing(bilinear, trilinear)} pixels`);
    assert.ok(b.energy < 0.8 * a.energy, `mipmaps smooth the minified stripes: contrast ${b.energy} vs ${a.energy} without`);
    await setMipmaps(page, false);
    const again = (await canvasPixels(page)).pixels;
    assert.equal(differing(bilinear, again), 0, 'switching the option off gives the bilinear picture back');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
