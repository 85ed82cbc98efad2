// Benchmark runner (not a test): the Editor's `render()` CPU time per frame with two builds of
// the wasm module, A and B, in the same run, interleaved A B A B … (one fresh Chromium per run,
// WebGPU via SwiftShader unless --tier webgl2). Each run loads a scene of 10,000 live particles
// (one loop-continuous system whose 10 s duration keeps the timed frames inside the timeline's
// `start` segment: at its end, past 3 s of a 1 s system, every particle would be dead and the
// run would time an empty canvas), warms up 20 frames, then times `render()` alone (sprite building,
// instance upload, encoding, submit; not the simulation, not the GPU) over 120 frames driven by
// requestAnimationFrame. Prints per run the median and p10–p90, then the median of the run
// medians per build and the ratio B / A.
//
//   node tests/e2e/bench-wasm-ab.mjs A_PKG_DIR B_PKG_DIR [--runs 3] [--tier webgpu|webgl2]
//
// where each PKG_DIR holds sp_wasm.js and sp_wasm_bg.wasm (a web/pkg built by
// scripts/build-wasm.sh).

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const [pkgA, pkgB] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!pkgA || !pkgB) {
  console.error('usage: node tests/e2e/bench-wasm-ab.mjs A_PKG_DIR B_PKG_DIR [--runs 3] [--tier webgpu|webgl2]');
  process.exit(2);
}
const runs = Number(opt('--runs', '3'));
const tier = opt('--tier', 'webgpu');
const BASE = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const FLAGS = {
  webgpu: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'],
  webgl2: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};

const site = mkdtempSync(join(tmpdir(), 'sp-wasm-ab-'));
for (const [name, dir] of [['a', pkgA], ['b', pkgB]]) {
  mkdirSync(join(site, name));
  for (const f of ['sp_wasm.js', 'sp_wasm_bg.wasm']) copyFileSync(join(dir, f), join(site, name, f));
}
const scene = {
  version: 1,
  systems: [
    { name: 'load', mode: 'loopContinuous', durationSecs: 10, ratePerSec: 10000, maxParticles: 20000, lifetimeSecs: { min: 1, max: 1 }, speed: { min: 50, max: 150 }, spreadDeg: 360 },
  ],
};
writeFileSync(
  join(site, 'index.html'),
  `<!doctype html><canvas id="c" width="800" height="600" style="width:800px;height:600px"></canvas>
<script type="module">
const which = new URLSearchParams(location.search).get('build');
const m = await import('./' + which + '/sp_wasm.js');
await m.default();
try {
  const editor = await m.Editor.create(document.getElementById('c'), ${JSON.stringify(tier)});
  editor.resize(800, 600, 1);
  editor.setScene(${JSON.stringify(JSON.stringify(scene))});
  editor.setTime(2);
  const times = [];
  let frame = 0;
  await new Promise((done) => {
    const step = () => {
      editor.advance(1 / 60);
      const t0 = performance.now();
      editor.render();
      const dt = performance.now() - t0;
      if (frame >= 20) times.push(dt);
      frame += 1;
      if (times.length >= 120) done(); else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const stats = JSON.parse(editor.stats());
  window.result = { times, live: stats.liveParticles, renderer: stats.renderer };
} catch (e) {
  window.result = { error: String(e) };
}
</script>`,
);

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const path = join(site, new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
  try {
    const body = readFileSync(path);
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const medians = { a: [], b: [] };
try {
  for (let run = 0; run < runs; run++) {
    for (const build of ['a', 'b']) {
      const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE, ...FLAGS[tier]] });
      try {
        const page = await browser.newPage();
        page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && console.error(`[page] ${m.text()}`));
        page.on('pageerror', (e) => console.error(`[page] ${e.message}`));
        await page.goto(`http://127.0.0.1:${port}/index.html?build=${build}`);
        await page.waitForFunction(() => window.result !== undefined, undefined, { timeout: 900_000 });
        const r = await page.evaluate(() => window.result);
        if (r.error) throw new Error(`${build}: ${r.error}`);
        if (!(r.live >= 9000)) throw new Error(`${build}: ${r.live} live particles at the end of the run, expected 10,000 (the scene no longer loads as this runner assumes)`);
        const sorted = [...r.times].sort((x, y) => x - y);
        const med = quantile(sorted, 0.5);
        medians[build].push(med);
        console.log(`run ${run + 1} ${build.toUpperCase()} (${r.renderer}, ${r.live} live): render() median ${med.toFixed(3)} ms, p10–p90 ${quantile(sorted, 0.1).toFixed(3)}–${quantile(sorted, 0.9).toFixed(3)} ms`);
      } finally {
        await browser.close();
      }
    }
  }
  const mid = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const [ma, mb] = [mid(medians.a), mid(medians.b)];
  console.log(`median of run medians: A ${ma.toFixed(3)} ms, B ${mb.toFixed(3)} ms, B/A ${(mb / ma).toFixed(3)} (A runs ${medians.a.map((x) => x.toFixed(3)).join(' ')}; B runs ${medians.b.map((x) => x.toFixed(3)).join(' ')})`);
} finally {
  server.close();
  rmSync(site, { recursive: true, force: true });
}
