// The exported skeleton drawn by the official WebGL renderer of the Spine runtimes
// (@esotericsoftware/spine-webgl 4.2.119, the same version as spine-core) with the images the
// preview uses, for the pixel comparison of the compare view (issue 15).
//
// Atlas: built in memory, one page per image (built-in textures from the engine, dropped images
// from the journal), each page a single region covering it, named by the export's attachment
// path (export spec §8: `builtin:NAME` → `NAME`; a file → its path without the images folder,
// leading `./` or extension; the file name alone is accepted as well). Pages hold premultiplied
// RGBA8 (`c' = round(c·a/255)`, as the preview's atlas) with linear filtering, no mipmaps and
// clamped edges (the preview's default sampler), and are drawn with `premultipliedAlpha = true`,
// so the four slot blends are spine-webgl's PMA blend functions.
//
// Pose: setToSetupPose → each planned animation applied at its time (MixBlend.setup, no loop) →
// updateWorldTransform(Physics.none), like pose.ts. View: scene (x, y) is Spine (x, −y); the
// camera centres Spine (panX, −panY) with `zoom` CSS px per scene px on a drawing buffer of the
// preview's size in device pixels, cleared with the preview's background colour.
import {
  AtlasAttachmentLoader,
  MixBlend,
  MixDirection,
  Physics,
  Skeleton,
  SkeletonJson,
  TextureAtlas,
  TextureAtlasPage,
  TextureAtlasRegion,
  TextureFilter,
  type SkeletonData,
} from '@esotericsoftware/spine-core';
import { GLTexture, ManagedWebGLRenderingContext, SceneRenderer } from '@esotericsoftware/spine-webgl';
import type { PlannedAnimation } from './pose';

/** One image of the preview: straight-alpha RGBA8, rows top to bottom. */
export interface SourceImage {
  /** The reference the scene uses (`builtin:star`, `images/fire.png`). */
  reference: string;
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** The attachment paths under which the export may name `reference` (see the file comment). */
export function attachmentNames(reference: string, imagesFolder = './images/'): string[] {
  if (reference.startsWith('builtin:')) return [reference.slice('builtin:'.length)];
  const clean = (p: string): string =>
    p
      .replace(/\\/g, '/')
      .split('/')
      .filter((s) => s !== '' && s !== '.' && s !== '..')
      .join('/');
  const path = clean(reference).replace(/\.(png|jpe?g|webp|gif|bmp|tga|avif)$/i, '');
  const folder = clean(imagesFolder);
  const names = [path];
  if (folder !== '' && path.startsWith(`${folder}/`)) names.push(path.slice(folder.length + 1));
  names.push(path.slice(path.lastIndexOf('/') + 1));
  return [...new Set(names)];
}

/** Straight RGBA8 → premultiplied `round(c·a/255)` (the preview's upload). */
export function premultiply(rgba: Uint8Array): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3];
    out[i] = Math.floor((rgba[i] * a + 127) / 255);
    out[i + 1] = Math.floor((rgba[i + 1] * a + 127) / 255);
    out[i + 2] = Math.floor((rgba[i + 2] * a + 127) / 255);
    out[i + 3] = a;
  }
  return out;
}

/** An in-memory atlas whose regions are found under any of their names. */
class MemoryAtlas extends TextureAtlas {
  private readonly byName = new Map<string, TextureAtlasRegion>();

  constructor() {
    super('');
  }

  add(names: string[], page: TextureAtlasPage, region: TextureAtlasRegion): void {
    this.pages.push(page);
    this.regions.push(region);
    for (const n of names) if (!this.byName.has(n)) this.byName.set(n, region);
  }

  override findRegion(name: string): TextureAtlasRegion | null {
    return this.byName.get(name) ?? null;
  }
}

/** Parses `#rrggbb` to 0..1 channels (black when unreadable). */
function rgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m === null ? [0, 0, 0] : [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255];
}

/** The Spine canvas: an export, its atlas and spine-webgl's renderer. */
export class SpineView {
  readonly canvas: HTMLCanvasElement;
  private readonly context: ManagedWebGLRenderingContext;
  private readonly renderer: SceneRenderer;
  private atlas: MemoryAtlas | null = null;
  private data: SkeletonData | null = null;
  private skeleton: Skeleton | null = null;

  /** Throws when the browser gives no WebGL context. */
  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    this.context = new ManagedWebGLRenderingContext(canvas, { alpha: false, premultipliedAlpha: true, preserveDrawingBuffer: true, antialias: false });
    this.renderer = new SceneRenderer(canvas, this.context, true);
  }

  /** Loads an export with the images of the preview (throws spine-core's error when it cannot). */
  load(json: string, images: SourceImage[], imagesFolder: string): void {
    this.unload();
    const atlas = new MemoryAtlas();
    for (const img of images) {
      if (img.width <= 0 || img.height <= 0 || img.rgba.length !== img.width * img.height * 4) continue;
      const names = attachmentNames(img.reference, imagesFolder);
      const page = new TextureAtlasPage(names[0]);
      page.width = img.width;
      page.height = img.height;
      page.pma = true;
      page.minFilter = TextureFilter.Linear;
      page.magFilter = TextureFilter.Linear;
      const region = new TextureAtlasRegion(page, names[0]);
      region.u = 0;
      region.v = 0;
      region.u2 = 1;
      region.v2 = 1;
      region.width = region.originalWidth = img.width;
      region.height = region.originalHeight = img.height;
      region.degrees = 0;
      page.regions.push(region);
      const pixels = new ImageData(premultiply(img.rgba), img.width, img.height);
      // GLTexture uploads ImageData bytes as they are (UNPACK_PREMULTIPLY_ALPHA stays false).
      page.setTexture(new GLTexture(this.context, pixels as unknown as ImageBitmap, false));
      atlas.add(names, page, region);
    }
    this.atlas = atlas;
    this.data = new SkeletonJson(new AtlasAttachmentLoader(atlas)).readSkeletonData(json);
    this.skeleton = new Skeleton(this.data);
  }

  /** Whether an export is loaded. */
  get loaded(): boolean {
    return this.skeleton !== null;
  }

  /** Draws the planned pose with the view into a `width × height` device-pixel buffer. */
  draw(plan: PlannedAnimation[], view: { panX: number; panY: number; zoom: number }, background: string, width: number, height: number, dpr: number): void {
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const gl = this.context.gl;
    gl.viewport(0, 0, width, height);
    const [r, g, b] = rgb(background);
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const sk = this.skeleton;
    const data = this.data;
    if (sk === null || data === null) return;
    sk.setToSetupPose();
    for (const p of plan) data.findAnimation(p.name)?.apply(sk, 0, Math.max(0, p.timeSecs), false, [], 1, MixBlend.setup, MixDirection.mixIn);
    sk.updateWorldTransform(Physics.none);
    const camera = this.renderer.camera;
    camera.setViewport(width, height);
    camera.position.set(view.panX, -view.panY, 0);
    camera.zoom = 1 / (view.zoom * dpr);
    this.renderer.begin();
    this.renderer.drawSkeleton(sk, true);
    this.renderer.end();
  }

  private unload(): void {
    this.atlas?.dispose();
    this.atlas = null;
    this.data = null;
    this.skeleton = null;
  }

  /** Frees the textures and the renderer. */
  dispose(): void {
    this.unload();
    this.renderer.dispose();
  }
}
