// Dragging a handle of the emitter-shape gizmo: the new shape (or system rotation) for a pointer
// position, as a pure function of the recorded system, the handle and where it was dragged to.
//
// The pointer is brought into the shape's own units, `l = S⁻¹·R⁻¹·(p − o)` (the inverse of the
// placement in shape-geometry.ts), then:
// - circle / arc `radius`: `R = |l|`; `inner`: `T = R − |l|`;
// - rect / roundedRect `width`: `W = 2·|lx|`, `height`: `H = 2·|ly|`, `size`: both; `inner`:
//   `T = lx + W/2`; `corner`: `c = W/2 − lx`;
// - line `start` / `end`: `L = 2·|lx|` (the line stays centred on the origin);
// - arc `start`: `start₀ + Δθ` (the arc turns, its span kept); `span`: `span₀ + Δθ`, with
//   `Δθ = ∠l − ∠l₀` (`l₀`: the handle at the drag's start) unwrapped to the turn nearest the last
//   preview, so the span reaches 0 and 360 without jumping;
// - `rotate`: `rotationDeg₀ + ∠(p − o) − ∠(p₀ − o)` (scene angles), nearest the last preview;
// - `scale`: both scales times `f = |p − o| / |p₀ − o|` (scene distances from the origin), signs
//   (mirroring) and their ratio kept: the larger magnitude `m = max(|sx₀|, |sy₀|)` becomes
//   `m·f` rounded to 0.01 (Shift: to `SNAP_SCALE`), the other one follows by the same factor
//   (rounded to 0.01); a scale that was not 0 keeps at least `MIN_SCALE` of magnitude.
// Shift snaps sizes to multiples of `SNAP_PX` and angles to multiples of `SNAP_DEG` (drag-steps.ts,
// with the turn about the origin); otherwise
// values are rounded to 0.01. Every value is clamped to the field schema's limits, and to the
// limits between fields the core's validation states: a band at most the radius (or half the
// shorter side), a corner radius at most half the shorter side — shrinking a shape shrinks its
// band and corner with it.

import type { ParticleSystem } from '../generated/contract';
import { angleDeg as deg, clampToLimits, type LimitsOf, MIN_SCALE, nearestTurn, round2, SNAP_DEG, SNAP_PX, SNAP_SCALE, turnedAngle } from './drag-steps';
import { sceneToCentre } from './force-geometry';
import type { Pt, ShapeHandleKey } from './shape-geometry';

/** One drag of a shape handle. */
export interface ShapeDrag {
  /** The handle. */
  key: ShapeHandleKey;
  /** The system's effective origin, scene pixels. */
  origin: Pt;
  /** The handle's scene position when the drag began. */
  from: Pt;
  /** Where the drag has taken it (its start plus the pointer's travel), scene pixels. */
  to: Pt;
  /** Shift held: snap. */
  snap: boolean;
}

/**
 * Applies `drag` to `sys`, a copy of the recorded system (its shape and transform are the ones the
 * drag began with); `previous` is the last preview's system (for the angle unwrapping).
 */
