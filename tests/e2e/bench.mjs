// Benchmark runner (not a test): serves the built site (dist/), opens web/bench.html in Debian's
// Chromium (WebGPU tier via SwiftShader, then the WebGL2 tier), and prints the table the page
// measured: wasm `benchSim` vs @pixi/particle-emitter 5.0.10 ns per particle-step at 10k and
// 100k live particles, their ratio, and the editor's frame CPU time at 10k live particles.
//
//   npm run build && node tests/e2e/bench.mjs [--tier webgpu|webgl2|both]

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const DIST = resolve(process.env.SP_DIST ?? 'dist');
const tierArg = process.argv.includes('--tier') ? process.argv[process.argv.indexOf('--tier') + 1] : 'both';
const tiers = tierArg === 'both' ? ['webgpu', 'webgl2'] : [tierArg];
const BASE = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const FLAGS = {
  webgpu: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'],
  webgl2: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};
const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

if (!existsSync(join(DIST, 'web/bench.html'))) {
  console.error(`${DIST}/web/bench.html is missing: run \`npm run build\` first`);
  process.exit(1);
}
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = normalize(join(DIST, path));
  if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const port = server.address().port;

let failed = false;
for (const tier of tiers) {
  const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE, ...FLAGS[tier]] });
  try {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[page] ${m.text()}`));
    await page.goto(`http://127.0.0.1:${port}/web/bench.html?renderer=${tier}`);
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
