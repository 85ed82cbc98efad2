// MS3D models as scene objects, against a fake Editor and a fake document store: a drop adds one
// document entry under the files' content key (the same files again find it), what keeps an entry
// from playing (file missing after a shared link, unknown clip), the files going back into a fresh
// Editor after a crash, marker events landing in the log of their object, the timeline length,
// and the pure document operations.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../../tests/support/wasm';
import type { ModelObject, Scene } from '../document/types';
import type { Engine, RebuildHook } from '../engine/engine';
import type { WasmEditor } from '../engine/wasm-api';
import type { AddedModel } from '../generated/contract';
import { setLang } from '../i18n';
import { addModelMarker, copyOfModel, findModel, newModelEntry, uniqueModelName } from './doc';
import { isModelFileSet, modelFilesKey } from './files';
import { ModelObjects, type PanelView } from './objects';
import type { ModelPanelHost } from './panel';
import { filesKey, type ContentHash } from '../skeleton/object/store';

/** The core's content hash (wasm `contentHash`), as the page uses it. */
let contentHash: ContentHash;
beforeAll(async () => {
  const wasm = await loadWasm();
  contentHash = (parts) => wasm.contentHash([...parts]);
});

function emptyScene(): Scene {
  return { version: 1, animations: ['animation'], systems: [], images: [], export: {} as Scene['export'], skeletons: [], models: [] } as Scene;
}

/** A document store: edits on a copy, with undo. */
class FakeStore {
  doc: Scene = emptyScene();
  readonly labels: string[] = [];
  private readonly past: Scene[] = [];
  edit(label: string, mutate: (d: Scene) => void): boolean {
    const draft = structuredClone(this.doc);
    mutate(draft);
    if (new Set(draft.models.map((m) => m.name)).size !== draft.models.length) return false;
    this.past.push(this.doc);
    this.doc = draft;
    this.labels.push(label);
    return true;
  }
  undo(): void {
    this.doc = this.past.pop() ?? this.doc;
  }
}

function added(key: string, name: string): AddedModel {
  return {
    key,
    name,
    counts: { vertices: 18, triangles: 16, groups: 1, materials: 0, joints: 9 },
    clips: [
      { name: 'wave', frames: 30, fps: 30, durationSecs: 0.96, startFrame: 1, endFrame: 24 },
      { name: 'bend', frames: 30, fps: 30, durationSecs: 0.96, startFrame: 25, endFrame: 48 },
    ],
    memory: { encoding: 'unorm16x4', bytesPerVertexPerFrame: 8, bytesPerFrame: 144, bytesTotal: 5000 },
    warningDetails: [],
    pixelsPerUnit: 26.7,
    groups: [],
    warnings: [],
  };
}

/** The facade's model calls, recorded. */
class FakeEngine {
  readonly loaded: { key: string; name: string; bytes: number[]; options: string }[] = [];
  events: string[] = [];
  hooks: RebuildHook[] = [];
  contentHash(parts: readonly Uint8Array[]): string {
    return contentHash(parts);
  }
  addModel(key: string, name: string, bytes: Uint8Array, options: string): string {
    if (bytes.length < 4) throw new Error(`${name}: header section, byte 0: file truncated`);
    this.loaded.push({ key, name, bytes: [...bytes], options });
    return JSON.stringify(added(key, name));
  }
  modelEvents(): string {
    const out = JSON.stringify(this.events.map((e) => ({ object: e.split('/')[0], clip: e.split('/')[1], marker: e.split('/')[2] })));
    this.events = [];
    return out;
  }
  imageData(): null {
    return null;
  }
  addImage(): void {}
  onRebuild(hook: RebuildHook): () => void {
    this.hooks.push(hook);
    return () => undefined;
  }
}

function setup() {
  setLang('en');
  const store = new FakeStore();
  const engine = new FakeEngine();
  const renders: boolean[] = [];
  let logs = 0;
  let panelHost: ModelPanelHost | null = null;
  const messages: string[] = [];
  const models = new ModelObjects({
    store: store as never,
    engine: engine as unknown as Engine,
    panelBox: null as unknown as HTMLElement,
    viewCentre: () => [10, 20],
    edit: (label, mutate) => store.edit(label, mutate),
    message: (_kind, text) => void messages.push(text),
    refreshPanels: () => undefined,
    loadImage: async () => true,
    panel: (host): PanelView => {
      panelHost = host;
      return { render: (force) => void renders.push(force), showLog: () => void logs++, isOpen: () => host.entry() !== null };
    },
  });
  const file = (path: string, bytes: number[]) => ({ path, file: new Blob([new Uint8Array(bytes)]) });
  return { store, engine, models, renders, messages, file, panel: () => panelHost as unknown as ModelPanelHost, logs: () => logs };
}

