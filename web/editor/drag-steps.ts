// What every canvas drag of the editor's gizmos shares (pure): the Shift steps, the rounding of
// the values a drag writes, the field schema's limits a dragged value stays within, and how a
// drag about a pivot turns what it drags. Scene pixels, y down, degrees clockwise. Used by the
// emitter-shape handles (shape-drag.ts), the force centres (force-handles.ts), the grips of
// placed objects (placement-grips.ts), the collider and path tools (objects/canvas.ts, shapes.ts)
// and the drag of a system itself (skeleton/object/follow-live.ts `dragSystem`).
//
// Positions dragged with Shift land on the canvas grid the renderer draws: multiples of its
// spacing at the view's zoom (`gridSpacing`), or of `SNAP_PX` while the grid is hidden
// (`positionSnapPx`), so that every gizmo's positions agree.
//
// A value dragged past one of its schema limits stops at the limit (`clampToLimits`; a limit that
// is itself refused, `minExclusive`, is kept 0.01 off): the drag stops at the edge instead of
// producing an edit the document refuses. A point stops on each axis (`clampPoint`); something
// moved whole (several points by one travel) stops when its first point reaches a limit, keeping
// its shape (`clampTravel`).
//
// A turn about pivot o by a pointer that started at p₀ and is now at p:
// `θ₀ + ∠(p − o) − ∠(p₀ − o)`, moved by whole turns to the one nearest the last preview's angle
// (no jump when the pointer passes behind the pivot).

import type { FieldSchema } from '../generated/contract';
import type { Pt } from './shape-geometry';

/** Sizes snap to multiples of this many pixels with Shift, and positions while the grid is hidden. */
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

/**
 * The canvas grid's spacing at `zoom`, scene pixels: the smallest of 1, 2, 5 × 10ⁿ at least 24 CSS
 * pixels on screen (what the renderer draws: crates/sp-render/src/view.rs, `grid_spacing`).
 */
export function gridSpacing(zoom: number): number {
  const min = 24 / Math.max(zoom, 1e-6);
  let step = 1;
  while (step < min && step < 1e7) {
    for (const m of [2, 2.5, 2]) {
      step *= m;
      if (step >= min) break;
    }
  }
  return step;
}

/** The step Shift snaps dragged positions to, scene pixels: the grid's spacing at `zoom` while the grid is shown, else `SNAP_PX`. */
export function positionSnapPx(gridShown: boolean, zoom: number): number {
  return gridShown ? gridSpacing(zoom) : SNAP_PX;
}

/** `p` on the nearest point of a grid of spacing `spacingPx`. */
export function snapPoint(p: Pt, spacingPx: number): Pt {
  return [Math.round(p[0] / spacingPx) * spacingPx, Math.round(p[1] / spacingPx) * spacingPx];
}

/** Limits of one schema field. */
export interface FieldLimits {
  /** Smallest value (refused itself when `minExclusive`). */
  min: number;
  /** Largest value. */
  max: number;
  /** The smallest value itself is refused. */
  minExclusive?: boolean;
}

/** The limits of the schema field at `path` (e.g. `systems[].emitter(circle).radius`). */
export type LimitsOf = (path: string) => FieldLimits;

/** The limits of `schema`'s fields by path (a field without a limit, or not in it: unbounded on that side). */
export function schemaLimits(schema: FieldSchema): LimitsOf {
  return (path) => {
    const f = schema.fields.find((x) => x.path === path);
    return { min: f?.min ?? -Infinity, max: f?.max ?? Infinity, minExclusive: f?.minExclusive ?? false };
  };
}

/**
 * `v` within `limits` (a `minExclusive` minimum kept 0.01 above it) and at most `upper` (a limit
 * between fields; never below the minimum).
 */
export function clampToLimits(v: number, limits: FieldLimits, upper = Infinity): number {
  const min = limits.minExclusive === true ? limits.min + 0.01 : limits.min;
  return Math.min(Math.max(v, min), limits.max, Math.max(upper, min));
}

/** `p` with each axis within its limits (`clampToLimits`). */
export function clampPoint(p: Pt, x: FieldLimits, y: FieldLimits): Pt {
  return [clampToLimits(p[0], x), clampToLimits(p[1], y)];
}

/** A point something moved whole carries, with the limits of its axes. */
export interface LimitedPoint {
  /** Where it is before the move. */
  at: Pt;
  /** Limits of its x. */
  x: FieldLimits;
  /** Limits of its y. */
  y: FieldLimits;
}

/** `travel` cut, on each axis, to what keeps every one of `points` within its limits (the shape kept). */
export function clampTravel(travel: Pt, points: readonly LimitedPoint[]): Pt {
  const axis = (i: 0 | 1): number => {
    let min = -Infinity;
    let max = Infinity;
    for (const p of points) {
      const l = i === 0 ? p.x : p.y;
      min = Math.max(min, (l.minExclusive === true ? l.min + 0.01 : l.min) - p.at[i]);
      max = Math.min(max, l.max - p.at[i]);
    }
    return clampToLimits(travel[i], { min, max });
  };
  return [axis(0), axis(1)];
}
