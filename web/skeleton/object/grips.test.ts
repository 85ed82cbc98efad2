// The canvas grips of a skeleton's instances (grips.ts): where the move grip and the turn knob of a
// turned, flipped or scaled instance are, and what a drag of either writes (rounding, Shift
// snapping, the pair form kept by a move and left by a turn, no jump past half a turn).
import { describe, expect, it } from 'vitest';
import type { Scene, SkeletonObject } from '../../document/types';
import { newSkeletonEntry } from './doc';
import { instanceGrips, moveInstance, movedPosition, turnedRotation, turnInstance, TURN_KNOB_CSS_PX, type Pt } from './grips';

/** An entry at (10, 20) turned 90° at scale 2, with a pair, an own flipped instance and an own turned one. */
function entry(): SkeletonObject {
  const k = newSkeletonEntry({ skeletons: [] } as unknown as Scene, { key: 'k', path: 'vine.json', atlas: 'vine.atlas' }, 10, 20);
  k.transform = { x: 10, y: 20, rotationDeg: 90, scaleX: 2, scaleY: 2 };
  k.extraInstances = [[100, 0], [-50, 60, 0, -0.5, 0.5], [0, 0, 45, 1, 1]];
  return k;
}

const close = (a: Pt, b: Pt): void => {
  expect(a[0]).toBeCloseTo(b[0], 9);
  expect(a[1]).toBeCloseTo(b[1], 9);
};

describe('instanceGrips', () => {
  it('puts each move grip on its instance and the turn knob on its turned +x axis at a fixed screen distance', () => {
    const grips = instanceGrips(entry(), 1);
    expect(grips.map((g) => [g.index, g.move])).toEqual([
      [0, [10, 20]],
      [1, [100, 0]],
      [2, [-50, 60]],
      [3, [0, 0]],
    ]);
    const d = TURN_KNOB_CSS_PX;
    // Turned 90° clockwise (y down): +x points down; the scale of 2 does not move the knob.
    close(grips[0].turn, [10, 20 + d]);
    // A pair shares instance 1's rotation.
    close(grips[1].turn, [100, d]);
    // Flipped (scaleX < 0): its +x points left.
    close(grips[2].turn, [-50 - d, 60]);
    close(grips[3].turn, [d * Math.SQRT1_2, d * Math.SQRT1_2]);
  });

  it('keeps the knob at the same screen distance at any zoom', () => {
    const [first] = instanceGrips(entry(), 4);
    close(first.turn, [10, 20 + TURN_KNOB_CSS_PX / 4]);
  });
});

describe('moving an instance', () => {
  it('rounds to 0.01 px, or snaps each axis to the step', () => {
    expect(movedPosition([12.3456, -7.891], null)).toEqual([12.35, -7.89]);
    expect(movedPosition([14.9, -15.1], 10)).toEqual([10, -20]);
    expect(movedPosition([-0.001, 0.004], null)).toEqual([0, 0]);
    expect(Object.is(movedPosition([-0.001, -3], 10)[0], -0)).toBe(false);
  });

  it('moves an extra pair and keeps it a pair; instance 1 moves the transform', () => {
    const k = entry();
    moveInstance(k, 1, [130.004, 40.5], null);
    expect(k.extraInstances[0]).toEqual([130, 40.5]);
    moveInstance(k, 2, [-44, 66], 10);
    expect(k.extraInstances[1]).toEqual([-40, 70, 0, -0.5, 0.5]);
    moveInstance(k, 0, [1, 2], null);
    expect(k.transform).toEqual({ x: 1, y: 2, rotationDeg: 90, scaleX: 2, scaleY: 2 });
  });
});

describe('turning an instance', () => {
  it('adds the angle the knob turned about the instance, rounded or snapped', () => {
    // A quarter turn clockwise about (0, 0): from +x to +y (y down).
    const quarter = { rotationDeg: 10, pivot: [0, 0] as Pt, from: [50, 0] as Pt, to: [0, 80] as Pt, previousDeg: 10, snapDeg: null };
    expect(turnedRotation(quarter)).toBe(100);
    expect(turnedRotation({ ...quarter, to: [Math.cos(0.5), Math.sin(0.5)] })).toBe(38.65);
    expect(turnedRotation({ ...quarter, to: [Math.cos(0.5), Math.sin(0.5)], snapDeg: 15 })).toBe(45);
  });

  it('stays on the turn nearest the last preview (no jump past half a turn)', () => {
    // 170° then 190°: atan2 wraps to −170°, the rotation keeps going.
    const at = (deg: number): Pt => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
    const drag = { rotationDeg: 0, pivot: [0, 0] as Pt, from: at(0), snapDeg: null };
    const r1 = turnedRotation({ ...drag, to: at(170), previousDeg: 0 });
    expect(r1).toBe(170);
    expect(turnedRotation({ ...drag, to: at(190), previousDeg: r1 })).toBe(190);
    expect(turnedRotation({ ...drag, to: at(-90), previousDeg: 0 })).toBe(-90);
  });

  it('gives an extra pair its own five numbers; instance 1 turns the transform (the pairs follow it)', () => {
    const k = entry();
    const [, pair] = instanceGrips(k, 1);
    // Instance 2 (a pair at (100, 0) with instance 1's 90°): its knob dragged a quarter turn on, with Shift.
    turnInstance(k, 1, pair.turn, [100 - 50, 1], null, 15);
    expect(k.extraInstances[0]).toEqual([100, 0, 180, 2, 2]);
    expect(k.transform.rotationDeg).toBe(90);
    turnInstance(k, 0, [10, 20 + 56], [10 + 56, 20], null, null);
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: 0, scaleX: 2, scaleY: 2 });
    expect(() => turnInstance(k, 9, [0, 0], [1, 1], null, null)).toThrow(/no instance 10/);
  });
});
