// Profiler runner (not a test): where the editor's wasm `exportSpine` spends its time in Debian's
// Chromium, per function, from V8's own sampling profiler (the DevTools protocol's
// `Profiler.start`) over ROUNDS exports of SCENE after 3 untimed ones. Prints each function's
// share of the samples by itself (self) and with what it calls (total), the TOP of each.
//
//   node scripts/profile-wasm-export.mjs [--rounds N] [--top N] [--keep FILE.cpuprofile] SCENE PKG
//
// PKG: a copy of web/pkg whose module keeps its function names with the shipped optimisation,
// so that the profile names what the shipped module inlines: after `bash scripts/build-wasm.sh`,
//   .tools/bin/wasm-bindgen --target web --out-dir PKG target/wasm32-unknown-unknown/wasm/sp_wasm.wasm
//   node_modules/.bin/wasm-opt -Oz -g <the features of scripts/build-wasm.sh> PKG/sp_wasm_bg.wasm -o PKG/sp_wasm_bg.wasm
// (`-g` keeps the name section). A sampling profiler sees functions, not instructions: for the
// hot instructions inside one, see scripts/profile-wasm-sim.sh.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { BASE_FLAGS } from '../tests/e2e/bench-cli.mjs';
import { serveDist } from '../tests/e2e/bench-serve.mjs';

const usage = 'usage: node scripts/profile-wasm-export.mjs [--rounds N] [--top N] [--keep FILE.cpuprofile] SCENE PKG';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '20' }, top: { type: 'string', default: '30' }, keep: { type: 'string' } } });
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(2);
}
const rounds = Number(parsed.values.rounds);
const top = Number(parsed.values.top);
const keep = parsed.values.keep ?? null;
const args = parsed.positionals;
if (args.length !== 2 || !Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(top)) {
  console.error(usage);
  process.exit(2);
}
const [scene, pkg] = args.map((a) => resolve(a));
const text = readFileSync(scene, 'utf8');

const site = mkdtempSync(join(tmpdir(), 'sp-profile-'));
symlinkSync(pkg, join(site, 'p0'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>profile</title>');
const server = await serveDist(site);
const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: BASE_FLAGS });
let profile;
let ms;
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/index.html`);
  await page.evaluate(async (t) => {
    const m = await import('/p0/sp_wasm.js');
    await m.default({ module_or_path: '/p0/sp_wasm_bg.wasm' });
    globalThis.spExport = () => m.exportSpine(t, '');
    for (let i = 0; i < 3; i++) globalThis.spExport();
  }, text);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  ms = await page.evaluate((n) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) globalThis.spExport();
    return (performance.now() - t0) / n;
  }, rounds);
  ({ profile } = await cdp.send('Profiler.stop'));
} finally {
  await browser.close();
  server.close();
  rmSync(site, { recursive: true, force: true });
}
if (keep !== null) writeFileSync(keep, JSON.stringify(profile));

// Self samples per node, then per function name (hash suffixes of Rust symbols dropped); totals
// count a function once per sample however often it is on that sample's stack.
const name = (n) => (n.callFrame.functionName || n.callFrame.url || '(anonymous)').replace(/::h[0-9a-f]{16}$/, '');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const hits = new Map();
for (const s of profile.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
const self = new Map();
const total = new Map();
for (const [id, count] of hits) {
  self.set(name(byId.get(id)), (self.get(name(byId.get(id))) ?? 0) + count);
  const seen = new Set();
  for (let q = id; q !== undefined; q = parent.get(q)) {
    const k = name(byId.get(q));
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + count);
  }
}
const all = profile.samples.length;
const list = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, c]) => `  ${((100 * c) / all).toFixed(1).padStart(5)} %  ${k}`);
console.log(`exportSpine of ${scene} in Chromium: ${ms.toFixed(1)} ms per export (profiled), ${rounds} rounds, ${all} samples`);
console.log('self:');
console.log(list(self).join('\n'));
console.log('total:');
console.log(list(total).join('\n'));
