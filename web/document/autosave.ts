// Autosave and recovery slots in browser storage. The current document is written shortly after
// every change (debounced well under 1 s); documents about to be replaced (new scene, opened
// file, shared URL, preset scene) are first pushed to a small list of recoverable scenes, so no
// work is ever lost silently.

import type { KeyValueStorage } from '../i18n';

/** Storage key of the autosaved document. */
export const AUTOSAVE_KEY = 'spineparticle.autosave';
/** Storage key of the recoverable documents. */
export const RECOVERY_KEY = 'spineparticle.recovery';
/** Recoverable documents kept (oldest dropped). */
export const RECOVERY_LIMIT = 10;
/** Delay between a change and its autosave, ms. */
export const AUTOSAVE_DELAY_MS = 300;

/** A stored document. */
export interface StoredScene {
  json: string;
  savedAt: number;
  /** Why it was kept (`autosave`, `new`, `open`, `share`, `preset`). */
  reason: string;
}

function read<T>(storage: KeyValueStorage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Writes the autosave slot; false when storage refused (quota). */
export function writeAutosave(storage: KeyValueStorage, json: string, now = Date.now()): boolean {
  try {
    storage.setItem(AUTOSAVE_KEY, JSON.stringify({ json, savedAt: now, reason: 'autosave' }));
    return true;
  } catch {
    return false;
  }
}

/** The autosaved document, if any. */
export function readAutosave(storage: KeyValueStorage): StoredScene | null {
  const value = read<StoredScene>(storage, AUTOSAVE_KEY);
  return value !== null && typeof value.json === 'string' ? value : null;
}

/** Recoverable documents, newest first. */
export function readRecovery(storage: KeyValueStorage): StoredScene[] {
  const value = read<StoredScene[]>(storage, RECOVERY_KEY);
  return Array.isArray(value) ? value.filter((v) => typeof v?.json === 'string') : [];
}

/** Keeps `json` recoverable (skipped when identical to the newest kept one). */
export function keepRecoverable(storage: KeyValueStorage, json: string, reason: string, now = Date.now()): boolean {
  const list = readRecovery(storage);
  if (list.length > 0 && list[0].json === json) return true;
  list.unshift({ json, savedAt: now, reason });
  while (list.length > RECOVERY_LIMIT) list.pop();
  try {
    storage.setItem(RECOVERY_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

/** Calls `save` `delayMs` after the first `schedule()` since the last save (a throttle, so steady
 * typing still saves within `delayMs`). */
export class Debouncer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  constructor(
    private readonly save: () => void,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {}

  /** Schedules a save. */
  schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.save();
    }, this.delayMs);
  }

  /** Saves now if one is pending. */
  flush(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.save();
  }
}

/**
 * The autosave policy of the page: the document is saved {@link AUTOSAVE_DELAY_MS} after a
 * change (`schedule`), at once when the page is hidden or left, and `onFail` hears when storage
 * refused it.
 */
export class Autosaver {
  private readonly debouncer: Debouncer;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly json: () => string,
    private readonly onFail: () => void,
  ) {
    this.debouncer = new Debouncer(() => this.saveNow(), AUTOSAVE_DELAY_MS);
  }

  /** Saves soon (after a change). */
  schedule(): void {
    this.debouncer.schedule();
  }

  /** Saves now. */
  saveNow(): void {
    if (!writeAutosave(this.storage, this.json())) this.onFail();
  }

  /** Saves a pending change when the page is hidden or left. */
  watchPage(win: Window): void {
    win.addEventListener('pagehide', () => this.debouncer.flush());
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') this.debouncer.flush();
    });
  }
}
