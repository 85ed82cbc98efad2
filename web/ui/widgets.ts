// Form fields bound to the document: each reads its value from the current document and writes
// through a store command (coalesced per field, so typing or dragging is one undo step). Values
// are refreshed in place on every document change, except in the field being edited.

import { formatNumber, parseNumberField, type NumberLimits, DEFAULT_LIMITS } from './fields';
import { t, type MessageKey } from '../i18n';
import type { Scene } from '../document/types';
import type { DocumentContext } from '../document/context';
import { h } from './dom';

/** Reads a value from a document. */
export type Getter<T> = (doc: Scene) => T;
/** Writes a value into a draft document. */
export type Setter<T> = (draft: Scene, value: T) => void;

/** Choice of a select field: value and label. */
export type Choice = [value: string, label: string];

const problemKey: Record<string, MessageKey> = {
  empty: 'numEmpty',
  notANumber: 'numNotANumber',
  notFinite: 'numNotFinite',
  tooSmall: 'numTooSmall',
  tooLarge: 'numTooLarge',
  notInteger: 'numNotInteger',
};

/** A set of bound fields. */
export class Form {
  private readonly refreshers: ((doc: Scene) => void)[] = [];

  constructor(private readonly ctx: DocumentContext) {}

  /** Updates every field from `doc` (leaves the focused field alone). */
  refresh(doc: Scene): void {
    for (const r of this.refreshers) r(doc);
  }

  /** Runs `fn` on every refresh (custom read-only views such as previews). */
  watch(fn: (doc: Scene) => void): void {
    this.refreshers.push(fn);
  }

  private row(label: string, ...inputs: HTMLElement[]): HTMLElement {
    return h('label', { class: 'row' }, h('span', { class: 'label' }, label), ...inputs);
  }

  private commit(label: string, key: string, input: HTMLElement, mutate: (d: Scene) => void): boolean {
    const ok = this.ctx.edit(label, mutate, key);
    input.classList.toggle('invalid', !ok);
    return ok;
  }

