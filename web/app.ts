// The editor application: wires the store, the engine facade, the panels, playback, drag and
// drop, autosave, sharing and presets together.

import { AUTOSAVE_DELAY_MS, Debouncer, keepRecoverable, readRecovery, writeAutosave } from './autosave';
import { type DropPlan } from './drop';
import { collectDrop, collectPicked, routeFiles, type PathedFile } from './dropio';
import { Engine, EngineCrash } from './engine';
import { getExportHandler, type ExportContext } from './hooks';
import { t, type MessageKey } from './i18n';
import { cacheImage, cachedImages, pruneImages } from './imagecache';
import { editorModelApi } from './models/api';
import { openModelDrop } from './models/panel';
import { openSkeletonDrop, type SkelRepairResult } from './skeleton/panel';
import { decodeImage, ImageError } from './images';
import { timelineLength } from './playback';
import { mergePresetSystems, PRESETS, presetName } from './presets';
import { decodeScenePayload, payloadFromHash, ShareError, shareUrl } from './share';
import { DocumentStore, errorMessage } from './store';
import { BUILTIN_PREFIX, type ImageAsset, type ParticleSystem, type Scene } from './types';
import type { AppContext, MessageKind } from './ui/context';
import { byId, clear, h } from './ui/dom';
import { ExportPanel } from './ui/exportPanel';
import { PropertiesPanel } from './ui/properties';
import { SceneListPanel } from './ui/sceneList';
import { Timeline, type Player } from './ui/timeline';
import { Viewport } from './ui/viewport';

/** Images of `doc` that are neither built-in nor loaded. */
export function missingImages(doc: Scene, loaded: readonly string[]): string[] {
  const referenced = new Set<string>();
  for (const s of doc.systems) for (const tex of s.textures) referenced.add(tex);
  for (const i of doc.images) referenced.add(i.path);
  return [...referenced].filter((p) => !p.startsWith(BUILTIN_PREFIX) && !loaded.includes(p)).sort();
}

