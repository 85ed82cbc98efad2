// The placed instances of a skeleton entry, one by one (pure). Instance 0 is the entry's
// `transform`; instance n ≥ 1 is `extraInstances[n − 1]`, either `[x, y]` (drawn with instance 0's
// rotation and scale: it shares them) or `[x, y, rotationDeg, scaleX, scaleY]` (its own). Every
// instance is drawn with spine/placement.ts's formula `scene = (x, y) + R(θ)·(scaleX·mx,
// scaleY·my)`, y down. The edits below mutate a draft entry inside a store edit (one undo step,
// validated by Rust): a position edit keeps an extra instance's form, a rotation / scale / flip
// edit gives it its own five numbers (the others taken from where it is drawn now), and
// `shareFirstTurn` gives it back instance 0's rotation and scale (the pair form). The panel's
// rules are kept: the uniform scale is above 0, the flip is the sign of scaleX.

import type { ExtraInstance, SkeletonObject } from '../../document/types';
import { setFlip, setUniformScale } from '../../editor/placement-grips';
import type { InstancePlacement } from '../spine';

/** Where and how one instance is drawn (scene px, degrees clockwise, scale per axis). */
export type Placement = Required<InstancePlacement>;

/** Number of placed instances of `k` (the first plus the extra ones). */
export function instanceCount(k: SkeletonObject): number {
  return 1 + k.extraInstances.length;
}

/** The placement of instance `index` of `k` (0: the transform), or null when it has none. */
export function instancePlacement(k: SkeletonObject, index: number): Placement | null {
  const { x, y, rotationDeg, scaleX, scaleY } = k.transform;
  if (index === 0) return { x, y, rotationDeg, scaleX, scaleY };
  const e = k.extraInstances[index - 1];
  if (e === undefined) return null;
  return e.length === 5
    ? { x: e[0], y: e[1], rotationDeg: e[2], scaleX: e[3], scaleY: e[4] }
    : { x: e[0], y: e[1], rotationDeg, scaleX, scaleY };
}

/** Whether instance `index` (≥ 1) is drawn with instance 0's rotation and scale (`[x, y]`). */
export function sharesFirstTurn(k: SkeletonObject, index: number): boolean {
  return index > 0 && k.extraInstances[index - 1]?.length === 2;
}

/** The instances (indices ≥ 1) drawn with instance 0's rotation and scale (the `[x, y]` form). */
export function instancesSharingFirst(k: SkeletonObject): number[] {
  return k.extraInstances.flatMap((e, j) => (e.length === 2 ? [j + 1] : []));
}

/** A scene coordinate as instance menus show it (at most one decimal). */
function coord(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/** The values of an instance menu's label: its number counted from 1 and its position. */
export function instanceLabelValues(index: number, p: { x: number; y: number }): { n: number; x: string; y: string } {
  return { n: index + 1, x: coord(p.x), y: coord(p.y) };
}

/** What a placement edit changes (absent: kept). */
export interface TurnChange {
  /** Rotation, degrees clockwise. */
  rotationDeg?: number;
  /** Uniform scale, above 0 (scaleX keeps its sign: the flip). */
  scale?: number;
  /** Mirrored left ↔ right (the sign of scaleX). */
  flip?: boolean;
}

/** `place` with `change` applied (see {@link TurnChange}). */
function turned(place: Placement, change: TurnChange): Placement {
  const next = { ...place };
  if (change.rotationDeg !== undefined) next.rotationDeg = change.rotationDeg;
  if (change.scale !== undefined) setUniformScale(next, change.scale);
  if (change.flip !== undefined) setFlip(next, change.flip);
  return next;
}

/** Throws unless `index` is a placed instance of `k`; returns its placement. */
export function placedInstance(k: SkeletonObject, index: number): Placement {
  const place = instancePlacement(k, index);
  if (place === null) throw new Error(`skeleton “${k.name}” has no instance ${index + 1}`);
  return place;
}

/** Moves instance `index` of draft entry `k`: sets its `axis` to `v` scene px (keeps its form). */
export function setInstancePosition(k: SkeletonObject, index: number, axis: 'x' | 'y', v: number): void {
  placedInstance(k, index);
  if (index === 0) {
    k.transform[axis] = v;
    return;
  }
  const e = k.extraInstances[index - 1];
  e[axis === 'x' ? 0 : 1] = v;
}

/**
 * Turns, scales or flips instance `index` of draft entry `k`: instance 0 through the transform
 * (the instances sharing its rotation and scale follow), another one by giving it its own
 * rotation and scale (its current ones with `change` applied).
 */
export function setInstanceTurn(k: SkeletonObject, index: number, change: TurnChange): void {
  const next = turned(placedInstance(k, index), change);
  if (index === 0) {
    Object.assign(k.transform, { rotationDeg: next.rotationDeg, scaleX: next.scaleX, scaleY: next.scaleY });
    return;
  }
  const own: ExtraInstance = [next.x, next.y, next.rotationDeg, next.scaleX, next.scaleY];
  k.extraInstances[index - 1] = own;
}

/** Gives instance `index` (≥ 1) of draft entry `k` back instance 0's rotation and scale. */
export function shareFirstTurn(k: SkeletonObject, index: number): void {
  const { x, y } = placedInstance(k, index);
  if (index === 0) return;
  k.extraInstances[index - 1] = [x, y];
}
