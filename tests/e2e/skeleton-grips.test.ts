// End-to-end (WebGL2 tier): the canvas grips of the skeleton shown in the skeleton panel
// (web/skeleton/grip-handles.ts over the gizmo overlay), driven with the mouse as a user does.
// The coin is placed twice, a (hidden) particle system following instance 2's root bone is
// selected. Dragging instance 2's move grip previews the coin moving on the canvas (and the
// follower's bone track with it) with nothing recorded, and on release records
// `extraInstances[0]` at the dragged place, still a pair, with the panel's Instance menu on
// instance 2, the selected system unmoved and only instance 2's pixels moved (by the drag). Its
// turn knob dragged a quarter turn with Shift gives instance 2 its own rotation of 90°. Escape in
// the middle of a drag of instance 1 restores the document and the picture; undo takes back each
// drag. Instance 2's scale diamond dragged to 1.5 times its distance with Shift gives the pair its
// own five numbers with a scale of 1.5 (the coin drawn larger); undo takes it back. No grips while
// the skeleton is hidden or its panel closed. The follower dragged far past its x offset's limit
// stops at it, with no error; undo restores it.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { skeletonDrop } from './skeleton-files';
import { canvasAt, changedPixels, litPixels, documentOf, dropFiles, nextFrames as frames, openPlainEditor, overlayElement, type Pixels, type SeamWindow, showOverlays, shownErrors, skeletonPanelChange as panelChange, useSite } from './support';

const site = useSite('webgl2');

/** The scene time every picture is taken at (the coin turns as it plays). */
const T = 0.3;
/** View zoom: instance 2 starts 400 scene px right of instance 1, the coin is about 300 px wide. */
const ZOOM = 0.5;

type Extra = number[];
type Placed = { transform: { x: number; y: number; rotationDeg: number; scaleX: number; scaleY: number }; extraInstances: Extra[]; visible: boolean };
type Doc = { skeletons: Placed[]; systems: { transform: Record<string, number> }[] };

/** The first point of the page's first bone track (what the follower follows), scene px. */
const trackStart = (page: Page): Promise<[number, number]> =>
  page.evaluate(() => (JSON.parse((window as unknown as SeamWindow).spineParticleTest.engine.followTracks()) as { tracks: { points: [number, number][] }[] }).tracks[0].points[0]);

const docOf = async (page: Page): Promise<Doc> => (await documentOf(page)) as unknown as Doc;
const near = (a: number, b: number, eps: number): boolean => Math.abs(a - b) <= eps;

/** The canvas at scene time {@link T} (overlays hidden). */
const shot = (page: Page): Promise<Pixels> => canvasAt(page, T);

/** Centre (CSS px) of the grip of instance `index` (0: the first) with `role`, once the overlay has settled; fails when it is not drawn. */
async function grip(page: Page, index: number, role: 'move' | 'turn' | 'scale'): Promise<[number, number]> {
  const found = await overlayElement(page, `.skeleton-handle.${role}[data-key="0/${index}/${role}"] .gizmo-grip`);
  assert.ok(found !== null, `the ${role} grip of instance ${index + 1} is drawn`);
  return found.centre;
}

const panelInstance = (page: Page): Promise<string> => page.$eval('#skeleton-panel [data-control="instance"]', (e) => (e as HTMLSelectElement).value);
const gripCount = (page: Page): Promise<number> => page.evaluate(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return document.querySelectorAll('.canvas-gizmos .skeleton-handle .gizmo-grip').length;
});

