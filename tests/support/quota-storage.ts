// A browser storage with a quota, for tests of what the editor keeps when storage is full. It
// counts as Chromium's localStorage does: the characters of every key and value, a write that
// replaces a value counting the difference; a refused write throws and changes nothing.
import type { KeyValueStorage } from '../../web/i18n';

/** In-memory {@link KeyValueStorage} holding at most `quota` characters (keys and values). */
export class QuotaStorage implements KeyValueStorage {
  /** The stored items. */
  readonly data = new Map<string, string>();

  constructor(readonly quota: number) {}

  /** Characters used (keys and values). */
  used(): number {
    let n = 0;
    for (const [key, value] of this.data) n += key.length + value.length;
    return n;
  }

  /** The value of `key`, null when absent. */
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  /** Stores `value`; throws a `QuotaExceededError` when it does not fit (nothing changed). */
  setItem(key: string, value: string): void {
    const old = this.data.get(key);
    const next = this.used() - (old === undefined ? 0 : key.length + old.length) + key.length + value.length;
    if (next > this.quota) throw new DOMException(`storage quota of ${this.quota} characters exceeded`, 'QuotaExceededError');
    this.data.set(key, value);
  }
}

/** A valid scene document of exactly `chars` characters, its one system named after `tag`. */
export function sceneOfSize(tag: string, chars: number): string {
  const head = `{"systems":[{"name":"${tag} `;
  const tail = '"}]}';
  return head + 'x'.repeat(Math.max(0, chars - head.length - tail.length)) + tail;
}
