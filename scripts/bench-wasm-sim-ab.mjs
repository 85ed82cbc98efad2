// Interleaved A/B of the wasm simulation benchmark (`benchSim`) between builds of web/pkg, in
// one JavaScript engine: for each round, each size and with and without forces, every build
// runs once, the builds' order reversed every other round. Prints the median and range per
// build, and the median and range of the per-round ratio of every build to the first. Timed
// inside wasm by `benchSim` (ns per particle-step without forces, ns per particle per grid step
// with turbulence + vortex + attractor).
//
//   node scripts/bench-wasm-sim-ab.mjs [--rounds N] [--sizes 10000,100000] [--engine node|chromium]
//     PKG_DIR_A PKG_DIR_B …
//
// `--engine node` (default): Node's V8, no page, no rendering. `--engine chromium`: every build
// in one page of Debian's Chromium (headless; its V8 is years newer and compiles some loops
// differently, and the README's targets are measured there), so the builds share the launch,
// whose speed varies from launch to launch on this machine more than a change does.
// A PKG_DIR holds what scripts/build-wasm.sh writes into web/pkg (copy it aside per build).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let rounds = 5;
let sizes = [10000, 100000];
let engine = 'node';
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--sizes') sizes = args[++i].split(',').map(Number);
  else if (args[i] === '--engine') engine = args[++i];
  else dirs.push(resolve(args[i]));
}
if (dirs.length === 0 || !(rounds >= 1) || sizes.some((n) => !(n >= 1 && n <= 1e6)) || !['node', 'chromium'].includes(engine)) {
  console.error('usage: node scripts/bench-wasm-sim-ab.mjs [--rounds N] [--sizes A,B] [--engine node|chromium] PKG_DIR …');
  process.exit(2);
}

/** Runs in Node or in the page: every round of every module; `[key, ns per build][]`. */
function measure(mods, rounds, sizes) {
  const results = new Map();
  for (let r = 0; r < rounds; r++) {
    for (const forces of [false, true]) {
      for (const live of sizes) {
        // ~4 M particle-steps without forces, ~0.5 M particle-frames (2 M grid steps) with them.
        const steps = Math.max(2, Math.round((forces ? 5e5 : 4e6) / live));
        const order = r % 2 ? [...mods.keys()].reverse() : [...mods.keys()];
        for (const i of order) {
          const key = `${forces ? 't+v+a' : 'none'} ${live}`;
          if (!results.has(key)) results.set(key, mods.map(() => []));
          results.get(key)[i].push(mods[i].benchSim(live, steps, forces));
        }
      }
    }
  }
  return [...results];
}

let results;
if (engine === 'node') {
  const mods = [];
  for (const dir of dirs) {
    let m;
    try {
      m = await import(`${pathToFileURL(`${dir}/sp_wasm.js`).href}?${mods.length}`);
      m.initSync({ module: readFileSync(`${dir}/sp_wasm_bg.wasm`) });
    } catch (e) {
      console.error(`${dir}: not a web/pkg build (${e.message})`);
      process.exit(1);
    }
    mods.push(m);
  }
  results = measure(mods, rounds, sizes);
} else {
  const { inPackagesPage } = await import('../tests/e2e/bench-serve.mjs');
  results = await inPackagesPage(dirs, measure, [rounds, sizes]);
}

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f = (x) => x.toFixed(1);
console.log(`benchSim, ${engine}, ${rounds} rounds alternated`);
for (const [key, perBuild] of results) {
  perBuild.forEach((v, i) => {
    let line = `${key.padEnd(14)} ${dirs[i].padEnd(30)} median ${f(median(v))} (${f(Math.min(...v))}–${f(Math.max(...v))}) ns`;
    if (i > 0) {
      const ratio = v.map((x, k) => x / perBuild[0][k]);
      line += `  ratio to ${dirs[0]}: ${median(ratio).toFixed(3)} (${Math.min(...ratio).toFixed(3)}–${Math.max(...ratio).toFixed(3)})`;
    }
    console.log(line);
  });
}
