// Benchmark runner (not a test): skeleton playback CPU per displayed frame, vertex frames vs
// spine-core's own per-frame CPU path, for 1, 50, 200 and 1,000 instances, in one page and one run
// (bench/bench-skeleton.html; what each side includes is in bench/bench-skeleton.ts). Serves the
// test build dist-test/ cross-origin isolated (COOP/COEP, so performance.now() has 5 µs steps
// instead of 100 µs), opens the page in Debian's Chromium (WebGPU tier via SwiftShader, then WebGL2), measures the
// official coin (and vine) 4.2 skeletons with synthetic atlases, and prints a table with medians,
// p90 and the ratio per count, then one summary line.
//
//   npm run build && node tests/e2e/bench-skeleton.mjs [--tier webgpu|webgl2|both]
//     [--frames 300] [--warmup 60] [--rounds 4] [--counts 1,50,200,1000] [--skeletons coin,vine]
//     [--json]    (prints the page's results as JSON on stdout, the table on stderr)

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runBenchPage, runnerArgs } from './bench-cli.mjs';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
const FIXTURES = resolve(process.env.SP_SPINE_FIXTURES ?? join(import.meta.dirname, '../fixtures/spine'));
const SKELETONS = { coin: 'coin-pro-4.2.json', vine: 'vine-pro-4.2.json' };



const { fail, option, wholeOption, tiers } = runnerArgs('bench-skeleton');
const frames = wholeOption('frames', 300, 1);
const warmupFrames = wholeOption('warmup', 60, 0);
const rounds = wholeOption('rounds', 4, 1);
const counts = option('counts', '1,50,200,1000').split(',').map((s) => Number(s));
if (!counts.every((n) => Number.isInteger(n) && n >= 1)) fail(`--counts ${option('counts', '')}: expected whole numbers ≥ 1, comma-separated`);
const names = option('skeletons', 'coin,vine').split(',');
for (const n of names) if (!(n in SKELETONS)) fail(`--skeletons: unknown skeleton "${n}" (known: ${Object.keys(SKELETONS).join(', ')})`);
const asJson = process.argv.includes('--json');
const log = asJson ? (...a) => console.error(...a) : (...a) => console.log(...a);

if (!existsSync(join(DIST, 'bench/bench-skeleton.html'))) fail(`${DIST}/bench/bench-skeleton.html is missing: run \`npm run build\` first`);
const skeletons = names.map((name) => {
  const file = join(FIXTURES, SKELETONS[name]);
  if (!existsSync(file)) fail(`${file} is missing (set SP_SPINE_FIXTURES to the folder of the official Spine examples)`);
  return { name, json: readFileSync(file, 'utf8') };
});

const server = await serveDist(DIST, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
const port = server.port;

const ms = (s) => `${s.median.toFixed(3)} / ${s.p90.toFixed(3)}`;
const all = [];
let failed = false;
for (const tier of tiers) {
  const input = { skeletons, counts, frames, warmupFrames, rounds, bakeFps: 30 };
  const { results, ok } = await runBenchPage(port, tier, 'bench/bench-skeleton.html', 'runSkeletonBench', input, log);
  if (!ok) failed = true;
  if (results === null) continue;
  all.push({ launch: tier, ...results });
  log(`ms per displayed frame, median / p90 of ${frames} frames in ${rounds} alternating rounds after ${warmupFrames} warm-up frames`);
  for (const sk of results.skeletons) {
    log(`\n${sk.name} "${sk.animation}": clip ${sk.clipVertices} vertices, ${sk.clipTriangles} triangles, ${sk.clipDraws} draw ranges, ${sk.clipFrames} frames (${sk.topologies} layouts), ${(sk.clipBytes / 1024).toFixed(0)} KiB, baked in ${sk.bakeMs.toFixed(0)} ms`);
    log(`${'N'.padStart(4)}  ${'vertex frames'.padStart(15)}  ${'(JS push)'.padStart(15)}  ${'(render())'.padStart(15)}  ${'empty render()'.padStart(15)}  ${'spine-core CPU'.padStart(17)}  ${'verts/inst'.padStart(10)}  ${'draws'.padStart(6)}  ${'CPU/baked'.padStart(9)}  ${'(CPU+empty)/baked'.padStart(17)}  ${'CPU/push'.padStart(8)}`);
    for (const r of sk.rows) {
      log(`${String(r.instances).padStart(4)}  ${ms(r.baked).padStart(15)}  ${ms(r.bakedPush).padStart(15)}  ${ms(r.bakedRender).padStart(15)}  ${ms(r.floor).padStart(15)}  ${ms(r.cpu).padStart(17)}  ${r.cpuVerticesPerInstance.toFixed(1).padStart(10)}  ${String(r.drawCalls).padStart(6)}  ${`${r.ratio.toFixed(1)}×`.padStart(9)}  ${`${r.ratioWithFloor.toFixed(1)}×`.padStart(17)}  ${`${r.ratioPush.toFixed(1)}×`.padStart(8)}`);
    }
  }
}
server.close();

if (all.length > 0) {
  const parts = [];
  let worstAtMax = Infinity;
  const max = Math.max(...counts);
  for (const run of all) {
    for (const sk of run.skeletons) {
      parts.push(`${sk.name}/${run.launch} ${sk.rows.map((r) => `${r.ratio.toFixed(1)}×`).join(' / ')}`);
      const atMax = sk.rows.find((r) => r.instances === max);
      if (atMax !== undefined) worstAtMax = Math.min(worstAtMax, atMax.ratio);
    }
  }
  log(`\nsummary: spine-core CPU path / vertex frames per frame at N = ${counts.join(' / ')}: ${parts.join('; ')}; lowest at N = ${max}: ${worstAtMax.toFixed(1)}× (target ≥ 20×: ${worstAtMax >= 20 ? 'met' : 'missed'})`);
}
if (asJson) console.log(JSON.stringify(all));
process.exit(failed ? 1 : 0);
