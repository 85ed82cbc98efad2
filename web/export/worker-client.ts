// Runs exports in dedicated Web Workers (web/export/worker/export-worker.ts). Cancel is
// `worker.terminate()`: the bake stops at once and the tab never freezes.
//
// A worker that finished an export is kept, idle, for the next one (and one is started ahead of
// the first export, `prepare`): starting a module worker and loading its wasm instance took
// 120–190 ms of the medium scene's 350 ms from click to file in Chromium, and the first export on
// a fresh instance runs on V8's baseline code (104–243 ms where a warm instance takes ~95 ms).
// A worker that failed, was cancelled or grew its wasm memory past `keepBelowBytes` is stopped
// (a trap poisons an instance; a wasm memory never shrinks).
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

/** The part of a `Worker` the pool uses (tests give a fake). */
export interface ExportWorkerLike {
  onmessage: ((e: MessageEvent<ExportReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(request: ExportRequest): void;
  terminate(): void;
}

/** A worker whose wasm memory is at most this after an export is kept for the next one. */
const KEEP_BELOW_BYTES = 256 * 1024 * 1024;

/** Starts a new export worker; it loads its wasm instance at once. */
function spawnExportWorker(): ExportWorkerLike {
  return new Worker(new URL('./worker/export-worker.ts', import.meta.url), { type: 'module' }) as ExportWorkerLike;
}

/** The export workers: each export runs in its own worker; at most one idle worker is kept. */
export class ExportWorkers {
  private idle: ExportWorkerLike | null = null;
  /** Exports running now (a worker that finishes one may be kept). */
  private running = 0;

  constructor(
    private readonly spawn: () => ExportWorkerLike = spawnExportWorker,
    private readonly keepBelowBytes = KEEP_BELOW_BYTES,
  ) {}

  /** Starts a worker for the next export unless one is waiting or an export runs (its worker may be kept). */
  prepare(): void {
    if (this.idle === null && this.running === 0) this.park(this.spawn());
  }

  /** Whether a worker is waiting for the next export. */
  get hasIdle(): boolean {
    return this.idle !== null;
  }

  /** Starts an export of `sceneJson` on the waiting worker, or on a new one. */
  run(sceneJson: string, imagesJson: string, followJson: string, onStage: OnStage): ExportJob {
    const worker = this.idle ?? this.spawn();
    this.idle = null;
    this.running++;
    let settled = false;
    let settle: (r: ExportReply) => void = () => {};
    const result = new Promise<ExportReply>((resolve) => (settle = resolve));
    const finish = (r: ExportReply): void => {
      if (settled) return;
      settled = true;
      this.running--;
      const keep = r.kind === 'done' && r.memoryBytes !== undefined && r.memoryBytes <= this.keepBelowBytes && this.idle === null;
      if (keep) this.park(worker);
      else worker.terminate();
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

  /** Stops the waiting worker. */
  dispose(): void {
    this.idle?.terminate();
    this.idle = null;
  }

  /** Keeps `worker` waiting; an error while it waits (its module failed to load) drops it. */
  private park(worker: ExportWorkerLike): void {
    worker.onmessage = null;
    worker.onerror = () => {
      worker.terminate();
      if (this.idle === worker) this.idle = null;
    };
    this.idle = worker;
  }
}

/** The page's export workers (the export button and the compare view share them). */
export const exportWorkers = new ExportWorkers();

/** Starts an export of `sceneJson` on the page's export workers. */
export function runExportInWorker(sceneJson: string, imagesJson: string, followJson: string, onStage: OnStage): ExportJob {
  return exportWorkers.run(sceneJson, imagesJson, followJson, onStage);
}
