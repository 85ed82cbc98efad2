// End-to-end (WebGL2 tier): the emitter-shape gizmo over the canvas, driven with the mouse as a
// user does. Dragging a circle's radius handle changes the document's radius by the dragged
// distance in scene units (nothing is recorded until the release), changes the canvas, and one
// undo restores both; Shift snaps to 10 px and Escape abandons a drag; the rotate handle of a
// rectangle turns the system (the resize cursors turn with it), the scale handle scales it; a drag
// released where it began leaves the recorded document on the canvas, not its last preview; the
// outline is absent when no system is selected or shown, and hidden in screenshots taken through
// freezeAt.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { canvasPixels, documentOf, freezeAt, meanAbsDiff, openPlainEditor, overlayElement, showOverlays, useSite, type SeamWindow } from './support';

const site = useSite('webgl2');

type Doc = Awaited<ReturnType<typeof documentOf>>;

/** One slow system of the page's own default scene with `over` applied, as the whole scene, selected, at zoom 2. */
async function oneSystem(page: Page, over: Record<string, unknown>): Promise<void> {
  const base = await documentOf(page);
  const sys = {
    ...base.systems[0],
    transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 },
    visible: true,
    speed: { min: 4, max: 4 },
    gravity: [0, 0],
    forces: [],
    ratePerSec: 300,
    maxParticles: 2000,
    lifetimeSecs: { min: 2, max: 2 },
    ...over,
  };
  const ok = await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'e2e'), JSON.stringify({ ...base, systems: [sys] }));
  assert.ok(ok, 'the scene loads');
  await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 2));
  await page.click('#system-list li[data-index="0"] .name');
}

/** The overlay element `selector` once the overlay has settled (see `overlayElement`); fails when it is not drawn. */
async function settled(page: Page, selector: string): Promise<{ centre: [number, number]; bboxWidth: number; cursor: string }> {
  const found = await overlayElement(page, selector);
  assert.ok(found !== null, `${selector} is drawn`);
  return found;
}

/** Centre of an overlay element, CSS pixels. */
async function centreOf(page: Page, selector: string): Promise<[number, number]> {
  return (await settled(page, selector)).centre;
}

