// The compare view (issue 4): the exported skeleton posed by spine-core at the editor's current
// time, drawn on a 2D canvas over the live wgpu preview with the editor's pan and zoom (scene
// point `pan` at the canvas centre, `zoom` CSS px per scene px). Each visible particle slot is
// its region's outline in the slot's colour plus a dot at its bone, so a user sees that the
// export matches the preview. Toggled by `#compare-toggle` in the view tools; uses the last
// export of the page, or exports on demand (in a worker, nothing downloaded) when there is none
// or the scene changed since. `#compare-mode` switches between these outlines and the pixel
// modes (pixels.ts, issue 15): the export drawn by the official spine-webgl renderer side by
// side with the preview, or their difference image with its PSNR and off-pixel share.
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { h } from '../../ui/dom';
import type { ShowMessage } from '../../ui/messages';
import { failureText } from '../failure-text';
import type { ExportRecord } from '../last-export';
import { runExportInWorker } from '../worker-client';
import { PixelStage, type PixelMode } from './pixels';
import { autoPlan, ComparePoser, type PlanScene, type PlannedAnimation, type PosedRegion, type SystemAnimation } from './pose';
import type { SourceImage } from './spine-view';

/** What the compare view needs from the editor. */
export interface CompareHost {
  /** The element holding the preview canvas (`#viewport`). */
  container: HTMLElement;
  /** Where the toggle goes (`#view-tools`). */
  toolbar: HTMLElement;
  /** Current view: scene pixel at the canvas centre, zoom, and background `#rrggbb`. */
  view(): { panX: number; panY: number; zoom: number; background?: string };
  /** Renders the preview now without its grid (so its canvas holds the particles of the current time alone). */
  renderPreview(): void;
  /**
   * Draws the collider and path outlines on the preview or not: the export has none, so the
   * compare view hides them while it is on.
   */
  showObjectOutlines(on: boolean): void;
  /** The preview canvas (the engine may have replaced it), or null. */
  previewCanvas(): HTMLCanvasElement | null;
  /** Every image the preview can draw: built-in textures and loaded user images. */
  images(): SourceImage[];
  /** The scene's export images folder (`./images/`). */
  imagesFolder(): string;
  /** Current preview time, seconds. */
  timeSecs(): number;
  /** Per system, the exported animation shown at a time (the core's timeline). */
  animationsAt(timeSecs: number): SystemAnimation[];
  /** The current normalised scene JSON. */
  sceneJson(): string;
  /** `{path: [w, h]}` of the loaded images (for an on-demand export). */
  imagesJson(): string;
  /** Bone tracks of following systems (for an on-demand export; `''`: none). */
  followJson(): string;
  /** Shows a message. */
  readonly message: ShowMessage;
  /** The page's last export (used when it matches the scene; an on-demand export is recorded). */
  readonly exports: ExportRecord;
}

/** Maps a scene point to canvas CSS pixels (pure). */
export function sceneToCanvas(x: number, y: number, view: { panX: number; panY: number; zoom: number }, width: number, height: number): [number, number] {
  return [width / 2 + (x - view.panX) * view.zoom, height / 2 + (y - view.panY) * view.zoom];
}

/** The overlay and its toggle. */
export class CompareOverlay {
  readonly canvas: HTMLCanvasElement;
  readonly button: HTMLButtonElement;
  readonly select: HTMLSelectElement;
  /** Overlay (outlines), side by side, or difference. */
  readonly mode: HTMLSelectElement;
  /** The pixel modes, made on first use (null before, or when WebGL is unavailable). */
  pixels: PixelStage | null = null;
  private json = '';
  /** The regions drawn last (scene pixels), for tools and tests. */
  lastRegions: PosedRegion[] = [];
  private poser: ComparePoser | null = null;
  private poserScene = '';
  private planScene: PlanScene = { systems: [] };
  private on = false;
  private loading = false;
  private frame = 0;
  private readonly off: () => void;

