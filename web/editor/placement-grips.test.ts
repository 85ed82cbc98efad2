// The grips of a placed object (placement-grips.ts): where the move grip, the turn knob and the
// scale diamond of a turned, flipped or scaled object are at several zooms, and what a drag of
// each gives (rounding, Shift snapping, the schema's limits of the position and the rotation, no
// jump past half a turn, the scale factor, its floor and its limit), and the limits the schema
// gives.
import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../generated/contract';
import { gridSpacing, positionSnapPx } from './drag-steps';
import { movedPosition, placedGrips, placedLimits, placedScaleLimit, SCALE_GRIP_CSS_PX, scaledScale, TURN_KNOB_CSS_PX, turnedRotation, type Placed, type PlacedLimits, type Pt } from './placement-grips';

const close = (a: Pt, b: Pt): void => {
  expect(a[0]).toBeCloseTo(b[0], 9);
  expect(a[1]).toBeCloseTo(b[1], 9);
};
const K = TURN_KNOB_CSS_PX;
const D = SCALE_GRIP_CSS_PX * Math.SQRT1_2;
const placed = (p: Partial<Placed>): Placed => ({ x: 10, y: 20, rotationDeg: 0, scaleX: 1, scaleY: 1, ...p });
/** The core's limits of a placement (±1 000 000 px and degrees, scale 1000). */
const LIMITS: PlacedLimits = { x: { min: -1e6, max: 1e6 }, y: { min: -1e6, max: 1e6 }, rotationDeg: { min: -1e6, max: 1e6 }, scaleMax: 1000 };

describe('placedGrips', () => {
  it('puts the knob on the +x axis and the diamond on the (+x, +y) diagonal, below-right, at fixed screen distances', () => {
    for (const zoom of [0.25, 1, 4]) {
      const g = placedGrips(placed({}), zoom);
      expect(g.move).toEqual([10, 20]);
      close(g.turn, [10 + K / zoom, 20]);
      close(g.scale, [10 + D / zoom, 20 + D / zoom]);
      close(g.scaleAxis, [Math.SQRT1_2, Math.SQRT1_2]);
    }
  });

  it('turns both with the object; the scale moves neither', () => {
    // 90° clockwise (y down): +x points down, +y points left.
    const g = placedGrips(placed({ rotationDeg: 90, scaleX: 3, scaleY: 3 }), 2);
    close(g.turn, [10, 20 + K / 2]);
    close(g.scale, [10 - D / 2, 20 + D / 2]);
    const h = placedGrips(placed({ rotationDeg: -45, scaleX: 0.2, scaleY: 0.2 }), 1);
    close(h.turn, [10 + K * Math.SQRT1_2, 20 - K * Math.SQRT1_2]);
    close(h.scale, [10 + SCALE_GRIP_CSS_PX, 20]);
  });

  it('mirrors both for a flipped object (scaleX < 0)', () => {
    const g = placedGrips(placed({ scaleX: -1.5, scaleY: 1.5 }), 0.5);
    close(g.turn, [10 - 2 * K, 20]);
    close(g.scale, [10 - 2 * D, 20 + 2 * D]);
    // Flipped and turned 90°: +x points up, the diagonal up-left.
    const h = placedGrips(placed({ rotationDeg: 90, scaleX: -1 }), 1);
    close(h.turn, [10, 20 - K]);
    close(h.scale, [10 - D, 20 - D]);
  });

  it('keeps the knob and the diamond apart and off the move grip', () => {
    const g = placedGrips(placed({ rotationDeg: 33 }), 1);
    expect(Math.hypot(g.turn[0] - g.scale[0], g.turn[1] - g.scale[1])).toBeGreaterThan(35);
    expect(Math.hypot(g.scale[0] - 10, g.scale[1] - 20)).toBeCloseTo(SCALE_GRIP_CSS_PX, 9);
  });
});

