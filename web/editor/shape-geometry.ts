// The emitter shape of a system on the canvas: its outline and the places of its handles, as
// pure functions (what the shape gizmo draws; the drags are in shape-drag.ts).
//
// A shape point `(x, y)` (system units, y down, the core's crates/sp-sim/src/sim/emitter.rs) is
// at `o + R·(sx·x, sy·y)` in the scene, with `o` the system's effective origin, `R` its rotation
// (degrees clockwise) and `(sx, sy)` its scale: the core's `transform_point` (sim/particle.rs).
// Outlines are polylines in scene pixels: circles and arcs sampled every 3.75° at most, rounded
// corners every 90°/16. An edge band (`edge` with `thicknessPx > 0`, or an arc's `thicknessPx`)
// is drawn as its outer and inner outlines, the inner one inset by the thickness (the rounded
// rectangle's inner corner radius is `max(c − T, 0)`, as the core's inward offset along the normal).
//
// Handles (system units, before the transform):
// - circle: `radius` at (R, 0); with `edge`, `inner` (the band's inner edge) at (0, R − T);
// - rect / roundedRect: `width` at (W/2, 0), `height` at (0, H/2), `size` at (W/2, H/2); with
//   `edge`, `inner` at (−W/2 + T, 0); roundedRect adds `corner` at (W/2 − c, −H/2);
// - line: `end` at (L/2, 0) and `start` at (−L/2, 0);
// - arc: `radius` at R·u(start + span/2), `start` at R·u(start), `span` at R·u(start + span),
//   `inner` at (R − T)·u(start + span/4), `u(θ) = (cos θ, sin θ)`;
// - rect, roundedRect and line: `rotate`, `ROTATE_OFFSET_CSS_PX` screen pixels beyond the top
//   (−y side) of the shape, turning the system's transform;
// - every shape, the point too: `scale`, `SCALE_OFFSET_CSS_PX` screen pixels beyond its corner
//   `k` along the placed diagonal `(1, 1)`, scaling the system's transform (`k`: the circle's and
//   arc's `R·(√½, √½)`, the rectangle's `(W/2, H/2)`, the line's `(L/2, 0)`, the point's origin).

import type { EmitterShape, ParticleSystem } from '../generated/contract';
import { centreToScene } from './force-geometry';

/** A point, pixels. */
export type Pt = [number, number];

/** One polyline of an outline, scene pixels. */
export interface Polyline {
  /** Its points. */
  points: Pt[];
  /** Joined back to the first point. */
  closed: boolean;
}

/** What the outline of a shape is made of. */
export interface ShapeOutline {
  /** The shape's outline (an edge band's outer and inner outlines). */
  edges: Polyline[];
  /** Dashed guides: the arc's spokes to its start and end. */
  guides: Polyline[];
  /** `area`: particles fill the shape; `band`: the ring between the edges; `line`: on the outline. */
  fill: 'area' | 'band' | 'line';
}

/** What dragging a shape handle changes. */
export type ShapeHandleKey = 'radius' | 'inner' | 'width' | 'height' | 'size' | 'corner' | 'start' | 'end' | 'span' | 'rotate' | 'scale';

/** One handle of the shape gizmo. */
export interface ShapeHandle {
  /** What it changes. */
  key: ShapeHandleKey;
  /** Scene position, pixels. */
  scene: Pt;
  /** `resize` (a size along `axis`), `angle` (an arc angle), `rotate` (the system's rotation) or `scale` (its scale). */
  role: 'resize' | 'angle' | 'rotate' | 'scale';
  /** Scene direction the handle resizes along (for the cursor), unit length. */
  axis: Pt;
  /** Where the handle's dashed stem starts (the rotate handle: the shape's top; the scale handle: its corner), scene pixels. */
  stem?: Pt;
}

/** Screen distance of the rotate handle beyond the shape, CSS pixels. */
export const ROTATE_OFFSET_CSS_PX = 28;
/** Screen distance of the scale handle beyond the shape's corner, CSS pixels. */
export const SCALE_OFFSET_CSS_PX = 20;

/** Most degrees between two samples of a circle or arc. */
const ARC_STEP_DEG = 3.75;
/** Samples per rounded corner. */
const CORNER_STEPS = 16;

const rad = (deg: number): number => (deg * Math.PI) / 180;
const dir = (deg: number): Pt => [Math.cos(rad(deg)), Math.sin(rad(deg))];

/** The edge-band thickness of `shape` (0: none). */
export function bandOf(shape: EmitterShape): number {
  switch (shape.kind) {
    case 'circle':
    case 'rect':
    case 'roundedRect':
      return shape.edge ? Math.max(0, shape.thicknessPx ?? 0) : 0;
    case 'arc':
      return Math.max(0, shape.thicknessPx);
    default:
      return 0;
  }
}

