import { describe, expect, it } from 'vitest';
import type { Collider, PathObject } from '../generated/contract';
import { affected, systemsList, withPathKind } from './card';

const names = ['sparks', 'smoke', 'rain'];

describe('the collider card: which systems a collider affects', () => {
  it('reads the empty list as every system', () => {
    const c: Collider = { name: 'Floor', visible: true, shape: { kind: 'segment', a: [0, 0], b: [1, 0] }, systems: [] };
    expect([...affected(c, names)]).toEqual(names);
    expect([...affected({ ...c, systems: ['rain'] }, names)]).toEqual(['rain']);
  });

  it('stores every box ticked as the empty list, otherwise the ticked names in system order', () => {
    expect(systemsList(new Set(names), names)).toEqual([]);
    expect(systemsList(new Set(['rain', 'sparks']), names)).toEqual(['sparks', 'rain']);
    expect(systemsList(new Set(), names)).toEqual([]);
  });
});

describe('the path card: switching the kind', () => {
  const path: PathObject = { name: 'P', visible: true, kind: 'polyline', points: [[0, 0], [60, 30], [120, 0]], closed: false };

  it('gives a path that becomes Bézier smooth handles, keeping handles it has', () => {
    const b = withPathKind(path, 'bezier');
    expect(b.kind).toBe('bezier');
    expect(b.handles?.[1]).toEqual({ in: [-20, -0], out: [20, 0] });
    const kept = withPathKind({ ...path, handles: [{ in: [1, 1], out: [2, 2] }] }, 'bezier');
    expect(kept.handles?.[0]).toEqual({ in: [1, 1], out: [2, 2] });
    expect(kept.handles).toHaveLength(3);
  });

  it('leaves the points and handles of other kinds alone', () => {
    expect(withPathKind(path, 'catmullRom')).toEqual({ ...path, kind: 'catmullRom' });
    expect(path.kind).toBe('polyline');
  });
});
