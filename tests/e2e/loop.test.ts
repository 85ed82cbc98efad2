// End-to-end: a loop-continuous scene on the editor's timeline, on both renderer tiers. The
// timeline shows start | loop | end with the exported names; the canvas at the last frame of
// the loop is the same image as at its first frame (where playback wraps), and one frame earlier
// is not; playback across the wrap stays in the loop; "Play the end" runs on into the end
// segment; scrubbing reaches every segment.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
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
