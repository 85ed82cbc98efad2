import { describe, expect, it } from 'vitest';
import type { CurveKey } from '../generated/contract';
import { colourAt, fromPlot, insertKey, insertStop, moveKey, moveStop, niceCeil, nudgeKey, plotRange, removeKey, samplePath, setInterp, toPlot, widestGapMiddle } from './curve-model';

const limits = { min: 0, max: 1, step: 0.05 };
const keys: CurveKey[] = [
  { t: 0, v: 0 },
  { t: 0.5, v: 1, interp: 'smooth' },
  { t: 1, v: 0.2 },
];

describe('curve keys', () => {
  it('a dragged key stays between its neighbours and within the limits', () => {
    const moved = moveKey(keys, 1, 1.4, 7, limits);
    expect(moved[1]).toEqual({ t: 1, v: 1, interp: 'smooth' });
    expect(moveKey(keys, 1, -3, -3, limits)[1]).toMatchObject({ t: 0, v: 0 });
    // The first and last keys may leave 0 and 1: the core holds the end values.
    expect(moveKey(keys, 0, 0.3, 0.5, limits)[0]).toEqual({ t: 0.3, v: 0.5 });
    expect(moveKey(keys, 2, 0.7, 0.5, limits)[2]).toEqual({ t: 0.7, v: 0.5 });
    // The input is not changed.
    expect(keys[1]).toEqual({ t: 0.5, v: 1, interp: 'smooth' });
  });

  it('shift snaps life to 0.05 and the value to the step', () => {
    expect(moveKey(keys, 1, 0.437, 0.612, limits, true)[1]).toMatchObject({ t: 0.45, v: 0.6 });
    expect(moveKey(keys, 1, 0.437, 0.612, limits, false)[1]).toMatchObject({ t: 0.437, v: 0.612 });
  });

  it('arrow nudges move by the step and clamp', () => {
    expect(nudgeKey(keys, 2, 0, -0.05, limits)[2].v).toBe(0.15);
    expect(nudgeKey(keys, 2, 0.01, 0, limits)[2].t).toBe(1);
    expect(nudgeKey(keys, 1, -0.1, 0, limits)[1].t).toBe(0.4);
  });

  it('adding keeps time order and takes the smooth interpolation of the key before', () => {
    const a = insertKey(keys, 0.75, 0.5, limits);
    expect(a.index).toBe(2);
    expect(a.keys.map((k) => k.t)).toEqual([0, 0.5, 0.75, 1]);
    expect(a.keys[2].interp).toBe('smooth');
    const b = insertKey(keys, 0.25, 3, limits);
    expect(b.keys[1]).toEqual({ t: 0.25, v: 1 });
    const full = insertKey(keys, 0.25, 0.5, limits, 3);
    expect(full.index).toBe(-1);
    expect(full.keys).toHaveLength(3);
  });

  it('removing keeps at least one key', () => {
    expect(removeKey(keys, 1).map((k) => k.t)).toEqual([0, 1]);
    expect(removeKey([{ t: 0, v: 1 }], 0)).toHaveLength(1);
  });

  it('interpolation toggles write smooth and drop linear as the core saves it', () => {
    expect(setInterp(keys, 0, 'smooth')[0]).toEqual({ t: 0, v: 0, interp: 'smooth' });
    expect(setInterp(keys, 1, 'linear')[1]).toEqual({ t: 0.5, v: 1 });
  });
});

describe('plot', () => {
  it('shows whole small ranges and a readable window of huge ones', () => {
    expect(plotRange(keys, limits)).toEqual({ lo: 0, hi: 1 });
    expect(plotRange([{ t: 0, v: 1 }, { t: 1, v: 0 }], { min: 0, max: 1000, step: 0.1 })).toEqual({ lo: 0, hi: 2 });
    expect(plotRange([{ t: 0, v: 30 }], { min: 0, max: 1000, step: 0.1 })).toEqual({ lo: 0, hi: 40 });
    expect(plotRange([{ t: 0, v: -3 }, { t: 1, v: 3 }], { min: -1000, max: 1000, step: 0.1 })).toEqual({ lo: -4, hi: 4 });
    // A scale curve peaking at 1.8 fills 72 % of the plot (0..2.5), not 36 % (0..5).
    expect(plotRange([{ t: 0, v: 0.6 }, { t: 1, v: 1.8 }], { min: 0, max: 1000, step: 0.01 })).toEqual({ lo: 0, hi: 2.5 });
    expect(niceCeil(0.7)).toBe(0.8);
    expect(niceCeil(120)).toBe(150);
    expect([0.11, 0.26, 3.1, 4.2, 5.5, 7, 9].map(niceCeil)).toEqual([0.15, 0.3, 4, 5, 6, 8, 10]);
  });

  it('maps keys to pixels and back', () => {
    const range = { lo: 0, hi: 2 };
    const size = { width: 200, height: 100 };
    expect(toPlot(0.25, 1.5, range, size)).toEqual([50, 25]);
    const [t, v] = fromPlot(50, 25, range, size);
    expect(t).toBeCloseTo(0.25);
    expect(v).toBeCloseTo(1.5);
  });

  it('draws the samples it is given', () => {
    const d = samplePath(new Float32Array([0, 1, 0]), { lo: 0, hi: 1 }, { width: 100, height: 50 });
    expect(d).toBe('M0.00,50.00 L50.00,0.00 L100.00,50.00');
  });
});

describe('gradient stops', () => {
  const stops = [
    { t: 0, color: '#000000' },
    { t: 0.5, color: '#ff0000' },
    { t: 1, color: '#ffffff' },
  ];
  it('a dragged stop stays between its neighbours', () => {
    expect(moveStop(stops, 1, 2)[1].t).toBe(1);
    expect(moveStop(stops, 1, 0.33, true)[1].t).toBe(0.35);
  });
  it('a new stop takes the colour found there', () => {
    expect(colourAt(stops, 0.25)).toBe('#800000');
    const { keys: out, index } = insertStop(stops, 0.75);
    expect(index).toBe(2);
    expect(out[2]).toEqual({ t: 0.75, color: '#ff8080' });
  });
});

describe('widestGapMiddle', () => {
  it('is the middle of the widest gap: after the last key, between keys, before the first only when asked', () => {
    expect(widestGapMiddle([], true)).toBe(0.5);
    expect(widestGapMiddle([0.6], false)).toBeCloseTo(0.8, 12);
    expect(widestGapMiddle([0.6], true)).toBeCloseTo(0.3, 12);
    expect(widestGapMiddle([0.2, 1], true)).toBeCloseTo(0.6, 12);
    expect(widestGapMiddle([0, 0.3, 0.5], false)).toBeCloseTo(0.75, 12);
  });
});
