// The skeletons loaded in the scene, for modules outside the skeleton folder (particles following
// a bone, the compare view): document name → its SkeletonPlayer (`instances[0]` is its position
// in scene px, `loaded` its spine-core data, `animation`, `skin`, `animationTimeAt(sceneTime)`).
// Written only by the scene's skeleton sync (web/skeleton/scene.ts); listeners hear every change
// of the set (added, removed, renamed, re-loaded at another scale).

import type { SkeletonPlayer } from './play';

let current: ReadonlyMap<string, SkeletonPlayer> = new Map();
const listeners = new Set<() => void>();

/** The loaded skeletons by document name (a snapshot: replaced, never mutated, on change). */
export function loadedSkeletons(): ReadonlyMap<string, SkeletonPlayer> {
  return current;
}

/** Calls `listener` after every change of {@link loadedSkeletons}; returns its removal. */
export function onSkeletonsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Replaces the set (the skeleton sync calls it) and tells the listeners when it changed. */
export function publishSkeletons(next: ReadonlyMap<string, SkeletonPlayer>): void {
  const same = next.size === current.size && [...next].every(([name, p]) => current.get(name) === p);
  current = new Map(next);
  if (same) return;
  for (const listener of listeners) listener();
}

/** Tells the listeners that a player changed in place (load scale, skin, animation). */
export function notifySkeletonsChanged(): void {
  for (const listener of listeners) listener();
}
