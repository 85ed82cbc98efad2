// Removing any instance of a skeleton: the instances left are drawn where they were (placementOf)
// in the form they had, and every follower of the skeleton still follows the same drawn instance
// (its index, as the Follow section's Instance menu shows it, one lower) — or, having followed the
// removed one, points past the end (its own transform, the "not placed" mark).
import { describe, expect, it } from 'vitest';
import type { FollowBone, ParticleSystem, Scene, SkeletonObject } from '../../document/types';
import { newSkeletonEntry, placementOf, strandedFollowers } from './doc';
import { canRemoveInstance, removeInstance } from './remove-instance';

/** A follower of `skeleton`'s instance `instance` (absent for 0, as documents write it). */
function follower(name: string, skeleton: string, instance: number): ParticleSystem {
  const follow: FollowBone = { skeleton, bone: 'tip', offsetX: 3, offsetY: -4 };
  if (instance !== 0) follow.instance = instance;
  return { name, follow } as unknown as ParticleSystem;
}

/** "coin" at (10, 20) turned 30°, scaled 2 (mirrored), with a pair and an own instance; "gem" alone. */
function scene(): Scene {
  const doc = { skeletons: [], systems: [] } as unknown as Scene;
  const k: SkeletonObject = newSkeletonEntry(doc, { key: 'k', path: 'coin.skel', atlas: 'coin.atlas' }, 10, 20);
  k.transform = { x: 10, y: 20, rotationDeg: 30, scaleX: -2, scaleY: 2 };
  k.extraInstances = [[100, 0], [-50, 60, 90, 0.5, 0.5]];
  doc.skeletons.push(k, newSkeletonEntry(doc, { key: 'g', path: 'gem.skel', atlas: 'gem.atlas' }, 0, 0));
  doc.systems = [
    follower('on1', 'coin', 0),
    follower('on2', 'coin', 1),
    follower('on3', 'coin', 2),
    follower('gem1', 'gem', 0),
    follower('waiting', 'coin', 3),
    { name: 'free', follow: null } as unknown as ParticleSystem,
  ];
  return doc;
}

/** Each system's followed skeleton and instance index (0 for absent), as the Follow section shows. */
function follows(doc: Scene): [string, string, number | undefined][] {
  return doc.systems.flatMap((s) => (s.follow ? [[s.name, s.follow.skeleton, s.follow.instance] as [string, string, number | undefined]] : []));
}

describe('removeInstance', () => {
  it('removes a middle instance of 3: the third becomes the second, its follower goes with it', () => {
    const doc = scene();
    const before = placementOf(doc.skeletons[0]);
    const removal = removeInstance(doc, 0, 1);
    expect(doc.skeletons[0].extraInstances).toEqual([[-50, 60, 90, 0.5, 0.5]]);
    expect(placementOf(doc.skeletons[0])).toEqual([before[0], before[2]]);
    expect(follows(doc)).toEqual([
      ['on1', 'coin', undefined],
      ['on2', 'coin', 2],
      ['on3', 'coin', 1],
      ['gem1', 'gem', undefined],
      ['waiting', 'coin', 2],
    ]);
    expect(removal).toEqual({ renumbered: [{ name: 'on3', fromIndex: 2, toIndex: 1 }], stranded: ['on2'] });
    // The follower of the removed instance falls back, named by the panel's warning, with the one already waiting.
    expect(strandedFollowers(doc, 'coin', 2)).toEqual(['on2', 'waiting']);
    // Its bone and offset are kept.
    expect(doc.systems[1].follow).toEqual({ skeleton: 'coin', bone: 'tip', instance: 2, offsetX: 3, offsetY: -4 });
  });

  it('removes the last instance: the others keep their numbers and forms', () => {
    const doc = scene();
    const removal = removeInstance(doc, 0, 2);
    expect(doc.skeletons[0].extraInstances).toEqual([[100, 0]]);
    expect(doc.skeletons[0].transform).toEqual({ x: 10, y: 20, rotationDeg: 30, scaleX: -2, scaleY: 2 });
    expect(follows(doc).map(([n, , i]) => [n, i])).toEqual([['on1', undefined], ['on2', 1], ['on3', 2], ['gem1', undefined], ['waiting', 2]]);
    expect(removal).toEqual({ renumbered: [], stranded: ['on3'] });
  });

  it('keeps a pair a pair and five numbers five when an own instance goes', () => {
    const doc = scene();
    doc.skeletons[0].extraInstances = [[1, 2, 45, 1, 1], [3, 4], [5, 6, 90, 0.5, 0.5], [7, 8]];
    const before = placementOf(doc.skeletons[0]);
    removeInstance(doc, 0, 1);
    expect(doc.skeletons[0].extraInstances).toEqual([[3, 4], [5, 6, 90, 0.5, 0.5], [7, 8]]);
    expect(placementOf(doc.skeletons[0])).toEqual([before[0], ...before.slice(2)]);
  });

  it('removes instance 1: a pair-form instance 2 takes its place with its rotation and scale, the pairs stay pairs', () => {
    const doc = scene();
    const before = placementOf(doc.skeletons[0]);
    const removal = removeInstance(doc, 0, 0);
    const k = doc.skeletons[0];
    expect(k.transform).toEqual({ x: 100, y: 0, rotationDeg: 30, scaleX: -2, scaleY: 2 });
    expect(k.extraInstances).toEqual([[-50, 60, 90, 0.5, 0.5]]);
    expect(placementOf(k)).toEqual(before.slice(1));
    expect(follows(doc).map(([n, , i]) => [n, i])).toEqual([['on1', 2], ['on2', undefined], ['on3', 1], ['gem1', undefined], ['waiting', 2]]);
    expect(removal).toEqual({
      renumbered: [
        { name: 'on2', fromIndex: 1, toIndex: 0 },
        { name: 'on3', fromIndex: 2, toIndex: 1 },
      ],
      stranded: ['on1'],
    });
  });

  it('removes instance 1 when instance 2 has its own turn: the old pairs get instance 1\'s turn as their own, nothing moves', () => {
    const doc = scene();
    doc.skeletons[0].extraInstances = [[-50, 60, 90, 0.5, 0.5], [100, 0], [7, 8, 10, 1, 1]];
    const before = placementOf(doc.skeletons[0]);
    removeInstance(doc, 0, 0);
    const k = doc.skeletons[0];
    expect(k.transform).toEqual({ x: -50, y: 60, rotationDeg: 90, scaleX: 0.5, scaleY: 0.5 });
    expect(k.extraInstances).toEqual([[100, 0, 30, -2, 2], [7, 8, 10, 1, 1]]);
    expect(placementOf(k)).toEqual(before.slice(1));
  });

  it('refuses the only instance and an instance not placed, changing nothing', () => {
    const doc = scene();
    const copy = structuredClone(doc);
    expect(canRemoveInstance(doc.skeletons[1], 0)).toBe(false);
    expect(canRemoveInstance(doc.skeletons[0], 0)).toBe(true);
    expect(canRemoveInstance(doc.skeletons[0], 3)).toBe(false);
    expect(() => removeInstance(doc, 1, 0)).toThrow(/only instance/);
    expect(() => removeInstance(doc, 0, 3)).toThrow(/no instance 4/);
    expect(() => removeInstance(doc, 2, 0)).toThrow(/no skeleton 2/);
    expect(doc).toEqual(copy);
  });
});
