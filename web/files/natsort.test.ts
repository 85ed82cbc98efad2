import { describe, expect, it } from 'vitest';
import { naturalCompare, naturalSort } from './natsort';

describe('naturalCompare', () => {
  it('orders digit runs by value', () => {
    expect(naturalSort(['fx_10.png', 'fx_2.png', 'fx_1.png'], (s) => s)).toEqual(['fx_1.png', 'fx_2.png', 'fx_10.png']);
  });
  it('handles multiple numeric runs and case', () => {
    const names = ['A2b10', 'a2B9', 'a10b1', 'a2b2'];
    expect(naturalSort(names, (s) => s)).toEqual(['a2b2', 'a2B9', 'A2b10', 'a10b1']);
  });
  it('orders zero-padded equal values deterministically', () => {
    expect(naturalCompare('f1', 'f01')).toBeLessThan(0);
    expect(naturalCompare('f01', 'f1')).toBeGreaterThan(0);
    expect(naturalCompare('f001', 'f2')).toBeLessThan(0);
  });
  it('handles huge digit runs without precision loss', () => {
    expect(naturalCompare('x99999999999999999998', 'x99999999999999999999')).toBeLessThan(0);
  });
  it('is a total order (antisymmetric, zero only for equal strings)', () => {
    const names = ['a', 'A', 'a1', 'a01', 'a_1', 'b', '1', '01', '', 'fx_2', 'fx_10'];
    for (const x of names) {
      for (const y of names) {
        const c = naturalCompare(x, y);
        expect(Math.sign(c) + Math.sign(naturalCompare(y, x))).toBe(0);
        if (x !== y) expect(c).not.toBe(0);
      }
    }
  });
  it('puts a prefix before its extensions', () => {
    expect(naturalCompare('fx', 'fx_1')).toBeLessThan(0);
  });
});
