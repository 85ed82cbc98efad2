// Document operations on the scene's skeletons (pure: they mutate a draft of the document inside
// a store edit, so each is one undo step and goes through the Rust validation). Systems follow a
// skeleton by name (`systems[i].follow.skeleton`): a rename rewrites them in the same change.

import { findByNameOrKey, uniqueName } from '../../document/names';
import type { Scene, SkeletonObject } from '../../document/types';
import type { InstancePlacement } from '../spine';
import { instanceCount, instancePlacement } from './instances';

/** A name not used by any skeleton: `base`, else `base 2`, `base 3`… */
export function uniqueSkeletonName(base: string, taken: readonly string[]): string {
  return uniqueName(base.trim() === '' ? 'skeleton' : base, taken);
}

/** The file name without folders and extension (`fx/coin.skel` → `coin`). */
export function stemOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A new document entry for dropped files: named after the skeleton file, at `(x, y)`. */
export function newSkeletonEntry(doc: Scene, files: { key: string; path: string; atlas: string }, x: number, y: number): SkeletonObject {
  return {
    name: uniqueSkeletonName(stemOf(files.path), doc.skeletons.map((k) => k.name)),
    path: files.path,
    atlas: files.atlas,
    key: files.key,
    transform: { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, rotationDeg: 0, scaleX: 1, scaleY: 1 },
    animation: '',
    skin: '',
    visible: true,
    scale: 1,
    speed: 1,
    loop: true,
    bakeFps: 30,
    extraInstances: [],
    mipmaps: false,
  };
}

/** What a system's `follow` looks like to this module (added by the bone-follow feature). */
interface Follow {
  skeleton: string;
}

/**
 * Renames skeleton `index` of `draft` to `name` and points every system that followed the old
 * name at the new one. Returns how many systems were rewritten.
 */
export function renameSkeleton(draft: Scene, index: number, name: string): number {
  const k = draft.skeletons[index];
  if (k === undefined) throw new Error(`there is no skeleton ${index}`);
  const old = k.name;
  k.name = name;
  let rewritten = 0;
  for (const sys of draft.systems) {
    const follow = (sys as { follow?: Follow | null }).follow;
    if (follow !== undefined && follow !== null && follow.skeleton === old) {
      follow.skeleton = name;
      rewritten++;
    }
  }
  return rewritten;
}

/**
 * Names of the systems of `doc` that follow skeleton `name` at an instance it does not have
 * (`follow.instance` ≥ `count`, its number of placed instances): removing the instance a system
 * follows keeps its skeleton, bone and offset and points it past the end (remove-instance.ts: the
 * next instance added, or undo, is the one it follows) and it falls back to its own transform
 * meanwhile, which the skeleton panel and the property panel say.
 */
export function strandedFollowers(doc: Scene, name: string, count: number): string[] {
  return doc.systems.filter((s) => s.follow !== undefined && s.follow !== null && s.follow.skeleton === name && (s.follow.instance ?? 0) >= count).map((s) => s.name);
}

/** The entry named `name`, else the one with files `key` (a rename or undo changed the name). */
export function findSkeleton(doc: Scene, name: string, key: string): { index: number; entry: SkeletonObject } | null {
  return findByNameOrKey(doc.skeletons, name, key);
}

/**
 * Instance placements of an entry: its transform, then its extra instances, each turned and
 * scaled about its own position by its own rotation and scale (`[x, y, rotationDeg, scaleX,
 * scaleY]`) or else by the transform's (`[x, y]`); see instances.ts.
 */
export function placementOf(k: SkeletonObject): Required<InstancePlacement>[] {
  return Array.from({ length: instanceCount(k) }, (_, i) => instancePlacement(k, i)).filter((p) => p !== null);
}
