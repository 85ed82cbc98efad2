import { describe, expect, it } from 'vitest';
import type { Collider, PathObject } from '../generated/contract';
import type { Scene } from '../document/types';
import { renamePath } from './list';
import { autoHandles, buildObject, dragged, fixedClicks, grabOf, objectsOf, setObject, snapPoint, translated, withObject, withPointDeleted, withPointInserted } from './shapes';

const collider = (shape: Collider['shape']): Collider => ({ name: 'C', visible: true, shape, systems: [] });
const path = (kind: PathObject['kind'], points: [number, number][], closed = false): PathObject => ({ name: 'P', visible: true, kind, points, closed });

describe('drawing colliders and paths from clicks', () => {
  it('finishes a segment, circle and rectangle on the second click; lines and paths are open-ended', () => {
    expect(fixedClicks({ target: 'collider', kind: 'segment' })).toBe(2);
    expect(fixedClicks({ target: 'collider', kind: 'circle' })).toBe(2);
    expect(fixedClicks({ target: 'collider', kind: 'rect' })).toBe(2);
    expect(fixedClicks({ target: 'collider', kind: 'polyline' })).toBeNull();
    expect(fixedClicks({ target: 'path', kind: 'bezier' })).toBeNull();
  });

  it('makes each collider shape from its clicks', () => {
    expect(buildObject({ target: 'collider', kind: 'segment' }, [[-10, 5], [20, 5.004]], 'C')).toEqual(collider({ kind: 'segment', a: [-10, 5], b: [20, 5] }));
    expect((buildObject({ target: 'collider', kind: 'circle' }, [[0, 0], [3, 4]], 'C') as Collider).shape).toEqual({ kind: 'circle', center: [0, 0], radius: 5 });
    expect((buildObject({ target: 'collider', kind: 'rect' }, [[10, 40], [-30, 0]], 'C') as Collider).shape).toEqual({ kind: 'rect', center: [-10, 20], width: 40, height: 40, rotationDeg: 0 });
    expect((buildObject({ target: 'collider', kind: 'polygon' }, [[0, 0], [10, 0], [0, 10]], 'C') as Collider).shape).toEqual({ kind: 'polyline', points: [[0, 0], [10, 0], [0, 10]], closed: true });
  });

  it('refuses too few points and degenerate shapes', () => {
    expect(buildObject({ target: 'collider', kind: 'polygon' }, [[0, 0], [10, 0]], 'C')).toBeNull();
    expect(buildObject({ target: 'collider', kind: 'segment' }, [[1, 1], [1, 1]], 'C')).toBeNull();
    expect(buildObject({ target: 'collider', kind: 'circle' }, [[1, 1], [1, 1]], 'C')).toBeNull();
    expect(buildObject({ target: 'collider', kind: 'rect' }, [[0, 0], [10, 0]], 'C')).toBeNull();
    expect(buildObject({ target: 'path', kind: 'catmullRom' }, [[0, 0]], 'P')).toBeNull();
  });

  it('gives a drawn Bézier path smooth handles along the neighbours', () => {
    const p = buildObject({ target: 'path', kind: 'bezier' }, [[0, 0], [60, 30], [120, 0]], 'P') as PathObject;
    expect(p.handles).toEqual([
      { in: [-10, -5], out: [10, 5] },
      { in: [-20, -0], out: [20, 0] },
      { in: [-10, 5], out: [10, -5] },
    ]);
    expect(autoHandles([[0, 0], [60, 0], [60, 60]], true)[0]).toEqual({ in: [-0, 10], out: [0, -10] });
  });

  it('snaps to the grid', () => {
    expect(snapPoint([14, -26], 10)).toEqual([10, -30]);
  });
});

