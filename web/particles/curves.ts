// Key editors for the scale curve, the alpha curve and the colour gradient: one row per key
// (normalised life t, value or colour), add and remove buttons, and a preview strip.

import { t } from '../i18n';
import type { ColorKey, CurveKey, ParticleSystem, Scene } from '../document/types';
import type { EditorContext } from '../editor/context';
import { h } from '../ui/dom';
import { Form, normalizeHex } from '../ui/widgets';

const LIFE = { min: 0, max: 1 };

/** Appends the three curve editors of system `i` to `parent`. */
export function appendCurveEditors(parent: HTMLElement, form: Form, ctx: EditorContext, i: number, sys: ParticleSystem): void {
  const S = (d: Scene): ParticleSystem => d.systems[i];
  const k = (path: string): string => `systems[${i}].${path}`;

  const curve = (title: string, field: 'scaleCurve' | 'alphaCurve', limits: { min: number; max: number }): HTMLElement => {
    const box = h('div', { class: 'list' }, h('div', { class: 'list-title' }, title));
    const keys: CurveKey[] = sys[field];
    keys.forEach((_, n) => {
      box.appendChild(
        h('div', { class: 'row keyrow' },
          h('span', { class: 'keylabel' }, 't'),
          form.numberInput(`${title} ${n + 1} t`, (d) => S(d)[field][n]?.t ?? 0, (d, v) => (S(d)[field][n].t = v), k(`${field}[${n}].t`), LIFE),
          h('span', { class: 'keylabel' }, t('value')),
          form.numberInput(`${title} ${n + 1} ${t('value')}`, (d) => S(d)[field][n]?.v ?? 0, (d, v) => (S(d)[field][n].v = v), k(`${field}[${n}].v`), limits),
          h('button', { type: 'button', class: 'icon', title: t('remove'), disabled: keys.length <= 1, onclick: () => ctx.edit(t('removeKey'), (d) => void S(d)[field].splice(n, 1)) }, '✕'),
        ),
      );
    });
    box.appendChild(
      h('button', { type: 'button', class: 'small', onclick: () => ctx.edit(t('addKey'), (d) => addCurveKey(S(d)[field])) }, t('addKey')),
    );
    return box;
  };

  const gradientBox = h('div', { class: 'list' }, h('div', { class: 'list-title' }, t('colorGradient')));
  const strip = h('div', { class: 'gradient-strip' });
  strip.style.background = gradientCss(sys.colorGradient);
  gradientBox.appendChild(strip);
  sys.colorGradient.forEach((_, n) => {
    gradientBox.appendChild(
      h('div', { class: 'row keyrow' },
        h('span', { class: 'keylabel' }, 't'),
        form.numberInput(`${t('colorGradient')} ${n + 1} t`, (d) => S(d).colorGradient[n]?.t ?? 0, (d, v) => (S(d).colorGradient[n].t = v), k(`colorGradient[${n}].t`), LIFE),
        form.colorInput(`${t('colorGradient')} ${n + 1}`, (d) => S(d).colorGradient[n]?.color ?? '#ffffff', (d, v) => (S(d).colorGradient[n].color = v), k(`colorGradient[${n}].color`)),
        h('button', { type: 'button', class: 'icon', title: t('remove'), disabled: sys.colorGradient.length <= 1, onclick: () => ctx.edit(t('removeKey'), (d) => void S(d).colorGradient.splice(n, 1)) }, '✕'),
      ),
    );
  });
  gradientBox.appendChild(
    h('button', { type: 'button', class: 'small', onclick: () => ctx.edit(t('addKey'), (d) => addColorKey(S(d).colorGradient)) }, t('addKey')),
  );
  form.watch((doc) => {
    const g = doc.systems[i]?.colorGradient;
    if (g !== undefined) strip.style.background = gradientCss(g);
  });

  parent.append(curve(t('scaleCurve'), 'scaleCurve', { min: -1000, max: 1000 }), gradientBox, curve(t('alphaCurve'), 'alphaCurve', { min: 0, max: 1 }));
}

/** Adds a key halfway through the largest gap (or at 1 when there is one key). */
export function addCurveKey(keys: CurveKey[]): void {
  if (keys.length === 0) {
    keys.push({ t: 0, v: 1 });
    return;
  }
  const { at, index } = widestGap(keys.map((k) => k.t));
  const before = keys[index];
  keys.splice(index + 1, 0, { t: at, v: before.v });
}

/** Adds a colour key halfway through the largest gap. */
export function addColorKey(keys: ColorKey[]): void {
  if (keys.length === 0) {
    keys.push({ t: 0, color: '#ffffff' });
    return;
  }
  const { at, index } = widestGap(keys.map((k) => k.t));
  keys.splice(index + 1, 0, { t: at, color: keys[index].color });
}

function widestGap(ts: number[]): { at: number; index: number } {
  const points = [...ts];
  let best = { at: Math.min(1, (points[points.length - 1] + 1) / 2), index: points.length - 1, width: 1 - points[points.length - 1] };
  for (let n = 0; n + 1 < points.length; n++) {
    const width = points[n + 1] - points[n];
    if (width > best.width) best = { at: (points[n] + points[n + 1]) / 2, index: n, width };
  }
  return { at: Number(best.at.toFixed(4)), index: best.index };
}

/** CSS linear-gradient of a colour gradient (colours sanitised to `#rrggbb`). */
export function gradientCss(keys: ColorKey[]): string {
  if (keys.length === 0) return '#ffffff';
  if (keys.length === 1) return normalizeHex(keys[0].color);
  const stops = keys.map((k) => `${normalizeHex(k.color)} ${(Math.min(1, Math.max(0, k.t)) * 100).toFixed(1)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
