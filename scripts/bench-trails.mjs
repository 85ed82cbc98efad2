// Trail export cost (issue 12), native CLI: bytes and keys the trails add per trailed
// particle-second at N = 4, 8, 16 bones (linear and Bézier), and the export time of a scene with
// 200 trailed particles against the same scene without trails (interleaved runs, median and
// range).
//
//   cargo build --release -p sp-cli && node scripts/bench-trails.mjs [--runs 5]
//
// Scene: tests/golden/bench_trails.json (40 particles over 1 s, lifetime 1 s, ballistic with
// damping, trail 0.3 s, N = 8). "Trail bytes / keys" = the export minus the export of the same
// scene with the trail disabled (particles still drawn); "trailed particle-seconds" = the frames
// in which `simulate --dump` shows a trail, divided by the fps. Times: `bench export` (bake +
// reduce + validate + serialise, in process), not process start-up.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const bin = process.env.SPINEPARTICLE_BIN ?? resolve('target/release/spineparticle');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const base = JSON.parse(readFileSync(resolve('tests/golden/bench_trails.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'sp-bench-trails-'));

function variant(name, change) {
  const doc = structuredClone(base);
  change(doc.systems[0], doc);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

function exportReport(scene, curve) {
  const doc = JSON.parse(readFileSync(scene, 'utf8'));
  doc.export = { ...(doc.export ?? {}), curve };
  const path = scene.replace(/\.json$/, `.${curve}.json`);
  writeFileSync(path, JSON.stringify(doc));
  const out = join(dir, 'out.json');
  const report = JSON.parse(execFileSync(bin, ['export', path, '-o', out], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  const keys = Object.values(report.keys).reduce((a, b) => a + b, 0);
  return { bytes: report.bytes, keys, report };
}

function trailedSeconds(scene) {
  const dump = execFileSync(bin, ['simulate', scene, '--dump'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  let frames = 0;
  let fps = 30;
  for (const line of dump.split('\n')) {
    if (!line) continue;
    const f = JSON.parse(line);
    for (const s of f.systems) for (const p of s.particles) if (p.trail) frames++;
  }
  return frames / fps;
}

try {
  const plain = variant('plain', (s) => (s.trail.enabled = false));
  console.log(`scene tests/golden/bench_trails.json, ${bin}`);
  console.log('N   curve   trailed s   trail bytes   bytes/particle-s   trail keys   keys/particle-s   (keys by channel)');
  for (const n of [4, 8, 16]) {
    const scene = variant(`n${n}`, (s) => (s.trail.bones = n));
    const secs = trailedSeconds(scene);
    for (const curve of ['linear', 'bezier']) {
      const a = exportReport(scene, curve);
      const b = exportReport(plain, curve);
      const byChannel = Object.entries(a.report.keys)
        .map(([k, v]) => `${k} ${v - (b.report.keys[k] ?? 0)}`)
        .join(', ');
      console.log(
        `${String(n).padEnd(3)} ${curve.padEnd(7)} ${secs.toFixed(1).padStart(9)}   ${String(a.bytes - b.bytes).padStart(11)}   ${((a.bytes - b.bytes) / secs).toFixed(0).padStart(16)}   ${String(a.keys - b.keys).padStart(10)}   ${((a.keys - b.keys) / secs).toFixed(1).padStart(15)}   (${byChannel})`,
      );
    }
  }
  // 200 trailed particles: one burst, lifetime 1 s, N = 8, against the same scene without trails.
  const burst = (s) => {
    s.ratePerSec = 0;
    s.durationSecs = 0.1;
    s.bursts = [{ timeSecs: 0, count: 200 }];
    s.maxParticles = 200;
  };
  const with200 = variant('t200', burst);
  const without200 = variant('p200', (s) => {
    burst(s);
    s.trail.enabled = false;
  });
  const time = (scene) => {
    const out = execFileSync(bin, ['bench', 'export', scene, '--runs', '1'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const m = /bake\+reduce\+validate\+serialise: ([\d.]+) ms/.exec(out);
    return Number(m[1]);
  };
  const [tw, tp] = [[], []];
  for (let i = 0; i < runs; i++) {
    tw.push(time(with200));
    tp.push(time(without200));
  }
  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s[s.length >> 1].toFixed(0)} ms (${s[0].toFixed(0)}–${s[s.length - 1].toFixed(0)})`;
  };
  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const r = exportReport(with200, 'linear');
  console.log(
    `200 trailed particles (N = 8, 1 s lives, linear; ${r.report.bones} bones, ${r.bytes} bytes): ${stat(tw)}; same scene without trails ${stat(tp)}; ratio ${(med(tw) / med(tp)).toFixed(1)}× (median of ${runs} interleaved runs)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
