// Benchmark runner (not a test): the wasm `exportSpine` of one scene with two builds of the
// module, A and B, alternated round by round (A B, then B A, …) in one process, after two untimed
// exports of each. Prints each build's median (min–max) time per export, the per-round ratio
// B / A, and whether the two builds wrote the same bytes.
//
//   node scripts/bench-wasm-export-ab.mjs [--rounds N] [--engine node|chromium] SCENE PKG_A PKG_B
//
// PKG_*: copies of web/pkg after `bash scripts/build-wasm.sh`. Timed around the call (scene parse,
// bake, reduce, validate, serialise, the skeleton and report handed to JavaScript; for builds that
// return them as one JSON text, as before 2026-12-05, its JSON.parse too). With
// `--engine node` (default) the stages are timed too, from `exportSpineWithProgress`'s calls at
// the start of each stage. With `--engine chromium` both modules run in one page of Debian's
// Chromium (its V8 is newer than Node 20's and inlines more: the editor's figures are these).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const rounds = Number(option('--rounds', '11'));
const engine = option('--engine', 'node');
if (args.length !== 3 || !Number.isInteger(rounds) || rounds < 1 || !['node', 'chromium'].includes(engine)) {
  console.error('usage: node scripts/bench-wasm-export-ab.mjs [--rounds N] [--engine node|chromium] SCENE PKG_A PKG_B');
  process.exit(2);
}
const [scene, pkgA, pkgB] = args.map((a) => resolve(a));
const sceneText = readFileSync(scene, 'utf8');

/** Runs in Node or in the page: `mods` are the two initialised modules. */
function measure(mods, text, rounds, stages) {
  const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  const once = (m) => {
    const marks = {};
    const t0 = performance.now();
    let raw = stages
      ? m.exportSpineWithProgress(text, '', (stage) => ((marks[stage] ??= performance.now() - t0), true))
      : m.exportSpine(text, '');
    // Builds before 2026-12-05 (thirteenth session) return `{ json, report }` as JSON text, which
    // the page parsed before it could use the skeleton: timed with the call.
    if (typeof raw === 'string') raw = JSON.parse(raw);
    return { ms: performance.now() - t0, marks, raw };
  };
  for (const m of mods) for (let i = 0; i < 2; i++) once(m);
  const runs = mods.map(() => []);
  for (let r = 0; r < rounds; r++) for (const k of r % 2 ? [1, 0] : [0, 1]) runs[k].push(once(mods[k]));
  const same = runs[0][0].raw.json === runs[1][0].raw.json;
  const fmt = (a, d = 1) => `${med(a).toFixed(d)} (${Math.min(...a).toFixed(d)}–${Math.max(...a).toFixed(d)})`;
  const lines = runs.map((rs, k) => {
    let line = `${'AB'[k]}: ${fmt(rs.map((x) => x.ms))} ms per export`;
    if (stages) {
      const stage = (x, from, to) => (to ? x.marks[to] : x.ms) - x.marks[from];
      const names = [['bake', 'bake', 'reduce'], ['reduce', 'reduce', 'validate'], ['validate', 'validate', 'serialise'], ['serialise', 'serialise', null]];
      line += '; stages ' + names.map(([n, a, b]) => `${n} ${med(rs.map((x) => stage(x, a, b))).toFixed(1)}`).join(', ') + ' ms';
    }
    return line;
  });
  const ratio = runs[1].map((x, r) => x.ms / runs[0][r].ms);
  lines.push(`B / A per round: ${fmt(ratio, 3)}; same bytes: ${same}`);
  return lines;
}

let lines;
if (engine === 'node') {
  const mods = [];
  for (const [i, p] of [pkgA, pkgB].entries()) {
    const m = await import(`${p}/sp_wasm.js?${i}`);
    m.initSync({ module: readFileSync(`${p}/sp_wasm_bg.wasm`) });
    mods.push(m);
  }
  lines = measure(mods, sceneText, rounds, true);
} else {
  const { inPackagesPage } = await import('../tests/e2e/bench-serve.mjs');
  lines = await inPackagesPage([pkgA, pkgB], measure, [sceneText, rounds, false]);
}
console.log(`exportSpine of ${scene}, ${engine}, ${rounds} rounds alternated (A = ${pkgA}, B = ${pkgB})`);
for (const line of lines) console.log('  ' + line);
