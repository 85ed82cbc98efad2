// The files of the file-backed scene objects (Spine skeletons: skeleton bytes, atlas, page image
// files; MS3D models: the .ms3d and its texture images, web/models/files.ts), kept in one
// IndexedDB store so a reload brings the objects back, not only their document entries. The
// document refers to a file set by its key: a content digest (FNV-1a 64 over every file with its
// path, {@link filesKey}; the core computes it: sp_sim::sim::content_hash), so dropping the same files again finds the entry they belong to, and
// two different file sets never share a key. Failures (private mode, quota) only mean the object
// has to be dropped again after a reload.

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

/** The content key of files, in order: `fnv1a64-` and the 16 hex digits of `hash` over each path and its bytes. */
export function filesKey(files: readonly StoredFile[], hash: ContentHash): string {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const f of files) parts.push(enc.encode(f.path), f.bytes);
  return `fnv1a64-${hash(parts)}`;
}

/** The content key of a skeleton's file set (skeleton, atlas, pages). */
export function skeletonFilesKey(files: Omit<SkeletonFileSet, 'key'>, hash: ContentHash): string {
  return filesKey([files.skeleton, files.atlas, ...files.pages], hash);
}

const DB: IdbStore = { db: DB_NAME, store: STORE, keyPath: 'key' };

function run<T>(mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return idbRun(DB, mode, f);
}

/** Whether a value read back from storage is a stored file. */
export function isFile(v: unknown): v is StoredFile {
  const f = v as Partial<StoredFile> | null;
  return typeof f?.path === 'string' && f.bytes instanceof Uint8Array;
}

/** Whether a value read back from storage is a well-formed file set. */
export function isFileSet(v: unknown): v is SkeletonFileSet {
  const s = v as Partial<SkeletonFileSet> | null;
  return typeof s?.key === 'string' && isFile(s.skeleton) && isFile(s.atlas) && Array.isArray(s.pages) && s.pages.every(isFile);
}

/** Stores any object's file record (replacing one with the same key). */
export async function saveObjectFiles(record: { key: string }): Promise<void> {
  await run('readwrite', (s) => s.put(record));
}

/** The stored record of `key` as read back (check its shape), or undefined. */
export async function loadObjectFiles(key: string): Promise<unknown> {
  return run<unknown>('readonly', (s) => s.get(key));
}

/** Stores a file set (replacing one with the same key). */
export async function saveSkeletonFiles(set: SkeletonFileSet): Promise<void> {
  await saveObjectFiles(set);
}

/** The stored file set of `key`, or null. */
export async function loadSkeletonFiles(key: string): Promise<SkeletonFileSet | null> {
  const v = await loadObjectFiles(key);
  return isFileSet(v) ? v : null;
}

/** Deletes the stored file records (skeletons and models) whose key is not in `keep`. */
export async function pruneObjectFiles(keep: readonly string[]): Promise<void> {
  const keys = await run<IDBValidKey[]>('readonly', (s) => s.getAllKeys());
  for (const key of keys) if (typeof key !== 'string' || !keep.includes(key)) await run('readwrite', (s) => s.delete(key));
}