/** Points of an arc of radius `r` around (cx, cy) from `fromDeg` over `spanDeg` (both ends included). */
function arcPoints(cx: number, cy: number, r: number, fromDeg: number, spanDeg: number): Pt[] {
  const n = Math.max(1, Math.ceil(Math.abs(spanDeg) / ARC_STEP_DEG));
  const out: Pt[] = [];
  for (let k = 0; k <= n; k++) {
    const [c, s] = dir(fromDeg + (spanDeg * k) / n);
    out.push([cx + r * c, cy + r * s]);
  }
  return out;
}

/** Clockwise outline of a centred `w × h` rectangle with corner radius `c` (system units). */
function roundedPoints(w: number, h: number, c: number): Pt[] {
  const hw = w / 2;
  const hh = h / 2;
  const r = Math.max(0, Math.min(c, hw, hh));
  if (r === 0) return [[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]];
  const corner = (cx: number, cy: number, from: number): Pt[] => {
    const out: Pt[] = [];
    for (let k = 0; k <= CORNER_STEPS; k++) {
      const [x, y] = dir(from + (90 * k) / CORNER_STEPS);
      out.push([cx + r * x, cy + r * y]);
    }
    return out;
  };
  return [...corner(hw - r, -hh + r, -90), ...corner(hw - r, hh - r, 0), ...corner(-hw + r, hh - r, 90), ...corner(-hw + r, -hh + r, 180)];
}

/** The outline of the emitter shape of `sys` (effective origin `origin`), in scene pixels. */
export function shapeOutline(sys: ParticleSystem, origin: Pt): ShapeOutline | null {
  const shape = sys.emitter;
  const toScene = (p: Pt): Pt => centreToScene(sys, origin, p, 'system');
  const line = (points: Pt[], closed: boolean): Polyline => ({ points: points.map(toScene), closed });
  const band = bandOf(shape);
  switch (shape.kind) {
    case 'point':
      return null;
    case 'circle': {
      const edges = [line(arcPoints(0, 0, shape.radius, 0, 360).slice(0, -1), true)];
      if (band > 0) edges.push(line(arcPoints(0, 0, Math.max(0, shape.radius - band), 0, 360).slice(0, -1), true));
      return { edges, guides: [], fill: band > 0 ? 'band' : shape.edge ? 'line' : 'area' };
    }
    case 'rect':
    case 'roundedRect': {
      const c = shape.kind === 'roundedRect' ? shape.cornerRadiusPx : 0;
      const edges = [line(roundedPoints(shape.width, shape.height, c), true)];
      if (band > 0) {
        const t = Math.min(band, shape.width / 2, shape.height / 2);
        edges.push(line(roundedPoints(shape.width - 2 * t, shape.height - 2 * t, Math.max(0, c - t)), true));
      }
      return { edges, guides: [], fill: band > 0 ? 'band' : shape.edge ? 'line' : 'area' };
    }
    case 'line':
      return { edges: [line([[-shape.length / 2, 0], [shape.length / 2, 0]], false)], guides: [], fill: 'line' };
    case 'arc': {
      const outer = arcPoints(0, 0, shape.radius, shape.startDeg, shape.spanDeg);
      const spokes: Polyline[] = [line([[0, 0], outer[0]], false), line([[0, 0], outer[outer.length - 1]], false)];
      if (band <= 0) return { edges: [line(outer, shape.spanDeg >= 360)], guides: spokes, fill: 'line' };
      const inner = arcPoints(0, 0, Math.max(0, shape.radius - band), shape.startDeg, shape.spanDeg);
      if (shape.spanDeg >= 360) return { edges: [line(outer.slice(0, -1), true), line(inner.slice(0, -1), true)], guides: [], fill: 'band' };
      return { edges: [line([...outer, ...inner.reverse()], true)], guides: spokes, fill: 'band' };
    }
  }
}

