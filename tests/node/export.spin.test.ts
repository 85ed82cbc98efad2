// Between two frames the runtime turns a particle the way the simulation turned it, never the
// long way round (export spec §12.5): every export, posed by spine-core 4.2.119 at eighths of a
// frame, turns no particle more than 33.75° per eighth (270° per frame). The fidelity oracle
// checks whole frames only, where a rotation key 360° off still poses exactly; between them the
// runtime interpolates the keys, and such a key spun the particle almost a full turn (≈ 45° per
// eighth) where the simulation turned it a few degrees. A particle that bounces or rounds a
// path's corner may turn ~180° in one frame (up to 184° here, as its grid steps turned it). Scenes: every preset as it is, mirrored
// (scale x −1) and flipped (x and y −1) in its own (local) space, and the oracle's own scenes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportWithCli, parseExport } from './oracle/oracle';
import { Poser } from './oracle/pose';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'target', 'spin-scenes');
/** Eighths of a frame posed between two frames. */
const STEPS = 8;
/** Most a particle may turn in one eighth of a frame, degrees. */
const MAX_STEP_DEG = 270 / STEPS;

type Scene = { systems: Record<string, unknown>[]; export?: { fps?: number } };

/** `scene` with every system in local space and its transform's scale multiplied by `(sx, sy)`. */
function mirrored(scene: Scene, sx: number, sy: number): Scene {
  return {
    ...scene,
    systems: scene.systems.map((s) => {
      const t = (s.transform ?? {}) as { scaleX?: number; scaleY?: number };
      return { ...s, space: 'local', transform: { ...t, scaleX: (t.scaleX ?? 1) * sx, scaleY: (t.scaleY ?? 1) * sy } };
    }),
  };
}

/** The bone's x axis in degrees (the way the particle's image points). */
const angleOf = (s: { a: number; c: number }): number => (Math.atan2(s.c, s.a) * 180) / Math.PI;
/** `a − b` wrapped to (−180, 180]. */
function turn(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360 - 180;
  return d === -180 ? 180 : d;
}

/**
 * The largest turn of one particle in one eighth of a frame, over every animation of the
 * export of `path`: slots shown at both ends of an eighth, within the same frame interval (a
 * new life starts on a frame, so the step into the next frame is not compared).
 */
function largestStep(path: string): { deg: number; where: string; eighths: number } {
  const scene = JSON.parse(readFileSync(path, 'utf8')) as Scene;
  const fps = scene.export?.fps ?? 30;
  const data = parseExport(exportWithCli(path).json);
  const poser = new Poser(data);
  let worst = { deg: 0, where: '', eighths: 0 };
  for (const animation of data.animations) {
    const frames = Math.round(animation.duration * fps);
    for (let f = 0; f < frames; f++) {
      let before = new Map<string, number>();
      for (let k = 0; k < STEPS; k++) {
        const shown = poser.pose(animation, f + k / STEPS, fps).systems.flat();
        const now = new Map(shown.map((s) => [s.slot, angleOf(s)]));
        for (const [slot, angle] of now) {
          const last = before.get(slot);
          if (last === undefined) continue;
          worst.eighths++;
          const deg = Math.abs(turn(angle, last));
          if (deg > worst.deg) worst = { deg, where: `${animation.name} frame ${f} + ${k}/${STEPS}, ${slot}: ${last.toFixed(2)}° → ${angle.toFixed(2)}°`, eighths: worst.eighths };
        }
        before = now;
      }
    }
  }
  return worst;
}

/** Scene files under `dir`, sorted. */
const list = (dir: string): { name: string; path: string }[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, path: join(ROOT, dir, f) }));

describe('exports turn particles the short way between frames', () => {
  mkdirSync(OUT, { recursive: true });
  const cases: { name: string; path: string }[] = [...list('tests/node/scenes')];
  for (const { name, path } of list('presets')) {
    const scene = JSON.parse(readFileSync(path, 'utf8')) as Scene;
    cases.push({ name: `preset ${name}`, path });
    for (const [tag, sx, sy] of [['mirrored', -1, 1], ['flipped', -1, -1]] as const) {
      const file = join(OUT, `${tag}-${name}`);
      writeFileSync(file, JSON.stringify(mirrored(scene, sx, sy)));
      cases.push({ name: `preset ${name} ${tag}`, path: file });
    }
  }

  for (const { name, path } of cases) {
    it(name, () => {
      const worst = largestStep(path);
      expect(worst.eighths, `${name}: particles were compared`).toBeGreaterThan(0);
      expect(worst.deg, `${name}: ${worst.where}`).toBeLessThanOrEqual(MAX_STEP_DEG);
    });
  }
});
