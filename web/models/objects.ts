// MS3D models as scene objects, like the skeletons (web/skeleton/skeletons.ts): the document's
// `models` list is the source of truth (undo, autosave, share and reload go through it) and the
// wasm Editor poses its entries at the scene time itself (it gets them with the scene). This
// module keeps what the document does not hold: the model files, by content key, loaded into the
// Editor (again after a wasm crash) and kept in IndexedDB for reloads (web/models/files.ts); it
// answers the scene list (select, rename, delete, eye, what keeps an entry from playing) and
// opens the model panel of the selected entry. A dropped `.ms3d` gets a document entry (one undo
// step); an entry whose file is not in this browser (a shared link, another browser) says which
// file to drop, and dropping it brings the entry to life.

import type { ModelObject, Scene } from '../document/types';
import { EngineCrash } from '../engine/engine';
import type { SceneObjectsHost } from '../editor/context';
import type { WasmEditor } from '../engine/wasm-api';
import { isWasmTrap } from '../engine/crash';
import { issueText } from '../i18n/error-wording';
import { decodeImage } from '../files/images';
import { t } from '../i18n';
import type { AddedModel, MarkerEvent } from '../generated/contract';
import { copyOfModel, findModel, newModelEntry } from './doc';
import { loadModelFiles, modelFilesKey, saveModelFiles, type ModelFileSet, type StoredFile } from './files';
import { splitModelDrop, trimLog, type ModelDropFile } from './logic';
import { ModelPanel, showModelError, type ModelPanelHost } from './panel';

/** Event-log lines kept per model object. */
export const LOG_LINES = 50;
/** How often marker events are collected, ms. */
export const EVENT_POLL_MS = 50;

/** What the model objects need from the editor. */
export interface ModelObjectsHost extends SceneObjectsHost {
  /** Decodes and registers a dropped image (web/editor/images.ts); false when refused. */
  loadImage(path: string, file: Blob): Promise<boolean>;
  /** The panel over its host (default: the {@link ModelPanel} in `panelBox`; tests pass a fake). */
  panel?: (host: ModelPanelHost) => PanelView;
}

/** What the model objects ask of their panel. */
export interface PanelView {
  /** Shows the selected entry's card (rebuilt when `force` or when what it shows changed). */
  render(force: boolean): void;
  /** Shows the marker events of the open card's entry. */
  showLog(): void;
  /** Whether a card is on the page. */
  isOpen(): boolean;
}

/** A model file held by the page. */
export interface HeldModel {
  set: ModelFileSet;
  /** What the Editor made of it (null: it refused it, see `error`). */
  info: AddedModel | null;
  error: string | null;
}

function optionsOf(set: ModelFileSet): string {
  return JSON.stringify({ images: set.images.map((i) => i.path) });
}

