// Curve and gradient fields of the property panel: the graphical editors of web/ui bound to the
// document. `curveField` and `gradientField` are the entry points the panel calls for every
// curve or gradient field (through web/particles/curve-field.ts).
//
// A drag previews on the canvas by handing the engine the edited copy of the document (nothing
// recorded) and commits once on release through `ctx.edit`: one undo step. Arrow-key nudges of
// one key coalesce.

import type { ColorKey, CurveKey, Scene } from '../document/types';
import type { EditorContext } from '../editor/context';
import type { CurveAxis } from '../generated/contract';
import { CurveEditor } from '../ui/curve-editor';
import { GradientEditor } from '../ui/gradient-editor';
import type { KeyEditor, KeyEditorCallbacks } from '../ui/key-editor';

export { gradientCss } from '../ui/gradient-editor';

/** Most keys of a curve or gradient (the core's `MAX_CURVE_KEYS`, read from the schema when it lists it). */
const DEFAULT_MAX_KEYS = 64;

/** Options of {@link curveField}. */
export interface CurveFieldOptions {
  /** Title, also the undo label's subject. */
  label: string;
  /** The field's identity across panel rebuilds, its document key (`systems[0].forces[1].overLife`):
   * it keeps the selected key and the focus (not the title: titles repeat, each force has a
   * "multiplier over life"). */
  id: string;
  /** Reads the curve (a document `Curve` is its key list). */
  get(d: Scene): CurveKey[];
  /** Writes the curve into a draft document. */
  set(d: Scene, v: CurveKey[]): void;
  /** Value limits (the field's schema min and max). */
  min: number;
  max: number;
  /** Unit shown on the value axis (the schema's). */
  unit?: string;
  /** What `t` runs over (default: the particle's life). */
  axis?: CurveAxis;
  /** Nudge and snap step of values (default: a hundredth of the plotted range, at least 0.01). */
  step?: number;
  /** Most keys (default 64, the core's limit). */
  maxKeys?: number;
}

/** Options of {@link gradientField}. */
export interface GradientFieldOptions {
  /** Title. */
  label: string;
  /** As {@link CurveFieldOptions.id}. */
  id: string;
  /** Reads the gradient (a document `Gradient` is its stop list). */
  get(d: Scene): ColorKey[];
  /** Writes the gradient into a draft document. */
  set(d: Scene, g: ColorKey[]): void;
  /** Most stops (default 64). */
  maxKeys?: number;
}

/** Selected key per field (its id), kept across panel rebuilds (adding a key rebuilds the panel). */
const remembered = new Map<string, number>();
/** The field whose editor had the focus when it committed: its rebuilt editor takes it back. */
let refocus: string | null = null;

/** Notes whether `el` holds the focus before a commit that may rebuild the panel. */
function noteFocus(el: HTMLElement, id: string): void {
  refocus = el.contains(document.activeElement) ? id : null;
}

/** Gives a rebuilt editor the focus its predecessor had. */
function restoreFocus(id: string, editor: { focus(): void; element: HTMLElement }): void {
  if (refocus !== id) return;
  refocus = null;
  requestAnimationFrame(() => {
    if (editor.element.isConnected) editor.focus();
  });
}

function read<T>(ctx: EditorContext, get: (d: Scene) => T, fallback: T): T {
  try {
    return get(ctx.store.doc);
  } catch {
    return fallback;
  }
}

/** The preview waiting for the next animation frame (at most one scene hand-over per frame). */
let pendingPreview: { ctx: EditorContext; mutate: (d: Scene) => void } | null = null;

/** Hands the engine a copy of the document with `mutate` applied (a preview: nothing recorded), once per frame. */
function previewScene(ctx: EditorContext, mutate: (d: Scene) => void): void {
  const first = pendingPreview === null;
  pendingPreview = { ctx, mutate };
  if (!first) return;
  requestAnimationFrame(() => {
    const p = pendingPreview;
    pendingPreview = null;
    if (p === null) return;
    const draft = structuredClone(p.ctx.store.doc);
    try {
      p.mutate(draft);
      const time = p.ctx.engine.timeSecs();
      p.ctx.engine.setScene(JSON.stringify(draft));
      p.ctx.engine.setTime(time);
    } catch {
      // An edit the core refuses shows nothing new; the commit reports it.
    }
  });
}

/** Gives the engine the recorded document again (a drag was abandoned). */
function restoreScene(ctx: EditorContext): void {
  pendingPreview = null;
  const time = ctx.engine.timeSecs();
  ctx.engine.setScene(ctx.store.json);
  ctx.engine.setTime(time);
}

/** Calls `refresh` on every document change while `el` is in the page (and stops once it left). */
function follow(ctx: EditorContext, el: HTMLElement, refresh: (doc: Scene) => void): void {
  let seen = false;
  const stop = ctx.store.subscribe((e) => {
    if (el.isConnected) seen = true;
    else if (seen) {
      stop();
      return;
    }
    refresh(e.doc);
  });
}

/**
 * The key editor `make` builds, bound to field `o` (`id` keys its kept selection and focus):
 * drags preview on the canvas, an abandoned drag restores the document, a commit is one undo
 * step (refused: the editor shows the document again), and it follows the document.
 */
function keyField<K extends object, E extends KeyEditor<K> & { element: HTMLElement; focus(): void }>(ctx: EditorContext, id: string, o: { label: string; get(d: Scene): K[]; set(d: Scene, v: K[]): void }, make: (keys: K[], bind: KeyEditorCallbacks<K> & { selected?: number }) => E): HTMLElement {
  const editor: E = make(read(ctx, o.get, []), {
    preview: (keys) => previewScene(ctx, (d) => o.set(d, keys)),
    cancel: () => restoreScene(ctx),
    commit: (keys, label, coalesceKey) => {
      pendingPreview = null;
      noteFocus(editor.element, id);
      if (coalesceKey === undefined) ctx.store.breakCoalescing();
      if (!ctx.edit(`${label}: ${o.label}`, (d) => o.set(d, keys), coalesceKey ?? null)) editor.setKeys(read(ctx, o.get, []));
      if (coalesceKey === undefined) ctx.store.breakCoalescing();
    },
    selected: remembered.get(id),
    onSelect: (i) => remembered.set(id, i),
  });
  restoreFocus(id, editor);
  follow(ctx, editor.element, (doc) => {
    try {
      editor.setKeys(o.get(doc));
    } catch {
      // The system is gone: the panel rebuilds.
    }
  });
  return editor.element;
}

/** A graphical curve editor bound to the document (one undo step per drag, click or typed value). */
export function curveField(ctx: EditorContext, o: CurveFieldOptions): HTMLElement {
  const step = o.step ?? Math.max(0.01, Number(((Math.min(o.max, 10) - o.min) / 100).toPrecision(1)));
  const limits = { min: o.min, max: o.max, step };
  const sample = (keys: CurveKey[], n: number): ArrayLike<number> | null => ctx.engine.sampleCurve(keys, n);
  return keyField(ctx, o.id, o, (keys, bind) => new CurveEditor(keys, { label: o.label, limits, unit: o.unit, axis: o.axis, maxKeys: o.maxKeys ?? DEFAULT_MAX_KEYS, sample, ...bind }));
}

/** A gradient editor bound to the document. */
export function gradientField(ctx: EditorContext, o: GradientFieldOptions): HTMLElement {
  return keyField(ctx, `gradient:${o.id}`, o, (keys, bind) => new GradientEditor(keys, { label: o.label, maxKeys: o.maxKeys ?? DEFAULT_MAX_KEYS, ...bind }));
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
