// The pixel modes of the compare view (issue 15): the preview frame and the same frame drawn by
// spine-webgl (spine-view.ts), side by side or as a difference image with its PSNR and the share
// of pixels off by more than 8/255 (difference.ts).
//
// Same frame: each drawn frame reads the editor time, has the engine render the preview now and
// copies the preview canvas into a 2D canvas in the same task (a WebGL or WebGPU canvas keeps its
// drawing buffer until the task ends), then draws the Spine canvas at that time with the same
// view at the preview canvas's device-pixel size. The difference is recomputed only when the
// time, view, size or export changed (reading the pixels back costs tens of milliseconds).
// The numbers are published on `#compare-stats` (`data-psnr`, `data-off`, `data-time`).
import { t } from '../../i18n';
import { h } from '../../ui/dom';
import { difference, formatDifference, type Difference } from './difference';
import type { PlannedAnimation } from './pose';
import { SpineView, type SourceImage } from './spine-view';

/** A pixel mode. */
export type PixelMode = 'side' | 'diff';

/** What a frame of the pixel modes needs. */
export interface PixelFrame {
  mode: PixelMode;
  plan: PlannedAnimation[];
  timeSecs: number;
  view: { panX: number; panY: number; zoom: number };
  background: string;
  /** The preview canvas, rendered just now. */
  preview: HTMLCanvasElement;
  dpr: number;
}

/** The side-by-side and difference views over the viewport. */
export class PixelStage {
  readonly root: HTMLElement;
  /** The preview frame copied (2D). */
  readonly previewCopy: HTMLCanvasElement;
  /** Where spine-webgl draws. */
  readonly spineCanvas: HTMLCanvasElement;
  /** The amplified difference. */
  readonly diffCanvas: HTMLCanvasElement;
  /** The numbers and the note. */
  readonly stats: HTMLElement;
  /** The last comparison, or null. */
  last: Difference | null = null;
  private readonly spine: SpineView;
  private exportKey = '';
  private diffKey = '';

  /** Throws when WebGL is unavailable. */
  constructor(container: HTMLElement, before: Element) {
    this.previewCopy = h('canvas', { class: 'compare-pane', id: 'compare-preview-copy' });
    this.spineCanvas = h('canvas', { class: 'compare-pane', id: 'compare-spine' });
    this.diffCanvas = h('canvas', { class: 'compare-pane', id: 'compare-diff' });
    this.stats = h('div', { id: 'compare-stats', class: 'compare-stats' });
    this.root = h('div', { id: 'compare-pixels', class: 'compare-pixels', hidden: true }, this.previewCopy, this.spineCanvas, this.diffCanvas, this.stats);
    container.insertBefore(this.root, before);
    this.spine = new SpineView(this.spineCanvas);
  }

  /** Loads an export (no-op when the same export and images were loaded already). */
  load(json: string, images: SourceImage[], imagesFolder: string): void {
    const key = `${json.length}:${json.slice(0, 64)}:${json.slice(-64)}:${images.map((i) => i.reference).join('|')}:${imagesFolder}`;
    if (key === this.exportKey && this.spine.loaded) return;
    this.spine.load(json, images, imagesFolder);
    this.exportKey = key;
    this.diffKey = '';
    this.last = null;
    this.stats.replaceChildren();
    for (const k of ['psnr', 'off', 'time']) delete this.stats.dataset[k];
  }

  /** Shows or hides the stage. */
  show(on: boolean): void {
    if (this.root.hidden === !on) return;
    this.root.hidden = !on;
    if (!on) this.diffKey = '';
  }

  /** Draws one frame (see the file comment). */
  draw(f: PixelFrame): void {
    const w = f.preview.width;
    const hgt = f.preview.height;
    if (this.previewCopy.width !== w || this.previewCopy.height !== hgt) {
      this.previewCopy.width = w;
      this.previewCopy.height = hgt;
      this.diffCanvas.width = w;
      this.diffCanvas.height = hgt;
    }
    const copy = this.previewCopy.getContext('2d', { willReadFrequently: true });
    if (copy === null) return;
    copy.drawImage(f.preview, 0, 0);
    this.spine.draw(f.plan, f.view, f.background, w, hgt, f.dpr);
    this.root.dataset.mode = f.mode;
    this.previewCopy.hidden = f.mode !== 'side';
    this.spineCanvas.hidden = f.mode !== 'side';
    this.diffCanvas.hidden = f.mode !== 'diff';
    const key = `${f.timeSecs}:${f.view.panX}:${f.view.panY}:${f.view.zoom}:${w}x${hgt}:${f.background}:${this.exportKey}:${f.plan.map((p) => p.name).join(',')}`;
    if (key === this.diffKey) return;
    this.diffKey = key;
    const a = copy.getImageData(0, 0, w, hgt).data;
    const spine2d = this.diffCanvas.getContext('2d', { willReadFrequently: true });
    if (spine2d === null) return;
    spine2d.drawImage(this.spineCanvas, 0, 0);
    const b = spine2d.getImageData(0, 0, w, hgt);
    const out = new ImageData(w, hgt);
    this.last = difference(a, b.data, out.data);
    spine2d.putImageData(out, 0, 0);
    const shown = formatDifference(this.last);
    this.stats.dataset.psnr = String(this.last.psnrDb);
    this.stats.dataset.off = String(this.last.offShare);
    this.stats.dataset.time = String(f.timeSecs);
    this.stats.replaceChildren(
      h('div', { class: 'compare-numbers' }, t('comparePixelNumbers', { psnr: shown.psnr, off: shown.off, time: f.timeSecs.toFixed(3) })),
      h('div', { class: 'compare-note' }, t('comparePixelNote')),
    );
  }

  /** Frees the GL resources and removes the elements. */
  dispose(): void {
    this.spine.dispose();
    this.root.remove();
  }
}
