// The most recent successful export of this page (skeleton JSON, report, the scene it came
// from), shared by the summary and the compare view. Listeners hear every new export.
import type { ExportReport } from './protocol';

/** A successful export. */
export interface LastExport {
  /** The Spine JSON that was downloaded (or checked, for an on-demand compare). */
  json: string;
  report: ExportReport;
  /** The normalised scene JSON it was exported from. */
  sceneJson: string;
  /** The bone tracks its following systems followed (`''`: none). */
  followJson: string;
  /** Total time (bake + checks), ms. */
  totalMs: number;
}

let last: LastExport | null = null;
const listeners = new Set<(e: LastExport) => void>();

/** The latest export, or null. */
export function lastExport(): LastExport | null {
  return last;
}

/** Records an export and tells the listeners. */
export function publishExport(e: LastExport): void {
  last = e;
  for (const l of listeners) l(e);
}

/** Listens to new exports; returns the removal. */
export function onExport(listener: (e: LastExport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
