// Benchmark runner (not a test): serves the test build of the site (dist-test/, `npm run build`),
// opens bench/bench.html in Debian's Chromium and prints what the page measured (what is timed
// on each side: the comment at the top of bench/bench.ts): wasm `benchSim` vs
// @pixi/particle-emitter 5.0.10 (LinkedListContainer) in ns per particle-step at 1k, 10k and
// 100k live particles, same steps and workload on both sides, interleaved rounds, medians with
// min–max; pixi's display-object setters measured alone; with `--forces` the wasm simulation
// with turbulence + vortex + attractor in ns per particle per grid step (needs a build with the
// motion model); and the editor's frame CPU time at 10k live particles per renderer tier.
//
//   npm run build && node tests/e2e/bench.mjs [--tier webgpu|webgl2|both] [--repeats 5]
//     [--sizes 1000,10000,100000] [--psteps 10000000] [--forces] [--no-frame] [--json]
//
// The simulation figures do not depend on the renderer tier: with `--tier both` they are
// measured in the first launch only (the second measures the editor frame alone).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { BASE_FLAGS, TIER_FLAGS, runnerArgs } from './bench-cli.mjs';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');



const { fail, option, tiers } = runnerArgs('bench');
const repeats = option('repeats', '5');
const sizes = option('sizes', '1000,10000,100000');
const psteps = option('psteps', '10000000');
for (const [name, text] of [['repeats', repeats], ['psteps', psteps], ...sizes.split(',').map((s) => ['sizes', s])]) {
  if (!/^[1-9][0-9]*$/.test(text)) fail(`--${name} ${text}: expected whole numbers ≥ 1`);
}
const forces = process.argv.includes('--forces');
const frame = !process.argv.includes('--no-frame');
const asJson = process.argv.includes('--json');
const log = asJson ? (...a) => console.error(...a) : (...a) => console.log(...a);

if (!existsSync(join(DIST, 'bench/bench.html'))) fail(`${DIST}/bench/bench.html is missing: run \`npm run build\` first`);
const server = await serveDist(DIST);

const spread = (s, d = 1) => `${s.median.toFixed(d)} (${s.min.toFixed(d)}–${s.max.toFixed(d)})`;
const all = [];
let failed = false;
try {
  for (const [i, tier] of tiers.entries()) {
    const sims = i === 0;
    if (!sims && !frame) break;
    const params = new URLSearchParams({ renderer: tier, repeats, psteps, sizes, sims: sims ? '1' : '0', frame: frame ? '1' : '0' });
    if (sims && forces) params.set('forces', '1');
    const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE_FLAGS, ...TIER_FLAGS[tier]] });
    try {
      const page = await browser.newPage();
      page.on('console', (m) => m.type() === 'error' && console.error(`[page] ${m.text()}`));
      await page.goto(`http://127.0.0.1:${server.port}/bench/bench.html?${params}`);
      const progress = setInterval(() => {
        page.textContent('#status').then((t) => console.error(`[${tier}] ${t}`), () => undefined);
      }, 15_000);
      try {
        await page.waitForFunction(() => document.body.dataset.done !== undefined, undefined, { timeout: 1_800_000, polling: 1000 });
      } finally {
        clearInterval(progress);
      }
      const results = await page.evaluate(() => window.benchResults);
      if (results.error !== undefined) {
        console.error(`${tier}: ${results.error}`);
        failed = true;
        continue;
      }
      all.push({ launch: tier, ...results, sims: sims ? results.sims : [] });
      log(`\n== ${tier} launch (renderer ${results.tier}) — ${results.userAgent}`);
      if (sims) {
        log(`ns per particle-step, median (min–max) of ${results.repeats} interleaved rounds; ${results.particleSteps} particle-steps per timed run`);
        log(`${'live'.padStart(7)} ${'steps'.padStart(6)}  ${'wasm benchSim'.padStart(20)}  ${'pixi emitter'.padStart(22)}  ${'pixi / wasm'.padStart(20)}  ${'pixi setters alone'.padStart(20)}  ${'wasm + forces /grid step'.padStart(24)}  container, pixi live`);
        for (const r of results.sims) {
          const forcesCol = r.forces === null ? '-' : spread(r.forces, 2);
          log(`${String(r.live).padStart(7)} ${String(r.steps).padStart(6)}  ${spread(r.wasm, 2).padStart(20)}  ${spread(r.pixi).padStart(22)}  ${`${spread(r.ratio)}×`.padStart(20)}  ${spread(r.setters).padStart(20)}  ${forcesCol.padStart(24)}  ${r.container}, ${Math.min(...r.pixiLive)}–${Math.max(...r.pixiLive)}`);
        }
        if (!results.forcesAvailable) log('forces: not measured — this wasm build\'s benchSim has no forces flag (the motion model is not merged); `--forces` adds the column once it is');
      }
      if (results.frame !== null) {
        const f = results.frame;
        log(`editor frame at ${f.live} live (${f.tier}, ${f.frames} frames), ms median (min–max): JS-timed ${spread(f.wall, 2)}; engine stats ${spread(f.reported, 2)} = simulation ${spread(f.simMs, 2)} + render ${spread(f.renderMs, 2)}`);
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}
if (asJson) console.log(JSON.stringify(all));
process.exit(failed ? 1 : 0);
