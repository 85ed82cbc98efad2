// Canvas gizmos of the selected system: one SVG overlay over the canvas (the renderer is not
// involved) drawing what each handle provider gives — outlines, guides and draggable handles —
// in scene space through the view. Providers: the emitter shape (shape-handles.ts) and the force
// centres (force-handles.ts). Dragging a handle previews on the canvas (the engine gets the edited
// copy of the document, nothing is recorded) and commits once on release through `edit`: one
// undo step per drag. Shift snaps (what to, the provider says); Escape abandons the drag.

import type { ParticleSystem } from '../generated/contract';
import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { gridSpacing } from './force-geometry';
import type { Polyline, Pt } from './shape-geometry';
import type { Viewport } from './viewport';

const SVG = 'http://www.w3.org/2000/svg';

/** One draggable handle a provider draws. */
export interface GizmoHandle {
  /** Unique within its provider. */
  key: string;
  /** Scene position, pixels. */
  scene: Pt;
  /** Classes of the handle's group (e.g. `force-handle vortex`). */
  className: string;
  /** Class of the element the pointer grabs (e.g. `force-centre`). */
  gripClass: string;
  /** How the grip looks: a centre dot with a cross, a square, a round knob, a diamond (a square turned 45°). */
  grip: 'centre' | 'square' | 'round' | 'diamond';
  /** CSS cursor over the grip. */
  cursor: string;
  /** Tooltip. */
  title: string;
  /** Start of a dashed stem to the handle, scene pixels. */
  stem?: Pt;
}

/** Polylines drawn as one SVG path. */
export interface GizmoPath {
  /** The polylines, scene pixels. */
  polylines: Polyline[];
  /** Its classes. */
  className: string;
}

/** What a provider draws for one system. */
export interface GizmoDrawing {
  /** Outlines and guides (under the handles). */
  paths: GizmoPath[];
  /** The handles. */
  handles: GizmoHandle[];
}

/** Where a drag is. */
export interface GizmoDrag {
  /** The system's effective origin now, scene pixels. */
  origin: Pt;
  /** The handle's scene position when the drag began. */
  from: Pt;
  /** Its start plus the pointer's travel, scene pixels. */
  to: Pt;
  /** Shift held. */
  snap: boolean;
  /** Spacing of the canvas grid (10 when the grid is off), scene pixels. */
  snapSpacing: number;
}

/** A kind of handle over the canvas. */
export interface GizmoProvider {
  /** Unique name (in the handles' `data-provider`). */
  readonly name: string;
  /** What to draw for `sys` (effective origin `origin`) at view zoom `zoom`. */
  draw(sys: ParticleSystem, origin: Pt, zoom: number): GizmoDrawing;
  /** Applies a drag of handle `key` to `sys`, a copy of the recorded system; `previous`: the last preview's. */
  drag(sys: ParticleSystem, key: string, drag: GizmoDrag, previous: ParticleSystem): void;
  /** Copies what `drag` changes from `draft` onto `target` (the recorded edit). */
  commit(target: ParticleSystem, draft: ParticleSystem): void;
  /** The undo label of a drag of `key`. */
  label(key: string): string;
}

/** What the overlay reads and writes. */
export interface GizmoHost {
  /** The recorded document. */
  doc(): Scene;
  /** Its JSON (to restore the engine after an abandoned drag). */
  json(): string;
  /** Index of the selected system (−1: none). */
  selected(): number;
  /** The effective origin of system `i` at time `t` (the followed bone plus offset, or its transform). */
  origin(doc: Scene, i: number, timeSecs: number): Pt;
  /** Records an edit (one undo step). */
  edit(label: string, mutate: (d: Scene) => void): boolean;
}

