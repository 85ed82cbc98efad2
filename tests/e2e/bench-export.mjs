// Benchmark runner (not a test): the Spine export of the reference scene
// (tests/golden/bench_reference.json: 4 systems, ~1,500 live particles, 10 s at 30 fps) in the
// browser and natively, interleaved in one run (native, browser, native, browser, … after one
// untimed run of each), medians with min–max.
//
// - browser: the page's wasm `exportSpine(scene, '{}')` through the test seam of dist-test/
//   (the main-thread instance; the product's export worker runs the same wasm function).
//   Timed by the page around the call (scene parse + bake + reduce + validate + serialise + the
//   skeleton's string and the report handed to JS), and by wasm itself
//   (`report.bakeMs`: everything but the hand-off).
// - native: `spineparticle export SCENE -o /dev/null` spawned (whole process: start-up, scene
//   read and parse, export, writing the file and the report), and its own `report.bakeMs`
//   (bake + reduce + validate + serialise, in process).
//
//   npm run build && cargo build --release -p sp-cli && node tests/e2e/bench-export.mjs [--runs 7]

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
const CLI = resolve(process.env.SPINEPARTICLE_BIN ?? 'target/release/spineparticle');
const SCENE = resolve('tests/golden/bench_reference.json');
const runsText = process.argv.includes('--runs') ? process.argv[process.argv.indexOf('--runs') + 1] : '7';
const runs = Number(runsText);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench-export: --runs ${runsText}: expected a whole number ≥ 1`);
  process.exit(1);
}
const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
for (const [what, path] of [['dist-test/index.html (npm run build)', join(DIST, 'index.html')], ['the CLI (cargo build --release -p sp-cli)', CLI]]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: build ${what} first`);
    process.exit(1);
  }
}
const sceneText = readFileSync(SCENE, 'utf8');

/** One native export: whole-process wall ms and the CLI's own export ms. */
function native() {
  const t0 = process.hrtime.bigint();
  const stdout = execFileSync(CLI, ['export', SCENE, '-o', '/dev/null'], { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const report = JSON.parse(stdout.toString().trim().split('\n').at(-1));
  return { wall, inProcess: report.bakeMs, bytes: report.bytes };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median: mid, min: s[0], max: s.at(-1) };
};
const fmt = (s) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
const fmtRatio = (s) => `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

const server = await serveDist(DIST);
const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: ARGS });
const rows = { nativeWall: [], nativeIn: [], webCall: [], webIn: [] };
let bytes = 0;
let webBytes = 0;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/index.html?renderer=webgl2`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && 'spineParticleTest' in window, undefined, { timeout: 180_000 });
  const web = () =>
    page.evaluate((scene) => {
      const engine = window.spineParticleTest.engine; // the test seam (tests/site/seam.ts)
      const t0 = performance.now();
      const { json, report } = engine.exportSpine(scene, '{}');
      const call = performance.now() - t0;
      return { call, inProcess: report.bakeMs, bytes: json.length };
    }, sceneText);
  // One untimed run of each (page JIT, file cache), then A B A B …
  native();
  await web();
  for (let i = 0; i < runs; i++) {
    const n = native();
    rows.nativeWall.push(n.wall);
    rows.nativeIn.push(n.inProcess);
    bytes = n.bytes;
    const w = await web();
    rows.webCall.push(w.call);
    rows.webIn.push(w.inProcess);
    webBytes = w.bytes;
    console.error(`run ${i + 1}/${runs}: native ${n.wall.toFixed(0)} ms (in process ${n.inProcess.toFixed(0)}), browser ${w.call.toFixed(0)} ms (in wasm ${w.inProcess.toFixed(0)})`);
  }
} finally {
  await browser.close();
  server.close();
}
if (webBytes !== bytes) console.error(`warning: the browser wrote ${webBytes} bytes, the CLI ${bytes}`);
const perRun = (a, b) => stats(a.map((x, i) => x / b[i]));
console.log(`reference scene export (${bytes} bytes), ${runs} interleaved runs, median (min–max):`);
console.log(`  native CLI, whole process:          ${fmt(stats(rows.nativeWall))}`);
console.log(`  native, export in process:          ${fmt(stats(rows.nativeIn))}`);
console.log(`  wasm in Chromium, exportSpine call: ${fmt(stats(rows.webCall))}`);
console.log(`  wasm in Chromium, export in wasm:   ${fmt(stats(rows.webIn))}`);
console.log(`  browser / native, in process (same work):       ${fmtRatio(perRun(rows.webIn, rows.nativeIn))} per run`);
console.log(`  browser call / native whole process:            ${fmtRatio(perRun(rows.webCall, rows.nativeWall))} per run`);
