// One IndexedDB object store per database, opened for each transaction and closed after it (so
// nothing holds a connection across reloads or upgrades). Used by the image cache and the
// skeleton file store; failures reject with the browser's error (private mode, quota).

/** A database holding one object store whose records are keyed by `keyPath`. */
export interface IdbStore {
  db: string;
  store: string;
  keyPath: string;
}

function open(s: IdbStore): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(s.db, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(s.store)) req.result.createObjectStore(s.store, { keyPath: s.keyPath });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

/** Runs one request in a transaction of `s`; resolves with its result once the transaction completes. */
export async function idbRun<T>(s: IdbStore, mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open(s);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(s.store, mode);
      const req = f(tx.objectStore(s.store));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}
