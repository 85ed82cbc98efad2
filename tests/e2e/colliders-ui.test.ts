// End-to-end (WebGL2 tier): a collider drawn on the canvas with the mouse, as a user does. With a
// falling system loaded, "Add collider → Line segment" and two clicks under it put a segment in
// the document where the clicks were; the preview's particles then stay above it (canvas pixels),
// the page's own export (the downloaded SpineParticle.json, posed frame by frame by spine-core
// 4.2.119) never shows a particle below the line and shows them reaching it; one undo removes the
// collider (the particles fall through again), redo brings it back, and dragging its end point
// moves that end only, in one undo step; after a reload it is back in the document and the list.
// Then a path drawn with clicks and a double-click; a point inserted with a double-click on the
// line and deleted with Delete; Escape cancels a drawing. The drawing's hint stays while it lasts
// and goes with it. A segment's end and a path dragged far past the document's x limit stop at it
// (the path moved whole, its shape kept), with no error shown; undo takes back each drag; a
// segment drawn with a click past the limit ends on it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { Poser } from '../node/oracle/pose';
import { parseExport } from '../node/oracle/oracle';
import { canvasPixels, documentOf, freezeAt, meanAbsDiff, nextFrames, openEditor, openPlainEditor, shownErrors, useSite, type SeamWindow } from './support';
import { fallingDrops } from './falling-drops';
import { decodePng } from '../support/png';

const site = useSite('webgl2');

/** The line is drawn at scene y = FLOOR_Y from x = −LINE_X to LINE_X (view: pan 0, zoom 1). */
const FLOOR_Y = 100;
const LINE_X = 200;
/** Half the drawn particle: the 64 px soft dot at scale 0.3. */
const HALF_SPRITE = (64 * 0.3) / 2;

const SCENE = JSON.stringify({
  version: 1,
  export: { fps: 30 },
  systems: [
    fallingDrops({
      mode: 'oneShot',
      durationSecs: 0.5,
      ratePerSec: 16,
      maxParticles: 50,
      lifetimeSecs: { min: 1.6, max: 1.6 },
      collision: { response: 'bounce', restitution: 0.5, friction: 0, pauseSecs: 0.5, radiusPx: 0 },
    }),
  ],
});

type Doc = Awaited<ReturnType<typeof documentOf>>;
type Pt = [number, number];
const collidersOf = (d: Doc): { name: string; shape: { kind: string; a: Pt; b: Pt } }[] => (d.colliders as never) ?? [];
const isWhite = (r: number, g: number, b: number) => r > 120 && g > 120 && b > 120 && Math.abs(r - b) < 40;

/** Page (CSS) position of scene point `p`. */
async function pageAt(page: Page, p: Pt): Promise<Pt> {
  const box = await page.locator('#canvas').boundingBox();
  const view = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.view());
  assert.ok(box !== null);
  return [box.x + box.width / 2 + (p[0] - view.pan[0]) * view.zoom, box.y + box.height / 2 + (p[1] - view.pan[1]) * view.zoom];
}

/** Lowest scene y of white pixels over the line's width at time `t` (zoom 1, pan 0). */
async function lowestWhite(page: Page, t: number): Promise<number> {
  await freezeAt(page, t);
  const { pixels: p } = await canvasPixels(page);
  const rect = await page.evaluate(() => (document.getElementById('canvas') as HTMLCanvasElement).getBoundingClientRect().width);
  const s = p.width / rect;
  const cx = p.width / 2;
  const cy = p.height / 2;
  let lowest = -Infinity;
  for (let py = 0; py < p.height; py++) {
    for (let px = Math.round(cx - 150 * s); px <= Math.round(cx + 150 * s); px++) {
      const i = (py * p.width + px) * 4;
      if (isWhite(p.rgba[i], p.rgba[i + 1], p.rgba[i + 2])) lowest = Math.max(lowest, py);
    }
  }
  // The overlays come back for the mouse.
  await page.evaluate(() => document.getElementById('e2e-hide-overlays')?.remove());
  return (lowest - cy) / s;
}