describe('model objects', () => {
  it('a dropped model becomes one document entry under its content key', async () => {
    const { store, engine, models, messages, file, panel } = setup();
    await models.openDrop([file('fx/hero.ms3d', [1, 2, 3, 4, 5]), file('fx/skin.png', [9, 9])]);
    expect(store.doc.models).toHaveLength(1);
    const entry = store.doc.models[0];
    const key = modelFilesKey({ model: { path: 'fx/hero.ms3d', bytes: new Uint8Array([1, 2, 3, 4, 5]) }, images: [{ path: 'fx/skin.png', bytes: new Uint8Array([9, 9]) }] }, contentHash);
    expect(entry).toMatchObject({ name: 'hero', path: 'fx/hero.ms3d', key, clip: '', speed: 1, loop: true, visible: true, transform: { x: 10, y: 20 } });
    expect(engine.loaded).toEqual([{ key, name: 'fx/hero.ms3d', bytes: [1, 2, 3, 4, 5], options: JSON.stringify({ images: ['fx/skin.png'] }) }]);
    expect(store.labels).toEqual(['Add model']);
    expect(messages).toEqual(['Model "hero" added to the scene (it is not exported).']);
    expect(models.selectedName()).toBe('hero');
    expect(panel().entry()?.name).toBe('hero');
    expect(models.problem('hero')).toBeNull();

    // The same files again: the entry is found, not doubled.
    await models.openDrop([file('fx/hero.ms3d', [1, 2, 3, 4, 5]), file('fx/skin.png', [9, 9])]);
    expect(store.doc.models).toHaveLength(1);
    // Another instance: same file, its own name, 60 px along.
    panel().addInstance();
    expect(store.doc.models.map((m) => [m.name, m.key, m.transform.x])).toEqual([
      ['hero', key, 10],
      ['hero 2', key, 70],
    ]);
  });

  it('says what keeps an entry from playing', async () => {
    const { store, models, file } = setup();
    // A shared link: the entry without its file in this browser.
    store.edit('open', (d) => void d.models.push(newModelEntry(d, { key: 'fnv1a64-00000000000000aa', path: 'props/crate.ms3d' }, 0, 0)));
    expect(models.problem('crate')).toBe('The file of model "crate" is not in this browser: drop props/crate.ms3d (with its texture images) again.');
    // Dropping that file (another key: the entry it finds is a new one).
    await models.openDrop([file('props/crate.ms3d', [7, 7, 7, 7])]);
    const crate2 = store.doc.models[1];
    expect(crate2.name).toBe('crate 2');
    expect(models.problem('crate 2')).toBeNull();
    store.edit('clip', (d) => void (d.models[1].clip = 'run'));
    expect(models.problem('crate 2')).toBe('Model "crate 2" has no clip "run".');
    expect(models.problem('nobody')).toBeNull();
  });

  it('a fresh Editor after a crash gets every held file again', async () => {
    const { engine, models, file } = setup();
    await models.openDrop([file('a.ms3d', [1, 2, 3, 4])]);
    const readded: string[] = [];
    const editor = {
      addModel: (key: string, name: string) => {
        readded.push(`${key} ${name}`);
        return JSON.stringify(added(key, name));
      },
    } as unknown as WasmEditor;
    for (const hook of engine.hooks) hook(editor, true);
    expect(readded).toEqual([`${engine.loaded[0].key} a.ms3d`]);
    expect(models.files(engine.loaded[0].key)?.info?.clips).toHaveLength(2);
  });

  it('marker events land in the log of their object; the timeline covers the longest clip', async () => {
    const { store, engine, models, file, panel, logs } = setup();
    await models.openDrop([file('a.ms3d', [1, 2, 3, 4])]);
    engine.events = ['a/wave/hit', 'a/wave/hit', 'gone/wave/x'];
    models.poll();
    expect(panel().log('a')).toEqual(['wave: hit', 'wave: hit']);
    expect(logs()).toBe(1);
    expect(models.longestSecs()).toBeCloseTo(0.96);
    store.edit('speed', (d) => void (d.models[0].speed = 0.5));
    expect(models.longestSecs()).toBeCloseTo(1.92);
    models.toggleVisible(0);
    expect(store.doc.models[0].visible).toBe(false);
    expect(models.longestSecs()).toBe(0);
  });

  it('rename keeps the selection; delete and undo', async () => {
    const { store, models, file } = setup();
    await models.openDrop([file('a.ms3d', [1, 2, 3, 4])]);
    expect(models.rename(0, 'hero')).toBe(true);
    expect(models.selectedName()).toBe('hero');
    models.remove(0);
    expect(store.doc.models).toEqual([]);
    expect(models.selectedName()).toBeNull();
    store.undo();
    expect(store.doc.models.map((m) => m.name)).toEqual(['hero']);
    expect(models.problem('hero')).toBeNull();
  });

  it('knows which model its open panel shows (the one the canvas grips are drawn for)', async () => {
    const { store, models, file } = setup();
    expect(models.shownIndex(store.doc)).toBeNull();
    await models.openDrop([file('a.ms3d', [1, 2, 3, 4]), file('b.ms3d', [5, 6, 7, 8])]);
    // The last one dropped is selected: its panel is open.
    expect(models.shownIndex(store.doc)).toBe(1);
    models.select(0);
    expect(models.shownIndex(store.doc)).toBe(0);
    // Looked up in the document it is asked about (a drag's copy has the same entries).
    expect(models.shownIndex({ ...store.doc, models: [store.doc.models[1], store.doc.models[0]] })).toBe(1);
    expect(models.shownIndex({ ...store.doc, models: [] })).toBeNull();
    models.remove(0);
    expect(models.shownIndex(store.doc)).toBeNull();
  });
});

