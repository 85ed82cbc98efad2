// Colliders and paths on the canvas: drawing new ones by clicking points (the drawing mode,
// drawing.ts), and editing the selected one. Everything under the pointer is found by the core
// (`hitObject`: Bézier handles, then points and centres, then lines) and drawn where the core puts
// it (`objectOutlines`); the edits are the pure functions of shapes.ts. One SVG layer over the
// canvas (like the system gizmos) shows the selected object's points, handles and knobs and the
// object being drawn; the renderer draws the outlines themselves. Pointer events are caught on the
// canvas container before the view's own (panning with the middle button or Space still works; a
// left press elsewhere still moves the selected system).
//
// Drawing (drawing.ts): segment, circle (centre, then radius) and rectangle (two corners) finish
// on the second click; polylines and paths on a double-click or Enter; Backspace takes back the
// last click; Escape cancels. Editing: drag a point, a handle end, a circle's line (radius), a
// rectangle's corner or rotate knob, or any other part of the body (moves the whole object);
// double-click a line to insert a point; Delete or Backspace removes the selected point (or the
// object when no point is selected). A drag previews on the canvas and is recorded once on
// release (one undo step); Escape abandons it. Snapping (the Snap toggle, kept in localStorage,
// or Shift held, as for the system gizmos) puts points on the spacing of the grid the canvas
// shows (10 px without the grid). A drag stops at the schema's limits of what it moves (shapes.ts
// `dragged`), and a click while drawing lands within them (drawing.ts): past them the edit would be
// refused. The SVG itself is drawn by overlay-svg.ts.

import type { ObjectOutlines } from '../generated/contract';
import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { t, type MessageKey } from '../i18n';
import { h } from '../ui/dom';
import { positionSnapPx, schemaLimits, snapPoint } from '../editor/drag-steps';
import { el, pathData, sceneToScreen } from '../editor/gizmo-overlay';
import { ScenePreview } from '../editor/scene-preview';
import { ObjectDrawing, type DrawingHost } from './drawing';
import { objectHandles } from './overlay-svg';
import type { Pt } from '../editor/shape-geometry';
import type { Viewport } from '../editor/viewport';
import {
  dragged,
  grabOf,
  objectsOf,
  pointsOf,
  setObject,
  withObject,
  withPointDeleted,
  withPointInserted,
  type DrawTool,
  type Grab,
  type ObjectRef,
  type SceneObject,
} from './shapes';

/** localStorage key of the Snap toggle. */
export const SNAP_KEY = 'spineparticle.objectSnap';
/** Pick radius, CSS pixels. */
const PICK_PX = 8;

/** The undo label of a drag of each part. */
const DRAG_LABELS: Record<Grab['part'], MessageKey> = {
  point: 'editMovePoint',
  handleIn: 'editMoveHandle',
  handleOut: 'editMoveHandle',
  move: 'editMoveObject',
  radius: 'editRadius',
  corner: 'editResize',
  rotate: 'editRotate',
};

/** What the canvas tools read and write (the drawing mode's host, and more). */
export interface ObjectCanvasHost extends DrawingHost {
  /** The recorded document's JSON. */
  json(): string;
  /** A short message to the user. */
  info(text: string): void;
  /** The selected object changed (the scene list redraws). */
  selectionChanged(): void;
}

interface Drag {
  pointer: number;
  ref: ObjectRef;
  grab: Grab;
  /** Pointer at the start, scene pixels. */
  from: Pt;
  /** The object when the drag began. */
  original: SceneObject;
  /** The rectangle's corners when the drag began. */
  corners?: Pt[];
  /** The object being previewed (null until the pointer moves). */
  draft: SceneObject | null;
}

/** The canvas tools for colliders and paths. */
export class ObjectCanvas {
  private readonly svg: SVGSVGElement;
  private readonly preview: ScenePreview;
  private readonly snapButton: HTMLButtonElement;
  private selectedRef: ObjectRef | null = null;
  private selectedPoint: number | null = null;
  private readonly drawing: ObjectDrawing;
  private drag: Drag | null = null;
  private snapOn: boolean;
  private signature = '';
  private outlines: { doc: Scene; value: ObjectOutlines | null } | null = null;
  /** Where the pointer hovers (scene pixels), to be hit-tested on the next frame; null: done. */
  private hover: Pt | null = null;