  /** A bare number input (no row), for compound rows (min/max, x/y, curve keys). */
  numberInput(label: string, get: Getter<number>, set: Setter<number>, key: string, limits: NumberLimits = DEFAULT_LIMITS, step = 'any'): HTMLInputElement {
    const input = h('input', { type: 'text', inputmode: 'decimal', class: 'num', 'data-key': key, 'aria-label': label, step, 'data-min': limits.min, 'data-max': limits.max });
    const apply = (): void => {
      const parsed = parseNumberField(input.value, limits);
      if (!parsed.ok) {
        input.classList.add('invalid');
        const why = t(problemKey[parsed.problem], { min: formatNumber(limits.min), max: formatNumber(limits.max) });
        input.title = why;
        return;
      }
      input.title = '';
      this.commit(label, key, input, (d) => set(d, parsed.value));
    };
    input.addEventListener('input', apply);
    input.addEventListener('change', () => {
      const parsed = parseNumberField(input.value, limits);
      if (!parsed.ok) {
        const why = t(problemKey[parsed.problem], { min: formatNumber(limits.min), max: formatNumber(limits.max) });
        this.ctx.message('error', t('fieldRefused', { field: label, reason: why }));
      }
      this.ctx.store.breakCoalescing();
    });
    input.addEventListener('blur', () => {
      input.classList.remove('invalid');
      input.title = '';
      input.value = formatNumber(get(this.ctx.store.doc));
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        const current = get(this.ctx.store.doc);
        const unit = limits.step ?? (limits.integer === true ? 1 : Math.abs(current) < 2 ? 0.1 : 1);
        const delta = (e.shiftKey ? 10 : 1) * (e.key === 'ArrowUp' ? 1 : -1) * unit;
        const next = Math.min(limits.max, Math.max(limits.min, Number((current + delta).toPrecision(7))));
        input.value = formatNumber(next);
        this.commit(label, key, input, (d) => set(d, next));
      }
    });
    this.refreshers.push((doc) => {
      if (document.activeElement === input) return;
      input.value = formatNumber(get(doc));
      input.classList.remove('invalid');
    });
    return input;
  }

  /** A labelled number field. */
  number(label: string, get: Getter<number>, set: Setter<number>, key: string, limits?: NumberLimits): HTMLElement {
    return this.row(label, this.numberInput(label, get, set, key, limits));
  }

  /** A labelled pair of number fields (min/max, x/y). */
  pair(label: string, names: [string, string], get: [Getter<number>, Getter<number>], set: [Setter<number>, Setter<number>], key: string, limits?: NumberLimits): HTMLElement {
    return this.row(
      label,
      this.numberInput(`${label} ${names[0]}`, get[0], set[0], `${key}.0`, limits),
      this.numberInput(`${label} ${names[1]}`, get[1], set[1], `${key}.1`, limits),
    );
  }

  /** A bare text input. */
  textInput(label: string, get: Getter<string>, set: Setter<string>, key: string): HTMLInputElement {
    const input = h('input', { type: 'text', class: 'text', 'data-key': key, 'aria-label': label, maxlength: 200 });
    input.addEventListener('input', () => this.commit(label, key, input, (d) => set(d, input.value)));
    input.addEventListener('change', () => this.ctx.store.breakCoalescing());
    input.addEventListener('blur', () => {
      input.classList.remove('invalid');
      input.value = get(this.ctx.store.doc);
    });
    this.refreshers.push((doc) => {
      if (document.activeElement !== input) input.value = get(doc);
    });
    return input;
  }

  /** A labelled text field. */
  text(label: string, get: Getter<string>, set: Setter<string>, key: string): HTMLElement {
    return this.row(label, this.textInput(label, get, set, key));
  }

  /** A labelled checkbox. */
  check(label: string, get: Getter<boolean>, set: Setter<boolean>, key: string): HTMLElement {
    const input = h('input', { type: 'checkbox', 'data-key': key, 'aria-label': label });
    input.addEventListener('change', () => {
      this.ctx.store.breakCoalescing();
      this.commit(label, key, input, (d) => set(d, input.checked));
      this.ctx.store.breakCoalescing();
    });
    this.refreshers.push((doc) => {
      input.checked = get(doc);
    });
    return h('label', { class: 'row check' }, input, h('span', { class: 'label' }, label));
  }

  /** A bare select. */
  selectInput(label: string, choices: Choice[], get: Getter<string>, set: Setter<string>, key: string): HTMLSelectElement {
    const select = h('select', { 'data-key': key, 'aria-label': label });
    for (const [value, text] of choices) select.appendChild(h('option', { value }, text));
    select.addEventListener('change', () => {
      this.ctx.store.breakCoalescing();
      this.commit(label, key, select, (d) => set(d, select.value));
      this.ctx.store.breakCoalescing();
    });
    this.refreshers.push((doc) => {
      const value = get(doc);
      if (![...select.options].some((o) => o.value === value)) {
        select.appendChild(h('option', { value }, value));
      }
      select.value = value;
    });
    return select;
  }

  /** A labelled select. */
  select(label: string, choices: Choice[], get: Getter<string>, set: Setter<string>, key: string): HTMLElement {
    return this.row(label, this.selectInput(label, choices, get, set, key));
  }

  /** A bare colour input (`#rrggbb`). */
  colorInput(label: string, get: Getter<string>, set: Setter<string>, key: string): HTMLInputElement {
    const input = h('input', { type: 'color', 'data-key': key, 'aria-label': label });
    input.addEventListener('input', () => this.commit(label, key, input, (d) => set(d, input.value)));
    input.addEventListener('change', () => this.ctx.store.breakCoalescing());
    this.refreshers.push((doc) => {
      if (document.activeElement !== input) input.value = normalizeHex(get(doc));
    });
    return input;
  }
}

/** `#rgb`/`#rrggbb` (any case) as lower-case `#rrggbb`; black when unreadable. */
export function normalizeHex(text: string): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (m === null) return '#000000';
  const hex = m[1].toLowerCase();
  return hex.length === 3 ? `#${hex[0]}${hex[0]}${hex[1]}${hex[1]}${hex[2]}${hex[2]}` : `#${hex}`;
}
