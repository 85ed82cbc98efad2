// Colliders and paths as the canvas tools make and edit them (pure: no DOM, no engine). The
// geometry the simulation uses (outlines, curves, hit-testing) stays in Rust (`objectOutlines`,
// `hitObject`); here are only the document edits a click or a drag makes:
// - drawing: the clicked points become a segment (2 clicks), a polyline (open or closed), a circle
//   (centre, then a point on it: radius = distance), a rectangle (two opposite corners, unturned)
//   or a path (its points; a Bézier path gets smooth handles, each ±(next − previous)/6, the
//   Catmull-Rom tangent of a uniform spline, so it starts as a smooth curve);
// - dragging: a point or a handle end moves by the pointer's travel; the body moves the whole
//   object; a circle's edge sets the radius to the pointer's distance from the centre; a
//   rectangle's corner moves while the opposite corner stays (width and height measured along the
//   rectangle's own turned axes); its rotate knob turns it by the angle the pointer sweeps about
//   the centre. With snapping, the moved point lands on the grid (radius and size on multiples of
//   its spacing, angles on 15°). Every value a drag writes stays within its field's schema limits
//   (drag-steps.ts): a point or a handle dragged past one stops at it, an object moved whole stops
//   when its first point reaches one (its shape kept), a radius, width or height stops at its
//   largest;
// - a point is inserted where a line was double-clicked, and deleted unless the object would keep
//   fewer points than it needs (2 for open lines and paths, 3 for closed ones).
// Clicks keep the schema limits as drags do: a click past the document's edge lands on it
// (`clampClick`), and a drawn radius, width or height stops at its largest (`buildObject`).

import type { BezierHandles, Collider, ColliderShape, PathKind, PathObject } from '../generated/contract';
import type { Scene } from '../document/types';
import type { Pt } from '../editor/shape-geometry';
import { clampPoint, clampToLimits, clampTravel, snapPoint, type LimitsOf } from '../editor/drag-steps';

/** A collider or path of the document, by index. */
export interface ObjectRef {
  /** Which list. */
  kind: 'collider' | 'path';
  /** Index in `colliders` or `paths`. */
  index: number;
}

/** Collider drawing tools (`polygon`: a closed polyline). */
export type ColliderTool = 'segment' | 'polyline' | 'polygon' | 'circle' | 'rect';

/** What the canvas is drawing. */
export type DrawTool = { target: 'collider'; kind: ColliderTool } | { target: 'path'; kind: PathKind };

/** Every collider tool, in menu order. */
export const COLLIDER_TOOLS: readonly ColliderTool[] = ['segment', 'polyline', 'polygon', 'circle', 'rect'];
/** Every path kind, in menu order. */
export const PATH_KINDS: readonly PathKind[] = ['polyline', 'catmullRom', 'bezier'];

/** What a grab on the canvas moves. */
export type Grab =
  | { part: 'point'; point: number }
  | { part: 'handleIn' | 'handleOut'; point: number }
  | { part: 'move' }
  | { part: 'radius' }
  | { part: 'corner'; corner: number }
  | { part: 'rotate' };

/** A collider or a path entry. */
export type SceneObject = Collider | PathObject;

/** Clicks that finish `tool` by themselves (null: open-ended, finished by double-click or Enter). */
export function fixedClicks(tool: DrawTool): number | null {
  if (tool.target === 'path') return null;
  return tool.kind === 'polyline' || tool.kind === 'polygon' ? null : 2;
}

/** Fewest points an object drawn with `tool` needs. */
export function minPoints(tool: DrawTool): number {
  return tool.target === 'collider' && tool.kind === 'polygon' ? 3 : 2;
}

/** `p` rounded to 1/100 px (documents stay short and stable). */
export function round2(p: Pt): Pt {
  return [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100];
}

const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const len = (v: Pt): number => Math.hypot(v[0], v[1]);

/** Smooth Bézier handles through `points`: ±(next − previous)/6 (ends use themselves as the missing neighbour). */
export function autoHandles(points: readonly Pt[], closed: boolean): BezierHandles[] {
  const n = points.length;
  return points.map((_, i) => {
    const prev = closed ? points[(i + n - 1) % n] : points[Math.max(0, i - 1)];
    const next = closed ? points[(i + 1) % n] : points[Math.min(n - 1, i + 1)];
    const d = round2([(next[0] - prev[0]) / 6, (next[1] - prev[1]) / 6]);
    return { in: [-d[0], -d[1]], out: d };
  });
}

