// What the property panel shows, derived from the core's field schema (no DOM here): the fields
// under `systems[]` grouped into inputs — plain fields, tagged objects (`emitter(circle).radius`:
// a kind selector and the active kind's fields), lists (`bursts[].count`, tagged entries
// `forces[](vortex).radiusPx`, plain values `textures[]`) — and placed in sections by a small
// ordered table of path heads. A new schema field gets an input without code here.

import type { FieldSchema, SchemaField } from '../generated/contract';

/** Prefix of a particle system's fields in the schema. */
export const SYSTEM_PREFIX = 'systems[].';

/** One input (or group of inputs) of the panel; `rel` is relative to its base object. */
export type PanelItem = FieldItem | TaggedItem | ListItem;

/** A single field (number, integer, range, bool, text, choice, colour, curve, gradient). */
export interface FieldItem {
  type: 'field';
  rel: string;
  field: SchemaField;
}

/** An object tagged by `kind` (`emitter`): a kind selector and the fields of each kind. */
export interface TaggedItem {
  type: 'tagged';
  rel: string;
  kind: SchemaField;
  variants: Map<string, PanelItem[]>;
}

/** A list: of tagged entries (`forces`), of plain entries (`bursts`) or of values (`textures`). */
export interface ListItem {
  type: 'list';
  rel: string;
  /** The list field itself (its `max` is the most entries). */
  list?: SchemaField;
  /** Kind of tagged entries. */
  kind?: SchemaField;
  /** Fields of each kind of tagged entry. */
  variants: Map<string, PanelItem[]>;
  /** Fields of a plain entry. */
  entry: PanelItem[];
  /** The value field of a list of values. */
  value?: SchemaField;
}

/** A section of the panel: a title key and its items, in schema order. */
export interface PanelSection {
  id: SectionId;
  items: PanelItem[];
}

/** The sections, in panel order, with the path heads they hold (the first match wins). */
export const SECTIONS = [
  ['general', ['name', 'visible', 'mode', 'durationSecs', 'delaySecs', 'animation', 'loopAnimations', 'seed', 'space']],
  ['transform', ['transform']],
  ['follow', ['follow']],
  ['emission', ['ratePerSec', 'rateCurve', 'maxParticles', 'bursts']],
  ['shape', ['emitter']],
  ['velocity', ['lifetimeSecs', 'speed', 'directionDeg', 'spreadDeg', 'gravity', 'damping']],
  ['rotation', ['rotationMode', 'startRotationDeg', 'angularVelocityDeg', 'alignToVelocity']],
  ['forces', ['forces']],
  ['overLife', ['startScale', 'scaleCurve', 'overLife']],
  ['colour', ['colorGradient', 'alphaCurve', 'blend', 'drawOrder', 'anchor']],
  ['textures', ['textures', 'texturePick', 'flipbook']],
  ['trail', ['trail']],
  ['collision', ['collision']],
  ['pathFollow', ['pathFollow']],
  ['other', []],
] as const;

/** Identifier of a section (its title is the message `sec_<id>`). */
export type SectionId = (typeof SECTIONS)[number][0];

/** Head of a relative path: `transform.x` → `transform`, `gravity[0]` → `gravity`. */
export function headOf(rel: string): string {
  return /^\w+/.exec(rel)?.[0] ?? rel;
}

/** The section of a path head (`other` when the table has none). */
export function sectionOf(head: string): SectionId {
  for (const [id, heads] of SECTIONS) if ((heads as readonly string[]).includes(head)) return id;
  return 'other';
}

interface Rel {
  rel: string;
  field: SchemaField;
}

const PIECE = /^(\w+)(\[\])?(?:\((\w+)\))?(?:\.(.+))?$/;

