import { describe, expect, it } from 'vitest';
import type { EmitterShape, ParticleSystem } from '../generated/contract';
import type { LimitsOf } from './drag-steps';
import { dragShape, type ShapeDrag } from './shape-drag';
import { resizeCursor, shapeHandles, shapeOutline, type Pt, type ShapeHandleKey } from './shape-geometry';

function system(emitter: EmitterShape, transform: Partial<ParticleSystem['transform']> = {}): ParticleSystem {
  return { transform: { x: 0, y: 0, rotationDeg: 0, scaleX: 1, scaleY: 1, ...transform }, space: 'world', forces: [], emitter } as unknown as ParticleSystem;
}

/** The schema's limits for the fields touched here (the real ones: tests/node checks them through wasm). */
const limits: LimitsOf = (path) =>
  path.endsWith('spanDeg') ? { min: 0, max: 360 } : path.endsWith('Deg') ? { min: -1e6, max: 1e6 } : path.includes('.scale') ? { min: -100, max: 100 } : { min: 0, max: 1e6 };

const near = (a: Pt, b: Pt, eps = 1e-6): void => {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(eps);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(eps);
};
const handle = (s: ParticleSystem, key: ShapeHandleKey, zoom = 1): Pt => {
  const h = shapeHandles(s, [s.transform.x, s.transform.y], zoom).find((x) => x.key === key);
  if (h === undefined) throw new Error(`no ${key} handle`);
  return h.scene;
};
/** Drags handle `key` of `s` by `(dx, dy)` scene px; returns the dragged copy. */
function drag(s: ParticleSystem, key: ShapeHandleKey, dx: number, dy: number, snap = false, previous?: ParticleSystem): ParticleSystem {
  const copy = structuredClone(s);
  const from = handle(s, key);
  const d: ShapeDrag = { key, origin: [s.transform.x, s.transform.y], from, to: [from[0] + dx, from[1] + dy], snap };
  dragShape(copy, d, limits, previous);
  return copy;
}

