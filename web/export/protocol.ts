// Messages between the page and the export worker; their payloads from Rust (ExportReport,
// Estimate) are the generated contract's.

import type { Estimate, ExportReport } from '../generated/contract';

export type { ExportReport } from '../generated/contract';

/** Page → worker. */
export interface ExportRequest {
  sceneJson: string;
  imagesJson: string;
  /** Bone tracks of following systems (`''`: none; see web/skeleton/spine/follow-track.ts). */
  followJson: string;
}

/**
 * Why an export (or an estimate) failed, as data: the page words it in the UI language
 * (web/export/failure.ts). `detail` texts come from elsewhere as they are (the Rust exporter,
 * spine-core, the browser).
 */
export type ExportFailure =
  /** The export text is not JSON; where the first syntax error is. */
  | { code: 'invalidJsonAt'; path: string; line: number; column: number; offset: number; token: string }
  /** The export text is not JSON (the error could not be located). */
  | { code: 'invalidJson'; detail: string }
  /** spine-core read a non-finite number: a bone's setup value (`bones.<name>.<field>`). */
  | { code: 'nonFinite'; at: string }
  /** spine-core read a non-finite animation duration (`animations.<name>`). */
  | { code: 'nonFiniteDuration'; at: string }
  /** spine-core read a non-finite key value of a timeline of `animations.<name>`. */
  | { code: 'nonFiniteKey'; at: string; timeline: string; index: number }
  /** spine-core refused the skeleton (its own message). */
  | { code: 'runtimeRefused'; detail: string }
  /** The exporter's reply held no skeleton. */
  | { code: 'noSkeleton' }
  /** This wasm build has no Spine exporter. */
  | { code: 'noExporter' }
  /** The exporter (Rust) refused the scene (its message). */
  | { code: 'exporter'; detail: string }
  /** The worker could not start or load its module. */
  | { code: 'worker'; detail: string }
  /** The user cancelled. */
  | { code: 'cancelled' };

/** The estimate of sp_spine (`estimateSpine`). */
export type SpineEstimate = Estimate;

/** Page → estimate worker: `id` echoes back so stale answers can be dropped. */
export interface EstimateRequest {
  id: number;
  sceneJson: string;
}

/** Estimate worker → page. */
export type EstimateReply =
  | { id: number; kind: 'estimate'; estimate: SpineEstimate; ms: number }
  | { id: number; kind: 'failed'; failure: ExportFailure };

/** Worker → page. */
export type ExportReply =
  | { kind: 'progress'; stage: 'loading' | 'baking' | 'checking'; detail?: { stage: string; done: number; total: number } }
  | {
      kind: 'done';
      json: string;
      report: ExportReport;
      check: { bones: number; slots: number; animations: { name: string; durationSecs: number }[] };
      totalMs: number;
      /** The export worker's wasm memory after the export (the page keeps a worker below a limit for the next export); absent on the page's own instance. */
      memoryBytes?: number;
    }
  | { kind: 'failed'; failure: ExportFailure };
