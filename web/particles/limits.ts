// Input limits of the property panel from the core's field schema (Engine.fieldSchema, the
// limits validation uses): a path such as `systems[].ratePerSec` gives its min, max, whole-number
// rule, arrow-key step and whether the minimum itself is refused. No limit is written in TS.

import type { FieldSchema, SchemaField } from '../generated/contract';
import { DEFAULT_LIMITS, type NumberLimits } from '../ui/fields';

/** Limits of one schema field (generous defaults where the schema states none). */
export function fieldLimits(f: SchemaField): NumberLimits {
  return {
    min: f.min ?? DEFAULT_LIMITS.min,
    max: f.max ?? DEFAULT_LIMITS.max,
    integer: f.kind === 'integer',
    minExclusive: f.minExclusive,
    ...(f.step === null ? {} : { step: f.step }),
  };
}

/** Limits of the schema field `path`. */
export function limitsOf(schema: FieldSchema, path: string): NumberLimits {
  const f = schema.fields.find((x) => x.path === path);
  if (f === undefined) throw new Error(`field schema has no ${path}`);
  return fieldLimits(f);
}
