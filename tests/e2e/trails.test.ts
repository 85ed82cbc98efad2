// End-to-end: trails (issue 12) in the built editor, on both tiers (WebGPU and WebGL2, on
// SwiftShader). A document with a trailed system (set up in one step through the test seam: the
// editor's trail controls are not built yet) draws ribbons: at the same time and seed, the frame
// with the trail enabled lights clearly more pixels than the frame with it disabled, along the
// particles' paths, and the engine's statistics count the ribbons. Clicking the export button
// downloads SpineParticle.json with the chains and weighted meshes, read by spine-core 4.2.119
// and byte-identical to the native CLI's export of the same scene.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MeshAttachment, SkeletonJson } from '@esotericsoftware/spine-core';
import type { Page } from 'playwright-core';
import { runCli } from '../support/cli';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas';
import { canvasPixels, freezeAt, openEditor, pixelStats, useSite, type Pixels, type SeamWindow, type Tier } from './support';
import { withTempDir } from '../support/tmp';

/** Straight streaks from the centre: white additive particles with a wide white trail. */
function scene(trail: boolean): string {
  return JSON.stringify({
    version: 1,
    systems: [
      {
        name: 'Streaks', seed: 5, durationSecs: 0.1, ratePerSec: 0,
        bursts: [{ timeSecs: 0, count: 6 }], maxParticles: 8,
        lifetimeSecs: { min: 2, max: 2 }, speed: { min: 160, max: 160 },
        directionDeg: 0, spreadDeg: 360, startScale: { min: 0.5, max: 0.5 },
        alphaCurve: [{ t: 0, v: 1 }], textures: ['builtin:soft_dot'], blend: 'additive',
        trail: { enabled: trail, lengthSecs: 0.5, bones: 8, widthPx: 20, widthCurve: [], images: ['builtin:trail'] },
      },
    ],
  });
}

/** Scene position of node 4 of every particle's trail at `timeSecs`, from the simulation. */
function trailMiddles(timeSecs: number): [number, number][] {
  const lines = withTempDir('sp-e2e-trails-', (dir) => {
    writeFileSync(join(dir, 'scene.json'), scene(true));
    return runCli(['simulate', join(dir, 'scene.json'), '--dump', '--fps', '10', '--duration', String(timeSecs)]);
  })
    .trim()
    .split('\n');
  const frame = JSON.parse(lines[lines.length - 1]) as { timeSecs: number; systems: { particles: { trail?: { nodes: [number, number][] } }[] }[] };
  assert.ok(Math.abs(frame.timeSecs - timeSecs) < 1e-6);
  return frame.systems[0].particles.map((p) => p.trail!.nodes[4]);
}

const seam = (page: Page) => page.evaluate(() => 'spineParticleTest' in window);

async function show(page: Page, json: string, timeSecs: number): Promise<Pixels> {
  assert.equal(await seam(page), true);
  const ok = await page.evaluate((s) => (window as unknown as SeamWindow).spineParticleTest.replaceScene(s, 'trail test'), json);
  assert.equal(ok, true, 'the trailed document is accepted');
  await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.setView([0, 0], 1));
  await freezeAt(page, timeSecs);
  return (await canvasPixels(page)).pixels;
}

/** The canvas's background: its most common colour (a corner pixel may lie on a grid line). */
function background(p: Pixels): [number, number, number] {
  const counts = new Map<number, number>();
  for (let i = 0; i < p.width * p.height; i++) {
    const rgb = (p.rgba[i * 4] << 16) | (p.rgba[i * 4 + 1] << 8) | p.rgba[i * 4 + 2];
    counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  }
  let most = 0;
  let rgb = 0;
  for (const [c, n] of counts) if (n > most) [most, rgb] = [n, c];
  return [rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff];
}

for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
  describe(`trails on ${tier}`, () => {
    const site = useSite(tier);

    it('enabling the trail draws ribbons behind the particles', async () => {
      const context = await site.browser.newContext({ viewport: { width: 1024, height: 700 }, acceptDownloads: true });
      const { page, errors } = await openEditor(context, site.url, tier === 'webgl2' ? '?renderer=webgl2' : '');
      await page.waitForFunction(() => document.getElementById('status-tier')?.textContent !== '—');
      assert.equal(await page.textContent('#status-tier'), tier === 'webgpu' ? 'WebGPU' : 'WebGL2');
      const off = await show(page, scene(false), 0.6);
      const on = await show(page, scene(true), 0.6);
      const stats = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.engine.stats()) as unknown as { ribbons?: number; renderer?: string };
      assert.equal(stats?.ribbons, 6, `ribbons drawn: ${JSON.stringify(stats)}`);
      const litOff = pixelStats(off, background(off)).lit;
      const litOn = pixelStats(on, background(on)).lit;
      // Six ribbons 20 px wide over 0.5 s at 160 px/s: ~6·20·80 = 9,600 px at zoom 1 (the
      // particles' own dots are ~32 px across).
      assert.ok(litOn > litOff + 4000, `lit pixels: ${litOn} with trails, ${litOff} without`);
      console.log(`${tier}: ${litOn} lit pixels with trails, ${litOff} without`);
      // The ribbons lie along the paths: halfway down each particle's trail (the chain's node 4
      // of 8 in the simulation, ~45 px behind the head, clear of the dots) the pixel is lit only
      // with the trail. View: scene (0, 0) at the canvas centre, zoom 1, y down.
      const nodes = trailMiddles(0.6);
      assert.equal(nodes.length, 6);
      const cx = on.width / 2;
      const cy = on.height / 2;
      for (const [x, y] of nodes) {
        const [px, py] = [Math.round(cx + x), Math.round(cy + y)];
        const i = (py * on.width + px) * 4;
        const sum = (p: Pixels) => p.rgba[i] + p.rgba[i + 1] + p.rgba[i + 2];
        assert.ok(sum(on) > sum(off) + 90, `(${px}, ${py}): ${sum(on)} with the trail, ${sum(off)} without`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });

    if (tier === 'webgpu') {
      it('the export downloads chains and weighted meshes, read by spine-core, identical to the CLI', async () => {
        const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
        const { page, errors } = await openEditor(context, site.url);
        await show(page, scene(true), 0.3);
        const sceneJson = await page.evaluate(() => (window as unknown as SeamWindow).spineParticleTest.sceneJson());
        const got = page.waitForEvent('download', { timeout: 120_000 });
        await page.click('#export-button');
        const download = await got;
        const json = readFileSync(await download.path(), 'utf8');
        const data = new SkeletonJson(new FakeAtlasAttachmentLoader()).readSkeletonData(json);
        const meshes = (data.defaultSkin?.getAttachments() ?? []).filter((e) => e.attachment instanceof MeshAttachment);
        assert.equal(meshes.length, 6, 'one weighted mesh per trailed particle');
        assert.equal(data.bones.filter((b) => b.name.includes('_trail_1_')).length, 6 * 8);
        assert.ok(!json.includes('"deform"'));
        const cli = withTempDir('sp-e2e-trails-', (dir) => {
          writeFileSync(join(dir, 'scene.json'), sceneJson);
          runCli(['export', join(dir, 'scene.json'), '-o', join(dir, 'out.json')]);
          return readFileSync(join(dir, 'out.json'), 'utf8');
        });
        assert.equal(json, cli, 'browser download and CLI export differ');
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  });
}
