// The oracle can fail: each test breaks one thing in a correct export (a position, a rotation, a
// scale, a colour, an alpha, the stacking, an image, a particle shown or hidden) by a little more
// than the spec allows, and the oracle must name it. Plus the pieces it is built from: the
// rotation measure on mirrored matrices, the assignment solver, the attachment path rule.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hungarian, pairErrors } from './oracle/compare';
import { attachmentPath, type ExpectedParticle } from './oracle/expected';
import { exportWithCli, runOracle } from './oracle/oracle';
import type { ShownSlot } from './oracle/pose';

const SCENES = join(import.meta.dirname, 'scenes');
const STACKING = join(SCENES, 'stacking.json');
const MIRRORED = join(SCENES, 'mirrored.json');

type Json = Record<string, any>;

function mutated(scene: string, change: (doc: Json) => void): string[] {
  const { json } = exportWithCli(scene);
  expect(runOracle(scene, json).errors).toEqual([]);
  const doc = JSON.parse(json) as Json;
  change(doc);
  const r = runOracle(scene, JSON.stringify(doc), { limit: 200 });
  expect(r.errorCount).toBeGreaterThan(0);
  return r.errors;
}

describe('the oracle notices', () => {
  it('a particle 0.3 px off', () => {
    const errors = mutated(STACKING, (d) => {
      d.animations.puff.bones._particle_000.translate[0].x += 0.3;
    });
    expect(errors.some((e) => /_particle_000 particle \d+: position 0\.(2|3)/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a rotation 0.05° off, on a mirrored system', () => {
    const errors = mutated(MIRRORED, (d) => {
      for (const key of d.animations.mirror.bones._particle_000.rotate) key.value = (key.value ?? 0) + 0.05;
    });
    expect(errors.some((e) => /_particle_000 particle \d+: rotation 0\.0(4|5)/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a scale 3 % off', () => {
    const errors = mutated(STACKING, (d) => {
      for (const key of d.animations.puff.bones._particle_000.scale) {
        key.x = (key.x ?? 1) * 1.03;
        key.y = (key.y ?? 1) * 1.03;
      }
    });
    expect(errors.some((e) => /_particle_000 particle \d+: scale/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a colour 2/255 off and an alpha 4/255 off', () => {
    const shift = (hex: string, at: number, by: number) => {
      const v = Math.max(0, Math.min(255, parseInt(hex.slice(at, at + 2), 16) + by));
      return hex.slice(0, at) + v.toString(16).padStart(2, '0') + hex.slice(at + 2);
    };
    const red = mutated(STACKING, (d) => {
      for (const key of d.animations.puff.slots._particle_001.rgba) key.color = shift(key.color, 0, -2);
    });
    expect(red.some((e) => /_particle_001 particle \d+: rgb 0\.00(7|8)/.test(e)), red.join('\n')).toBe(true);
    const alpha = mutated(STACKING, (d) => {
      for (const key of d.animations.puff.slots._particle_001.rgba) key.color = shift(key.color, 6, 4);
    });
    expect(alpha.some((e) => /_particle_001 particle \d+: alpha 0\.01/.test(e)), alpha.join('\n')).toBe(true);
  });

  it('overlapping normal-blend particles stacked the wrong way (the draw order keys left out)', () => {
    const errors = mutated(STACKING, (d) => {
      expect(d.animations.puff.drawOrder.length).toBeGreaterThan(0);
      delete d.animations.puff.drawOrder;
    });
    expect(errors.some((e) => /system (Newest|Oldest) on top: slot _particle_\w+ is drawn over _particle_\w+ but its particle belongs behind/.test(e)), errors.join('\n')).toBe(true);
  });

  it('the wrong image', () => {
    const errors = mutated(STACKING, (d) => {
      d.skins[0].attachments._particle_002.soft_dot.path = 'smoke';
    });
    expect(errors.some((e) => /_particle_002: shows smoke, particle \d+ shows soft_dot/.test(e)), errors.join('\n')).toBe(true);
  });

  it('a particle hidden while it lives, and one shown after it died', () => {
    const hidden = mutated(STACKING, (d) => {
      const keys = d.animations.puff.slots._particle_003.attachment as { time?: number; name: string | null }[];
      const shown = keys.find((k) => k.name !== null && (k.time ?? 0) > 0)!;
      shown.name = null;
    });
    expect(hidden.some((e) => /system Newest on top: \d+ slots show, \d+ particles visible \(extra ; missing \d+/.test(e)), hidden.join('\n')).toBe(true);
    const lingering = mutated(STACKING, (d) => {
      const slot = d.animations.puff.slots._particle_004;
      slot.attachment = (slot.attachment as { name: string | null }[]).filter((k) => k.name !== null);
      slot.rgba = (slot.rgba as { color: string }[]).map((k) => ({ ...k, color: `${k.color.slice(0, 6)}ff` }));
    });
    expect(lingering.some((e) => /slots show, \d+ particles visible \(extra _particle_004/.test(e)), lingering.join('\n')).toBe(true);
  });
});

describe('oracle building blocks', () => {
  const slot = (a: number, b: number, c: number, d: number): ShownSlot => ({ slot: 's', drawPos: 0, x: 0, y: 0, a, b, c, d, r: 1, g: 1, bl: 1, alpha: 1, attachment: 'x', path: 'x' });
  const particle = (rotationDeg: number, scaleX: number, scaleY: number): ExpectedParticle =>
    ({ id: '0', serial: 0, birthSecs: 0, virtualBirthSecs: 0, x: 0, y: 0, rotationDeg, scaleX, scaleY, r: 1, g: 1, b: 1, a: 1, texture: 'builtin:x', visible: true, drawIndex: 0, impacts: 0 });

  it('measures rotation as the angle between matrix columns, mirrored or not', () => {
    const rad = (deg: number) => (deg * Math.PI) / 180;
    // R(30°)·S(−2, 0.5), and the same turned by 0.02°.
    for (const [sx, sy] of [[-2, 0.5], [1, 1], [0.05, -0.05]]) {
      for (const turn of [0, 0.02]) {
        const t = rad(30 + turn);
        const err = pairErrors(slot(Math.cos(t) * sx, -Math.sin(t) * sy, Math.sin(t) * sx, Math.cos(t) * sy), particle(30, sx, sy), 'x');
        expect(err.rotation).toBeCloseTo(turn, 6);
        expect(err.scale).toBeLessThan(1e-12);
      }
    }
    // A flipped axis is 180° off, whatever the entries' sizes.
    const err = pairErrors(slot(-1, 0, 0, 1), particle(0, 1, 1), 'x');
    expect(err.rotation).toBeCloseTo(180, 6);
  });

  it('solves assignments exactly', () => {
    expect(hungarian([[4, 1, 3], [2, 0, 5], [3, 2, 2]])).toEqual([1, 0, 2]);
    // More rows than columns: one row is left out, at the least total cost (1).
    const cost = [[1, 2], [2, 1], [0, 0]];
    const rows = hungarian(cost);
    expect(rows.filter((c) => c < 0)).toHaveLength(1);
    expect(new Set(rows.filter((c) => c >= 0)).size).toBe(2);
    expect(rows.reduce((sum, c, r) => sum + (c < 0 ? 0 : cost[r][c]), 0)).toBe(1);
  });

  it('derives attachment paths from image references (export spec §8.2)', () => {
    expect(attachmentPath('builtin:soft_dot', './images/')).toBe('soft_dot');
    expect(attachmentPath('./images/fx/ember.png', './images/')).toBe('fx/ember');
    expect(attachmentPath('fx\\smoke_01.webp', 'images')).toBe('fx/smoke_01');
  });
});
