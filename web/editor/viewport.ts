// Canvas view: pan (middle button, or left button while Space is held), zoom about the cursor
// (wheel), grid toggle, background colour, fit. View state goes to the engine as
// (pan = scene pixel at the canvas centre, zoom).

import type { Engine } from '../engine/engine';
import { t } from '../i18n';
import type { Scene } from '../document/types';
import { h } from '../ui/dom';

/** Zoom limits. */
export const MIN_ZOOM = 0.05;
/** Zoom limits. */
export const MAX_ZOOM = 20;
/** Space kept around the effect's particle centres when the view frames it, scene pixels (half
 * a large sprite). */
export const FIT_MARGIN_PX = 64;

/** The pan that keeps scene point under `cursor` fixed when zoom changes (pure). */
export function zoomAbout(pan: [number, number], zoom: number, nextZoom: number, cursorFromCentre: [number, number]): [number, number] {
  const sx = pan[0] + cursorFromCentre[0] / zoom;
  const sy = pan[1] + cursorFromCentre[1] / zoom;
  return [sx - cursorFromCentre[0] / nextZoom, sy - cursorFromCentre[1] / nextZoom];
}

/** Canvas interaction and view settings. */
export class Viewport {
  pan: [number, number] = [0, 0];
  zoom = 1;
  grid = true;
  background = '#1e1e24';
  /** Space is held (the app tells). */
  spaceHeld = false;
  /** A pan happened during the current Space hold (so releasing Space does not toggle play). */
  pannedWithSpace = false;
  private drag: { x: number; y: number; pointer: number; moving: boolean } | null = null;
  /** Called while the left button drags the selected system (scene-pixel delta), and at the end. */
  onMoveSystem: ((dx: number, dy: number) => void) | null = null;
  /** Called when a system drag ends. */
  onMoveEnd: (() => void) | null = null;
  private readonly marker: HTMLElement;
  private readonly gridButton: HTMLButtonElement;
  private readonly bgInput: HTMLInputElement;
  private readonly fitButton: HTMLButtonElement;
  private readonly zoomLabel: HTMLElement;

  constructor(
    private readonly container: HTMLElement,
    toolbar: HTMLElement,
    private readonly engine: Engine,
    private readonly fitTarget: () => Scene,
  ) {
    this.gridButton = h('button', { type: 'button', id: 'grid-toggle', class: 'small', 'aria-pressed': 'true', onclick: () => this.setGrid(!this.grid) });
    this.bgInput = h('input', { type: 'color', id: 'bg-color', value: this.background });
    this.bgInput.addEventListener('input', () => this.setBackground(this.bgInput.value));
    this.fitButton = h('button', { type: 'button', id: 'fit-view', class: 'small', onclick: () => this.fit() });
    this.zoomLabel = h('span', { class: 'readout', id: 'zoom-readout' });
    this.marker = h('div', { class: 'system-marker', hidden: true });
    container.appendChild(this.marker);
    toolbar.append(this.gridButton, this.bgInput, this.fitButton, this.zoomLabel);
    this.relabel();

    container.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    container.addEventListener('pointerdown', (e) => this.onDown(e));
    container.addEventListener('pointermove', (e) => this.onMove(e));
    container.addEventListener('pointerup', (e) => this.onUp(e));
    container.addEventListener('pointercancel', (e) => this.onUp(e));
    container.addEventListener('auxclick', (e) => e.preventDefault());
    container.addEventListener('mousedown', (e) => {
      if (e.button === 1) e.preventDefault(); // no autoscroll
    });
    new ResizeObserver(() => this.resize()).observe(container);
  }

  /** Labels after a language change. */
  relabel(): void {
    this.gridButton.textContent = t('grid');
    this.bgInput.title = t('background');
    this.bgInput.setAttribute('aria-label', t('background'));
    this.fitButton.textContent = t('fit');
    this.fitButton.title = `${t('fitTitle')} (F)`;
    this.updateZoomLabel();
  }

