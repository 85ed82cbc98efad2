// Canvas handles for the vortex and attractor centres of the selected system: an SVG overlay over
// the canvas (the renderer is not involved) with a handle at each centre and its radius drawn as
// a circle (an ellipse for Local-space particles of a scaled system). Dragging a handle previews
// on the canvas (the engine gets the edited copy of the document, nothing is recorded) and
// commits once on release through `edit`: one undo step per drag. Shift snaps the centre to the
// canvas grid (10 px when the grid is off). Escape abandons the drag.

import type { Scene } from '../document/types';
import type { Engine } from '../engine/engine';
import { t } from '../i18n';
import type { CentreHandle } from './force-geometry';
import { centreHandles, gridSpacing, sceneToCentre, snapPoint } from './force-geometry';
import type { Viewport } from './viewport';

const SVG = 'http://www.w3.org/2000/svg';

/** What the handles read and write. */
export interface ForceHandlesHost {
  /** The recorded document. */
  doc(): Scene;
  /** Its JSON (to restore the engine after an abandoned drag). */
  json(): string;
  /** Index of the selected system (−1: none). */
  selected(): number;
  /** The effective origin of system `i` at time `t` (the followed bone plus offset, or its transform). */
  origin(doc: Scene, i: number, timeSecs: number): [number, number];
  /** Records an edit (one undo step). */
  edit(label: string, mutate: (d: Scene) => void): boolean;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

interface Drag {
  pointer: number;
  system: number;
  handle: CentreHandle;
  /** Pointer at the start, CSS pixels. */
  start: [number, number];
  /** The document being previewed. */
  draft: Scene | null;
}

/** The force-centre handles over the canvas. */
export class ForceHandles {
  private readonly svg: SVGSVGElement;
  private drag: Drag | null = null;
  private signature = '';
  private previewQueued = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly viewport: Viewport,
    private readonly engine: Engine,
    private readonly host: ForceHandlesHost,
  ) {
    this.svg = el('svg', { class: 'force-handles' });
    container.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.onDown(e));
    this.svg.addEventListener('pointermove', (e) => this.onMove(e));
    this.svg.addEventListener('pointerup', (e) => this.onUp(e));
    this.svg.addEventListener('pointercancel', () => this.abandon());
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.drag !== null) this.abandon();
    });
  }

  /** Redraws the handles of the selected system at time `timeSecs` (every frame; cheap when nothing moved). */
  update(timeSecs: number): void {
    const i = this.drag?.system ?? this.host.selected();
    const doc = this.drag?.draft ?? this.host.doc();
    const sys = doc.systems[i];
    const handles = sys === undefined || !sys.visible ? [] : centreHandles(sys, this.host.origin(doc, i, timeSecs));
    const rect = this.container.getBoundingClientRect();
    const { pan, zoom } = this.viewport;
    const screen = (p: [number, number]): [number, number] => [rect.width / 2 + (p[0] - pan[0]) * zoom, rect.height / 2 + (p[1] - pan[1]) * zoom];
    const signature = JSON.stringify([i, handles, pan, zoom, rect.width, rect.height, this.drag?.handle.force ?? -1]);
    if (signature === this.signature) return;
    this.signature = signature;
    this.svg.setAttribute('width', String(rect.width));
    this.svg.setAttribute('height', String(rect.height));
    this.svg.replaceChildren(
      ...handles.map((hd) => {
        const [x, y] = screen(hd.scene);
        const g = el('g', { class: `force-handle ${hd.kind}${this.drag?.handle.force === hd.force ? ' dragging' : ''}`, 'data-force': hd.force, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
        const ring = el('ellipse', { class: 'force-radius', rx: (hd.radius.rx * zoom).toFixed(1), ry: (hd.radius.ry * zoom).toFixed(1), transform: `rotate(${hd.radius.rotationDeg})` });
        const dot = el('circle', { class: 'force-centre', r: 7, 'data-force': hd.force });
        const title = el('title');
        title.textContent = `${t('forceCentre')} (${hd.kind}) — ${t('forceCentreHint')}`;
        dot.append(title);
        g.append(ring, dot, el('path', { class: 'force-cross', d: 'M-4,0H4M0,-4V4' }));
        return g;
      }),
    );
  }

  private handleAt(e: PointerEvent): CentreHandle | null {
    const target = e.target as Element;
    if (!target.classList.contains('force-centre')) return null;
    const force = Number(target.getAttribute('data-force'));
    const i = this.host.selected();
    const doc = this.host.doc();
    const sys = doc.systems[i];
    if (sys === undefined) return null;
    return centreHandles(sys, [0, 0]).find((h) => h.force === force) ?? null;
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 || this.viewport.spaceHeld) return;
    const handle = this.handleAt(e);
    if (handle === null) return;
    e.preventDefault();
    e.stopPropagation();
    this.drag = { pointer: e.pointerId, system: this.host.selected(), handle, start: [e.clientX, e.clientY], draft: null };
    this.svg.setPointerCapture(e.pointerId);
  }

  /** The document with the dragged centre moved by the pointer's travel since the drag began. */
  private moved(d: Drag, e: PointerEvent): Scene {
    const doc = structuredClone(this.host.doc());
    const sys = doc.systems[d.system];
    const f = sys?.forces?.[d.handle.force];
    if (sys === undefined || f === undefined || (f.kind !== 'vortex' && f.kind !== 'attractor')) return doc;
    const origin = this.host.origin(doc, d.system, this.engine.timeSecs());
    const before = centreHandles(sys, origin).find((h) => h.force === d.handle.force);
    if (before === undefined) return doc;
    const zoom = this.viewport.zoom;
    let p: [number, number] = [before.scene[0] + (e.clientX - d.start[0]) / zoom, before.scene[1] + (e.clientY - d.start[1]) / zoom];
    if (e.shiftKey) p = snapPoint(p, this.viewport.grid ? gridSpacing(zoom) : 10);
    const c = sceneToCentre(sys, origin, p, before.space);
    const rounded: [number, number] = [Number(c[0].toFixed(2)), Number(c[1].toFixed(2))];
    if (f.kind === 'vortex') f.center = rounded;
    else f.position = rounded;
    return doc;
  }

  private onMove(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    const first = !this.previewQueued;
    d.draft = this.moved(d, e);
    if (!first) return;
    // One scene hand-over per animation frame, however fast the pointer reports.
    this.previewQueued = true;
    requestAnimationFrame(() => {
      this.previewQueued = false;
      const draft = this.drag?.draft;
      if (draft === undefined || draft === null) return;
      try {
        const time = this.engine.timeSecs();
        this.engine.setScene(JSON.stringify(draft));
        this.engine.setTime(time);
      } catch {
        // Outside the limits: the commit reports it.
      }
    });
  }

  private onUp(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointer) return;
    this.drag = null;
    this.signature = '';
    const draft = d.draft;
    if (draft === null) return;
    const f = draft.systems[d.system]?.forces?.[d.handle.force];
    if (f === undefined || (f.kind !== 'vortex' && f.kind !== 'attractor')) return;
    const value = f.kind === 'vortex' ? f.center : f.position;
    const ok = this.host.edit(t('moveForceCentre'), (doc) => {
      const g = doc.systems[d.system]?.forces?.[d.handle.force];
      if (g?.kind === 'vortex') g.center = [value[0], value[1]];
      else if (g?.kind === 'attractor') g.position = [value[0], value[1]];
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
    const time = this.engine.timeSecs();
    this.engine.setScene(this.host.json());
    this.engine.setTime(time);
  }
}
