// The canvas grips of a skeleton's instances (grips.ts): where the move grip, the turn knob and the
// scale diamond of a turned, flipped or scaled instance are, and what a drag of each writes (the
// pair form kept by a move and left by a turn or a scale, the flip kept by a scale, every instance
// within the schema's limits). The shared maths (rounding, snapping, limits, unwrapping, the
// scale factor) is tested in
// editor/placement-grips.test.ts.
import { describe, expect, it } from 'vitest';
import type { Scene, SkeletonObject } from '../../document/types';
import { newSkeletonEntry } from './doc';
import { SCALE_GRIP_CSS_PX, TURN_KNOB_CSS_PX, type PlacedLimits, type Pt } from '../../editor/placement-grips';
import { instanceGrips, moveInstance, scaleInstance, turnInstance } from './grips';

/** An entry at (10, 20) turned 90° at scale 2, with a pair, an own flipped instance and an own turned one. */
function entry(): SkeletonObject {
  const k = newSkeletonEntry({ skeletons: [] } as unknown as Scene, { key: 'k', path: 'vine.json', atlas: 'vine.atlas' }, 10, 20);
  k.transform = { x: 10, y: 20, rotationDeg: 90, scaleX: 2, scaleY: 2 };
  k.extraInstances = [[100, 0], [-50, 60, 0, -0.5, 0.5], [0, 0, 45, 1, 1]];
  return k;
}

/** The core's limits (±1 000 000 px and degrees) with scales up to {@link scaleMax}. */
const limits = (scaleMax = 1000): PlacedLimits => ({ x: { min: -1e6, max: 1e6 }, y: { min: -1e6, max: 1e6 }, rotationDeg: { min: -1e6, max: 1e6 }, scaleMax });

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
    // The diamond on the turned (+x, +y) diagonal: 90° puts it below-left, the flip mirrors it,
    // 45° puts it straight down.
    const s = SCALE_GRIP_CSS_PX * Math.SQRT1_2;
    close(grips[0].scale, [10 - s, 20 + s]);
    close(grips[1].scale, [100 - s, s]);
    close(grips[2].scale, [-50 - s, 60 + s]);
    close(grips[3].scale, [0, SCALE_GRIP_CSS_PX]);
  });

  it('keeps the knob at the same screen distance at any zoom', () => {
    const [first] = instanceGrips(entry(), 4);
    close(first.turn, [10, 20 + TURN_KNOB_CSS_PX / 4]);
    const s = (SCALE_GRIP_CSS_PX * Math.SQRT1_2) / 4;
    close(first.scale, [10 - s, 20 + s]);
  });
});

describe('moving an instance', () => {
  it('moves an extra pair and keeps it a pair; instance 1 moves the transform', () => {
    const k = entry();
    moveInstance(k, 1, [130.004, 40.5], null, limits());
    expect(k.extraInstances[0]).toEqual([130, 40.5]);
    moveInstance(k, 2, [-44, 66], 10, limits());
    expect(k.extraInstances[1]).toEqual([-40, 70, 0, -0.5, 0.5]);
    moveInstance(k, 0, [1, 2], null, limits());
    expect(k.transform).toEqual({ x: 1, y: 2, rotationDeg: 90, scaleX: 2, scaleY: 2 });
  });

  it('stops any instance at the limits of the skeleton transform\'s x and y', () => {
    const k = entry();
    moveInstance(k, 1, [2_500_000, -40], null, limits());
    expect(k.extraInstances[0]).toEqual([1_000_000, -40]);
    moveInstance(k, 2, [-7, -1_000_000.5], 25, limits());
    expect(k.extraInstances[1]).toEqual([0, -1_000_000, 0, -0.5, 0.5]);
    moveInstance(k, 0, [1_000_123, 1_000_123], null, limits());
    expect(k.transform).toMatchObject({ x: 1_000_000, y: 1_000_000 });
  });
});

describe('turning an instance', () => {
  it('gives an extra pair its own five numbers; instance 1 turns the transform (the pairs follow it)', () => {
    const k = entry();
    const [, pair] = instanceGrips(k, 1);
    // Instance 2 (a pair at (100, 0) with instance 1's 90°): its knob dragged a quarter turn on, with Shift.
    turnInstance(k, 1, pair.turn, [100 - 50, 1], null, 15, limits());
    expect(k.extraInstances[0]).toEqual([100, 0, 180, 2, 2]);
    expect(k.transform.rotationDeg).toBe(90);
    turnInstance(k, 0, [10, 20 + 56], [10 + 56, 20], null, null, limits());
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: 0, scaleX: 2, scaleY: 2 });
    expect(() => turnInstance(k, 9, [0, 0], [1, 1], null, null, limits())).toThrow(/no instance 10/);
  });
});

describe('scaling an instance', () => {
  it('gives an extra pair its own five numbers with its scale times the drag\'s factor', () => {
    const k = entry();
    const [, pair] = instanceGrips(k, 1);
    // Instance 2 (a pair at (100, 0) with instance 1's 90° and scale 2): its diamond dragged to 1.5 times its distance.
    const to: Pt = [100 + 1.5 * (pair.scale[0] - 100), 1.5 * pair.scale[1]];
    scaleInstance(k, 1, pair.scale, to, false, limits());
    expect(k.extraInstances[0]).toEqual([100, 0, 90, 3, 3]);
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: 90, scaleX: 2, scaleY: 2 });
  });

  it('keeps the flip, snaps with Shift, stays within 0.01 and the limit', () => {
    const k = entry();
    const flipped = instanceGrips(k, 1)[2];
    // Instance 3 at (-50, 60), flipped, 0.5: 1.234 times the distance → 0.617, Shift → 0.6.
    const at = (f: number): Pt => [-50 + f * (flipped.scale[0] + 50), 60 + f * (flipped.scale[1] - 60)];
    // Each drag applies to a copy of the recorded entry.
    const scaled = (to: Pt, snap: boolean): number[] => {
      const copy = entry();
      scaleInstance(copy, 2, flipped.scale, to, snap, limits());
      return copy.extraInstances[1];
    };
    expect(scaled(at(1.234), true)).toEqual([-50, 60, 0, -0.6, 0.6]);
    expect(scaled(at(1.234), false)).toEqual([-50, 60, 0, -0.62, 0.62]);
    expect(scaled([-50, 60], false)).toEqual([-50, 60, 0, -0.01, 0.01]);
    // Instance 1 through the transform (the pairs follow it), at most the limit.
    const [first] = instanceGrips(k, 1);
    scaleInstance(k, 0, first.scale, [10 + 100 * (first.scale[0] - 10), 20 + 100 * (first.scale[1] - 20)], false, limits(50));
    expect(k.transform).toEqual({ x: 10, y: 20, rotationDeg: 90, scaleX: 50, scaleY: 50 });
    expect(k.extraInstances[0]).toEqual([100, 0]);
    expect(() => scaleInstance(k, 9, [0, 0], [1, 1], false, limits(50))).toThrow(/no instance 10/);
  });
});
