// The property panel is built from the core's field schema (the real wasm module's
// fieldSchema): every particle-system field has a Chinese and an English label (and so has every
// option of a choice), every field lands in exactly one named section of the panel, each input's
// limits are the schema's, and an entry the panel adds for a kind (emitter shape, force, burst)
// is one the core accepts, with the core's defaults.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldSchema, SchemaField } from '../../web/generated/contract.ts';
import { FIELD_LABELS } from '../../web/i18n/field-labels.ts';
import { fieldLimits } from '../../web/particles/limits.ts';
import { fieldsOf, getAt, newEntry, setAt, SYSTEM_PREFIX, systemPlan, type ListItem, type TaggedItem } from '../../web/particles/panel-plan.ts';

const ROOT = join(import.meta.dirname, '../..');
let schema: FieldSchema;
let normalizeScene: (json: string) => string;
let defaultScene: () => string;

beforeAll(async () => {
  const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as {
    fieldSchema(): string;
    normalizeScene(json: string): string;
    defaultScene(): string;
    initSync(o: { module: Uint8Array }): unknown;
  };
  glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
  schema = JSON.parse(glue.fieldSchema()) as FieldSchema;
  normalizeScene = glue.normalizeScene;
  defaultScene = glue.defaultScene;
});

const systemFields = (): SchemaField[] => schema.fields.filter((f) => f.path.startsWith(SYSTEM_PREFIX));
const CHINESE = /[\u4e00-\u9fff]/;
/** Keys of curves and gradients: drawn by the curve editor, not inputs of their own. */
const CURVE_KEYS = ['systems[].scaleCurve[]', 'systems[].colorGradient[].color'];

describe('panel labels', () => {
  it('every particle-system field and choice option has a zh and an en label', () => {
    const missing: string[] = [];
    for (const f of systemFields()) {
      for (const key of [f.path, ...f.options.map((o) => `${f.path}=${o}`)]) {
        const label = FIELD_LABELS[key];
        if (label === undefined) missing.push(`${key}: none`);
        else {
          if (!CHINESE.test(label[0])) missing.push(`${key}: zh "${label[0]}" is not Chinese`);
          if (label[1].trim() === '' || CHINESE.test(label[1])) missing.push(`${key}: en "${label[1]}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
  it('labels no path the schema lacks (a renamed field leaves no stale label)', () => {
    const known = new Set(systemFields().flatMap((f) => [f.path, ...['', ...f.options].filter((o) => o !== '' || f.kind === 'choice').map((o) => `${f.path}=${o}`)]));
    expect(Object.keys(FIELD_LABELS).filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('panel plan from the schema', () => {
  it('shows every field once, in a named section', () => {
    const plan = systemPlan(schema);
    const shown = plan.flatMap((s) => s.items.flatMap(fieldsOf).map((f) => f.path));
    const expected = systemFields().map((f) => f.path).filter((p) => !CURVE_KEYS.includes(p));
    expect([...shown].sort()).toEqual([...expected].sort());
    expect(new Set(shown).size).toBe(shown.length);
    expect(plan.find((s) => s.id === 'other')?.items.map((i) => i.rel) ?? []).toEqual([]);
  });
  it('groups tagged objects and lists: emitter shapes, forces by kind, bursts, textures', () => {
    const items = systemPlan(schema).flatMap((s) => s.items);
    const emitter = items.find((i) => i.rel === 'emitter') as TaggedItem;
    expect(emitter.type).toBe('tagged');
    expect([...emitter.variants.keys()]).toEqual(['circle', 'rect', 'line', 'arc', 'roundedRect']);
    expect(emitter.variants.get('arc')?.map((i) => i.rel)).toEqual(['radius', 'startDeg', 'spanDeg', 'thicknessPx']);
    const forces = items.find((i) => i.rel === 'forces') as ListItem;
    expect(forces.kind?.options).toEqual(['turbulence', 'vortex', 'attractor', 'wind', 'drag', 'speedLimit']);
    expect(forces.list?.max).toBe(8);
    expect(forces.variants.get('vortex')?.map((i) => i.rel)).toEqual(['spinDegPerSec', 'overLife', 'center[0]', 'center[1]', 'space', 'radiusPx', 'pullPerSec']);
    const bursts = items.find((i) => i.rel === 'bursts') as ListItem;
    expect(bursts.entry.map((i) => i.rel)).toEqual(['timeSecs', 'count', 'intervalSecs', 'cycles']);
    expect((items.find((i) => i.rel === 'textures') as ListItem).value?.path).toBe('systems[].textures[]');
  });
  it("each numeric input's limits are the schema's", () => {
    const bad: string[] = [];
    for (const f of systemPlan(schema).flatMap((s) => s.items.flatMap(fieldsOf))) {
      if (!['number', 'integer', 'range', 'curve'].includes(f.kind)) continue;
      const l = fieldLimits(f);
      const want = { min: f.min ?? -1e6, max: f.max ?? 1e6, integer: f.kind === 'integer', minExclusive: f.minExclusive, step: f.step ?? undefined };
      if (l.min !== want.min || l.max !== want.max || l.integer !== want.integer || l.minExclusive !== want.minExclusive || l.step !== want.step) bad.push(`${f.path}: ${JSON.stringify(l)} ≠ ${JSON.stringify(want)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('entries the panel adds', () => {
  it('every emitter shape and force kind, and a burst, are accepted by the core with its defaults', () => {
    const items = systemPlan(schema).flatMap((s) => s.items);
    const emitter = items.find((i) => i.rel === 'emitter') as TaggedItem;
    const forces = items.find((i) => i.rel === 'forces') as ListItem;
    const bursts = items.find((i) => i.rel === 'bursts') as ListItem;
    const scene = JSON.parse(defaultScene()) as { systems: Record<string, unknown>[] };
    const sys = scene.systems[0];
    for (const kind of emitter.kind.options) {
      setAt(sys, 'emitter', newEntry(emitter.variants.get(kind) ?? [], kind));
      const back = JSON.parse(normalizeScene(JSON.stringify(scene))) as typeof scene;
      expect(getAt(back.systems[0], 'emitter'), kind).toEqual(getAt(sys, 'emitter'));
    }
    setAt(sys, 'forces', forces.kind?.options.map((k) => newEntry(forces.variants.get(k) ?? [], k)));
    setAt(sys, 'bursts', [newEntry(bursts.entry)]);
    const back = JSON.parse(normalizeScene(JSON.stringify(scene))) as typeof scene;
    expect(getAt(back.systems[0], 'forces[1]')).toEqual({ kind: 'vortex', spinDegPerSec: { min: 90, max: 90 }, overLife: [], center: [0, 0], space: 'system', radiusPx: 150, pullPerSec: 0 });
    expect(getAt(back.systems[0], 'forces')).toEqual(getAt(sys, 'forces'));
    expect(getAt(back.systems[0], 'bursts')).toEqual([{ timeSecs: 0, count: 10 }]);
  });
  it('setAt creates missing objects and arrays, and deletes on undefined', () => {
    const o: Record<string, unknown> = {};
    setAt(o, 'overLife.speed', [{ t: 0, v: 1 }]);
    setAt(o, 'center[1]', 5);
    expect(o).toEqual({ overLife: { speed: [{ t: 0, v: 1 }] }, center: [undefined, 5] });
    setAt(o, 'overLife.speed', undefined);
    expect(getAt(o, 'overLife')).toEqual({});
    expect(getAt(o, 'missing.deeper')).toBeUndefined();
  });
});