describe('drawing a collider on the canvas (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ context, page, errors } = await openPlainEditor(site, { viewport: { width: 1280, height: 800 }, acceptDownloads: true }));
    await page.addStyleTag({ content: '#object-panels { visibility: hidden !important; }' });
    const ok = await page.evaluate((json) => {
      const seam = (window as unknown as SeamWindow).spineParticleTest;
      const loaded = seam.replaceScene(json, 'e2e');
      seam.setView([0, 0], 1);
      return loaded;
    }, SCENE);
    assert.ok(ok, 'the scene loads');
  });
  after(async () => {
    await context?.close();
  });

  it('draws a line with two clicks; the preview and the export bounce on it; undo removes it; its end drags', async () => {
    // Without a collider the drops fall past the line's height.
    assert.ok((await lowestWhite(page, 1.2)) > FLOOR_Y + 60, 'without a collider the particles fall through');

    await page.selectOption('#add-collider', 'segment');
    for (const x of [-LINE_X, LINE_X]) {
      const [px, py] = await pageAt(page, [x, FLOOR_Y]);
      await page.mouse.click(px, py);
    }
    let doc = await documentOf(page);
    const [line] = collidersOf(doc);
    assert.equal(collidersOf(doc).length, 1, 'one collider drawn');
    assert.equal(line.shape.kind, 'segment');
    for (const [got, want] of [[line.shape.a, [-LINE_X, FLOOR_Y]], [line.shape.b, [LINE_X, FLOOR_Y]]] as const) {
      assert.ok(Math.hypot(got[0] - want[0], got[1] - want[1]) < 1.5, `end at ${got.join(', ')}, clicked at ${want.join(', ')}`);
    }
    assert.equal(await page.locator('#collider-list li').count(), 1, 'listed in the scene list');
    assert.equal(await page.locator('#collider-list li.selected').count(), 1, 'and selected');

    // The preview: the drops stay above the line (their centres on it at most).
    const lowest = await lowestWhite(page, 1.2);
    assert.ok(lowest <= FLOOR_Y + HALF_SPRITE + 1, `the particles stay above the line (lowest white at y ${lowest.toFixed(1)})`);

    // The page's export, posed by spine-core at every frame: no particle below the line (Spine y is
    // up: scene y = −y), and some reach it.
    const got = page.waitForEvent('download', { timeout: 60_000 });
    await page.click('#export-button');
    const data = parseExport(readFileSync(await (await got).path(), 'utf8'));
    const poser = new Poser(data);
    const fps = 30;
    const animation = data.animations[0];
    let deepest = -Infinity;
    let shown = 0;
    for (let frame = 0; frame <= Math.round(animation.duration * fps); frame++) {
      for (const slot of poser.pose(animation, frame, fps).systems.flat()) {
        shown++;
        deepest = Math.max(deepest, -slot.y);
      }
    }
    assert.ok(shown > 100, `the export shows particles (${shown} slot-frames)`);
    assert.ok(deepest <= FLOOR_Y + 0.5, `no exported particle below the line (deepest at scene y ${deepest.toFixed(2)})`);
    assert.ok(deepest > FLOOR_Y - 5, `exported particles reach the line (deepest at scene y ${deepest.toFixed(2)})`);

    // Undo removes the collider: the drops fall through again.
    await page.click('#undo-button');
    assert.equal(collidersOf(await documentOf(page)).length, 0, 'undo removes the collider');
    assert.ok((await lowestWhite(page, 1.2)) > FLOOR_Y + 60, 'after undo the particles fall through');

    // Redo, then drag the right end up by 40 px: only that end moves, in one undo step.
    await page.click('#redo-button');
    const from = await pageAt(page, [LINE_X, FLOOR_Y]);
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(from[0], from[1] - 8 * k);
    await page.mouse.up();
    doc = await documentOf(page);
    const moved = collidersOf(doc)[0].shape;
    assert.ok(Math.abs(moved.b[0] - LINE_X) < 1.5 && Math.abs(moved.b[1] - (FLOOR_Y - 40)) < 1.5, `the dragged end is at ${moved.b.join(', ')}`);
    assert.ok(Math.hypot(moved.a[0] + LINE_X, moved.a[1] - FLOOR_Y) < 1.5, `the other end stays (${moved.a.join(', ')})`);
    await page.click('#undo-button');
    const back = collidersOf(await documentOf(page))[0].shape;
    assert.ok(Math.abs(back.b[1] - FLOOR_Y) < 1.5, `one undo puts the end back (${back.b.join(', ')})`);

    // Out and back, the last move and the release in one task (no frame between them shows the
    // start's preview): nothing is recorded and the canvas shows the recorded line, not the
    // raised one of the last preview.
    await freezeAt(page, 1.2);
    const still = (await canvasPixels(page)).pixels;
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(from[0], from[1] - 8 * k);
    await nextFrames(page);
    await page.evaluate(([px, py]) => {
      const canvas = document.getElementById('canvas') as HTMLCanvasElement;
      for (const type of ['pointermove', 'pointerup']) canvas.dispatchEvent(new PointerEvent(type, { pointerId: 1, clientX: px, clientY: py, bubbles: true }));
    }, from);
    await page.mouse.up();
    assert.deepEqual(collidersOf(await documentOf(page))[0].shape, back, 'a drag back to where it began records nothing');
    await freezeAt(page, 1.2);
    const drawn = meanAbsDiff(still, (await canvasPixels(page)).pixels);
    assert.ok(drawn < 0.01, `the canvas shows the recorded line (mean difference ${drawn})`);

    // The autosave brings it back after a reload, listed.
    await page.waitForTimeout(1_500);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 });
    assert.equal(collidersOf(await documentOf(page)).length, 1, 'the collider is restored after a reload');
    assert.equal(await page.locator('#collider-list li').count(), 1, 'and listed');
    assert.deepEqual(errors, []);
  });

  it('a second click on the first draws nothing and the drawing goes on: the next click finishes the segment', async () => {
    await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.edit('no colliders (e2e)', (d) => void (d.colliders = [])));
    await page.selectOption('#add-collider', 'segment');
    const [ax, ay] = await pageAt(page, [-100, 200]);
    await page.mouse.click(ax, ay);
    await page.mouse.click(ax, ay);
    assert.equal(collidersOf(await documentOf(page)).length, 0, 'no collider of no length');
    const [bx, by] = await pageAt(page, [100, 200]);
    await page.mouse.click(bx, by);
    const [line] = collidersOf(await documentOf(page));
    assert.ok(line !== undefined, 'the third click finished the segment');
    assert.ok(Math.hypot(line.shape.a[0] + 100, line.shape.a[1] - 200) < 1.5 && Math.hypot(line.shape.b[0] - 100, line.shape.b[1] - 200) < 1.5, `from the first click to the third (${line.shape.a} → ${line.shape.b})`);
    await page.click('#undo-button');
    await page.click('#undo-button');
    assert.deepEqual(errors, []);
  });

  it('an undo in the middle of a drag abandons the drag: the undone object comes back, no other is overwritten', async () => {
    const ok = await page.evaluate(() =>
      (window as unknown as SeamWindow).spineParticleTest.edit('two ledges (e2e)', (d) => {
        d.colliders = [
          { name: 'Floor', visible: true, shape: { kind: 'segment', a: [-200, 250], b: [200, 250] }, systems: [] },
          { name: 'Ledge', visible: true, shape: { kind: 'segment', a: [-200, -150], b: [200, -150] }, systems: [] },
        ];
      }),
    );
    assert.ok(ok);
    const shapes = async (): Promise<string> => JSON.stringify(collidersOf(await documentOf(page)).map((c) => [c.name, c.shape.a, c.shape.b]));
    const both = await shapes();
    await page.click('#collider-list li[data-name="Floor"] [data-action="delete-collider"]');
    assert.deepEqual(collidersOf(await documentOf(page)).map((c) => c.name), ['Ledge']);
    // Press on the Ledge's right end, move, undo the deletion with the key held down, move on, release.
    const [x, y] = await pageAt(page, [200, -150]);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 10, y - 20);
    await page.mouse.move(x + 20, y - 40);
    await page.keyboard.press('Control+z');
    await page.mouse.move(x + 30, y - 60);
    await page.mouse.up();
    assert.equal(await shapes(), both, 'the Floor is back and the Ledge as it was: no copy of the Ledge over the Floor');
    await page.mouse.move(x + 40, y - 80);
    assert.equal(await shapes(), both, 'the released drag left nothing behind');
    // A drag after it works as usual.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 20, y - 40);
    await page.mouse.up();
    const after = collidersOf(await documentOf(page));
    assert.deepEqual(after.map((c) => c.name), ['Floor', 'Ledge']);
    assert.ok(Math.hypot(after[1].shape.b[0] - 220, after[1].shape.b[1] + 190) < 2, `the Ledge's end moved (${after[1].shape.b.join(', ')})`);
    await page.click('#undo-button');
    await page.click('#undo-button');
    assert.deepEqual(errors, []);
  });

  it("the scene list's collider and path icons show their drawings (outlines stroked, not filled away)", async () => {
    const ok = await page.evaluate(() =>
      (window as unknown as SeamWindow).spineParticleTest.edit('icons (e2e)', (d) => {
        d.colliders = [...(d.colliders ?? []), { name: 'icon floor', visible: true, shape: { kind: 'segment', a: [-50, 300], b: [50, 300] }, systems: [] }];
        d.paths = [...(d.paths ?? []), { name: 'icon path', kind: 'polyline', visible: true, closed: false, points: [[-50, 320], [50, 320]] }];
      }),
    );
    assert.ok(ok, 'a collider and a path added');
    for (const list of ['#collider-list', '#path-list']) {
      const icon = page.locator(`${list} li .object-icon svg`).last();
      const shot = decodePng(await icon.screenshot());
      const at = (i: number): number[] => [...shot.rgba.subarray(i * 4, i * 4 + 3)];
      const ground = at(0);
      let ink = 0;
      for (let i = 0; i < shot.width * shot.height; i++) if (Math.max(...at(i).map((c, k) => Math.abs(c - ground[k]))) > 60) ink++;
      // A filled line drawing showed only the few pixels its closed runs enclose (a tick of 4–6).
      assert.ok(ink >= 25, `${list}: the icon draws ${ink} of ${shot.width * shot.height} pixels`);
    }
    await page.click('#undo-button');
  });

  it('draws a path with clicks and a double-click; a double-click on a line inserts a point, Delete removes it; Escape cancels', async () => {
    const click = async (p: Pt) => {
      const [x, y] = await pageAt(page, p);
      await page.mouse.click(x, y);
    };
    const pathsOf = async () => ((await documentOf(page)).paths as { kind: string; points: Pt[] }[] | undefined) ?? [];
    const hints = () => page.locator('#messages .message', { hasText: 'Esc' });
    await page.selectOption('#add-path', 'catmullRom');
    await click([-150, -200]);
    // The drawing's hint stays while the drawing lasts (past a note's 8 s) and goes with it.
    await page.waitForTimeout(8500);
    assert.equal(await hints().count(), 1, 'the hint is shown while drawing');
    await click([0, -250]);
    const [ex, ey] = await pageAt(page, [150, -200]);
    await page.mouse.dblclick(ex, ey);
    assert.equal(await hints().count(), 0, 'the hint goes when the drawing ends');
    const [path] = await pathsOf();
    assert.equal(path?.kind, 'catmullRom');
    assert.equal(path.points.length, 3, `three clicked points (the double-click's second press is not a point): ${JSON.stringify(path.points)}`);
    assert.equal(await page.locator('#path-list li.selected').count(), 1, 'the new path is listed and selected');

    // Insert on the drawn collider line, then delete the inserted point with the keyboard.
    const before = collidersOf(await documentOf(page))[0].shape;
    const [mx, my] = await pageAt(page, [-100, FLOOR_Y]);
    await page.mouse.dblclick(mx, my);
    const inserted = (await documentOf(page)).colliders as { shape: { kind: string; points: Pt[] } }[];
    assert.equal(inserted[0].shape.kind, 'polyline', 'a point inserted into a segment makes it a polyline');
    assert.equal(inserted[0].shape.points.length, 3);
    assert.ok(Math.hypot(inserted[0].shape.points[1][0] + 100, inserted[0].shape.points[1][1] - FLOOR_Y) < 1.5, `inserted where double-clicked: ${JSON.stringify(inserted[0].shape.points)}`);
    await page.keyboard.press('Delete');
    const after = (await documentOf(page)).colliders as { shape: { kind: string; points: Pt[] } }[];
    assert.deepEqual(after[0].shape.points, [before.a, before.b], 'Delete removes the selected point');

    // Escape drops a drawing: nothing is added.
    await page.selectOption('#add-collider', 'circle');
    await click([300, 0]);
    assert.equal(await hints().count(), 1);
    await page.keyboard.press('Escape');
    assert.equal(await hints().count(), 0, 'Escape takes the hint away with the drawing');
    await click([340, 0]);
    assert.equal(collidersOf(await documentOf(page)).length, 1, 'Escape cancels the circle');
    assert.deepEqual(errors, []);
  });

  it("a collider's end and a path dragged far past the document's limits stop at them, with no error shown; undo restores each", async () => {
    const xLimits = (p: Page) => p.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.fieldSchema().fields.filter((f) => /^(colliders\[\]\.shape\(segment\)\.b|paths\[\]\.points\[\])\[0\]$/.test(f.path)).map((f) => f.max));
    assert.deepEqual(await xLimits(page), [1_000_000, 1_000_000], "the document's x limits of a segment's end and a path's points");
    const placed = await page.evaluate(() => {
      const test = (window as unknown as SeamWindow).spineParticleTest;
      const ok = test.edit('place (e2e)', (d) => {
        d.colliders = [{ name: 'Far', visible: true, shape: { kind: 'segment', a: [999_700, 0], b: [999_800, 0] }, systems: [] }];
        d.paths = [{ name: 'Far path', visible: true, kind: 'polyline', points: [[999_700, 100], [999_800, 100]], closed: false }];
      });
      test.setView([999_800, 50], 1);
      return ok;
    });
    assert.ok(placed, 'a segment and a path 200 px inside the limit');
    const placedDoc = await documentOf(page);
    const pathsOf = (d: Doc): { points: Pt[] }[] => (d.paths as never) ?? [];
    const dragBy = async (at: Pt, dx: number, dy: number): Promise<void> => {
      const from = await pageAt(page, at);
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      for (let k = 1; k <= 5; k++) await page.mouse.move(from[0] + (dx * k) / 5, from[1] + (dy * k) / 5);
      await page.mouse.up();
    };
    // The segment's end dragged 300 px right: it stops at x = 1,000,000; the other end stays.
    await dragBy([999_800, 0], 300, 0);
    let doc = await documentOf(page);
    assert.deepEqual(collidersOf(doc)[0].shape, { kind: 'segment', a: [999_700, 0], b: [1_000_000, 0] }, 'the end stops at the limit');
    // The path's line dragged 300 px right and 10 down: it moves whole until its last point reaches the limit.
    await dragBy([999_750, 100], 300, 10);
    doc = await documentOf(page);
    assert.deepEqual(pathsOf(doc)[0].points, [[999_900, 110], [1_000_000, 110]], 'the path stops at the limit, its shape kept');
    assert.deepEqual(await shownErrors(page), [], 'no error in the status bar');
    await page.click('#undo-button');
    assert.deepEqual(pathsOf(await documentOf(page)), pathsOf(placedDoc), 'one undo puts the path back');
    await page.click('#undo-button');
    assert.deepEqual(collidersOf(await documentOf(page)), collidersOf(placedDoc), 'and one more the segment');
    // Drawn with clicks: a segment from inside to 100 px past the limit ends on it, with no error; undo takes it away.
    await page.selectOption('#add-collider', 'segment');
    for (const p of [[999_900, -60], [1_000_100, -60]] as Pt[]) {
      const [x, y] = await pageAt(page, p);
      await page.mouse.click(x, y);
    }
    const drawn = collidersOf(await documentOf(page));
    assert.equal(drawn.length, 2, 'the segment is added');
    const { a, b } = drawn[1].shape;
    assert.ok(Math.hypot(a[0] - 999_900, a[1] + 60) < 1.5 && b[0] === 1_000_000 && Math.abs(b[1] + 60) < 1.5, `clicked inside, then past the limit: ${JSON.stringify([a, b])}`);
    assert.deepEqual(await shownErrors(page), [], 'no error in the status bar after the drawing');
    await page.click('#undo-button');
    assert.deepEqual(collidersOf(await documentOf(page)), collidersOf(placedDoc), 'undo takes the drawn segment away');
    await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 1));
    assert.deepEqual(errors, []);
  });
});