describe('moving', () => {
  it('rounds to 0.01 px, or snaps each axis to the step', () => {
    expect(movedPosition([12.3456, -7.891], null, LIMITS)).toEqual([12.35, -7.89]);
    expect(movedPosition([14.9, -15.1], 10, LIMITS)).toEqual([10, -20]);
    expect(movedPosition([-0.001, 0.004], null, LIMITS)).toEqual([0, 0]);
    expect(Object.is(movedPosition([-0.001, -3], 10, LIMITS)[0], -0)).toBe(false);
  });

  it('with Shift lands on the canvas grid of the current zoom (10 px while the grid is hidden)', () => {
    // 50 px at zoom 1, 20 px at zoom 2, 500 px at zoom 0.1.
    expect(movedPosition([74, -26], positionSnapPx(true, 1), LIMITS)).toEqual([50, -50]);
    expect(movedPosition([74, -26], positionSnapPx(true, 2), LIMITS)).toEqual([80, -20]);
    expect(movedPosition([740, -260], positionSnapPx(true, 0.1), LIMITS)).toEqual([500, -500]);
    expect(movedPosition([74, -26], positionSnapPx(false, 1), LIMITS)).toEqual([70, -30]);
    for (const zoom of [0.05, 0.37, 1, 3.3, 20]) {
      const step = gridSpacing(zoom);
      const [x, y] = movedPosition([1234.567, -987.654], positionSnapPx(true, zoom), LIMITS);
      expect(Math.abs(x / step - Math.round(x / step))).toBeLessThan(1e-9);
      expect(Math.abs(y / step - Math.round(y / step))).toBeLessThan(1e-9);
    }
  });

  it('stops at the limits: a drag past x max ends at x max, past y min at y min', () => {
    expect(movedPosition([1_000_250.5, 30], null, LIMITS)).toEqual([1_000_000, 30]);
    expect(movedPosition([-5e7, -5e7], null, LIMITS)).toEqual([-1_000_000, -1_000_000]);
    expect(movedPosition([1_000_040, -1_000_060], 50, LIMITS)).toEqual([1_000_000, -1_000_000]);
    const tight: PlacedLimits = { ...LIMITS, x: { min: -100, max: 100 }, y: { min: 0, max: 45 } };
    expect(movedPosition([140, 47], 10, tight)).toEqual([100, 45]);
    expect(movedPosition([-99.994, -3], null, tight)).toEqual([-99.99, 0]);
  });
});

describe('turning', () => {
  it('adds the angle the knob turned about the object, rounded or snapped', () => {
    // A quarter turn clockwise about (0, 0): from +x to +y (y down).
    const quarter = { rotationDeg: 10, pivot: [0, 0] as Pt, from: [50, 0] as Pt, to: [0, 80] as Pt, previousDeg: 10, snapDeg: null, limits: LIMITS.rotationDeg };
    expect(turnedRotation(quarter)).toBe(100);
    expect(turnedRotation({ ...quarter, to: [Math.cos(0.5), Math.sin(0.5)] })).toBe(38.65);
    expect(turnedRotation({ ...quarter, to: [Math.cos(0.5), Math.sin(0.5)], snapDeg: 15 })).toBe(45);
  });

  it('stays on the turn nearest the last preview (no jump past half a turn)', () => {
    // 170° then 190°: atan2 wraps to −170°, the rotation keeps going.
    const at = (deg: number): Pt => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
    const drag = { rotationDeg: 0, pivot: [0, 0] as Pt, from: at(0), snapDeg: null, limits: LIMITS.rotationDeg };
    const r1 = turnedRotation({ ...drag, to: at(170), previousDeg: 0 });
    expect(r1).toBe(170);
    expect(turnedRotation({ ...drag, to: at(190), previousDeg: r1 })).toBe(190);
    expect(turnedRotation({ ...drag, to: at(-90), previousDeg: 0 })).toBe(-90);
  });

  it('stays within the rotation limits', () => {
    const drag = { rotationDeg: 999_990, pivot: [0, 0] as Pt, from: [50, 0] as Pt, to: [0, 80] as Pt, previousDeg: 999_990, snapDeg: null, limits: LIMITS.rotationDeg };
    expect(turnedRotation(drag)).toBe(1_000_000);
    expect(turnedRotation({ ...drag, to: [50, -1], previousDeg: 999_990 })).toBeCloseTo(999_988.85, 6);
  });
});

