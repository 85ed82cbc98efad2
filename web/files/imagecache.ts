// User images persist in IndexedDB beside the autosaved document, so a reload (or a crash)
// brings the textures back, not only their paths. Failures (private mode, quota) only mean the
// images are listed as missing after a reload.

import { idbRun, type IdbStore } from './idb';

/** A stored image. */
export interface CachedImage {
  path: string;
  width: number;
  height: number;
  rgba: Uint8Array;
}

const DB_NAME = 'spineparticle';
const STORE = 'images';

const DB: IdbStore = { db: DB_NAME, store: STORE, keyPath: 'path' };

function run<T>(mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return idbRun(DB, mode, f);
}

/** Stores an image (replacing one at the same path). */
export async function cacheImage(image: CachedImage): Promise<void> {
  await run('readwrite', (s) => s.put(image));
}

/** Every stored image. */
export async function cachedImages(): Promise<CachedImage[]> {
  const all = await run<unknown[]>('readonly', (s) => s.getAll());
  return all.filter((v): v is CachedImage => {
    const c = v as Partial<CachedImage>;
    return typeof c.path === 'string' && typeof c.width === 'number' && typeof c.height === 'number' && c.rgba instanceof Uint8Array && c.rgba.length === c.width * c.height * 4;
  });
}

/** Deletes stored images whose path is not in `keep`. */
export async function pruneImages(keep: readonly string[]): Promise<void> {
  const all = await cachedImages();
  const stale = all.filter((i) => !keep.includes(i.path));
  for (const image of stale) await run('readwrite', (s) => s.delete(image.path));
}
