// What every gizmo drag shares (drag-steps.ts): the canvas grid's spacing and the step Shift snaps
// positions to (the grid's, or `SNAP_PX` while it is hidden), snapping a point, the schema's limits
// by path and the clamp into them (a value, a point, the travel of something moved whole).
import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../generated/contract';
import type { Pt } from './shape-geometry';
import { clampPoint, clampToLimits, clampTravel, gridSpacing, positionSnapPx, schemaLimits, SNAP_PX, snapPoint } from './drag-steps';

describe('grid snapping', () => {
  it('grid spacing is the renderer’s 1-2-5 steps of at least 24 screen pixels', () => {
    expect(gridSpacing(1)).toBe(50);
    expect(gridSpacing(2)).toBe(20);
    expect(gridSpacing(0.1)).toBe(500);
    expect(gridSpacing(20)).toBe(2);
  });

  it('positions snap to the grid shown at the zoom, to SNAP_PX without it', () => {
    expect(positionSnapPx(true, 1)).toBe(50);
    expect(positionSnapPx(true, 0.5)).toBe(50);
    expect(positionSnapPx(true, 4)).toBe(10);
    expect(positionSnapPx(false, 1)).toBe(SNAP_PX);
    expect(positionSnapPx(false, 0.1)).toBe(SNAP_PX);
    expect(snapPoint([74, -26], 50)).toEqual([50, -50]);
    expect(snapPoint([74, -26], positionSnapPx(true, 2))).toEqual([80, -20]);
  });
});

describe('limits', () => {
  const field = (path: string, min: number | null, max: number | null, minExclusive = false) => ({ path, min, max, minExclusive }) as unknown as FieldSchema['fields'][number];
  const limitsOf = schemaLimits({ version: 1, fields: [field('a', -10, 10), field('b', 0, 5, true), field('c', null, null)] });

  it('reads a field\'s limits by path; none stated or no such field: unbounded', () => {
    expect(limitsOf('a')).toEqual({ min: -10, max: 10, minExclusive: false });
    expect(limitsOf('c')).toEqual({ min: -Infinity, max: Infinity, minExclusive: false });
    expect(limitsOf('nope')).toEqual({ min: -Infinity, max: Infinity, minExclusive: false });
  });

  it('a value past a limit stops at it; a refused minimum is kept 0.01 off; a limit between fields applies', () => {
    expect(clampToLimits(12, limitsOf('a'))).toBe(10);
    expect(clampToLimits(-12, limitsOf('a'))).toBe(-10);
    expect(clampToLimits(3.5, limitsOf('a'))).toBe(3.5);
    expect(clampToLimits(-1, limitsOf('b'))).toBe(0.01);
    expect(clampToLimits(4, limitsOf('b'), 2)).toBe(2);
    expect(clampToLimits(4, limitsOf('b'), -3)).toBe(0.01);
    expect(clampToLimits(1e9, limitsOf('c'))).toBe(1e9);
  });

  it('a point stops on each axis; a travel stops when the first of its points reaches a limit', () => {
    expect(clampPoint([5e6, -3], limitsOf('a'), limitsOf('b'))).toEqual([10, 0.01]);
    const points = [
      { at: [0, 1] as Pt, x: limitsOf('a'), y: limitsOf('a') },
      { at: [8, -6] as Pt, x: limitsOf('a'), y: limitsOf('a') },
    ];
    // x: the second point reaches 10 after 2; y: the second reaches −10 after −4.
    expect(clampTravel([1e9, -1e9], points)).toEqual([2, -4]);
    expect(clampTravel([-1e9, 1e9], points)).toEqual([-10, 9]);
    expect(clampTravel([1.5, -2], points)).toEqual([1.5, -2]);
    expect(clampTravel([3, 3], [{ at: [0, 0], x: limitsOf('b'), y: limitsOf('c') }])).toEqual([3, 3]);
    expect(clampTravel([-3, 0], [{ at: [1, 0], x: limitsOf('b'), y: limitsOf('c') }])).toEqual([-0.99, 0]);
  });
});