describe('model document operations', () => {
  const entry = (name: string): ModelObject => newModelEntry(emptyScene(), { key: 'k', path: `${name}.ms3d` }, 1.234, 5.678);
  it('names are unique, entries found by name then key, markers sorted', () => {
    expect(uniqueModelName('hero', ['hero', 'hero 2'])).toBe('hero 3');
    expect(uniqueModelName(' ', [])).toBe('model');
    const doc = emptyScene();
    doc.models.push(entry('a'));
    expect(doc.models[0].transform).toEqual({ x: 1.23, y: 5.68, rotationDeg: 0, scaleX: 1, scaleY: 1 });
    expect(copyOfModel(doc, doc.models[0]).name).toBe('a 2');
    expect(findModel(doc, 'a', '')?.index).toBe(0);
    expect(findModel(doc, 'renamed', 'k')?.index).toBe(0);
    expect(findModel(doc, 'renamed', '')).toBeNull();
    const m = doc.models[0];
    addModelMarker(m, 'wave', 'b', 12);
    addModelMarker(m, 'bend', 'c', 30);
    addModelMarker(m, 'wave', 'a', 3);
    expect(m.markers.map((k) => `${k.clip}:${k.name}@${k.frame}`)).toEqual(['bend:c@30', 'wave:a@3', 'wave:b@12']);
  });

  it('the files key is the shared FNV-1a 64 over paths and bytes, images in path order', () => {
    const model = { path: 'm.ms3d', bytes: new Uint8Array([1, 2, 3]) };
    const a = { path: 'a.png', bytes: new Uint8Array([4]) };
    const b = { path: 'b.png', bytes: new Uint8Array([5]) };
    const key = modelFilesKey({ model, images: [b, a] }, contentHash);
    expect(key).toBe(modelFilesKey({ model, images: [a, b] }, contentHash));
    expect(key).toBe(filesKey([model, a, b], contentHash));
    const enc = new TextEncoder();
    expect(key).toBe(`fnv1a64-${contentHash([enc.encode('m.ms3d'), model.bytes, enc.encode('a.png'), a.bytes, enc.encode('b.png'), b.bytes])}`);
    expect(modelFilesKey({ model: { ...model, path: 'n.ms3d' }, images: [] }, contentHash)).not.toBe(modelFilesKey({ model, images: [] }, contentHash));
    expect(isModelFileSet({ key, model, images: [a] })).toBe(true);
    expect(isModelFileSet({ key, skeleton: model, atlas: model, pages: [] })).toBe(false);
  });
});
