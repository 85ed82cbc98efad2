// Input limits of the property panel from the core's field schema (Engine.fieldSchema, the
// limits validation uses): a path such as `systems[].ratePerSec` gives its min, max, whole-number
// rule and whether the minimum itself is refused. No limit is written in TS.

import type { FieldSchema } from '../generated/contract';
import { DEFAULT_LIMITS, type NumberLimits } from '../ui/fields';

/** Limits of the schema field `path` (generous defaults where the schema states none). */
export function limitsOf(schema: FieldSchema, path: string): NumberLimits {
  const f = schema.fields.find((x) => x.path === path);
  if (f === undefined) throw new Error(`field schema has no ${path}`);
  return {
    min: f.min ?? DEFAULT_LIMITS.min,
    max: f.max ?? DEFAULT_LIMITS.max,
    integer: f.kind === 'integer',
    minExclusive: f.minExclusive,
  };
}