  /** Pushes the size of the canvas to the engine. */
  resize(): void {
    const rect = this.container.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width));
    const hgt = Math.max(1, Math.round(rect.height));
    this.engine.resize(w, hgt, window.devicePixelRatio || 1);
  }

  /** Re-sends all view state (after the engine came back from a crash, or at start). */
  apply(): void {
    this.resize();
    this.engine.setView(this.pan[0], this.pan[1], this.zoom);
    this.engine.setGrid(this.grid);
    this.engine.setBackground(this.background);
  }

  /**
   * Frames the effect: centres the view on the box the visible systems' particles cover over the
   * timeline (the core's `effectExtent`) with {@link FIT_MARGIN_PX} around it for the sprites,
   * zoomed out (in 0.05 steps) when that does not fit at zoom 1, never in past 1. Without the
   * extent (no visible system, the module down) it centres on the visible systems' origins at
   * zoom 1.
   */
  fit(): void {
    const e = this.engine.effectExtent();
    const rect = this.container.getBoundingClientRect();
    if (e !== null && rect.width > 0 && rect.height > 0) {
      this.pan = [(e.minX + e.maxX) / 2, (e.minY + e.maxY) / 2];
      const fits = Math.min(rect.width / (e.maxX - e.minX + 2 * FIT_MARGIN_PX), rect.height / (e.maxY - e.minY + 2 * FIT_MARGIN_PX));
      this.zoom = fits >= 1 ? 1 : Math.max(MIN_ZOOM, Math.floor(fits * 20) / 20);
    } else {
      const systems = this.fitTarget().systems.filter((s) => s.visible);
      if (systems.length > 0) {
        const xs = systems.map((s) => s.transform.x);
        const ys = systems.map((s) => s.transform.y);
        this.pan = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      } else {
        this.pan = [0, 0];
      }
      this.zoom = 1;
    }
    this.engine.setView(this.pan[0], this.pan[1], this.zoom);
    this.updateZoomLabel();
  }

  /** Grid on/off. */
  setGrid(on: boolean): void {
    this.grid = on;
    this.gridButton.setAttribute('aria-pressed', String(on));
    this.gridButton.classList.toggle('on', on);
    this.engine.setGrid(on);
  }

  /** Background colour. */
  setBackground(hex: string): void {
    this.background = hex;
    this.bgInput.value = hex;
    this.engine.setBackground(hex);
  }

  private updateZoomLabel(): void {
    this.zoomLabel.textContent = `${Math.round(this.zoom * 100)}%`;
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const rect = this.container.getBoundingClientRect();
    const cursor: [number, number] = [e.clientX - rect.left - rect.width / 2, e.clientY - rect.top - rect.height / 2];
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * Math.exp(-e.deltaY * 0.0015)));
    this.pan = zoomAbout(this.pan, this.zoom, next, cursor);
    this.zoom = next;
    this.engine.setView(this.pan[0], this.pan[1], this.zoom);
    this.updateZoomLabel();
  }

  /** Places the selected-system marker at scene point (x, y), or hides it (null). */
  showMarker(at: [number, number] | null): void {
    if (at === null) {
      this.marker.hidden = true;
      return;
    }
    const rect = this.container.getBoundingClientRect();
    const left = rect.width / 2 + (at[0] - this.pan[0]) * this.zoom;
    const top = rect.height / 2 + (at[1] - this.pan[1]) * this.zoom;
    this.marker.hidden = false;
    this.marker.style.transform = `translate(${left.toFixed(1)}px, ${top.toFixed(1)}px)`;
  }

  private onDown(e: PointerEvent): void {
    if (e.target !== this.container && !(e.target instanceof HTMLCanvasElement)) return;
    const wantsPan = e.button === 1 || (e.button === 0 && this.spaceHeld);
    const wantsMove = e.button === 0 && !this.spaceHeld && this.onMoveSystem !== null;
    if (!wantsPan && !wantsMove) return;
    e.preventDefault();
    this.drag = { x: e.clientX, y: e.clientY, pointer: e.pointerId, moving: !wantsPan };
    this.container.setPointerCapture(e.pointerId);
    this.container.classList.add('panning');
  }

  private onMove(e: PointerEvent): void {
    if (this.drag === null || e.pointerId !== this.drag.pointer) return;
    const dx = e.clientX - this.drag.x;
    const dy = e.clientY - this.drag.y;
    this.drag.x = e.clientX;
    this.drag.y = e.clientY;
    if (this.drag.moving) {
      if (dx !== 0 || dy !== 0) this.onMoveSystem?.(dx / this.zoom, dy / this.zoom);
      return;
    }
    if (this.spaceHeld) this.pannedWithSpace = true;
    this.pan = [this.pan[0] - dx / this.zoom, this.pan[1] - dy / this.zoom];
    this.engine.setView(this.pan[0], this.pan[1], this.zoom);
  }

  private onUp(e: PointerEvent): void {
    if (this.drag === null || e.pointerId !== this.drag.pointer) return;
    if (this.drag.moving) this.onMoveEnd?.();
    this.drag = null;
    this.container.classList.remove('panning');
  }
}