  constructor(private readonly host: CompareHost) {
    this.canvas = h('canvas', { id: 'compare-overlay', class: 'compare-overlay', hidden: true });
    host.container.insertBefore(this.canvas, host.toolbar);
    this.button = h('button', { type: 'button', id: 'compare-toggle', class: 'small', 'aria-pressed': 'false', onclick: () => void this.toggle() });
    this.select = h('select', { id: 'compare-animation', hidden: true });
    this.mode = h('select', { id: 'compare-mode', hidden: true, onchange: () => this.update() });
    this.mode.append(new Option('', 'overlay'), new Option('', 'side'), new Option('', 'diff'));
    host.toolbar.append(this.button, this.mode, this.select);
    this.off = host.exports.subscribe((e) => {
      if (this.on) this.use(e.json, e.sceneJson);
    });
    this.relabel();
  }

  /** Whether the overlay is showing. */
  get active(): boolean {
    return this.on;
  }

  /** Labels after a language change. */
  relabel(): void {
    this.button.textContent = t('compareButton');
    this.button.title = t('compareTitle');
    const first = this.select.options[0];
    if (first !== undefined) first.textContent = t('compareAuto');
    const labels = [t('compareModeOverlay'), t('compareModeSide'), t('compareModeDiff')];
    [...this.mode.options].forEach((o, i) => (o.textContent = labels[i]));
    this.mode.title = t('compareModeTitle');
  }

  /** Turns the overlay on (exporting first if needed) or off. */
  async toggle(on = !this.on): Promise<void> {
    if (!on) {
      this.on = false;
      this.update();
      return;
    }
    this.on = true;
    this.update();
    const scene = this.host.sceneJson();
    const last = this.host.exports.latest();
    if (last !== null && last.sceneJson === scene && last.followJson === this.host.followJson()) this.use(last.json, last.sceneJson);
    else {
      // Nothing of an older export is drawn (or measured) while this one runs.
      if (this.poserScene !== scene) this.poser = null;
      await this.exportNow(scene);
    }
  }

  /** Stops drawing and removes the elements. */
  dispose(): void {
    this.on = false;
    cancelAnimationFrame(this.frame);
    this.off();
    this.canvas.remove();
    this.button.remove();
    this.select.remove();
    this.mode.remove();
    this.pixels?.dispose();
  }