/** The handles of the emitter shape of `sys` at view zoom `zoom` (screen px per scene px). */
export function shapeHandles(sys: ParticleSystem, origin: Pt, zoom: number): ShapeHandle[] {
  const shape = sys.emitter;
  const toScene = (p: Pt): Pt => centreToScene(sys, origin, p, 'system');
  const o = toScene([0, 0]);
  const axisOf = (p: Pt): Pt => {
    const [x, y] = toScene(p);
    const d = Math.hypot(x - o[0], y - o[1]);
    return d > 1e-9 ? [(x - o[0]) / d, (y - o[1]) / d] : [1, 0];
  };
  const resize = (key: ShapeHandleKey, p: Pt, axis: Pt = p): ShapeHandle => ({ key, scene: toScene(p), role: 'resize', axis: axisOf(axis) });
  const angle = (key: ShapeHandleKey, p: Pt): ShapeHandle => ({ key, scene: toScene(p), role: 'angle', axis: axisOf([-p[1], p[0]]) });
  /** The rotate handle beyond the local point `top` (on the shape's −y side). */
  const rotate = (top: Pt): ShapeHandle => {
    const at = toScene(top);
    const up = axisOf([0, -1]);
    const sign = sys.transform.scaleY < 0 ? -1 : 1;
    const d = ROTATE_OFFSET_CSS_PX / Math.max(zoom, 1e-6);
    return { key: 'rotate', scene: [at[0] + up[0] * d * sign, at[1] + up[1] * d * sign], role: 'rotate', axis: up, stem: at };
  };
  /** The scale handle beyond the local corner `k` (see the header). */
  const scale = (k: Pt): ShapeHandle => {
    const at = toScene(k);
    const axis = axisOf([1, 1]);
    const d = SCALE_OFFSET_CSS_PX / Math.max(zoom, 1e-6);
    return { key: 'scale', scene: [at[0] + axis[0] * d, at[1] + axis[1] * d], role: 'scale', axis, stem: at };
  };
  return [...shapeSizeHandles(shape, resize, angle, rotate), scale(scaleCorner(shape))];
}

/** The local corner the scale handle stands beyond (see the header). */
function scaleCorner(shape: EmitterShape): Pt {
  const diagonal = Math.SQRT1_2;
  switch (shape.kind) {
    case 'point':
      return [0, 0];
    case 'circle':
    case 'arc':
      return [shape.radius * diagonal, shape.radius * diagonal];
    case 'rect':
    case 'roundedRect':
      return [shape.width / 2, shape.height / 2];
    case 'line':
      return [shape.length / 2, 0];
  }
}

/** The handles of `shape` that change its size, arc angles or the system's rotation. */
function shapeSizeHandles(
  shape: EmitterShape,
  resize: (key: ShapeHandleKey, p: Pt, axis?: Pt) => ShapeHandle,
  angle: (key: ShapeHandleKey, p: Pt) => ShapeHandle,
  rotate: (top: Pt) => ShapeHandle,
): ShapeHandle[] {
  const band = bandOf(shape);
  switch (shape.kind) {
    case 'point':
      return [];
    case 'circle': {
      const out = [resize('radius', [shape.radius, 0])];
      if (shape.edge) out.push(resize('inner', [0, Math.max(0, shape.radius - band)], [0, 1]));
      return out;
    }
    case 'rect':
    case 'roundedRect': {
      const hw = shape.width / 2;
      const hh = shape.height / 2;
      const out = [resize('width', [hw, 0], [1, 0]), resize('height', [0, hh], [0, 1]), resize('size', [hw, hh], [1, 1])];
      if (shape.edge) out.push(resize('inner', [-hw + Math.min(band, hw, hh), 0], [1, 0]));
      if (shape.kind === 'roundedRect') out.push(resize('corner', [hw - Math.min(shape.cornerRadiusPx, hw, hh), -hh], [1, 0]));
      out.push(rotate([0, -hh]));
      return out;
    }
    case 'line':
      return [resize('end', [shape.length / 2, 0], [1, 0]), resize('start', [-shape.length / 2, 0], [1, 0]), rotate([0, 0])];
    case 'arc': {
      const r = shape.radius;
      const at = (radius: number, deg: number): Pt => {
        const [c, s] = dir(deg);
        return [radius * c, radius * s];
      };
      const mid = shape.startDeg + shape.spanDeg / 2;
      return [
        resize('radius', at(r, mid)),
        angle('start', at(r, shape.startDeg)),
        angle('span', at(r, shape.startDeg + shape.spanDeg)),
        resize('inner', at(Math.max(0, r - band), shape.startDeg + shape.spanDeg / 4), at(1, shape.startDeg + shape.spanDeg / 4)),
      ];
    }
  }
}

/** The CSS resize cursor for a handle resizing along scene direction `axis` (y down). */
export function resizeCursor(axis: Pt): string {
  const deg = (((Math.atan2(axis[1], axis[0]) * 180) / Math.PI) % 180 + 180) % 180;
  if (deg < 22.5 || deg >= 157.5) return 'ew-resize';
  if (deg < 67.5) return 'nwse-resize';
  if (deg < 112.5) return 'ns-resize';
  return 'nesw-resize';
}
