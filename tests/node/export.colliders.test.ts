// Colliders and paths through the CLI export and the official runtime (export spec §10.2, §10.3,
// §16.3 "碰撞发生前后", "路径 … 跟随运动中间帧"). The fidelity oracle poses every frame of these
// scenes (oracle.scenes.test.ts); here the frames that matter most are checked by name: for every
// impact the preview's simulation reports (`simulate --dump`, its `impacts` count changing between
// frames k − 1 and k), spine-core 4.2.119 posing the export at k − 1 and at k shows a slot on
// the particle (0.1 px, 0.01°); a destroyed particle is gone from its death frame; the system bone
// of a Local-space emitter on a path sits on the path mid-travel; and the export holds nothing of
// the colliders or paths.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportWithCli, parseExport } from './oracle/oracle';
import { Poser } from './oracle/pose';
import { loadScene, simulate } from './oracle/sim';
import { runCli } from '../support/cli';

const ROOT = join(import.meta.dirname, '../..');

interface ImpactCheck {
  impacts: number;
  framesChecked: number;
}

/** Checks the frames around every impact of a one-shot scene's single animation, or (`segment`)
 * of one segment of a scene whose systems are all loop-continuous in the animations start, loop
 * and end (the periodic emitter's copies, `simulate --segment`). */
function checkImpactFrames(rel: string, segment?: 'start' | 'loop' | 'end'): ImpactCheck {
  const scenePath = join(ROOT, rel);
  const scene = loadScene(scenePath);
  const fps = scene.export.fps;
  const { json } = exportWithCli(scenePath);
  const data = parseExport(json);
  if (!segment) expect(data.animations.length).toBe(1);
  const animation = segment ? data.findAnimation(segment)! : data.animations[0];
  expect(animation, `${rel}: animation ${segment}`).toBeTruthy();
  const frames = Math.round(animation.duration * fps) + 1;
  const run = simulate(scenePath, fps, frames, segment ?? 'timeline');
  const poser = new Poser(data);
  const visible = scene.systems.map((s, i) => ({ s, i })).filter(({ s }) => s.visible);
  let impacts = 0;
  let framesChecked = 0;
  visible.forEach(({ i }, bone) => {
    const bySerial = new Map<number, Map<number, (typeof run.frames)[0][0][0]>>();
    run.frames.forEach((f, k) => {
      for (const p of f[i]) {
        if (!bySerial.has(p.serial)) bySerial.set(p.serial, new Map());
        bySerial.get(p.serial)!.set(k, p);
      }
    });
    for (const [serial, life] of bySerial) {
      for (const [k, p] of life) {
        const before = life.get(k - 1);
        if (!before || before.impacts === p.impacts) continue;
        impacts++;
        for (const [frame, q] of [
          [k - 1, before],
          [k, p],
        ] as const) {
          if (!q.visible || q.a < 0.01) continue;
          const shown = poser.pose(animation, frame, fps).systems[bone];
          const near = shown
            .map((s) => ({ s, d: Math.hypot(s.x - q.x, s.y - q.y) }))
            .sort((a, b) => a.d - b.d)[0];
          expect(near, `${rel}: particle ${serial} at frame ${frame}: no slot shown`).toBeDefined();
          expect(near.d, `${rel}: particle ${serial}, impact between frames ${k - 1} and ${k}: at ${frame} ${near.d} px off`).toBeLessThan(0.1);
          if (Math.abs(q.scaleX) > 1e-3) {
            const angle = (Math.atan2(near.s.c, near.s.a) * 180) / Math.PI;
            const want = q.rotationDeg + (q.scaleX < 0 ? 180 : 0);
            const diff = Math.abs((((angle - want) % 360) + 540) % 360 - 180);
            expect(diff, `${rel}: particle ${serial} rotation at frame ${frame}`).toBeLessThan(0.01);
          }
          framesChecked++;
        }
      }
    }
  });
  return { impacts, framesChecked };
}

describe('export: the frames around every impact, posed by spine-core', () => {
  for (const rel of ['presets/sparks_floor.json', 'tests/node/scenes/colliders.json']) {
    it(rel, () => {
      const r = checkImpactFrames(rel);
      expect(r.impacts).toBeGreaterThan(20);
      expect(r.framesChecked).toBeGreaterThan(2 * 20 - 1);
    });
  }
});

describe('export: the frames around every impact of loop copies, posed by spine-core', () => {
  // The golden loop scene: bounce, pause and destroy on loop-continuous systems; every segment
  // of the periodic emitter keeps keys around its copies' impacts.
  for (const segment of ['start', 'loop', 'end'] as const) {
    it(`tests/golden/scenes/colliders_loop.json ${segment}`, () => {
      const r = checkImpactFrames('tests/golden/scenes/colliders_loop.json', segment);
      expect(r.impacts).toBeGreaterThan(3);
      expect(r.framesChecked).toBeGreaterThan(3);
    });
  }
});

