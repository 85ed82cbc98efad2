// Page entry: loads the wasm module through the facade, restores the autosaved scene (or the
// default one), creates the Editor on the canvas, starts the app, then opens a shared scene from
// the URL fragment if there is one.

import './style.css';
import { readAutosave } from './document/autosave';
import { Engine, rendererFromQuery } from './engine/engine';
import { initLang, lang, setLang, t, type MessageKey } from './i18n/index';
import { App } from './editor/app';
import { DocumentStore, errorMessage } from './document/store';
import { byId } from './ui/dom';
import { loadWasm } from './engine/wasm-loader';

// Modules that plug into the page (the Spine export registers its button handler here).
import.meta.glob(['./export/*.ts', '!./export/*.test.ts'], { eager: true });

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

function freshCanvas(old: HTMLCanvasElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.id = old.id;
  canvas.className = old.className;
  old.replaceWith(canvas);
  return canvas;
}

async function main(): Promise<void> {
  initLang();
  applyStaticLabels();
  let engine: Engine;
  try {
    engine = await Engine.load(loadWasm);
  } catch (e) {
    fatal(t('wasmLoadFailed', { error: errorMessage(e) }));
    return;
  }
  const notes: string[] = [];
  let store: DocumentStore;
  const normalize = (json: string): string => engine.normalizeScene(json);
  const saved = readAutosave(localStorage);
  try {
    store = DocumentStore.create(saved?.json ?? engine.defaultScene(), normalize);
  } catch (e) {
    notes.push(t('autosaveUnreadable', { error: errorMessage(e) }));
    store = DocumentStore.create(engine.defaultScene(), normalize);
  }
  const canvas = byId<HTMLCanvasElement>('canvas');
  try {
    await engine.attach(canvas, rendererFromQuery(location.search), freshCanvas);
  } catch (e) {
    fatal(t('rendererFailed', { error: errorMessage(e) }));
    return;
  }
  const app = new App(engine, store);
  app.onToggleLang = () => {
    setLang(lang() === 'en' ? 'zh-CN' : 'en');
    applyStaticLabels();
    app.relabel();
  };
  app.start();
  for (const note of notes) app.message('error', note);
  const share = byId('share-box');
  byId('share-close').addEventListener('click', () => (share.hidden = true));
  await app.restoreCachedImages();
  await app.restoreSkeletons();
  await app.loadSharedFromHash();
  (window as unknown as { __spineParticle: unknown }).__spineParticle = { app, store, engine };
  document.body.dataset.ready = 'true';
}

void main().catch((e: unknown) => fatal(errorMessage(e)));
