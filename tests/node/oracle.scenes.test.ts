// The fidelity oracle (tests/node/oracle) on every preset, every golden scene, the default scene
// and the oracle's own scenes (mirrored systems, both draw orders): each export, posed by
// spine-core 4.2.119 at every frame of every animation, shows exactly the particles the preview's
// simulation shows, within the spec's tolerances, stacked as the preview stacks them; the loop
// segments (start, loop, end) are also what the canvas shows at their place on its timeline.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkScene, differenceKeys, type Recorded } from './oracle/run';

const ROOT = join(import.meta.dirname, '../..');
const list = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, path: join(ROOT, dir, f) }));

function expectFaithful(r: Recorded, name: string): void {
  expect(r.errors, `${name}: ${r.errorCount} mismatches`).toEqual([]);
  expect(r.errorCount).toBe(0);
  expect(r.frames).toBeGreaterThan(0);
  // A system whose trail hides its particles is checked by its trails alone.
  expect(r.pairs + r.trailPairs).toBeGreaterThan(0);
  expect(differenceKeys(r.previewDifferences), `${name}: the canvas differs from the export`).toEqual([]);
}

describe('oracle: presets', () => {
  const presets = list('presets');
  it('covers the eight presets', () => expect(presets.length).toBeGreaterThanOrEqual(8));
  for (const { name, path } of presets) {
    it(name, () => expectFaithful(checkScene(`preset ${name}`, path), name));
  }
});

describe('oracle: golden scenes', () => {
  const scenes = list('tests/golden/scenes');
  it('covers the golden scenes', () => expect(scenes.length).toBeGreaterThanOrEqual(6));
  for (const { name, path } of scenes) {
    it(name, () => expectFaithful(checkScene(`golden ${name}`, path), name));
  }
});

describe('oracle: own scenes (mirrored systems, both draw orders)', () => {
  for (const { name, path } of list('tests/node/scenes')) {
    it(name, () => {
      const r = checkScene(`scene ${name}`, path);
      expectFaithful(r, name);
      if (name === 'stacking.json') expect(r.stacked).toBeGreaterThan(100);
    });
  }
});

describe('oracle: the default scene', () => {
  let path = '';
  beforeAll(async () => {
    const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as {
      defaultScene(): string;
      initSync(o: { module: Uint8Array }): unknown;
    };
    glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
    mkdirSync(join(ROOT, 'target'), { recursive: true });
    path = join(ROOT, 'target', 'default-scene.oracle.json');
    writeFileSync(path, glue.defaultScene());
  });
  it('matches the preview', () => expectFaithful(checkScene('default scene', path), 'default scene'));
});
