// Benchmark runner (not a test): serves the test build of the site (dist-test/, `npm run build`),
// opens bench/bench.html in Debian's Chromium (WebGPU tier via SwiftShader, then the WebGL2
// tier), and prints the table the page
// measured: wasm `benchSim` vs @pixi/particle-emitter 5.0.10 ns per particle-step at 10k and
// 100k live particles, their ratio, and the editor's frame CPU time at 10k live particles.
//
//   npm run build && node tests/e2e/bench.mjs [--tier webgpu|webgl2|both]

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
const tierArg = process.argv.includes('--tier') ? process.argv[process.argv.indexOf('--tier') + 1] : 'both';
const tiers = tierArg === 'both' ? ['webgpu', 'webgl2'] : [tierArg];
const BASE = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const FLAGS = {
  webgpu: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'],
  webgl2: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};
if (!existsSync(join(DIST, 'bench/bench.html'))) {
  console.error(`${DIST}/bench/bench.html is missing: run \`npm run build\` first`);
  process.exit(1);
}
const server = await serveDist(DIST);
const port = server.port;

let failed = false;
for (const tier of tiers) {
  const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE, ...FLAGS[tier]] });
  try {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[page] ${m.text()}`));
    await page.goto(`http://127.0.0.1:${port}/bench/bench.html?renderer=${tier}`);
    const progress = setInterval(() => {
      page.textContent('#status').then((t) => console.error(`[${tier}] ${t}`), () => undefined);
    }, 15_000);
    try {
      await page.waitForFunction(() => document.body.dataset.done !== undefined, undefined, { timeout: 300_000 });
    } finally {
      clearInterval(progress);
    }
    const results = await page.evaluate(() => window.benchResults);
    if (results.error !== undefined) {
      console.error(`${tier}: ${results.error}`);
      failed = true;
      continue;
    }
    console.log(`\n== ${tier} launch (renderer ${results.tier}) — ${results.userAgent}`);
    console.log(`${'measure'.padEnd(48)} ${'live'.padStart(8)} ${'steps'.padStart(7)}  value`);
    for (const r of results.rows) {
      console.log(`${r.measure.padEnd(48)} ${String(r.live).padStart(8)} ${String(r.steps).padStart(7)}  ${r.value.toFixed(2)} ${r.unit}`);
    }
  } finally {
    await browser.close();
  }
}
server.close();
process.exit(failed ? 1 : 0);
