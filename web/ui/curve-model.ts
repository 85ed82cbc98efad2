// The curve and gradient editors' logic as pure functions over plain key lists (no DOM, no
// document): moving a key between its neighbours, adding, removing, toggling interpolation,
// snapping, the plot's value range and the mapping between keys and plot pixels. The drawn curve
// itself is sampled by the core (`sampleCurve`), never evaluated here.
//
// Keys are the document's: `{ t, v, interp? }` with `t` the normalised life 0..1, sorted by `t`;
// the core holds the first value before the first key and the last after the last one, so no key
// is pinned to t = 0 or 1.

import type { ColorKey, CurveKey } from '../generated/contract';

/** Value limits of a curve field (its schema's min/max and step). */
export interface CurveLimits {
  min: number;
  max: number;
  /** Snap and nudge step of values (> 0). */
  step: number;
}

/** The value window a plot shows. */
export interface PlotRange {
  lo: number;
  hi: number;
}

/** Plot size in pixels (y grows downward). */
export interface PlotSize {
  width: number;
  height: number;
}

/** Life step of a snapped key. */
export const SNAP_T = 0.05;
/** Life step of an arrow-key nudge (Shift: ten times). */
export const NUDGE_T = 0.01;

/** Rounds away float noise (keys are stored as typed, 6 significant decimals at most). */
export function tidy(x: number): number {
  return Number(x.toFixed(6));
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** `x` rounded to a multiple of `step`. */
export function snapTo(x: number, step: number): number {
  return step > 0 ? tidy(Math.round(x / step) * step) : x;
}

/** The range of times key `index` may take: between its neighbours (0..1 at the ends). */
export function timeBounds(keys: readonly { t: number }[], index: number): [number, number] {
  const lo = index > 0 ? keys[index - 1].t : 0;
  const hi = index + 1 < keys.length ? keys[index + 1].t : 1;
  return [lo, hi];
}

/**
 * Key `index` moved to `(t, v)`: `t` clamped between its neighbours (order never changes), `v`
 * to the limits; with `snap`, `t` to {@link SNAP_T} and `v` to the step first. Returns a new list.
 */
export function moveKey(keys: readonly CurveKey[], index: number, t: number, v: number, limits: CurveLimits, snap = false): CurveKey[] {
  const out = keys.map((k) => ({ ...k }));
  const key = out[index];
  if (key === undefined) return out;
  const [lo, hi] = timeBounds(keys, index);
  const tt = snap ? snapTo(t, SNAP_T) : t;
  const vv = snap ? snapTo(v, limits.step) : v;
  key.t = tidy(clamp(tt, lo, hi));
  key.v = tidy(clamp(vv, limits.min, limits.max));
  return out;
}

/** Key `index` moved by `(dt, dv)` (arrow keys), with the same clamping as {@link moveKey}. */
export function nudgeKey(keys: readonly CurveKey[], index: number, dt: number, dv: number, limits: CurveLimits): CurveKey[] {
  const key = keys[index];
  if (key === undefined) return keys.map((k) => ({ ...k }));
  return moveKey(keys, index, key.t + dt, key.v + dv, limits);
}

/**
 * A key added at `(t, v)` (clamped to 0..1 and the limits), in time order; it takes the
 * interpolation of the key before it. Returns the list and the new key's index; at `maxKeys`
 * keys nothing is added (index −1).
 */
export function insertKey(keys: readonly CurveKey[], t: number, v: number, limits: CurveLimits, maxKeys = 64): { keys: CurveKey[]; index: number } {
  const out = keys.map((k) => ({ ...k }));
  if (out.length >= maxKeys) return { keys: out, index: -1 };
  const tt = tidy(clamp(t, 0, 1));
  let index = out.findIndex((k) => k.t > tt);
  if (index < 0) index = out.length;
  const key: CurveKey = { t: tt, v: tidy(clamp(v, limits.min, limits.max)) };
  const before = out[index - 1];
  if (before?.interp === 'smooth') key.interp = 'smooth';
  out.splice(index, 0, key);
  return { keys: out, index };
}

/** Key `index` removed (a curve keeps at least one key). */
export function removeKey<K>(keys: readonly K[], index: number): K[] {
  const out = [...keys];
  if (out.length > 1 && index >= 0 && index < out.length) out.splice(index, 1);
  return out;
}

/** The interpolation from key `index` to the next one set to `interp` (linear is left out, as the core saves it). */
export function setInterp(keys: readonly CurveKey[], index: number, interp: 'linear' | 'smooth'): CurveKey[] {
  return keys.map((k, i) => {
    if (i !== index) return { ...k };
    const { interp: _old, ...rest } = k;
    return interp === 'smooth' ? { ...rest, interp: 'smooth' } : rest;
  });
}

/** A "nice" number ≥ x: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten (steps of at most
 * 1.5×, so the curve fills at least about half of the plot's height: with 1, 2, 5 a smoke's
 * scale curve peaking at 1.8 sat in the lowest third of a 0..5 plot). */
export function niceCeil(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= x - 1e-12 * p) return tidy(m * p);
  return tidy(10 * p);
}

