// The property panel's one call into the curve editor (web/particles/curves.ts): every curve and
// gradient field of the schema (scale, alpha, rate over duration, the over-life multipliers, each
// force's multiplier, the colour gradient) is drawn by `curveField`. When curves.ts becomes the
// graphical editor, only this function changes.

import { t } from '../i18n';
import type { ColorKey, CurveKey, Scene } from '../document/types';
import type { DocumentContext } from '../document/context';
import { h } from '../ui/dom';
import type { NumberLimits } from '../ui/fields';
import type { Form, Getter, Setter } from '../ui/widgets';
import { addColorKey, addCurveKey, gradientCss } from './curves';

/** What a curve or gradient input needs. */
export interface CurveFieldSpec {
  form: Form;
  ctx: DocumentContext;
  /** Shown title. */
  label: string;
  /** Document key of the field (`systems[0].overLife.speed`). */
  key: string;
  /** `curve` (keys `{ t, v }`) or `gradient` (keys `{ t, color }`). */
  kind: 'curve' | 'gradient';
  /** Limits of a curve's values (the schema's). */
  limits: NumberLimits;
  /** Most keys; fewest keys (1 when the field cannot be empty). */
  maxKeys: number;
  minKeys: number;
  get: Getter<(CurveKey | ColorKey)[] | undefined>;
  set: Setter<(CurveKey | ColorKey)[]>;
}

const LIFE: NumberLimits = { min: 0, max: 1 };

/** A key editor for one curve or gradient field. */
export function curveField(c: CurveFieldSpec): HTMLElement {
  const keys = (d: Scene): (CurveKey | ColorKey)[] => c.get(d) ?? [];
  const edit = (label: string, fn: (list: (CurveKey | ColorKey)[]) => void): void => {
    c.ctx.edit(label, (d) => {
      const list = structuredClone(keys(d));
      fn(list);
      c.set(d, list);
    });
  };
  const box = h('div', { class: 'list', 'data-curve': c.key }, h('div', { class: 'list-title' }, c.label));
  const count = keys(c.ctx.store.doc).length;
  if (c.kind === 'gradient') {
    const strip = h('div', { class: 'gradient-strip' });
    box.appendChild(strip);
    c.form.watch((d) => (strip.style.background = gradientCss(keys(d) as ColorKey[])));
  }
  if (count === 0) box.appendChild(h('p', { class: 'hint' }, t('curveEmpty')));
  for (let n = 0; n < count; n++) {
    const at = (d: Scene): CurveKey & ColorKey => (keys(d)[n] ?? { t: 0, v: 0, color: '#ffffff' }) as CurveKey & ColorKey;
    const put = (d: Scene, fn: (k: CurveKey & ColorKey) => void): void => {
      const list = structuredClone(keys(d));
      const k = list[n] as (CurveKey & ColorKey) | undefined;
      if (k !== undefined) fn(k);
      c.set(d, list);
    };
    box.appendChild(
      h('div', { class: 'row keyrow' },
        h('span', { class: 'keylabel' }, 't'),
        c.form.numberInput(`${c.label} ${n + 1} t`, (d) => at(d).t, (d, v) => put(d, (k) => (k.t = v)), `${c.key}[${n}].t`, LIFE),
        c.kind === 'curve'
          ? c.form.numberInput(`${c.label} ${n + 1} ${t('value')}`, (d) => at(d).v, (d, v) => put(d, (k) => (k.v = v)), `${c.key}[${n}].v`, c.limits)
          : c.form.colorInput(`${c.label} ${n + 1}`, (d) => at(d).color, (d, v) => put(d, (k) => (k.color = v)), `${c.key}[${n}].color`),
        h('button', { type: 'button', class: 'icon', title: t('remove'), disabled: count <= c.minKeys, onclick: () => edit(t('removeKey'), (l) => void l.splice(n, 1)) }, '✕'),
      ),
    );
  }
  box.appendChild(
    h('button', { type: 'button', class: 'small', disabled: count >= c.maxKeys, onclick: () => edit(t('addKey'), (l) => (c.kind === 'curve' ? addCurveKey(l as CurveKey[]) : addColorKey(l as ColorKey[]))) }, t('addKey')),
  );
  return box;
}
