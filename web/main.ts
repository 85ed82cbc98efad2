// The composition root, and the only one: `startEditor` creates every part of the editor and
// wires them explicitly (who hears a document change, a frame, a language switch, a crash), in
// the order that matters. No feature registers itself, publishes a global or observes the page;
// each exports a constructor or a `mount` taking its dependencies. The page's entry (start.ts)
// calls `startEditor()`; a test build may call it with another wasm loader and read the returned
// parts.
//
// Start-up: language and static labels → wasm module through the facade → the autosaved scene
// (or the default one) → the Editor on the canvas → the parts → first frame → images, model and
// skeleton files kept in IndexedDB → a shared scene from the URL fragment → `body[data-ready=true]` (set
// for tests and tools; nothing in the product reads it).

import './style.css';
import { Autosaver, readAutosave, readRecovery, RECOVERY_KEY } from './document/autosave';
import { DocumentStore } from './document/store';
import { BUILTIN_PREFIX, type Scene } from './document/types';
import { DocumentActions } from './editor/document-actions';
import { handleFiles, installDrop, type DropHost } from './editor/drop';
import { loadImage, restoreCachedImages } from './editor/images';
import { installKeys } from './editor/keys';
import type { EditorContext } from './editor/context';
import { Player } from './editor/player';
import { SceneListPanel } from './editor/sceneList';
import { Selection } from './editor/selection';
import { StatusBar } from './editor/status';
import { Timeline } from './editor/timeline';
import { buildToolbar, refreshRecoverMenu } from './editor/toolbar';
import { Viewport } from './editor/viewport';
import { canvasGizmos } from './editor/canvas-gizmos';
import { schemaLimits } from './editor/drag-steps';
import { Engine, rendererFromQuery } from './engine/engine';
import { loadWasm } from './engine/wasm-loader';
import type { WasmLoader } from './engine/wasm-api';
import { WasmFeatureMissing } from './engine/wasm-features';
import { errorText } from './errors';
import { issueText } from './i18n/error-wording';
import { mountExport, type ExportFeature } from './export/mount';
import { initLang, lang, t, toggleLang, type MessageKey } from './i18n';
import { ModelObjects } from './models/objects';
import { ObjectCanvas } from './objects/canvas';
import { objectListHosts } from './objects/list';
import { ObjectCard } from './objects/card';
import { PropertiesPanel } from './particles/properties';
import { dragSystem, FollowTracker } from './skeleton/object/follow-live';
import { SkeletonObjects } from './skeleton/skeletons';
import { byId } from './ui/dom';
import { MessageArea, type ShowMessage } from './ui/messages';

/** How the editor is started. */
export interface EditorOptions {
  /** Loads the wasm module (default: the page's own build, web/engine/wasm-loader.ts). */
  loader?: WasmLoader;
}

/** The parts of a started editor (what a test build may drive). */
export interface EditorParts {
  readonly store: DocumentStore;
  readonly engine: Engine;
  readonly player: Player;
  readonly viewport: Viewport;
  readonly exporter: ExportFeature;
}

function applyStaticLabels(): void {
  document.documentElement.lang = lang();
  document.title = t('pageTitle');
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n as MessageKey);
  }
}

function fatal(text: string): void {
  const box = byId('fatal');
  box.hidden = false;
  box.textContent = text;
  document.body.dataset.ready = 'failed';
  console.error(`[SpineParticle] ${text}`);
}

/** A fresh canvas in place of `old` (a crashed GPU context cannot always be re-taken). */
function freshCanvas(old: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.id = old.id;
  canvas.className = old.className;
  old.replaceWith(canvas);
  return canvas;
}