// A collider acting on some systems only keeps acting on them when they are renamed (in the list
// or the property panel) and on a duplicate of them: the collider card's ticks show it. A system
// no collider acts on says so in its collision section. Before, a
// rename left the collider listing the old name, so the renamed system fell through its ledge.
describe('a collider acting on some systems follows their renames and copies (WebGL2)', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    ({ page } = await openEditor(context, site.url, '?renderer=webgl2'));
  });
  after(async () => {
    await context?.close();
  });

  it('keeps the ticks through a rename in the list, a rename in the panel and a duplicate', async () => {
    // Without a collider acting on it, the collision section says where colliders come from.
    const noCollider = page.locator('[data-section="collision"] [data-hint="no-collider"]');
    await page.click('#system-list li[data-index="0"] .name');
    assert.equal(await noCollider.count(), 1, 'the hint without colliders');
    // The rain-on-ledges preset added to the demo scene: its ledges act on its three systems.
    await page.selectOption('#preset-mode', 'system');
    await page.selectOption('#preset-select', 'rain_ledges');
    assert.equal(await noCollider.count(), 0, 'the ledges act on the selected Rain: no hint');
    await page.click('#system-list li[data-index="0"] .name');
    assert.equal(await noCollider.count(), 1, 'the ledges do not act on the demo scene\'s first system: the hint stays');
    const ticked = async (): Promise<string[]> => {
      await page.click('#collider-list li[data-index="0"]');
      return page.$$eval('.collider-card input.object-affects:checked', (els) => els.map((e) => (e as HTMLInputElement).dataset.system ?? ''));
    };
    assert.deepEqual(await ticked(), ['Rain', 'Splash left', 'Splash right']);

    const rainIndex = (await documentOf(page)).systems.findIndex((s) => s.name === 'Rain');
    const row = page.locator(`#system-list li[data-index="${rainIndex}"]`);
    await row.locator('.name').dblclick();
    await row.locator('input.rename').fill('Drizzle');
    await row.locator('input.rename').press('Enter');
    assert.deepEqual(await ticked(), ['Drizzle', 'Splash left', 'Splash right'], 'renamed in the list');

    await page.click(`#system-list li[data-index="${rainIndex}"] .name`);
    const name = page.locator(`input[data-key="systems[${rainIndex}].name"]`);
    await name.fill('Storm');
    await name.press('Tab');
    assert.deepEqual(await ticked(), ['Storm', 'Splash left', 'Splash right'], 'renamed in the panel');

    await page.click(`#system-list li[data-index="${rainIndex}"] .name`);
    await page.click('#duplicate-system');
    const copy = (await documentOf(page)).systems[rainIndex + 1].name as string;
    assert.deepEqual(await ticked(), ['Storm', copy, 'Splash left', 'Splash right'], 'the copy meets the ledges too');
    await page.click('#undo-button');
    assert.deepEqual(await ticked(), ['Storm', 'Splash left', 'Splash right'], 'one undo takes the copy away');
  });

  // The empty list means every system: unticking the last box made the collider act on every
  // system of the scene (and the card came back with every box ticked).
  it('keeps the last ticked system: the box is locked and says how to stop the collider', async () => {
    const boxes = (): Promise<{ system: string; checked: boolean; disabled: boolean; title: string }[]> =>
      page.$$eval('.collider-card input.object-affects', (els) =>
        els.map((e) => {
          const box = e as HTMLInputElement;
          return { system: box.dataset.system ?? '', checked: box.checked, disabled: box.disabled, title: box.title };
        }),
      );
    await page.click('#collider-list li[data-index="0"]');
    const card = page.locator('.collider-card');
    for (const name of ['Splash left', 'Splash right']) {
      await card.locator(`input.object-affects[data-system="${name}"]`).uncheck();
    }
    const left = await boxes();
    assert.deepEqual(left.filter((b) => b.checked).map((b) => b.system), ['Storm']);
    const storm = left.find((b) => b.system === 'Storm');
    assert.equal(storm?.disabled, true, 'the last ticked box cannot be unticked');
    assert.match(storm?.title ?? '', /^碰撞体至少作用于一个粒子系统。/);
    assert.equal(await card.locator('label:has(input[data-system="Storm"])').getAttribute('title'), storm?.title, 'the label says it too');
    assert.ok(left.filter((b) => !b.checked).every((b) => !b.disabled), 'the unticked boxes stay free');
    const doc = await documentOf(page);
    assert.deepEqual((doc.colliders as { systems: string[] }[])[0].systems, ['Storm'], 'the collider acts on Storm alone');
    // Ticking another frees it again.
    await card.locator('input.object-affects[data-system="Splash left"]').check();
    assert.ok((await boxes()).every((b) => !b.disabled), 'two ticked: both free');
  });

  // A deleted system stayed in the colliders' lists, so a system later given its name was
  // affected by surprise; a collider whose every system was deleted acted on none, and its card
  // showed no box ticked without saying why.
  it('deleting a system takes it out of the collider; the card says when no listed system is left', async () => {
    const listed = async (): Promise<string[]> => ((await documentOf(page)).colliders as { systems: string[] }[])[0].systems;
    const select = async (name: string): Promise<void> => {
      const index = (await documentOf(page)).systems.findIndex((s) => s.name === name);
      await page.click(`#system-list li[data-index="${index}"] .name`);
    };
    assert.deepEqual(await listed(), ['Storm', 'Splash left']);
    await select('Splash left');
    await page.click('#delete-system');
    assert.deepEqual(await listed(), ['Storm'], 'the deleted system left the list');
    await select('Storm');
    await page.click('#delete-system');
    assert.deepEqual(await listed(), ['Storm'], 'alone, it stays (the empty list means every system)');
    await page.click('#collider-list li[data-index="0"]');
    const hint = page.locator('.collider-card [data-hint="no-system"]');
    assert.equal(await hint.count(), 1, 'the card says it acts on no system');
    assert.match((await hint.textContent()) ?? '', /^不作用于任何粒子系统：.*（Storm）/);
    assert.equal(await page.locator('.collider-card input.object-affects:checked').count(), 0);
    await page.click('#undo-button');
    await page.click('#collider-list li[data-index="0"]');
    assert.equal(await hint.count(), 0, 'undo brings Storm back: no hint');
    assert.deepEqual(await page.$$eval('.collider-card input.object-affects:checked', (els) => els.map((e) => (e as HTMLInputElement).dataset.system)), ['Storm']);
  });
});
