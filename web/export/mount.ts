// The Spine export feature of the page, mounted once by web/main.ts: the export settings panel
// (in #export-settings), the live budget panel (after it), the compare view (overlay in
// #viewport, toggle in #view-tools) and the export button's action, sharing one record of the
// last export; the settings panel also downloads the built-in textures the scene uses. An export
// worker starts once the page is idle, so the first export finds its wasm instance loaded.
import './export.css';
import type { DocumentContext } from '../document/context';
import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { t } from '../i18n';
import { downloadFile } from '../ui/download';
import { ExportAction } from './action';
import { builtinImagesZip, builtinNamesUsed } from './builtin-images';
import { BudgetPanel } from './budget';
import { CompareOverlay } from './compare/overlay';
import { ExportRecord } from './last-export';
import { imagesJson } from './pipeline';
import { ExportPanel } from './ui/exportPanel';
import { exportWorkers } from './worker-client';

/** File name of the built-in textures' download. */
export const BUILTIN_IMAGES_ZIP = 'builtin-images.zip';

/** What the export feature needs from the editor. */
export interface ExportMountContext extends DocumentContext {
  readonly engine: Engine;
  /** The export settings section (`#export-settings`); the budget panel goes after it. */
  readonly settingsBox: HTMLElement;
  /** The element holding the preview canvas (`#viewport`). */
  readonly viewportBox: HTMLElement;
  /** The view tools (`#view-tools`), where the compare toggle goes. */
  readonly viewTools: HTMLElement;
  /** The editor view: `panX, panY` is the scene pixel at the canvas centre; background `#rrggbb`. */
  view(): { panX: number; panY: number; zoom: number; background?: string };
}

/** The mounted export feature. */
export interface ExportFeature {
  /** Runs the export (the toolbar button). */
  run(): Promise<void>;
  /** Starts an export worker for the next export unless one waits (the button's hover). */
  prepare(): void;
  /** Shows the document's export settings. */
  update(doc: Scene): void;
  /** Rebuilds every label in the current language. */
  relabel(): void;
  /** The compare view (its last drawn regions are read by tests). */
  readonly compare: CompareOverlay;
}

/** Runs `f` once the page is idle (at the latest after 2 s), or after 1 s without `requestIdleCallback`. */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 2000 });
  else setTimeout(f, 1000);
}

/** Mounts the export feature (see the file comment). */
export function mountExport(ctx: ExportMountContext): ExportFeature {
  const exports = new ExportRecord();
  let builtinNames: string[] | null = null;
  const settings = new ExportPanel(ctx.settingsBox, ctx, {
    used: (doc) => builtinNamesUsed(doc, (builtinNames ??= ctx.engine.builtinTextures().map((b) => b.name))),
    download: (names) => {
      const sizes = new Map(ctx.engine.builtinTextures().map((b) => [b.name, b]));
      const { zip, names: packed } = builtinImagesZip(names, (name) => {
        const b = sizes.get(name);
        const rgba = ctx.engine.builtinTexturePixels(name);
        return b === undefined || rgba === null ? null : { width: b.width, height: b.height, rgba };
      });
      if (packed.length === 0) {
        ctx.message('error', t('builtinImagesUnavailable'));
        return;
      }
      downloadFile(BUILTIN_IMAGES_ZIP, zip, 'application/zip');
      ctx.message('info', t('builtinImagesDone', { file: BUILTIN_IMAGES_ZIP, count: packed.length, folder: ctx.store.doc.export.imagesPath }));
    },
  });
  const budget = new BudgetPanel(ctx.store, exports);
  ctx.settingsBox.after(budget.root);
  budget.root.className = ctx.settingsBox.className;
  const loaded = (): { path: string; width: number; height: number }[] => ctx.store.doc.images.filter((i) => ctx.engine.imagePaths().includes(i.path));
  const compare = new CompareOverlay({
    container: ctx.viewportBox,
    toolbar: ctx.viewTools,
    view: () => ctx.view(),
    timeSecs: () => ctx.engine.timeSecs(),
    animationsAt: (t) => ctx.engine.animationsAt(t),
    sceneJson: () => ctx.store.json,
    imagesJson: () => imagesJson(loaded()),
    followJson: () => ctx.engine.followTracks(),
    renderPreview: () => ctx.engine.renderWithoutGrid(),
    showObjectOutlines: (on) => ctx.engine.setObjectOutlines(on),
    previewCanvas: () => ctx.viewportBox.querySelector<HTMLCanvasElement>('canvas#canvas'),
    images: () => [
      ...ctx.engine.builtinTextures().flatMap((b) => {
        const rgba = ctx.engine.builtinTexturePixels(b.name);
        return rgba === null ? [] : [{ reference: `builtin:${b.name}`, width: b.width, height: b.height, rgba }];
      }),
      ...ctx.engine.imagePaths().flatMap((path) => {
        const px = ctx.engine.imageData(path);
        return px === null ? [] : [{ reference: path, width: px.width, height: px.height, rgba: px.rgba }];
      }),
    ],
    imagesFolder: () => ctx.store.doc.export.imagesPath,
    message: ctx.message,
    exports,
  });
  const action = new ExportAction({ store: ctx.store, engine: ctx.engine, message: ctx.message, exports });
  // The first export's worker starts once the page is idle (web/export/worker-client.ts).
  whenIdle(() => exportWorkers.prepare());
  return {
    run: () => action.run(),
    prepare: () => exportWorkers.prepare(),
    update: (doc) => settings.update(doc),
    relabel: () => {
      settings.build();
      budget.render();
      compare.relabel();
    },
    compare,
  };
}
