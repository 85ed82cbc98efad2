// The `导出Spine Json` button: runs the export in a Web Worker (main-thread fallback when a
// worker cannot start), shows progress with a Cancel button, refuses to download anything the
// official runtime cannot read, then downloads the file named in the settings and shows a
// summary. `document.body.dataset.exportState` ends as `done`, `failed` or `cancelled` (for
// tests and tools); `?exportFault=…` (fault.ts) breaks the export on purpose.
import { setExportHandler, type ExportContext } from '../editor/hooks';
import { exportFaultFromQuery } from '../../tests/support/export-fault';
import { publishExport } from './last-export';
import { imagesJson, runExportPipeline, summaryLines } from './pipeline';
import type { ExportReply } from './protocol';
import { runExportInWorker, type ExportJob } from './worker-client';

const zh = (): boolean => document.documentElement.lang.startsWith('zh');

type Key = 'loading' | 'baking' | 'checking' | 'cancel' | 'cancelled' | 'failed' | 'done';

function text(key: Key): string {
  const table = {
    loading: ['正在加载导出器…', 'Loading the exporter…'],
    baking: ['正在烘焙粒子…', 'Baking particles…'],
    checking: ['正在用 Spine 运行时校验…', 'Checking with the Spine runtime…'],
    cancel: ['取消', 'Cancel'],
    cancelled: ['已取消导出', 'Export cancelled'],
    failed: ['导出失败（未下载）：', 'Export failed (nothing downloaded): '],
    done: ['已导出', 'Exported'],
  } as const;
  return table[key][zh() ? 0 : 1];
}

/** A small modal with a status line, a progress bar and Cancel. */
function progressDialog(onCancel: () => void): { set(stage: string, fraction?: number): void; close(): void } {
  document.getElementById('export-progress')?.remove();
  const box = document.createElement('div');
  box.id = 'export-progress';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-live', 'polite');
  box.style.cssText =
    'position:fixed;left:50%;top:40%;transform:translate(-50%,-50%);z-index:50;padding:16px 20px;' +
    'background:#222;color:#eee;border:1px solid #555;border-radius:6px;min-width:260px;font:14px sans-serif';
  const status = document.createElement('div');
  status.id = 'export-progress-stage';
  const bar = document.createElement('progress');
  bar.style.cssText = 'display:block;width:100%;margin:10px 0';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.id = 'export-cancel';
  cancel.textContent = text('cancel');
  cancel.onclick = onCancel;
  box.append(status, bar, cancel);
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

/** The download name: the settings' file name (default `SpineParticle.json`), `.json` added. */
export function downloadName(fileName: string): string {
  const name = fileName.trim() === '' ? 'SpineParticle.json' : fileName.trim();
  return name.toLowerCase().endsWith('.json') ? name : `${name}.json`;
}

function download(json: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = downloadName(fileName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

let running = false;

async function exportSpine(ctx: ExportContext): Promise<void> {
  if (running) return; // a second click while exporting does nothing
  running = true;
  document.body.dataset.exportState = 'running';
  try {
    await exportOnce(ctx);
  } finally {
    running = false;
  }
}

async function exportOnce(ctx: ExportContext): Promise<void> {
  const sceneJson = ctx.store.json;
  const fileName = ctx.store.doc.export.fileName;
  const images = imagesJson(ctx.loadedImages());
  const followJson = ctx.engine.followTracks();
  const fault = exportFaultFromQuery(location.search);
  let cancelled = false;
  let job: ExportJob | null = null;
  const dialog = progressDialog(() => {
    cancelled = true;
    job?.cancel(text('cancelled'));
  });
  dialog.set(text('loading'));
  let reply: ExportReply;
  try {
    job = runExportInWorker(sceneJson, images, followJson, (s, f) => dialog.set(text(s), f), fault);
    reply = await job.result;
    if (!cancelled && reply.kind === 'failed' && /^export worker:|dynamically imported module|importScripts|fetch/i.test(reply.message) && ctx.engine.canExport) {
      // No worker (or it could not load the module): same pipeline on the page's own instance.
      dialog.set(text('baking'));
      await new Promise((r) => setTimeout(r, 0)); // let the dialog paint
      reply = runExportPipeline((s, i) => ctx.engine.exportSpine(s, i, followJson), sceneJson, images, () => performance.now(), () => {}, fault);
    }
  } finally {
    dialog.close();
  }
  if (cancelled) {
    document.body.dataset.exportState = 'cancelled';
    ctx.message('info', text('cancelled'));
    return;
  }
  if (reply.kind !== 'done') {
    document.body.dataset.exportState = 'failed';
    ctx.message('error', `${text('failed')}${reply.kind === 'failed' ? reply.message : ''}`);
    return;
  }
  download(reply.json, fileName);
  publishExport({ json: reply.json, report: reply.report, sceneJson, followJson, totalMs: reply.totalMs });
  document.body.dataset.exportState = 'done';
  ctx.message('info', [`${text('done')} ${downloadName(fileName)}`, ...summaryLines(reply.report, reply.totalMs, zh())].join('\n'));
}

setExportHandler(exportSpine);
