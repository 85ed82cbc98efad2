// The property panel's input limits are the core's (wasm fieldSchema → web/particles/limits.ts):
// a value at the limit is accepted by the panel's parser, one beyond it refused, for fields of
// each kind the panel shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldSchema } from '../../web/generated/contract.ts';
import { limitsOf } from '../../web/particles/limits.ts';
import { parseNumberField } from '../../web/ui/fields.ts';

const ROOT = join(import.meta.dirname, '../..');
let schema: FieldSchema;

beforeAll(async () => {
  const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as {
    fieldSchema(): string;
    initSync(o: { module: Uint8Array }): unknown;
  };
  glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
  schema = JSON.parse(glue.fieldSchema()) as FieldSchema;
});

describe('panel limits from the field schema', () => {
  it('accepts the limits and refuses beyond them', () => {
    for (const path of ['systems[].ratePerSec', 'systems[].maxParticles', 'systems[].spreadDeg', 'systems[].lifetimeSecs', 'systems[].flipbook.fps']) {
      const l = limitsOf(schema, path);
      expect(parseNumberField(String(l.max), l), path).toEqual({ ok: true, value: l.max });
      expect(parseNumberField(String(l.max + 1), l).ok, path).toBe(false);
      if (l.minExclusive !== true) expect(parseNumberField(String(l.min), l).ok, path).toBe(true);
      expect(parseNumberField(String(l.min - 1), l).ok, path).toBe(false);
    }
  });
  it('integer fields refuse fractions; an exclusive minimum refuses the minimum', () => {
    expect(parseNumberField('1.5', limitsOf(schema, 'systems[].maxParticles'))).toEqual({ ok: false, problem: 'notInteger' });
    const freq = limitsOf(schema, 'systems[].forces[](turbulence).frequencyPerPx');
    expect(freq.minExclusive).toBe(true);
    expect(parseNumberField(String(freq.min), freq)).toEqual({ ok: false, problem: 'tooSmall' });
  });
  it('names a missing path', () => {
    expect(() => limitsOf(schema, 'systems[].nothing')).toThrow(/systems\[\]\.nothing/);
  });
});
