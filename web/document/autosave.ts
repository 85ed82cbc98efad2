// Autosave and recovery slots in browser storage. The current document is written shortly after
// every change (debounced well under 1 s); documents about to be replaced (new scene, opened
// file, shared URL, preset scene) are first pushed to a small list of recoverable scenes, so no
// work is ever lost silently. Two editor tabs share the one slot: a tab about to overwrite
// another tab's different document keeps that document recoverable first.
//
// Full storage: a document to keep that does not fit makes room by dropping the oldest
// recoverable documents (never itself, never the autosave slot); one that fits nowhere is not
// kept, storage is left as it was and the caller hears it (`kept: false`): the editor then does
// not replace a document it could not keep, and a page does not overwrite another tab's
// document it could not keep. A refused autosave is reported once until a save succeeds again.

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
  /** Why it was kept (`autosave`, `new`, `open`, `share`, `preset`, `otherTab`). */
  reason: string;
  /** The page (one load of the editor) that wrote the autosave slot; absent in older slots. */
  tab?: string;
}

function read<T>(storage: KeyValueStorage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/**
 * Writes the autosave slot for page `tab`; false when storage refused (quota). When the slot holds
 * a different document another page wrote (a second editor tab), that document is kept
 * recoverable first (reason `otherTab`): the last tab to save would otherwise erase the other's work.
 * When it cannot be kept even so (storage full), the slot is left to it and the save fails (false).
 */
export function writeAutosave(storage: KeyValueStorage, json: string, now = Date.now(), tab?: string, onOtherTab?: () => void): boolean {
  const previous = readAutosave(storage);
  if (previous !== null && previous.tab !== undefined && previous.tab !== tab && previous.json !== json) {
    // Storage cannot hold the other tab's document as well: this save fails rather than erase it.
    if (!keepRecoverable(storage, previous.json, 'otherTab', previous.savedAt, previous.tab).kept) return false;
    onOtherTab?.();
  }
  try {
    storage.setItem(AUTOSAVE_KEY, JSON.stringify(tab === undefined ? { json, savedAt: now, reason: 'autosave' } : { json, savedAt: now, reason: 'autosave', tab }));
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

/** What {@link keepRecoverable} did. */
export interface KeepResult {
  /** The document is recoverable: written as the newest entry, or it already was the newest. */
  kept: boolean;
  /** Older entries dropped to make room for it in full storage (not those past {@link RECOVERY_LIMIT}). */
  dropped: number;
}

/**
 * Keeps `json` recoverable (skipped when identical to the newest kept one). With `tab`, it
 * replaces the entry kept for the same reason from the same page: two tabs editing by turns keep
 * each one's latest scene, not a list of their alternations that pushes older scenes out.
 * When storage refuses the list, the oldest entries are dropped one by one until it fits; when
 * even `json` alone does not fit, nothing is written (the list stays as it was) and `kept` is false.
 */
export function keepRecoverable(storage: KeyValueStorage, json: string, reason: string, now = Date.now(), tab?: string): KeepResult {
  let list = readRecovery(storage);
  if (list.length > 0 && list[0].json === json) return { kept: true, dropped: 0 };
  if (tab !== undefined) list = list.filter((e) => !(e.reason === reason && e.tab === tab));
  list.unshift(tab === undefined ? { json, savedAt: now, reason } : { json, savedAt: now, reason, tab });
  while (list.length > RECOVERY_LIMIT) list.pop();
  const older = list.length - 1;
  for (;;) {
    try {
      storage.setItem(RECOVERY_KEY, JSON.stringify(list));
      return { kept: true, dropped: older - (list.length - 1) };
    } catch {
      // Quota (or storage disabled): a refused write changes nothing, so the next try starts
      // from the same storage with one entry less; the new entry is never dropped.
      if (list.length === 1) return { kept: false, dropped: 0 };
      list.pop();
    }
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
 * refused it: once when saves start failing, not at every save while storage stays full (a message
 * a few times a second would push every other one out), and again after a save succeeded.
 */
export class Autosaver {
  private readonly debouncer: Debouncer;
  /** The last save was refused (and `onFail` told). */
  private failing = false;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly json: () => string,
    /** Hears when saves start failing (see the class comment). */
    private readonly onFail: () => void,
    /** Hears when another tab's document was kept recoverable before this page's save. */
    private readonly onOtherTab: () => void = () => {},
    /** This page's id in the autosave slot (see {@link writeAutosave}). */
    private readonly tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  ) {
    this.debouncer = new Debouncer(() => this.saveNow(), AUTOSAVE_DELAY_MS);
  }

  /** Saves soon (after a change). */
  schedule(): void {
    this.debouncer.schedule();
  }

  /** Saves now. */
  saveNow(): void {
    const saved = writeAutosave(this.storage, this.json(), Date.now(), this.tab, this.onOtherTab);
    if (!saved && !this.failing) this.onFail();
    this.failing = !saved;
  }

  /** Saves a pending change when the page is hidden or left. */
  watchPage(win: Window): void {
    win.addEventListener('pagehide', () => this.debouncer.flush());
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') this.debouncer.flush();
    });
  }
}
