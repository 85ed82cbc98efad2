// Replacing the document when browser storage is full (document-actions.ts): the replaced scene is
// kept by dropping the oldest recoverable ones (the user is told); one that cannot be kept is not
// replaced unless it is held elsewhere (saved, or unchanged since opened), and never silently.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readAutosave, readRecovery, writeAutosave } from '../document/autosave';
import { DocumentStore } from '../document/store';
import type { Engine } from '../engine/engine';
import { initLang, t, type KeyValueStorage } from '../i18n';
import { downloadFile } from '../ui/download';
import type { MessageKind } from '../ui/messages';
import { DocumentActions } from './document-actions';
import { QuotaStorage, sceneOfSize } from '../../tests/support/quota-storage';

vi.mock('../ui/download', () => ({ downloadFile: vi.fn() }));

const SCENE = 10_000;
/** The core's one-system scene New starts from, as a fake engine normalises it. */
const NEW_SCENE = '{"systems":[{"name":""}]}';

/** An editor's document commands over `storage`, autosaving every change as the page does. */
function editor(storage: KeyValueStorage, initial: string) {
  const store = DocumentStore.create(initial, (json) => JSON.stringify(JSON.parse(json)));
  const messages: [MessageKind, string][] = [];
  const engine = { normalizeScene: (json: string) => (json === '{"systems":[{}]}' ? NEW_SCENE : json) } as unknown as Engine;
  const actions = new DocumentActions({
    store,
    engine,
    message: (kind, text) => void messages.push([kind, text]),
    edit: (label, mutate) => store.edit(label, mutate).ok,
    select: () => {},
    afterReplace: () => {},
    storage,
  });
  writeAutosave(storage, store.json, 0, 'tab');
  store.subscribe(() => writeAutosave(storage, store.json, 0, 'tab'));
  return { store, actions, messages };
}

describe('replacing the scene in full storage', () => {
  beforeEach(() => {
    initLang({ getItem: () => 'en', setItem: () => {} });
    vi.mocked(downloadFile).mockClear();
  });

  it('keeps the newest replaced scenes recoverable when nine versions of a large scene are opened (QA)', () => {
    const storage = new QuotaStorage(7 * SCENE);
    const versions = 'ABCDEFGHI'.split('').map((v) => sceneOfSize(`version ${v}`, SCENE));
    const { store, actions, messages } = editor(storage, versions[0]);
    for (const v of versions.slice(1)) expect(actions.replaceScene(v, 'open', 'open')).toBe(true);
    expect(store.json).toBe(versions[8]);
    const kept = readRecovery(storage).map((e) => e.json);
    // H, the scene replaced last, first; then G, F …; the oldest (A) dropped to make room.
    expect(kept.slice(0, 3)).toEqual([versions[7], versions[6], versions[5]]);
    expect(kept).not.toContain(versions[0]);
    expect(readAutosave(storage)?.json).toBe(versions[8]);
    expect(messages.filter(([kind]) => kind === 'error')).toEqual([]);
    expect(messages.some(([, text]) => text.startsWith('Browser storage is full: older recoverable scenes were dropped (1)'))).toBe(true);
  });

  it('refuses, with a warning, to replace an unsaved scene it cannot keep; replaces it once saved', () => {
    // The autosave slot holds the current scene; a second copy of it does not fit.
    const storage = new QuotaStorage(2.5 * SCENE);
    const { store, actions, messages } = editor(storage, sceneOfSize('start', 100));
    expect(actions.replaceScene(sceneOfSize('large', 1.5 * SCENE), 'open', 'open')).toBe(true);
    expect(store.edit('rename', (d) => void (d.systems[0].name += ' edited')).ok).toBe(true);
    const work = store.json;
    const recovery = storage.getItem('spineparticle.recovery');
    messages.length = 0;

    expect(actions.replaceScene(sceneOfSize('other', 100), 'open', 'open')).toBe(false);
    expect(store.json).toBe(work);
    expect(storage.getItem('spineparticle.recovery')).toBe(recovery);
    expect(messages).toEqual([['error', t('sceneNotKeptRefused')]]);
    expect(t('sceneNotKeptRefused')).toContain('Ctrl+S');
    // New is refused the same way.
    actions.newScene();
    expect(store.json).toBe(work);

    actions.saveFile();
    expect(downloadFile).toHaveBeenCalledWith('scene.spineparticle.json', work, 'application/json');
    messages.length = 0;
    expect(actions.replaceScene(sceneOfSize('other', 100), 'open', 'open')).toBe(true);
    expect(store.json).toBe(sceneOfSize('other', 100));
    expect(messages).toEqual([['info', t('sceneNotKeptSaved')]]);
    store.undo();
    expect(store.json).toBe(work);
  });

  it('replaces a scene unchanged since it was opened, saying it was not kept', () => {
    const storage = new QuotaStorage(2.5 * SCENE);
    const { store, actions, messages } = editor(storage, sceneOfSize('start', 100));
    expect(actions.replaceScene(sceneOfSize('large file', 1.5 * SCENE), 'open', 'open')).toBe(true);
    messages.length = 0;
    actions.newScene();
    expect(store.json).toBe(NEW_SCENE.replace('""', JSON.stringify(t('newSystemName'))));
    // Not "the previous one is kept": it was not.
    expect(messages).toEqual([['info', t('sceneNotKeptSaved')]]);
  });
});
