// Shared helpers of the end-to-end tests: a static server for the test build of the site
// (dist-test/: the product plus the test seam, tests/site/; served under a sub-path to prove
// relative URLs), Debian's Chromium through playwright-core with a renderer tier, console-error
// collection, canvas pixel analysis from screenshots, and a deliberately broken export
// (`injectExportFault`). Tests reach inside the page only through the seam
// (`window.spineParticleTest`, tests/site/seam.ts) and otherwise drive the UI as a user does.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { after, before } from 'node:test';
import { decodePng, type Pixels } from '../support/png';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { faultyGlue, type ExportFault } from '../support/export-fault';

export type { SeamWindow } from '../site/seam';

/** The test build served by the tests (override with SP_DIST). */
export const DIST = resolve(process.env.SP_DIST ?? 'dist-test');
/** The product build (`dist/`, what ships). */
export const PRODUCT_DIST = resolve('dist');
/** Sub-path the site is served under. */
export const SUB_PATH = '/spineparticle/app/';
/** Chromium binary (Debian's package). */
export const CHROMIUM = process.env.SP_CHROMIUM ?? '/usr/bin/chromium';

const BASE_FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const WEBGPU_FLAGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'];
// WebGL2 on a GPU-less machine: ANGLE on SwiftShader (software GL), no WebGPU.
const WEBGL2_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** Renderer tier a browser is launched for. */
export type Tier = 'webgpu' | 'webgl2';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A running static server. */
export interface StaticServer {
  /** URL of the site root (ends with `/`). */
  url: string;
  close(): Promise<void>;
}

/** Serves `root` under {@link SUB_PATH} on a free port. */
export async function serveDist(root = DIST): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: run \`npm run build\` before the e2e tests`);
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(SUB_PATH)) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(SUB_PATH.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SUB_PATH}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Launches Chromium for a tier. */
export function launch(tier: Tier): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...BASE_FLAGS, ...(tier === 'webgpu' ? WEBGPU_FLAGS : WEBGL2_FLAGS)],
  });
}

/** The built site served and a Chromium launched, shared by the tests of one file or `describe`. */
export interface Site {
  /** URL of the served site root (ends with `/`). */
  readonly url: string;
  /** The browser launched for the tier. */
  readonly browser: Browser;
}

/**
 * Registers hooks in the current scope: `before` serves dist/ ({@link serveDist}) and launches
 * Chromium for `tier`, `after` closes both. The returned fields are usable from `before` on.
 */
export function useSite(tier: Tier): Site {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await serveDist();
    browser = await launch(tier);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  const notYet = (): never => {
    throw new Error('useSite: the site is started by a before hook; use it from a hook or test');
  };
  return {
    get url() {
      return server?.url ?? notYet();
    },
    get browser() {
      return browser ?? notYet();
    },
  };
}

