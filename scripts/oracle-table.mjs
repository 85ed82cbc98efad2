// Prints the fidelity oracle's worst error per channel and scene as a Markdown table, from the
// reports the oracle tests leave in target/oracle/ (run them first:
// `node node_modules/vitest/vitest.mjs run tests/node/oracle.*.test.ts`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'target', 'oracle');
const rows = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
const f = (v, digits) => (v === 0 ? '0' : v.toFixed(digits));
console.log('| scene | frames | pairs | position px | rotation ° | scale | rgb ×255 | alpha | invisible inversions | errors | s |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const w = r.worst;
  console.log(
    `| ${r.name} | ${r.frames} | ${r.pairs} | ${f(w.position.value, 3)} | ${f(w.rotation.value, 4)} | ${f(w.scale.value, 4)} | ${f(w.rgb.value * 255, 2)} | ${f(w.alpha.value, 4)} | ${r.invisibleInversions} | ${r.errorCount} | ${(r.totalMs / 1000).toFixed(1)} |`,
  );
}