/** The models of the scene (see the file comment). */
export class ModelObjects {
  private readonly held = new Map<string, HeldModel>();
  private selected: { name: string; key: string } | null = null;
  private readonly logs = new Map<string, string[]>();
  private readonly panel: PanelView;
  private poller: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly host: ModelObjectsHost) {
    const panelHost: ModelPanelHost = {
      entry: () => this.selectedEntry()?.entry ?? null,
      held: (key) => this.held.get(key) ?? null,
      problem: (name) => this.problem(name),
      log: (name) => this.logs.get(name) ?? [],
      edit: (label, mutate, coalesceKey) => {
        const found = this.selectedEntry();
        if (found === null) return false;
        return host.edit(label, (d) => mutate(d.models[found.index]), coalesceKey ?? null);
      },
      addInstance: () => this.addInstance(),
      remove: () => {
        const found = this.selectedEntry();
        if (found !== null) this.remove(found.index);
      },
    };
    this.panel = host.panel?.(panelHost) ?? new ModelPanel(host.panelBox, panelHost);
    host.engine.onRebuild((editor, restored) => {
      if (restored) this.reload(editor);
    });
  }

  /** The held file of `key`, or null. */
  files(key: string): HeldModel | null {
    return this.held.get(key) ?? null;
  }

  private selectedEntry(): { index: number; entry: ModelObject } | null {
    const s = this.selected;
    return s === null ? null : findModel(this.host.store.doc, s.name, s.key);
  }

  /** Loads a held file into the Editor through the facade (throws what the Editor throws). */
  private load(set: ModelFileSet): AddedModel {
    return JSON.parse(this.host.engine.addModel(set.key, set.model.path, set.model.bytes, optionsOf(set))) as AddedModel;
  }

  /** Holds a file set and loads it into the Editor; the held record (with its error, if any). */
  private hold(set: ModelFileSet): HeldModel {
    let held: HeldModel;
    try {
      held = { set, info: this.load(set), error: null };
    } catch (e) {
      if (e instanceof EngineCrash) held = { set, info: null, error: null };
      else held = { set, info: null, error: issueText(e) };
    }
    this.held.set(set.key, held);
    return held;
  }

  /** A fresh Editor after a wasm crash: every held file again (its images came back with the journal). */
  private reload(editor: WasmEditor): void {
    for (const h of this.held.values()) {
      try {
        h.info = JSON.parse(editor.addModel(h.set.key, h.set.model.path, h.set.model.bytes, optionsOf(h.set))) as AddedModel;
        h.error = null;
      } catch (e) {
        if (isWasmTrap(e)) throw e;
        h.info = null;
        h.error = issueText(e);
      }
    }
  }

  /**
   * Opens the `.ms3d` files of a drop (with the drop's images as candidate textures): each is
   * loaded, kept, and placed in the scene as a new entry unless an entry already refers to the
   * same files; the last one is selected. Errors (a truncated file names its section and byte)
   * are shown in the panel area.
   */
  async openDrop(files: ModelDropFile[]): Promise<void> {
    const { models, images } = splitModelDrop(files);
    const stored: StoredFile[] = [];
    for (const img of images) {
      try {
        if (await this.host.loadImage(img.path, img.file)) stored.push({ path: img.path, bytes: new Uint8Array(await img.file.arrayBuffer()) });
      } catch (e) {
        showModelError(this.host.message, img.path, e);
      }
    }
    for (const m of models) {
      const parts = { model: { path: m.path, bytes: new Uint8Array(await m.file.arrayBuffer()) }, images: stored };
      const set: ModelFileSet = { key: modelFilesKey(parts, (p) => this.host.engine.contentHash(p)), ...parts };
      let info: AddedModel;
      try {
        info = this.load(set);
      } catch (e) {
        showModelError(this.host.message, m.path, e);
        continue;
      }
      this.held.set(set.key, { set, info, error: null });
      void saveModelFiles(set).catch(() => undefined);
      const doc = this.host.store.doc;
      let entry = doc.models.find((o) => o.key === set.key);
      if (entry === undefined) {
        const [x, y] = this.host.viewCentre();
        const fresh = newModelEntry(doc, { key: set.key, path: m.path }, x, y);
        if (!this.host.edit(t('addModel'), (d) => void d.models.push(fresh))) continue;
        entry = fresh;
        this.host.message('info', t('modelAdded', { name: fresh.name }));
      }
      this.selected = { name: entry.name, key: set.key };
    }
    this.startPolling();
    this.host.refreshPanels();
    this.panel.render(true);
  }

  /**
   * After a reload: loads from IndexedDB the files of the current document's models. Returns the
   * keys to keep in storage (those of `recoverable` documents too).
   */
  async restore(recoverable: readonly Scene[]): Promise<string[]> {
    const keep = new Set<string>();
    for (const doc of [this.host.store.doc, ...recoverable]) for (const m of doc.models ?? []) if (typeof m?.key === 'string' && m.key !== '') keep.add(m.key);
    for (const key of [...new Set(this.host.store.doc.models.map((m) => m.key))].sort()) {
      if (key === '' || this.held.has(key)) continue;
      try {
        const set = await loadModelFiles(key);
        if (set === null) continue;
        for (const img of set.images) {
          if (this.host.engine.imageData(img.path) !== null) continue;
          const d = await decodeImage(new Blob([new Uint8Array(img.bytes)]));
          this.host.engine.addImage(img.path, d.width, d.height, d.rgba);
        }
        this.hold(set);
      } catch {
        // No IndexedDB, or an image that no longer decodes: the entry says its file is missing.
      }
    }
    if (this.host.store.doc.models.length > 0) this.startPolling();
    this.documentChanged();
    return [...keep];
  }

  /** After every document change: the open panel follows its entry. */
  documentChanged(): void {
    const found = this.selectedEntry();
    this.selected = found === null ? null : { name: found.entry.name, key: found.entry.key };
    this.panel.render(false);
  }

  /**
   * Longest time a visible model needs on the timeline, seconds: its clip's duration divided by
   * its speed. 0 without models.
   */
  longestSecs(): number {
    let longest = 0;
    for (const m of this.host.store.doc.models) {
      const clips = this.held.get(m.key)?.info?.clips ?? [];
      const clip = m.clip === '' ? clips[0] : clips.find((c) => c.name === m.clip);
      if (clip === undefined || !m.visible || !(m.speed > 0)) continue;
      longest = Math.max(longest, clip.durationSecs / m.speed);
    }
    return longest;
  }

  /**
   * Index in `doc.models` of the model the open model panel shows (its card is on the page), or
   * null: no card, or its entry is not in `doc`.
   */
  shownIndex(doc: Scene): number | null {
    const s = this.selected;
    if (s === null || !this.panel.isOpen()) return null;
    return findModel(doc, s.name, s.key)?.index ?? null;
  }

  // ---- the scene list (web/editor/sceneList.ts) ---------------------------------------------

  /** Name of the selected model, or null. */
  selectedName(): string | null {
    return this.selectedEntry()?.entry.name ?? null;
  }

  /** Selects model `index` and opens its panel. */
  select(index: number): void {
    const m = this.host.store.doc.models[index];
    if (m === undefined) return;
    this.selected = { name: m.name, key: m.key };
    this.host.refreshPanels();
    this.panel.render(true);
  }

  /** Renames model `index`; false when refused. */
  rename(index: number, name: string): boolean {
    const m = this.host.store.doc.models[index];
    const wasSelected = m !== undefined && this.selected?.name === m.name;
    const ok = this.host.edit(t('rename'), (d) => void (d.models[index].name = name));
    if (ok && wasSelected && m !== undefined) this.selected = { name, key: m.key };
    if (ok) this.panel.render(false);
    return ok;
  }

  /** Removes model `index` from the scene (undo brings it back; its file stays held). */
  remove(index: number): void {
    const m = this.host.store.doc.models[index];
    if (m === undefined) return;
    if (this.host.edit(t('deleteModel'), (d) => void d.models.splice(index, 1)) && this.selected?.name === m.name) {
      this.selected = null;
      this.panel.render(false);
    }
  }

  /** Shows or hides model `index`. */
  toggleVisible(index: number): void {
    const m = this.host.store.doc.models[index];
    if (m === undefined) return;
    this.host.edit(m.visible ? t('hide') : t('show'), (d) => void (d.models[index].visible = !d.models[index].visible));
  }

  /** Why model `name` does not play as the document says, or null. */
  problem(name: string): string | null {
    const m = this.host.store.doc.models.find((o) => o.name === name);
    if (m === undefined) return null;
    const held = this.held.get(m.key);
    if (held === undefined) return t('modelFileMissing', { name: m.name, path: m.path === '' ? m.name : m.path });
    if (held.info === null) return held.error === null ? null : t('modelCannotPlay', { name: m.name, error: held.error });
    if (m.clip !== '' && !held.info.clips.some((c) => c.name === m.clip)) return t('modelNoClip', { name: m.name, clip: m.clip });
    return null;
  }

  private addInstance(): void {
    const found = this.selectedEntry();
    if (found === null) return;
    const copy = copyOfModel(this.host.store.doc, found.entry);
    this.host.edit(t('modelAddInstance'), (d) => void d.models.splice(found.index + 1, 0, copy));
  }

  // ---- marker events -------------------------------------------------------------------------

  private startPolling(): void {
    if (this.poller !== null) return;
    this.poller = setInterval(() => this.poll(), EVENT_POLL_MS);
  }

  /** Collects the marker events into the logs of their objects. */
  poll(): void {
    if (this.host.store.doc.models.length === 0) return;
    let events: MarkerEvent[];
    try {
      events = JSON.parse(this.host.engine.modelEvents()) as MarkerEvent[];
    } catch {
      return; // the engine is restarting; the next poll retries
    }
    if (events.length === 0) return;
    for (const e of events) this.logs.set(e.object, trimLog([...(this.logs.get(e.object) ?? []), `${e.clip}: ${e.marker}`], LOG_LINES));
    this.panel.showLog();
  }
}
