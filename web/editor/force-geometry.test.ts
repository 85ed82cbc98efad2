import { describe, expect, it } from 'vitest';
import type { ParticleSystem } from '../generated/contract';
import { centreHandles, centreToScene, sceneToCentre } from './force-geometry';

function system(over: Partial<ParticleSystem>): ParticleSystem {
  return { transform: { x: 100, y: 50, rotationDeg: 90, scaleX: 2, scaleY: 1 }, space: 'world', forces: [], ...over } as ParticleSystem;
}

describe('force centres on the canvas', () => {
  it('a system centre turns and scales with the system; a scene centre stays', () => {
    const s = system({});
    // (10, 0) scaled by 2 → (20, 0), turned 90° clockwise (y down) → (0, 20), + origin.
    const p = centreToScene(s, [100, 50], [10, 0], 'system');
    expect(p[0]).toBeCloseTo(100);
    expect(p[1]).toBeCloseTo(70);
    expect(centreToScene(s, [100, 50], [10, 0], 'scene')).toEqual([10, 0]);
  });

  it('scene → centre is the inverse', () => {
    const s = system({ transform: { x: 0, y: 0, rotationDeg: 33, scaleX: 1.5, scaleY: 0.5 } });
    const c = sceneToCentre(s, [7, -3], centreToScene(s, [7, -3], [12, -40], 'system'), 'system');
    expect(c[0]).toBeCloseTo(12);
    expect(c[1]).toBeCloseTo(-40);
  });

  it('lists vortex and attractor centres with their radius in the particles space', () => {
    const forces = [
      { kind: 'turbulence' },
      { kind: 'vortex', center: [10, 0], space: 'system', radiusPx: 40 },
      { kind: 'attractor', position: [5, 5], space: 'scene', radiusPx: 80 },
    ] as unknown as ParticleSystem['forces'];
    const world = centreHandles(system({ forces }), [100, 50]);
    expect(world.map((h) => [h.force, h.kind, h.space])).toEqual([
      [1, 'vortex', 'system'],
      [2, 'attractor', 'scene'],
    ]);
    expect(world[0].radius).toEqual({ rx: 40, ry: 40, rotationDeg: 0 });
    expect(world[1].scene).toEqual([5, 5]);
    const local = centreHandles(system({ forces, space: 'local' }), [100, 50]);
    expect(local[0].radius).toEqual({ rx: 80, ry: 40, rotationDeg: 90 });
  });

});
