// Graphical curve editor: an SVG plot of a curve over normalised life (x 0..1, y the field's
// value range with its unit), draggable keys, double-click to add, Delete/Backspace or a button
// to remove, linear/smooth per key, numeric entry of the selected key, arrow-key nudges (Shift:
// ten times), Shift while dragging snaps. Plain data in and out: it knows keys, not the
// document. The drawn line is sampled by the caller (the core's `sampleCurve`).
//
// A drag previews (`preview`) on every move and commits once on release (`commit`): one undo
// step. Escape during a drag puts the keys back.

import { t } from '../i18n';
import type { CurveAxis, CurveKey } from '../generated/contract';
import { h } from './dom';
import { KeyEditor, type KeyEditorCallbacks } from './key-editor';
import {
  type CurveLimits,
  NUDGE_T,
  type PlotRange,
  type PlotSize,
  fromPlot,
  insertKey,
  moveKey,
  nudgeKey,
  plotRange,
  samplePath,
  setInterp,
  tidy,
  widestGapMiddle,
  toPlot,
} from './curve-model';

const SVG = 'http://www.w3.org/2000/svg';
/** Plot size in SVG units (the element scales to the panel's width). */
const SIZE: PlotSize = { width: 240, height: 110 };
/** Margins around the plot, SVG units. */
const PAD = { left: 30, right: 8, top: 8, bottom: 16 };
/** Samples drawn along the curve. */
const SAMPLES = 97;
/** The message that names each axis under the plot. */
const AXIS_LABEL = { life: 'curveLife', cycle: 'curveCycle', trail: 'curveTrail' } as const satisfies Record<CurveAxis, string>;

/** What a curve editor needs. */
export interface CurveEditorOptions extends KeyEditorCallbacks<CurveKey> {
  /** Title (also the accessible name). */
  label: string;
  /** Value limits (schema min/max/step). */
  limits: CurveLimits;
  /** Unit shown on the value axis. */
  unit?: string;
  /** What `t` runs over, labelled under the plot (default: the particle's life). */
  axis?: CurveAxis;
  /** Most keys. */
  maxKeys?: number;
  /** `n` values of the curve at lives `i/(n − 1)` (the core's evaluation); null when unavailable. */
  sample(keys: CurveKey[], n: number): ArrayLike<number> | null;
  /** Key selected initially (kept across panel rebuilds by the caller). */
  selected?: number;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function fmt(x: number): string {
  return String(tidy(Number(x.toPrecision(6))));
}

/** The curve editor widget. */
export class CurveEditor extends KeyEditor<CurveKey> {
  /** The widget's root element. */
  readonly element: HTMLElement;
  private range: PlotRange;
  private readonly svgEl: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly grid: SVGGElement;
  private readonly line: SVGPathElement;
  private readonly dots: SVGGElement;
  private readonly tInput: HTMLInputElement;
  private readonly vInput: HTMLInputElement;
  private readonly interp: HTMLSelectElement;
  private readonly removeButton: HTMLButtonElement;
  private readonly addButton: HTMLButtonElement;
  private readonly readout: HTMLElement;

  constructor(
    keys: CurveKey[],
    private readonly o: CurveEditorOptions,
  ) {
    super(keys, o, o.selected);
    this.range = plotRange(this.keys, o.limits);
    const W = SIZE.width + PAD.left + PAD.right;
    const H = SIZE.height + PAD.top + PAD.bottom;
    this.svgEl = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'curve-plot', role: 'group', 'aria-label': o.label, tabindex: 0 });
    this.plot = svg('g', { transform: `translate(${PAD.left},${PAD.top})` });
    this.grid = svg('g', { class: 'curve-grid' });
    const hit = svg('rect', { x: 0, y: 0, width: SIZE.width, height: SIZE.height, class: 'curve-bg' });
    this.line = svg('path', { class: 'curve-line', fill: 'none' });
    this.dots = svg('g', { class: 'curve-keys' });
    this.plot.append(hit, this.grid, this.line, this.dots);
    this.svgEl.append(this.plot);

