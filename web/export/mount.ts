// Mounts the export module's page parts: the live budget panel (after #export-settings) and the
// compare view (overlay in #viewport, toggle in #view-tools). The app may call
// `mountExportUi(…)` itself; otherwise this module mounts them once the page is ready
// (`body[data-ready=true]`), from the objects main.ts publishes on `window.__spineParticle`.
import { CompareOverlay } from './compare/overlay';
import type { Engine } from '../engine/engine';
import type { DocumentStore } from '../document/store';
import { BudgetPanel } from './budget';
import { imagesJson } from './pipeline';

/** What the export UI needs from the app. */
export interface ExportUiParts {
  store: DocumentStore;
  engine: Engine;
  /** The editor view: `pan` is the scene pixel at the canvas centre. */
  view(): { panX: number; panY: number; zoom: number };
  message(kind: 'info' | 'error', text: string): void;
}

/** The mounted parts. */
export interface MountedExportUi {
  budget: BudgetPanel;
  compare: CompareOverlay;
  dispose(): void;
}

let mounted: MountedExportUi | null = null;

/** Mounts the budget panel and the compare view once (later calls return the same parts). */
export function mountExportUi(parts: ExportUiParts): MountedExportUi {
  if (mounted !== null) return mounted;
  const settings = document.getElementById('export-settings');
  const container = document.getElementById('viewport');
  const toolbar = document.getElementById('view-tools');
  if (settings === null || container === null || toolbar === null) {
    throw new Error('export UI: #export-settings, #viewport or #view-tools is missing');
  }
  const budget = new BudgetPanel(parts.store);
  settings.after(budget.root);
  budget.root.className = settings.className;
  const loaded = (): { path: string; width: number; height: number }[] =>
    parts.store.doc.images.filter((i) => parts.engine.imagePaths().includes(i.path));
  const compare = new CompareOverlay({
    container,
    toolbar,
    view: parts.view,
    timeSecs: () => parts.engine.timeSecs(),
    sceneJson: () => parts.store.json,
    imagesJson: () => imagesJson(loaded()),
    followJson: () => parts.engine.followTracks(),
    message: parts.message,
  });
  // Language changes flip <html lang>: relabel.
  const langWatch = new MutationObserver(() => {
    budget.render();
    compare.relabel();
  });
  langWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  mounted = {
    budget,
    compare,
    dispose() {
      langWatch.disconnect();
      budget.dispose();
      compare.dispose();
      mounted = null;
    },
  };
  (window as unknown as { __spineParticleExport?: unknown }).__spineParticleExport = mounted;
  return mounted;
}

interface PublishedApp {
  app: { viewport: { pan: [number, number]; zoom: number }; message(kind: 'info' | 'error', text: string): void };
  store: DocumentStore;
  engine: Engine;
}

function autoMount(): void {
  const published = (window as unknown as { __spineParticle?: PublishedApp }).__spineParticle;
  if (mounted !== null || published === undefined) return;
  const { app, store, engine } = published;
  mountExportUi({
    store,
    engine,
    view: () => ({ panX: app.viewport.pan[0], panY: app.viewport.pan[1], zoom: app.viewport.zoom }),
    message: (kind, text) => app.message(kind, text),
  });
}

if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  const ready = (): boolean => document.body?.dataset.ready === 'true';
  if (ready()) queueMicrotask(autoMount);
  else {
    const watch = new MutationObserver(() => {
      if (!ready()) return;
      watch.disconnect();
      autoMount();
    });
    const start = (): void => watch.observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
    if (document.body !== null) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  }
}