describe('emitter shape outline', () => {
  it('a circle is placed with the system transform (position, rotation, non-uniform scale)', () => {
    const s = system({ kind: 'circle', radius: 10, edge: false }, { x: 100, y: 50, rotationDeg: 90, scaleX: 3, scaleY: 1 });
    const o = shapeOutline(s, [100, 50]);
    expect(o?.fill).toBe('area');
    // Every point is on the ellipse 30 × 10 turned 90° clockwise: x spans ±10, y spans ±30.
    const xs = o!.edges[0].points.map((p) => p[0] - 100);
    const ys = o!.edges[0].points.map((p) => p[1] - 50);
    expect(Math.max(...xs)).toBeCloseTo(10, 5);
    expect(Math.max(...ys)).toBeCloseTo(30, 5);
    // The radius handle at (R, 0) lands at (100, 50 + 30).
    near(handle(s, 'radius'), [100, 80]);
  });

  it('a ring draws its band as two outlines; an arc its span, spokes and band', () => {
    const ring = shapeOutline(system({ kind: 'circle', radius: 40, edge: true, thicknessPx: 15 }), [0, 0])!;
    expect(ring.fill).toBe('band');
    expect(ring.edges).toHaveLength(2);
    expect(Math.hypot(...ring.edges[1].points[0])).toBeCloseTo(25, 6);
    const thin = shapeOutline(system({ kind: 'circle', radius: 40, edge: true }), [0, 0])!;
    expect(thin.fill).toBe('line');
    expect(thin.edges).toHaveLength(1);

    const arc = shapeOutline(system({ kind: 'arc', radius: 50, startDeg: 0, spanDeg: 90, thicknessPx: 0 }), [0, 0])!;
    const pts = arc.edges[0].points;
    near(pts[0], [50, 0]);
    near(pts[pts.length - 1], [0, 50]);
    expect(arc.guides).toHaveLength(2);
    const band = shapeOutline(system({ kind: 'arc', radius: 50, startDeg: 0, spanDeg: 90, thicknessPx: 20 }), [0, 0])!;
    expect(band.fill).toBe('band');
    near(band.edges[0].points[band.edges[0].points.length - 1], [30, 0]);
  });

  it('a rounded rectangle keeps its corners inside the box; its band insets by the thickness', () => {
    const o = shapeOutline(system({ kind: 'roundedRect', width: 100, height: 60, cornerRadiusPx: 20, edge: true, thicknessPx: 10 }), [0, 0])!;
    const xs = o.edges[0].points.map((p) => p[0]);
    expect(Math.max(...xs)).toBeCloseTo(50, 6);
    const inner = o.edges[1].points;
    expect(Math.max(...inner.map((p) => p[1]))).toBeCloseTo(20, 6);
    expect(shapeOutline(system({ kind: 'point' }), [0, 0])).toBeNull();
  });

  it('the rotate handle stays the same screen distance above the shape at any zoom', () => {
    const s = system({ kind: 'rect', width: 100, height: 60, edge: false });
    near(handle(s, 'rotate', 1), [0, -30 - 28]);
    near(handle(s, 'rotate', 2), [0, -30 - 14]);
    expect(shapeHandles(system({ kind: 'circle', radius: 5, edge: false }), [0, 0], 1).some((h) => h.key === 'rotate')).toBe(false);
  });

  it('every shape has a scale handle a fixed screen distance beyond its corner, along the placed diagonal', () => {
    const d = 20 * Math.SQRT1_2;
    near(handle(system({ kind: 'rect', width: 100, height: 60, edge: false }), 'scale', 1), [50 + d, 30 + d]);
    near(handle(system({ kind: 'rect', width: 100, height: 60, edge: false }), 'scale', 2), [50 + d / 2, 30 + d / 2]);
    near(handle(system({ kind: 'circle', radius: 40, edge: false }), 'scale', 1), [40 * Math.SQRT1_2 + d, 40 * Math.SQRT1_2 + d]);
    near(handle(system({ kind: 'line', length: 80 }), 'scale', 1), [40 + d, d]);
    // A point emitter has no outline but still a scale handle, beyond its origin.
    const point = system({ kind: 'point' }, { x: 5, y: 7 });
    expect(shapeHandles(point, [5, 7], 1).map((h) => h.key)).toEqual(['scale']);
    near(handle(point, 'scale', 1), [5 + d, 7 + d]);
    // Mirrored and turned a quarter: corner (W/2, H/2) → R(90°)·(−50, 30) = (−30, −50); the diagonal (−1, 1) → (−1, −1)/√2.
    const flipped = system({ kind: 'rect', width: 100, height: 60, edge: false }, { rotationDeg: 90, scaleX: -1 });
    const h = shapeHandles(flipped, [0, 0], 1).find((x) => x.key === 'scale')!;
    near(h.stem!, [-30, -50]);
    near(h.scene, [-30 - d, -50 - d]);
    expect(resizeCursor(h.axis)).toBe('nwse-resize');
  });

  it('resize cursors follow the handle direction on screen', () => {
    expect(resizeCursor([1, 0])).toBe('ew-resize');
    expect(resizeCursor([0, -1])).toBe('ns-resize');
    expect(resizeCursor([1, 1])).toBe('nwse-resize');
    expect(resizeCursor([1, -1])).toBe('nesw-resize');
  });
});

