// Determinism across builds: the wasm simulation (web/pkg, built by scripts/build-wasm.sh) and the
// native CLI must produce the same per-frame state hash for the same scene, seed and fps. The
// core uses libm and exact spawn times precisely so that this holds bit for bit.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const PRESETS = join(ROOT, 'presets');

interface SimWasm {
  simHash(sceneJson: string, timeSecs: number, fps: number): string;
  defaultScene(): string;
  initSync(o: { module: Uint8Array }): unknown;
}

let wasm: SimWasm;

beforeAll(async () => {
  wasm = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as SimWasm;
  wasm.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
});

const presetFiles = readdirSync(PRESETS).filter((f) => f.endsWith('.json')).sort();

describe('simulation hash: wasm = native', () => {
  it('has presets to compare', () => {
    expect(presetFiles.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of presetFiles) {
    for (const [duration, fps] of [[2, 30], [3.5, 60]] as const) {
      it(`${file} over ${duration} s at ${fps} fps`, () => {
        const path = join(PRESETS, file);
        const native = runCli(['simulate', path, '--duration', String(duration), '--fps', String(fps), '--hash']).trim();
        const web = wasm.simHash(readFileSync(path, 'utf8'), duration, fps);
        expect(native).toMatch(/^[0-9a-f]{16}$/);
        expect(web).toBe(native);
      });
    }
  }

  // Integrated motion (turbulence + vortex + attractor, issue 10): libm only, no fused
  // multiply-adds, a fixed order of operations, so wasm = native bit for bit.
  for (const [duration, fps] of [[3, 30], [2.5, 144]] as const) {
    it(`forces scene bench_medium.json over ${duration} s at ${fps} fps`, () => {
      const path = join(ROOT, 'tests/golden/bench_medium.json');
      const native = runCli(['simulate', path, '--duration', String(duration), '--fps', String(fps), '--hash']).trim();
      expect(native).toMatch(/^[0-9a-f]{16}$/);
      expect(wasm.simHash(readFileSync(path, 'utf8'), duration, fps)).toBe(native);
    });
  }

  // The over-life table (sp_sim::sim::life_table): in wasm its row is found by a lane compare
  // when the channels have at most 8 key times between them and by a search past that; natively
  // lane by lane. Smooth and linear keys, 8 then 11 merged key times. (Its alpha limit to
  // [0, 1], a lane operation in wasm too, only acts on values a document's keys cannot reach;
  // the Rust unit tests compare it with the scalar limit.)
  for (const [label, sizeX] of [
    ['8 merged key times', [{ t: 0, v: 1 }]],
    ['11 merged key times', [{ t: 0.05, v: 1 }, { t: 0.15, v: 2.5, interp: 'smooth' }, { t: 0.25, v: 0.5 }]],
  ] as const) {
    it(`over-life table with ${label}`, () => {
      const scene = JSON.parse(readFileSync(join(PRESETS, 'fire.json'), 'utf8')) as {
        systems: Record<string, unknown>[];
      };
      const system = scene.systems[0];
      system.scaleCurve = [{ t: 0, v: 1 }, { t: 0.2, v: 0.4, interp: 'smooth' }, { t: 0.4, v: 1.2 }];
      system.alphaCurve = [
        { t: 0.1, v: 0.2 },
        { t: 0.3, v: 1, interp: 'smooth' },
        { t: 0.5, v: 0.1 },
        { t: 0.9, v: 0.7 },
      ];
      system.colorGradient = [{ t: 0, color: '#ff0000' }, { t: 0.6, color: '#00ff80' }];
      system.overLife = { ...(system.overLife as object), sizeX };
      const json = JSON.stringify(scene);
      const tmp = join(ROOT, 'target', `life-table-${sizeX.length}.test.json`);
      mkdirSync(join(ROOT, 'target'), { recursive: true });
      writeFileSync(tmp, json);
      const native = runCli(['simulate', tmp, '--duration', '2', '--fps', '60', '--hash']).trim();
      expect(native).toMatch(/^[0-9a-f]{16}$/);
      expect(wasm.simHash(json, 2, 60)).toBe(native);
    });
  }

  it('the default scene hashes the same, and differs from another seed', () => {
    const scene = wasm.defaultScene();
    const tmp = join(ROOT, 'target', 'default-scene.test.json');
    mkdirSync(join(ROOT, 'target'), { recursive: true });
    writeFileSync(tmp, scene);
    const native = runCli(['simulate', tmp, '--duration', '2', '--fps', '30', '--hash']).trim();
    expect(wasm.simHash(scene, 2, 30)).toBe(native);
    const reseeded = JSON.parse(scene) as { systems: { seed: number }[] };
    reseeded.systems[0].seed += 1;
    expect(wasm.simHash(JSON.stringify(reseeded), 2, 30)).not.toBe(native);
  });
});
