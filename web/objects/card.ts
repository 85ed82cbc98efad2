// The card of the selected collider or path (in `#object-panels`, beside the skeleton and model
// cards): what the canvas cannot set. A collider: which systems it affects (every box ticked is
// stored as the empty list, "all", so systems added later are affected too) and, for a polyline,
// whether it is closed. A path: its kind (switching to Bézier gives points without handles smooth
// ones) and whether it is closed. Plus how to edit it on the canvas, and delete. Every change is
// one undo step; names only go in as text.

import type { Collider, PathKind, PathObject } from '../generated/contract';
import type { Scene } from '../document/types';
import { t, type MessageKey } from '../i18n';
import { h } from '../ui/dom';
import { autoHandles, isPath, objectsOf, setObject, type ObjectRef, type SceneObject } from './shapes';

/** What the card reads and writes. */
export interface ObjectCardHost {
  /** The recorded document. */
  doc(): Scene;
  /** The selected object, or null. */
  selected(): ObjectRef | null;
  /** Records an edit (one undo step). */
  edit(label: string, mutate: (d: Scene) => void): boolean;
  /** Deletes object `ref`. */
  remove(ref: ObjectRef): void;
}

const PATH_KIND_LABELS: Record<PathKind, MessageKey> = { polyline: 'pathPolyline', catmullRom: 'pathCatmullRom', bezier: 'pathBezier' };

/** The systems a collider's `systems` list stands for (empty: all of them, as `colliderActsOn` of document/names.ts reads it). */
export function affected(c: Collider, systemNames: readonly string[]): Set<string> {
  return new Set(c.systems.length === 0 ? systemNames : c.systems);
}

/** The `systems` list for the ticked names (every system ticked: the empty list, "all"). */
export function systemsList(ticked: ReadonlySet<string>, systemNames: readonly string[]): string[] {
  return systemNames.every((n) => ticked.has(n)) ? [] : systemNames.filter((n) => ticked.has(n));
}

/** `path` switched to `kind` (a Bézier path gets smooth handles where it has none). */
export function withPathKind(path: PathObject, kind: PathKind): PathObject {
  const next = { ...path, kind };
  if (kind === 'bezier' && (path.handles === undefined || path.handles.length < path.points.length)) {
    const auto = autoHandles(path.points, path.closed);
    next.handles = path.points.map((_, i) => path.handles?.[i] ?? auto[i]);
  }
  return next;
}

/** The card of the selected collider or path. */
export class ObjectCard {
  private card: HTMLElement | null = null;
  private shown = '';

  constructor(
    private readonly box: HTMLElement,
    private readonly host: ObjectCardHost,
  ) {}

  /** Shows the selected object's card (rebuilt when what it shows changed, or `force`). */
  render(force = false): void {
    const ref = this.host.selected();
    const doc = this.host.doc();
    const object = ref === null ? undefined : objectsOf(doc, ref.kind)[ref.index];
    if (ref === null || object === undefined) {
      this.card?.remove();
      this.card = null;
      this.shown = '';
      return;
    }
    const names = doc.systems.map((s) => s.name);
    const state = JSON.stringify([ref, object, names]);
    if (!force && state === this.shown && this.card?.isConnected === true) return;
    this.shown = state;
    const card = this.build(ref, object, names);
    if (this.card?.isConnected === true) this.card.replaceWith(card);
    else this.box.appendChild(card);
    this.card = card;
  }

  private build(ref: ObjectRef, o: SceneObject, names: string[]): HTMLElement {
    const edit = (label: string, change: (o: SceneObject) => SceneObject | void): void => {
      this.host.edit(label, (d) => {
        const target = objectsOf(d, ref.kind)[ref.index];
        if (target === undefined) return;
        const next = change(target);
        if (next !== undefined) setObject(d, ref, next);
      });
    };
    const heading = h('h3', { class: 'object-name' }, o.name);
    const root = h('section', { class: `object-card ${ref.kind}-card`, 'data-kind': ref.kind, 'data-index': ref.index }, heading);
    const closed = (checked: boolean, apply: (o: SceneObject, on: boolean) => void): HTMLElement => {
      const box = h('input', { type: 'checkbox', class: 'object-closed', checked });
      box.addEventListener('change', () => edit(t('objectClosed'), (target) => apply(target, box.checked)));
      return h('label', {}, box, ` ${t('objectClosed')}`);
    };
    if (isPath(o)) {
      const kind = h('select', { class: 'object-path-kind', 'aria-label': t('objectPathKind') });
      for (const k of Object.keys(PATH_KIND_LABELS) as PathKind[]) kind.appendChild(h('option', { value: k, selected: o.kind === k }, t(PATH_KIND_LABELS[k])));
      kind.addEventListener('change', () => edit(t('objectPathKind'), (target) => withPathKind(target as PathObject, kind.value as PathKind)));
      root.append(h('div', { class: 'object-controls' }, kind, closed(o.closed, (target, on) => void ((target as PathObject).closed = on))));
    } else {
      const shape = o.shape;
      if (shape.kind === 'polyline') {
        root.append(h('div', { class: 'object-controls' }, closed(shape.closed, (target, on) => {
          const s = (target as Collider).shape;
          if (s.kind === 'polyline') s.closed = on;
        })));
      }
      const ticked = affected(o, names);
      const boxes = names.map((name) => h('input', { type: 'checkbox', class: 'object-affects', checked: ticked.has(name), 'data-system': name }));
      // The empty list means every system, so the last ticked box stays ticked (unticking it
      // made the collider act on every system).
      const ticks = boxes.filter((b) => b.checked);
      if (ticks.length === 1) {
        ticks[0].disabled = true;
        ticks[0].title = t('colliderLastSystem');
      }
      for (const box of boxes) {
        box.addEventListener('change', () => {
          const now = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.system ?? ''));
          edit(t('objectAffects'), (target) => void ((target as Collider).systems = systemsList(now, names)));
        });
      }
      // Names go in as text nodes.
      // The locked box's reason on its label too: browsers show no tooltip over a disabled input.
      const labels = boxes.map((box, i) => h('label', box.disabled ? { title: box.title } : {}, box, ` ${names[i]}`));
      root.append(h('p', { class: 'object-affects-title' }, t('objectAffects')), h('div', { class: 'object-affects-list' }, ...labels));
      // Every system it listed was deleted: it acts on none until one is ticked.
      if (ticks.length === 0 && o.systems.length > 0) {
        root.append(h('p', { class: 'object-affects-none hint', 'data-hint': 'no-system' }, t('colliderNoSystem', { list: o.systems.join(', ') })));
      }
    }
    const remove = h('button', { type: 'button', class: 'object-remove danger' }, t(ref.kind === 'collider' ? 'deleteCollider' : 'deletePath'));
    remove.addEventListener('click', () => this.host.remove(ref));
    root.append(h('p', { class: 'object-hint hint' }, t('objectEditHint')), remove);
    return root;
  }
}
