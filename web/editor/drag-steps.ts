// What every canvas drag of the editor's gizmos shares (pure): the Shift steps, the rounding of
// the values a drag writes, and how a drag about a pivot turns what it drags. Scene pixels, y
// down, degrees clockwise. Used by the emitter-shape handles (shape-drag.ts) and the grips of
// placed objects (placement-grips.ts).
//
// A turn about pivot o by a pointer that started at p₀ and is now at p:
// `θ₀ + ∠(p − o) − ∠(p₀ − o)`, moved by whole turns to the one nearest the last preview's angle
// (no jump when the pointer passes behind the pivot).

import type { Pt } from './shape-geometry';

/** Sizes and positions snap to multiples of this many pixels with Shift. */
export const SNAP_PX = 10;
/** Angles snap to multiples of this many degrees with Shift. */
export const SNAP_DEG = 15;
/** Scales snap to multiples of this with Shift. */
export const SNAP_SCALE = 0.1;
/** The smallest magnitude a scale drag leaves on a scale that was not 0. */
export const MIN_SCALE = 0.01;

/** `v` rounded to 0.01. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Angle of `p`, degrees clockwise from +x (y down). */
export function angleDeg(p: Pt): number {
  return (Math.atan2(p[1], p[0]) * 180) / Math.PI;
}

/** `v` moved by whole turns to the one nearest `near`. */
export function nearestTurn(v: number, near: number): number {
  return v + 360 * Math.round((near - v) / 360);
}

/** One drag that turns something about a pivot. */
export interface TurnAbout {
  /** The angle when the drag began, degrees. */
  rotationDeg: number;
  /** The pivot, scene pixels. */
  pivot: Pt;
  /** The dragged handle when the drag began, scene pixels. */
  from: Pt;
  /** Where the drag has taken it, scene pixels. */
  to: Pt;
  /** The last preview's angle (the result is the turn nearest it), degrees. */
  previousDeg: number;
}

/** The angle a turn about a pivot gives, not rounded (see the file comment). */
export function turnedAngle(d: TurnAbout): number {
  const delta = angleDeg([d.to[0] - d.pivot[0], d.to[1] - d.pivot[1]]) - angleDeg([d.from[0] - d.pivot[0], d.from[1] - d.pivot[1]]);
  return nearestTurn(d.rotationDeg + delta, d.previousDeg);
}
