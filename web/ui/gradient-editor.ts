// Gradient editor in the curve editor's style: a strip of the gradient over normalised life with
// a handle per colour stop. Drag a stop along the strip (Shift snaps; one undo step per drag),
// double-click the strip to add a stop with the colour found there, Delete/Backspace or a button
// removes the selected stop, a colour picker and a life field edit it, arrow keys nudge it.
// Plain data in and out: it knows stops, not the document.

import { t } from '../i18n';
import type { ColorKey } from '../generated/contract';
import { h } from './dom';
import { NUDGE_T, insertStop, moveStop, tidy, widestGapMiddle } from './curve-model';
import { KeyEditor, type KeyEditorCallbacks } from './key-editor';
import { normalizeHex } from './widgets';

/** What a gradient editor needs. */
export interface GradientEditorOptions extends KeyEditorCallbacks<ColorKey> {
  /** Title (also the accessible name). */
  label: string;
  /** Most stops. */
  maxKeys?: number;
  /** Stop selected initially. */
  selected?: number;
}

/** CSS linear-gradient of a colour gradient (colours sanitised to `#rrggbb`). */
export function gradientCss(keys: readonly ColorKey[]): string {
  if (keys.length === 0) return '#ffffff';
  if (keys.length === 1) return normalizeHex(keys[0].color);
  const stops = keys.map((k) => `${normalizeHex(k.color)} ${(Math.min(1, Math.max(0, k.t)) * 100).toFixed(1)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** The gradient editor widget. */
export class GradientEditor extends KeyEditor<ColorKey> {
  /** The widget's root element. */
  readonly element: HTMLElement;
  private readonly strip: HTMLElement;
  private readonly tInput: HTMLInputElement;
  private readonly colour: HTMLInputElement;
  private readonly removeButton: HTMLButtonElement;

  constructor(
    keys: ColorKey[],
    private readonly o: GradientEditorOptions,
  ) {
    super(keys, o, o.selected);
    this.strip = h('div', { class: 'gradient-strip gradient-editor-strip', role: 'group', 'aria-label': o.label, tabindex: 0 });
    this.tInput = h('input', { type: 'text', inputmode: 'decimal', class: 'num gradient-t', 'aria-label': `${o.label} t` });
    this.colour = h('input', { type: 'color', class: 'gradient-colour', 'aria-label': `${o.label} ${t('colour')}` });
    this.removeButton = h('button', { type: 'button', class: 'icon gradient-remove', title: t('removeKey'), 'aria-label': t('removeKey') }, '✕');
    const add = h('button', { type: 'button', class: 'small gradient-add' }, t('addKey'));
    this.element = h('div', { class: 'list gradient-editor' },
      h('div', { class: 'list-title' }, o.label),
      this.strip,
      h('div', { class: 'row keyrow' }, h('span', { class: 'keylabel' }, 't'), this.tInput, this.colour, this.removeButton),
      h('div', { class: 'row' }, add),
    );
    this.listen(this.strip, 'gradient-stop');
    this.strip.addEventListener('dblclick', (e) => {
      if ((e.target as Element).classList.contains('gradient-stop')) return;
      this.add(this.lifeAt(e.clientX));
    });
    this.strip.addEventListener('keydown', (e) => this.onKey(e));
    add.addEventListener('click', () => {
      this.add(Number(widestGapMiddle(this.keys.map((k) => k.t), false).toFixed(4)));
    });
    this.removeButton.addEventListener('click', () => this.removeSelected());
    this.colour.addEventListener('input', () => {
      if (this.selected < 0) return;
      const next = this.keys.map((k, i) => (i === this.selected ? { ...k, color: this.colour.value } : { ...k }));
      this.apply(next, t('colorGradient'), `gradient-colour:${o.label}:${this.selected}`);
    });
    this.tInput.addEventListener('change', () => {
      const x = Number(this.tInput.value.replace(',', '.'));
      if (this.selected < 0 || this.tInput.value.trim() === '' || !Number.isFinite(x)) {
        this.tInput.classList.add('invalid');
        return;
      }
      this.tInput.classList.remove('invalid');
      this.apply(moveStop(this.keys, this.selected, x), t('moveKey'));
      // The stop as stored (clamped to 0..1): the field must not keep showing what was typed.
      const stored = this.keys[this.selected];
      if (stored !== undefined) this.tInput.value = String(tidy(stored.t));
    });
    // Leaving the field shows the stop again (after refused text too).
    this.tInput.addEventListener('blur', () => {
      this.tInput.classList.remove('invalid');
      this.draw();
    });
    this.draw();
  }

  /** Focuses the strip (its keyboard acts on the selected stop). */
  focus(): void {
    this.strip.focus({ preventScroll: true });
  }

  private lifeAt(clientX: number): number {
    const r = this.strip.getBoundingClientRect();
    return r.width > 0 ? (clientX - r.left) / r.width : 0;
  }

  private add(at: number): void {
    const { keys, index } = insertStop(this.keys, at, this.o.maxKeys);
    if (index < 0) return;
    this.select(index);
    this.apply(keys, t('addKey'));
  }

  protected override dragTo(start: ColorKey[], index: number, e: PointerEvent): ColorKey[] {
    return moveStop(start, index, this.lifeAt(e.clientX), e.shiftKey);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      this.abandon();
      return;
    }
    if (this.drag !== null || this.keys.length === 0) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.removeSelected();
      return;
    }
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      const n = this.keys.length;
      this.select(((this.selected < 0 ? 0 : this.selected + (e.key === 'PageUp' ? 1 : -1)) + n) % n);
      this.draw();
      return;
    }
    const dt = e.key === 'ArrowLeft' ? -NUDGE_T : e.key === 'ArrowRight' ? NUDGE_T : 0;
    if (dt === 0) return;
    e.preventDefault();
    if (this.selected < 0) this.select(0);
    const k = this.keys[this.selected];
    this.apply(moveStop(this.keys, this.selected, k.t + dt * (e.shiftKey ? 10 : 1)), t('moveKey'), `gradient-nudge:${this.o.label}:${this.selected}`);
  }

  protected override draw(): void {
    this.strip.style.background = gradientCss(this.keys);
    this.strip.replaceChildren(
      ...this.keys.map((k, i) => {
        const stop = h('div', {
          class: `gradient-stop${i === this.selected ? ' selected' : ''}`,
          'data-index': i,
          title: `t ${tidy(k.t)} · ${normalizeHex(k.color)}`,
        });
        stop.style.left = `${(Math.min(1, Math.max(0, k.t)) * 100).toFixed(2)}%`;
        stop.style.background = normalizeHex(k.color);
        return stop;
      }),
    );
    const k = this.keys[this.selected];
    this.tInput.disabled = this.colour.disabled = k === undefined;
    this.removeButton.disabled = k === undefined || this.keys.length <= 1;
    if (document.activeElement !== this.tInput) this.tInput.value = k === undefined ? '' : String(tidy(k.t));
    if (k !== undefined) this.colour.value = normalizeHex(k.color);
    // No stop selected: no swatch (a disabled one still showed the last colour, black at first).
    this.colour.style.visibility = k === undefined ? 'hidden' : '';
  }
}
