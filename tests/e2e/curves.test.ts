// End-to-end (WebGL2 tier): the graphical curve editor and the force-centre handles, driven with
// the mouse and keyboard as a user does. Dragging a key of the scale curve changes the canvas
// and is one undo step (the document stays put until the release); a double-click adds a key,
// Delete and the remove button take keys away; dragging a vortex centre on the canvas moves the
// document's centre by the drag in scene units, changes the swirl, and one undo restores it.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { canvasPixels, documentOf, freezeAt, meanAbsDiff, openPlainEditor, overlayElement, pixelStats, showOverlays, useSite, type SeamWindow } from './support';

const site = useSite('webgl2');

type Doc = Awaited<ReturnType<typeof documentOf>>;
type Key = { t: number; v: number; interp?: string };

/** One system of the page's own default scene, with `over` applied, as the whole scene. */
async function oneSystem(page: Page, over: Record<string, unknown>): Promise<void> {
  const base = await documentOf(page);
  const sys = { ...base.systems[0], transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 }, visible: true, ...over };
  const ok = await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'e2e'), JSON.stringify({ ...base, systems: [sys] }));
  assert.ok(ok, 'the scene loads');
  await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 1));
  await page.click('#system-list li[data-index="0"] .name');
}

/** Centre of an element on the page. */
async function centreOf(target: Locator): Promise<[number, number]> {
  await target.first().scrollIntoViewIfNeeded();
  const box = await target.first().boundingBox();
  assert.ok(box !== null, `${String(target)} is shown`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

const scaleKeys = (d: Doc): Key[] => d.systems[0].scaleCurve as Key[];
/** The scale curve's editor (the panel marks each curve field with its document key). */
const scaleEditor = (page: Page) => page.locator('#properties [data-curve$="].scaleCurve"]').first();

describe('curve editor and force handles (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ context, page, errors } = await openPlainEditor(site, { viewport: { width: 1280, height: 900 } }));
  });
  after(async () => {
    await context?.close();
  });

  it('dragging a scale key changes the canvas on release as one undo step', async () => {
    await oneSystem(page, { scaleCurve: [{ t: 0, v: 1 }, { t: 1, v: 1 }], alphaCurve: [{ t: 0, v: 1 }], forces: [] });
    const editor = scaleEditor(page);
    assert.match((await editor.locator('.list-title').textContent()) ?? '', /缩放曲线/);
    // The line is the core's samples: a flat curve at 1 is a horizontal path.
    const flat = (await editor.locator('path.curve-line').getAttribute('d')) ?? '';
    assert.ok(new Set(flat.split(' ').map((p) => p.split(',')[1])).size === 1, `flat line: ${flat.slice(0, 80)}`);
    await freezeAt(page, 1.2);
    const before = (await canvasPixels(page)).pixels;
    const original = scaleKeys(await documentOf(page));

    const [x, y] = await centreOf(editor.locator('.curve-key[data-index="1"]'));
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(x, y - i * 8);
    assert.deepEqual(scaleKeys(await documentOf(page)), original, 'nothing is recorded while dragging');
    await page.mouse.up();
    const dragged = scaleKeys(await documentOf(page));
    assert.equal(dragged.length, 2);
    assert.equal(dragged[1].t, 1, 'the last key keeps its life');
    assert.ok(dragged[1].v > 1.3, `the value went up (${dragged[1].v})`);
    // The drawn line now rises: its samples are the core's evaluation of the new keys.
    const rising = (await editor.locator('path.curve-line').getAttribute('d')) ?? '';
    assert.notEqual(rising, flat);

    await freezeAt(page, 1.2);
    const after = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, after) > 0.05, `the canvas changed (${meanAbsDiff(before, after)})`);
    assert.ok(pixelStats(after).lit > pixelStats(before).lit, `bigger particles light more pixels (${pixelStats(before).lit} → ${pixelStats(after).lit})`);

    await page.click('#undo-button');
    assert.deepEqual(scaleKeys(await documentOf(page)), original, 'one undo restores the curve');
    await freezeAt(page, 1.2);
    const undone = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, undone) < 0.01, `and the canvas (${meanAbsDiff(before, undone)})`);
  });

  it('a double-click adds a key; Delete and the remove button take keys away', async () => {
    await showOverlays(page);
    /** Double-clicks the scale plot at fractions of its size. */
    const dblclickPlot = async (fx: number, fy: number): Promise<void> => {
      const plot = scaleEditor(page).locator('svg.curve-plot');
      await plot.scrollIntoViewIfNeeded();
      const box = await plot.boundingBox();
      assert.ok(box !== null);
      await page.mouse.dblclick(box.x + box.width * fx, box.y + box.height * fy);
    };
    await dblclickPlot(0.55, 0.3);
    let keys = scaleKeys(await documentOf(page));
    assert.equal(keys.length, 3, 'a key was added');
    assert.ok(keys[1].t > 0.3 && keys[1].t < 0.7, `at the clicked life (${keys[1].t})`);
    assert.ok(keys[1].v > 1, `above the flat line (${keys[1].v})`);
    // The rebuilt panel keeps the new key selected and the plot focused: Delete removes it.
    await page.waitForFunction(() => document.activeElement?.classList.contains('curve-plot') === true);
    await page.keyboard.press('Delete');
    keys = scaleKeys(await documentOf(page));
    assert.deepEqual(keys.map((k) => k.t), [0, 1], 'Delete removed the new key');

    await dblclickPlot(0.4, 0.5);
    assert.equal(scaleKeys(await documentOf(page)).length, 3);
    await scaleEditor(page).locator('button.curve-remove').click();
    assert.equal(scaleKeys(await documentOf(page)).length, 2, 'the button removed the selected key');
    // Linear / smooth per key, as the core reads it.
    await scaleEditor(page).locator('.curve-key[data-index="0"]').click();
    await scaleEditor(page).locator('select.curve-interp').selectOption('smooth');
    assert.equal(scaleKeys(await documentOf(page))[0].interp, 'smooth');
    // Arrow keys nudge the selected key (focus on the plot).
    await scaleEditor(page).locator('.curve-key[data-index="0"]').click();
    await page.keyboard.press('ArrowUp');
    assert.ok(Math.abs(scaleKeys(await documentOf(page))[0].v - 1.1) < 1e-9, 'ArrowUp adds one step (0.1)');
    assert.deepEqual(errors, []);
  });

  it('a double-click on a grid line adds a key; adding and removing keys keep the panel where it was', async () => {
    await oneSystem(page, { scaleCurve: [{ t: 0, v: 1 }, { t: 1, v: 1 }], forces: [] });
    const editor = scaleEditor(page);
    const plot = editor.locator('svg.curve-plot');
    await plot.scrollIntoViewIfNeeded();
    const column = page.locator('aside.right');
    const scrollTop = (): Promise<number> => column.evaluate((el) => el.scrollTop);
    const scrolled = await scrollTop();
    assert.ok(scrolled > 100, `the panel is scrolled down to the scale curve (${scrolled} px)`);

    // The middle horizontal grid line (value halfway up the plot), pressed exactly on it: the
    // grid is redrawn on the press, and a replaced element under the pointer got no double-click.
    const line = editor.locator('.curve-grid line').nth(5);
    const box = await line.boundingBox();
    assert.ok(box !== null && box.height < 2, 'a horizontal grid line');
    const y = box.y + box.height / 2;
    await page.mouse.dblclick(box.x + box.width * 0.3, y);
    let keys = scaleKeys(await documentOf(page));
    assert.equal(keys.length, 3, 'the double-click on the line added a key');
    assert.ok(Math.abs(keys[1].t - 0.3) < 0.02, `at the clicked life (${keys[1].t})`);
    assert.ok(Math.abs((await scrollTop()) - scrolled) <= 1, `the panel stayed where it was (${scrolled} → ${await scrollTop()})`);

    await editor.locator('button.curve-add').click();
    keys = scaleKeys(await documentOf(page));
    assert.equal(keys.length, 4, 'the add button added a key');
    assert.ok(Math.abs((await scrollTop()) - scrolled) <= 1, `still there after the add button (${await scrollTop()})`);
    await editor.locator('button.curve-remove').click();
    assert.equal(scaleKeys(await documentOf(page)).length, 3, 'the remove button removed one');
    assert.ok(Math.abs((await scrollTop()) - scrolled) <= 1, `still there after a removal (${await scrollTop()})`);
    await page.click('#undo-button');
    assert.ok(Math.abs((await scrollTop()) - scrolled) <= 1, `and after an undo (${await scrollTop()})`);
    assert.deepEqual(errors, []);
  });

  it('the gradient strip: a double-click adds a stop with the colour found there, a drag is one undo step', async () => {
    await oneSystem(page, { colorGradient: [{ t: 0, color: '#000000' }, { t: 1, color: '#ffffff' }] });
    await showOverlays(page);
    const stops = (d: Doc): { t: number; color: string }[] => d.systems[0].colorGradient as { t: number; color: string }[];
    const strip = page.locator('#properties .gradient-editor-strip').first();
    await strip.scrollIntoViewIfNeeded();
    const box = await strip.boundingBox();
    assert.ok(box !== null);
    // No stop selected yet: the colour input shows no swatch (it showed black).
    const swatch = page.locator('#properties [data-curve$="].colorGradient"] input[type="color"]').first();
    assert.equal(await swatch.isVisible(), false, 'no swatch without a selected stop');
    await page.mouse.dblclick(box.x + box.width * 0.25, box.y + 4);
    let now = stops(await documentOf(page));
    assert.equal(now.length, 3);
    assert.equal(await swatch.isVisible(), true, 'the new stop selected shows its colour');
    assert.ok(Math.abs(now[1].t - 0.25) < 0.02, `at the clicked life (${now[1].t})`);
    // A quarter of the way from black to white.
    const grey = parseInt(now[1].color.slice(1, 3), 16);
    assert.ok(Math.abs(grey - 64) <= 6 && now[1].color === `#${now[1].color.slice(1, 3).repeat(3)}`, now[1].color);
    const [x, y] = await centreOf(page.locator('#properties .gradient-stop[data-index="1"]'));
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(x + (i * box.width) / 8, y);
    assert.ok(Math.abs(stops(await documentOf(page))[1].t - now[1].t) < 1e-9, 'nothing is recorded while dragging');
    await page.mouse.up();
    const dragged = stops(await documentOf(page));
    assert.ok(Math.abs(dragged[1].t - (now[1].t + 0.5)) < 0.03, `moved by half the strip (${now[1].t} → ${dragged[1].t})`);
    await page.click('#undo-button');
    now = stops(await documentOf(page));
    assert.equal(now.length, 3, 'one undo takes back the drag only');
    assert.ok(Math.abs(now[1].t - 0.25) < 0.02);
    await page.click('#undo-button');
    assert.equal(stops(await documentOf(page)).length, 2, 'the next one the added stop');
  });

  // Typed values are clamped to the curve's limits and between the neighbouring keys; the field
  // kept showing what was typed ("-3" over a key stored at 0) until something else redrew it.
  it('a typed key value or time past its limits shows as stored; refused text is put back on leaving', async () => {
    await oneSystem(page, { scaleCurve: [{ t: 0, v: 1 }, { t: 0.5, v: 1.5 }, { t: 1, v: 1 }] });
    const editor = scaleEditor(page);
    await editor.locator('.curve-key[data-index="1"]').click();
    const value = editor.locator('input.curve-v');
    const time = editor.locator('input.curve-t');
    await value.fill('-3');
    await value.press('Enter');
    assert.equal(scaleKeys(await documentOf(page))[1].v, 0, 'stored at the lower limit');
    assert.equal(await value.inputValue(), '0', 'the field shows the key as stored');
    await time.fill('7');
    await time.press('Enter');
    assert.equal(scaleKeys(await documentOf(page))[1].t, 1, 'no later than the next key');
    assert.equal(await time.inputValue(), '1');
    await value.fill('abc');
    await value.press('Enter');
    assert.equal(await value.evaluate((e) => e.classList.contains('invalid')), true, 'refused text is marked');
    await editor.locator('svg.curve-plot').focus();
    assert.equal(await value.inputValue(), '0', 'leaving the field shows the key again');
    assert.equal(await value.evaluate((e) => e.classList.contains('invalid')), false);

    await oneSystem(page, { colorGradient: [{ t: 0, color: '#000000' }, { t: 1, color: '#ffffff' }] });
    const strip = page.locator('#properties .gradient-editor-strip').first();
    await strip.scrollIntoViewIfNeeded();
    await page.locator('#properties .gradient-stop[data-index="1"]').click();
    const stopTime = page.locator('#properties input.gradient-t').first();
    await stopTime.fill('2.5');
    await stopTime.press('Enter');
    assert.equal((((await documentOf(page)).systems[0].colorGradient as { t: number }[])[1]).t, 1);
    assert.equal(await stopTime.inputValue(), '1', 'the stop as stored');
    assert.deepEqual(errors, []);
  });

  it('two curves with the same title keep their own selection and focus', async () => {
    // Two vortices: both have a "multiplier over life" curve with the same title.
    const twoKeys = [{ t: 0, v: 1 }, { t: 1, v: 1 }];
    await oneSystem(page, {
      forces: [
        { kind: 'vortex', center: [0, 0], spinDegPerSec: { min: 90, max: 90 }, overLife: twoKeys },
        { kind: 'vortex', center: [40, 0], spinDegPerSec: { min: 90, max: 90 }, overLife: twoKeys },
      ],
    });
    await showOverlays(page);
    const second = page.locator('#properties [data-curve$="].forces[1].overLife"]').first();
    const first = page.locator('#properties [data-curve$="].forces[0].overLife"]').first();
    const plot = second.locator('svg.curve-plot');
    await plot.scrollIntoViewIfNeeded();
    const box = await plot.boundingBox();
    assert.ok(box !== null);
    // A double-click on the second curve adds a key there (and rebuilds the panel).
    await page.mouse.dblclick(box.x + box.width * 0.5, box.y + box.height * 0.3);
    const forces = (await documentOf(page)).systems[0].forces as { overLife: Key[] }[];
    assert.deepEqual([forces[0].overLife.length, forces[1].overLife.length], [2, 3], 'the key went to the second curve');
    // The rebuilt panel gives the focus back to the second curve, not to the first of that title.
    await page.waitForFunction(() => document.activeElement?.classList.contains('curve-plot') === true);
    assert.equal(await second.evaluate((el) => el.contains(document.activeElement)), true, 'the second curve has the focus');
    assert.equal(await first.locator('.curve-key.selected').count(), 0, 'the first curve has no key selected');
    // So Delete removes the new key of the second curve.
    await page.keyboard.press('Delete');
    const after = (await documentOf(page)).systems[0].forces as { overLife: Key[] }[];
    assert.deepEqual([after[0].overLife.length, after[1].overLife.length], [2, 2]);
    assert.deepEqual(errors, []);
  });

  it('each curve names its own axis under the plot and its unit once in its title', async () => {
    await oneSystem(page, {
      rateCurve: [{ t: 0, v: 1 }, { t: 1, v: 0.5 }],
      trail: { enabled: true, lengthSecs: 0.4, bones: 8, widthPx: 20, widthCurve: [{ t: 0, v: 1 }, { t: 1, v: 0 }], colorOverLife: [], images: ['builtin:trail_fade'] },
      forces: [],
    });
    const editor = (field: string) => page.locator(`#properties [data-curve$="].${field}"]`).first();
    const axis = async (field: string): Promise<string> => {
      const labels = await editor(field).locator('text.curve-axis').allTextContents();
      return labels.join(' | ');
    };
    // The page speaks Chinese by default: the rate curve runs over each emission cycle, the
    // trail's width from its head to its tail, the scale curve over the particle's life.
    assert.match(await axis('rateCurve'), /发射周期/);
    assert.doesNotMatch(await axis('rateCurve'), /生命周期/);
    assert.match(await axis('trail.widthCurve'), /头 → 尾/);
    assert.match(await axis('scaleCurve'), /生命周期/);
    // The unit is written once, in the UI language ("Rate over duration (×) (×)" before).
    const title = (await editor('rateCurve').locator('.list-title').textContent()) ?? '';
    assert.equal(title.match(/\(倍\)/g)?.length, 1, `one unit in "${title}"`);
    assert.doesNotMatch(title, /×/, `no untranslated unit in "${title}"`);
    assert.deepEqual(errors, []);
  });

  it('dragging a vortex centre moves the document centre by the drag in scene units, and undo restores it', async () => {
    await oneSystem(page, {
      ratePerSec: 80,
      speed: { min: 0, max: 10 },
      lifetimeSecs: { min: 2, max: 2 },
      scaleCurve: [{ t: 0, v: 1 }],
      forces: [{ kind: 'vortex', spinDegPerSec: { min: 240, max: 240 }, center: [40, 0], space: 'system', radiusPx: 120, pullPerSec: 0 }],
    });
    await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 2));
    await freezeAt(page, 1.5);
    const before = (await canvasPixels(page)).pixels;
    await showOverlays(page);
    const centre = (d: Doc): number[] => (d.systems[0].forces as { center: number[] }[])[0].center;

    const handle = await overlayElement(page, '.force-handle.vortex .force-centre');
    assert.ok(handle !== null, 'the vortex centre handle is drawn');
    const [x, y] = handle.centre;
    // The handle sits on the centre: (40, 0) scene px at zoom 2 is 80 CSS px right of the canvas middle.
    const canvas = await page.locator('#canvas').boundingBox();
    assert.ok(canvas !== null);
    assert.ok(Math.abs(x - (canvas.x + canvas.width / 2 + 80)) < 1.5 && Math.abs(y - (canvas.y + canvas.height / 2)) < 1.5, `handle at (${x}, ${y})`);
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(x + i * 12, y + i * 6);
    assert.deepEqual(centre(await documentOf(page)), [40, 0], 'nothing is recorded while dragging');
    await page.mouse.up();
    const moved = centre(await documentOf(page));
    assert.ok(Math.abs(moved[0] - (40 + 60 / 2)) < 0.6 && Math.abs(moved[1] - 30 / 2) < 0.6, `moved by (60, 30) CSS px / zoom 2: ${moved}`);

    await freezeAt(page, 1.5);
    const after = (await canvasPixels(page)).pixels;
    assert.ok(meanAbsDiff(before, after) > 0.05, `the swirl moved (${meanAbsDiff(before, after)})`);

    await page.click('#undo-button');
    assert.deepEqual(centre(await documentOf(page)), [40, 0], 'one undo restores the centre');
    await freezeAt(page, 1.5);
    assert.ok(meanAbsDiff(before, (await canvasPixels(page)).pixels) < 0.01, 'and the swirl');
    assert.deepEqual(errors, []);
  });
});
