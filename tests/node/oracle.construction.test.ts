// The periodic emitter the preview and the export play (`simulate --segment start|loop|end`,
// crates/sp-sim/src/sim/looping) against the construction written again here from its
// documentation (tests/node/oracle/expected.ts, source 'construction') over the real simulation
// underneath (`simulate --plain`): for every loop-continuous preset and golden scene, every frame
// of the three segments shows the same copies (life and copy index), in the same states.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopPlans, plainFramesNeeded, tracks, type SimRuns } from './oracle/expected';
import { loadScene, simulate } from './oracle/sim';

const ROOT = join(import.meta.dirname, '../..');
const scenes = ['presets', 'tests/golden/scenes'].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(ROOT, dir, f)),
);

describe('the periodic emitter is the documented construction', () => {
  for (const path of scenes) {
    const scene = loadScene(path);
    if (!scene.systems.some((s) => s.visible && s.mode === 'loopContinuous')) continue;
    it(path.slice(ROOT.length + 1), () => {
      const fps = scene.export.fps;
      const plans = loopPlans(scene);
      let frames = { start: 1, loop: 1, end: 1 };
      for (const p of plans.values()) {
        frames = { start: Math.max(frames.start, p.t0 + 1), loop: Math.max(frames.loop, p.span + 1), end: Math.max(frames.end, p.lifeFrames + 2) };
      }
      const timeline = simulate(path, fps, 1);
      const segments: SimRuns['segments'] = {
        start: simulate(path, fps, frames.start, 'start'),
        loop: simulate(path, fps, frames.loop, 'loop'),
        end: simulate(path, fps, frames.end, 'end'),
      };
      const plain = simulate(path, fps, plainFramesNeeded(scene), 'plain');
      const emitter = tracks(scene, { timeline, segments }, 'simulate-segment').filter((t) => t.segment !== 'oneShot');
      const built = tracks(scene, { timeline, plain }, 'construction').filter((t) => t.segment !== 'oneShot');
      expect(emitter.length).toBe(built.length);
      let compared = 0;
      let worst = 0;
      for (let n = 0; n < emitter.length; n++) {
        const [a, b] = [emitter[n], built[n]];
        expect([a.system, a.segment]).toEqual([b.system, b.segment]);
        const last = segments[a.segment as 'start' | 'loop' | 'end'].frames.length - 1;
        for (let u = 0; u <= last; u++) {
          const got = a.at(u);
          const want = b.at(u);
          const where = `${scene.systems[a.system].name} ${a.segment} frame ${u}`;
          expect(got.map((p) => p.id), where).toEqual(want.map((p) => p.id));
          for (let i = 0; i < got.length; i++) {
            const [p, q] = [got[i], want[i]];
            worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y));
            expect(Math.hypot(p.x - q.x, p.y - q.y), where).toBeLessThan(1e-3);
            expect(Math.abs(p.rotationDeg - q.rotationDeg), where).toBeLessThan(1e-3);
            expect([p.scaleX, p.scaleY, p.r, p.g, p.b, p.a, p.texture], where).toEqual([q.scaleX, q.scaleY, q.r, q.g, q.b, q.a, q.texture]);
            expect(Math.abs(p.virtualBirthSecs - q.virtualBirthSecs), where).toBeLessThan(1e-9);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
      // Closed-form motion is evaluated from birth by the emitter and in steps by the plain
      // simulation: the same numbers up to rounding.
      expect(worst).toBeLessThan(1e-3);
    });
  }
});