/** An SVG element with attributes. */
export function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Scene → overlay (CSS pixels from the container's top-left) for view `pan`, `zoom` over `rect`. */
export function sceneToScreen(pan: Pt, zoom: number, rect: { width: number; height: number }): (p: Pt) => Pt {
  return (p) => [rect.width / 2 + (p[0] - pan[0]) * zoom, rect.height / 2 + (p[1] - pan[1]) * zoom];
}

/** SVG path data of `lines` through `screen`. */
export function pathData(lines: Polyline[], screen: (p: Pt) => Pt): string {
  return lines
    .filter((l) => l.points.length > 0)
    .map((l) => l.points.map((p, k) => `${k === 0 ? 'M' : 'L'}${screen(p)[0].toFixed(1)},${screen(p)[1].toFixed(1)}`).join('') + (l.closed ? 'Z' : ''))
    .join('');
}

/**
 * Drag previews: the engine gets a draft document at most once per animation frame, however fast
 * the pointer reports (nothing is recorded); `restore` gives it the recorded document back.
 */
export class ScenePreview {
  private queued = false;
  private draft: Scene | null = null;

  constructor(private readonly engine: Engine) {}

  /** Shows `draft` on the next frame (the latest one wins). */
  show(draft: Scene): void {
    this.draft = draft;
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      const d = this.draft;
      if (d === null) return;
      try {
        const time = this.engine.timeSecs();
        this.engine.setScene(JSON.stringify(d));
        this.engine.setTime(time);
      } catch {
        // Outside the limits: the commit reports it.
      }
    });
  }

  /** Forgets the draft (the commit, or `restore`, gives the engine the document). */
  end(): void {
    this.draft = null;
  }

  /** Gives the engine the recorded document `json` again, keeping the time. */
  restore(json: string): void {
    this.draft = null;
    const time = this.engine.timeSecs();
    this.engine.setScene(json);
    this.engine.setTime(time);
  }
}

interface Drag {
  pointer: number;
  system: number;
  provider: GizmoProvider;
  key: string;
  /** The handle's scene position at the start. */
  from: Pt;
  /** Pointer at the start, CSS pixels. */
  start: Pt;
  /** The document being previewed. */
  draft: Scene | null;
}

/** The gizmo overlay over the canvas. */
export class GizmoOverlay {
  private readonly svg: SVGSVGElement;
  private drag: Drag | null = null;
  private signature = '';
  private readonly preview: ScenePreview;
  /** The handles drawn last, by `provider/key`. */
  private drawn = new Map<string, GizmoHandle>();

