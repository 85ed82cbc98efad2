// The property panel's one call into the curve editors (web/particles/curves.ts): every curve and
// gradient field of the schema (scale, alpha, rate over duration, the over-life multipliers, each
// force's multiplier, the trail's curves, the colour gradients) is drawn by `curveField` as a
// graphical editor with the schema's limits and unit.

import type { ColorKey, CurveKey } from '../document/types';
import type { CurveAxis } from '../generated/contract';
import type { EditorContext } from '../editor/context';
import type { NumberLimits } from '../ui/fields';
import type { Getter, Setter } from '../ui/widgets';
import { curveField as curveEditorField, gradientField } from './curves';

/** What a curve or gradient input needs. */
export interface CurveFieldSpec {
  ctx: EditorContext;
  /** Shown title. */
  label: string;
  /** Document key of the field (`systems[0].overLife.speed`). */
  key: string;
  /** `curve` (keys `{ t, v }`) or `gradient` (keys `{ t, color }`). */
  kind: 'curve' | 'gradient';
  /** Limits of a curve's values (the schema's). */
  limits: NumberLimits;
  /** Unit of a curve's values, in the UI language (none: `undefined`). */
  unit?: string;
  /** What `t` runs over (the schema's; the curve editor's axis label). */
  axis: CurveAxis;
  /** Most keys. */
  maxKeys: number;
  get: Getter<(CurveKey | ColorKey)[] | undefined>;
  set: Setter<(CurveKey | ColorKey)[]>;
}

/** A graphical editor for one curve or gradient field. */
export function curveField(c: CurveFieldSpec): HTMLElement {
  const box =
    c.kind === 'gradient'
      ? gradientField(c.ctx, { label: c.label, id: c.key, get: (d) => (c.get(d) ?? []) as ColorKey[], set: (d, g) => c.set(d, g), maxKeys: c.maxKeys })
      : curveEditorField(c.ctx, {
          label: c.label,
          id: c.key,
          get: (d) => (c.get(d) ?? []) as CurveKey[],
          set: (d, v) => c.set(d, v),
          min: c.limits.min ?? 0,
          max: c.limits.max ?? 1,
          unit: c.unit,
          axis: c.axis,
          step: c.limits.step,
          maxKeys: c.maxKeys,
        });
  box.dataset.curve = c.key;
  return box;
}
