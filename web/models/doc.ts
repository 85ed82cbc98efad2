// Document operations on the scene's MS3D models (pure: they mutate a draft of the document inside
// a store edit, so each is one undo step and goes through the Rust validation). A model object is
// found by its name (unique among models), else by its files key (a rename or undo changed it).

import { findByNameOrKey, uniqueName } from '../document/names';
import type { ModelObject, Scene } from '../document/types';
import { stemOf } from '../skeleton/object/doc';

/** A name not used by any model: `base`, else `base 2`, `base 3`… */
export function uniqueModelName(base: string, taken: readonly string[]): string {
  return uniqueName(base.trim() === '' ? 'model' : base, taken);
}

/** A new document entry for a dropped model file: named after the file, at `(x, y)`. */
export function newModelEntry(doc: Scene, files: { key: string; path: string }, x: number, y: number): ModelObject {
  return {
    name: uniqueModelName(stemOf(files.path), doc.models.map((m) => m.name)),
    path: files.path,
    key: files.key,
    transform: { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, rotationDeg: 0, scaleX: 1, scaleY: 1 },
    clip: '',
    speed: 1,
    loop: true,
    upAxis: '',
    visible: true,
    markers: [],
  };
}

/** Another instance of entry `m`: the same file and playback, 60 px to the right, a new name. */
export function copyOfModel(doc: Scene, m: ModelObject): ModelObject {
  const copy = structuredClone(m);
  copy.name = uniqueModelName(m.name, doc.models.map((o) => o.name));
  copy.transform.x = Math.round((m.transform.x + 60) * 100) / 100;
  return copy;
}

/** The entry named `name`, else the one with files `key`. */
export function findModel(doc: Scene, name: string, key: string): { index: number; entry: ModelObject } | null {
  return findByNameOrKey(doc.models, name, key);
}

/** Places a marker on `frame` of clip `clip` of `entry` (kept sorted by clip, then frame). */
export function addModelMarker(entry: ModelObject, clip: string, name: string, frame: number): void {
  entry.markers.push({ clip, name, frame });
  entry.markers.sort((a, b) => (a.clip < b.clip ? -1 : a.clip > b.clip ? 1 : a.frame - b.frame));
}
