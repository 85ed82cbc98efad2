// Runs one export in a dedicated Web Worker (web/export/worker/export-worker.ts). Cancel is
// `worker.terminate()`: the bake stops at once and the tab never freezes.
import type { ExportReply, ExportRequest } from './protocol';

/** Progress callback: the worker's stage and, during the bake, its overall fraction 0..1. */
export type OnStage = (stage: 'loading' | 'baking' | 'checking', fraction?: number) => void;

/** A running export. */
export interface ExportJob {
  /** Settles with the reply (never rejects). */
  result: Promise<ExportReply>;
  /** Stops the worker; `result` settles with the `cancelled` failure. */
  cancel(): void;
}

/** Overall fraction from a core progress event: bake is the first half, reduce the second. */
export function progressFraction(detail: { stage: string; done: number; total: number }): number {
  const part = detail.total > 0 ? detail.done / detail.total : 0;
  if (detail.stage === 'bake') return part * 0.5;
  if (detail.stage === 'reduce') return 0.5 + part * 0.45;
  return 0.95;
}

/** Starts an export of `sceneJson` in a new worker. */
export function runExportInWorker(sceneJson: string, imagesJson: string, followJson: string, onStage: OnStage): ExportJob {
  const worker = new Worker(new URL('./worker/export-worker.ts', import.meta.url), { type: 'module' });
  let settled = false;
  let settle: (r: ExportReply) => void = () => {};
  const result = new Promise<ExportReply>((resolve) => (settle = resolve));
  const finish = (r: ExportReply): void => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(r);
  };
  worker.onmessage = (e: MessageEvent<ExportReply>) => {
    if (e.data.kind === 'progress') onStage(e.data.stage, e.data.detail ? progressFraction(e.data.detail) : undefined);
    else finish(e.data);
  };
  worker.onerror = (e) => finish({ kind: 'failed', failure: { code: 'worker', detail: e.message ?? '' } });
  const request: ExportRequest = { sceneJson, imagesJson, followJson };
  worker.postMessage(request);
  return { result, cancel: () => finish({ kind: 'failed', failure: { code: 'cancelled' } }) };
}