/** The autosaved document, else the default one (`notes` hears why the autosave was not used). */
function openDocument(engine: Engine, notes: string[]): DocumentStore {
  const normalize = (json: string): string => engine.normalizeScene(json);
  const saved = readAutosave(localStorage);
  try {
    return DocumentStore.create(saved?.json ?? engine.defaultScene(), normalize);
  } catch (e) {
    notes.push(t('autosaveUnreadable', { error: errorText(e) }));
    return DocumentStore.create(engine.defaultScene(), normalize);
  }
}

/** Starts the editor in this page; null when it cannot run (the page says why). */
export async function startEditor(options: EditorOptions = {}): Promise<EditorParts | null> {
  try {
    return await start(options.loader ?? loadWasm);
  } catch (e) {
    fatal(errorText(e));
    return null;
  }
}

async function start(loader: WasmLoader): Promise<EditorParts | null> {
  initLang();
  applyStaticLabels();
  let engine: Engine;
  try {
    engine = await Engine.load(loader);
  } catch (e) {
    fatal(
      e instanceof WasmFeatureMissing
        ? t('wasmFeatureMissing', { feature: e.feature.name, since: e.feature.since })
        : t('wasmLoadFailed', { error: errorText(e) }),
    );
    return null;
  }
  const notes: string[] = [];
  const store = openDocument(engine, notes);
  try {
    await engine.attach(byId<HTMLCanvasElement>('canvas'), rendererFromQuery(location.search), freshCanvas);
  } catch (e) {
    fatal(t('rendererFailed', { error: errorText(e) }));
    return null;
  }

  // ---- services every part shares ---------------------------------------------------------
  const messages = new MessageArea(byId('messages'));
  const message: ShowMessage = (kind, text) => messages.show(kind, text);
  const edit = (label: string, mutate: (draft: Scene) => void, coalesceKey: string | null = null): boolean => {
    const result = store.edit(label, mutate, coalesceKey);
    if (!result.ok) message('error', t('editRefused', { error: result.error }));
    return result.ok;
  };
  const selection = new Selection(store, () => refreshPanels());
  const builtins = engine.builtinTextures().map((b) => `${BUILTIN_PREFIX}${b.name}`);
  const textureChoices = (): string[] => [...builtins, ...store.doc.images.map((i) => i.path).filter((p) => !builtins.includes(p))];

  // ---- the parts (the models before the skeletons: their crash hooks run in this order) -----
  const viewport = new Viewport(byId('viewport'), byId('view-tools'), engine, () => store.doc);
  const viewCentre = (): [number, number] => [viewport.pan[0], viewport.pan[1]];
  const gizmos = canvasGizmos({
    viewport,
    engine,
    store,
    selected: () => selection.get(),
    edit: (label, mutate) => edit(label, mutate),
    followedOrigin: (s, time) => follow.positionOf(s, time),
    skeletons: () => skeletons,
    models: () => models,
    updateFollow: () => updateFollow(),
  });
  // Colliders and paths: drawn and edited on the canvas, listed in the scene list.
  const objects = new ObjectCanvas(byId('viewport'), byId('view-tools'), viewport, engine, {
    doc: () => store.doc,
    json: () => store.json,
    edit: (label, mutate) => {
      store.breakCoalescing();
      const ok = edit(label, mutate);
      store.breakCoalescing();
      return ok;
    },
    info: (text) => message('info', text),
    hint: (text) => messages.hint(text),
    selectionChanged: () => refreshPanels(),
  });
  const objectCard = new ObjectCard(byId('object-panels'), { doc: () => store.doc, selected: () => objects.selected(), edit, remove: (ref) => objects.remove(ref) });
  const objectHosts = objectListHosts({ canvas: objects, doc: () => store.doc, edit, error: (text) => message('error', text) });
  const models = new ModelObjects({
    store,
    engine,
    panelBox: byId('object-panels'),
    viewCentre,
    edit,
    message,
    refreshPanels: () => refreshPanels(),
    loadImage: async (path, blob) => (await loadImage(engine, message, path, blob)) !== null,
  });
  const skeletons = new SkeletonObjects({ store, engine, panelBox: byId('object-panels'), viewCentre, edit, message, refreshPanels: () => refreshPanels() });
  const follow = new FollowTracker(
    (json) => engine.setFollowTracks(json),
    (track, t) => engine.boneTrackPositionAt(track, t),
    (durationSecs, fps) => engine.stepsCovering(durationSecs, fps),
  );
  const ctx: EditorContext = {
    store,
    engine,
    message,
    edit,
    selected: () => selection.get(),
    select: (index) => selection.select(index),
    textureChoices,
    followSkeletons: () => skeletons.loaded(),
  };
  const status = new StatusBar(engine);
  const actions = new DocumentActions({
    store,
    engine,
    message,
    edit,
    select: (index) => selection.select(index),
    afterReplace: () => {
      selection.reset();
      refreshPanels();
      viewport.fit();
      engine.setTime(0);
      refreshRecoverMenu();
      const missing = status.showMissing(store.doc);
      if (missing.length > 0) message('info', t('missingImages', { list: missing.join(', ') }));
    },
  });
  const sceneList = new SceneListPanel(byId('scene-list'), ctx, () => actions.newSystem(), skeletons, models, objectHosts.colliders, objectHosts.paths);
  const properties = new PropertiesPanel(byId('properties'), ctx);
  // The core's timeline; skeletons and models extend it to their longest loop (or animation or
  // clip) at their speed.
  const player = new Player(engine, () => Math.max(skeletons.scene.longestSecs(), models.longestSecs()), () => store.doc.export.fps);
  const timeline = new Timeline(byId('timeline'), player);
  player.onChange = () => timeline.tick();
  let toldOtherTab = false;
  const autosave = new Autosaver(
    localStorage,
    () => store.json,
    () => message('error', t('autosaveFailed')),
    () => {
      refreshRecoverMenu();
      // Said once: two tabs editing by turns keep each other's latest scene at every save.
      if (!toldOtherTab) message('info', t('otherTabKept'));
      toldOtherTab = true;
    },
  );
  const exporter = mountExport({
    ...ctx,
    settingsBox: byId('export-settings'),
    viewportBox: byId('viewport'),
    viewTools: byId('view-tools'),
    view: () => ({ panX: viewport.pan[0], panY: viewport.pan[1], zoom: viewport.zoom, background: viewport.background }),
  });
  const dropHost: DropHost = {
    ...ctx,
    replaceScene: (json, label, reason) => actions.replaceScene(json, label, reason),
    newSystem: () => actions.newSystem(),
    refreshPanels: () => refreshPanels(),
    loadImage: (path, file) => loadImage(engine, message, path, file),
    skeletons,
    models,
  };

  // ---- how they follow each other -----------------------------------------------------------
  function refreshPanels(): void {
    const doc = store.doc;
    sceneList.update(doc);
    properties.update(doc);
    exporter.update(doc);
    objectCard.render();
    byId<HTMLButtonElement>('undo-button').disabled = store.undoDepth === 0;
    byId<HTMLButtonElement>('redo-button').disabled = store.redoDepth === 0;
    status.showMissing(doc);
  }
  /** Gives the engine the current document, keeping the timeline time. */
  function pushScene(): void {
    const time = engine.timeSecs();
    try {
      engine.setScene(store.json);
      engine.setTime(time);
    } catch (e) {
      message('error', t('engineRefused', { error: issueText(e) }));
    }
  }
  /**
   * Re-derives the bone tracks of following systems (web/skeleton/object/follow-live.ts) from the
   * document and the players' placements (a skeleton drag's preview places the players).
   */
  function updateFollow(): void {
    try {
      follow.update(store.doc, skeletons.loaded());
    } catch (e) {
      message('error', errorText(e));
    }
    for (const problem of follow.errors) message('error', problem);
  }
  function toolbar(): void {
    buildToolbar({
      store,
      newScene: () => actions.newScene(),
      handleFiles: (files) => handleFiles(dropHost, files),
      saveFile: () => actions.saveFile(),
      applyPreset: (id, asScene) => actions.applyPreset(id, asScene),
      replaceScene: (json, label, reason) => actions.replaceScene(json, label, reason),
      share: () => actions.share(),
      runExport: () => exporter.run(),
      prepareExport: () => exporter.prepare(),
      toggleLang: () => {
        toggleLang();
        applyStaticLabels();
        toolbar();
        properties.invalidate();
        exporter.relabel();
        timeline.relabel();
        viewport.relabel();
        objects.relabel();
        objectCard.render(true);
        refreshPanels();
      },
    });
  }
  viewport.onMoveSystem = (dx, dy) => {
    const i = selection.get();
    if (i < 0) return;
    edit(t('moveSystem'), (d) => dragSystem(d.systems[i], dx, dy, follow.follows(d.systems[i]), schemaLimits(engine.fieldSchema())), `systems[${i}].transform.drag`);
  };
  viewport.onMoveEnd = () => store.breakCoalescing();
  skeletons.scene.onLoadedChanged(() => {
    updateFollow();
    refreshPanels();
  });
  store.subscribe((e) => {
    selection.follow(e.doc.systems.length);
    objects.documentChanged();
    pushScene();
    skeletons.documentChanged(e.doc);
    models.documentChanged();
    updateFollow();
    refreshPanels();
    autosave.schedule();
  });
  engine.onCrash((error, recovered) => {
    message('error', t(recovered ? 'engineRecovered' : 'engineDead', { error }));
    if (recovered) viewport.apply();
  });
  autosave.watchPage(window);
  const frame = (now: number): void => {
    player.advance(now);
    const time = engine.timeSecs();
    skeletons.frame(time);
    engine.render();
    timeline.tick();
    const sel = store.doc.systems[selection.get()];
    viewport.showMarker(sel === undefined ? null : (follow.positionOf(sel, engine.timeSecs()) ?? [sel.transform.x, sel.transform.y]));
    gizmos.update(engine.timeSecs());
    objects.update();
    status.tick(now);
  };

  // ---- start ---------------------------------------------------------------------------------
  viewport.apply();
  pushScene();
  viewport.fit();
  toolbar();
  refreshPanels();
  // Another tab kept a document recoverable: this page's Recover menu lists it too.
  window.addEventListener('storage', (e) => {
    if (e.key === RECOVERY_KEY) refreshRecoverMenu();
  });
  installKeys({ store, viewport, isPlaying: () => player.playing, setPlaying: (on) => player.setPlaying(on), saveFile: () => actions.saveFile() });
  installDrop(dropHost);
  autosave.saveNow();
  window.addEventListener('hashchange', () => void actions.loadSharedFromHash());
  const loop = (now: number): void => {
    // A frame that throws (reported on the console) does not stop the next one.
    try {
      frame(now);
    } finally {
      requestAnimationFrame(loop);
    }
  };
  requestAnimationFrame(loop);
  for (const note of notes) message('error', note);
  const share = byId('share-box');
  byId('share-close').addEventListener('click', () => (share.hidden = true));

  // Files kept in IndexedDB (images, skeletons) come back before a shared scene replaces the
  // document, so both the shared and the recoverable scenes find theirs.
  if (await restoreCachedImages(engine, store.doc)) {
    pushScene();
    refreshPanels();
  }
  const recoverable: Scene[] = [];
  for (const item of readRecovery(localStorage)) {
    try {
      recoverable.push(JSON.parse(item.json) as Scene);
    } catch {
      // An unreadable recovery entry refers to nothing.
    }
  }
  const modelKeys = await models.restore(recoverable);
  await skeletons.restore(recoverable, modelKeys);
  await actions.loadSharedFromHash();
  document.body.dataset.ready = 'true';
  return { store, engine, player, viewport, exporter };
}
