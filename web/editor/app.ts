// The editor application: wires the store, the engine facade, the panels, playback, drag and
// drop, autosave, sharing and presets together. The drop routing lives in app-drop.ts, the
// toolbar and its actions in app-toolbar.ts, the keyboard shortcuts in app-keys.ts, the image
// cache restore in app-images.ts.

import { AUTOSAVE_DELAY_MS, Debouncer, keepRecoverable, readRecovery, writeAutosave } from '../document/autosave';
import { applyPlan, installDrop, type DropHost } from './drop';
import { restoreCachedImages } from './image-restore';
import { AppSkeletons } from '../skeleton/object/skeletons';
import { dragSystem, FollowTracker, type FollowSkeletons } from '../skeleton/object/follow-live';
import { loadedSkeletons, onSkeletonsChanged } from '../skeleton/object/registry';
import { installKeys } from './keys';
import { buildToolbar, refreshRecoverMenu, runExport, saveSceneFile, shareScene } from './toolbar';
import { type DropPlan } from '../files/drop';
import { routeFiles, type PathedFile } from '../files/dropio';
import { Engine, EngineCrash } from '../engine/engine';
import { t, type MessageKey } from '../i18n/index';
import { timelineLength } from './playback';
import { mergePresetSystems, PRESETS, presetName } from '../document/presets';
import { decodeScenePayload, payloadFromHash, ShareError } from '../document/share';
import { DocumentStore, errorMessage } from '../document/store';
import { BUILTIN_PREFIX, type ParticleSystem, type Scene } from '../document/types';
import type { AppContext, MessageKind } from './context';
import { byId, h } from '../ui/dom';
import { ExportPanel } from '../export/ui/exportPanel';
import { PropertiesPanel } from '../particles/properties';
import { SceneListPanel } from './sceneList';
import { Timeline, type Player } from './timeline';
import { Viewport } from './viewport';

/** Images of `doc` that are neither built-in nor loaded. */
export function missingImages(doc: Scene, loaded: readonly string[]): string[] {
  const referenced = new Set<string>();
  for (const s of doc.systems) for (const tex of s.textures) referenced.add(tex);
  for (const i of doc.images) referenced.add(i.path);
  return [...referenced].filter((p) => !p.startsWith(BUILTIN_PREFIX) && !loaded.includes(p)).sort();
}

/** The running editor. */
export class App implements AppContext, Player {
  readonly store: DocumentStore;
  readonly engine: Engine;
  playing = true;
  private selection = -1;
  private readonly sceneList: SceneListPanel;
  private readonly properties: PropertiesPanel;
  private readonly exportPanel: ExportPanel;
  private readonly timeline: Timeline;
  readonly viewport: Viewport;
  private readonly autosave: Debouncer;
  private lastFrame = 0;
  private builtinNames: string[] = [];
  private newSystemTemplate: ParticleSystem | null = null;
  private statusTimer = 0;
  /** The Spine skeletons placed in the scene. */
  readonly skeletons: AppSkeletons;
  /** Bone tracks of the systems that follow a skeleton bone (sent to the Editor). */
  private readonly follow: FollowTracker;