/** No limits: every field unbounded. */
export const UNBOUNDED: LimitsOf = () => ({ min: -Infinity, max: Infinity });

/** The point field click `k` of `tool` places (a circle's second click and a rectangle's corners: its centre's). */
export function clickField(tool: DrawTool, k: number): string {
  if (tool.target === 'path') return 'paths[].points[]';
  switch (tool.kind) {
    case 'segment':
      return `colliders[].shape(segment).${k === 0 ? 'a' : 'b'}`;
    case 'polyline':
    case 'polygon':
      return 'colliders[].shape(polyline).points[]';
    default:
      return `colliders[].shape(${tool.kind}).center`;
  }
}

/** Click `k` of `tool` at `p`, kept within the `limits` of the field it places: a click past the document's edge lands on it. */
export function clampClick(tool: DrawTool, k: number, p: Pt, limits: LimitsOf): Pt {
  const field = clickField(tool, k);
  return clampPoint(p, limits(`${field}[0]`), limits(`${field}[1]`));
}

/**
 * The object `tool` makes from the clicked `points` (scene pixels), named `name`, every value within
 * `limits` (`clampClick`; a radius, width or height at most its largest); null when the points are
 * too few or degenerate.
 */
export function buildObject(tool: DrawTool, points: readonly Pt[], name: string, limits: LimitsOf = UNBOUNDED): SceneObject | null {
  const pts = points.map((p, k) => clampClick(tool, k, round2(p), limits));
  if (pts.length < minPoints(tool)) return null;
  if (tool.target === 'path') {
    const path: PathObject = { name, visible: true, kind: tool.kind, points: pts, closed: false };
    if (tool.kind === 'bezier') path.handles = autoHandles(pts, false);
    return path;
  }
  const [a, b] = pts;
  let shape: ColliderShape;
  switch (tool.kind) {
    case 'segment':
      if (len(sub(b, a)) === 0) return null;
      shape = { kind: 'segment', a, b };
      break;
    case 'polyline':
    case 'polygon':
      shape = { kind: 'polyline', points: pts, closed: tool.kind === 'polygon' };
      break;
    case 'circle': {
      const radius = clampToLimits(Math.round(len(sub(b, a)) * 100) / 100, limits('colliders[].shape(circle).radius'));
      if (radius === 0) return null;
      shape = { kind: 'circle', center: a, radius };
      break;
    }
    case 'rect': {
      const width = clampToLimits(Math.abs(b[0] - a[0]), limits('colliders[].shape(rect).width'));
      const height = clampToLimits(Math.abs(b[1] - a[1]), limits('colliders[].shape(rect).height'));
      if (width === 0 || height === 0) return null;
      shape = { kind: 'rect', center: round2([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]), width, height, rotationDeg: 0 };
      break;
    }
  }
  return { name, visible: true, shape, systems: [] };
}

/** Whether `o` is a path entry. */
export function isPath(o: SceneObject): o is PathObject {
  return !('shape' in o);
}

/** The editable points of `o` (segment ends, polyline and path points, circle and rectangle centres). */
export function pointsOf(o: SceneObject): Pt[] {
  if (isPath(o)) return o.points;
  const s = o.shape;
  switch (s.kind) {
    case 'segment':
      return [s.a, s.b];
    case 'polyline':
      return s.points;
    default:
      return [s.center];
  }
}

/** `o` with every point moved by `d` (a copy). */
export function translated(o: SceneObject, d: Pt): SceneObject {
  const c = structuredClone(o);
  const move = (p: Pt): Pt => round2(add(p, d));
  if (isPath(c)) {
    c.points = c.points.map(move);
    return c;
  }
  const s = c.shape;
  if (s.kind === 'segment') {
    s.a = move(s.a);
    s.b = move(s.b);
  } else if (s.kind === 'polyline') {
    s.points = s.points.map(move);
  } else {
    s.center = move(s.center);
  }
  return c;
}