/** Groups fields (paths relative to one object) into panel items, in their order. */
export function groupFields(fields: Rel[]): PanelItem[] {
  const variantHeads = new Set<string>();
  for (const { rel } of fields) {
    const m = PIECE.exec(rel);
    if (m?.[3] !== undefined) variantHeads.add(m[1]);
  }
  const curves = new Set(fields.filter((f) => f.field.kind === 'gradient' || f.field.kind === 'curve').map((f) => f.rel));
  const out: PanelItem[] = [];
  const groups = new Map<string, TaggedItem | ListItem>();
  const pending = new Map<TaggedItem | ListItem, Map<string, Rel[]> | Rel[]>();
  const list = (head: string): ListItem => {
    let g = groups.get(head);
    if (g === undefined) {
      g = { type: 'list', rel: head, variants: new Map(), entry: [] };
      groups.set(head, g);
      out.push(g);
    }
    if (g.type !== 'list') throw new Error(`schema path ${head} is both a list and a tagged object`);
    return g;
  };
  const push = (g: TaggedItem | ListItem, variant: string | undefined, r: Rel): void => {
    let p = pending.get(g);
    if (p === undefined) {
      p = variant === undefined ? [] : new Map<string, Rel[]>();
      pending.set(g, p);
    }
    if (p instanceof Map) {
      if (variant === undefined) throw new Error(`schema path ${g.rel}.${r.rel} mixes tagged and plain entries`);
      p.set(variant, [...(p.get(variant) ?? []), r]);
    } else p.push(r);
  };
  for (const f of fields) {
    const m = PIECE.exec(f.rel);
    if (m === null) {
      out.push({ type: 'field', rel: f.rel, field: f.field });
      continue;
    }
    const [, head, isList, variant, rest] = m;
    if (isList !== undefined && curves.has(head)) {
      // Keys of a curve or gradient (`colorGradient[].color`, `scaleCurve[]`: the most keys of
      // a curve) are the curve editor's.
      continue;
    } else if (isList !== undefined) {
      const g = list(head);
      if (rest === 'kind' && variant === undefined && variantHeads.has(head)) g.kind = f.field;
      else if (rest !== undefined) push(g, variant, { rel: rest, field: f.field });
      else g.value = f.field;
    } else if (variant !== undefined && rest !== undefined) {
      const g = groups.get(head);
      if (g?.type !== 'tagged') throw new Error(`schema path ${f.rel} has no ${head}.kind before it`);
      push(g, variant, { rel: rest, field: f.field });
    } else if (rest === 'kind' && variantHeads.has(head)) {
      const g: TaggedItem = { type: 'tagged', rel: head, kind: f.field, variants: new Map() };
      groups.set(head, g);
      out.push(g);
    } else if (f.field.kind === 'list' && rest === undefined) {
      list(head).list = f.field;
    } else out.push({ type: 'field', rel: f.rel, field: f.field });
  }
  for (const [g, p] of pending) {
    if (p instanceof Map) for (const [v, rels] of p) g.variants.set(v, groupFields(rels));
    else if (g.type === 'list') g.entry = groupFields(p);
  }
  return out;
}

/** The panel of a particle system: its sections, each with its items. */
export function systemPlan(schema: FieldSchema): PanelSection[] {
  const rels = schema.fields.filter((f) => f.path.startsWith(SYSTEM_PREFIX)).map((field) => ({ rel: field.path.slice(SYSTEM_PREFIX.length), field }));
  const items = groupFields(rels);
  return SECTIONS.map(([id]) => ({ id, items: items.filter((it) => sectionOf(headOf(it.rel)) === id) })).filter((s) => s.items.length > 0);
}

/** Every schema field an item shows (for tests and the limits check). */
export function fieldsOf(item: PanelItem): SchemaField[] {
  if (item.type === 'field') return [item.field];
  const nested = [...item.variants.values()].flat();
  if (item.type === 'tagged') return [item.kind, ...nested.flatMap(fieldsOf)];
  return [item.list, item.kind, item.value, ...[...nested, ...item.entry].flatMap(fieldsOf)].filter((f): f is SchemaField => f !== undefined);
}

// ---- reading and writing a relative path (`a.b`, `a[1]`) in a document object ----------

type Obj = Record<string | number, unknown>;

function segments(rel: string): (string | number)[] {
  return rel.split(/\.|(?=\[)/).map((s) => (s.startsWith('[') ? Number(s.slice(1, -1)) : s));
}

/** The value at `rel` of `base` (undefined when a step is missing). */
export function getAt(base: unknown, rel: string): unknown {
  let cur = base;
  for (const seg of segments(rel)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[seg];
  }
  return cur;
}

/** Sets `rel` of `base` to `value`, creating missing objects and arrays; `undefined` deletes. */
export function setAt(base: Obj, rel: string, value: unknown): void {
  const segs = segments(rel);
  let cur = base;
  segs.slice(0, -1).forEach((seg, n) => {
    let next = cur[seg];
    if (next === null || typeof next !== 'object') {
      next = typeof segs[n + 1] === 'number' ? [] : {};
      cur[seg] = next;
    }
    cur = next as Obj;
  });
  const last = segs[segs.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

/** A new entry built from the defaults of `items` (the core's: what a new one gets). */
export function newEntry(items: PanelItem[], kind?: string): Obj {
  const out: Obj = kind === undefined ? {} : { kind };
  for (const it of items) {
    if (it.type === 'field' && it.field.default !== undefined) setAt(out, it.rel, structuredClone(it.field.default));
  }
  return out;
}
