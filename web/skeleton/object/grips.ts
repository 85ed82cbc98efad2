// The canvas grips of a skeleton's placed instances (pure): where each instance's move grip and
// turn knob are drawn, and what a drag of either does to the entry. Scene pixels, y down, degrees
// clockwise, as instances.ts places instances (`scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my)`).
//
// - Move grip: at the instance's position (x, y).
// - Turn knob: `TURN_KNOB_CSS_PX` screen pixels from it along the instance's own +x axis as it is
//   drawn, `(x, y) + (TURN_KNOB_CSS_PX / zoom)·R(θ)·(sign(scaleX), 0)`: a flipped instance's +x
//   points the other way; the scale's size does not move the knob (it stays at a fixed screen
//   distance at any zoom).
// - Moving: the instance goes where the grip was dragged to (its start plus the pointer's travel),
//   rounded to 0.01 px, or with snapping to the nearest multiple of the step on each axis; an
//   extra instance keeps its form (`setInstancePosition`).
// - Turning: `θ₀ + ∠(p − o) − ∠(p₀ − o)` (o the instance's position, p₀ the knob at the start, p
//   the pointer's place), moved by whole turns to the one nearest the last preview's rotation (no
//   jump when the pointer passes behind the position), rounded to 0.01°, or with snapping to the
//   nearest multiple of the step; `setInstanceTurn` with `rotationDeg`: an extra instance in the
//   pair form gets its own five numbers, as the panel's Rotation field gives it.

import type { SkeletonObject } from '../../document/types';
import { instanceCount, instancePlacement, setInstancePosition, setInstanceTurn } from './instances';

/** A scene point, pixels. */
export type Pt = [number, number];

/** Screen distance of an instance's turn knob from its position, CSS pixels. */
export const TURN_KNOB_CSS_PX = 56;

/** Where the grips of one placed instance are drawn. */
export interface InstanceGrips {
  /** The instance (0: the entry's transform, n ≥ 1: `extraInstances[n − 1]`). */
  index: number;
  /** The move grip: the instance's position, scene pixels. */
  move: Pt;
  /** The turn knob, scene pixels. */
  turn: Pt;
}

/** `v` rounded to 0.01 (never −0). */
function round2(v: number): number {
  return Math.round(v * 100) / 100 + 0;
}

/** `v` on the nearest multiple of `step` (null: rounded to 0.01). */
function snapped(v: number, step: number | null): number {
  return step === null ? round2(v) : Math.round(v / step) * step + 0;
}

/** Angle of `p`, degrees clockwise from +x (y down). */
function angleOf(p: Pt): number {
  return (Math.atan2(p[1], p[0]) * 180) / Math.PI;
}

/** The grips of every placed instance of `k` at view zoom `zoom`, in instance order. */
export function instanceGrips(k: SkeletonObject, zoom: number): InstanceGrips[] {
  const d = TURN_KNOB_CSS_PX / Math.max(zoom, 1e-6);
  const out: InstanceGrips[] = [];
  for (let index = 0; index < instanceCount(k); index++) {
    const p = instancePlacement(k, index);
    if (p === null) continue;
    const r = (p.rotationDeg * Math.PI) / 180;
    const side = p.scaleX < 0 ? -1 : 1;
    out.push({ index, move: [p.x, p.y], turn: [p.x + d * side * Math.cos(r), p.y + d * side * Math.sin(r)] });
  }
  return out;
}

/** Where a move grip dragged to `to` puts its instance: rounded to 0.01, or snapped to multiples of `snapPx`. */
export function movedPosition(to: Pt, snapPx: number | null): Pt {
  return [snapped(to[0], snapPx), snapped(to[1], snapPx)];
}

/** One drag of a turn knob. */
export interface TurnDrag {
  /** The instance's rotation when the drag began, degrees. */
  rotationDeg: number;
  /** The instance's position (the pivot), scene pixels. */
  pivot: Pt;
  /** The knob when the drag began, scene pixels. */
  from: Pt;
  /** Where the drag has taken it, scene pixels. */
  to: Pt;
  /** The last preview's rotation (the result is the turn nearest it), degrees. */
  previousDeg: number;
  /** Snap to multiples of this many degrees (null: round to 0.01°). */
  snapDeg: number | null;
}

/** The rotation a turn-knob drag gives its instance (see the file comment). */
export function turnedRotation(d: TurnDrag): number {
  const delta = angleOf([d.to[0] - d.pivot[0], d.to[1] - d.pivot[1]]) - angleOf([d.from[0] - d.pivot[0], d.from[1] - d.pivot[1]]);
  const raw = d.rotationDeg + delta;
  const near = raw + 360 * Math.round((d.previousDeg - raw) / 360);
  return snapped(near, d.snapDeg);
}

/** Moves instance `index` of draft entry `k` to where its grip was dragged (`movedPosition`). */
export function moveInstance(k: SkeletonObject, index: number, to: Pt, snapPx: number | null): void {
  const [x, y] = movedPosition(to, snapPx);
  setInstancePosition(k, index, 'x', x);
  setInstancePosition(k, index, 'y', y);
}

/**
 * Turns instance `index` of draft entry `k` (a copy of the recorded one) by a drag of its knob
 * from `from` to `to`; `previousDeg` is the last preview's rotation (null: none yet).
 */
export function turnInstance(k: SkeletonObject, index: number, from: Pt, to: Pt, previousDeg: number | null, snapDeg: number | null): void {
  const p = instancePlacement(k, index);
  if (p === null) throw new Error(`skeleton “${k.name}” has no instance ${index + 1}`);
  const rotationDeg = turnedRotation({ rotationDeg: p.rotationDeg, pivot: [p.x, p.y], from, to, previousDeg: previousDeg ?? p.rotationDeg, snapDeg });
  setInstanceTurn(k, index, { rotationDeg });
}