  constructor(
    private readonly container: HTMLElement,
    viewTools: HTMLElement,
    private readonly viewport: Viewport,
    private readonly engine: Engine,
    private readonly host: ObjectCanvasHost,
  ) {
    this.preview = new ScenePreview(engine);
    const redraw = (): void => {
      this.signature = '';
    };
    this.drawing = new ObjectDrawing(container, host, (ref) => this.select(ref), redraw, () => schemaLimits(engine.fieldSchema()));
    this.svg = el('svg', { class: 'object-gizmos' });
    container.appendChild(this.svg);
    this.snapOn = readSnap();
    this.snapButton = h('button', { type: 'button', id: 'snap-toggle', class: 'small', onclick: () => this.setSnap(!this.snapOn) });
    viewTools.append(this.snapButton);
    this.setSnap(this.snapOn);
    // Capture: before the view's own handlers on the same container.
    container.addEventListener('pointerdown', (e) => this.onDown(e), true);
    container.addEventListener('pointermove', (e) => this.onMove(e), true);
    container.addEventListener('pointerup', (e) => this.onUp(e), true);
    container.addEventListener('pointercancel', () => this.abandon(), true);
    container.addEventListener('dblclick', (e) => this.onDoubleClick(e), true);
    window.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** Labels after a language change. */
  relabel(): void {
    this.snapButton.textContent = t('snapObjects');
    this.snapButton.title = t('snapObjectsTitle');
  }

  /** Snapping on or off (kept for the next visit). */
  setSnap(on: boolean): void {
    this.snapOn = on;
    this.snapButton.setAttribute('aria-pressed', String(on));
    this.snapButton.classList.toggle('on', on);
    this.relabel();
    try {
      localStorage.setItem(SNAP_KEY, on ? '1' : '0');
    } catch {
      // Storage refused (private mode): the toggle still works for this visit.
    }
  }

  /** The selected collider or path, or null. */
  selected(): ObjectRef | null {
    return this.selectedRef;
  }

  /** Selects an object (null: none). */
  select(ref: ObjectRef | null, point: number | null = null): void {
    const same = ref?.kind === this.selectedRef?.kind && ref?.index === this.selectedRef?.index;
    this.selectedRef = ref;
    this.selectedPoint = point;
    this.signature = '';
    if (!same) this.host.selectionChanged();
  }

  /** Starts drawing with `tool` (the previous drawing is dropped). */
  startDrawing(tool: DrawTool): void {
    this.drawing.start(tool);
  }

  /** After a document change: abandons a drag whose object changed under it (an undo or redo
   * during the drag: the index it holds may now name another object, which its release would
   * overwrite), and drops a selection the document no longer has. */
  documentChanged(): void {
    const d = this.drag;
    if (d !== null && JSON.stringify(objectsOf(this.host.doc(), d.ref.kind)[d.ref.index]) !== JSON.stringify(d.original)) {
      this.abandon();
    }
    const ref = this.selectedRef;
    if (ref !== null && objectsOf(this.host.doc(), ref.kind)[ref.index] === undefined) this.select(null);
    if (ref !== null && this.selectedPoint !== null) {
      const o = objectsOf(this.host.doc(), ref.kind)[ref.index];
      if (o === undefined || pointsOf(o)[this.selectedPoint] === undefined) this.selectedPoint = null;
    }
  }

  /** The scene point under a pointer event. */
  private sceneAt(e: MouseEvent): Pt {
    const rect = this.container.getBoundingClientRect();
    const { pan, zoom } = this.viewport;
    return [pan[0] + (e.clientX - rect.left - rect.width / 2) / zoom, pan[1] + (e.clientY - rect.top - rect.height / 2) / zoom];
  }

  private snapSpacing(e: MouseEvent): number | null {
    if (!this.snapOn && !e.shiftKey) return null;
    return positionSnapPx(this.viewport.grid, this.viewport.zoom);
  }

  private snapped(p: Pt, e: MouseEvent): Pt {
    const s = this.snapSpacing(e);
    return s === null ? p : snapPoint(p, s);
  }

  private outlinesOf(doc: Scene): ObjectOutlines | null {
    if (this.outlines?.doc !== doc) {
      const empty = (doc.colliders ?? []).length === 0 && (doc.paths ?? []).length === 0;
      this.outlines = { doc, value: empty ? { colliders: [], paths: [] } : this.engine.objectOutlines(JSON.stringify(doc)) };
    }
    return this.outlines.value;
  }

  private claim(e: Event): void {
    e.preventDefault();
    e.stopPropagation();
    e.stopImmediatePropagation();
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 || this.viewport.spaceHeld) return;
    const target = e.target as Element;
    if (this.drawing.active) {
      this.claim(e);
      this.drawing.click(this.snapped(this.sceneAt(e), e));
      return;
    }
    // The system gizmos' grips are theirs.
    if (target.classList.contains('gizmo-grip') && !target.classList.contains('object-grip')) return;
    const at = this.sceneAt(e);
    const doc = this.host.doc();
    let ref: ObjectRef | null = null;
    let grab: Grab | null = null;
    let point: number | null = null;
    if (target.classList.contains('object-grip') && this.selectedRef !== null) {
      ref = this.selectedRef;
      const corner = target.getAttribute('data-corner');
      grab = corner === null ? { part: 'rotate' } : { part: 'corner', corner: Number(corner) };
    } else if ((doc.colliders ?? []).length + (doc.paths ?? []).length > 0) {
      const hit = this.engine.hitObject(this.host.json(), at[0], at[1], PICK_PX / this.viewport.zoom);
      if (hit !== null) {
        ref = { kind: hit.kind === 'path' ? 'path' : 'collider', index: hit.index };
        const o = objectsOf(doc, ref.kind)[ref.index];
        if (o === undefined) return;
        grab = grabOf(o, hit.part, hit.point);
        point = hit.part === 'point' ? (hit.point ?? null) : null;
      }
    }
    if (ref === null || grab === null) {
      if (this.selectedRef !== null) this.select(null);
      return;
    }
    const original = objectsOf(doc, ref.kind)[ref.index];
    if (original === undefined) return;
    this.claim(e);
    // The press is kept from the page (no focus change): leave the control that had the focus, so
    // Delete reaches the canvas.
    (document.activeElement as HTMLElement | null)?.blur?.();
    this.select(ref, point);
    const outline = this.outlinesOf(doc)?.[ref.kind === 'collider' ? 'colliders' : 'paths'][ref.index];
    this.drag = { pointer: e.pointerId, ref, grab, from: at, original, corners: outline?.points.slice(0, 4), draft: null };
    this.container.setPointerCapture(e.pointerId);
    this.container.classList.add('object-dragging');
    this.signature = '';
  }

