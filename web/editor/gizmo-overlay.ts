// Canvas gizmos: one SVG overlay over the canvas (the renderer is not involved) drawing what each
// handle provider gives — outlines, guides and draggable handles — in scene space through the
// view. Two kinds of provider:
// - system providers (GizmoProvider) draw and edit the selected, shown system: the emitter shape
//   (shape-handles.ts) and the force centres (force-handles.ts). Their drag previews through the
//   engine (it gets the edited copy of the document);
// - scene providers (SceneGizmoProvider) draw from the whole document whatever system is
//   selected, and edit it: the grips of the skeleton shown in the skeleton panel
//   (skeleton/grip-handles.ts) and of the model shown in the model panel (models/grip-handles.ts).
//   Their drag previews through the provider itself when it has a `preview` (what draws its
//   objects gets the edited copy: the engine does not draw skeletons), else through the engine
//   (it draws models). Drawn over the system handles.
// Either way nothing is recorded while dragging (previews at most once per animation frame:
// scene-preview.ts), the drag commits once on release through `edit` (one undo step per drag),
// Shift snaps (what to, the provider says) and Escape abandons the drag (the recorded document is
// shown again).

import type { ParticleSystem } from '../generated/contract';
import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { positionSnapPx } from './drag-steps';
import type { Polyline, Pt } from './shape-geometry';
import { ScenePreview } from './scene-preview';
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
  /** A short text beside the grip (e.g. the instance number a skeleton grip moves). */
  label?: string;
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

/** Where a drag's pointer is. */
export interface GizmoPointer {
  /** The handle's scene position when the drag began. */
  from: Pt;
  /** Its start plus the pointer's travel, scene pixels. */
  to: Pt;
  /** Shift held. */
  snap: boolean;
  /** The step Shift snaps positions to, scene pixels: the canvas grid's spacing (drag-steps.ts `positionSnapPx`). */
  snapSpacing: number;
}

/** Where a drag of a system handle is. */
export interface GizmoDrag extends GizmoPointer {
  /** The system's effective origin now, scene pixels. */
  origin: Pt;
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

/**
 * A kind of handle over the canvas that edits the document itself rather than the selected system
 * (drawn whatever system is selected, over the system handles); it previews its own drags.
 */
export interface SceneGizmoProvider {
  /** Unique name (in the handles' `data-provider`), not shared with a system provider. */
  readonly name: string;
  /** What to draw over `doc` at view zoom `zoom`. */
  draw(doc: Scene, zoom: number): GizmoDrawing;
  /** A drag of handle `key` begins (e.g. the panel shows what it edits). */
  begin(key: string): void;
  /** Applies a drag of handle `key` to `doc`, a copy of the recorded document; `previous`: the last preview's (else the recorded one). */
  drag(doc: Scene, key: string, pointer: GizmoPointer, previous: Scene): void;
  /** Copies what a drag of `key` changes from `draft` onto `target` (the recorded edit). */
  commit(target: Scene, draft: Scene, key: string): void;
  /** The undo label of a drag of `key`. */
  label(key: string): string;
  /**
   * Shows `draft` on the canvas while dragging; null: the recorded document again (released,
   * abandoned or refused). Absent: the engine gets the draft, as for a system handle (what the
   * engine draws: models).
   */
  preview?(draft: Scene | null): void;
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

/** What a drag edits: the selected system through a system provider, or the document through a scene provider. */
type DragTarget = { kind: 'system'; provider: GizmoProvider; system: number } | { kind: 'scene'; provider: SceneGizmoProvider };

interface Drag {
  pointer: number;
  target: DragTarget;
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
    private readonly sceneProviders: SceneGizmoProvider[] = [],
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