describe('dragging shape handles', () => {
  it('the circle radius grows by the dragged distance; the band shrinks with it', () => {
    const s = system({ kind: 'circle', radius: 40, edge: true, thicknessPx: 30 });
    expect((drag(s, 'radius', 25, 0).emitter as { radius: number }).radius).toBe(65);
    const small = drag(s, 'radius', -20, 0).emitter as { radius: number; thicknessPx: number };
    expect(small.radius).toBe(20);
    expect(small.thicknessPx).toBe(20);
    // The inner edge at (0, R − T) = (0, 10): dragging it down 5 px leaves a 25 px band.
    expect((drag(s, 'inner', 0, 5).emitter as { thicknessPx: number }).thicknessPx).toBe(25);
    // Onto the centre: the band is the whole disc; past the outer edge: no band, never negative.
    expect((drag(s, 'inner', 0, -10).emitter as { thicknessPx: number }).thicknessPx).toBe(40);
    expect((drag(s, 'inner', 0, 50).emitter as { thicknessPx: number }).thicknessPx).toBe(0);
  });

  it('a turned, scaled rect resizes in its own units', () => {
    // Turned 90°: the width handle (50, 0) is at scene (0, 100) with scaleX 2.
    const s = system({ kind: 'rect', width: 100, height: 40, edge: false }, { rotationDeg: 90, scaleX: 2, scaleY: 1 });
    near(handle(s, 'width'), [0, 100]);
    const wider = drag(s, 'width', 0, 20).emitter as { width: number; height: number };
    expect(wider.width).toBe(120);
    expect(wider.height).toBe(40);
    const both = drag(s, 'size', -10, 30).emitter as { width: number; height: number };
    expect(both.width).toBe(130);
    expect(both.height).toBe(60);
  });

  it('rounded corners and bands stay within half the shorter side', () => {
    const s = system({ kind: 'roundedRect', width: 100, height: 60, cornerRadiusPx: 10, edge: true, thicknessPx: 5 });
    expect((drag(s, 'corner', -15, 0).emitter as { cornerRadiusPx: number }).cornerRadiusPx).toBe(25);
    expect((drag(s, 'corner', -200, 0).emitter as { cornerRadiusPx: number }).cornerRadiusPx).toBe(30);
    // Height 60 → 20 (the handle at (0, 30) moved to (0, 10)): corner and band shrink to 10.
    const squeezed = drag({ ...s, emitter: { ...s.emitter, cornerRadiusPx: 30, thicknessPx: 30 } } as ParticleSystem, 'height', 0, -20).emitter as { height: number; cornerRadiusPx: number; thicknessPx: number };
    expect(squeezed.height).toBe(20);
    expect(squeezed.cornerRadiusPx).toBe(10);
    expect(squeezed.thicknessPx).toBe(10);
  });

  it('a line keeps its centre: either end sets the length', () => {
    const s = system({ kind: 'line', length: 100 });
    expect((drag(s, 'end', 30, 0).emitter as { length: number }).length).toBe(160);
    expect((drag(s, 'start', 30, 0).emitter as { length: number }).length).toBe(40);
  });

  it('arc: the start handle turns the arc, the end handle sets the span without jumping at 0 or 360', () => {
    const s = system({ kind: 'arc', radius: 100, startDeg: 0, spanDeg: 90, thicknessPx: 0 });
    // Start at (100, 0) dragged to (100, 100): 45° clockwise, span kept.
    const turned = drag(s, 'start', 0, 100).emitter as { startDeg: number; spanDeg: number };
    expect(turned.startDeg).toBeCloseTo(45, 6);
    expect(turned.spanDeg).toBe(90);
    // End at (0, 100) moved to (−100, 0): span 180.
    expect((drag(s, 'span', -100, -100).emitter as { spanDeg: number }).spanDeg).toBeCloseTo(180, 6);
    // Nearly a full ring, dragged a little further: clamped at 360, not wrapped to a sliver.
    const full = system({ kind: 'arc', radius: 100, startDeg: 0, spanDeg: 350, thicknessPx: 0 });
    const end = handle(full, 'span');
    const past = structuredClone(full);
    dragShape(past, { key: 'span', origin: [0, 0], from: end, to: [100, 10], snap: false }, limits);
    expect((past.emitter as { spanDeg: number }).spanDeg).toBe(360);
    // From a small span dragged backwards past the start: 0, not 350.
    const tiny = system({ kind: 'arc', radius: 100, startDeg: 0, spanDeg: 10, thicknessPx: 0 });
    const back = structuredClone(tiny);
    dragShape(back, { key: 'span', origin: [0, 0], from: handle(tiny, 'span'), to: [100, -20], snap: false }, limits);
    expect((back.emitter as { spanDeg: number }).spanDeg).toBe(0);
  });

  it('rotate turns the system by the pointer angle around the origin; Shift snaps to 15°', () => {
    const s = system({ kind: 'rect', width: 100, height: 60, edge: false }, { x: 10, y: 10, rotationDeg: 0 });
    // The handle is straight above the origin; moved to its right at the same distance: +90°.
    const from = handle(s, 'rotate');
    const r = from[1] - 10;
    const turned = structuredClone(s);
    dragShape(turned, { key: 'rotate', origin: [10, 10], from, to: [10 - r, 10], snap: false }, limits);
    expect(turned.transform.rotationDeg).toBeCloseTo(90, 6);
    const snapped = structuredClone(s);
    dragShape(snapped, { key: 'rotate', origin: [10, 10], from, to: [10 - r * Math.sin((37 * Math.PI) / 180), 10 + r * Math.cos((37 * Math.PI) / 180)], snap: true }, limits);
    expect(snapped.transform.rotationDeg).toBe(30);
  });

  it('scale multiplies both scales by the distance ratio from the origin, keeping mirroring and their ratio', () => {
    const s = system({ kind: 'circle', radius: 40, edge: false }, { x: 10, y: 20, scaleX: -2, scaleY: 1 });
    const from = handle(s, 'scale');
    const twice: Pt = [10 + 2 * (from[0] - 10), 20 + 2 * (from[1] - 20)];
    const big = structuredClone(s);
    dragShape(big, { key: 'scale', origin: [10, 20], from, to: twice, snap: false }, limits);
    expect([big.transform.scaleX, big.transform.scaleY]).toEqual([-4, 2]);
    // The pointer's direction does not matter, only its distance from the origin.
    const aside = structuredClone(s);
    const r = Math.hypot(from[0] - 10, from[1] - 20);
    dragShape(aside, { key: 'scale', origin: [10, 20], from, to: [10, 20 - 0.5 * r], snap: false }, limits);
    expect([aside.transform.scaleX, aside.transform.scaleY]).toEqual([-1, 0.5]);
    // Shift: the larger magnitude snaps to 0.1 (2·1.27 = 2.54 → 2.5), the other follows by the same factor.
    const snapped = structuredClone(s);
    dragShape(snapped, { key: 'scale', origin: [10, 20], from, to: [10 + 1.27 * (from[0] - 10), 20 + 1.27 * (from[1] - 20)], snap: true }, limits);
    expect([snapped.transform.scaleX, snapped.transform.scaleY]).toEqual([-2.5, 1.25]);
    // Dragged onto the origin: the larger magnitude stops at 0.01, never 0 (no sign lost).
    const tiny = structuredClone(s);
    dragShape(tiny, { key: 'scale', origin: [10, 20], from, to: [10, 20], snap: false }, limits);
    expect([tiny.transform.scaleX, tiny.transform.scaleY]).toEqual([-0.01, 0.01]);
    const thin = system({ kind: 'circle', radius: 40, edge: false }, { scaleX: -4, scaleY: 0.5 });
    dragShape(thin, { key: 'scale', origin: [0, 0], from: handle(thin, 'scale'), to: [0, 0], snap: false }, limits);
    expect([thin.transform.scaleX, thin.transform.scaleY]).toEqual([-0.01, 0.01]);
    // The schema's limits bound both.
    const capped = structuredClone(s);
    dragShape(capped, { key: 'scale', origin: [10, 20], from, to: [10 + 100 * (from[0] - 10), 20 + 100 * (from[1] - 20)], snap: false }, () => ({ min: -50, max: 50 }));
    expect([capped.transform.scaleX, capped.transform.scaleY]).toEqual([-50, 50]);
  });

  it('Shift snaps sizes to 10 px; the schema limits bound them', () => {
    const s = system({ kind: 'circle', radius: 40, edge: false });
    expect((drag(s, 'radius', 13, 0, true).emitter as { radius: number }).radius).toBe(50);
    const tight: LimitsOf = () => ({ min: 5, max: 45 });
    const over = structuredClone(s);
    dragShape(over, { key: 'radius', origin: [0, 0], from: [40, 0], to: [90, 0], snap: false }, tight);
    expect((over.emitter as { radius: number }).radius).toBe(45);
    const under = structuredClone(s);
    dragShape(under, { key: 'radius', origin: [0, 0], from: [40, 0], to: [1, 0], snap: false }, () => ({ min: 2, max: 100, minExclusive: true }));
    expect((under.emitter as { radius: number }).radius).toBeCloseTo(2.01, 9);
  });
});
