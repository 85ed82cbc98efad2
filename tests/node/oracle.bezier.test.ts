// The fidelity oracle on Bézier-mode exports (export.curve = "bezier", nothing else changed) of
// every preset and of the medium peer-tool scene: Bézier segments (handles fitted to spine-core's
// 10-piece polyline, end values anywhere within tolerance of the sample) pose within the spec's
// tolerances at every frame, as the linear exports do in oracle.scenes.test.ts.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScene } from './oracle/run';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'target', 'oracle-scenes');

function asBezier(source: string): string {
  const doc = JSON.parse(readFileSync(join(ROOT, source), 'utf8'));
  doc.export = { ...(doc.export ?? {}), curve: 'bezier' };
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${source.replace(/\W+/g, '_')}_bezier.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

const sources = [
  ...readdirSync(join(ROOT, 'presets'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `presets/${f}`),
  'tests/golden/bench_medium.json',
  ...readdirSync(join(ROOT, 'tests/node/scenes'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `tests/node/scenes/${f}`),
];

describe('oracle: Bézier exports', () => {
  it('covers the presets', () => expect(sources.length).toBeGreaterThanOrEqual(9));
  for (const source of sources) {
    it(source, () => {
      const r = checkScene(`${source} bezier`, asBezier(source));
      expect(r.errors).toEqual([]);
      expect(r.errorCount).toBe(0);
      expect(r.pairs).toBeGreaterThan(0);
    });
  }
});