  /** Redraws the gizmos of the selected system and the scene providers' at time `timeSecs` (every frame; cheap when nothing moved). */
  update(timeSecs: number): void {
    const target = this.drag?.target;
    const i = target?.kind === 'system' ? target.system : this.host.selected();
    const doc = this.drag?.draft ?? this.host.doc();
    const sys = doc.systems[i];
    const { pan, zoom } = this.viewport;
    const drawings = [
      ...(sys === undefined || !sys.visible ? [] : this.providers.map((p) => ({ provider: p.name, drawing: p.draw(sys, this.host.origin(doc, i, timeSecs), zoom) }))),
      ...this.sceneProviders.map((p) => ({ provider: p.name, drawing: p.draw(doc, zoom) })),
    ];
    const rect = this.container.getBoundingClientRect();
    const dragging = this.drag === null ? '' : `${this.drag.target.provider.name}/${this.drag.key}`;
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
        if (hd.label !== undefined) {
          const label = el('text', { class: 'gizmo-label', x: 10, y: -10 });
          label.textContent = hd.label;
          g.append(label);
        }
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
    const sceneProvider = this.sceneProviders.find((p) => p.name === name);
    const handle = this.drawn.get(`${name}/${key}`);
    const dragTarget: DragTarget | null =
      provider !== undefined ? { kind: 'system', provider, system: this.host.selected() } : sceneProvider !== undefined ? { kind: 'scene', provider: sceneProvider } : null;
    if (dragTarget === null || handle === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.drag = { pointer: e.pointerId, target: dragTarget, key, from: [handle.scene[0], handle.scene[1]], start: [e.clientX, e.clientY], draft: null };
    this.signature = '';
    this.svg.setPointerCapture(e.pointerId);
    if (dragTarget.kind === 'scene') dragTarget.provider.begin(key);
  }

  /** The recorded document with the drag applied for the pointer at `e`. */
  private moved(d: Drag, e: PointerEvent): Scene {
    const doc = structuredClone(this.host.doc());
    const zoom = this.viewport.zoom;
    const pointer: GizmoPointer = {
      from: d.from,
      to: [d.from[0] + (e.clientX - d.start[0]) / zoom, d.from[1] + (e.clientY - d.start[1]) / zoom],
      snap: e.shiftKey,
      snapSpacing: positionSnapPx(this.viewport.grid, zoom),
    };
    const target = d.target;
    if (target.kind === 'scene') {
      target.provider.drag(doc, d.key, pointer, d.draft ?? this.host.doc());
      return doc;
    }
    const sys = doc.systems[target.system];
    if (sys === undefined) return doc;
    const previous = d.draft?.systems[target.system] ?? sys;
    target.provider.drag(sys, d.key, { ...pointer, origin: this.host.origin(doc, target.system, this.engine.timeSecs()) }, previous);
    return doc;
  }

  private onMove(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    d.draft = this.moved(d, e);
    const own = d.target.kind === 'scene' ? d.target.provider : null;
    if (own?.preview !== undefined) this.preview.show(d.draft, (draft) => own.preview?.(draft));
    else this.preview.show(d.draft);
  }

  private onUp(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    this.drag = null;
    this.signature = '';
    this.preview.end();
    const target = d.target;
    if (target.kind === 'scene') {
      const draft = d.draft;
      if (draft === null) return;
      this.host.edit(target.provider.label(d.key), (doc) => target.provider.commit(doc, draft, d.key));
      // The recorded document again, whether the edit changed it, changed nothing (an earlier
      // preview may still be shown) or was refused.
      this.restore(target);
      return;
    }
    const draft = d.draft?.systems[target.system];
    if (draft === undefined) return;
    const recorded = this.host.json();
    const ok = this.host.edit(target.provider.label(d.key), (doc) => {
      const sys = doc.systems[target.system];
      if (sys !== undefined) target.provider.commit(sys, draft);
    });
    // Refused, or nothing changed (released where it began: the store sends no update, and the
    // engine may still show an earlier frame's preview): the recorded document again.
    if (!ok || this.host.json() === recorded) this.restore(target);
  }

  private abandon(): void {
    const d = this.drag;
    if (d === null) return;
    this.drag = null;
    this.signature = '';
    this.restore(d.target);
  }

  /** Shows the recorded document again after a drag of `target` was abandoned or refused. */
  private restore(target: DragTarget): void {
    if (target.kind === 'scene' && target.provider.preview !== undefined) {
      this.preview.end();
      target.provider.preview(null);
    } else {
      this.preview.restore(this.host.json());
    }
  }
}
