// The live budget panel (issue 4, "a live budget panel before export"): estimated bones (bone
// pool on and off), keys and bytes from `estimateSpine`, recomputed in a worker 300 ms after the
// last edit; the pool-off numbers are shown prominently when the pool is off (spec §7.2). Below
// it, the summary of the last export of this page.
import type { DocumentStore } from '../document/store';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { budgetText } from './budget-format';
import { EstimateClient, type EstimateResult } from './estimate-client';
import { failureText } from './failure-text';
import type { ExportRecord, LastExport } from './last-export';
import { summaryLines } from './summary';

/** Delay between the last edit and a new estimate. */
export const BUDGET_DEBOUNCE_MS = 300;

/** The budget and last-export summary section. */
export class BudgetPanel {
  readonly root: HTMLElement;
  private readonly title = h('h2', { id: 'export-budget-title' });
  private readonly status = h('div', { id: 'export-budget-status', class: 'budget-status' });
  private readonly warning = h('div', { id: 'export-budget-pool-off', class: 'budget-pool-off', hidden: true });
  private readonly headline = h('div', { id: 'export-budget-headline', class: 'budget-headline' });
  private readonly keys = h('div', { id: 'export-budget-keys' });
  private readonly other = h('div', { id: 'export-budget-other', class: 'budget-other' });
  private readonly summaryTitle = h('h2', { id: 'export-summary-title' });
  private readonly summary = h('pre', { id: 'export-summary', class: 'export-summary' });
  private readonly client: EstimateClient;
  private timer = 0;
  private pending = false;
  private last: EstimateResult | null = null;
  private lastExport: LastExport | null = null;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly store: DocumentStore,
    exports: ExportRecord,
  ) {
    this.root = h('section', { id: 'export-budget', 'aria-live': 'polite' }, this.title, this.warning, this.headline, this.keys, this.other, this.status, this.summaryTitle, this.summary);
    this.client = new EstimateClient((r) => {
      this.pending = false;
      this.last = r;
      this.render();
    });
    this.off.push(store.subscribe(() => this.schedule()));
    this.off.push(
      exports.subscribe((e) => {
        this.lastExport = e;
        this.render();
      }),
    );
    this.schedule(0);
    this.render();
  }

  /** Re-estimates after {@link BUDGET_DEBOUNCE_MS} (or `delayMs`). */
  schedule(delayMs = BUDGET_DEBOUNCE_MS): void {
    clearTimeout(this.timer);
    this.pending = true;
    this.render();
    this.timer = window.setTimeout(() => this.client.request(this.store.json), delayMs);
  }

  /** Redraws the text (also after a language change). */
  render(): void {
    this.title.textContent = t('budgetTitle');
    this.root.dataset.state = this.pending ? 'pending' : this.last === null ? 'none' : this.last.ok ? 'ready' : 'failed';
    const r = this.last;
    if (r !== null && r.ok) {
      const text = budgetText(r.estimate, this.store.doc.export.bonePool);
      this.headline.textContent = text.headline;
      this.keys.textContent = text.keys;
      this.other.textContent = text.other;
      this.warning.textContent = text.poolOffWarning ?? '';
      this.warning.hidden = text.poolOffWarning === null;
      this.status.textContent = this.pending ? t('budgetUpdating') : t('budgetEstimatedIn', { ms: r.ms.toFixed(0) });
    } else {
      this.headline.textContent = '';
      this.keys.textContent = '';
      this.other.textContent = '';
      this.warning.hidden = true;
      this.status.textContent = r === null ? t('budgetEstimating') : t('budgetFailed', { error: failureText(r.failure) });
    }
    const e = this.lastExport;
    this.summaryTitle.textContent = t('lastExportTitle');
    this.summaryTitle.hidden = e === null;
    this.summary.hidden = e === null;
    this.summary.textContent = e === null ? '' : summaryLines(e.report, e.totalMs).join('\n');
  }

  /** Stops listening and removes the section. */
  dispose(): void {
    clearTimeout(this.timer);
    for (const f of this.off) f();
    this.client.dispose();
    this.root.remove();
  }
}
