// Messages between the page and the export worker.

/** The export report of sp_spine (camelCase JSON). */
export interface ExportReport {
  bones: number;
  slots: number;
  attachments: number;
  keys: Record<string, number>;
  unreducedKeys: Record<string, number>;
  bytes: number;
  bakeMs: number | null;
  peakAlive: number;
  lives: number;
  animations: string[];
  warnings: string[];
}

/** Page → worker. */
export interface ExportRequest {
  sceneJson: string;
  imagesJson: string;
  /** Bone tracks of following systems (`''`: none; see web/skeleton/follow-track.ts). */
  followJson: string;
  /** Test-only corruption applied after the bake and before the checks (see fault.ts). */
  fault?: ExportFault | null;
}

/** Test-only export faults (`?exportFault=…`, see fault.ts). */
export type ExportFault = 'nan' | 'inf' | 'slot';

/** The estimate of sp_spine (`estimateSpine`, camelCase JSON). */
export interface SpineEstimate {
  bonesPoolOn: number;
  bonesPoolOff: number;
  particleFrames: number;
  unreducedKeys: number;
  bytesPoolOn: number;
  bytesPoolOff: number;
}

/** Page → estimate worker: `id` echoes back so stale answers can be dropped. */
export interface EstimateRequest {
  id: number;
  sceneJson: string;
}

/** Estimate worker → page. */
export type EstimateReply =
  | { id: number; kind: 'estimate'; estimate: SpineEstimate; ms: number }
  | { id: number; kind: 'failed'; message: string };

/** Worker → page. */
export type ExportReply =
  | { kind: 'progress'; stage: 'loading' | 'baking' | 'checking'; detail?: { stage: string; done: number; total: number } }
  | {
      kind: 'done';
      json: string;
      report: ExportReport;
      check: { bones: number; slots: number; animations: { name: string; durationSecs: number }[] };
      totalMs: number;
    }
  | { kind: 'failed'; message: string };
