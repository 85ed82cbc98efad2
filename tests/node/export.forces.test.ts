// Integrated motion (issue 10) through the whole pipeline: the peer-tool benchmark scene with
// turbulence, vortex and attractor on (tests/golden/bench_medium.json: 3 loop-continuous
// emitters, 4 s loop at 30 fps), exported by the CLI in linear and in Bézier mode, parsed by the
// official runtime and posed at every frame against the simulation's baked frames.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFidelity, exportScene, parseSkeleton } from './export.fidelity';
import { tempDir } from '../support/tmp';

const medium = resolve('tests/golden/bench_medium.json');

const dir = tempDir('sp-forces-', afterAll);

function withCurve(path: string, curve: 'linear' | 'bezier'): string {
  const scene = JSON.parse(readFileSync(path, 'utf8')) as { export?: Record<string, unknown> };
  scene.export = { ...(scene.export ?? {}), curve };
  const out = join(dir, `${curve}.json`);
  writeFileSync(out, JSON.stringify(scene));
  return out;
}

describe('forces export with fidelity', () => {
  for (const curve of ['linear', 'bezier'] as const) {
    it(`bench_medium.json, ${curve}`, () => {
      const { json, frames, report } = exportScene(withCurve(medium, curve));
      const data = parseSkeleton(json);
      for (const name of ['start', 'loop', 'end']) expect(report.animations).toContain(name);
      expect(report.peakAlive).toBeGreaterThan(250);
      const { errors, checked } = checkFidelity(data, frames);
      expect(errors).toEqual([]);
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it('Bézier keys cost fewer bytes than linear keys on turbulent motion', () => {
    const linear = exportScene(withCurve(medium, 'linear')).report;
    const bezier = exportScene(withCurve(medium, 'bezier')).report;
    expect(bezier.keys.translate ?? 0).toBeLessThan((linear.keys.translate ?? 0) / 3);
    expect(bezier.bytes).toBeLessThan(linear.bytes);
  });
});
