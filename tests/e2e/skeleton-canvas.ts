// The canvas around a dropped skeleton in end-to-end tests: the particles and the panels out of the
// way, and the pixels that changed in the canvas's centre (where the view puts the skeleton).
import type { Page } from 'playwright-core';
import { freezeAt, nextFrames, plainView, type Pixels, type SeamWindow } from './support';

/** Pixels of `b` differing from `a` by more than 30 (sum over RGB) inside the central box of half the size. */
export function changedInCentre(a: Pixels, b: Pixels): number {
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
export async function quietCanvas(page: Page): Promise<void> {
  await plainView(page);
  await freezeAt(page, 0);
  await page.evaluate(async () => {
    // Particles out of the way: the document without systems (a skeleton drop edits the
    // document too, and the engine is given the whole document after every edit).
    (window as unknown as SeamWindow).spineParticleTest.edit('no systems (test)', (d) => {
      d.systems = [];
    });
    const style = document.createElement('style');
    style.textContent = '#object-panels { visibility: hidden !important; }';
    document.head.appendChild(style);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Clicks the undo button and waits two frames for the canvas. */
export async function undo(page: Page): Promise<void> {
  await page.click('#undo-button');
  await nextFrames(page);
}
