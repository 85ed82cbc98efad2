import { describe, expect, it, vi } from 'vitest';
import { Debouncer, keepRecoverable, readAutosave, readRecovery, RECOVERY_LIMIT, writeAutosave } from './autosave';
import type { KeyValueStorage } from '../i18n';

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
}

describe('autosave', () => {
  it('writes and reads the autosave slot', () => {
    const s = new MemoryStorage();
    expect(readAutosave(s)).toBeNull();
    expect(writeAutosave(s, '{"a":1}', 5)).toBe(true);
    expect(readAutosave(s)).toEqual({ json: '{"a":1}', savedAt: 5, reason: 'autosave' });
  });
  it("keeps another tab's different document recoverable before overwriting it", () => {
    const s = new MemoryStorage();
    expect(writeAutosave(s, 'A1', 1, 'tabA')).toBe(true);
    expect(writeAutosave(s, 'A2', 2, 'tabA')).toBe(true);
    expect(readRecovery(s)).toEqual([]);
    // Tab B opened with A2 (the same document): nothing to keep.
    writeAutosave(s, 'A2', 3, 'tabB');
    expect(readRecovery(s)).toEqual([]);
    writeAutosave(s, 'B1', 4, 'tabB');
    expect(readRecovery(s)).toEqual([]);
    // Tab A saves again: tab B's B1 is kept, then A's own later saves keep nothing more.
    keepRecoverable(s, 'replaced by New', 'new', 4);
    writeAutosave(s, 'A3', 5, 'tabA');
    expect(readRecovery(s).map((e) => [e.json, e.reason])).toEqual([['B1', 'otherTab'], ['replaced by New', 'new']]);
    writeAutosave(s, 'A4', 6, 'tabA');
    expect(readRecovery(s)).toHaveLength(2);
    expect(readAutosave(s)).toEqual({ json: 'A4', savedAt: 6, reason: 'autosave', tab: 'tabA' });
    // Editing by turns: each tab's latest scene is kept once, older entries stay.
    for (let i = 0; i < 20; i++) {
      writeAutosave(s, `B${i + 2}`, 10 + 2 * i, 'tabB');
      writeAutosave(s, `A${i + 5}`, 11 + 2 * i, 'tabA');
    }
    expect(readRecovery(s).map((e) => e.json)).toEqual(['B21', 'A23', 'replaced by New']);
    // A slot from before tabs were recorded is overwritten as it always was.
    const old = new MemoryStorage();
    writeAutosave(old, 'old', 1);
    writeAutosave(old, 'new', 2, 'tabC');
    expect(readRecovery(old)).toEqual([]);
  });
  it('survives garbage and a full storage', () => {
    const s = new MemoryStorage();
    s.data.set('spineparticle.autosave', '{not json');
    expect(readAutosave(s)).toBeNull();
    s.full = true;
    expect(writeAutosave(s, 'x')).toBe(false);
  });
  it('keeps replaced documents recoverable, newest first, bounded, without duplicates', () => {
    const s = new MemoryStorage();
    for (let i = 0; i < RECOVERY_LIMIT + 3; i++) keepRecoverable(s, `doc${i}`, 'new', i);
    keepRecoverable(s, `doc${RECOVERY_LIMIT + 2}`, 'new', 99);
    const list = readRecovery(s);
    expect(list).toHaveLength(RECOVERY_LIMIT);
    expect(list[0].json).toBe(`doc${RECOVERY_LIMIT + 2}`);
    expect(list[list.length - 1].json).toBe('doc3');
  });
  it('throttles saves to at most one per delay, even while changes keep coming', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const d = new Debouncer(save, 300);
    d.schedule();
    vi.advanceTimersByTime(200);
    d.schedule();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledTimes(1);
    d.schedule();
    d.flush();
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