describe('export: colliders and paths are baked, never written', () => {
  it('the JSON names no collider or path and has no constraint', () => {
    for (const rel of ['presets/rain_ledges.json', 'presets/comet_path.json', 'tests/node/scenes/paths.json', 'tests/golden/scenes/colliders_loop.json']) {
      const doc = JSON.parse(readFileSync(join(ROOT, rel), 'utf8')) as { colliders?: { name: string }[]; paths?: { name: string }[] };
      const { json } = exportWithCli(join(ROOT, rel));
      const out = JSON.parse(json) as Record<string, unknown>;
      for (const section of ['ik', 'transform', 'path', 'physics']) expect(out[section], `${rel}: ${section}`).toBeUndefined();
      for (const o of [...(doc.colliders ?? []), ...(doc.paths ?? [])]) {
        expect(json.includes(JSON.stringify(o.name)), `${rel}: ${o.name} written`).toBe(false);
      }
    }
  });

  it('a destroyed particle is gone from its death frame', () => {
    const rel = 'tests/node/scenes/colliders.json';
    const scenePath = join(ROOT, rel);
    const scene = loadScene(scenePath);
    const fps = scene.export.fps;
    const { json } = exportWithCli(scenePath);
    const data = parseExport(json);
    const animation = data.animations[0];
    const frames = Math.round(animation.duration * fps) + 1;
    const run = simulate(scenePath, fps, frames);
    const index = scene.systems.findIndex((s) => s.name === 'World destroy');
    // Each destroyed particle's last frame, where it was: on the next frame no slot shows there.
    const last = new Map<number, { frame: number; x: number; y: number; life: number }>();
    run.frames.forEach((f, k) => {
      for (const p of f[index]) last.set(p.serial, { frame: k, x: p.x, y: p.y, life: p.birthSecs });
    });
    const lifetimes = scene.systems[index].lifetimeSecs;
    const poser = new Poser(data);
    let destroyed = 0;
    for (const [serial, l] of last) {
      const death = l.frame + 1;
      // Died well before its shortest lifetime: destroyed at a collider.
      if (death / fps - l.life > lifetimes.min - 0.05 || death >= frames) continue;
      destroyed++;
      // The slot that showed it on its last frame shows nothing at its death frame, or another
      // particle the simulation has there.
      const slot = poser
        .pose(animation, l.frame, fps)
        .systems[index].find((s) => Math.hypot(s.x - l.x, s.y - l.y) < 0.1);
      expect(slot, `particle ${serial} shown on its last frame ${l.frame}`).toBeDefined();
      const after = poser.pose(animation, death, fps).systems[index].find((s) => s.slot === slot!.slot);
      if (after) {
        const other = run.frames[death][index].some((p) => Math.hypot(p.x - after.x, p.y - after.y) < 0.1);
        expect(other, `particle ${serial} still shown at its death frame ${death}`).toBe(true);
      }
    }
    expect(destroyed).toBeGreaterThan(5);
  });

  it('a Local-space emitter on a path moves its system bone along the path, mid-travel too', () => {
    const rel = 'tests/node/scenes/paths.json';
    const scenePath = join(ROOT, rel);
    const { json } = exportWithCli(scenePath);
    const data = parseExport(json);
    const animation = data.animations[0];
    const poser = new Poser(data);
    // The scene's "Local rider" travels "Wave" over its duration (2 s), ping-pong, oriented.
    const track = JSON.parse(runCli(['simulate', scenePath, '--print-scene'])) as { systems: { name: string }[] };
    expect(track.systems[0].name).toBe('Local rider');
    const wave = (u: number) => {
      // The Bézier piece of "Wave" at parameter u (first piece: (−250, 0) → (0, 0)).
      const p = [
        [-250, 0],
        [-170, -120],
        [-80, 120],
        [0, 0],
      ];
      const v = 1 - u;
      const b = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u];
      return [0, 1].map((c) => b.reduce((acc, w, i) => acc + w * p[i][c], 0));
    };
    const bone = poser.skeleton.findBone(poser.systemBones[0])!;
    for (const frame of [0, 7, 15, 22]) {
      poser.pose(animation, frame, 30);
      // On the first piece of the path (editor y down → Spine y up): some u puts it there.
      let best = Infinity;
      for (let i = 0; i <= 4000; i++) {
        const [x, y] = wave(i / 4000);
        best = Math.min(best, Math.hypot(bone.worldX - x, bone.worldY + y));
      }
      expect(best, `frame ${frame}`).toBeLessThan(0.2);
    }
  });
});
