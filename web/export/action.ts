// The `导出Spine Json` button's action: runs the export in a Web Worker (main-thread fallback when
// a worker cannot start), shows progress with a Cancel button, refuses to download anything the
// official runtime cannot read, then downloads the file named in the settings, records the export
// (budget summary, compare view) and shows a summary. `document.body.dataset.exportState` ends as
// `done`, `failed` or `cancelled` (for tests and tools).
import type { DocumentStore } from '../document/store';
import type { ImageAsset, Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { errorText } from '../errors';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { downloadFile } from '../ui/download';
import type { ShowMessage } from '../ui/messages';
import { builtinNamesUsed } from './builtin-images';
import { failureText } from './failure-text';
import type { ExportRecord } from './last-export';
import { imagesJson, runExportPipeline } from './pipeline';
import type { ExportReply } from './protocol';
import { summaryLines } from './summary';
import { runExportInWorker, type ExportJob } from './worker-client';

/** What the export action needs from the editor. */
export interface ExportActionHost {
  /** The document store: `store.json` is the normalised scene. */
  readonly store: DocumentStore;
  /** The wasm facade (main-thread fallback, bone tracks, image sizes). */
  readonly engine: Engine;
  readonly message: ShowMessage;
  /** Where a successful export is recorded. */
  readonly exports: ExportRecord;
}

/** The download name: the settings' file name (default `SpineParticle.json`), `.json` added. */
export function downloadName(fileName: string): string {
  const name = fileName.trim() === '' ? 'SpineParticle.json' : fileName.trim();
  return name.toLowerCase().endsWith('.json') ? name : `${name}.json`;
}

/** A small modal with a status line, a progress bar and Cancel. */
function progressDialog(onCancel: () => void): { set(stage: string, fraction?: number): void; close(): void } {
  document.getElementById('export-progress')?.remove();
  const status = h('div', { id: 'export-progress-stage' });
  const bar = h('progress');
  const cancel = h('button', { type: 'button', id: 'export-cancel', onclick: onCancel }, t('cancel'));
  const box = h('div', { id: 'export-progress', class: 'export-progress', role: 'dialog', 'aria-live': 'polite' }, status, bar, cancel);
  document.body.append(box);
  return {
    set(stage: string, fraction?: number) {
      status.textContent = fraction === undefined ? stage : `${stage} ${Math.round(fraction * 100)}%`;
      if (fraction === undefined) bar.removeAttribute('value');
      else bar.value = Math.max(0, Math.min(1, fraction));
    },
    close() {
      box.remove();
    },
  };
}

const STAGE_KEY = { loading: 'exportLoading', baking: 'exportBaking', checking: 'exportChecking' } as const;

/** The export button's action (see the file comment). */
export class ExportAction {
  private running = false;

  constructor(private readonly host: ExportActionHost) {}

  /** The images of the scene the page holds pixels for, with sizes. */
  private loadedImages(): ImageAsset[] {
    const held = this.host.engine.imagePaths();
    return this.host.store.doc.images.filter((i) => held.includes(i.path));
  }

  /** Runs one export; a click while one runs does nothing. Never throws. */
  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    document.body.dataset.exportState = 'running';
    try {
      await this.exportOnce();
    } catch (e) {
      document.body.dataset.exportState = 'failed';
      this.host.message('error', t('exportFailed', { error: errorText(e) }));
    } finally {
      this.running = false;
    }
  }

  private async exportOnce(): Promise<void> {
    const { store, engine, message } = this.host;
    const sceneJson = store.json;
    const fileName = store.doc.export.fileName;
    const images = imagesJson(this.loadedImages());
    const followJson = engine.followTracks();
    let cancelled = false;
    let job: ExportJob | null = null;
    const dialog = progressDialog(() => {
      cancelled = true;
      job?.cancel();
    });
    dialog.set(t('exportLoading'));
    let reply: ExportReply;
    try {
      job = runExportInWorker(sceneJson, images, followJson, (s, f) => dialog.set(t(STAGE_KEY[s]), f));
      reply = await job.result;
      if (!cancelled && reply.kind === 'failed' && reply.failure.code === 'worker' && engine.canExport) {
        // No worker (or it could not load the module): same pipeline on the page's own instance.
        dialog.set(t('exportBaking'));
        await new Promise((r) => setTimeout(r, 0)); // let the dialog paint
        reply = runExportPipeline((s, i) => engine.exportSpine(s, i, followJson), sceneJson, images, () => performance.now());
      }
    } finally {
      dialog.close();
    }
    if (cancelled) {
      document.body.dataset.exportState = 'cancelled';
      message('info', t('exportCancelled'));
      return;
    }
    if (reply.kind !== 'done') {
      document.body.dataset.exportState = 'failed';
      message('error', t('exportFailedNothingSaved', { error: reply.kind === 'failed' ? failureText(reply.failure) : '' }));
      return;
    }
    downloadFile(downloadName(fileName), reply.json, 'application/json');
    this.host.exports.publish({ json: reply.json, report: reply.report, sceneJson, followJson, totalMs: reply.totalMs });
    document.body.dataset.exportState = 'done';
    // The built-in images it names are files only the editor has: say where to get them.
    const builtins = builtinNamesUsed(JSON.parse(sceneJson) as Scene, engine.builtinTextures().map((b) => b.name));
    const where = builtins.length === 0 ? [] : [t('exportBuiltinImages', { names: builtins.join(', ') })];
    message('info', [t('exportDone', { file: downloadName(fileName) }), ...summaryLines(reply.report, reply.totalMs), ...where].join('\n'));
  }
}