/** Drops files (name + bytes) on the page the way a user's drag-and-drop does. */
export async function dropFiles(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  await page.evaluate((specs) => {
    const dt = new DataTransfer();
    for (const f of specs) dt.items.add(new File([new Uint8Array(f.bytes)], f.name));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files.map((f) => ({ name: f.name, bytes: Array.from(f.bytes) })));
}

/** Console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`http ${res.status()}: ${res.url()}`);
  });
  return errors;
}

/** An editor page ready to use. */
export interface EditorPage {
  page: Page;
  errors: string[];
}

/** Opens the editor (`query` like `?renderer=webgl2`, `hash` like `#scene=…`) and waits until ready. */
export async function openEditor(context: BrowserContext, base: string, query = '', hash = ''): Promise<EditorPage> {
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${base}${query}${hash}`);
  await waitReady(page);
  return { page, errors };
}

/**
 * A new browser context of `site` (`options`) with the editor open on the WebGL2 tier (running, not
 * only requested) in the plain view of pixel tests ({@link plainView}).
 */
export async function openPlainEditor(site: Site, options: BrowserContextOptions): Promise<EditorPage & { context: BrowserContext }> {
  const context = await site.browser.newContext(options);
  const { page, errors } = await openEditor(context, site.url, '?renderer=webgl2');
  await page.waitForFunction(() => document.getElementById('status-tier')?.textContent === 'WebGL2');
  await plainView(page);
  return { context, page, errors };
}

/**
 * Waits for the editor to finish starting (fails with the page's fatal message); in the test
 * build, also for the test seam (`seam` false: a product page, which has none).
 */
export async function waitReady(page: Page, seam = true): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 60_000 });
  const state = await page.evaluate(() => document.body.dataset.ready);
  if (state !== 'true') {
    const fatal = await page.evaluate(() => document.getElementById('fatal')?.textContent ?? '');
    throw new Error(`editor failed to start: ${fatal}`);
  }
  if (seam) await page.waitForFunction(() => 'spineParticleTest' in window, undefined, { timeout: 10_000 });
}

/** The current document of the page (through the test seam). */
export async function documentOf(page: Page): Promise<Record<string, unknown> & { systems: Record<string, unknown>[] }> {
  return page.evaluate(() => JSON.parse((window as unknown as import('../site/seam').SeamWindow).spineParticleTest.sceneJson()));
}

/** Whether the timeline plays, as its play / pause button shows it. */
export async function isPlaying(page: Page): Promise<boolean> {
  return page.evaluate(() => document.getElementById('play-button')?.dataset.state === 'pause');
}

/** Plays or pauses with the timeline's button, as a user does. */
export async function setPlaying(page: Page, on: boolean): Promise<void> {
  await page.evaluate((on) => {
    const button = document.getElementById('play-button') as HTMLButtonElement;
    if ((button.dataset.state === 'pause') !== on) button.click();
  }, on);
}

/** Pauses playback at `timeSecs`, hides overlays, and waits two frames. */
export async function freezeAt(page: Page, timeSecs: number): Promise<void> {
  await setPlaying(page, false);
  await page.evaluate(async (t) => {
    (window as unknown as import('../site/seam').SeamWindow).spineParticleTest.seek(t);
    let style = document.getElementById('e2e-hide-overlays');
    if (style === null) {
      style = document.createElement('style');
      style.id = 'e2e-hide-overlays';
      style.textContent = '#messages, #view-tools, #share-box, #drop-overlay, .system-marker, .canvas-gizmos, .object-gizmos { display: none !important; }';
      document.head.appendChild(style);
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, timeSecs);
}

/** Shows the overlays again (after {@link freezeAt} hid them for stable pixels) and waits two frames. */
export async function showOverlays(page: Page): Promise<void> {
  await page.evaluate(async () => {
    document.getElementById('e2e-hide-overlays')?.remove();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Reads the first element matching `selector` once the canvas overlay has settled, in one page
 * call: centre (CSS px), SVG geometry width and cursor. The overlay replaces its elements on the
 * frame after any change (a commit, a new scene), so an element resolved by a locator before that
 * redraw is detached when it is read (zero box, empty style) on a slow machine; here the query
 * runs after two frames and the reads follow it in the same task. `null` when nothing matches.
 */
export async function overlayElement(page: Page, selector: string): Promise<{ centre: [number, number]; bboxWidth: number; cursor: string } | null> {
  return page.evaluate(async (sel) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const e = document.querySelector(sel);
    if (e === null) return null;
    const r = e.getBoundingClientRect();
    const bboxWidth = e instanceof SVGGraphicsElement ? e.getBBox().width : r.width;
    return { centre: [r.x + r.width / 2, r.y + r.height / 2] as [number, number], bboxWidth, cursor: getComputedStyle(e).cursor };
  }, selector);
}

/** RGBA pixels of a screenshot. */
export type { Pixels } from '../support/png';
export { decodePng } from '../support/png';

/** Waits two animation frames of the page. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Centres the view at zoom 1 on the first placed skeleton or model (a reload fits the view to
 * the systems, so tests of objects alone centre it themselves). */
export async function centreOnFirst(page: Page, kind: 'skeletons' | 'models'): Promise<void> {
  await page.evaluate((kind) => {
    const seam = (window as unknown as import('../site/seam').SeamWindow).spineParticleTest;
    const t = seam.doc()[kind][0].transform;
    seam.setView([t.x, t.y], 1);
  }, kind);
  await nextFrames(page);
}

/** The canvas pixels with the scene frozen at `timeSecs`. */
export async function canvasAt(page: Page, timeSecs: number): Promise<Pixels> {
  await freezeAt(page, timeSecs);
  return (await canvasPixels(page)).pixels;
}

/**
 * Count and centroid (canvas px) of the lit pixels (sum of RGB above 90 on a black view) in
 * columns [x0, x1); the two rows at each edge are left out (a screenshot's last row can show the
 * timeline's border across the canvas).
 */
export function litPixels(p: Pixels, x0: number, x1: number): { n: number; x: number; y: number } {
  let [n, sx, sy] = [0, 0, 0];
  for (let y = 2; y < p.height - 2; y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(p.width, Math.ceil(x1)); x++) {
      const i = (y * p.width + x) * 4;
      if (p.rgba[i] + p.rgba[i + 1] + p.rgba[i + 2] > 90) {
        n++;
        sx += x;
        sy += y;
      }
    }
  }
  return { n, x: sx / n, y: sy / n };
}

/** Pixels of two same-size shots differing by more than 30 (sum over RGB) in columns [x0, x1). */
export function changedPixels(a: Pixels, b: Pixels, x0: number, x1: number): number {
  let n = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(a.width, Math.ceil(x1)); x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]) > 30) n++;
    }
  }
  return n;
}

/** Sets control `control` of the skeleton panel (hidden over the canvas in tests) to `value` as a user's change does. */
export async function skeletonPanelChange(page: Page, control: string, value: string): Promise<void> {
  await page.evaluate(
    ([c, v]) => {
      const input = document.querySelector(`#skeleton-panel [data-control="${c}"]`) as HTMLInputElement | HTMLSelectElement;
      input.value = v;
      input.dispatchEvent(new Event('change'));
    },
    [control, value],
  );
}

/** Screenshot of the canvas, decoded. */
export async function canvasPixels(page: Page): Promise<{ png: Buffer; pixels: Pixels }> {
  const png = await page.locator('#canvas').screenshot();
  return { png, pixels: decodePng(png) };
}

