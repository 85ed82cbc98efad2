import { describe, expect, it } from 'vitest';
import { loadWasm } from '../../tests/support/wasm';
import type { Collider, FieldSchema, PathObject } from '../generated/contract';
import { schemaLimits, type LimitsOf } from '../editor/drag-steps';
import type { Scene } from '../document/types';
import { renamePath } from './list';
import { snapPoint } from '../editor/drag-steps';
import { autoHandles, buildObject, clampClick, dragged, fixedClicks, grabOf, objectsOf, setObject, translated, withObject, withPointDeleted, withPointInserted, type ColliderTool, type DrawTool } from './shapes';

/** No limits (the drags' own arithmetic). */
const unbounded: LimitsOf = () => ({ min: -Infinity, max: Infinity });
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
  const move = (from: [number, number], to: [number, number], snap: number | null = null, limits = unbounded) => ({ from, to, snap, limits });

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
    const out = dragged(r, { part: 'corner', corner: 1 }, { from: [10, 20], to: [10, 40], snap: null, corners, limits: unbounded }) as Collider;
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

describe("a drag far past the schema's limits", () => {
  const core = async (): Promise<{ limits: LimitsOf; accepts: (o: { colliders?: Collider[]; paths?: PathObject[] }) => string }> => {
    const wasm = await loadWasm();
    const base = JSON.parse(wasm.defaultScene()) as Scene;
    // Each object named apart (path names are unique); the core's refusal as its message.
    const accepts = (o: { colliders?: Collider[]; paths?: PathObject[] }): string => {
      const named = <T extends { name: string }>(list: T[] = []): T[] => list.map((x, i) => ({ ...x, name: `${x.name}${i}` }));
      try {
        wasm.normalizeScene(JSON.stringify({ ...base, colliders: named(o.colliders), paths: named(o.paths) }));
        return 'accepted';
      } catch (e) {
        return String((e as Error).message);
      }
    };
    return { limits: schemaLimits(JSON.parse(wasm.fieldSchema()) as FieldSchema), accepts };
  };
  const far = (from: [number, number], to: [number, number], limits: LimitsOf, snap: number | null = null) => ({ from, to, snap, limits });

  it('stops a point, a handle, a radius and a rectangle\'s sides at their limits, in an edit the core accepts', async () => {
    const { limits, accepts } = await core();
    const seg = dragged(collider({ kind: 'segment', a: [0, 0], b: [100, 0] }), { part: 'point', point: 1 }, far([100, 0], [5e6, -5e6], limits)) as Collider;
    expect(seg.shape).toEqual({ kind: 'segment', a: [0, 0], b: [1_000_000, -1_000_000] });
    const poly = dragged(collider({ kind: 'polyline', points: [[0, 0], [10, 0], [10, 10]], closed: false }), { part: 'point', point: 2 }, far([10, 10], [-3e6, 4e6], limits, 50)) as Collider;
    expect(poly.shape).toMatchObject({ points: [[0, 0], [10, 0], [-1_000_000, 1_000_000]] });
    const circle = dragged(collider({ kind: 'circle', center: [0, 0], radius: 5 }), { part: 'radius' }, far([5, 0], [3e6, 0], limits)) as Collider;
    expect(circle.shape).toEqual({ kind: 'circle', center: [0, 0], radius: 1_000_000 });
    // 100 × 40 about (0, 0), unturned: corner 1 (top-right) dragged far down-right, (−50, 20) stays.
    const corners: [number, number][] = [[-50, -20], [50, -20], [50, 20], [-50, 20]];
    const rect = dragged(collider({ kind: 'rect', center: [0, 0], width: 100, height: 40, rotationDeg: 0 }), { part: 'corner', corner: 1 }, { ...far([50, -20], [4e6, -4e6], limits), corners }) as Collider;
    expect(rect.shape).toEqual({ kind: 'rect', center: [499_950, -499_980], width: 1_000_000, height: 1_000_000, rotationDeg: 0 });
    const pathPoint = dragged(path('catmullRom', [[0, 0], [50, 0]]), { part: 'point', point: 0 }, far([0, 0], [0, 9e6], limits)) as PathObject;
    expect(pathPoint.points).toEqual([[0, 1_000_000], [50, 0]]);
    const bezier = { ...path('bezier', [[900_000, 0], [950_000, 0]]), handles: [{ in: [0, 0] as [number, number], out: [30, 0] as [number, number] }] };
    const handle = dragged(bezier, { part: 'handleOut', point: 0 }, far([900_030, 0], [3e6, 0], limits)) as PathObject;
    expect(handle.handles?.[0].out).toEqual([1_000_000, 0]);
    expect(accepts({ colliders: [seg, poly, circle, rect], paths: [pathPoint, handle] })).toBe('accepted');
  });

  it('stops an object moved whole when its first point reaches a limit, its shape kept', async () => {
    const { limits, accepts } = await core();
    const poly = dragged(collider({ kind: 'polyline', points: [[0, 0], [10, 0], [10, -10]], closed: false }), { part: 'move' }, far([5, 5], [3e6, -3e6], limits)) as Collider;
    expect(poly.shape).toMatchObject({ points: [[999_990, -999_990], [1_000_000, -999_990], [1_000_000, -1_000_000]] });
    const p = dragged(path('polyline', [[2, 3], [-50, 3]]), { part: 'move' }, far([0, 0], [-7e6, 11], limits, 10)) as PathObject;
    expect(p.points).toEqual([[-999_948, 10], [-1_000_000, 10]]);
    const circle = dragged(collider({ kind: 'circle', center: [1, 2], radius: 3 }), { part: 'move' }, far([0, 0], [2e6, 2e6], limits)) as Collider;
    expect(circle.shape).toEqual({ kind: 'circle', center: [1_000_000, 1_000_000], radius: 3 });
    expect(accepts({ colliders: [poly, circle], paths: [p] })).toBe('accepted');
  });

  it('lands clicks past the limits on them, and a drawn radius or side stops at its largest, in objects the core accepts', async () => {
    const { limits, accepts } = await core();
    const c = (kind: ColliderTool): DrawTool => ({ target: 'collider', kind });
    // Without limits the same clicks make an object the core refuses.
    expect(accepts({ colliders: [buildObject(c('segment'), [[0, 0], [2e6, 5]], 'C') as Collider] })).toMatch(/1000000/);
    const seg = buildObject(c('segment'), [[0, 0], [2e6, 5]], 'C', limits) as Collider;
    expect(seg.shape).toEqual({ kind: 'segment', a: [0, 0], b: [1_000_000, 5] });
    const poly = buildObject(c('polygon'), [[0, -3e6], [10, 0], [-4e6, 7]], 'C', limits) as Collider;
    expect(poly.shape).toEqual({ kind: 'polyline', points: [[0, -1_000_000], [10, 0], [-1_000_000, 7]], closed: true });
    // The centre where clicked; the radius to the second click stops at its limit.
    const circle = buildObject(c('circle'), [[999_000, 0], [-1e7, 0]], 'C', limits) as Collider;
    expect(circle.shape).toEqual({ kind: 'circle', center: [999_000, 0], radius: 1_000_000 });
    // Corners past the edge land on it; the centre between them, the sides at most their largest.
    const rect = buildObject(c('rect'), [[-5e6, 0], [5e6, 30]], 'C', limits) as Collider;
    expect(rect.shape).toEqual({ kind: 'rect', center: [0, 15], width: 1_000_000, height: 30, rotationDeg: 0 });
    const bezier = buildObject({ target: 'path', kind: 'bezier' }, [[0, 0], [3e6, 0], [3e6, 60]], 'P', limits) as PathObject;
    expect(bezier.points).toEqual([[0, 0], [1_000_000, 0], [1_000_000, 60]]);
    expect(clampClick({ target: 'path', kind: 'polyline' }, 5, [1e9, -1e9], limits)).toEqual([1_000_000, -1_000_000]);
    expect(clampClick(c('circle'), 1, [12.5, -3], limits)).toEqual([12.5, -3]);
    expect(accepts({ colliders: [seg, poly, circle, rect], paths: [bezier] })).toBe('accepted');
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
