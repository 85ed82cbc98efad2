// The live budget panel (issue 4, "a live budget panel before export"): estimated bones (bone
// pool on and off), keys and bytes from `estimateSpine`, recomputed in a worker 300 ms after the
// last edit; the pool-off numbers are shown prominently when the pool is off (spec §7.2). Below
// it, the summary of the last export of this page.
import type { DocumentStore } from '../document/store';
import { budgetText } from './budget-format';
import { EstimateClient, type EstimateResult } from './estimate-client';
import { onExport, type LastExport } from './last-export';
import { summaryLines } from './pipeline';

/** Delay between the last edit and a new estimate. */
export const BUDGET_DEBOUNCE_MS = 300;

const zh = (): boolean => document.documentElement.lang.startsWith('zh');

function el<K extends keyof HTMLElementTagNameMap>(tag: K, id: string, css = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.id = id;
  if (css !== '') e.style.cssText = css;
  return e;
}

/** The budget and last-export summary section. */
export class BudgetPanel {
  readonly root: HTMLElement;
  private readonly title = el('h2', 'export-budget-title');
  private readonly status = el('div', 'export-budget-status', 'color:var(--dim,#999);font-size:12px');
  private readonly warning = el('div', 'export-budget-pool-off', 'display:none;margin:6px 0;padding:6px 8px;border:1px solid #c80;border-radius:4px;background:rgba(200,128,0,.18);font-weight:bold');
  private readonly headline = el('div', 'export-budget-headline', 'font-weight:bold');
  private readonly keys = el('div', 'export-budget-keys');
  private readonly other = el('div', 'export-budget-other', 'color:var(--dim,#999)');
  private readonly summaryTitle = el('h2', 'export-summary-title');
  private readonly summary = el('pre', 'export-summary', 'white-space:pre-wrap;margin:0;font:12px/1.4 monospace');
  private readonly client: EstimateClient;
  private timer = 0;
  private pending = false;
  private last: EstimateResult | null = null;
  private lastExport: LastExport | null = null;
  private readonly off: (() => void)[] = [];

  constructor(private readonly store: DocumentStore) {
    this.root = document.createElement('section');
    this.root.id = 'export-budget';
    this.root.setAttribute('aria-live', 'polite');
    this.root.append(this.title, this.warning, this.headline, this.keys, this.other, this.status, this.summaryTitle, this.summary);
    this.client = new EstimateClient((r) => {
      this.pending = false;
      this.last = r;
      this.render();
    });
    this.off.push(store.subscribe(() => this.schedule()));
    this.off.push(
      onExport((e) => {
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
    const z = zh();
    this.title.textContent = z ? '导出预算' : 'Export budget';
    this.root.dataset.state = this.pending ? 'pending' : this.last === null ? 'none' : this.last.ok ? 'ready' : 'failed';
    const r = this.last;
    if (r !== null && r.ok) {
      const text = budgetText(r.estimate, this.store.doc.export.bonePool, z);
      this.headline.textContent = text.headline;
      this.keys.textContent = text.keys;
      this.other.textContent = text.other;
      this.warning.textContent = text.poolOffWarning ?? '';
      this.warning.style.display = text.poolOffWarning === null ? 'none' : 'block';
      this.status.textContent = this.pending ? (z ? '正在更新…' : 'Updating…') : z ? `估算用时 ${r.ms.toFixed(0)} ms` : `estimated in ${r.ms.toFixed(0)} ms`;
    } else {
      this.headline.textContent = '';
      this.keys.textContent = '';
      this.other.textContent = '';
      this.warning.style.display = 'none';
      this.status.textContent = r === null ? (z ? '正在估算…' : 'Estimating…') : `${z ? '无法估算：' : 'No estimate: '}${r.message}`;
    }
    const e = this.lastExport;
    this.summaryTitle.textContent = z ? '上次导出' : 'Last export';
    this.summaryTitle.hidden = e === null;
    this.summary.hidden = e === null;
    this.summary.textContent = e === null ? '' : summaryLines(e.report, e.totalMs, z).join('\n');
  }

  /** Stops listening and removes the section. */
  dispose(): void {
    clearTimeout(this.timer);
    for (const f of this.off) f();
    this.client.dispose();
    this.root.remove();
  }
}
