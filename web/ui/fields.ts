// Parsing of numbers typed into panel fields. Anything that is not a finite number inside the
// field's limits is refused with a reason; the document is never given NaN or an absurd value
// (Rust validates again and names the field path).

/** Limits of a numeric field. */
export interface NumberLimits {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** `min` itself is refused (the value must be above it). */
  minExclusive?: boolean;
  /** Increment of the arrow keys (absent: 1, or 0.1 near zero). */
  step?: number;
}

/** Default limits: generous, but far from float trouble. */
export const DEFAULT_LIMITS: NumberLimits = { min: -1e6, max: 1e6 };

/** Why a typed value was refused. */
export type NumberProblem = 'empty' | 'notANumber' | 'notFinite' | 'tooSmall' | 'tooLarge' | 'notInteger';

/** Result of {@link parseNumberField}. */
export type ParsedNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem };

/** Parses typed text (accepts `,` as decimal separator) against `limits`. */
export function parseNumberField(text: string, limits: NumberLimits = DEFAULT_LIMITS): ParsedNumber {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) {
    if (/^[+-]?(inf|infinity)$/i.test(trimmed)) return { ok: false, problem: 'notFinite' };
    return { ok: false, problem: 'notANumber' };
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, problem: 'notFinite' };
  if (value < limits.min || (limits.minExclusive === true && value === limits.min)) return { ok: false, problem: 'tooSmall' };
  if (value > limits.max) return { ok: false, problem: 'tooLarge' };
  if (limits.integer === true && !Number.isInteger(value)) return { ok: false, problem: 'notInteger' };
  return { ok: true, value };
}

/** Shortest display text of a number (no float noise like 0.30000000000000004). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(7)));
}
