// Removing any placed instance of a skeleton entry, and what that does to the particle systems
// that follow its instances (pure: it mutates a draft of the document inside one store edit, so
// the instances and the followers' indices come back together with one undo).
//
// - Instance n ≥ 2 (index ≥ 1): `extraInstances[n − 2]` goes; every other instance stays where it
//   is drawn and keeps its form (a pair stays a pair: instance 1's rotation and scale are not
//   touched).
// - Instance 1 (index 0, the entry's transform), when the entry has extra instances: instance 2
//   takes its place — the transform becomes where and how instance 2 is drawn (a pair-form
//   instance 2 keeps instance 1's rotation and scale). The instances that shared instance 1's
//   rotation and scale stay where and how they are drawn: they keep the pair form when the new
//   transform turns and scales as the old one did, else they get the old rotation and scale as
//   their own five numbers. The only instance of an entry cannot be removed (delete the skeleton
//   in the scene list instead): removeInstance throws.
// - Followers (`follow.skeleton` the entry's name): a system following instance index k > the
//   removed one follows k − 1 — the same skeleton on the canvas, its new number. A system
//   following the removed instance keeps its skeleton, bone and offset and is pointed at the first
//   index past the end (the entry's new instance count): as after removing the last instance, it
//   falls back to its own transform, the skeleton panel's warning and the Follow section's
//   "not placed" mark name it, and the next instance added (or undo) is the one it follows.
//   Systems already following an instance past the end are moved down with the others, so they
//   too wait for the next one added. Index 0 is written as absent (as the Follow section does).

import type { FollowBone, Scene, SkeletonObject } from '../../document/types';
import { instanceCount, placedInstance, type Placement } from './instances';

/** A follower whose instance index changed to keep following the same placed instance. */
export interface RenumberedFollower {
  /** The system's name. */
  name: string;
  /** Instance index it followed (0: the first). */
  fromIndex: number;
  /** Instance index it follows now (the same instance, one lower). */
  toIndex: number;
}

/** What removing an instance did to the followers of the entry. */
export interface InstanceRemoval {
  /** Followers of placed instances after the removed one, renumbered (document order). */
  renumbered: RenumberedFollower[];
  /** Names of the followers of the removed instance: they now use their own transform. */
  stranded: string[];
}

/** Whether instance `index` of `k` can be removed: it is placed and not the only one. */
export function canRemoveInstance(k: SkeletonObject, index: number): boolean {
  const count = instanceCount(k);
  return Number.isInteger(index) && index >= 0 && index < count && count > 1;
}

/** Whether two placements turn and scale alike (same rotation and scale per axis). */
function sameTurn(a: Placement, b: Placement): boolean {
  return a.rotationDeg === b.rotationDeg && a.scaleX === b.scaleX && a.scaleY === b.scaleY;
}

/** Removes instance 1 of draft entry `k` (index 0): instance 2 takes its place, nothing moves. */
function promoteSecond(k: SkeletonObject): void {
  const old = placedInstance(k, 0);
  const next = placedInstance(k, 1);
  const keepPairs = sameTurn(old, next);
  Object.assign(k.transform, { x: next.x, y: next.y, rotationDeg: next.rotationDeg, scaleX: next.scaleX, scaleY: next.scaleY });
  k.extraInstances = k.extraInstances.slice(1).map((e) => (e.length === 2 && !keepPairs ? [e[0], e[1], old.rotationDeg, old.scaleX, old.scaleY] : e));
}

/** Sets `follow.instance` to `index`, leaving it out for the first instance. */
function setFollowIndex(follow: FollowBone, index: number): void {
  if (index === 0) delete follow.instance;
  else follow.instance = index;
}

/**
 * Removes placed instance `index` (0: the first) of skeleton `skeletonIndex` of draft `doc` and
 * renumbers the systems that follow its instances (see the file comment). Throws when the entry
 * does not have that instance or it is its only one (nothing is changed then).
 */
export function removeInstance(doc: Scene, skeletonIndex: number, index: number): InstanceRemoval {
  const k = doc.skeletons[skeletonIndex];
  if (k === undefined) throw new Error(`there is no skeleton ${skeletonIndex}`);
  placedInstance(k, index);
  if (!canRemoveInstance(k, index)) throw new Error(`skeleton “${k.name}” keeps its only instance`);
  if (index === 0) promoteSecond(k);
  else k.extraInstances.splice(index - 1, 1);
  const count = instanceCount(k);
  const removal: InstanceRemoval = { renumbered: [], stranded: [] };
  for (const sys of doc.systems) {
    const follow = sys.follow;
    if (follow === undefined || follow === null || follow.skeleton !== k.name) continue;
    const from = follow.instance ?? 0;
    if (from === index) {
      setFollowIndex(follow, count);
      removal.stranded.push(sys.name);
    } else if (from > index) {
      setFollowIndex(follow, from - 1);
      // Followers of an instance already past the end stay there (the panel names them).
      if (from <= count) removal.renumbered.push({ name: sys.name, fromIndex: from, toIndex: from - 1 });
    }
  }
  return removal;
}