/**
 * The value window of the plot: the whole limits when they span at most 10 (alpha 0..1,
 * multipliers 0..2); otherwise from the lower limit (or below the smallest key) to a nice value
 * above the largest key (at least 2), kept within the limits, so a 0..1000 scale curve near 1 is
 * readable.
 */
export function plotRange(keys: readonly CurveKey[], limits: CurveLimits): PlotRange {
  if (limits.max - limits.min <= 10) return { lo: limits.min, hi: limits.max };
  const values = keys.map((k) => k.v);
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  // At least 0..2, so a multiplier of 1 (no change) sits mid-plot with room to double.
  const hi = Math.min(limits.max, Math.max(2, niceCeil(top * 1.25)));
  const lo = bottom >= 0 ? Math.max(limits.min, 0) : Math.max(limits.min, -niceCeil(-bottom * 1.25));
  return { lo, hi: hi > lo ? hi : lo + limits.step };
}

/** Plot pixel of key `(t, v)`. */
export function toPlot(t: number, v: number, range: PlotRange, size: PlotSize): [number, number] {
  const span = range.hi - range.lo || 1;
  return [t * size.width, size.height - ((v - range.lo) / span) * size.height];
}

/** Key `(t, v)` of plot pixel `(x, y)` (not clamped). */
export function fromPlot(x: number, y: number, range: PlotRange, size: PlotSize): [number, number] {
  const span = range.hi - range.lo || 1;
  return [x / (size.width || 1), range.lo + ((size.height - y) / (size.height || 1)) * span];
}

/** SVG path data through `samples` (values at even lives 0..1). */
export function samplePath(samples: ArrayLike<number>, range: PlotRange, size: PlotSize): string {
  const n = samples.length;
  if (n === 0) return '';
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const [x, y] = toPlot(n === 1 ? 0 : i / (n - 1), samples[i], range, size);
    parts.push(`${i === 0 ? 'M' : 'L'}${x.toFixed(2)},${y.toFixed(2)}`);
  }
  if (n === 1) {
    const [, y] = toPlot(1, samples[0], range, size);
    parts.push(`L${size.width.toFixed(2)},${y.toFixed(2)}`);
  }
  return parts.join(' ');
}

// ---- gradients ---------------------------------------------------------------------------------

/** Stop `index` moved to life `t`, between its neighbours (snapped to {@link SNAP_T} with `snap`). */
export function moveStop(keys: readonly ColorKey[], index: number, t: number, snap = false): ColorKey[] {
  const out = keys.map((k) => ({ ...k }));
  const key = out[index];
  if (key === undefined) return out;
  const [lo, hi] = timeBounds(keys, index);
  key.t = tidy(clamp(snap ? snapTo(t, SNAP_T) : t, lo, hi));
  return out;
}

function hexChannels(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (m === null) return [255, 255, 255];
  const s = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The colour a new stop at `t` starts with: the gradient's colour there (per-channel linear
 * between the neighbours, the core's gradient formula, rounded to 8 bits as it saves it).
 */
export function colourAt(keys: readonly ColorKey[], t: number): string {
  if (keys.length === 0) return '#ffffff';
  let a = keys[0];
  let b = keys[0];
  if (t <= keys[0].t) b = a;
  else if (t >= keys[keys.length - 1].t) a = b = keys[keys.length - 1];
  else {
    const n = keys.findIndex((k) => k.t >= t);
    a = keys[n - 1];
    b = keys[n];
  }
  const span = b.t - a.t;
  const x = span > 0 ? (t - a.t) / span : 0;
  const ca = hexChannels(a.color);
  const cb = hexChannels(b.color);
  return `#${ca.map((c, i) => Math.round(c + (cb[i] - c) * x).toString(16).padStart(2, '0')).join('')}`;
}

/** A stop added at `t` with the gradient's colour there; returns the list and its index (−1 at `maxKeys`). */
export function insertStop(keys: readonly ColorKey[], t: number, maxKeys = 64): { keys: ColorKey[]; index: number } {
  const out = keys.map((k) => ({ ...k }));
  if (out.length >= maxKeys) return { keys: out, index: -1 };
  const tt = tidy(clamp(t, 0, 1));
  let index = out.findIndex((k) => k.t > tt);
  if (index < 0) index = out.length;
  out.splice(index, 0, { t: tt, color: colourAt(keys, tt) });
  return { keys: out, index };
}

/**
 * The middle of the widest gap of the sorted key lives `ts` in [0, 1]: between two keys or after
 * the last (and before the first when `fromStart`); 0.5 without keys. The first widest wins.
 */
export function widestGapMiddle(ts: readonly number[], fromStart: boolean): number {
  if (ts.length === 0) return 0.5;
  let at = (ts[ts.length - 1] + 1) / 2;
  let width = 1 - ts[ts.length - 1];
  if (fromStart && ts[0] > width) {
    at = ts[0] / 2;
    width = ts[0];
  }
  for (let n = 0; n + 1 < ts.length; n++) {
    if (ts[n + 1] - ts[n] > width) {
      width = ts[n + 1] - ts[n];
      at = (ts[n] + ts[n + 1]) / 2;
    }
  }
  return at;
}