describe('scaling', () => {
  // The diamond 48 px below-right of (100, 100) at the start.
  const from: Pt = [100 + D, 100 + D];
  const drag = { scale: 2, pivot: [100, 100] as Pt, from, snap: false, max: 1000 };
  const along = (f: number): Pt => [100 + f * D, 100 + f * D];

  it('multiplies the scale by the distance from the pivot over the grip\'s at the start', () => {
    expect(scaledScale({ ...drag, to: along(1.5) })).toBe(3);
    expect(scaledScale({ ...drag, to: along(0.5) })).toBe(1);
    // Only the distance counts, not the direction.
    expect(scaledScale({ ...drag, to: [100 - 1.5 * SCALE_GRIP_CSS_PX, 100] })).toBe(3);
    expect(scaledScale({ ...drag, to: from })).toBe(2);
  });

  it('rounds to 0.01, or with Shift snaps to 0.1', () => {
    expect(scaledScale({ ...drag, to: along(1.2345) })).toBe(2.47);
    expect(scaledScale({ ...drag, to: along(1.2345), snap: true })).toBe(2.5);
    expect(scaledScale({ ...drag, scale: 1, to: along(0.33), snap: true })).toBe(0.3);
  });

  it('never goes below 0.01 nor above the limit', () => {
    expect(scaledScale({ ...drag, to: [100, 100] })).toBe(0.01);
    expect(scaledScale({ ...drag, to: along(0.001) })).toBe(0.01);
    expect(scaledScale({ ...drag, to: along(0.01), snap: true })).toBe(0.01);
    expect(scaledScale({ ...drag, to: along(40), max: 50 })).toBe(50);
  });

  it('leaves the scale when the grip began on the pivot', () => {
    expect(scaledScale({ ...drag, from: [100, 100], to: along(3) })).toBe(2);
  });

  it('reads its limit from the system transform\'s scale fields', () => {
    const field = (path: string, max: number | null) => ({ path, max }) as unknown as FieldSchema['fields'][number];
    const schema = { version: 1, fields: [field('systems[].transform.scaleX', 100), field('systems[].transform.scaleY', 80)] } as FieldSchema;
    expect(placedScaleLimit(schema)).toBe(80);
    expect(placedScaleLimit({ version: 1, fields: [] })).toBe(Infinity);
  });

  it('reads the position limits from the list\'s own transform fields, the rotation from the system transform\'s', () => {
    const field = (path: string, min: number, max: number) => ({ path, min, max, minExclusive: false }) as unknown as FieldSchema['fields'][number];
    const schema = {
      version: 1,
      fields: [
        field('systems[].transform.rotationDeg', -720, 720),
        field('systems[].transform.scaleX', -9, 9),
        field('systems[].transform.scaleY', -9, 9),
        field('skeletons[].transform.x', -10, 10),
        field('skeletons[].transform.y', -20, 20),
        field('models[].transform.x', -30, 30),
        field('models[].transform.y', -40, 40),
      ],
    } as FieldSchema;
    expect(placedLimits(schema, 'skeletons')).toEqual({ x: { min: -10, max: 10, minExclusive: false }, y: { min: -20, max: 20, minExclusive: false }, rotationDeg: { min: -720, max: 720, minExclusive: false }, scaleMax: 9 });
    expect(placedLimits(schema, 'models').x.max).toBe(30);
    expect(placedLimits(schema, 'models').y.min).toBe(-40);
  });
});
