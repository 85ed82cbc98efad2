// Spine skeletons as scene objects: the glue between the document (its `skeletons` list), the
// played skeletons (scene.ts), the scene list (select, rename, delete, eye) and the
// skeleton panel (metadata, defects, Repair, playback controls). A dropped 4.2 skeleton with its
// atlas gets a document entry (one undo step) and its files are kept for reloads; selecting it in
// the scene list opens its panel again from those files. The canvas grips of the skeleton whose
// panel is open (grip-handles.ts) ask here which one that is, choose the dragged instance in its
// panel and preview their drags through the players.

import type { Scene, SkeletonObject } from '../document/types';
import { EngineCrash } from '../engine/engine';
import type { SceneObjectsHost } from '../editor/context';
import { decodeImage } from '../files/images';
import { followLang, t } from '../i18n';
import { h } from '../ui/dom';
import { mountPlayback, type PlaybackControls } from './panel/controls';
import { openSkeletonDrop, type SkelRepairResult, type SkelWasm } from './panel/panel';
import { findSkeleton, newSkeletonEntry, renameSkeleton, strandedFollowers } from './object/doc';
import { removeInstance, type InstanceRemoval } from './object/remove-instance';
import type { SkeletonFiles } from './object/files';
import type { SkeletonPlayer } from './object/play';
import { skeletonErrorText } from './object/refusal';
import { SkeletonScene } from './object/scene';
import { pruneObjectFiles, type StoredFile } from './object/store';

/** What the skeleton objects need from the editor. */
export type SkeletonObjectsHost = SceneObjectsHost;

async function stored(f: { path: string; file: Blob }): Promise<StoredFile> {
  return { path: f.path, bytes: new Uint8Array(await f.file.arrayBuffer()) };
}

function fileOf(f: StoredFile): { path: string; file: File } {
  return { path: f.path, file: new File([new Uint8Array(f.bytes)], f.path.slice(f.path.lastIndexOf('/') + 1)) };
}

/** The skeletons of the scene (see the file comment). */
export class SkeletonObjects {
  readonly scene: SkeletonScene;
  private selected: { name: string; key: string } | null = null;
  /** The playback section of the open panel, or null. */
  private controls: PlaybackControls | null = null;
  /** The entry that playback section edits (followed through renames by its files key). */
  private controlsEntry: { name: string; key: string } | null = null;

  constructor(private readonly host: SkeletonObjectsHost) {
    this.scene = new SkeletonScene({
      clips: host.engine,
      addImage: (path, w, h, rgba) => host.engine.addImage(path, w, h, rgba),
      decodeImage,
      viewCentre: () => host.viewCentre(),
      sceneTimeSecs: () => host.engine.timeSecs(),
      isRestarting: (e) => e instanceof EngineCrash,
      contentHash: (parts) => host.engine.contentHash(parts),
      stepsCovering: (durationSecs, fps) => host.engine.stepsCovering(durationSecs, fps),
    });
    this.scene.onProblemsChanged = () => {
      host.refreshPanels();
      this.refreshControls();
    };
    host.engine.onRebuild(() => this.scene.afterRebuild());
  }

  /** The loaded skeletons by document name (see {@link SkeletonScene.loaded}). */
  loaded(): ReadonlyMap<string, SkeletonPlayer> {
    return this.scene.loaded();
  }

  /** The open playback section, or null once its panel left the page. */
  private openControls(): PlaybackControls | null {
    if (this.controls !== null && !this.controls.box.isConnected) this.controls = null;
    return this.controls;
  }

  private refreshControls(): void {
    this.openControls()?.refresh();
  }

  /** The wasm functions of the skeleton panel. */
  private wasm(): SkelWasm {
    return {
      skelInfo: (bytes, atlas, charset) => this.host.engine.skelInfo(bytes, atlas, charset),
      skelRepair: (bytes, atlas, charset) => this.host.engine.skelRepair(bytes, atlas, charset) as SkelRepairResult,
    };
  }

