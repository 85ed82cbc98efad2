// Asks the budget worker for estimates, latest request wins: while one estimate runs, newer
// scenes replace each other in a one-slot queue, and answers to superseded requests are dropped.
import type { EstimateReply, ExportFailure, SpineEstimate } from './protocol';

/** An estimate result. */
export type EstimateResult = { ok: true; estimate: SpineEstimate; ms: number } | { ok: false; failure: ExportFailure };

/** The one-slot estimate queue over a worker. */
export class EstimateClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private busy: number | null = null;
  private queued: string | null = null;

  constructor(private readonly onResult: (r: EstimateResult) => void) {}

  /** Requests an estimate of `sceneJson` (replaces any queued one). */
  request(sceneJson: string): void {
    this.queued = sceneJson;
    if (this.busy === null) this.pump();
  }

  /** Stops the worker. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    const w = new Worker(new URL('./worker/estimate-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<EstimateReply>) => {
      if (e.data.id !== this.busy) return;
      this.busy = null;
      const r = e.data;
      if (this.queued === null) this.onResult(r.kind === 'estimate' ? { ok: true, estimate: r.estimate, ms: r.ms } : { ok: false, failure: r.failure });
      this.pump();
    };
    w.onerror = (e) => {
      this.worker?.terminate();
      this.worker = null;
      this.busy = null;
      this.onResult({ ok: false, failure: { code: 'worker', detail: e.message ?? '' } });
    };
    this.worker = w;
    return w;
  }

  private pump(): void {
    const scene = this.queued;
    if (scene === null) return;
    this.queued = null;
    const id = this.nextId++;
    this.busy = id;
    this.ensureWorker().postMessage({ id, sceneJson: scene });
  }
}
