// A skeleton entry's instances one by one: where each is drawn (placementOf, instancePlacement)
// in both forms of an extra instance, and the panel's edits (position keeps the form; rotation,
// scale and flip give an extra instance its own five numbers; sharing gives back the pair).
import { describe, expect, it } from 'vitest';
import type { Scene, SkeletonObject } from '../../document/types';
import { placementOf, newSkeletonEntry } from './doc';
import { instanceCount, instanceLabelValues, instancePlacement, instancesSharingFirst, setInstancePosition, setInstanceTurn, shareFirstTurn, sharesFirstTurn } from './instances';

/** An entry at (10, 20) turned 30° and scaled 2 (mirrored), with a pair and an own instance. */
function entry(): SkeletonObject {
  const k = newSkeletonEntry({ skeletons: [] } as unknown as Scene, { key: 'k', path: 'coin.skel', atlas: 'coin.atlas' }, 10, 20);
  k.transform = { x: 10, y: 20, rotationDeg: 30, scaleX: -2, scaleY: 2 };
  k.extraInstances = [[100, 0], [-50, 60, 90, 0.5, 0.5]];
  return k;
}

describe('placementOf', () => {
  it('gives a pair the transform\'s rotation and scale and a five-number entry its own', () => {
    expect(placementOf(entry())).toEqual([
      { x: 10, y: 20, rotationDeg: 30, scaleX: -2, scaleY: 2 },
      { x: 100, y: 0, rotationDeg: 30, scaleX: -2, scaleY: 2 },
      { x: -50, y: 60, rotationDeg: 90, scaleX: 0.5, scaleY: 0.5 },
    ]);
  });

  it('numbers instances from 0 (the transform) and has none past the last', () => {
    const k = entry();
    expect(instanceCount(k)).toBe(3);
    expect(instancePlacement(k, 3)).toBeNull();
    expect([0, 1, 2].map((i) => sharesFirstTurn(k, i))).toEqual([false, true, false]);
    expect(instancesSharingFirst(k)).toEqual([1]);
    expect(instanceLabelValues(1, { x: 100.04, y: -0.06 })).toEqual({ n: 2, x: '100', y: '-0.1' });
  });
});

describe('instance edits', () => {
  it('moves an extra instance in its own form', () => {
    const k = entry();
    setInstancePosition(k, 1, 'x', 7);
    setInstancePosition(k, 2, 'y', -8);
    expect(k.extraInstances).toEqual([[7, 0], [-50, -8, 90, 0.5, 0.5]]);
    setInstancePosition(k, 0, 'y', 3);
    expect(k.transform).toEqual({ x: 10, y: 3, rotationDeg: 30, scaleX: -2, scaleY: 2 });
  });

  it('gives a shared instance its own rotation and scale from where it is drawn', () => {
    const k = entry();
    setInstanceTurn(k, 1, { rotationDeg: 45 });
    expect(k.extraInstances[0]).toEqual([100, 0, 45, -2, 2]);
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: 30, scaleX: -2, scaleY: 2 });
    // Uniform scale keeps the flip; the flip is the sign of scaleX.
    setInstanceTurn(k, 1, { scale: 3 });
    expect(k.extraInstances[0]).toEqual([100, 0, 45, -3, 3]);
    setInstanceTurn(k, 1, { flip: false });
    expect(k.extraInstances[0]).toEqual([100, 0, 45, 3, 3]);
    // Back to instance 1's rotation and scale: the pair form.
    shareFirstTurn(k, 1);
    expect(k.extraInstances[0]).toEqual([100, 0]);
    expect(placementOf(k)[1]).toEqual({ x: 100, y: 0, rotationDeg: 30, scaleX: -2, scaleY: 2 });
  });

  it('turns instance 1 through the transform, which the sharing instances follow', () => {
    const k = entry();
    setInstanceTurn(k, 0, { rotationDeg: -10, scale: 4, flip: false });
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: -10, scaleX: 4, scaleY: 4 });
    expect(k.extraInstances).toEqual([[100, 0], [-50, 60, 90, 0.5, 0.5]]);
    expect(placementOf(k).map((p) => p.rotationDeg)).toEqual([-10, -10, 90]);
  });

  it('refuses an instance the entry does not have', () => {
    const k = entry();
    expect(() => setInstanceTurn(k, 3, { rotationDeg: 1 })).toThrow(/no instance 4/);
    expect(() => setInstancePosition(k, 5, 'x', 1)).toThrow(/no instance 6/);
  });
});