const dropReasonKey: Record<string, MessageKey> = {
  tooLarge: 'dropTooLargeFile',
  unsupported: 'dropUnsupported',
  invalidJson: 'dropInvalidJson',
  unknownJson: 'dropUnknownJson',
  unused: 'dropUnused',
};

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

  constructor(engine: Engine, store: DocumentStore) {
    this.engine = engine;
    this.store = store;
    this.builtinNames = engine.builtinTextures().map((b) => b.name);
    this.sceneList = new SceneListPanel(byId('scene-list'), this, () => this.newSystem());
    this.properties = new PropertiesPanel(byId('properties'), this);
    this.exportPanel = new ExportPanel(byId('export-settings'), this);
    this.timeline = new Timeline(byId('timeline'), this);
    this.viewport = new Viewport(byId('viewport'), byId('view-tools'), engine, () => this.store.doc);
    this.autosave = new Debouncer(() => this.saveNow(), AUTOSAVE_DELAY_MS);
    this.viewport.onMoveSystem = (dx, dy) => {
      const i = this.selection;
      if (i < 0) return;
      this.edit(t('moveSystem'), (d) => {
        const tr = d.systems[i].transform;
        tr.x = Math.round((tr.x + dx) * 100) / 100;
        tr.y = Math.round((tr.y + dy) * 100) / 100;
      }, `systems[${i}].transform.drag`);
    };
    this.viewport.onMoveEnd = () => this.store.breakCoalescing();
    this.selection = store.doc.systems.length > 0 ? 0 : -1;
    store.subscribe((e) => {
      this.selection = Math.min(this.selection, e.doc.systems.length - 1);
      if (this.selection < 0 && e.doc.systems.length > 0) this.selection = 0;
      this.pushScene();
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

  textureChoices(): string[] {
    const builtins = this.builtinNames.map((n) => `${BUILTIN_PREFIX}${n}`);
    return [...builtins, ...this.store.doc.images.map((i) => i.path).filter((p) => !builtins.includes(p))];
  }

  // ---- Player -------------------------------------------------------------------------

  time(): number {
    return this.engine.timeSecs();
  }

  length(): number {
    return timelineLength(this.store.doc);
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
    this.engine.render();
    this.timeline.tick();
    const sel = this.store.doc.systems[this.selection];
    this.viewport.showMarker(sel === undefined ? null : [sel.transform.x, sel.transform.y]);
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
    this.refreshRecoverMenu();
    const missing = missingImages(this.store.doc, this.engine.imagePaths());
    if (missing.length > 0) this.message('info', t('missingImages', { list: missing.join(', ') }));
    return true;
  }

  // ---- toolbar ------------------------------------------------------------------------

  /** (Re)builds the toolbar in the current language. */
  buildToolbar(): void {
    const bar = byId('toolbar');
    clear(bar);
    const button = (id: string, key: MessageKey, onclick: () => void, title?: string): HTMLButtonElement =>
      h('button', { type: 'button', id, title: title ?? t(key), onclick }, t(key));
    const fileInput = h('input', { type: 'file', id: 'open-input', multiple: true, accept: '.json,.png,.jpg,.jpeg,.webp,.skel,.atlas,.ms3d', hidden: true });
    fileInput.addEventListener('change', () => {
      if (fileInput.files !== null) void this.handleFiles(collectPicked(fileInput.files));
      fileInput.value = '';
    });
    const presetSelect = h('select', { id: 'preset-select', 'aria-label': t('presets') }, h('option', { value: '' }, t('presetsPick')));
    for (const p of PRESETS) presetSelect.appendChild(h('option', { value: p.id }, presetName(p.id)));
    const presetMode = h('select', { id: 'preset-mode', 'aria-label': t('presetMode') },
      h('option', { value: 'system' }, t('presetAsSystem')),
      h('option', { value: 'scene' }, t('presetAsScene')));
    presetSelect.addEventListener('change', () => {
      const id = presetSelect.value;
      presetSelect.value = '';
      if (id !== '') this.applyPreset(id, presetMode.value === 'scene');
    });
    const recover = h('select', { id: 'recover-select', 'aria-label': t('recover') });
    recover.addEventListener('change', () => {
      const index = Number(recover.value);
      recover.value = '';
      const item = readRecovery(localStorage)[index];
      if (item !== undefined) this.replaceScene(item.json, t('recover'), 'recover');
    });
    const langButton = h('button', { type: 'button', id: 'lang-button', title: 'Language / 语言' }, t('otherLanguage'));
    langButton.addEventListener('click', () => this.onToggleLang?.());
    bar.append(
      h('span', { class: 'brand' }, 'SpineParticle'),
      button('new-button', 'newScene', () => this.newScene()),
      button('open-button', 'open', () => fileInput.click()),
      fileInput,
      button('save-button', 'save', () => this.saveFile()),
      h('span', { class: 'sep' }),
      button('undo-button', 'undo', () => this.store.undo(), `${t('undo')} (Ctrl+Z)`),
      button('redo-button', 'redo', () => this.store.redo(), `${t('redo')} (Ctrl+Shift+Z / Ctrl+Y)`),
      h('span', { class: 'sep' }),
      presetSelect,
      presetMode,
      recover,
      h('span', { class: 'sep' }),
      button('share-button', 'share', () => void this.share()),
      h('button', { type: 'button', id: 'export-button', class: 'primary', onclick: () => void this.runExport() }, t('exportButton')),
      h('span', { class: 'grow' }),
      langButton,
    );
    this.refreshRecoverMenu();
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

  private refreshRecoverMenu(): void {
    const select = document.getElementById('recover-select');
    if (!(select instanceof HTMLSelectElement)) return;
    clear(select);
    const list = readRecovery(localStorage);
    select.appendChild(h('option', { value: '' }, `${t('recover')} (${list.length})`));
    list.forEach((item, i) => {
      let names = '';
      try {
        names = (JSON.parse(item.json) as Scene).systems.map((s) => s.name).join(', ');
      } catch {
        names = '?';
      }
      const when = new Date(item.savedAt).toLocaleString();
      select.appendChild(h('option', { value: String(i) }, `${when} · ${names.slice(0, 60)}`));
    });
    select.disabled = list.length === 0;
  }

  private newScene(): void {
    if (this.replaceScene(this.engine.defaultScene(), t('newScene'), 'new')) {
      this.message('info', t('newSceneKept'));
    }
  }

  private saveFile(): void {
    const blob = new Blob([this.store.json], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: 'scene.spineparticle.json' });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
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
    const compact = JSON.stringify(JSON.parse(this.store.json));
    const url = shareUrl(location.href, compact);
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = false;
    }
    const field = byId<HTMLInputElement>('share-url');
    field.value = url;
    byId('share-box').hidden = false;
    field.select();
    this.message('info', t(copied ? 'shareCopied' : 'shareNotCopied', { length: url.length }));
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
    const handler = getExportHandler();
    if (handler === null) {
      this.message('error', t('exportUnavailable'));
      return;
    }
    const ctx: ExportContext = {
      store: this.store,
      engine: this.engine,
      message: (kind, text) => this.message(kind, text),
      loadedImages: () => this.store.doc.images.filter((i) => this.engine.imagePaths().includes(i.path)),
      imagePixels: (path) => this.engine.imageData(path),
    };
    try {
      await handler(ctx);
    } catch (e) {
      this.message('error', t('exportFailed', { error: errorMessage(e) }));
    }
  }

  // ---- keyboard -----------------------------------------------------------------------

  private installKeys(): void {
    const isTyping = (el: Element | null): boolean =>
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement ||
      (el instanceof HTMLInputElement && !['checkbox', 'range', 'color', 'button'].includes(el.type));
    window.addEventListener('keydown', (e) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z' && !(document.activeElement instanceof HTMLTextAreaElement)) {
        e.preventDefault();
        (document.activeElement as HTMLElement | null)?.blur?.();
        if (e.shiftKey) this.store.redo();
        else this.store.undo();
        return;
      }
      if (mod && key === 'y' && !(document.activeElement instanceof HTMLTextAreaElement)) {
        e.preventDefault();
        (document.activeElement as HTMLElement | null)?.blur?.();
        this.store.redo();
        return;
      }
      if (mod && key === 's') {
        e.preventDefault();
        this.saveFile();
        return;
      }
      if (e.code === 'Space' && !isTyping(document.activeElement)) {
        e.preventDefault();
        if (!e.repeat) {
          this.viewport.spaceHeld = true;
          this.viewport.pannedWithSpace = false;
          byId('viewport').classList.add('space');
        }
      }
    });
    window.addEventListener('keyup', (e) => {
      if (e.code === 'Space' && this.viewport.spaceHeld) {
        e.preventDefault();
        this.viewport.spaceHeld = false;
        byId('viewport').classList.remove('space');
        if (!this.viewport.pannedWithSpace) this.setPlaying(!this.playing);
      }
    });
  }

  // ---- drag and drop ------------------------------------------------------------------

  private installDrop(): void {
    const overlay = byId('drop-overlay');
    let depth = 0;
    window.addEventListener('dragenter', (e) => {
      e.preventDefault();
      depth += 1;
      overlay.hidden = false;
    });
    window.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) overlay.hidden = true;
    });
    window.addEventListener('dragover', (e) => e.preventDefault());
    window.addEventListener('drop', (e) => {
      e.preventDefault();
      depth = 0;
      overlay.hidden = true;
      if (e.dataTransfer === null) return;
      const collecting = collectDrop(e.dataTransfer);
      void collecting.then((files) => this.handleFiles(files)).catch((err: unknown) => this.message('error', t('dropFailed', { error: errorMessage(err) })));
    });
  }

  /** Routes and applies dropped or picked files. */
  async handleFiles(files: PathedFile[]): Promise<void> {
    if (files.length === 0) return;
    const { plan, byPath, texts } = await routeFiles(files);
    await this.applyPlan(plan, byPath, texts);
  }

  private async applyPlan(plan: DropPlan, byPath: Map<string, PathedFile>, texts: Map<string, string>): Promise<void> {
    if (plan.totalTooLarge) {
      this.message('error', t('dropTooLarge', { size: (plan.totalBytes / 1048576).toFixed(1), max: 96 }));
      return;
    }
    for (const r of plan.rejected) {
      this.message('error', t(dropReasonKey[r.reason], { file: r.path }));
    }
    for (const action of plan.actions) {
      switch (action.kind) {
        case 'scene': {
          const text = texts.get(action.scene.path) ?? '';
          let normalized: string;
          try {
            normalized = this.engine.normalizeScene(text);
          } catch (e) {
            this.message('error', t('documentRefusedFile', { file: action.scene.path, error: errorMessage(e) }));
            break;
          }
          const dir = action.scene.path.includes('/') ? action.scene.path.slice(0, action.scene.path.lastIndexOf('/') + 1) : '';
          for (const img of action.images) {
            const rel = dir !== '' && img.path.startsWith(dir) ? img.path.slice(dir.length) : img.path;
            const file = byPath.get(img.path);
            if (file !== undefined) await this.loadImage(rel, file.file);
          }
          this.replaceScene(normalized, t('openScene'), 'open');
          break;
        }
        case 'spine': {
          this.message('info', t('spineDetected', { file: action.skeleton.path, atlas: action.atlas?.path ?? t('none'), pages: action.pages.length }));
          const files = [action.skeleton, ...(action.atlas === null ? [] : [action.atlas]), ...action.pages]
            .map((f) => byPath.get(f.path))
            .filter((f): f is PathedFile => f !== undefined);
          await openSkeletonDrop(files, byId('object-panels'), {
            skelInfo: (bytes, atlas, charset) => this.engine.skelInfo(bytes, atlas, charset),
            skelRepair: (bytes, atlas, charset) => this.engine.skelRepair(bytes, atlas, charset) as SkelRepairResult,
          }, {
            callEditor: (f) => this.engine.withEditor((e) => f(e as Parameters<typeof f>[0])),
            addImage: (path, w, hgt, rgba) => this.engine.addImage(path, w, hgt, rgba),
            decodeImage,
            viewCentre: () => [this.viewport.pan[0], this.viewport.pan[1]],
          });
          break;
        }
        case 'ms3d': {
          this.message('info', t('ms3dDetected', { file: action.model.path }));
          const file = byPath.get(action.model.path);
          if (file === undefined) break;
          const images = action.images.map((f) => byPath.get(f.path)).filter((f): f is PathedFile => f !== undefined);
          const api = editorModelApi(
            this.engine.models,
            async (path, blob) => (await this.loadImage(path, blob)) !== null,
            () => [this.viewport.pan[0], this.viewport.pan[1]],
          );
          await openModelDrop([file, ...images], byId('object-panels'), api);
          break;
        }
        case 'texture': {
          const file = byPath.get(action.image.path);
          if (file === undefined) break;
          const asset = await this.loadImage(action.image.path, file.file);
          if (asset !== null) this.useTextures([asset], false);
          break;
        }
        case 'flipbook': {
          const assets: ImageAsset[] = [];
          for (const frame of action.frames) {
            const file = byPath.get(frame.path);
            if (file === undefined) continue;
            const asset = await this.loadImage(frame.path, file.file);
            if (asset !== null) assets.push(asset);
          }
          if (assets.length > 0) this.useTextures(assets, assets.length > 1);
          break;
        }
      }
    }
  }

  /** Decodes and registers an image; null (with a message) when it cannot be used. */
  private async loadImage(path: string, file: Blob): Promise<ImageAsset | null> {
    try {
      const img = await decodeImage(file);
      this.engine.addImage(path, img.width, img.height, img.rgba);
      void cacheImage({ path, ...img }).catch(() => undefined);
      return { path, width: img.width, height: img.height };
    } catch (e) {
      const reason = e instanceof ImageError ? t(`image_${e.problem}` as MessageKey) : errorMessage(e);
      this.message('error', t('imageRefused', { file: path, reason }));
      return null;
    }
  }

  /** Gives the selected system (or a new one) these images as texture / flipbook frames. */
  private useTextures(assets: ImageAsset[], flipbook: boolean): void {
    let index = this.selection;
    const paths = assets.map((a) => a.path);
    const fresh = index < 0 ? this.newSystem() : null;
    const ok = this.edit(flipbook ? t('dropFlipbook') : t('dropTexture'), (d) => {
      for (const a of assets) {
        const at = d.images.findIndex((i) => i.path === a.path);
        if (at >= 0) d.images[at] = a;
        else d.images.push(a);
      }
      if (fresh !== null) {
        fresh.name = paths[0].replace(/^.*\//, '').replace(/\.[^.]*$/, '');
        d.systems.push(fresh);
        index = d.systems.length - 1;
      }
      const sys = d.systems[index];
      sys.textures = paths;
      sys.flipbook.enabled = flipbook;
    });
    if (ok) {
      this.select(index);
      this.message('info', flipbook ? t('flipbookApplied', { count: paths.length }) : t('textureApplied', { file: paths[0] }));
    }
    // The engine may have drawn the old scene before the images arrived: push again.
    this.refreshPanels();
  }

  /**
   * Re-registers user images kept in IndexedDB (after a reload), and forgets stored images that
   * neither the current scene nor any recoverable scene refers to.
   */
  async restoreCachedImages(): Promise<void> {
    const referenced = new Set<string>();
    const docs: Scene[] = [this.store.doc];
    for (const item of readRecovery(localStorage)) {
      try {
        docs.push(JSON.parse(item.json) as Scene);
      } catch {
        // An unreadable recovery entry refers to nothing.
      }
    }
    for (const doc of docs) {
      for (const image of doc.images ?? []) referenced.add(image.path);
      for (const sys of doc.systems ?? []) for (const tex of sys.textures ?? []) referenced.add(tex);
    }
    let images;
    try {
      images = await cachedImages();
      await pruneImages([...referenced]);
    } catch {
      return;
    }
    const loaded = this.engine.imagePaths();
    let any = false;
    for (const img of images) {
      if (loaded.includes(img.path) || !referenced.has(img.path)) continue;
      this.engine.addImage(img.path, img.width, img.height, img.rgba);
      any = true;
    }
    if (any) {
      this.pushScene();
      this.refreshPanels();
    }
  }
}
