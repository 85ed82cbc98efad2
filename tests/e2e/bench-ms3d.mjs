// Benchmark runner (not a test): MS3D playback CPU per displayed frame, the editor's vertex-frame
// playback (render() with N instances: placement, instance upload, instanced draws) vs CPU
// skinning of the same model in wasm (no upload, no draw), for 1, 50, 200 and 1,000 instances,
// in one page and one run (bench/bench-ms3d.html; what each side includes is in
// bench/bench-ms3d.ts). The models are written by the CLI: the rigged character
// (`ms3d synth --rigged character`: 31 joints, 4,200 vertices) by default. Serves dist-test/
// cross-origin isolated (5 µs timer steps), opens the page in Debian's Chromium (WebGPU tier via
// SwiftShader, then WebGL2) and prints medians, p90 and the ratio per count.
//
//   npm run build && cargo build --release -p sp-cli && node tests/e2e/bench-ms3d.mjs
//     [--tier webgpu|webgl2|both] [--frames 40] [--large-frames 12] [--warmup 5] [--rounds 2]
//     [--counts 1,50,200,1000] [--models character,detailed,strip] [--json]
//
// Counts of 500 and more time `--large-frames` frames (and at most 2 warm-up frames): without a
// GPU, SwiftShader takes seconds to draw each frame of 1,000 characters (7.5 M triangles) and
// the page waits for every frame, as the editor does. The table's last column, the interval
// between displayed frames, shows that GPU time; render() only encodes and submits it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runBenchPage, runnerArgs } from './bench-cli.mjs';
import { serveDist } from './bench-serve.mjs';

const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
const CLI_CANDIDATES = [process.env.SPINEPARTICLE_BIN, 'target/release/spineparticle', 'target/debug/spineparticle'].filter((p) => p !== undefined);
const MODELS = {
  character: ['--rigged', 'character'],
  detailed: ['--rigged', 'detailed'],
  // The synthetic strip of earlier figures: 300 × 6 quads on a 3-joint chain, 2,107 vertices.
  strip: ['--segments', '300', '--rows', '6'],
};




const { fail, option, wholeOption, tiers } = runnerArgs('bench-ms3d');
const frames = wholeOption('frames', 40, 1);
const largeFrames = wholeOption('large-frames', 12, 1);
const warmupFrames = wholeOption('warmup', 5, 0);
const rounds = wholeOption('rounds', 2, 1);
const counts = option('counts', '1,50,200,1000').split(',').map((s) => Number(s));
if (!counts.every((n) => Number.isInteger(n) && n >= 1)) fail(`--counts ${option('counts', '')}: expected whole numbers ≥ 1, comma-separated`);
const names = option('models', 'character').split(',');
for (const n of names) if (!(n in MODELS)) fail(`--models: unknown model "${n}" (known: ${Object.keys(MODELS).join(', ')})`);
const asJson = process.argv.includes('--json');
const log = asJson ? (...a) => console.error(...a) : (...a) => console.log(...a);

if (!existsSync(join(DIST, 'bench/bench-ms3d.html'))) fail(`${DIST}/bench/bench-ms3d.html is missing: run \`npm run build\` first`);
const cli = CLI_CANDIDATES.map((p) => resolve(p)).find((p) => existsSync(p));
if (cli === undefined) fail('the CLI is missing: cargo build --release -p sp-cli (or set SPINEPARTICLE_BIN)');

const dir = mkdtempSync(join(tmpdir(), 'sp-bench-ms3d-'));
let models;
try {
  models = names.map((name) => {
    const file = join(dir, `${name}.ms3d`);
    execFileSync(cli, ['ms3d', 'synth', file, ...MODELS[name]], { stdio: ['ignore', 'ignore', 'inherit'] });
    return { name, base64: readFileSync(file).toString('base64') };
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const server = await serveDist(DIST, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
const ms = (s) => `${s.median.toFixed(3)} / ${s.p90.toFixed(3)}`;
const all = [];
let failed = false;
try {
  for (const tier of tiers) {
    const input = { models, counts, frames, largeFrames, warmupFrames, rounds };
    const { results, ok } = await runBenchPage(server.port, tier, 'bench/bench-ms3d.html', 'runMs3dBench', input, log);
    if (!ok) failed = true;
    if (results === null) continue;
    all.push({ launch: tier, ...results });
    log(`ms per displayed frame, median / p90 of ${frames} frames (${largeFrames} at N ≥ 500) in ${rounds} alternating rounds after ${warmupFrames} warm-up frames (at most 2 at N ≥ 500)`);
    for (const m of results.models) {
      log(`\n${m.name}: ${m.bytes} bytes, ${m.vertices} vertices, ${m.triangles} triangles, ${m.joints} joints; clip "${m.clip}" ${m.clipFrames} baked frames; addModel ${m.loadMs.toFixed(0)} ms`);
      log(`${'N'.padStart(5)}  ${'vertex frames: render()'.padStart(24)}  ${'empty render()'.padStart(15)}  ${'CPU skinning'.padStart(17)}  ${'verts/inst'.padStart(10)}  ${'draws'.padStart(6)}  ${'CPU/baked'.padStart(9)}  ${'(CPU+empty)/baked'.padStart(17)}  ${'baked frame interval (GPU incl.)'.padStart(32)}`);
      for (const r of m.rows) {
        log(`${String(r.instances).padStart(5)}  ${ms(r.baked).padStart(24)}  ${ms(r.floor).padStart(15)}  ${ms(r.cpu).padStart(17)}  ${r.cpuVerticesPerInstance.toFixed(0).padStart(10)}  ${String(r.drawCalls).padStart(6)}  ${`${r.ratio.toFixed(1)}×`.padStart(9)}  ${`${r.ratioWithFloor.toFixed(1)}×`.padStart(17)}  ${ms(r.bakedInterval).padStart(32)}`);
      }
    }
  }
} finally {
  server.close();
}
if (all.length > 0) {
  const parts = all.flatMap((run) => run.models.map((m) => `${m.name}/${run.launch} ${m.rows.map((r) => `${r.ratio.toFixed(1)}×`).join(' / ')}`));
  log(`\nsummary: CPU skinning / vertex-frame render() per frame at N = ${counts.join(' / ')}: ${parts.join('; ')}`);
}
if (asJson) console.log(JSON.stringify(all));
process.exit(failed ? 1 : 0);
