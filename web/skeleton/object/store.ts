// The files of the file-backed scene objects (Spine skeletons: skeleton bytes, atlas, page image
// files; MS3D models: the .ms3d and its texture images, web/models/files.ts), kept in one
// IndexedDB store so a reload brings the objects back, not only their document entries. The
// document refers to a file set by its key: a content digest (FNV-1a 64 over every file with its
// path, {@link filesKey}), so dropping the same files again finds the entry they belong to, and
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

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** FNV-1a 64 of byte strings, each preceded by its length (so boundaries count). */
function fnv1a64(parts: readonly Uint8Array[]): string {
  // Two 32-bit halves in doubles (exact: every product stays below 2^53): a 64 MiB skeleton
  // hashes in well under a second, where BigInt arithmetic per byte would take minutes.
  let lo = Number(FNV_OFFSET & 0xffffffffn) >>> 0;
  let hi = Number(FNV_OFFSET >> 32n) >>> 0;
  const mix = (byte: number): void => {
    lo = (lo ^ byte) >>> 0;
    // (hi:lo) * FNV_PRIME mod 2^64, with FNV_PRIME = 2^40 + 0x1b3.
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    const newLo = loMul >>> 0;
    const newHi = (hi * 0x1b3 + carry + ((lo << 8) >>> 0)) >>> 0;
    lo = newLo;
    hi = newHi;
  };
  for (const part of parts) {
    const n = part.length;
    for (let k = 0; k < 8; k++) mix(Math.floor(n / 2 ** (8 * k)) & 0xff);
    for (let i = 0; i < part.length; i++) mix(part[i]);
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** Reference FNV-1a 64 with BigInt (tests compare the fast one against it). */
export function fnv1a64Reference(parts: readonly Uint8Array[]): string {
  let h = FNV_OFFSET;
  const mix = (byte: number): void => {
    h = ((h ^ BigInt(byte)) * FNV_PRIME) & MASK;
  };
  for (const part of parts) {
    let n = BigInt(part.length);
    for (let k = 0; k < 8; k++) {
      mix(Number(n & 0xffn));
      n >>= 8n;
    }
    for (const b of part) mix(b);
  }
  return h.toString(16).padStart(16, '0');
}

/** The content key of files, in order: `fnv1a64-` and 16 hex digits over each path and its bytes. */
export function filesKey(files: readonly StoredFile[]): string {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const f of files) parts.push(enc.encode(f.path), f.bytes);
  return `fnv1a64-${fnv1a64(parts)}`;
}

/** The content key of a skeleton's file set (skeleton, atlas, pages). */
export function skeletonFilesKey(files: Omit<SkeletonFileSet, 'key'>): string {
  return filesKey([files.skeleton, files.atlas, ...files.pages]);
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