  private async exportNow(scene: string): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    this.canvas.dataset.state = 'exporting';
    const follow = this.host.followJson();
    const job = runExportInWorker(scene, this.host.imagesJson(), follow, () => {});
    const reply = await job.result;
    this.loading = false;
    if (reply.kind === 'done') {
      this.host.exports.publish({ json: reply.json, report: reply.report, sceneJson: scene, followJson: follow, totalMs: reply.totalMs });
      this.use(reply.json, scene);
    } else if (reply.kind === 'failed') {
      this.canvas.dataset.state = 'failed';
      this.host.message('error', t('compareFailed', { error: failureText(reply.failure) }));
      this.on = false;
      this.update();
    }
  }

  private use(json: string, scene: string): void {
    try {
      this.poser = new ComparePoser(json);
      this.json = json;
      this.poserScene = scene;
      this.planScene = JSON.parse(scene) as PlanScene;
    } catch (e) {
      this.poser = null;
      this.host.message('error', t('compareFailed', { error: errorText(e) }));
      return;
    }
    const keep = this.select.value;
    this.select.replaceChildren(new Option('', ''), ...this.poser.animations().map((a) => new Option(a.name, a.name)));
    this.select.value = this.poser.animations().some((a) => a.name === keep) ? keep : '';
    this.relabel();
    this.update();
  }

  private update(): void {
    this.button.classList.toggle('on', this.on);
    this.button.setAttribute('aria-pressed', String(this.on));
    this.canvas.hidden = !this.on;
    this.host.showObjectOutlines(!this.on);
    this.select.hidden = !this.on || this.poser === null;
    this.mode.hidden = !this.on;
    this.pixels?.show(this.on && this.mode.value !== 'overlay');
    cancelAnimationFrame(this.frame);
    if (this.on) {
      const loop = (): void => {
        if (!this.on) return;
        this.draw();
        this.frame = requestAnimationFrame(loop);
      };
      this.frame = requestAnimationFrame(loop);
    } else {
      this.canvas.dataset.regions = '0';
    }
  }

  private draw(): void {
    const rect = this.host.container.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    const g = this.canvas.getContext('2d');
    if (g === null) return;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, w, h);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const poser = this.poser;
    const time = this.host.timeSecs();
    if (poser === null) {
      this.pixels?.show(false);
      this.hud(g, t('compareExporting'), rect.height);
      return;
    }
    const chosen = this.select.value;
    const plan: PlannedAnimation[] = chosen === '' ? autoPlan(this.planScene, poser.animations(), time, this.host.animationsAt(time)) : [{ name: chosen, timeSecs: time }];
    if (this.mode.value !== 'overlay') {
      this.drawPixels(this.mode.value as PixelMode, plan, time, dpr);
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.clearRect(0, 0, w, h);
      this.canvas.dataset.state = 'drawn';
      return;
    }
    const regions = poser.posePlan(plan);
    this.lastRegions = regions;
    const view = this.host.view();
    for (const r of regions) this.drawRegion(g, r, view, rect.width, rect.height);
    this.canvas.dataset.regions = String(regions.length);
    this.canvas.dataset.state = 'drawn';
    const stale = this.poserScene !== this.host.sceneJson();
    const hud = t('compareHud', { count: regions.length, time: time.toFixed(2) });
    this.hud(g, stale ? `${hud} · ${t('compareStale')}` : hud, rect.height);
  }

  private drawPixels(mode: PixelMode, plan: PlannedAnimation[], time: number, dpr: number): void {
    try {
      if (this.pixels === null) this.pixels = new PixelStage(this.host.container, this.host.toolbar);
      this.pixels.show(true);
      this.pixels.load(this.json, this.host.images(), this.host.imagesFolder());
      this.host.renderPreview();
      const preview = this.host.previewCanvas();
      if (preview === null) return;
      const view = this.host.view();
      this.pixels.draw({ mode, plan, timeSecs: time, view, background: view.background ?? '#000000', preview, dpr });
    } catch (e) {
      this.mode.value = 'overlay';
      this.pixels?.show(false);
      this.host.message('error', t('compareFailed', { error: errorText(e) }));
    }
  }

  private drawRegion(g: CanvasRenderingContext2D, r: PosedRegion, view: { panX: number; panY: number; zoom: number }, w: number, h: number): void {
    const col = `rgba(${Math.round(r.r * 255)},${Math.round(r.g * 255)},${Math.round(r.b * 255)},${Math.max(0.45, r.a).toFixed(3)})`;
    g.strokeStyle = col;
    g.lineWidth = 1;
    g.beginPath();
    for (let i = 0; i < 4; i++) {
      const [x, y] = sceneToCanvas(r.corners[i * 2], r.corners[i * 2 + 1], view, w, h);
      if (i === 0) g.moveTo(x, y);
      else g.lineTo(x, y);
    }
    g.closePath();
    g.stroke();
    const [bx, by] = sceneToCanvas(r.boneX, r.boneY, view, w, h);
    g.fillStyle = col;
    g.fillRect(bx - 1.5, by - 1.5, 3, 3);
  }

  /** The status line, at the bottom left (the view tools, wider with the compare menus, cover
   * the top left of the canvas). `height` in CSS pixels. */
  private hud(g: CanvasRenderingContext2D, text: string, height: number): void {
    g.font = '12px sans-serif';
    const width = g.measureText(text).width;
    g.fillStyle = 'rgba(0,0,0,0.6)';
    g.fillRect(6, height - 26, width + 12, 20);
    g.fillStyle = '#8fe';
    g.fillText(text, 12, height - 12);
  }
}
