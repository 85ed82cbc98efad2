// The files of the skeletons placed in the scene (skeleton bytes, atlas, page image files), kept
// in IndexedDB so a reload brings the skeletons back, not only their document entries. The
// document refers to a file set by its key: a content digest (FNV-1a 64 over the skeleton, the
// atlas and every page, with their paths; the core computes it: sp_sim::sim::content_hash), so dropping the same files again finds the entry they
// belong to, and two different skeletons never share a key. Failures (private mode, quota) only
// mean the skeleton has to be dropped again after a reload.

import { idbRun, type IdbStore } from '../../files/idb';

/** One stored file: its relative path and bytes. */
export interface StoredFile {
  path: string;
  bytes: Uint8Array;
}

/** The files of one skeleton. */
export interface SkeletonFileSet {
  /** Content key ({@link skeletonFilesKey}). */
  key: string;
  skeleton: StoredFile;
  atlas: StoredFile;
  /** Atlas page image files, in atlas order. */
  pages: StoredFile[];
}

const DB_NAME = 'spineparticle-skeletons';
const STORE = 'files';

/** FNV-1a 64 of byte strings, each preceded by its length: the core's (Engine.contentHash). */
export type ContentHash = (parts: readonly Uint8Array[]) => string;

/**
 * The content key of a file set: `fnv1a64-` and the 16 hex digits of `hash` over the skeleton
 * path and bytes, the atlas path and bytes, and each page's path and bytes, in that order.
 */
export function skeletonFilesKey(files: Omit<SkeletonFileSet, 'key'>, hash: ContentHash): string {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [enc.encode(files.skeleton.path), files.skeleton.bytes, enc.encode(files.atlas.path), files.atlas.bytes];
  for (const p of files.pages) parts.push(enc.encode(p.path), p.bytes);
  return `fnv1a64-${hash(parts)}`;
}

const DB: IdbStore = { db: DB_NAME, store: STORE, keyPath: 'key' };

function run<T>(mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return idbRun(DB, mode, f);
}

function isFile(v: unknown): v is StoredFile {
  const f = v as Partial<StoredFile> | null;
  return typeof f?.path === 'string' && f.bytes instanceof Uint8Array;
}

/** Whether a value read back from storage is a well-formed file set. */
export function isFileSet(v: unknown): v is SkeletonFileSet {
  const s = v as Partial<SkeletonFileSet> | null;
  return typeof s?.key === 'string' && isFile(s.skeleton) && isFile(s.atlas) && Array.isArray(s.pages) && s.pages.every(isFile);
}

/** Stores a file set (replacing one with the same key). */
export async function saveSkeletonFiles(set: SkeletonFileSet): Promise<void> {
  await run('readwrite', (s) => s.put(set));
}

/** The stored file set of `key`, or null. */
export async function loadSkeletonFiles(key: string): Promise<SkeletonFileSet | null> {
  const v = await run<unknown>('readonly', (s) => s.get(key));
  return isFileSet(v) ? v : null;
}

/** Deletes the stored file sets whose key is not in `keep`. */
export async function pruneSkeletonFiles(keep: readonly string[]): Promise<void> {
  const keys = await run<IDBValidKey[]>('readonly', (s) => s.getAllKeys());
  for (const key of keys) if (typeof key !== 'string' || !keep.includes(key)) await run('readwrite', (s) => s.delete(key));
}
