// Autosave and recovery in full browser storage (autosave.ts): the replaced scene is kept by
// dropping the oldest recoverable ones, never itself nor the autosave slot; a scene that fits
// nowhere leaves storage as it was and says so; another tab's document that cannot be kept is not
// overwritten; a refused autosave is reported once per run of failures.
import { describe, expect, it } from 'vitest';
import { AUTOSAVE_KEY, Autosaver, keepRecoverable, readAutosave, readRecovery, RECOVERY_KEY, writeAutosave } from './autosave';
import { QuotaStorage, sceneOfSize } from '../../tests/support/quota-storage';

const SCENE = 10_000;

describe('recovery in full storage', () => {
  it('keeps every replaced scene by dropping the oldest, as nine opened versions of a large scene (QA)', () => {
    // Room for the autosave slot and about five recoverable scenes, as Chromium's 5 M characters
    // held for QA's 708 KB scenes.
    const storage = new QuotaStorage(7 * SCENE);
    const versions = 'ABCDEFGHI'.split('').map((v) => sceneOfSize(v, SCENE));
    writeAutosave(storage, versions[0], 0, 'tab');
    let dropped = 0;
    for (let i = 1; i < versions.length; i++) {
      const keep = keepRecoverable(storage, versions[i - 1], 'open', i);
      expect(keep.kept, `version ${'ABCDEFGHI'[i - 1]} kept`).toBe(true);
      dropped += keep.dropped;
      expect(writeAutosave(storage, versions[i], i, 'tab'), `autosave of ${'ABCDEFGHI'[i]}`).toBe(true);
    }
    const kept = readRecovery(storage).map((e) => e.json);
    // The newest replaced scenes, newest first, the oldest dropped to make room for them.
    expect(kept[0]).toBe(versions[7]);
    expect(kept).toEqual(versions.slice(8 - kept.length, 8).reverse());
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept).not.toContain(versions[0]);
    expect(dropped).toBe(8 - kept.length);
    expect(readAutosave(storage)?.json).toBe(versions[8]);
  });

  it('never drops the autosave slot, and reports what it dropped', () => {
    const storage = new QuotaStorage(4 * SCENE);
    writeAutosave(storage, sceneOfSize('current', SCENE), 0, 'tab');
    expect(keepRecoverable(storage, sceneOfSize('a', SCENE), 'open', 1)).toEqual({ kept: true, dropped: 0 });
    expect(keepRecoverable(storage, sceneOfSize('b', SCENE), 'open', 2)).toEqual({ kept: true, dropped: 0 });
    expect(keepRecoverable(storage, sceneOfSize('c', SCENE), 'open', 3)).toEqual({ kept: true, dropped: 1 });
    expect(readRecovery(storage).map((e) => e.json)).toEqual([sceneOfSize('c', SCENE), sceneOfSize('b', SCENE)]);
    expect(readAutosave(storage)?.json).toBe(sceneOfSize('current', SCENE));
  });

  it('keeps nothing and changes nothing when the scene cannot fit even alone', () => {
    const storage = new QuotaStorage(4 * SCENE);
    writeAutosave(storage, sceneOfSize('current', SCENE), 0, 'tab');
    keepRecoverable(storage, sceneOfSize('a', SCENE), 'open', 1);
    const before = new Map(storage.data);
    expect(keepRecoverable(storage, sceneOfSize('huge', 3 * SCENE), 'open', 2)).toEqual({ kept: false, dropped: 0 });
    expect(storage.data).toEqual(before);
    // Storage refusing every write (disabled, or no quota left at all).
    const none = new QuotaStorage(0);
    expect(keepRecoverable(none, 'x', 'new')).toEqual({ kept: false, dropped: 0 });
    expect(none.getItem(RECOVERY_KEY)).toBeNull();
  });

  it("does not overwrite another tab's document that cannot be kept", () => {
    const storage = new QuotaStorage(4 * SCENE);
    const other = sceneOfSize('tab B', 2 * SCENE);
    expect(writeAutosave(storage, other, 1, 'tabB')).toBe(true);
    let told = 0;
    expect(writeAutosave(storage, sceneOfSize('tab A', SCENE), 2, 'tabA', () => told++)).toBe(false);
    expect(readAutosave(storage)?.json).toBe(other);
    expect(readRecovery(storage)).toEqual([]);
    expect(told).toBe(0);
  });

  it('reports a refused autosave once per run of failures', () => {
    const storage = new QuotaStorage(3 * SCENE);
    let json = sceneOfSize('small', SCENE);
    let fails = 0;
    const saver = new Autosaver(storage, () => json, () => fails++, () => {}, 'tab');
    saver.saveNow();
    expect(fails).toBe(0);
    json = sceneOfSize('too large', 4 * SCENE);
    saver.saveNow();
    saver.saveNow();
    saver.saveNow();
    expect(fails).toBe(1);
    expect(readAutosave(storage)?.json).toBe(sceneOfSize('small', SCENE));
    json = sceneOfSize('fits again', SCENE);
    saver.saveNow();
    expect(storage.getItem(AUTOSAVE_KEY)).toContain('fits again');
    json = sceneOfSize('too large again', 4 * SCENE);
    saver.saveNow();
    expect(fails).toBe(2);
  });
});