/** sha256 of a buffer, hex. */
export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Per-channel statistics of the pixels brighter than `threshold` above `background`. */
export function pixelStats(p: Pixels, background: [number, number, number] = [0, 0, 0], threshold = 40): { lit: number; sumR: number; sumG: number; sumB: number; stddev: number } {
  let lit = 0;
  let sumR = 0;
  let sumG = 0;
  let sumB = 0;
  let sum = 0;
  let sumSq = 0;
  const n = p.width * p.height;
  for (let i = 0; i < n; i++) {
    const r = p.rgba[i * 4];
    const g = p.rgba[i * 4 + 1];
    const b = p.rgba[i * 4 + 2];
    const l = (r + g + b) / 3;
    sum += l;
    sumSq += l * l;
    if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > threshold) {
      lit++;
      sumR += r;
      sumG += g;
      sumB += b;
    }
  }
  const mean = sum / n;
  return { lit, sumR, sumG, sumB, stddev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)) };
}

/** Mean absolute per-channel difference of two equally sized images. */
export function meanAbsDiff(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let d = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    d += Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]);
  }
  return d / ((a.rgba.length / 4) * 3);
}

/** Sets view state for stable pixels with the view tools, as a user does: no grid, black background. */
export async function plainView(page: Page): Promise<void> {
  await page.evaluate(() => {
    const grid = document.getElementById('grid-toggle') as HTMLButtonElement;
    if (grid.getAttribute('aria-pressed') === 'true') grid.click();
    const colour = document.getElementById('bg-color') as HTMLInputElement;
    colour.value = '#000000';
    colour.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Makes every export of `page` deliberately broken (tests/support/export-fault.ts): the wasm glue
 * the page and its workers load is served wrapped so that the skeleton the real bake returns
 * carries `fault`. Returns the removal.
 */
export async function injectExportFault(page: Page, fault: ExportFault): Promise<() => Promise<void>> {
  const glue = /\/assets\/sp_wasm-[\w-]+\.js(\?(?!real)[^/]*)?$/;
  await page.route(glue, async (route) => {
    const url = new URL(route.request().url());
    const real = `${url.pathname.slice(url.pathname.lastIndexOf('/') + 1)}?real${url.search === '' ? '' : `&${url.search.slice(1)}`}`;
    await route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: faultyGlue(`./${real}`, fault) });
  });
  return () => page.unroute(glue);
}

/** Error messages currently shown by the editor. */
export async function shownErrors(page: Page): Promise<string[]> {
  return page.$$eval('#messages .message.error .text', (els) => els.map((e) => e.textContent ?? ''));
}

/**
 * Keeps every WebGPU device the page's scripts request reachable by {@link loseGpu} (wraps
 * `GPUAdapter.prototype.requestDevice`; no product code involved). Call before opening the page.
 */
export async function keepGpuDevices(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Device = { destroy(): void };
    const w = window as unknown as { __keptGpuDevices?: Device[]; GPUAdapter?: { prototype: { requestDevice(...args: unknown[]): Promise<Device> } } };
    const kept: Device[] = [];
    w.__keptGpuDevices = kept;
    const proto = w.GPUAdapter?.prototype;
    if (proto === undefined) return;
    const original = proto.requestDevice;
    proto.requestDevice = async function (this: unknown, ...args: unknown[]): Promise<Device> {
      const device = await original.apply(this, args);
      kept.push(device);
      return device;
    };
  });
}

/** The editor's count of GPU rebuilds (after lost WebGL contexts or WebGPU devices). */
export function gpuRebuilds(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as import('../site/seam').SeamWindow).spineParticleTest.engine.stats()?.rebuilds ?? 0);
}

/**
 * Loses the page's GPU the way a driver reset or a tab in the background does, and waits until
 * the editor has rebuilt: on WebGPU the device the renderer draws with is destroyed (kept by
 * {@link keepGpuDevices}); on WebGL2 the context is lost with `WEBGL_lose_context` and restored
 * 300 ms later.
 */
export async function loseGpu(page: Page, tier: Tier): Promise<void> {
  const before = await gpuRebuilds(page);
  if (tier === 'webgpu') {
    const destroyed = await page.evaluate(() => {
      const kept = (window as unknown as { __keptGpuDevices?: { destroy(): void }[] }).__keptGpuDevices ?? [];
      kept[kept.length - 1]?.destroy();
      return kept.length;
    });
    if (destroyed === 0) throw new Error('no WebGPU device kept: call keepGpuDevices(context) before opening the page');
  } else {
    await page.evaluate(async () => {
      const canvas = document.getElementById('canvas') as HTMLCanvasElement;
      const ext = canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context');
      if (ext == null) throw new Error('no WEBGL_lose_context');
      ext.loseContext();
      await new Promise((r) => setTimeout(r, 300));
      ext.restoreContext();
    });
  }
  await page.waitForFunction((n) => ((window as unknown as import('../site/seam').SeamWindow).spineParticleTest.engine.stats()?.rebuilds ?? 0) > n, before, { timeout: 20_000 });
}