/** Where a drag is: pointer at the start and now (scene pixels), snapping spacing (null: off), limits. */
export interface DragMove {
  /** Pointer at the start. */
  from: Pt;
  /** Pointer now. */
  to: Pt;
  /** Grid spacing to snap to, or null. */
  snap: number | null;
  /** The rectangle's corners as drawn at the start (clockwise from top-left; `corner`, `rotate`). */
  corners?: Pt[];
  /** The schema's limits by field path (drag-steps.ts `schemaLimits`). */
  limits: LimitsOf;
}

/**
 * The schema path of point `k` of `o` without its axis (`paths[].points[]`,
 * `colliders[].shape(segment).a`, …; `[0]` and `[1]` name its x and y).
 */
export function pointField(o: SceneObject, k: number): string {
  if (isPath(o)) return 'paths[].points[]';
  const s = o.shape;
  switch (s.kind) {
    case 'segment':
      return `colliders[].shape(segment).${k === 0 ? 'a' : 'b'}`;
    case 'polyline':
      return 'colliders[].shape(polyline).points[]';
    default:
      return `colliders[].shape(${s.kind}).center`;
  }
}

const snapLength = (v: number, snap: number | null): number => (snap === null ? v : Math.max(snap, Math.round(v / snap) * snap));

/** `original` with grab `g` dragged by `m` (a copy; `original` is untouched). */
export function dragged(original: SceneObject, g: Grab, m: DragMove): SceneObject {
  const delta = sub(m.to, m.from);
  const within = (field: string, p: Pt): Pt => clampPoint(p, m.limits(`${field}[0]`), m.limits(`${field}[1]`));
  const snappedTo = (p: Pt): Pt => round2(m.snap === null ? add(p, delta) : snapPoint(add(p, delta), m.snap));
  /** Point `k` of the original, dragged: on the grid with snapping, within its limits. */
  const landed = (p: Pt, k: number): Pt => within(pointField(original, k), snappedTo(p));
  if (g.part === 'move') {
    const points = pointsOf(original);
    const ref = points[0] ?? [0, 0];
    const limited = points.map((at, k) => ({ at, x: m.limits(`${pointField(original, k)}[0]`), y: m.limits(`${pointField(original, k)}[1]`) }));
    return translated(original, clampTravel(sub(snappedTo(ref), ref), limited));
  }
  const c = structuredClone(original);
  if (isPath(c)) {
    if (g.part === 'point' && c.points[g.point] !== undefined) c.points[g.point] = landed(c.points[g.point], g.point);
    if ((g.part === 'handleIn' || g.part === 'handleOut') && c.points[g.point] !== undefined) {
      const p = c.points[g.point];
      const handles = c.handles ?? [];
      while (handles.length < c.points.length) handles.push({ in: [0, 0], out: [0, 0] });
      const h = handles[g.point];
      const key = g.part === 'handleIn' ? 'in' : 'out';
      // The handle is kept as an offset from its point: the offset stays within its limits.
      h[key] = within(`paths[].handles[].${key}`, round2(sub(snappedTo(add(p, h[key])), p)));
      c.handles = handles;
    }
    return c;
  }
  const s = c.shape;
  if (g.part === 'point') {
    if (s.kind === 'segment') {
      if (g.point === 0) s.a = landed(s.a, 0);
      else s.b = landed(s.b, 1);
    } else if (s.kind === 'polyline' && s.points[g.point] !== undefined) {
      s.points[g.point] = landed(s.points[g.point], g.point);
    }
  } else if (g.part === 'radius' && s.kind === 'circle') {
    s.radius = clampToLimits(Math.round(snapLength(Math.max(0.5, len(sub(m.to, s.center))), m.snap) * 100) / 100, m.limits('colliders[].shape(circle).radius'));
  } else if (g.part === 'corner' && s.kind === 'rect' && m.corners !== undefined) {
    const opposite = m.corners[(g.corner + 2) % 4];
    const corner = snappedTo(m.corners[g.corner]);
    const r = (s.rotationDeg * Math.PI) / 180;
    const turn = (v: Pt, a: number): Pt => [Math.cos(a) * v[0] - Math.sin(a) * v[1], Math.sin(a) * v[0] + Math.cos(a) * v[1]];
    const local = turn(sub(corner, opposite), -r);
    // Each side at least 1 px and at most its limit; the corner where those sides put it.
    const side = (v: number, field: string): number => Math.sign(v || 1) * clampToLimits(Math.max(1, Math.abs(v)), m.limits(field));
    const sides: Pt = [side(local[0], 'colliders[].shape(rect).width'), side(local[1], 'colliders[].shape(rect).height')];
    s.width = Math.round(Math.abs(sides[0]) * 100) / 100;
    s.height = Math.round(Math.abs(sides[1]) * 100) / 100;
    const half = turn(sides, r);
    s.center = within(pointField(c, 0), round2([opposite[0] + half[0] / 2, opposite[1] + half[1] / 2]));
  } else if (g.part === 'rotate' && s.kind === 'rect') {
    const angle = (p: Pt): number => (Math.atan2(p[1] - s.center[1], p[0] - s.center[0]) * 180) / Math.PI;
    let deg = s.rotationDeg + angle(m.to) - angle(m.from);
    if (m.snap !== null) deg = Math.round(deg / 15) * 15;
    s.rotationDeg = Math.round((((deg % 360) + 540) % 360 - 180) * 100) / 100;
  }
  return c;
}