  /** After every document change: players follow the document, the open controls too. */
  documentChanged(doc: Scene): void {
    this.scene.sync(doc.skeletons);
    if (this.selected !== null) {
      const found = findSkeleton(doc, this.selected.name, this.selected.key);
      this.selected = found === null ? null : { name: found.entry.name, key: found.entry.key };
    }
    this.refreshControls();
  }

  /** Every frame: instances at the scene time, the time read-out. */
  frame(sceneTimeSecs: number): void {
    this.scene.frame(sceneTimeSecs);
    this.openControls()?.tick();
  }

  /**
   * Index in `doc.skeletons` of the skeleton the open skeleton panel shows (its playback section
   * is on the page), or null: no panel open, or its entry is gone.
   */
  shownIndex(doc: Scene): number | null {
    const entry = this.openControls() === null ? null : this.controlsEntry;
    return entry === null ? null : (findSkeleton(doc, entry.name, entry.key)?.index ?? null);
  }

  /** Makes instance `index` (0: the first) the one the open panel's Instance menu edits. */
  selectInstance(index: number): void {
    this.openControls()?.selectInstance(index);
  }

  /**
   * Places the players as `entries` say (a drag's edited copy of the document's skeletons;
   * nothing is recorded); null places them as the document says again.
   */
  preview(entries: readonly SkeletonObject[] | null): void {
    this.scene.sync(entries ?? this.host.store.doc.skeletons);
  }

  /** Name of the selected skeleton, or null. */
  selectedName(): string | null {
    return this.selected?.name ?? null;
  }

  /** Selects skeleton `index` and opens its panel. */
  async select(index: number): Promise<void> {
    const k = this.host.store.doc.skeletons[index];
    if (k === undefined) return;
    this.selected = { name: k.name, key: k.key };
    this.host.refreshPanels();
    const set = this.scene.fileSet(k.key);
    if (set === null) {
      // No files in this browser: the panel says so (dropping them again brings the entry back).
      const box = this.host.panelBox;
      box.querySelector(':scope > .skeleton-panel')?.remove();
      const text = h('p', { class: 'skeleton-message error' });
      const panel = h('section', { class: 'skeleton-panel', id: 'skeleton-panel' }, h('h2', {}, k.name), text);
      const show = (): void => void (text.textContent = this.scene.problem(k.name) ?? t('skeletonFilesMissing', { name: k.name, path: k.path }));
      show();
      box.append(panel);
      followLang(panel, show);
      return;
    }
    await openSkeletonDrop([fileOf(set.skeleton), fileOf(set.atlas), ...set.pages.map(fileOf)], this.host.panelBox, this.wasm(), this.attach);
  }

  /** Opens the panel of a drop (a playable skeleton is placed in the scene). */
  async openDrop(files: { path: string; file: File }[]): Promise<void> {
    await openSkeletonDrop(files, this.host.panelBox, this.wasm(), this.attach);
  }

  /** Renames skeleton `index` (systems following it follow the new name); false when refused. */
  rename(index: number, name: string): boolean {
    const ok = this.host.edit(t('rename'), (d) => void renameSkeleton(d, index, name));
    if (ok && this.selected !== null && this.host.store.doc.skeletons[index]?.key === this.selected.key) this.selected = { name, key: this.selected.key };
    return ok;
  }

  /** Removes skeleton `index` from the scene (undo brings it back). */
  remove(index: number): void {
    const k = this.host.store.doc.skeletons[index];
    if (k === undefined) return;
    if (this.host.edit(t('deleteSkeleton'), (d) => void d.skeletons.splice(index, 1)) && this.selected?.name === k.name) {
      this.selected = null;
      this.host.panelBox.querySelector(':scope > .skeleton-panel')?.remove();
    }
  }

  /** Shows or hides skeleton `index`. */
  toggleVisible(index: number): void {
    const k = this.host.store.doc.skeletons[index];
    if (k === undefined) return;
    this.host.edit(k.visible ? t('hide') : t('show'), (d) => (d.skeletons[index].visible = !d.skeletons[index].visible));
  }

  /** Why skeleton `name` does not play as the document says, or null. */
  problem(name: string): string | null {
    return this.scene.problem(name);
  }