  constructor(engine: Engine, store: DocumentStore) {
    this.engine = engine;
    this.store = store;
    this.builtinNames = engine.builtinTextures().map((b) => b.name);
    this.follow = new FollowTracker((json) => engine.setFollowTracks(json));
    this.skeletons = new AppSkeletons({
      store,
      engine,
      viewCentre: () => [this.viewport.pan[0], this.viewport.pan[1]],
      edit: (label, mutate, key) => this.edit(label, mutate, key ?? null),
      message: (kind, text) => this.message(kind, text),
      refreshPanels: () => this.refreshPanels(),
    });
    this.sceneList = new SceneListPanel(byId('scene-list'), this, () => this.newSystem(), this.skeletons);
    this.properties = new PropertiesPanel(byId('properties'), this);
    this.exportPanel = new ExportPanel(byId('export-settings'), this);
    this.timeline = new Timeline(byId('timeline'), this);
    this.viewport = new Viewport(byId('viewport'), byId('view-tools'), engine, () => this.store.doc);
    this.autosave = new Debouncer(() => this.saveNow(), AUTOSAVE_DELAY_MS);
    this.viewport.onMoveSystem = (dx, dy) => {
      const i = this.selection;
      if (i < 0) return;
      this.edit(t('moveSystem'), (d) => dragSystem(d.systems[i], dx, dy, this.follow.positionOf(d.systems[i], 0) !== null), `systems[${i}].transform.drag`);
    };
    this.viewport.onMoveEnd = () => this.store.breakCoalescing();
    this.selection = store.doc.systems.length > 0 ? 0 : -1;
    onSkeletonsChanged(() => {
      this.updateFollow();
      this.refreshPanels();
    });
    store.subscribe((e) => {
      this.selection = Math.min(this.selection, e.doc.systems.length - 1);
      if (this.selection < 0 && e.doc.systems.length > 0) this.selection = 0;
      this.pushScene();
      this.skeletons.documentChanged(e.doc);
      this.updateFollow();
      this.refreshPanels();
      this.autosave.schedule();
    });
    engine.onCrash((message, recovered) => {
      this.message('error', t(recovered ? 'engineRecovered' : 'engineDead', { error: message }));
      if (recovered) this.viewport.apply();
    });
    window.addEventListener('pagehide', () => this.autosave.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.autosave.flush();
    });
  }

  /** Starts drawing: pushes the scene, view, panels; starts the frame loop. */
  start(): void {
    this.viewport.apply();
    this.pushScene();
    this.viewport.fit();
    this.buildToolbar();
    this.refreshPanels();
    this.installKeys();
    this.installDrop();
    this.saveNow();
    window.addEventListener('hashchange', () => void this.loadSharedFromHash());
    const loop = (now: number): void => {
      this.frame(now);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  // ---- AppContext ---------------------------------------------------------------------

  selected(): number {
    return this.selection;
  }

  select(index: number): void {
    const count = this.store.doc.systems.length;
    const next = count === 0 ? -1 : Math.max(-1, Math.min(index, count - 1));
    if (next === this.selection) return;
    this.selection = next;
    this.store.breakCoalescing();
    this.refreshPanels();
  }

  edit(label: string, mutate: (draft: Scene) => void, coalesceKey: string | null = null): boolean {
    const result = this.store.edit(label, mutate, coalesceKey);
    if (!result.ok) {
      this.message('error', t('editRefused', { error: result.error }));
      return false;
    }
    return true;
  }

  message(kind: MessageKind, text: string): void {
    const box = byId('messages');
    const close = h('button', { type: 'button', class: 'icon', 'aria-label': t('close') }, '✕');
    const item = h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('span', { class: 'text' }, text), close);
    close.addEventListener('click', () => item.remove());
    box.appendChild(item);
    while (box.children.length > 5) box.firstElementChild?.remove();
    setTimeout(() => item.remove(), kind === 'error' ? 20000 : 8000);
    if (kind === 'error') console.warn(`[SpineParticle] ${text}`);
  }

  followSkeletons(): FollowSkeletons {
    return loadedSkeletons();
  }

  textureChoices(): string[] {
    const builtins = this.builtinNames.map((n) => `${BUILTIN_PREFIX}${n}`);
    return [...builtins, ...this.store.doc.images.map((i) => i.path).filter((p) => !builtins.includes(p))];
  }

  // ---- Player -------------------------------------------------------------------------

  time(): number {
    return this.engine.timeSecs();
  }

  length(): number {
    // Skeletons extend the timeline to their longest loop (or animation) at their speed.
    return Math.max(timelineLength(this.store.doc), this.skeletons.scene.longestSecs());
  }

  fps(): number {
    return this.store.doc.export.fps;
  }

  seek(timeSecs: number): void {
    this.engine.setTime(Math.max(0, timeSecs));
  }

  setPlaying(on: boolean): void {
    this.playing = on;
    this.lastFrame = 0;
    this.timeline.tick();
  }

  // ---- internals ----------------------------------------------------------------------

  private newSystem(): ParticleSystem {
    if (this.newSystemTemplate === null) {
      const scene = JSON.parse(this.engine.normalizeScene('{"systems":[{}]}')) as Scene;
      this.newSystemTemplate = scene.systems[0];
    }
    return structuredClone(this.newSystemTemplate);
  }

  /** Re-derives the bone tracks of following systems (see web/skeleton/follow-live.ts). */
  private updateFollow(): void {
    try {
      this.follow.update(this.store.doc, loadedSkeletons());
    } catch (e) {
      this.message('error', e instanceof Error ? e.message : String(e));
    }
    for (const problem of this.follow.errors) this.message('error', problem);
  }

  private pushScene(): void {
    const time = this.engine.timeSecs();
    try {
      this.engine.setScene(this.store.json);
      this.engine.setTime(time);
    } catch (e) {
      this.message('error', t('engineRefused', { error: errorMessage(e) }));
    }
  }

  private refreshPanels(): void {
    const doc = this.store.doc;
    this.sceneList.update(doc);
    this.properties.update(doc);
    this.exportPanel.update(doc);
    byId<HTMLButtonElement>('undo-button').disabled = this.store.undoDepth === 0;
    byId<HTMLButtonElement>('redo-button').disabled = this.store.redoDepth === 0;
    const missing = missingImages(doc, this.engine.imagePaths());
    const status = byId('status-missing');
    status.textContent = missing.length > 0 ? t('missingImages', { list: missing.join(', ') }) : '';
  }

  private frame(now: number): void {
    const dt = this.lastFrame === 0 ? 0 : Math.min(0.1, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    if (this.playing && dt > 0) {
      this.engine.advance(dt);
      if (this.engine.timeSecs() >= this.length()) this.engine.setTime(0);
    }
    this.skeletons.frame(this.engine.timeSecs());
    this.engine.render();
    this.timeline.tick();
    const sel = this.store.doc.systems[this.selection];
    this.viewport.showMarker(sel === undefined ? null : (this.follow.positionOf(sel, this.engine.timeSecs()) ?? [sel.transform.x, sel.transform.y]));
    if (now - this.statusTimer > 250) {
      this.statusTimer = now;
      this.updateStatus();
    }
  }

  private updateStatus(): void {
    const tier = this.engine.rendererTier();
    byId('status-tier').textContent = tier ?? '—';
    const stats = this.engine.stats();
    byId('status-particles').textContent = stats === null ? '—' : String(stats.liveParticles);
    byId('status-frame').textContent = stats === null ? '—' : stats.frameCpuMs.toFixed(2);
  }

  private saveNow(): void {
    if (!writeAutosave(localStorage, this.store.json)) this.message('error', t('autosaveFailed'));
  }

  /** Replaces the document (undoable) after keeping the current one recoverable. */
  replaceScene(json: string, label: string, reason: string): boolean {
    keepRecoverable(localStorage, this.store.json, reason);
    const result = this.store.replace(json, label);
    if (!result.ok) {
      this.message('error', t('documentRefused', { error: result.error }));
      return false;
    }
    this.selection = this.store.doc.systems.length > 0 ? 0 : -1;
    this.refreshPanels();
    this.viewport.fit();
    this.engine.setTime(0);
    refreshRecoverMenu();
    const missing = missingImages(this.store.doc, this.engine.imagePaths());
    if (missing.length > 0) this.message('info', t('missingImages', { list: missing.join(', ') }));
    return true;
  }

  // ---- toolbar ------------------------------------------------------------------------

  /** (Re)builds the toolbar in the current language. */
  buildToolbar(): void {
    buildToolbar({
      store: this.store,
      newScene: () => this.newScene(),
      handleFiles: (files) => this.handleFiles(files),
      saveFile: () => this.saveFile(),
      applyPreset: (id, asScene) => this.applyPreset(id, asScene),
      replaceScene: (json, label, reason) => this.replaceScene(json, label, reason),
      share: () => this.share(),
      runExport: () => this.runExport(),
      toggleLang: () => this.onToggleLang?.(),
    });
  }

  /** Set by main.ts: switches the language. */
  onToggleLang: (() => void) | null = null;

  /** Rebuilds every labelled part after a language change. */
  relabel(): void {
    this.buildToolbar();
    this.properties.invalidate();
    this.exportPanel.build();
    this.timeline.relabel();
    this.viewport.relabel();
    this.refreshPanels();
  }

  private newScene(): void {
    if (this.replaceScene(this.engine.defaultScene(), t('newScene'), 'new')) {
      this.message('info', t('newSceneKept'));
    }
  }

  private saveFile(): void {
    saveSceneFile(this.store.json);
  }

  private applyPreset(id: string, asScene: boolean): void {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset === undefined) return;
    let normalized: string;
    try {
      normalized = this.engine.normalizeScene(preset.json);
    } catch (e) {
      this.message('error', t('documentRefused', { error: errorMessage(e) }));
      return;
    }
    if (asScene) {
      this.replaceScene(normalized, t('presetAsScene'), 'preset');
      return;
    }
    const before = this.store.doc.systems.length;
    if (this.edit(`${t('presetAsSystem')}: ${presetName(id)}`, (d) => void mergePresetSystems(d, JSON.parse(normalized) as Scene))) {
      this.select(before);
    }
  }

  private async share(): Promise<void> {
    await shareScene(this.store.json, (kind, text) => this.message(kind, text));
  }

  /** Loads `#scene=…` when present; errors leave the editor as it was. */
  async loadSharedFromHash(): Promise<void> {
    const payload = payloadFromHash(location.hash);
    if (payload === null) return;
    history.replaceState(null, '', location.pathname + location.search);
    let json: string;
    try {
      json = decodeScenePayload(payload);
    } catch (e) {
      const kind = e instanceof ShareError ? e.kind : 'badDeflate';
      this.message('error', t('shareInvalid', { error: t(`share_${kind}` as MessageKey) }));
      return;
    }
    let normalized: string;
    try {
      normalized = this.engine.normalizeScene(json);
    } catch (e) {
      if (e instanceof EngineCrash) await this.engine.settled();
      this.message('error', t('shareInvalid', { error: errorMessage(e) }));
      return;
    }
    if (this.replaceScene(normalized, t('shareOpened'), 'share')) {
      this.message('info', t('shareLoaded'));
    }
  }

  private async runExport(): Promise<void> {
    await runExport(this.store, this.engine, (kind, text) => this.message(kind, text));
  }

  // ---- keyboard -----------------------------------------------------------------------

  private installKeys(): void {
    installKeys({
      store: this.store,
      viewport: this.viewport,
      isPlaying: () => this.playing,
      setPlaying: (on) => this.setPlaying(on),
      saveFile: () => this.saveFile(),
    });
  }

  // ---- drag and drop ------------------------------------------------------------------

  private installDrop(): void {
    installDrop(this.dropHost(), (files) => this.handleFiles(files));
  }

  /** Routes and applies dropped or picked files. */
  async handleFiles(files: PathedFile[]): Promise<void> {
    if (files.length === 0) return;
    const { plan, byPath, texts } = await routeFiles(files);
    await this.applyPlan(plan, byPath, texts);
  }

  private async applyPlan(plan: DropPlan, byPath: Map<string, PathedFile>, texts: Map<string, string>): Promise<void> {
    await applyPlan(this.dropHost(), plan, byPath, texts);
  }

  /** The app as seen by the drop routing. */
  private dropHost(): DropHost {
    return {
      store: this.store,
      engine: this.engine,
      viewport: this.viewport,
      selected: () => this.selected(),
      select: (index) => this.select(index),
      edit: (label, mutate, coalesceKey) => this.edit(label, mutate, coalesceKey),
      message: (kind, text) => this.message(kind, text),
      textureChoices: () => this.textureChoices(),
      followSkeletons: () => this.followSkeletons(),
      replaceScene: (json, label, reason) => this.replaceScene(json, label, reason),
      newSystem: () => this.newSystem(),
      refreshPanels: () => this.refreshPanels(),
      skeletons: this.skeletons,
    };
  }

  /** Brings back the files of the document's skeletons kept in IndexedDB (after a reload). */
  async restoreSkeletons(): Promise<void> {
    const recoverable: Scene[] = [];
    for (const item of readRecovery(localStorage)) {
      try {
        recoverable.push(JSON.parse(item.json) as Scene);
      } catch {
        // An unreadable recovery entry refers to nothing.
      }
    }
    await this.skeletons.restore(recoverable);
  }

  /**
   * Re-registers user images kept in IndexedDB (after a reload), and forgets stored images that
   * neither the current scene nor any recoverable scene refers to.
   */
  async restoreCachedImages(): Promise<void> {
    if (await restoreCachedImages(this.engine, this.store.doc)) {
      this.pushScene();
      this.refreshPanels();
    }
  }
}
