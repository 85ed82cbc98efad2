// Benchmark runner (not a test): times the Spine export of the reference scene
// (tests/golden/bench_reference.json: 4 systems, ~1,500 live particles, 10 s at 30 fps) in the
// browser — the page's wasm `exportSpine` through the test seam of dist-test/ (bake + reduce + validate + serialise, main-thread
// instance) — and natively with the CLI in the same run, and prints both and their ratio.
//
//   npm run build && cargo build --release -p sp-cli && node tests/e2e/bench-export.mjs [--runs N]

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
const CLI = resolve(process.env.SPINEPARTICLE_BIN ?? 'target/release/spineparticle');
const SCENE = resolve('tests/golden/bench_reference.json');
const runs = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 3;
const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
for (const [what, path] of [['dist-test/index.html (npm run build)', join(DIST, 'index.html')], ['the CLI (cargo build --release -p sp-cli)', CLI]]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: build ${what} first`);
    process.exit(1);
  }
}
const sceneText = readFileSync(SCENE, 'utf8');

const nativeMs = [];
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  execFileSync(CLI, ['export', SCENE, '-o', '/dev/null'], { stdio: ['ignore', 'ignore', 'inherit'] });
  nativeMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
}

const server = await serveDist(DIST);
const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: ARGS });
let webMs = [];
let bytes = 0;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/index.html?renderer=webgl2`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && 'spineParticleTest' in window, undefined, { timeout: 120_000 });
  ({ webMs, bytes } = await page.evaluate(
    ({ scene, n }) => {
      const engine = window.spineParticleTest.engine; // the test seam (tests/site/seam.ts)
      const times = [];
      let size = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        size = JSON.parse(engine.exportSpine(scene, '{}')).json.length;
        times.push(performance.now() - t0);
      }
      return { webMs: times, bytes: size };
    },
    { scene: sceneText, n: runs },
  ));
} finally {
  await browser.close();
  server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const n = median(nativeMs);
const w = median(webMs);
console.log(`reference scene export (${bytes} bytes), median of ${runs}:`);
console.log(`  native CLI (whole process): ${n.toFixed(0)} ms`);
console.log(`  wasm in Chromium:           ${w.toFixed(0)} ms  (${(w / n).toFixed(2)}x native)`);
