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
}

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
