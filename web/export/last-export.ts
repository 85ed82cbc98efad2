// The most recent successful export of this page (skeleton JSON, report, the scene it came
// from), shared by the export action, the budget panel's summary and the compare view.
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

/** Holds the latest export; listeners hear every new one. */
export class ExportRecord {
  private last: LastExport | null = null;
  private readonly listeners = new Set<(e: LastExport) => void>();

  /** The latest export, or null. */
  latest(): LastExport | null {
    return this.last;
  }

  /** Records an export and tells the listeners. */
  publish(e: LastExport): void {
    this.last = e;
    for (const l of this.listeners) l(e);
  }

  /** Listens to new exports; returns the removal. */
  subscribe(listener: (e: LastExport) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