/** The canvas middle (scene (0, 0) with the view panned there), CSS pixels. */
async function canvasMiddle(page: Page): Promise<[number, number]> {
  const box = await page.locator('#canvas').boundingBox();
  assert.ok(box !== null);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const grip = (key: string): string => `.shape-handle.${key} .shape-grip`;
const emitterOf = (d: Doc): Record<string, number | boolean | string> => d.systems[0].emitter as unknown as Record<string, number | boolean | string>;
const rotationOf = (d: Doc): number => (d.systems[0].transform as { rotationDeg: number }).rotationDeg;
const near = (a: number, b: number, eps: number): boolean => Math.abs(a - b) < eps;

describe('emitter shape gizmo (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ context, page, errors } = await openPlainEditor(site, { viewport: { width: 1280, height: 900 } }));
  });
  after(async () => {
    await context?.close();
  });

  it('dragging the radius handle resizes the circle by the dragged distance; one undo restores it', async () => {
    await oneSystem(page, { emitter: { kind: 'circle', radius: 40, edge: true } });
    await freezeAt(page, 1.5);
    const before = (await canvasPixels(page)).pixels;
    // freezeAt hides the gizmos in screenshots.
    assert.equal(await page.locator('.canvas-gizmos').evaluate((e) => getComputedStyle(e).display), 'none');
    await showOverlays(page);
    assert.equal(await page.locator('.shape-outline.circle').count(), 1, 'the outline is drawn');

    const [mx, my] = await canvasMiddle(page);
    const [x, y] = await centreOf(page, grip('radius'));
    // The handle sits on the circle: (40, 0) scene px at zoom 2 is 80 CSS px right of the middle.
    assert.ok(near(x, mx + 80, 1.5) && near(y, my, 1.5), `handle at (${x}, ${y}), middle (${mx}, ${my})`);
    assert.equal((await settled(page, grip('radius'))).cursor, 'ew-resize', 'a resize cursor along the handle');
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(x + i * 10, y);
    assert.equal(emitterOf(await documentOf(page)).radius, 40, 'nothing is recorded while dragging');
    await page.mouse.up();
    const radius = emitterOf(await documentOf(page)).radius as number;
    assert.ok(near(radius, 40 + 60 / 2, 0.05), `radius grew by 60 CSS px / zoom 2 = 30 scene px: ${radius}`);
    // The outline followed: the circle is now 2 × 70 scene px = 280 CSS px across.
    // (Its geometry box: the client box adds Chromium's stroke allowance.)
    const outline = (await settled(page, '.shape-outline.circle')).bboxWidth;
    assert.ok(near(outline, 280, 1), `outline width ${outline}`);

    await freezeAt(page, 1.5);
    const after = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, after) > 0.05, `the canvas changed (${meanAbsDiff(before, after)})`);

    await page.click('#undo-button');
    assert.equal(emitterOf(await documentOf(page)).radius, 40, 'one undo restores the radius');
    await freezeAt(page, 1.5);
    assert.ok(meanAbsDiff(before, (await canvasPixels(page)).pixels) < 0.01, 'and the canvas');
    assert.deepEqual(errors, []);
  });

  it('Shift snaps the radius to 10 px; Escape abandons a drag', async () => {
    await showOverlays(page);
    const [x, y] = await centreOf(page, grip('radius'));
    await page.keyboard.down('Shift');
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(x + i * 7, y);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    assert.equal(emitterOf(await documentOf(page)).radius, 50, '40 + 14 snapped to 50');

    const [x2, y2] = await centreOf(page, grip('radius'));
    await page.mouse.move(x2, y2);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(x2 + i * 10, y2);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    assert.equal(emitterOf(await documentOf(page)).radius, 50, 'an abandoned drag changes nothing');
    await page.click('#undo-button');
    assert.equal(emitterOf(await documentOf(page)).radius, 40, 'and records nothing: one undo takes back the snapped drag');
  });

  it('a drag released where it began records nothing and the canvas shows the recorded circle, not the last preview', async () => {
    await freezeAt(page, 1.5);
    const before = (await canvasPixels(page)).pixels;
    await showOverlays(page);
    const [x, y] = await centreOf(page, grip('radius'));
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(x + i * 10, y);
    // The preview of the larger circle is on the canvas…
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // …then back to the start and released in the same task (no frame between them shows the
    // start's preview: what the release does decides what the canvas shows).
    await page.evaluate(
      ([px, py]) => {
        const svg = document.querySelector('.canvas-gizmos') as SVGSVGElement;
        for (const type of ['pointermove', 'pointerup']) svg.dispatchEvent(new PointerEvent(type, { pointerId: 1, clientX: px, clientY: py, bubbles: true }));
      },
      [x, y],
    );
    await page.mouse.up();
    assert.equal(emitterOf(await documentOf(page)).radius, 40, 'nothing changed');
    await freezeAt(page, 1.5);
    const now = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, now) < 0.01, `the recorded circle is drawn (${meanAbsDiff(before, now)})`);
    assert.deepEqual(errors, []);
  });

  it('the rotate handle of a rectangle turns the system; one undo restores it', async () => {
    await oneSystem(page, { emitter: { kind: 'rect', width: 120, height: 40, edge: false } });
    await freezeAt(page, 1.5);
    const before = (await canvasPixels(page)).pixels;
    await showOverlays(page);
    assert.equal(await page.locator('.shape-outline.rect').count(), 1);
    assert.equal((await settled(page, grip('width'))).cursor, 'ew-resize');

    const [mx, my] = await canvasMiddle(page);
    const [x, y] = await centreOf(page, grip('rotate'));
    // Above the top edge: (0, −20) scene px at zoom 2, plus 28 CSS px.
    assert.ok(near(x, mx, 1.5) && near(y, my - 40 - 28, 1.5), `rotate handle at (${x}, ${y})`);
    const r = my - y;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // A quarter turn clockwise around the system's origin, in steps.
    for (let i = 1; i <= 9; i++) {
      const a = (i / 9) * (Math.PI / 2);
      await page.mouse.move(mx + r * Math.sin(a), my - r * Math.cos(a));
    }
    assert.equal(rotationOf(await documentOf(page)), 0, 'nothing is recorded while turning');
    await page.mouse.up();
    const rotation = rotationOf(await documentOf(page));
    assert.ok(near(rotation, 90, 1.5), `turned a quarter clockwise: ${rotation}`);
    // The width handle is now below the middle, and its cursor turned with it.
    const [wx, wy] = await centreOf(page, grip('width'));
    assert.ok(near(wx, mx, 3) && near(wy, my + 120, 3), `width handle at (${wx}, ${wy})`);
    assert.equal((await settled(page, grip('width'))).cursor, 'ns-resize');

    await freezeAt(page, 1.5);
    const after = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, after) > 0.05, `the canvas changed (${meanAbsDiff(before, after)})`);
    await page.click('#undo-button');
    assert.equal(rotationOf(await documentOf(page)), 0, 'one undo restores the rotation');
    await freezeAt(page, 1.5);
    assert.ok(meanAbsDiff(before, (await canvasPixels(page)).pixels) < 0.01, 'and the canvas');
    assert.deepEqual(errors, []);
  });

  it('the scale handle scales the system by the dragged distance from its origin; one undo restores it', async () => {
    await oneSystem(page, { emitter: { kind: 'circle', radius: 30, edge: false } });
    await freezeAt(page, 1.5);
    const before = (await canvasPixels(page)).pixels;
    await showOverlays(page);
    const [mx, my] = await canvasMiddle(page);
    const [x, y] = await centreOf(page, grip('scale'));
    // Beyond R·(√½, √½) scene px at zoom 2, plus 20 CSS px along the diagonal.
    const d = (2 * 30 + 20) * Math.SQRT1_2;
    assert.ok(near(x, mx + d, 1.5) && near(y, my + d, 1.5), `scale handle at (${x}, ${y})`);
    assert.equal((await settled(page, grip('scale'))).cursor, 'nwse-resize');
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Out to 1.5× its distance from the origin, in steps.
    for (let i = 1; i <= 6; i++) await page.mouse.move(mx + d * (1 + i / 12), my + d * (1 + i / 12));
    const scaleOf = (doc: Doc): [number, number] => {
      const tr = doc.systems[0].transform as { scaleX: number; scaleY: number };
      return [tr.scaleX, tr.scaleY];
    };
    assert.deepEqual(scaleOf(await documentOf(page)), [1, 1], 'nothing is recorded while scaling');
    await page.mouse.up();
    const [sx, sy] = scaleOf(await documentOf(page));
    assert.ok(near(sx, 1.5, 0.03) && sx === sy, `scaled ×1.5 uniformly: ${sx}, ${sy}`);
    // The radius handle is now at 1.5 R from the middle.
    const [rx, ry] = await centreOf(page, grip('radius'));
    assert.ok(near(rx, mx + 2 * 30 * sx, 1.5) && near(ry, my, 1.5), `radius handle at (${rx}, ${ry})`);
    await freezeAt(page, 1.5);
    const after = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, after) > 0.05, `the canvas changed (${meanAbsDiff(before, after)})`);
    await page.click('#undo-button');
    assert.deepEqual(scaleOf(await documentOf(page)), [1, 1], 'one undo restores the scale');
    await freezeAt(page, 1.5);
    assert.ok(meanAbsDiff(before, (await canvasPixels(page)).pixels) < 0.01, 'and the canvas');
    assert.deepEqual(errors, []);
  });

  it('no outline without a selected, shown system', async () => {
    await oneSystem(page, { emitter: { kind: 'arc', radius: 60, startDeg: 0, spanDeg: 180, thicknessPx: 10 } });
    await showOverlays(page);
    assert.equal(await page.locator('.shape-outline.arc.band').count(), 1, 'an arc band is drawn');
    assert.equal(await page.locator('.shape-handle .shape-grip').count(), 5, 'radius, start, span, inner-edge and scale handles');
    const base = await documentOf(page);
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'e2e'), JSON.stringify({ ...base, systems: [{ ...base.systems[0], visible: false }] })));
    await showOverlays(page);
    assert.equal(await page.locator('.canvas-gizmos *').count(), 0, 'a hidden system shows no gizmo');
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'e2e'), JSON.stringify({ ...base, systems: [] })));
    await showOverlays(page);
    assert.equal(await page.locator('.canvas-gizmos *').count(), 0, 'no system selected: nothing drawn');
    assert.deepEqual(errors, []);
  });
});
