// User images persist in IndexedDB beside the autosaved document, so a reload (or a crash)
// brings the textures back, not only their paths. Failures (private mode, quota) only mean the
// images are listed as missing after a reload.

/** A stored image. */
export interface CachedImage {
  path: string;
  width: number;
  height: number;
  rgba: Uint8Array;
}

const DB_NAME = 'spineparticle';
const STORE = 'images';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'path' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
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
