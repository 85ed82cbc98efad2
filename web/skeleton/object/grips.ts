// The canvas grips of a skeleton's placed instances (pure): where each instance's move grip, turn
// knob and scale grip are drawn, and what a drag of each does to the entry. The geometry and the
// drag maths are those of any placed object (editor/placement-grips.ts: positions at a fixed
// screen distance along the instance's turned +x axis and (+x, +y) diagonal, rounding, snapping,
// no jump past half a turn, the scale factor); instances.ts places each instance
// (`scene = (x, y) + R(θ)·(scaleX·mx, scaleY·my)`). What is particular to skeletons:
//
// - Moving: an extra instance keeps its form (`setInstancePosition`): a pair stays a pair; every
//   instance's position stays within the skeleton transform's x and y limits (the core's).
// - Turning and scaling: `setInstanceTurn` with `rotationDeg` or `scale` (the flip, the sign of
//   scaleX, kept): an extra instance in the pair form gets its own five numbers, as the panel's
//   Rotation and Scale fields give it; instance 1 changes the transform (the pairs follow it).

import type { SkeletonObject } from '../../document/types';
import { movedPosition, placedGrips, scaledScale, turnedRotation, type PlacedGrips, type PlacedLimits, type Pt } from '../../editor/placement-grips';
import { instanceCount, instancePlacement, placedInstance, setInstancePosition, setInstanceTurn } from './instances';

/** Where the grips of one placed instance are drawn. */
export interface InstanceGrips extends PlacedGrips {
  /** The instance (0: the entry's transform, n ≥ 1: `extraInstances[n − 1]`). */
  index: number;
}

/** The grips of every placed instance of `k` at view zoom `zoom`, in instance order. */
export function instanceGrips(k: SkeletonObject, zoom: number): InstanceGrips[] {
  const out: InstanceGrips[] = [];
  for (let index = 0; index < instanceCount(k); index++) {
    const p = instancePlacement(k, index);
    if (p !== null) out.push({ index, ...placedGrips(p, zoom) });
  }
  return out;
}

/** Moves instance `index` of draft entry `k` to where its grip was dragged (`movedPosition`: Shift snaps to multiples of `snapPx`, within `limits`). */
export function moveInstance(k: SkeletonObject, index: number, to: Pt, snapPx: number | null, limits: PlacedLimits): void {
  const [x, y] = movedPosition(to, snapPx, limits);
  setInstancePosition(k, index, 'x', x);
  setInstancePosition(k, index, 'y', y);
}

/**
 * Turns instance `index` of draft entry `k` (a copy of the recorded one) by a drag of its knob
 * from `from` to `to`; `previousDeg` is the last preview's rotation (null: none yet); the
 * rotation stays within `limits`.
 */
export function turnInstance(k: SkeletonObject, index: number, from: Pt, to: Pt, previousDeg: number | null, snapDeg: number | null, limits: PlacedLimits): void {
  const p = placedInstance(k, index);
  const rotationDeg = turnedRotation({ rotationDeg: p.rotationDeg, pivot: [p.x, p.y], from, to, previousDeg: previousDeg ?? p.rotationDeg, snapDeg, limits: limits.rotationDeg });
  setInstanceTurn(k, index, { rotationDeg });
}

/**
 * Scales instance `index` of draft entry `k` (a copy of the recorded one) by a drag of its scale
 * grip from `from` to `to` (`scaledScale`; Shift: `snap`; at most `limits.scaleMax`), its flip kept.
 */
export function scaleInstance(k: SkeletonObject, index: number, from: Pt, to: Pt, snap: boolean, limits: PlacedLimits): void {
  const p = placedInstance(k, index);
  const scale = scaledScale({ scale: Math.abs(p.scaleY), pivot: [p.x, p.y], from, to, snap, max: limits.scaleMax });
  setInstanceTurn(k, index, { scale });
}
