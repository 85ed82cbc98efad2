// The `导出Spine Json` button: runs the export in a Web Worker (main-thread fallback when a
// worker cannot start), shows progress with a Cancel button, refuses to download anything the
// official runtime cannot read, then downloads the file named in the settings and shows a
// summary.
import { setExportHandler, type ExportContext } from '../hooks';
import { imagesJson, runExportPipeline, summaryLines } from './pipeline';
import type { ExportReply } from './protocol';

const zh = (): boolean => document.documentElement.lang.startsWith('zh');

function text(key: 'loading' | 'baking' | 'checking' | 'cancel' | 'cancelled' | 'failed' | 'done'): string {
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

/** A small modal with a status line, an indeterminate progress bar and Cancel. */
function progressDialog(onCancel: () => void): { set(stage: string, fraction?: number): void; close(): void } {
  const box = document.createElement('div');
  box.id = 'export-progress';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-live', 'polite');
  box.style.cssText =
    'position:fixed;left:50%;top:40%;transform:translate(-50%,-50%);z-index:50;padding:16px 20px;' +
    'background:#222;color:#eee;border:1px solid #555;border-radius:6px;min-width:260px;font:14px sans-serif';
  const status = document.createElement('div');
  const bar = document.createElement('progress');
  bar.style.cssText = 'display:block;width:100%;margin:10px 0';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = text('cancel');
  cancel.onclick = onCancel;
  box.append(status, bar, cancel);
  document.body.append(box);
  return {
    set(stage: string, fraction?: number) {
      status.textContent = stage;
      if (fraction === undefined) bar.removeAttribute('value');
      else bar.value = Math.max(0, Math.min(1, fraction));
    },
    close() {
      box.remove();
    },
  };
}

function download(json: string, fileName: string): void {
  const name = fileName.trim() === '' ? 'SpineParticle.json' : fileName.trim();
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name.toLowerCase().endsWith('.json') ? name : `${name}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Overall fraction from a core progress event: bake is the first half, reduce the second. */
function fraction(detail: { stage: string; done: number; total: number }): number {
  const part = detail.total > 0 ? detail.done / detail.total : 0;
  if (detail.stage === 'bake') return part * 0.5;
  if (detail.stage === 'reduce') return 0.5 + part * 0.45;
  return 0.95;
}

function runInWorker(
  sceneJson: string,
  images: string,
  onStage: (s: string, fraction?: number) => void,
): { result: Promise<ExportReply>; cancel(): void } {
  const worker = new Worker(new URL('./worker/export-worker.ts', import.meta.url), { type: 'module' });
  let settle: (r: ExportReply) => void = () => {};
  const result = new Promise<ExportReply>((resolve) => (settle = resolve));
  worker.onmessage = (e: MessageEvent<ExportReply>) => {
    if (e.data.kind === 'progress') onStage(text(e.data.stage), e.data.detail ? fraction(e.data.detail) : undefined);
    else {
      settle(e.data);
      worker.terminate();
    }
  };
  worker.onerror = (e) => {
    settle({ kind: 'failed', message: e.message || 'the export worker failed to start' });
    worker.terminate();
  };
  worker.postMessage({ sceneJson, imagesJson: images });
  return {
    result,
    cancel() {
      worker.terminate();
      settle({ kind: 'failed', message: text('cancelled') });
    },
  };
}

async function exportSpine(ctx: ExportContext): Promise<void> {
  const sceneJson = ctx.store.json;
  const images = imagesJson(ctx.loadedImages());
  let cancelled = false;
  let job: { result: Promise<ExportReply>; cancel(): void } | null = null;
  const dialog = progressDialog(() => {
    cancelled = true;
    job?.cancel();
  });
  dialog.set(text('loading'));
  let reply: ExportReply;
  try {
    job = runInWorker(sceneJson, images, (s, f) => dialog.set(s, f));
    reply = await job.result;
    if (!cancelled && reply.kind === 'failed' && /worker|import|fetch|module/i.test(reply.message) && ctx.engine.canExport) {
      // No worker (or it could not load the module): same pipeline on the page's own instance.
      dialog.set(text('baking'));
      reply = runExportPipeline((s, i) => ctx.engine.exportSpine(s, i), sceneJson, images, () => performance.now());
    }
  } finally {
    dialog.close();
  }
  if (cancelled) {
    ctx.message('info', text('cancelled'));
    return;
  }
  if (reply.kind !== 'done') {
    ctx.message('error', `${text('failed')}${reply.kind === 'failed' ? reply.message : ''}`);
    return;
  }
  download(reply.json, ctx.store.doc.export.fileName);
  ctx.message('info', [`${text('done')} ${ctx.store.doc.export.fileName}`, ...summaryLines(reply.report, reply.totalMs, zh())].join('\n'));
}

setExportHandler(exportSpine);
