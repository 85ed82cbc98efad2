// Every built-in preset exports through the CLI, is parsed by the official runtime and matches
// the simulation's baked frames at every frame (export spec §12.3 tolerances).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFidelity, exportScene, parseSkeleton } from './export.fidelity';

const presetDir = resolve('presets');
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.json')).sort();

describe('presets export with fidelity', () => {
  it('has presets', () => {
    expect(presets.length).toBeGreaterThan(0);
  });
  for (const preset of presets) {
    it(preset, () => {
      const { json, frames, report } = exportScene(join(presetDir, preset));
      const data = parseSkeleton(json);
      expect(data.bones[0].name).toBe('root');
      expect(report.bytes).toBe(Buffer.byteLength(json));
      for (const name of report.animations) expect(data.findAnimation(name)).not.toBeNull();
      const { errors, checked } = checkFidelity(data, frames);
      expect(errors).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
