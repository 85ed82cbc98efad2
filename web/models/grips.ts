// The canvas grips of an MS3D model object (pure): where its move grip, turn knob and scale grip
// are drawn and what a drag of each writes to its `transform`. The geometry and the drag maths
// are those of any placed object (editor/placement-grips.ts); the rules are the model panel's
// (panel.ts): the uniform scale is `|scaleY|`, above 0, and the flip is the sign of scaleX; every
// value stays within the schema's limits (`PlacedLimits`).

import type { ModelObject } from '../document/types';
import { movedPosition, placedGrips, scaledScale, setUniformScale, turnedRotation, type PlacedGrips, type PlacedLimits, type Pt } from '../editor/placement-grips';

/** Where the grips of model `m` are drawn at view zoom `zoom`. */
export function modelGrips(m: ModelObject, zoom: number): PlacedGrips {
  return placedGrips(m.transform, zoom);
}

/** Moves draft model `m` to where its move grip was dragged (rounded to 0.01, or snapped to multiples of `snapPx`; within `limits`). */
export function moveModel(m: ModelObject, to: Pt, snapPx: number | null, limits: PlacedLimits): void {
  [m.transform.x, m.transform.y] = movedPosition(to, snapPx, limits);
}

/**
 * Turns draft model `m` (a copy of the recorded one) by a drag of its knob from `from` to `to`;
 * `previousDeg` is the last preview's rotation (null: none yet), `snapDeg` the Shift step; the
 * rotation stays within `limits`.
 */
export function turnModel(m: ModelObject, from: Pt, to: Pt, previousDeg: number | null, snapDeg: number | null, limits: PlacedLimits): void {
  const t = m.transform;
  t.rotationDeg = turnedRotation({ rotationDeg: t.rotationDeg, pivot: [t.x, t.y], from, to, previousDeg: previousDeg ?? t.rotationDeg, snapDeg, limits: limits.rotationDeg });
}

/**
 * Scales draft model `m` (a copy of the recorded one) by a drag of its scale grip from `from` to
 * `to` (Shift: `snap`; at most `limits.scaleMax`): both scales get the new uniform scale, scaleX
 * keeps its sign (the flip), as the panel's Scale field writes them.
 */
export function scaleModel(m: ModelObject, from: Pt, to: Pt, snap: boolean, limits: PlacedLimits): void {
  const t = m.transform;
  setUniformScale(t, scaledScale({ scale: Math.abs(t.scaleY), pivot: [t.x, t.y], from, to, snap, max: limits.scaleMax }));
}
