// The files of an MS3D model placed in the scene: the `.ms3d` and the texture images dropped with
// it, under a content key (web/skeleton/object/store.ts: the same key scheme and IndexedDB store
// as the skeletons' files), so a reload brings the model back and the same drop finds its entry.

import { filesKey, isFile, loadObjectFiles, saveObjectFiles, type ContentHash, type StoredFile } from '../skeleton/object/store';

export type { StoredFile } from '../skeleton/object/store';

/** The files of one model. */
export interface ModelFileSet {
  /** Content key ({@link modelFilesKey}). */
  key: string;
  /** The `.ms3d`. */
  model: StoredFile;
  /** Images dropped with it (candidate textures), by path. */
  images: StoredFile[];
}

/** The content key of a model's files: the model, then its images in path order. */
export function modelFilesKey(files: Omit<ModelFileSet, 'key'>, hash: ContentHash): string {
  return filesKey([files.model, ...[...files.images].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))], hash);
}

/** Whether a value read back from storage is a model's file set (a skeleton's is not). */
export function isModelFileSet(v: unknown): v is ModelFileSet {
  const s = v as Partial<ModelFileSet> | null;
  return typeof s?.key === 'string' && isFile(s.model) && Array.isArray(s.images) && s.images.every(isFile);
}

/** Stores a model's files (failures are the caller's to ignore). */
export function saveModelFiles(set: ModelFileSet): Promise<void> {
  return saveObjectFiles(set);
}

/** The stored files of `key`, or null. */
export async function loadModelFiles(key: string): Promise<ModelFileSet | null> {
  const v = await loadObjectFiles(key);
  return isModelFileSet(v) ? v : null;
}