describe('skeleton grips on the canvas (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  /** Instance 1's position, scene px. */
  let x = 0;
  let y = 0;
  /** The canvas middle, CSS px, and the screenshot's pixels per CSS px. */
  let mid: [number, number] = [0, 0];
  let ratio = 1;
  /** Canvas x (screenshot px) of scene x. */
  let column = (sceneX: number): number => sceneX;
  let placedTwice: Pixels;
  let system: Record<string, number>;
  /** The follower's track start before any drag. */
  let followed: [number, number] = [0, 0];

  before(async () => {
    ({ context, page, errors } = await openPlainEditor(site, { viewport: { width: 1280, height: 900 } }));
    // One particle system, hidden (no particles in the pictures), selected: a drag on a grip must not move it.
    const base = await documentOf(page);
    const sys = { ...base.systems[0], visible: false, transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 } };
    assert.ok(await page.evaluate((json) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(json, 'e2e'), JSON.stringify({ ...base, systems: [sys] })));
    await page.click('#system-list li[data-index="0"] .name');
    await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 1));
    await dropFiles(page, skeletonDrop('coin-pro-4.2'));
    await page.waitForFunction(() => (window as unknown as SeamWindow).spineParticleTest.doc().skeletons.length === 1 && document.querySelector('#skeleton-panel [data-control="instance"]') !== null, undefined, { timeout: 60_000 });
    ({ x, y } = (await docOf(page)).skeletons[0].transform);
    // Placed twice: instance 2 400 px right of instance 1 (one undo step), its root bone followed
    // by the system; the menu on instance 1.
    const placed = await page.evaluate(
      ([px, py]) =>
        (window as unknown as SeamWindow).spineParticleTest.edit('second instance (e2e)', (d) => {
          d.skeletons[0].extraInstances.push([px, py]);
          d.systems[0].follow = { skeleton: d.skeletons[0].name, bone: 'root', offsetX: 0, offsetY: 0, instance: 1 };
        }),
      [x + 400, y],
    );
    assert.ok(placed);
    await frames(page);
    await panelChange(page, 'instance', '0');
    assert.equal(await panelInstance(page), '0');
    system = (await docOf(page)).systems[0].transform;
    followed = await trackStart(page);
    // The panel floats over the canvas: out of the pointer's way and of the pictures.
    await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    const view = await page.evaluate(
      ([px, py, zoom]) => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        seam.setView([px, py], zoom);
        const r = (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height };
      },
      [x + 200, y, ZOOM],
    );
    mid = [view.left + view.width / 2, view.top + view.height / 2];
    placedTwice = await shot(page);
    ratio = placedTwice.width / view.width;
    column = (sceneX: number): number => (view.width / 2 + (sceneX - x - 200) * ZOOM) * ratio;
  });
  after(async () => {
    await context?.close();
  });

  it('draws a numbered move grip, a turn knob and a scale diamond per instance', async () => {
    await showOverlays(page);
    assert.equal(await gripCount(page), 6, 'two instances, three grips each');
    const [ax, ay] = await grip(page, 0, 'move');
    const [bx, by] = await grip(page, 1, 'move');
    assert.ok(near(ax, mid[0] - 100, 1.5) && near(ay, mid[1], 1.5), `instance 1's grip at (${ax}, ${ay}), middle (${mid[0]}, ${mid[1]})`);
    assert.ok(near(bx, mid[0] + 100, 1.5) && near(by, mid[1], 1.5), `instance 2's grip at (${bx}, ${by})`);
    // The knob: 56 CSS px along the unturned +x axis.
    const [kx, ky] = await grip(page, 1, 'turn');
    assert.ok(near(kx, bx + 56, 1.5) && near(ky, by, 1.5), `instance 2's knob at (${kx}, ${ky})`);
    // The diamond: 48 CSS px along the unturned (+x, +y) diagonal, below-right.
    const [sx, sy] = await grip(page, 1, 'scale');
    assert.ok(near(sx, bx + 48 * Math.SQRT1_2, 1.5) && near(sy, by + 48 * Math.SQRT1_2, 1.5), `instance 2's diamond at (${sx}, ${sy})`);
    assert.equal(await page.$eval('.skeleton-handle.scale[data-key="0/1/scale"] title', (e) => e.textContent), '拖动以缩放实例 2：远离它放大，靠近它缩小（按住 Shift：以 0.1 为步长）');
    assert.deepEqual(await page.$$eval('.skeleton-handle.move .gizmo-label', (els) => els.map((e) => e.textContent)), ['1', '2']);
    // Titles in the page's language (Chinese by default).
    assert.equal(await page.$eval('.skeleton-handle.move[data-key="0/1/move"] title', (e) => e.textContent), '拖动以移动实例 2（按住 Shift：吸附到网格，无网格时 10 像素）');
    // Each instance's lit pixels on its side of the middle.
    const split = column(x + 200);
    const [left, right] = [litPixels(placedTwice, 0, split), litPixels(placedTwice, split, placedTwice.width)];
    assert.ok(left.n > 1000 && right.n > 1000, `both coins drawn: ${left.n} and ${right.n} lit pixels`);
    assert.deepEqual(errors, []);
  });

  it('dragging instance 2\'s move grip previews, then records it once at the dragged place (still a pair); the panel chooses it', async () => {
    await showOverlays(page);
    const [gx, gy] = await grip(page, 1, 'move');
    await page.mouse.move(gx, gy);
    await page.mouse.down();
    // 60, 40 CSS px: 120, 80 scene px at zoom 0.5.
    for (let i = 1; i <= 6; i++) await page.mouse.move(gx + i * 10, gy + (i * 40) / 6);
    assert.deepEqual((await docOf(page)).skeletons[0].extraInstances, [[x + 400, y]], 'nothing is recorded while dragging');
    assert.equal(await panelInstance(page), '1', 'the drag chose instance 2 in the panel');
    // The preview: instance 2 drawn at the pointer, instance 1 where it was.
    const split = column(x + 200);
    const during = await shot(page);
    await showOverlays(page);
    const [was, now] = [litPixels(placedTwice, split, placedTwice.width), litPixels(during, split, during.width)];
    assert.ok(near(now.x - was.x, 60 * ratio, 2) && near(now.y - was.y, 40 * ratio, 2), `the coin moves with the pointer: its centroid moved (${(now.x - was.x).toFixed(1)}, ${(now.y - was.y).toFixed(1)})`);
    assert.equal(changedPixels(placedTwice, during, 0, split), 0, 'instance 1 stays');
    const [fx, fy] = await trackStart(page);
    assert.ok(near(fx - followed[0], 120, 2.01) && near(fy - followed[1], 80, 2.01), `the follower's bone moves with it: (${fx - followed[0]}, ${fy - followed[1]})`);
    await page.mouse.up();

    const k = (await docOf(page)).skeletons[0];
    const moved = k.extraInstances[0];
    assert.equal(moved.length, 2, `still a pair: ${JSON.stringify(moved)}`);
    assert.ok(near(moved[0], x + 520, 2.01) && near(moved[1], y + 80, 2.01), `instance 2 at (${moved[0]}, ${moved[1]}), dragged to (${x + 520}, ${y + 80})`);
    assert.deepEqual(moved, moved.map((v) => Math.round(v * 100) / 100), 'rounded to 0.01');
    assert.deepEqual(k.transform, { x, y, rotationDeg: 0, scaleX: 1, scaleY: 1 }, 'instance 1 unchanged');
    assert.deepEqual((await docOf(page)).systems[0].transform, system, 'the selected system did not move');
    assert.equal(await panelInstance(page), '1', 'the panel still shows instance 2');
    assert.equal(await page.$eval('#skeleton-panel [data-control="x"]', (e) => (e as HTMLInputElement).value), String(moved[0]), 'its X field shows where it went');

    // The canvas keeps the recorded place: the pixels around instance 2 moved by the drag, instance 1's did not.
    const after = await shot(page);
    const placed = litPixels(after, split, after.width);
    const want = [(moved[0] - x - 400) * ZOOM * ratio, (moved[1] - y) * ZOOM * ratio];
    assert.ok(near(placed.x - was.x, want[0], 1.5) && near(placed.y - was.y, want[1], 1.5), `recorded: the coin's centroid moved (${(placed.x - was.x).toFixed(1)}, ${(placed.y - was.y).toFixed(1)}), want (${want[0]}, ${want[1]})`);
    assert.ok(changedPixels(placedTwice, after, split, after.width) > 1000, 'the pixels around instance 2 changed');
    assert.equal(changedPixels(placedTwice, after, 0, split), 0, 'and not around instance 1');
    // The grip followed.
    await showOverlays(page);
    const [hx, hy] = await grip(page, 1, 'move');
    assert.ok(near(hx, gx + 60, 1.5) && near(hy, gy + 40, 1.5), `the grip is at (${hx}, ${hy})`);
    assert.deepEqual(errors, []);
  });

  it('a quarter turn of instance 2\'s knob with Shift gives it its own rotation of 90°', async () => {
    const before = await shot(page);
    await showOverlays(page);
    const [px, py] = await grip(page, 1, 'move');
    const [kx, ky] = await grip(page, 1, 'turn');
    const r = Math.hypot(kx - px, ky - py);
    await page.keyboard.down('Shift');
    await page.mouse.move(kx, ky);
    await page.mouse.down();
    // Clockwise on screen (y down), a little short of a quarter: Shift snaps to 15° steps.
    for (let i = 1; i <= 9; i++) {
      const a = (i / 9) * ((86 * Math.PI) / 180);
      await page.mouse.move(px + r * Math.cos(a), py + r * Math.sin(a));
    }
    const [moved] = (await docOf(page)).skeletons[0].extraInstances;
    assert.equal(moved.length, 2, 'nothing is recorded while turning');
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const k = (await docOf(page)).skeletons[0];
    assert.deepEqual(k.extraInstances, [[moved[0], moved[1], 90, 1, 1]], 'instance 2 has its own five numbers, turned 90°');
    assert.deepEqual(k.transform, { x, y, rotationDeg: 0, scaleX: 1, scaleY: 1 }, 'instance 1 keeps its rotation');
    assert.deepEqual((await docOf(page)).systems[0].transform, system, 'the selected system did not move');
    assert.equal(await page.$eval('#skeleton-panel [data-control="rotation"]', (e) => (e as HTMLInputElement).value), '90');
    const split = column(x + 200);
    const after = await shot(page);
    assert.ok(changedPixels(before, after, split, after.width) > 1000, 'the pixels around instance 2 changed');
    assert.equal(changedPixels(before, after, 0, split), 0, 'and not around instance 1');
    // The knob turned with it: below the grip.
    await showOverlays(page);
    const [tx, ty] = await grip(page, 1, 'turn');
    assert.ok(near(tx, px, 1.5) && near(ty, py + 56, 1.5), `the knob is at (${tx}, ${ty})`);
    assert.deepEqual(errors, []);
  });

  it('Escape during a drag restores the document and the picture; undo takes back each drag', async () => {
    const turned = (await docOf(page)).skeletons[0].extraInstances[0];
    const before = await shot(page);
    await showOverlays(page);
    const [gx, gy] = await grip(page, 0, 'move');
    await page.mouse.move(gx, gy);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(gx - i * 10, gy + i * 5);
    assert.equal(await panelInstance(page), '0', 'dragging instance 1 chose it in the panel');
    const split = column(x + 200);
    const during = await shot(page);
    await showOverlays(page);
    assert.ok(changedPixels(before, during, 0, split) > 1000, 'the preview moved instance 1');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    const k = (await docOf(page)).skeletons[0];
    assert.deepEqual(k.transform, { x, y, rotationDeg: 0, scaleX: 1, scaleY: 1 }, 'an abandoned drag changes nothing');
    assert.deepEqual(k.extraInstances, [turned]);
    assert.equal(changedPixels(before, await shot(page), 0, before.width), 0, 'and the picture is back');

    // Undo: the turn (back to the pair, nothing recorded by the abandoned drag), then the move.
    await page.click('#undo-button');
    await frames(page);
    assert.deepEqual((await docOf(page)).skeletons[0].extraInstances, [[turned[0], turned[1]]], 'one undo takes back the turn: the pair again');
    await page.click('#undo-button');
    await frames(page);
    assert.deepEqual((await docOf(page)).skeletons[0].extraInstances, [[x + 400, y]], 'a second undo takes back the move');
    assert.deepEqual(await trackStart(page), followed, 'and the followed bone');
    assert.equal(changedPixels(placedTwice, await shot(page), 0, placedTwice.width), 0, 'the picture of before the drags');
    assert.deepEqual((await docOf(page)).systems[0].transform, system);
    assert.deepEqual(errors, []);
  });

  it('instance 2\'s scale diamond dragged to 1.5 times its distance with Shift gives the pair its own five numbers, scale 1.5', async () => {
    const before = await shot(page);
    await showOverlays(page);
    const [px, py] = await grip(page, 1, 'move');
    const [sx, sy] = await grip(page, 1, 'scale');
    await page.keyboard.down('Shift');
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) {
      const f = 1 + (0.5 * i) / 5;
      await page.mouse.move(px + f * (sx - px), py + f * (sy - py));
    }
    assert.deepEqual((await docOf(page)).skeletons[0].extraInstances, [[x + 400, y]], 'nothing is recorded while scaling');
    assert.equal(await panelInstance(page), '1', 'the drag chose instance 2 in the panel');
    // Instance 2 grows up to 225 scene px left of its position (x + 175): left of x + 150 stays.
    const keep = column(x + 150);
    const during = await shot(page);
    await showOverlays(page);
    assert.ok(changedPixels(before, during, keep, before.width) > 1000, 'the preview draws instance 2 larger');
    assert.equal(changedPixels(before, during, 0, keep), 0, 'instance 1 stays');
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const k = (await docOf(page)).skeletons[0];
    assert.deepEqual(k.extraInstances, [[x + 400, y, 0, 1.5, 1.5]], 'instance 2 has its own five numbers, scale 1.5');
    assert.deepEqual(k.transform, { x, y, rotationDeg: 0, scaleX: 1, scaleY: 1 }, 'instance 1 keeps its scale');
    assert.deepEqual((await docOf(page)).systems[0].transform, system, 'the selected system did not move');
    assert.equal(await page.$eval('#skeleton-panel [data-control="placement-scale"]', (e) => (e as HTMLInputElement).value), '1.5');
    const after = await shot(page);
    const [was, now] = [litPixels(before, keep, before.width), litPixels(after, keep, after.width)];
    assert.ok(now.n / was.n > 1.8 && now.n / was.n < 2.7, `the recorded coin is larger: ${was.n} → ${now.n} lit pixels`);
    assert.equal(changedPixels(before, after, 0, keep), 0, 'and instance 1 is not');
    // The diamond stays at its screen distance.
    await showOverlays(page);
    const [tx, ty] = await grip(page, 1, 'scale');
    assert.ok(near(tx, sx, 1.5) && near(ty, sy, 1.5), `the diamond is at (${tx}, ${ty})`);
    // Undo: the pair again, and the picture of before.
    await page.click('#undo-button');
    await frames(page);
    assert.deepEqual((await docOf(page)).skeletons[0].extraInstances, [[x + 400, y]], 'one undo takes back the scale: the pair again');
    assert.equal(changedPixels(before, await shot(page), 0, before.width), 0, 'the picture of before the drag');
    assert.deepEqual(errors, []);
  });

  it('no grips while the skeleton is hidden or its panel is closed', async () => {
    await showOverlays(page);
    assert.equal(await gripCount(page), 6);
    await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    assert.equal((await docOf(page)).skeletons[0].visible, false);
    assert.equal(await gripCount(page), 0, 'hidden: no grips');
    await page.click('#skeleton-list li.skeleton [data-action="toggle-skeleton"]');
    assert.equal(await gripCount(page), 6, 'shown again: the grips are back');
    // The panel's close button (the panel is hidden by this test's style: clicked as a user's click would).
    await page.evaluate(() => (document.querySelector('#skeleton-panel header button.icon') as HTMLButtonElement).click());
    assert.equal(await page.$('#skeleton-panel'), null);
    assert.equal(await gripCount(page), 0, 'no panel: no grips');
    await page.click('#skeleton-list li.skeleton .name');
    await page.waitForSelector('#skeleton-panel [data-control="instance"]', { state: 'attached', timeout: 15_000 });
    assert.equal(await gripCount(page), 6, 'its panel open again: the grips are back');
    assert.deepEqual(errors, []);
  });

  it("a drag of the follower far past its offset's limit leaves the offset at the limit, with no error shown; one undo restores it", async () => {
    type Follow = { offsetX: number; offsetY: number };
    const followOf = async (): Promise<Follow> => ((await documentOf(page)).systems[0] as unknown as { follow: Follow }).follow;
    const limit = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.fieldSchema().fields.find((f) => f.path === 'systems[].follow.offsetX')?.max);
    assert.equal(limit, 1_000_000, "the document's limit of a follower's x offset");
    // The offset 100 px inside the limit, the view on the follower (no grip there).
    const placed = await page.evaluate(
      ([px, py]) => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        const ok = seam.edit('offset (e2e)', (d) => {
          const f = d.systems[0].follow;
          if (f !== undefined && f !== null) [f.offsetX, f.offsetY] = [999_900, 0];
        });
        seam.setView([px + 999_900, py], 1);
        return ok;
      },
      [x + 400, y],
    );
    assert.ok(placed, 'the offset placed 100 px inside the limit');
    const before = await followOf();
    const transform = (await docOf(page)).systems[0].transform;
    await page.mouse.move(mid[0] + 100, mid[1] + 50);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(mid[0] + 100 + 80 * k, mid[1] + 50 + 4 * k);
    await page.mouse.up();
    const moved = await followOf();
    assert.deepEqual([moved.offsetX, moved.offsetY], [1_000_000, 20], 'the x offset stops at its limit, y follows the pointer');
    assert.deepEqual((await docOf(page)).systems[0].transform, transform, 'the drag moves the offset, not the transform');
    assert.deepEqual(await shownErrors(page), [], 'no error in the status bar');
    await page.click('#undo-button');
    assert.deepEqual(await followOf(), before, 'one undo restores it');
    await page.evaluate(([px, py, zoom]) => (window as unknown as SeamWindow).spineParticleTest.setView([px, py], zoom), [x + 200, y, ZOOM]);
    assert.deepEqual(errors, []);
  });
});
