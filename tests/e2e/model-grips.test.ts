// End-to-end (WebGL2 tier): the canvas grips of the MS3D model shown in the model panel
// (web/models/grip-handles.ts over the gizmo overlay), driven with the mouse as a user does. A
// synthetic model written by the CLI (`spineparticle ms3d synth`) is dropped and its panel opens:
// a move grip on the model, a turn knob and a scale diamond beside it. Dragging the move grip
// previews the model moving on the canvas (the engine draws the edited copy) with nothing
// recorded, and on release records the transform at the dragged place (the model's pixels moved by
// the drag). The knob dragged a quarter turn with Shift records 90°; with the model flipped in the
// panel, the diamond dragged to 1.5 times its distance with Shift records the scale 1.5, still
// flipped (the model drawn larger). Escape in the middle of a drag restores the document and the
// picture; undo takes back each step, down to the picture of before. A move drag far past the
// document's x limit leaves the model at the limit, with no error shown; with Shift the model
// lands on the canvas grid of the current zoom (10 px steps with the grid hidden, as the force
// centres). No grips while the model is hidden.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { runCli } from '../support/cli';
import { tempDir } from '../support/tmp';
import { canvasAt, changedPixels, litPixels, documentOf, dropFiles, nextFrames as frames, openPlainEditor, overlayElement, type Pixels, type SeamWindow, showOverlays, shownErrors, useSite } from './support';

const site = useSite('webgl2');
const dir = tempDir('sp-model-grips-e2e-', after);

/** The scene time every picture is taken at (the model is animated). */
const T = 0.3;

type Transform = { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number };
type Model = { name: string; transform: Transform; visible: boolean };

const model = async (page: Page): Promise<Model> => ((await documentOf(page)).models as Model[])[0];
const near = (a: number, b: number, eps: number): boolean => Math.abs(a - b) <= eps;

/** The canvas at scene time {@link T} (overlays hidden). */
const shot = (page: Page): Promise<Pixels> => canvasAt(page, T);

/** Count and centroid of the lit pixels of the whole canvas (support.ts `litPixels`). */
const lit = (p: Pixels): { n: number; x: number; y: number } => litPixels(p, 0, p.width);
/** Pixels that differ anywhere on the canvas (support.ts `changedPixels`). */
const changed = (a: Pixels, b: Pixels): number => changedPixels(a, b, 0, a.width);

/** The canvas middle, CSS px (read each time: the page's rows settle after the systems go). */
const middle = (page: Page): Promise<[number, number]> =>
  page.evaluate(() => {
    const r = (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2] as [number, number];
  });

/** Centre (CSS px) of the model's grip with `role`, once the overlay has settled; fails when it is not drawn. */
async function grip(page: Page, role: 'move' | 'turn' | 'scale'): Promise<[number, number]> {
  const found = await overlayElement(page, `.model-handle.${role}[data-key="0/${role}"] .gizmo-grip`);
  assert.ok(found !== null, `the model's ${role} grip is drawn`);
  return found.centre;
}

const gripCount = (page: Page): Promise<number> => page.evaluate(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return document.querySelectorAll('.canvas-gizmos .model-handle .gizmo-grip').length;
});

/** Presses at `from` (Shift held first when `shift`) and moves through `steps` points of `path` (0 < f ≤ 1), without releasing ({@link release}). */
async function drag(page: Page, from: [number, number], path: (f: number) => [number, number], opts: { shift?: boolean; steps?: number } = {}): Promise<void> {
  if (opts.shift === true) await page.keyboard.down('Shift');
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  const steps = opts.steps ?? 6;
  for (let i = 1; i <= steps; i++) await page.mouse.move(...path(i / steps));
}

/** Places the model at (`x`, `y`) (one recorded edit) and centres the view on it at `zoom`. */
async function placeAt(page: Page, x: number, y: number, zoom: number): Promise<void> {
  const ok = await page.evaluate(
    ([px, py, z]) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      const done = seam.edit('place (e2e)', (d) => {
        d.models[0].transform.x = px;
        d.models[0].transform.y = py;
      });
      seam.setView([px, py], z);
      return done;
    },
    [x, y, zoom],
  );
  assert.ok(ok, `the model placed at (${x}, ${y})`);
}

/** Drags the model's move grip by (`dx`, `dy`) CSS px (Shift held when `shift`) and releases. */
async function moveBy(page: Page, dx: number, dy: number, shift = false): Promise<void> {
  await showOverlays(page);
  const [gx, gy] = await grip(page, 'move');
  await drag(page, [gx, gy], (f) => [gx + dx * f, gy + dy * f], { shift, steps: 6 });
  await release(page);
  await frames(page);
}

