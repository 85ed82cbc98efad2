// Benchmark runner (not a test): the editor's Spine export as its user waits for it, in Chromium:
// from the click on 导出Spine Json to the file handed to the download (`body[data-export-state]`
// reads `done`). Timed in the page: the export worker's start and its wasm instance, the bake,
// the checks of the file (JSON syntax, the official runtime's parse), the reply posted back, the
// download and the summary. Not timed: the page's own start, the scene's load.
//
// Each round opens a fresh page of each build (A B, then B A, … in one browser), loads the scene,
// leaves the page idle for 3 s (as a user who looks before clicking), then times the page's first
// export and the next one. Prints each build's median (min–max) of both, and the per-round
// ratios B / A.
//
//   npm run build && node tests/e2e/bench-editor-export.mjs [--runs N] [--scene FILE] DIST_A [DIST_B]
//
// DIST_*: copies of dist-test/ (`npm run build` writes it). FILE defaults to the medium benchmark
// scene (tests/golden/bench_medium.json).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { BASE_FLAGS, TIER_FLAGS, runnerArgs } from './bench-cli.mjs';
import { serveDist } from './bench-serve.mjs';

const { fail, option, wholeOption } = runnerArgs('bench-editor-export');
const runs = wholeOption('runs', 7, 1);
const scenePath = resolve(option('scene', 'tests/golden/bench_medium.json'));
const dists = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')))
  .map((a) => resolve(a));
if (dists.length < 1 || dists.length > 2) fail('usage: node tests/e2e/bench-editor-export.mjs [--runs N] [--scene FILE] DIST_A [DIST_B]');
for (const d of dists) {
  if (!existsSync(join(d, 'index.html'))) fail(`${d}/index.html is missing: build the test site first (npm run build writes dist-test/)`);
}
const sceneText = readFileSync(scenePath, 'utf8');
const ARGS = [...BASE_FLAGS, ...TIER_FLAGS.webgl2];

/** Opens the editor of `dist` and loads the scene (one undo step, as a drop would). */
async function open(browser, dist) {
  const server = await serveDist(dist);
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/index.html?renderer=webgl2`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && 'spineParticleTest' in window, undefined, { timeout: 180_000 });
  const ok = await page.evaluate((s) => window.spineParticleTest.replaceScene(s, 'bench'), sceneText);
  if (!ok) throw new Error(`${scenePath}: the editor refused the scene`);
  return { page, server, context };
}

/** One export from the click to `done`; milliseconds in the page's clock. */
async function exportOnce(page) {
  const r = await page.evaluate(
    () =>
      new Promise((done) => {
        delete document.body.dataset.exportState;
        const t0 = performance.now();
        const watch = new MutationObserver(() => {
          const s = document.body.dataset.exportState;
          if (s === 'done' || s === 'failed' || s === 'cancelled') {
            watch.disconnect();
            done({ ms: performance.now() - t0, state: s });
          }
        });
        watch.observe(document.body, { attributes: true, attributeFilter: ['data-export-state'] });
        document.getElementById('export-button').click();
      }),
  );
  if (r.state !== 'done') throw new Error(`export ended ${r.state}`);
  return r.ms;
}

const stats = (xs, digits = 1) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[s.length >> 1].toFixed(digits)} (${s[0].toFixed(digits)}–${s.at(-1).toFixed(digits)})`;
};

const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: ARGS });
try {
  const first = dists.map(() => []);
  const next = dists.map(() => []);
  for (let r = 0; r < runs; r++) {
    const order = r % 2 === 1 ? [...dists.keys()].reverse() : [...dists.keys()];
    for (const k of order) {
      const o = await open(browser, dists[k]);
      try {
        await o.page.waitForTimeout(3000);
        first[k].push(await exportOnce(o.page));
        next[k].push(await exportOnce(o.page));
      } finally {
        await o.context.close();
        o.server.close();
      }
    }
  }
  console.log(`editor export of ${scenePath}, click to file, ${runs} pages per build:`);
  dists.forEach((d, k) => console.log(`  ${'AB'[k]} (${d}): first export ${stats(first[k])} ms, next ${stats(next[k])} ms`));
  if (dists.length === 2) {
    const ratio = (x) => stats(x[1].map((b, r) => b / x[0][r]), 3);
    console.log(`  B / A per round: first ${ratio(first)}, next ${ratio(next)}`);
  }
} finally {
  await browser.close();
}
