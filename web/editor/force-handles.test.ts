// The force-centre handles (force-handles.ts): titled as the properties panel names the force; a
// drag moves the stored centre, onto the overlay's grid with Shift, and stops at the schema's
// limits of its two numbers.
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldSchema, ParticleSystem } from '../generated/contract';
import { setLang } from '../i18n';
import type { GizmoDrag } from './gizmo-overlay';
import { forceHandlesProvider } from './force-handles';

/** The centres' limits: ±1 000 000 (the core's). */
const schema = (): FieldSchema => ({
  version: 1,
  fields: ['systems[].forces[](vortex).center', 'systems[].forces[](attractor).position'].flatMap((p) =>
    [0, 1].map((i) => ({ path: `${p}[${i}]`, min: -1e6, max: 1e6, minExclusive: false }) as unknown as FieldSchema['fields'][number]),
  ),
});
const forceHandles = forceHandlesProvider(schema);

afterEach(() => setLang('zh-CN', null));

const sys = {
  transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1 },
  space: 'world',
  forces: [
    { kind: 'turbulence' },
    { kind: 'vortex', center: [10, 0], space: 'system', radiusPx: 40 },
    { kind: 'attractor', position: [5, 5], space: 'scene', radiusPx: 80 },
  ],
} as unknown as ParticleSystem;

describe('force-centre handles', () => {
  it('name each centre as the properties panel names its force, in the UI language', () => {
    setLang('zh-CN', null);
    const zh = forceHandles.draw(sys, [0, 0], 1).handles.map((h) => h.title);
    expect(zh[0]).toMatch(/^力场中心: 2\. 涡旋 — /);
    expect(zh[1]).toMatch(/^力场中心: 3\. 吸引点 — /);
    for (const title of zh) expect(title).not.toMatch(/vortex|attractor|Drag/);
    setLang('en', null);
    const en = forceHandles.draw(sys, [0, 0], 1).handles.map((h) => h.title);
    expect(en).toEqual([expect.stringMatching(/^Force centre: 2\. Vortex — Drag/), expect.stringMatching(/^Force centre: 3\. Attractor — Drag/)]);
  });

  it('a drag moves the centre, onto the grid with Shift, and stops at the limits', () => {
    const drag = (key: string, to: [number, number], snap = false, snapSpacing = 10): number[] => {
      const copy = structuredClone(sys);
      const d: GizmoDrag = { from: [0, 0], to, snap, snapSpacing, origin: [100, 0] };
      forceHandles.drag(copy, key, d, sys);
      const f = copy.forces?.[Number(key)];
      return f?.kind === 'vortex' ? f.center : f?.kind === 'attractor' ? f.position : [];
    };
    // The vortex is stored relative to the system (origin (100, 0)), the attractor in the scene.
    expect(drag('1', [123.456, -7.891])).toEqual([23.46, -7.89]);
    expect(drag('1', [123.456, -7.891], true, 20)).toEqual([20, 0]);
    expect(drag('2', [74, -26], true, 50)).toEqual([50, -50]);
    expect(drag('2', [2_000_000, -1_000_000.5])).toEqual([1_000_000, -1_000_000]);
    expect(drag('1', [1_000_100, 3])).toEqual([1_000_000, 3]);
  });
});
