// The canvas grips of a placed object (pure): where the move grip, the turn knob and the scale
// grip of one placement (x, y, rotationDeg, scaleX, scaleY — a skeleton instance, an MS3D model)
// are drawn, and what a drag of each gives. Scene pixels, y down, degrees clockwise; a placement
// draws a point m of the object at `(x, y) + R(θ)·(scaleX·mx, scaleY·my)`. Shared by the
// skeleton grips (skeleton/object/grips.ts) and the model grips (models/grips.ts).
//
// - Move grip: at the position (x, y).
// - Turn knob: `TURN_KNOB_CSS_PX` screen pixels from it along the object's own +x axis as it is
//   drawn, `(x, y) + (TURN_KNOB_CSS_PX / zoom)·R(θ)·(sign(scaleX), 0)`: a flipped object's +x
//   points the other way.
// - Scale grip (a diamond): `SCALE_GRIP_CSS_PX` screen pixels from it along the object's own
//   (+x, +y) diagonal as drawn, `(x, y) + (SCALE_GRIP_CSS_PX / zoom)·R(θ)·(sign(scaleX),
//   sign(scaleY))/√2`: below-right of an unturned object, below-left of a flipped one, 45° from
//   the knob and nearer (about 40 px from the knob and clear of the move grip's number, which
//   sits above-right). The size of the scale moves neither the knob nor the diamond: both stay
//   at a fixed screen distance at any zoom, so they are always within reach.
// - Moving: the object goes where the grip was dragged to (its start plus the pointer's travel),
//   rounded to 0.01 px, or with snapping to the nearest multiple of the step on each axis (the
//   canvas grid's spacing: drag-steps.ts `positionSnapPx`), each axis within the schema's limits
//   of the object's x and y: dragged past one, the object stops at it.
// - Turning: `θ₀ + ∠(p − o) − ∠(p₀ − o)` (o the position, p₀ the knob at the start, p the
//   pointer's place), moved by whole turns to the one nearest the last preview's rotation (no
//   jump when the pointer passes behind the position), rounded to 0.01°, or with snapping to the
//   nearest multiple of the step, within the schema's rotation limits.
// - Scaling: the uniform scale `s₀ = |scaleY|` (what the panels' Scale field shows) times
//   `|p − o| / |p₀ − o|` (p₀ the diamond at the start), rounded to 0.01 or with Shift to the
//   nearest multiple of `SNAP_SCALE`, never below `MIN_SCALE`, at most the schema's limit; the
//   flip (the sign of scaleX) is kept by whoever applies it (the panels' `scale` edit).

import type { FieldSchema } from '../generated/contract';
import { clampToLimits, type FieldLimits, MIN_SCALE, round2, schemaLimits, SNAP_SCALE, turnedAngle, type TurnAbout } from './drag-steps';
import type { Pt } from './shape-geometry';

export type { Pt } from './shape-geometry';

/** Screen distance of a turn knob from its object's position, CSS pixels. */
export const TURN_KNOB_CSS_PX = 56;
/** Screen distance of a scale grip from its object's position, CSS pixels. */
export const SCALE_GRIP_CSS_PX = 48;

/** Where and how an object is drawn (scene px, degrees clockwise, scale per axis). */
export interface Placed {
  /** Position x, scene px. */
  x: number;
  /** Position y, scene px (down). */
  y: number;
  /** Rotation, degrees clockwise. */
  rotationDeg: number;
  /** Horizontal scale (negative: flipped). */
  scaleX: number;
  /** Vertical scale. */
  scaleY: number;
}

/** Where the grips of one placement are drawn, scene pixels. */
export interface PlacedGrips {
  /** The move grip: the position. */
  move: Pt;
  /** The turn knob. */
  turn: Pt;
  /** The scale grip. */
  scale: Pt;
  /** The scale grip's direction from the position on screen (unit; for a resize cursor). */
  scaleAxis: Pt;
}

/** `v` on the nearest multiple of `step` (null: rounded to 0.01), never −0. */
export function snapped(v: number, step: number | null): number {
  return round2(step === null ? v : Math.round(v / step) * step) + 0;
}