  private onMove(e: PointerEvent): void {
    if (this.drawing.active) {
      this.drawing.move(this.snapped(this.sceneAt(e), e));
      return;
    }
    const d = this.drag;
    if (d === null) this.hover = this.sceneAt(e);
    if (d === null || e.pointerId !== d.pointer) return;
    this.claim(e);
    d.draft = dragged(d.original, d.grab, { from: d.from, to: this.sceneAt(e), snap: this.snapSpacing(e), corners: d.corners, limits: schemaLimits(this.engine.fieldSchema()) });
    this.preview.show(withObject(this.host.doc(), d.ref, d.draft));
  }

  private onUp(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    this.claim(e);
    this.drag = null;
    this.container.classList.remove('object-dragging');
    this.signature = '';
    this.preview.end();
    const draft = d.draft;
    if (draft === null) return;
    const recorded = this.host.json();
    const ok = this.host.edit(t(DRAG_LABELS[d.grab.part]), (doc) => setObject(doc, d.ref, draft));
    // Refused, or nothing changed (released where it began: no update comes, and the engine may
    // still show an earlier frame's preview): the recorded document again.
    if (!ok || this.host.json() === recorded) this.preview.restore(this.host.json());
  }

  private abandon(): void {
    if (this.drag === null) return;
    this.drag = null;
    this.container.classList.remove('object-dragging');
    this.signature = '';
    this.preview.restore(this.host.json());
  }

  private onDoubleClick(e: MouseEvent): void {
    if (e.button !== 0) return;
    if (this.drawing.active) {
      this.claim(e);
      this.drawing.doubleClick(this.viewport.zoom);
      return;
    }
    const at = this.sceneAt(e);
    const hit = this.engine.hitObject(this.host.json(), at[0], at[1], PICK_PX / this.viewport.zoom);
    if (hit === null || hit.part !== 'edge' || hit.segment === undefined || hit.piece === undefined) return;
    const ref: ObjectRef = { kind: hit.kind === 'path' ? 'path' : 'collider', index: hit.index };
    const o = objectsOf(this.host.doc(), ref.kind)[ref.index];
    const outline = this.outlinesOf(this.host.doc())?.[ref.kind === 'collider' ? 'colliders' : 'paths'][ref.index]?.points;
    if (o === undefined || outline === undefined) return;
    const [p, q] = [outline[hit.segment], outline[hit.segment + 1]];
    if (p === undefined || q === undefined) return;
    const s = hit.t ?? 0.5;
    // The core names the control-point piece the drawn chord lies on.
    const piece = hit.piece;
    const next = withPointInserted(o, piece, this.snapped([p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s], e));
    if (next === null) return;
    this.claim(e);
    if (this.host.edit(t('insertPoint'), (doc) => setObject(doc, ref, next))) this.select(ref, Math.min(piece + 1, pointsOf(next).length - 1));
  }