  constructor(
    private readonly container: HTMLElement,
    private readonly viewport: Viewport,
    private readonly engine: Engine,
    private readonly host: GizmoHost,
    private readonly providers: GizmoProvider[],
  ) {
    this.preview = new ScenePreview(engine);
    this.svg = el('svg', { class: 'canvas-gizmos force-handles' });
    container.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.onDown(e));
    this.svg.addEventListener('pointermove', (e) => this.onMove(e));
    this.svg.addEventListener('pointerup', (e) => this.onUp(e));
    this.svg.addEventListener('pointercancel', () => this.abandon());
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.drag !== null) this.abandon();
    });
  }

  /** Redraws the gizmos of the selected system at time `timeSecs` (every frame; cheap when nothing moved). */
  update(timeSecs: number): void {
    const i = this.drag?.system ?? this.host.selected();
    const doc = this.drag?.draft ?? this.host.doc();
    const sys = doc.systems[i];
    const { pan, zoom } = this.viewport;
    const drawings = sys === undefined || !sys.visible ? [] : this.providers.map((p) => ({ provider: p.name, drawing: p.draw(sys, this.host.origin(doc, i, timeSecs), zoom) }));
    const rect = this.container.getBoundingClientRect();
    const dragging = this.drag === null ? '' : `${this.drag.provider.name}/${this.drag.key}`;
    const signature = JSON.stringify([i, drawings, pan, zoom, rect.width, rect.height, dragging]);
    if (signature === this.signature) return;
    this.signature = signature;
    const screen = sceneToScreen(pan, zoom, rect);
    const d = (lines: Polyline[]): string => pathData(lines, screen);
    this.svg.setAttribute('width', String(rect.width));
    this.svg.setAttribute('height', String(rect.height));
    this.svg.classList.toggle('dragging', this.drag !== null);
    this.drawn = new Map();
    const parts: SVGElement[] = [];
    for (const { provider, drawing } of drawings) {
      for (const path of drawing.paths) parts.push(el('path', { class: path.className, d: d(path.polylines), 'fill-rule': 'evenodd', 'data-provider': provider }));
      for (const hd of drawing.handles) {
        const id = `${provider}/${hd.key}`;
        this.drawn.set(id, hd);
        const [x, y] = screen(hd.scene);
        if (hd.stem !== undefined) parts.push(el('path', { class: 'gizmo-stem', d: d([{ points: [hd.stem, hd.scene], closed: false }]) }));
        const g = el('g', { class: `${hd.className}${id === dragging ? ' dragging' : ''}`, 'data-provider': provider, 'data-key': hd.key, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
        const attrs = { class: `gizmo-grip ${hd.gripClass}`, 'data-provider': provider, 'data-key': hd.key, style: `cursor: ${id === dragging ? 'grabbing' : hd.cursor}` };
        const grip =
          hd.grip === 'square'
            ? el('rect', { ...attrs, x: -5, y: -5, width: 10, height: 10 })
            : hd.grip === 'diamond'
              ? el('path', { ...attrs, d: 'M0,-7L7,0L0,7L-7,0Z' })
              : el('circle', { ...attrs, r: hd.grip === 'centre' ? 7 : 6 });
        const title = el('title');
        title.textContent = hd.title;
        grip.append(title);
        g.append(grip);
        if (hd.grip === 'centre') g.append(el('path', { class: 'force-cross', d: 'M-4,0H4M0,-4V4' }));
        parts.push(g);
      }
    }
    this.svg.replaceChildren(...parts);
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 || this.viewport.spaceHeld) return;
    const target = e.target as Element;
    if (!target.classList.contains('gizmo-grip')) return;
    const name = target.getAttribute('data-provider') ?? '';
    const key = target.getAttribute('data-key') ?? '';
    const provider = this.providers.find((p) => p.name === name);
    const handle = this.drawn.get(`${name}/${key}`);
    if (provider === undefined || handle === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.drag = { pointer: e.pointerId, system: this.host.selected(), provider, key, from: [handle.scene[0], handle.scene[1]], start: [e.clientX, e.clientY], draft: null };
    this.signature = '';
    this.svg.setPointerCapture(e.pointerId);
  }

  /** The recorded document with the drag applied for the pointer at `e`. */
  private moved(d: Drag, e: PointerEvent): Scene {
    const doc = structuredClone(this.host.doc());
    const sys = doc.systems[d.system];
    if (sys === undefined) return doc;
    const zoom = this.viewport.zoom;
    const previous = d.draft?.systems[d.system] ?? sys;
    d.provider.drag(
      sys,
      d.key,
      {
        origin: this.host.origin(doc, d.system, this.engine.timeSecs()),
        from: d.from,
        to: [d.from[0] + (e.clientX - d.start[0]) / zoom, d.from[1] + (e.clientY - d.start[1]) / zoom],
        snap: e.shiftKey,
        snapSpacing: this.viewport.grid ? gridSpacing(zoom) : 10,
      },
      previous,
    );
    return doc;
  }

  private onMove(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    d.draft = this.moved(d, e);
    this.preview.show(d.draft);
  }

  private onUp(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    this.drag = null;
    this.signature = '';
    this.preview.end();
    const draft = d.draft?.systems[d.system];
    if (draft === undefined) return;
    const ok = this.host.edit(d.provider.label(d.key), (doc) => {
      const target = doc.systems[d.system];
      if (target !== undefined) d.provider.commit(target, draft);
    });
    if (!ok) this.restore();
  }

  private abandon(): void {
    if (this.drag === null) return;
    this.drag = null;
    this.signature = '';
    this.restore();
  }

  private restore(): void {
    this.preview.restore(this.host.json());
  }
}