/** The grips of placement `p` at view zoom `zoom` (see the file comment). */
export function placedGrips(p: Placed, zoom: number): PlacedGrips {
  const z = Math.max(zoom, 1e-6);
  const r = (p.rotationDeg * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  const sx = p.scaleX < 0 ? -1 : 1;
  const sy = p.scaleY < 0 ? -1 : 1;
  const knob = TURN_KNOB_CSS_PX / z;
  // R(θ)·(sx, sy)/√2: the own diagonal as drawn.
  const axis: Pt = [(c * sx - s * sy) * Math.SQRT1_2, (s * sx + c * sy) * Math.SQRT1_2];
  const d = SCALE_GRIP_CSS_PX / z;
  return {
    move: [p.x, p.y],
    turn: [p.x + knob * sx * c, p.y + knob * sx * s],
    scale: [p.x + d * axis[0], p.y + d * axis[1]],
    scaleAxis: axis,
  };
}

/** The scales of a placement: `scaleX` carries the flip (its sign), `|scaleY|` the uniform scale. */
export type PlacedScale = Pick<Placed, 'scaleX' | 'scaleY'>;

/**
 * Gives `p` the uniform scale `scale` (above 0), its flip kept: `scaleY = scale`, `scaleX = ±scale`
 * with scaleX's sign, as the panels' Scale field and the scale grips write it.
 */
export function setUniformScale(p: PlacedScale, scale: number): void {
  p.scaleX = (p.scaleX < 0 ? -1 : 1) * scale;
  p.scaleY = scale;
}

/** Mirrors `p` left ↔ right (`flip`) or not: the sign of scaleX, its size kept (the panels' Flip). */
export function setFlip(p: PlacedScale, flip: boolean): void {
  p.scaleX = (flip ? -1 : 1) * Math.abs(p.scaleX);
}

/** What the grips keep a placement's values within: the core's validation of its transform. */
export interface PlacedLimits {
  /** Position x, scene px. */
  x: FieldLimits;
  /** Position y, scene px. */
  y: FieldLimits;
  /** Rotation, degrees. */
  rotationDeg: FieldLimits;
  /** The largest uniform scale (`placedScaleLimit`). */
  scaleMax: number;
}

/**
 * The limits of a placement in `list` (`skeletons`: any instance of a skeleton, whose extra
 * instances' positions share the transform's x and y limits; `models`): the list's own
 * `transform.x` and `transform.y` fields, the system transform's rotation and scale (the core
 * validates every transform against them).
 */
export function placedLimits(schema: FieldSchema, list: 'skeletons' | 'models'): PlacedLimits {
  const limitsOf = schemaLimits(schema);
  return {
    x: limitsOf(`${list}[].transform.x`),
    y: limitsOf(`${list}[].transform.y`),
    rotationDeg: limitsOf('systems[].transform.rotationDeg'),
    scaleMax: placedScaleLimit(schema),
  };
}

/**
 * Where a move grip dragged to `to` puts its object: rounded to 0.01, or snapped to multiples of
 * `snapPx`, then each axis within `limits`.
 */
export function movedPosition(to: Pt, snapPx: number | null, limits: Pick<PlacedLimits, 'x' | 'y'>): Pt {
  return [clampToLimits(snapped(to[0], snapPx), limits.x), clampToLimits(snapped(to[1], snapPx), limits.y)];
}

/** One drag of a turn knob: a turn about the object's position (drag-steps.ts). */
export interface TurnDrag extends TurnAbout {
  /** Snap to multiples of this many degrees (null: round to 0.01°). */
  snapDeg: number | null;
  /** The rotation's limits. */
  limits: FieldLimits;
}

/** The rotation a turn-knob drag gives its object (see the file comment). */
export function turnedRotation(d: TurnDrag): number {
  return clampToLimits(snapped(turnedAngle(d), d.snapDeg), d.limits);
}

/** One drag of a scale grip. */
export interface ScaleDrag {
  /** The object's uniform scale when the drag began (`|scaleY|`, above 0). */
  scale: number;
  /** The object's position, scene pixels. */
  pivot: Pt;
  /** The grip when the drag began, scene pixels. */
  from: Pt;
  /** Where the drag has taken it, scene pixels. */
  to: Pt;
  /** Shift held: snap to multiples of `SNAP_SCALE`. */
  snap: boolean;
  /** The largest scale the schema allows. */
  max: number;
}

/** The uniform scale a scale-grip drag gives its object (see the file comment); the start's when the grip began on the pivot. */
export function scaledScale(d: ScaleDrag): number {
  const r0 = Math.hypot(d.from[0] - d.pivot[0], d.from[1] - d.pivot[1]);
  if (!(r0 > 1e-9)) return d.scale;
  const raw = (d.scale * Math.hypot(d.to[0] - d.pivot[0], d.to[1] - d.pivot[1])) / r0;
  return Math.min(Math.max(snapped(raw, d.snap ? SNAP_SCALE : null), MIN_SCALE), d.max);
}

/**
 * The largest uniform scale of a skeleton instance or a model: their transforms share the system
 * transform's limits (the core's validation), so the smaller of `systems[].transform.scaleX`'s and
 * `…scaleY`'s maximum (no limit when the schema states none).
 */
export function placedScaleLimit(schema: FieldSchema): number {
  const max = (path: string): number => schema.fields.find((f) => f.path === path)?.max ?? Infinity;
  return Math.min(max('systems[].transform.scaleX'), max('systems[].transform.scaleY'));
}