    this.tInput = h('input', { type: 'text', inputmode: 'decimal', class: 'num curve-t', 'aria-label': `${o.label} t` });
    this.vInput = h('input', { type: 'text', inputmode: 'decimal', class: 'num curve-v', 'aria-label': `${o.label} ${t('value')}` });
    this.interp = h('select', { class: 'curve-interp', 'aria-label': `${o.label} ${t('curveInterp')}` },
      h('option', { value: 'linear' }, t('curveLinear')),
      h('option', { value: 'smooth' }, t('curveSmooth')),
    );
    this.removeButton = h('button', { type: 'button', class: 'icon curve-remove', title: t('removeKey'), 'aria-label': t('removeKey') }, '✕');
    this.addButton = h('button', { type: 'button', class: 'small curve-add' }, t('addKey'));
    this.readout = h('span', { class: 'readout curve-readout' });
    this.element = h('div', { class: 'list curve-editor' },
      h('div', { class: 'list-title' }, o.label, o.unit ? ` (${o.unit})` : ''),
      this.svgEl,
      h('div', { class: 'row keyrow curve-key-row' },
        h('span', { class: 'keylabel' }, 't'), this.tInput,
        h('span', { class: 'keylabel' }, t('value')), this.vInput,
        this.interp, this.removeButton,
      ),
      h('div', { class: 'row' }, this.addButton, this.readout),
    );