describe('dragging parts of colliders and paths', () => {
  const move = (from: [number, number], to: [number, number], snap: number | null = null) => ({ from, to, snap });

  it('moves a point by the pointer travel, snapped when asked, leaving the original untouched', () => {
    const seg = collider({ kind: 'segment', a: [0, 0], b: [100, 0] });
    expect((dragged(seg, { part: 'point', point: 1 }, move([100, 0], [110, 23])) as Collider).shape).toEqual({ kind: 'segment', a: [0, 0], b: [110, 23] });
    expect((dragged(seg, { part: 'point', point: 0 }, move([1, 1], [14, 7], 10)) as Collider).shape).toEqual({ kind: 'segment', a: [10, 10], b: [100, 0] });
    expect(seg.shape).toEqual({ kind: 'segment', a: [0, 0], b: [100, 0] });
  });

  it('moves the whole object by its body', () => {
    const poly = collider({ kind: 'polyline', points: [[0, 0], [10, 0], [10, 10]], closed: false });
    expect((dragged(poly, { part: 'move' }, move([5, 5], [8, 1])) as Collider).shape).toEqual({ kind: 'polyline', points: [[3, -4], [13, -4], [13, 6]], closed: false });
    const p = path('catmullRom', [[2, 3], [50, 3]]);
    expect((dragged(p, { part: 'move' }, move([0, 0], [11, 9], 10)) as PathObject).points).toEqual([[10, 10], [58, 10]]);
    expect(translated(collider({ kind: 'circle', center: [1, 2], radius: 3 }), [1, 1])).toEqual(collider({ kind: 'circle', center: [2, 3], radius: 3 }));
  });

  it("sets a circle's radius to the pointer's distance from the centre", () => {
    const c = collider({ kind: 'circle', center: [10, 10], radius: 5 });
    expect(grabOf(c, 'edge', undefined)).toEqual({ part: 'radius' });
    expect((dragged(c, { part: 'radius' }, move([15, 10], [13, 14])) as Collider).shape).toEqual({ kind: 'circle', center: [10, 10], radius: 5 });
    expect((dragged(c, { part: 'radius' }, move([15, 10], [10, 47], 10)) as Collider).shape).toEqual({ kind: 'circle', center: [10, 10], radius: 40 });
  });

  it("resizes a turned rectangle about the opposite corner, along the rectangle's own axes", () => {
    // 40 × 20 turned 90°: corners (top-left first, clockwise) as the core draws them.
    const r = collider({ kind: 'rect', center: [0, 0], width: 40, height: 20, rotationDeg: 90 });
    const corners: [number, number][] = [[10, -20], [10, 20], [-10, 20], [-10, -20]];
    const out = dragged(r, { part: 'corner', corner: 1 }, { from: [10, 20], to: [10, 40], snap: null, corners }) as Collider;
    expect(out.shape).toMatchObject({ kind: 'rect', width: 60, height: 20, rotationDeg: 90 });
    const [cx, cy] = (out.shape as { center: number[] }).center;
    expect([cx + 0, cy]).toEqual([0, 10]);
  });

  it('turns a rectangle by the angle swept about its centre, in 15° steps when snapping', () => {
    const r = collider({ kind: 'rect', center: [0, 0], width: 40, height: 20, rotationDeg: 0 });
    expect((dragged(r, { part: 'rotate' }, move([0, -30], [30, 0])) as Collider).shape).toMatchObject({ rotationDeg: 90 });
    expect((dragged(r, { part: 'rotate' }, move([0, -30], [30, -20], 10)) as Collider).shape).toMatchObject({ rotationDeg: 60 });
    expect((dragged(r, { part: 'rotate' }, move([0, -30], [-30, 0])) as Collider).shape).toMatchObject({ rotationDeg: -90 });
  });

  it("moves a Bézier handle's end, keeping it an offset from its point", () => {
    const p = { ...path('bezier', [[0, 0], [100, 0]]), handles: [{ in: [0, 0] as [number, number], out: [30, 0] as [number, number] }] };
    const out = dragged(p, { part: 'handleOut', point: 0 }, move([30, 0], [30, 25])) as PathObject;
    expect(out.handles).toEqual([{ in: [0, 0], out: [30, 25] }, { in: [0, 0], out: [0, 0] }]);
    expect(grabOf(p, 'handleIn', 1)).toEqual({ part: 'handleIn', point: 1 });
  });
});