/** Releases the mouse (and Shift). */
async function release(page: Page): Promise<void> {
  await page.mouse.up();
  await page.keyboard.up('Shift');
}

describe('model grips on the canvas (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  /** The model's place when dropped. */
  let start: Transform;
  /** The screenshot's pixels per CSS px. */
  let ratio = 1;
  /** The pictures after each recorded step. */
  let placed: Pixels;
  let moved: Pixels;
  let turned: Pixels;
  let flipped: Pixels;

  before(async () => {
    const path = join(dir, 'synth.ms3d');
    runCli(['ms3d', 'synth', path]);
    ({ context, page, errors } = await openPlainEditor(site, { viewport: { width: 1280, height: 900 } }));
    // No particle systems: the model is the only thing drawn.
    assert.ok(await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.edit('no systems (e2e)', (d) => void (d.systems = []))));
    await dropFiles(page, [{ name: 'synth.ms3d', bytes: new Uint8Array(readFileSync(path)) }]);
    await page.waitForSelector('.model-card .model-counts', { timeout: 30_000 });
    start = (await model(page)).transform;
    assert.deepEqual([start.rotationDeg, start.scaleX, start.scaleY], [0, 1, 1]);
    // The panel floats over the canvas: out of the pointer's way and of the pictures (it stays open).
    await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    const width = await page.evaluate(
      ([px, py]) => {
        (window as unknown as SeamWindow).spineParticleTest.setView([px, py], 1);
        return (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect().width;
      },
      [start.x, start.y],
    );
    placed = await shot(page);
    ratio = placed.width / width;
    assert.ok(lit(placed).n > 500, `the model is drawn: ${lit(placed).n} lit pixels`);
  });
  after(async () => {
    await context?.close();
  });

  it('draws a move grip on the model, a turn knob and a scale diamond beside it', async () => {
    await showOverlays(page);
    assert.equal(await gripCount(page), 3);
    const [mx, my] = await grip(page, 'move');
    const mid = await middle(page);
    assert.ok(near(mx, mid[0], 1.5) && near(my, mid[1], 1.5), `the move grip at (${mx}, ${my}), the middle (${mid[0]}, ${mid[1]})`);
    const [kx, ky] = await grip(page, 'turn');
    assert.ok(near(kx, mx + 56, 1.5) && near(ky, my, 1.5), `the knob at (${kx}, ${ky})`);
    const [sx, sy] = await grip(page, 'scale');
    assert.ok(near(sx, mx + 48 * Math.SQRT1_2, 1.5) && near(sy, my + 48 * Math.SQRT1_2, 1.5), `the diamond at (${sx}, ${sy})`);
    // Titles in the page's language (Chinese by default).
    assert.equal(await page.$eval('.model-handle.move title', (e) => e.textContent), '拖动以移动模型“synth”（按住 Shift：吸附到网格，无网格时 10 像素）');
    assert.equal(await page.$eval('.model-handle.scale title', (e) => e.textContent), '拖动以缩放模型“synth”：远离它放大，靠近它缩小（按住 Shift：以 0.1 为步长）');
    assert.deepEqual(errors, []);
  });

  it('dragging the move grip previews, then records the transform once at the dragged place', async () => {
    await showOverlays(page);
    const [gx, gy] = await grip(page, 'move');
    await drag(page, [gx, gy], (f) => [gx + 60 * f, gy + 40 * f]);
    assert.deepEqual((await model(page)).transform, start, 'nothing is recorded while dragging');
    const during = await shot(page);
    await showOverlays(page);
    const [was, now] = [lit(placed), lit(during)];
    assert.ok(near(now.x - was.x, 60 * ratio, 2) && near(now.y - was.y, 40 * ratio, 2), `the preview moves the model with the pointer: its centroid moved (${(now.x - was.x).toFixed(1)}, ${(now.y - was.y).toFixed(1)})`);
    await release(page);

    const t = (await model(page)).transform;
    assert.ok(near(t.x, start.x + 60, 1.01) && near(t.y, start.y + 40, 1.01), `the model at (${t.x}, ${t.y}), dragged to (${start.x + 60}, ${start.y + 40})`);
    assert.deepEqual([t.x, t.y], [t.x, t.y].map((v) => Math.round(v * 100) / 100), 'rounded to 0.01');
    assert.deepEqual([t.rotationDeg, t.scaleX, t.scaleY], [0, 1, 1]);
    assert.equal(await page.$eval('.model-card .model-x', (e) => (e as HTMLInputElement).value), String(Math.round(t.x * 1000) / 1000), 'the panel shows where it went');
    // The canvas keeps the recorded place.
    moved = await shot(page);
    const after = lit(moved);
    const want = [(t.x - start.x) * ratio, (t.y - start.y) * ratio];
    assert.ok(near(after.x - was.x, want[0], 1.5) && near(after.y - was.y, want[1], 1.5), `recorded: the centroid moved (${(after.x - was.x).toFixed(1)}, ${(after.y - was.y).toFixed(1)}), want (${want[0]}, ${want[1]})`);
    assert.ok(changed(placed, moved) > 200, 'the canvas pixels changed');
    await showOverlays(page);
    const [hx, hy] = await grip(page, 'move');
    assert.ok(near(hx, gx + (t.x - start.x), 1.5) && near(hy, gy + (t.y - start.y), 1.5), `the grip followed: (${hx}, ${hy})`);
    assert.deepEqual(errors, []);
  });

  it('a quarter turn of the knob with Shift records 90°', async () => {
    const before = (await model(page)).transform;
    await showOverlays(page);
    const [px, py] = await grip(page, 'move');
    const [kx, ky] = await grip(page, 'turn');
    const r = Math.hypot(kx - px, ky - py);
    // Clockwise on screen (y down), a little short of a quarter: Shift snaps to 15° steps.
    const a = (f: number): number => f * ((86 * Math.PI) / 180);
    await drag(page, [kx, ky], (f) => [px + r * Math.cos(a(f)), py + r * Math.sin(a(f))], { shift: true, steps: 9 });
    assert.deepEqual((await model(page)).transform, before, 'nothing is recorded while turning');
    const during = await shot(page);
    await showOverlays(page);
    assert.ok(changed(moved, during) > 200, 'the preview turns the model');
    await release(page);
    assert.deepEqual((await model(page)).transform, { ...before, rotationDeg: 90 });
    assert.equal(await page.$eval('.model-card .model-rotation', (e) => (e as HTMLInputElement).value), '90');
    turned = await shot(page);
    assert.ok(changed(moved, turned) > 200, 'the canvas pixels changed');
    await showOverlays(page);
    const [tx, ty] = await grip(page, 'turn');
    assert.ok(near(tx, px, 1.5) && near(ty, py + 56, 1.5), `the knob turned with it: (${tx}, ${ty})`);
    assert.deepEqual(errors, []);
  });

  it('flipped in the panel, the diamond dragged to 1.5 times its distance with Shift records the scale 1.5, still flipped', async () => {
    await page.evaluate(() => (document.querySelector('.model-card .model-flip') as HTMLInputElement).click());
    const before = (await model(page)).transform;
    assert.deepEqual([before.scaleX, before.scaleY], [-1, 1], 'flipped');
    flipped = await shot(page);
    await showOverlays(page);
    const [px, py] = await grip(page, 'move');
    const [sx, sy] = await grip(page, 'scale');
    // Turned 90° and flipped: the diamond is up-left of the model.
    assert.ok(sx < px - 20 && sy < py - 20, `the diamond at (${sx}, ${sy}), the model at (${px}, ${py})`);
    await drag(page, [sx, sy], (f) => [px + (1 + 0.5 * f) * (sx - px), py + (1 + 0.5 * f) * (sy - py)], { shift: true, steps: 5 });
    assert.deepEqual((await model(page)).transform, before, 'nothing is recorded while scaling');
    const during = await shot(page);
    await showOverlays(page);
    assert.ok(changed(flipped, during) > 200, 'the preview scales the model');
    await release(page);
    assert.deepEqual((await model(page)).transform, { ...before, scaleX: -1.5, scaleY: 1.5 });
    assert.equal(await page.$eval('.model-card .model-scale', (e) => (e as HTMLInputElement).value), '1.5');
    assert.equal(await page.$eval('.model-card .model-flip', (e) => (e as HTMLInputElement).checked), true);
    const after = await shot(page);
    const [was, now] = [lit(flipped).n, lit(after).n];
    assert.ok(now / was > 1.6 && now / was < 2.9, `the model is drawn larger: ${was} → ${now} lit pixels`);
    await showOverlays(page);
    const [tx, ty] = await grip(page, 'scale');
    assert.ok(near(tx, sx, 1.5) && near(ty, sy, 1.5), `the diamond stays at its screen distance: (${tx}, ${ty})`);
    assert.deepEqual(errors, []);
  });

  it('Escape during a drag restores the document and the picture; undo takes back each step', async () => {
    const recorded = (await model(page)).transform;
    const before = await shot(page);
    await showOverlays(page);
    const [gx, gy] = await grip(page, 'move');
    await drag(page, [gx, gy], (f) => [gx - 50 * f, gy + 30 * f], { steps: 4 });
    const during = await shot(page);
    await showOverlays(page);
    assert.ok(changed(before, during) > 200, 'the preview moved the model');
    await page.keyboard.press('Escape');
    await release(page);
    assert.deepEqual((await model(page)).transform, recorded, 'an abandoned drag changes nothing');
    assert.equal(changed(before, await shot(page)), 0, 'and the picture is back');

    const undo = async (): Promise<Transform> => {
      await page.click('#undo-button');
      await frames(page);
      return (await model(page)).transform;
    };
    assert.deepEqual(await undo(), { ...recorded, scaleX: -1, scaleY: 1 }, 'the scale');
    assert.equal(changed(flipped, await shot(page)), 0, 'the picture of before the scale');
    assert.deepEqual(await undo(), { ...recorded, scaleX: 1, scaleY: 1 }, 'the flip');
    assert.equal(changed(turned, await shot(page)), 0, 'the picture of before the flip');
    assert.deepEqual(await undo(), { ...recorded, rotationDeg: 0, scaleX: 1, scaleY: 1 }, 'the turn');
    assert.equal(changed(moved, await shot(page)), 0, 'the picture of before the turn');
    assert.deepEqual(await undo(), start, 'the move');
    assert.equal(changed(placed, await shot(page)), 0, 'the picture of before the drags');
    assert.deepEqual(errors, []);
  });

  it('a move drag far past the x limit leaves the model at the limit, with no error shown', async () => {
    const schema = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.fieldSchema());
    const maxX = schema.fields.find((f) => f.path === 'models[].transform.x')?.max;
    assert.equal(maxX, 1_000_000, 'the document\'s x limit');
    await placeAt(page, 999_900, 20, 1);
    await moveBy(page, 400, 30);
    assert.deepEqual(await shownErrors(page), [], 'no error in the status bar');
    const t = (await model(page)).transform;
    assert.deepEqual([t.x, t.y], [1_000_000, 50], 'x stops at its limit, y follows the pointer');
    // The grip stays on the model: 100 px right of where the drag began, not under the pointer.
    await showOverlays(page);
    const [gx] = await grip(page, 'move');
    const [mx] = await middle(page);
    assert.ok(near(gx, mx + 100, 1.5), `the grip at the limit: ${gx}, the middle ${mx}`);
    assert.deepEqual(errors, []);
  });

  it('Shift lands a moved model on the canvas grid of the current zoom, on 10 px without the grid', async () => {
    // The plain editor hides the grid: shown, as the user's toolbar button does.
    const gridShown = async (): Promise<boolean> => (await page.getAttribute('#grid-toggle', 'aria-pressed')) === 'true';
    if (!(await gridShown())) await page.click('#grid-toggle');
    assert.equal(await gridShown(), true, 'the grid is shown');
    // Zoom 1: a 50 px grid (the renderer's 1-2-5 steps of at least 24 screen px); (13, 7) dragged
    // by (63, 41) to (76, 48) lands on (100, 50) (10 px steps would give (80, 50)).
    await placeAt(page, 13, 7, 1);
    await moveBy(page, 63, 41, true);
    let t = (await model(page)).transform;
    assert.deepEqual([t.x, t.y], [100, 50], 'on the 50 px grid');
    // Zoom 2: a 20 px grid; (13, 7) dragged by (63, 41) CSS px = (31.5, 20.5) to (44.5, 27.5) lands on (40, 20).
    await placeAt(page, 13, 7, 2);
    await moveBy(page, 63, 41, true);
    t = (await model(page)).transform;
    assert.deepEqual([t.x, t.y], [40, 20], 'on the 20 px grid');
    // The grid hidden: 10 px steps, as the force centres.
    await page.click('#grid-toggle');
    assert.equal(await gridShown(), false);
    await placeAt(page, 13, 7, 2);
    await moveBy(page, 63, 41, true);
    t = (await model(page)).transform;
    assert.deepEqual([t.x, t.y], [40, 30], 'on 10 px steps');
    assert.deepEqual(await shownErrors(page), []);
    assert.deepEqual(errors, []);
  });

  it('no grips while the model is hidden', async () => {
    await showOverlays(page);
    assert.equal(await gripCount(page), 3);
    await page.click('#model-list [data-action="toggle-model"]');
    assert.equal((await model(page)).visible, false);
    assert.equal(await gripCount(page), 0, 'hidden: no grips');
    await page.click('#model-list [data-action="toggle-model"]');
    assert.equal(await gripCount(page), 3, 'shown again: the grips are back');
    assert.deepEqual(errors, []);
  });
});