    this.listen(this.svgEl, 'curve-key');
    this.svgEl.addEventListener('dblclick', (e) => this.onDouble(e));
    this.svgEl.addEventListener('keydown', (e) => this.onKey(e));
    this.removeButton.addEventListener('click', () => this.removeSelected());
    this.addButton.addEventListener('click', () => this.addMiddle());
    this.interp.addEventListener('change', () => {
      if (this.selected < 0) return;
      this.apply(setInterp(this.keys, this.selected, this.interp.value === 'smooth' ? 'smooth' : 'linear'), t('curveInterp'));
    });
    const typed = (which: 't' | 'v', input: HTMLInputElement): void => {
      input.addEventListener('change', () => {
        const k = this.keys[this.selected];
        const x = Number(input.value.replace(',', '.'));
        if (k === undefined || input.value.trim() === '' || !Number.isFinite(x)) {
          input.classList.add('invalid');
          return;
        }
        input.classList.remove('invalid');
        const next = moveKey(this.keys, this.selected, which === 't' ? x : k.t, which === 'v' ? x : k.v, this.o.limits);
        this.apply(next, t('moveKey'));
        // The key as stored: a value past the limits or a time past a neighbour is clamped,
        // and the field must not keep showing what was typed.
        const stored = this.keys[this.selected];
        if (stored !== undefined) input.value = fmt(which === 't' ? stored.t : stored.v);
      });
      // Leaving the field shows the key again (after refused text too).
      input.addEventListener('blur', () => {
        input.classList.remove('invalid');
        this.draw();
      });
    };
    typed('t', this.tInput);
    typed('v', this.vInput);
    this.draw();
  }

  /** Focuses the plot (its keyboard acts on the selected key). */
  focus(): void {
    this.svgEl.focus({ preventScroll: true });
  }

  /** Index of the selected key (−1: none). */
  get selection(): number {
    return this.selected;
  }

  protected override relayout(): void {
    this.range = plotRange(this.keys, this.o.limits);
  }

  private pointerKey(e: PointerEvent | MouseEvent): [number, number] {
    const m = this.plot.getScreenCTM();
    if (m === null) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return fromPlot(p.x, p.y, this.range, SIZE);
  }

  protected override hover(e: PointerEvent): void {
    const [pt, pv] = this.pointerKey(e);
    this.readout.textContent = `t ${fmt(Math.min(1, Math.max(0, pt)))} · ${fmt(pv)}${this.o.unit ? ` ${this.o.unit}` : ''}`;
  }

  protected override dragTo(start: CurveKey[], index: number, e: PointerEvent): CurveKey[] {
    const [pt, pv] = this.pointerKey(e);
    return moveKey(start, index, pt, pv, this.o.limits, e.shiftKey);
  }

  protected override dropped(): void {
    this.relayout();
    this.draw();
  }

  private onDouble(e: MouseEvent): void {
    const target = e.target as Element;
    if (target.classList.contains('curve-key')) return;
    const [pt, pv] = this.pointerKey(e);
    const { keys, index } = insertKey(this.keys, pt, pv, this.o.limits, this.o.maxKeys);
    if (index < 0) return;
    this.select(index);
    this.apply(keys, t('addKey'));
  }

  private addMiddle(): void {
    // Halfway through the widest gap (the start, the end or between keys), on the curve.
    const at = widestGapMiddle(this.keys.map((k) => k.t), true);
    const samples = this.o.sample(this.keys, 2049);
    const v = samples !== null ? samples[Math.round(at * 2048)] : (this.keys[0]?.v ?? 1);
    const { keys, index } = insertKey(this.keys, Number(at.toFixed(4)), v, this.o.limits, this.o.maxKeys);
    if (index < 0) return;
    this.select(index);
    this.apply(keys, t('addKey'));
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.drag !== null) {
      this.abandon();
      return;
    }
    if (this.drag !== null) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.removeSelected();
      return;
    }
    if (e.key === 'Tab' || this.keys.length === 0) return;
    if (e.key === 'PageDown' || e.key === 'PageUp') {
      // Previous / next key.
      e.preventDefault();
      const n = this.keys.length;
      this.select(((this.selected < 0 ? 0 : this.selected + (e.key === 'PageUp' ? 1 : -1)) + n) % n);
      this.draw();
      return;
    }
    const scale = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-NUDGE_T, 0],
      ArrowRight: [NUDGE_T, 0],
      ArrowUp: [0, this.o.limits.step],
      ArrowDown: [0, -this.o.limits.step],
    };
    const m = moves[e.key];
    if (m === undefined) return;
    e.preventDefault();
    if (this.selected < 0) this.select(0);
    const next = nudgeKey(this.keys, this.selected, m[0] * scale, m[1] * scale, this.o.limits);
    this.apply(next, t('moveKey'), `curve-nudge:${this.o.label}:${this.selected}`);
  }

  protected override draw(): void {
    const { lo, hi } = this.range;
    // Grid: life quarters, value quarters, with the ends labelled.
    this.grid.replaceChildren();
    for (let i = 0; i <= 4; i++) {
      const x = (i / 4) * SIZE.width;
      const y = (i / 4) * SIZE.height;
      this.grid.append(svg('line', { x1: x, y1: 0, x2: x, y2: SIZE.height }), svg('line', { x1: 0, y1: y, x2: SIZE.width, y2: y }));
    }
    const label = (text: string, x: number, y: number, anchor: string): SVGTextElement => {
      const el = svg('text', { x, y, 'text-anchor': anchor, class: 'curve-axis' });
      el.textContent = text;
      return el;
    };
    this.grid.append(
      label(fmt(hi), -3, 8, 'end'),
      label(fmt(lo), -3, SIZE.height, 'end'),
      label('0', 0, SIZE.height + 12, 'start'),
      label(t(AXIS_LABEL[this.o.axis ?? 'life']), SIZE.width / 2, SIZE.height + 12, 'middle'),
      label('1', SIZE.width, SIZE.height + 12, 'end'),
    );
    const samples = this.o.sample(this.keys, SAMPLES);
    this.line.setAttribute('d', samples === null ? '' : samplePath(samples, this.range, SIZE));
    this.dots.replaceChildren(
      ...this.keys.map((k, i) => {
        const [x, y] = toPlot(k.t, k.v, this.range, SIZE);
        const dot = svg('circle', {
          cx: x.toFixed(2),
          cy: Math.min(SIZE.height + 4, Math.max(-4, y)).toFixed(2),
          r: 5,
          class: `curve-key${i === this.selected ? ' selected' : ''}${k.interp === 'smooth' ? ' smooth' : ''}`,
          'data-index': i,
        });
        const title = svg('title');
        title.textContent = `t ${fmt(k.t)} · ${fmt(k.v)}`;
        dot.append(title);
        return dot;
      }),
    );
    const k = this.keys[this.selected];
    for (const el of [this.tInput, this.vInput, this.interp, this.removeButton]) el.disabled = k === undefined;
    this.removeButton.disabled = k === undefined || this.keys.length <= 1;
    this.addButton.disabled = this.keys.length >= (this.o.maxKeys ?? 64);
    if (document.activeElement !== this.tInput) this.tInput.value = k === undefined ? '' : fmt(k.t);
    if (document.activeElement !== this.vInput) this.vInput.value = k === undefined ? '' : fmt(k.v);
    this.interp.value = k?.interp === 'smooth' ? 'smooth' : 'linear';
    this.svgEl.setAttribute('aria-valuetext', k === undefined ? '' : `t ${fmt(k.t)}, ${fmt(k.v)}`);
  }
}
