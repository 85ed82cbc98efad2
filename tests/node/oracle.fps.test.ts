// The fidelity oracle at 24, 144 and 240 fps exports (export.fps changed, nothing else): a normal
// loop whose lives outlast the loop (smoke), one-shot systems in both draw orders with a loop of
// the oldest on top (stacking scene), a burst aligned to velocity (sparks), sparks bouncing on a
// floor (impacts fall between other frames at each rate) and a comet on a path (Local-space
// system bone turned along the path).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScene } from './oracle/run';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'target', 'oracle-scenes');

function atFps(source: string, fps: number): string {
  const doc = JSON.parse(readFileSync(join(ROOT, source), 'utf8'));
  doc.export = { ...(doc.export ?? {}), fps };
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${source.replace(/\W+/g, '_')}_${fps}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

describe('oracle: export frame rates', () => {
  for (const fps of [24, 144, 240]) {
    for (const source of [
      'presets/smoke.json',
      'tests/node/scenes/stacking.json',
      'presets/sparks_burst.json',
      'presets/sparks_floor.json',
      'presets/comet_path.json',
    ]) {
      it(`${source} at ${fps} fps`, () => {
        const r = checkScene(`${source} ${fps}fps`, atFps(source, fps));
        expect(r.fps).toBe(fps);
        expect(r.errors).toEqual([]);
        expect(r.errorCount).toBe(0);
        expect(r.pairs).toBeGreaterThan(0);
      });
    }
  }
});
