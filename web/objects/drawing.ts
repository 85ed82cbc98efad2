// Drawing a new collider or path on the canvas by clicks, for the canvas tools (canvas.ts): the
// drawing mode's state (the tool, the clicks so far, the pointer), its start, its end (finished:
// the object is added as one undo step and selected; or cancelled), the keys that act on it and
// the preview of the object being drawn. Segment, circle (centre, then radius) and rectangle (two
// corners) finish on the second click (one that would make nothing, on the first or level with a
// rectangle's first corner, is taken back); polylines and paths on a double-click or Enter;
// Backspace takes back the last click; Escape cancels. The canvas tools route the pointer and keyboard
// events here while a drawing is under way; the points arrive in scene pixels, already snapped.
// A click or the pointer past the document's limits lands on them (shapes.ts `clampClick`), so the
// preview shows what the click adds and the edit is never refused for a coordinate.

import type { PathObject } from '../generated/contract';
import type { Scene } from '../document/types';
import { t } from '../i18n';
import { drawingPreview } from './overlay-svg';
import type { Pt } from '../editor/shape-geometry';
import type { LimitsOf } from '../editor/drag-steps';
import { buildObject, clampClick, fixedClicks, objectsOf, type DrawTool, type ObjectRef } from './shapes';

/** What the drawing mode reads and writes (the canvas tools' host, canvas.ts `ObjectCanvasHost`). */
export interface DrawingHost {
  /** The recorded document. */
  doc(): Scene;
  /** Records an edit (one undo step); false when refused. */
  edit(label: string, mutate: (d: Scene) => void): boolean;
  /** A hint shown until the returned function is called. */
  hint(text: string): () => void;
}

/** The drawing mode of the canvas tools (see the file comment). */
export class ObjectDrawing {
  private tool: DrawTool | null = null;
  /** Removes the drawing hint (set while drawing). */
  private dismissHint: (() => void) | null = null;
  private clicks: Pt[] = [];
  private pointer: Pt | null = null;

  /**
   * `select` selects the object just drawn; `redraw` is called when the drawing changed (the
   * canvas tools redraw their overlay on the next frame); `limits` gives the document's limits
   * (drag-steps.ts `schemaLimits`).
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly host: DrawingHost,
    private readonly select: (ref: ObjectRef) => void,
    private readonly redraw: () => void,
    private readonly limits: () => LimitsOf,
  ) {}

  /** Whether a drawing is under way. */
  get active(): boolean {
    return this.tool !== null;
  }

  /** Starts drawing with `tool` (the previous drawing is dropped). */
  start(tool: DrawTool): void {
    this.tool = tool;
    this.clicks = [];
    this.redraw();
    // Enter and Escape go to the drawing, not to the menu that started it.
    (document.activeElement as HTMLElement | null)?.blur?.();
    this.container.classList.add('drawing-object');
    const shape = tool.target === 'collider' ? tool.kind : 'path';
    // Shown while drawing, gone as soon as the drawing ends (finished or cancelled).
    this.dismissHint?.();
    this.dismissHint = this.host.hint(t(shape === 'circle' ? 'drawCircleHint' : shape === 'rect' ? 'drawRectHint' : shape === 'segment' ? 'drawSegmentHint' : 'drawLineHint'));
  }

  /** A click at scene point `p`; finishes the shapes of a fixed number of clicks. */
  click(p: Pt): void {
    if (this.tool === null) return;
    this.clicks.push(clampClick(this.tool, this.clicks.length, p, this.limits()));
    this.redraw();
    if (this.clicks.length === fixedClicks(this.tool)) this.finish();
  }

  /** The pointer moved to scene point `p` (the preview follows it). */
  move(p: Pt): void {
    this.pointer = this.tool === null ? p : clampClick(this.tool, this.clicks.length, p, this.limits());
  }

  /** A double-click (at view zoom `zoom`): finishes polylines and paths. */
  doubleClick(zoom: number): void {
    // The double-click's two presses placed the last point twice.
    const [a, b] = this.clicks.slice(-2);
    if (a !== undefined && b !== undefined && Math.hypot(a[0] - b[0], a[1] - b[1]) * zoom < 4) this.clicks.pop();
    this.finish();
  }

  /** Escape, Backspace and Enter while drawing; true when the key was the drawing's. */
  onKey(e: KeyboardEvent): boolean {
    if (this.tool === null) return false;
    if (e.key === 'Escape') {
      this.stop();
      return true;
    }
    if (e.key === 'Backspace') {
      e.preventDefault();
      this.clicks.pop();
      this.redraw();
      return true;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      this.finish();
      return true;
    }
    return false;
  }

  /** What the preview shows (changes whenever it must be redrawn). */
  signature(): unknown[] {
    return [this.tool, this.clicks, this.tool === null ? null : this.pointer];
  }

  /** The SVG of the object being drawn, through `screen` (scene to overlay pixels); none when not drawing. */
  preview(zoom: number, screen: (p: Pt) => Pt): SVGElement[] {
    return this.tool === null ? [] : drawingPreview(this.tool, this.clicks, this.pointer, zoom, screen);
  }

  private stop(): void {
    this.dismissHint?.();
    this.dismissHint = null;
    this.tool = null;
    this.clicks = [];
    this.pointer = null;
    this.redraw();
    this.container.classList.remove('drawing-object');
  }

  private finish(): void {
    const tool = this.tool;
    if (tool === null) return;
    const doc = this.host.doc();
    const kind: ObjectRef['kind'] = tool.target;
    const taken = objectsOf(doc, kind).map((o) => o.name);
    const base = t(kind === 'collider' ? 'colliderName' : 'pathName');
    let name = base;
    for (let n = 2; taken.includes(name); n++) name = `${base} ${n}`;
    const made = buildObject(tool, this.clicks, name, this.limits());
    if (made === null) {
      // Too few points yet (a polyline needs more clicks): keep drawing.
      if (this.clicks.length < 2 || fixedClicks(tool) === null) return;
      // A second click that makes nothing (on the first: a segment of no length, a circle of no
      // radius, a rectangle of no width or height) is taken back: the drawing waits for another.
      this.clicks.pop();
      this.redraw();
      return;
    }
    this.stop();
    const ok = this.host.edit(t(kind === 'collider' ? 'addCollider' : 'addPath'), (d) => {
      if (kind === 'collider') (d.colliders ??= []).push(made as NonNullable<Scene['colliders']>[number]);
      else (d.paths ??= []).push(made as PathObject);
    });
    if (ok) this.select({ kind, index: objectsOf(this.host.doc(), kind).length - 1 });
  }
}