export function dragShape(sys: ParticleSystem, drag: ShapeDrag, limitsOf: LimitsOf, previous: ParticleSystem = sys): void {
  const shape = sys.emitter;
  const clampTo = (path: string, v: number, upper = Infinity): number => clampToLimits(v, limitsOf(path), upper);
  const size = (v: number): number => (drag.snap ? Math.round(v / SNAP_PX) * SNAP_PX : round2(v));
  const angle = (v: number): number => (drag.snap ? Math.round(v / SNAP_DEG) * SNAP_DEG : round2(v));
  const local = (p: Pt): Pt => sceneToCentre(sys, drag.origin, p, 'system');
  const l = local(drag.to);
  const turn = (): number => deg(l) - deg(local(drag.from));

  if (drag.key === 'scale') {
    scaleSystem(sys, drag, clampTo);
    return;
  }
  if (drag.key === 'rotate') {
    const next = turnedAngle({ rotationDeg: sys.transform.rotationDeg, pivot: drag.origin, from: drag.from, to: drag.to, previousDeg: previous.transform.rotationDeg });
    sys.transform.rotationDeg = clampTo('systems[].transform.rotationDeg', angle(next));
    return;
  }
  switch (shape.kind) {
    case 'point':
      return;
    case 'circle': {
      const path = 'systems[].emitter(circle)';
      if (drag.key === 'radius') shape.radius = clampTo(`${path}.radius`, size(Math.hypot(l[0], l[1])));
      else if (drag.key === 'inner') shape.thicknessPx = clampTo(`${path}.thicknessPx`, size(shape.radius - Math.hypot(l[0], l[1])), shape.radius);
      if (shape.thicknessPx !== undefined) shape.thicknessPx = Math.min(shape.thicknessPx, shape.radius);
      return;
    }
    case 'rect':
    case 'roundedRect': {
      const path = `systems[].emitter(${shape.kind})`;
      if (drag.key === 'width' || drag.key === 'size') shape.width = clampTo(`${path}.width`, size(2 * Math.abs(l[0])));
      if (drag.key === 'height' || drag.key === 'size') shape.height = clampTo(`${path}.height`, size(2 * Math.abs(l[1])));
      const half = Math.min(shape.width, shape.height) / 2;
      if (drag.key === 'inner') shape.thicknessPx = clampTo(`${path}.thicknessPx`, size(l[0] + shape.width / 2), half);
      if (shape.thicknessPx !== undefined) shape.thicknessPx = Math.min(shape.thicknessPx, half);
      if (shape.kind === 'roundedRect') {
        if (drag.key === 'corner') shape.cornerRadiusPx = clampTo(`${path}.cornerRadiusPx`, size(shape.width / 2 - l[0]), half);
        shape.cornerRadiusPx = Math.min(shape.cornerRadiusPx, half);
      }
      return;
    }
    case 'line':
      if (drag.key === 'start' || drag.key === 'end') shape.length = clampTo('systems[].emitter(line).length', size(2 * Math.abs(l[0])));
      return;
    case 'arc': {
      const path = 'systems[].emitter(arc)';
      const before = previous.emitter.kind === 'arc' ? previous.emitter : shape;
      if (drag.key === 'radius') shape.radius = clampTo(`${path}.radius`, size(Math.hypot(l[0], l[1])));
      else if (drag.key === 'inner') shape.thicknessPx = clampTo(`${path}.thicknessPx`, size(shape.radius - Math.hypot(l[0], l[1])), shape.radius);
      else if (drag.key === 'start') shape.startDeg = clampTo(`${path}.startDeg`, angle(nearestTurn(shape.startDeg + turn(), before.startDeg)));
      else if (drag.key === 'span') shape.spanDeg = clampTo(`${path}.spanDeg`, angle(nearestTurn(shape.spanDeg + turn(), before.spanDeg)));
      shape.thicknessPx = Math.min(shape.thicknessPx, shape.radius);
      return;
    }
  }
}

/** The `scale` drag (see the header); `clampTo` clamps a value to a schema field's limits. */
function scaleSystem(sys: ParticleSystem, drag: ShapeDrag, clampTo: (path: string, v: number) => number): void {
  const t = sys.transform;
  const r0 = Math.hypot(drag.from[0] - drag.origin[0], drag.from[1] - drag.origin[1]);
  const m0 = Math.max(Math.abs(t.scaleX), Math.abs(t.scaleY));
  if (!(r0 > 1e-9) || !(m0 > 0)) return;
  const f = Math.hypot(drag.to[0] - drag.origin[0], drag.to[1] - drag.origin[1]) / r0;
  const snapped = drag.snap ? Math.round((m0 * f) / SNAP_SCALE) * SNAP_SCALE : m0 * f;
  const k = Math.max(round2(snapped), MIN_SCALE) / m0;
  const scaled = (v: number): number => (v === 0 ? 0 : Math.sign(v) * Math.max(Math.abs(round2(v * k)), MIN_SCALE));
  t.scaleX = clampTo('systems[].transform.scaleX', scaled(t.scaleX));
  t.scaleY = clampTo('systems[].transform.scaleY', scaled(t.scaleY));
}