describe('inserting and deleting points', () => {
  it('inserts after the piece that was double-clicked; a segment becomes a polyline', () => {
    const seg = collider({ kind: 'segment', a: [0, 0], b: [100, 0] });
    expect((withPointInserted(seg, 0, [50, 0]) as Collider).shape).toEqual({ kind: 'polyline', points: [[0, 0], [50, 0], [100, 0]], closed: false });
    const closed = collider({ kind: 'polyline', points: [[0, 0], [10, 0], [10, 10]], closed: true });
    expect((withPointInserted(closed, 2, [5, 5]) as Collider).shape).toMatchObject({ points: [[0, 0], [10, 0], [10, 10], [5, 5]] });
    expect(withPointInserted(collider({ kind: 'circle', center: [0, 0], radius: 1 }), 0, [1, 0])).toBeNull();
  });

  it('inserts on a Bézier piece with handles that keep the curve smooth', () => {
    const b = { ...path('bezier', [[0, 0], [120, 0]]), handles: [{ in: [0, 0] as [number, number], out: [10, 0] as [number, number] }, { in: [-10, 0] as [number, number], out: [0, 0] as [number, number] }] };
    const inserted = withPointInserted(b, 0, [60, 30]) as PathObject;
    expect(inserted.points).toEqual([[0, 0], [60, 30], [120, 0]]);
    expect(inserted.handles).toEqual([{ in: [0, 0], out: [10, 0] }, { in: [-20, -0], out: [20, 0] }, { in: [-10, 0], out: [0, 0] }]);
  });

  it('deletes a point unless too few would be left', () => {
    const poly = collider({ kind: 'polyline', points: [[0, 0], [10, 0], [20, 0]], closed: false });
    expect((withPointDeleted(poly, 1) as Collider).shape).toEqual({ kind: 'polyline', points: [[0, 0], [20, 0]], closed: false });
    expect(withPointDeleted(withPointDeleted(poly, 1) as Collider, 0)).toBeNull();
    expect(withPointDeleted(collider({ kind: 'polyline', points: [[0, 0], [10, 0], [20, 0]], closed: true }), 0)).toBeNull();
    expect(withPointDeleted(collider({ kind: 'segment', a: [0, 0], b: [1, 0] }), 0)).toBeNull();
    const b = { ...path('bezier', [[0, 0], [50, 0], [100, 0]]), handles: autoHandles([[0, 0], [50, 0], [100, 0]], false) };
    const out = withPointDeleted(b, 1) as PathObject;
    expect(out.points).toEqual([[0, 0], [100, 0]]);
    expect(out.handles).toEqual([b.handles[0], b.handles[2]]);
  });
});

describe('objects in the document', () => {
  it('previews a changed object in a copy, and records it in a draft', () => {
    const a = collider({ kind: 'segment', a: [0, 0], b: [1, 0] });
    const b = collider({ kind: 'circle', center: [5, 5], radius: 2 });
    const doc = { systems: [], colliders: [a, b], paths: [] } as unknown as Scene;
    const moved = translated(b, [1, 0]);
    const preview = withObject(doc, { kind: 'collider', index: 1 }, moved);
    expect(objectsOf(preview, 'collider')).toEqual([a, moved]);
    expect(objectsOf(doc, 'collider')).toEqual([a, b]);
    setObject(doc, { kind: 'collider', index: 1 }, moved);
    setObject(doc, { kind: 'collider', index: 5 }, moved);
    expect(objectsOf(doc, 'collider')).toEqual([a, moved]);
    expect(objectsOf({ systems: [] } as unknown as Scene, 'path')).toEqual([]);
  });
});

describe('renaming a path', () => {
  it('renames the systems that follow it, and only those', () => {
    const doc = {
      systems: [{ pathFollow: { path: 'Rail' } }, { pathFollow: { path: 'Other' } }, {}],
      paths: [path('polyline', [[0, 0], [1, 0]])].map((p) => ({ ...p, name: 'Rail' })),
    } as unknown as Scene;
    renamePath(doc, 0, 'Comet');
    expect(doc.paths?.[0].name).toBe('Comet');
    expect(doc.systems.map((s) => s.pathFollow?.path)).toEqual(['Comet', 'Other', undefined]);
  });
});
