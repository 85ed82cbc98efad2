import { afterEach, describe, expect, it } from 'vitest';
import type { ParticleSystem } from '../generated/contract';
import { setLang } from '../i18n';
import { forceHandles } from './force-handles';

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
});