  /**
   * After a reload: loads the files of the current document's skeletons (and keeps those of the
   * recoverable documents and the `alsoKeep` keys, the models' files), forgets stored files
   * nothing refers to, and plays them.
   */
  async restore(recoverable: readonly Scene[], alsoKeep: readonly string[] = []): Promise<void> {
    const keys = new Set<string>(alsoKeep);
    for (const doc of [this.host.store.doc, ...recoverable]) for (const k of doc.skeletons ?? []) if (typeof k?.key === 'string' && k.key !== '') keys.add(k.key);
    const current = this.host.store.doc.skeletons.map((k) => k.key);
    try {
      await this.scene.restoreFiles(current);
      await pruneObjectFiles([...keys]);
    } catch {
      // No IndexedDB: the entries say their files are missing.
    }
    this.documentChanged(this.host.store.doc);
    this.host.refreshPanels();
  }

  /**
   * Places a dropped skeleton in the scene (or finds its entry) and mounts its controls. A
   * skeleton spine-core cannot load is refused before anything is placed or stored: the message
   * area says why (naming the file) and so does its panel (the returned text).
   */
  private readonly attach = async (files: SkeletonFiles, skeleton: Uint8Array, atlas: Uint8Array, box: HTMLElement): Promise<(() => string) | null> => {
    if (files.atlas === null) return null;
    const names = { skeleton: files.skeleton.path, atlas: files.atlas.path };
    let key: string;
    try {
      key = await this.scene.addFiles({
        skeleton: { path: names.skeleton, bytes: skeleton },
        atlas: { path: names.atlas, bytes: atlas },
        pages: await Promise.all(files.pages.map(stored)),
      });
    } catch (e) {
      const refusal = (): string => t('skelNotPlaced', { error: skeletonErrorText(e, names) });
      this.host.message('error', refusal());
      return refusal;
    }
    const doc = this.host.store.doc;
    let entry: SkeletonObject | undefined = doc.skeletons.find((k) => k.key === key);
    if (entry === undefined) {
      const [x, y] = this.host.viewCentre();
      const fresh = newSkeletonEntry(doc, { key, path: files.skeleton.path, atlas: files.atlas.path }, x, y);
      if (!this.host.edit(t('addSkeleton'), (d) => void d.skeletons.push(fresh))) return null;
      entry = fresh;
      this.host.message('info', t('skeletonAdded', { name: fresh.name }));
    } else {
      // Files dropped again (or re-opened from the list): the entry gets them back.
      this.scene.sync(this.host.store.doc.skeletons);
    }
    this.selected = { name: entry.name, key };
    this.host.refreshPanels();
    if (!box.isConnected) return null;
    const self = this.selected;
    this.controlsEntry = self;
    this.controls = mountPlayback(box, {
      entry: () => findSkeleton(this.host.store.doc, self.name, self.key)?.entry ?? null,
      player: () => {
        const found = findSkeleton(this.host.store.doc, self.name, self.key);
        return found === null ? null : this.scene.player(found.entry.name);
      },
      problem: () => {
        const found = findSkeleton(this.host.store.doc, self.name, self.key);
        return found === null ? null : this.scene.problem(found.entry.name);
      },
      edit: (label, mutate, coalesceKey) => {
        const found = findSkeleton(this.host.store.doc, self.name, self.key);
        if (found === null) return false;
        self.name = found.entry.name;
        return this.host.edit(label, (d) => mutate(d.skeletons[found.index]), coalesceKey ?? null);
      },
      viewCentre: () => this.host.viewCentre(),
      strandedFollowers: () => {
        const found = findSkeleton(this.host.store.doc, self.name, self.key);
        return found === null ? [] : strandedFollowers(this.host.store.doc, found.entry.name, 1 + found.entry.extraInstances.length);
      },
      removeInstance: (index) => {
        const found = findSkeleton(this.host.store.doc, self.name, self.key);
        if (found === null) return null;
        let removal: InstanceRemoval | null = null;
        const ok = this.host.edit(t('playEditRemoveInstance'), (d) => void (removal = removeInstance(d, found.index, index)));
        return ok ? removal : null;
      },
      note: (text) => this.host.message('info', text),
    });
    return null;
  };
}