/**
 * `o` with a point inserted at `at` on piece `piece` (between points `piece` and `piece + 1`, or
 * after the last on a closed line's closing piece); a segment becomes an open polyline. Null
 * for circles and rectangles.
 */
export function withPointInserted(o: SceneObject, piece: number, at: Pt): SceneObject | null {
  const c = structuredClone(o);
  const p = round2(at);
  if (isPath(c)) {
    const k = Math.min(piece + 1, c.points.length);
    c.points.splice(k, 0, p);
    if (c.kind === 'bezier') {
      const handles = c.handles ?? [];
      while (handles.length < c.points.length - 1) handles.push({ in: [0, 0], out: [0, 0] });
      handles.splice(k, 0, autoHandles(c.points, c.closed)[k]);
      c.handles = handles;
    }
    return c;
  }
  const s = c.shape;
  if (s.kind === 'segment') {
    c.shape = { kind: 'polyline', points: [s.a, p, s.b], closed: false };
    return c;
  }
  if (s.kind !== 'polyline') return null;
  s.points.splice(Math.min(piece + 1, s.points.length), 0, p);
  return c;
}

/** `o` without point `k`, or null when it would keep too few points (or has none to delete). */
export function withPointDeleted(o: SceneObject, k: number): SceneObject | null {
  const c = structuredClone(o);
  if (isPath(c)) {
    if (c.points.length <= (c.closed ? 3 : 2) || c.points[k] === undefined) return null;
    c.points.splice(k, 1);
    if (c.handles !== undefined && c.handles.length > k) c.handles.splice(k, 1);
    return c;
  }
  const s = c.shape;
  if (s.kind !== 'polyline' || s.points.length <= (s.closed ? 3 : 2) || s.points[k] === undefined) return null;
  s.points.splice(k, 1);
  return c;
}

/** What a hit part grabs (`hitObject`'s `part`: a circle's line sets its radius, any other line moves the object). */
export function grabOf(o: SceneObject, part: string, point: number | undefined): Grab {
  if ((part === 'point' || part === 'handleIn' || part === 'handleOut') && point !== undefined) return { part, point };
  if (part === 'edge' && !isPath(o) && o.shape.kind === 'circle') return { part: 'radius' };
  return { part: 'move' };
}

/** The entries of `kind` in `doc`. */
export function objectsOf(doc: Scene, kind: ObjectRef['kind']): SceneObject[] {
  return (kind === 'collider' ? doc.colliders : doc.paths) ?? [];
}

/** `doc` with object `ref` replaced by `o` (a shallow copy: for previews). */
export function withObject(doc: Scene, ref: ObjectRef, o: SceneObject): Scene {
  const copy = { ...doc };
  if (ref.kind === 'collider') copy.colliders = (doc.colliders ?? []).map((c, i) => (i === ref.index ? (o as typeof c) : c));
  else copy.paths = (doc.paths ?? []).map((p, i) => (i === ref.index ? (o as PathObject) : p));
  return copy;
}

/** Replaces object `ref` of `doc` by `o` (in a draft inside an edit). */
export function setObject(doc: Scene, ref: ObjectRef, o: SceneObject): void {
  const list = objectsOf(doc, ref.kind);
  if (list[ref.index] !== undefined) list[ref.index] = o;
}
