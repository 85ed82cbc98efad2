// End-to-end: a loop-continuous scene on the editor's timeline, on both renderer tiers. The
// timeline shows start | loop | end with the exported names; the canvas at the last frame of
// the loop is the same image as at its first frame (where playback wraps), and one frame earlier
// is not; playback across the wrap stays in the loop; "Play the end" runs on into the end
// segment; scrubbing reaches every segment; the compare view's outlines sit on the particles
// of `spineparticle simulate --dump` (the timeline the canvas plays) in start, loop and end.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { runCli } from '../support/cli';
import { canvasPixels, freezeAt, meanAbsDiff, openEditor, pixelStats, useSite, type SeamWindow, type Tier } from './support';

const PRESET = 'presets/smoke.json';

type Info = { lengthSecs: number; fps: number | null; segments: { kind: string; startSecs: number; endSecs: number; names: string[] }[] };

async function timeline(page: Page): Promise<Info> {
  return page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.timeline());
}

async function segmentNow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const seam = (window as unknown as SeamWindow).spineParticleTest;
    return seam.engine.segmentAt(seam.engine.timeSecs());
  });
}

async function rendered(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
  describe(`loop-continuous timeline on ${tier}`, () => {
    const site = useSite(tier);
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let info: Info;

    before(async () => {
      context = await site.browser.newContext({ viewport: { width: 1024, height: 700 } });
      ({ page, errors } = await openEditor(context, site.url, `?renderer=${tier}`));
      await page.waitForFunction(() => document.getElementById('status-tier')?.textContent !== '—');
      assert.equal(await page.textContent('#status-tier'), tier === 'webgpu' ? 'WebGPU' : 'WebGL2');
      const json = readFileSync(PRESET, 'utf8');
      assert.ok(await page.evaluate((j) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(j, 'smoke'), json));
      info = await timeline(page);
    });
    after(async () => {
      await context?.close();
    });

    it('shows start | loop | end with the exported names', async () => {
      assert.deepEqual(
        info.segments.map((s) => s.kind),
        ['start', 'loop', 'end'],
      );
      const strip = await page.$$eval('#timeline-segments .timeline-segment', (els) => els.map((e) => [(e as HTMLElement).dataset.kind, (e as HTMLElement).dataset.names]));
      const doc = JSON.parse(readFileSync(PRESET, 'utf8')) as { systems: { loopAnimations?: { start: string; loop: string; end: string } }[] };
      const la = doc.systems[0].loopAnimations ?? { start: 'start', loop: 'loop', end: 'end' };
      assert.deepEqual(strip, [
        ['start', la.start],
        ['loop', la.loop],
        ['end', la.end],
      ]);
      assert.equal(await page.isVisible('#play-end-button'), true);
    });

    it('the last frame of the loop is the same image as its first, one frame earlier is not', async () => {
      const loop = info.segments[1];
      const fps = info.fps ?? 30;
      await freezeAt(page, loop.endSecs);
      const last = (await canvasPixels(page)).pixels;
      await freezeAt(page, loop.startSecs);
      const first = (await canvasPixels(page)).pixels;
      await freezeAt(page, loop.endSecs - 1 / fps);
      const before = (await canvasPixels(page)).pixels;
      assert.ok(pixelStats(first).stddev > 2, 'particles are drawn');
      assert.equal(meanAbsDiff(last, first), 0, 'the wrap shows the same image');
      assert.ok(meanAbsDiff(before, first) > 0.01, `one frame earlier differs (${meanAbsDiff(before, first)})`);
    });

    it('playback across the wrap stays in the loop and shows what a seek there shows', async () => {
      const loop = info.segments[1];
      await freezeAt(page, loop.endSecs - 0.02);
      await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.step(0.05));
      await rendered(page);
      const t = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.timeSecs());
      assert.ok(Math.abs(t - (loop.startSecs + 0.03)) < 1e-6, `wrapped to ${t}`);
      assert.equal(await segmentNow(page), 'loop');
      const played = (await canvasPixels(page)).pixels;
      await freezeAt(page, t);
      assert.equal(meanAbsDiff(played, (await canvasPixels(page)).pixels), 0);
    });

    it('scrubbing reaches every segment and the current one is marked', async () => {
      for (const s of info.segments) {
        const mid = (s.startSecs + s.endSecs) / 2;
        await page.evaluate((v) => {
          const scrub = document.getElementById('scrub') as HTMLInputElement;
          scrub.value = String(v);
          scrub.dispatchEvent(new Event('input'));
          scrub.dispatchEvent(new Event('change'));
        }, mid);
        await rendered(page);
        assert.equal(await segmentNow(page), s.kind);
        assert.equal(await page.$eval('#timeline-segments .current', (e) => (e as HTMLElement).dataset.kind), s.kind);
      }
    });

    it('the compare view poses start, loop and end on the simulated particles', { skip: tier !== 'webgpu' && 'the overlay is a 2D canvas: one tier suffices' }, async () => {
      const fps = info.fps ?? 30;
      const [start, loop, end] = info.segments;
      const frames = [Math.round((start.endSecs * fps) / 2), Math.round(((loop.startSecs + loop.endSecs) * fps) / 2), Math.round(end.startSecs * fps) + 10];
      const dump = runCli(['simulate', PRESET, '--dump', '--fps', String(fps), '--duration', String((frames[2] + 1) / fps)])
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { frame: number; systems: { particles: { alpha: number; visible: boolean; scene: { x: number; y: number } }[] }[] });
      await page.evaluate(() => document.getElementById('compare-toggle')?.click());
      await page.waitForFunction(() => document.getElementById('compare-overlay')?.dataset.state === 'drawn', undefined, { timeout: 120_000 });
      for (const frame of frames) {
        await freezeAt(page, frame / fps);
        const regions = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.compareRegions());
        const particles = dump[frame].systems.flatMap((s) => s.particles.filter((p) => p.visible));
        const near = (x: number, y: number, list: { x: number; y: number }[]) => list.some((q) => Math.hypot(q.x - x, q.y - y) < 0.11);
        const where = `frame ${frame} (${await segmentNow(page)})`;
        assert.ok(regions.length > 5, `${where}: ${regions.length} outlines`);
        for (const r of regions) assert.ok(near(r.boneX, r.boneY, particles.map((p) => p.scene)), `${where}: outline ${r.slot} at (${r.boneX}, ${r.boneY}) on no particle`);
        const bones = regions.map((r) => ({ x: r.boneX, y: r.boneY }));
        for (const p of particles.filter((q) => q.alpha > 2 / 255)) assert.ok(near(p.scene.x, p.scene.y, bones), `${where}: particle at (${p.scene.x}, ${p.scene.y}) has no outline`);
      }
      await page.evaluate(() => document.getElementById('compare-toggle')?.click());
    });

    it('"Play the end" plays on into the end segment', async () => {
      const loop = info.segments[1];
      await freezeAt(page, loop.endSecs - 0.05);
      await page.click('#play-end-button');
      assert.equal(await page.getAttribute('#play-end-button', 'aria-pressed'), 'true');
      await page.waitForFunction(() => {
        const seam = (window as unknown as SeamWindow).spineParticleTest;
        return seam.engine.segmentAt(seam.engine.timeSecs()) === 'end';
      });
      assert.deepEqual(errors, []);
    });
  });
}
