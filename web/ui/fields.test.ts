import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumberField } from './fields';

describe('parseNumberField', () => {
  it('accepts plain, signed, decimal-comma and exponent numbers', () => {
    expect(parseNumberField('12')).toEqual({ ok: true, value: 12 });
    expect(parseNumberField(' -3.5 ')).toEqual({ ok: true, value: -3.5 });
    expect(parseNumberField('0,25')).toEqual({ ok: true, value: 0.25 });
    expect(parseNumberField('1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberField('.5')).toEqual({ ok: true, value: 0.5 });
  });
  it('refuses NaN, infinities, garbage and empty text', () => {
    expect(parseNumberField('NaN')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parseNumberField('Infinity')).toEqual({ ok: false, problem: 'notFinite' });
    expect(parseNumberField('-inf')).toEqual({ ok: false, problem: 'notFinite' });
    expect(parseNumberField('1e999')).toEqual({ ok: false, problem: 'notFinite' });
    expect(parseNumberField('12abc')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parseNumberField('0x10')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parseNumberField('')).toEqual({ ok: false, problem: 'empty' });
  });
  it('enforces limits and integers', () => {
    expect(parseNumberField('1e9', { min: 1, max: 100000, integer: true })).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseNumberField('-1', { min: 0, max: 10 })).toEqual({ ok: false, problem: 'tooSmall' });
    expect(parseNumberField('2.5', { min: 0, max: 10, integer: true })).toEqual({ ok: false, problem: 'notInteger' });
    expect(parseNumberField('1e7')).toEqual({ ok: false, problem: 'tooLarge' });
  });
  it('formats without float noise', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(270)).toBe('270');
    expect(formatNumber(-0.000123456789)).toBe('-0.0001234568');
  });
});