  private onKey(e: KeyboardEvent): void {
    // Keys handled by a focused control (a curve or gradient editor deletes its own keys) or
    // typed into a field are not the canvas's.
    const active = document.activeElement;
    if (e.defaultPrevented || active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
    if (!this.drawing.active && active !== null && active !== document.body && !this.container.contains(active)) return;
    if (e.key === 'Escape' && this.drag !== null) {
      this.abandon();
      return;
    }
    // Escape, Backspace and Enter while drawing.
    if (this.drawing.onKey(e)) return;
    if ((e.key === 'Delete' || e.key === 'Backspace') && this.selectedRef !== null && !this.drawing.active && this.drag === null) {
      e.preventDefault();
      const ref = this.selectedRef;
      const o = objectsOf(this.host.doc(), ref.kind)[ref.index];
      if (o === undefined) return;
      if (this.selectedPoint !== null) {
        const next = withPointDeleted(o, this.selectedPoint);
        if (next === null) this.host.info(t('pointNotDeleted'));
        else if (this.host.edit(t('deletePoint'), (doc) => setObject(doc, ref, next))) this.select(ref, null);
        return;
      }
      this.remove(ref);
    }
  }

  /** Deletes object `ref` (one undo step). */
  remove(ref: ObjectRef): void {
    const ok = this.host.edit(t(ref.kind === 'collider' ? 'deleteCollider' : 'deletePath'), (doc) => void objectsOf(doc, ref.kind).splice(ref.index, 1));
    if (ok && this.selectedRef !== null && this.selectedRef.kind === ref.kind) {
      if (this.selectedRef.index === ref.index) this.select(null);
      else if (this.selectedRef.index > ref.index) this.select({ kind: ref.kind, index: this.selectedRef.index - 1 });
    }
  }

  /** Redraws the overlay (every frame; cheap when nothing changed). */
  update(): void {
    const doc = this.host.doc();
    this.hoverCursor(doc);
    const rect = this.container.getBoundingClientRect();
    const { pan, zoom } = this.viewport;
    const ref = this.selectedRef;
    const object = ref === null ? undefined : (this.drag?.draft ?? objectsOf(doc, ref.kind)[ref.index]);
    const signature = JSON.stringify([ref, this.selectedPoint, object, ...this.drawing.signature(), pan, zoom, rect.width, rect.height, this.drag !== null]);
    if (signature === this.signature) return;
    this.signature = signature;
    const screen = sceneToScreen(pan, zoom, rect);
    this.svg.setAttribute('width', String(rect.width));
    this.svg.setAttribute('height', String(rect.height));
    const parts: SVGElement[] = [];
    if (ref !== null && object !== undefined && object.visible) {
      const shown = this.drag?.draft === null || this.drag === null ? doc : withObject(doc, ref, object);
      const outline = this.outlinesOf(shown)?.[ref.kind === 'collider' ? 'colliders' : 'paths'][ref.index]?.points ?? [];
      parts.push(el('path', { class: 'object-selected', d: pathData([{ points: outline, closed: false }], screen) }));
      parts.push(...objectHandles(object, outline, this.selectedPoint, screen));
    }
    parts.push(...this.drawing.preview(zoom, screen));
    this.svg.replaceChildren(...parts);
  }

  /** The cursor over what the pointer hovers: a grab hand on points and handles, a pointer on lines. */
  private hoverCursor(doc: Scene): void {
    const at = this.hover;
    if (at === null) return;
    this.hover = null;
    const any = (doc.colliders ?? []).length + (doc.paths ?? []).length > 0;
    const hit = any && !this.drawing.active && this.drag === null ? this.engine.hitObject(this.host.json(), at[0], at[1], PICK_PX / this.viewport.zoom) : null;
    const part = hit === null ? '' : hit.part === 'edge' ? 'edge' : 'grab';
    this.container.classList.toggle('object-hover-grab', part === 'grab');
    this.container.classList.toggle('object-hover-edge', part === 'edge');
  }
}

function readSnap(): boolean {
  try {
    return localStorage.getItem(SNAP_KEY) === '1';
  } catch {
    return false;
  }
}
