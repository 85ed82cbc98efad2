// The ONE facade over the wasm module: every call into Rust from the page goes through a typed
// method here. It records what the Editor was given (journal.ts) and leaves the module's life to
// lifecycle.ts: a Rust panic in any call re-instantiates the module, recreates the Editor on a
// fresh canvas, replays the journal, calls the `onRebuild` hooks (models, skeleton clips) and
// reports the crash to `onCrash` listeners. Pure functions (functions.ts, the class `Engine`
// extends) work before `attach`; Editor methods wait for it (scene and view calls do nothing
// meanwhile, clip and model calls throw `EngineCrash`).

import type { AnimationAt, EditorStats, EffectExtent, SegmentKind, TimelineInfo } from '../generated/contract';
import { EngineFunctions } from './functions';
import type { ImagePixels } from './journal';
import type { RebuildHook } from './lifecycle';
import type { RendererRequest, RendererTier, WasmLoader, WasmModule } from './wasm-api';

export type { RendererRequest, RendererTier } from './wasm-api';
export { EngineCrash } from './crash';
export type { AnimationAt, BuiltinTexture, EditorStats, SegmentKind, TimelineInfo } from '../generated/contract';
export type { RebuildHook } from './lifecycle';
export { stepsCoveringOf } from './functions';

/** Renderer forced by `?renderer=webgpu|webgl2` in a location search string (else auto). */
export function rendererFromQuery(search: string): RendererRequest {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgl2' || value === 'webgpu' ? value : 'auto';
}

/** Facade over the wasm module and its Editor. */
export class Engine extends EngineFunctions {
  /** {@link timeline} of the current scene and tracks (dropped when either changes). */
  private timelineCache: TimelineInfo | null = null;

  private constructor(module: WasmModule, loader: WasmLoader) {
    super(module, loader);
  }

  /** Loads the module (no Editor yet). */
  static async load(loader: WasmLoader): Promise<Engine> {
    return new Engine(await loader(0), loader);
  }

  /** Number of crashes recovered so far. */
  get crashes(): number {
    return this.life.crashes;
  }

  /** Called after every crash with its message, and whether the Editor came back. */
  onCrash(listener: (message: string, recovered: boolean) => void): () => void {
    return this.life.onCrash(listener);
  }

  /** Registers a {@link RebuildHook}; returns its removal. */
  onRebuild(hook: RebuildHook): () => void {
    return this.life.onRebuild(hook);
  }

  /** Resolves when no recovery is in progress. */
  settled(): Promise<void> {
    return this.life.settled();
  }

  // ---- editor ------------------------------------------------------------------------------

  /**
   * Creates the Editor on `canvas`. `replaceCanvas` puts a fresh canvas in place of a crashed
   * one (a GPU context cannot always be re-taken on the same element) and returns it.
   */
  attach(canvas: HTMLCanvasElement, renderer: RendererRequest, replaceCanvas: (old: HTMLCanvasElement) => HTMLCanvasElement): Promise<void> {
    return this.life.attach(canvas, renderer, replaceCanvas);
  }

  /** The canvas the Editor draws on (changes after a crash). */
  get currentCanvas(): HTMLCanvasElement | null {
    return this.life.currentCanvas;
  }

  /** Active renderer tier, or null before {@link attach}. */
  rendererTier(): RendererTier | null {
    const tier = this.life.optional((e) => e.rendererTier(), null);
    return tier === 'WebGPU' || tier === 'WebGL2' ? tier : null;
  }

  /** Sets the scene (full normalised document); throws on an invalid document. */
  setScene(json: string): void {
    this.life.optional((e) => e.setScene(json), undefined, true);
    this.journal.sceneJson = json;
    this.timelineCache = null;
  }

  /**
   * Sets the bone tracks that following systems follow (web/skeleton/spine/follow-track.ts);
   * throws naming the bad field, keeping the previous tracks.
   */
  setFollowTracks(json: string): void {
    this.life.optional((e) => e.setFollowTracks(json), undefined, true);
    this.journal.followJson = json;
    this.timelineCache = null;
  }

  /** The bone tracks last given to {@link setFollowTracks} (`''`: none). */
  followTracks(): string {
    return this.journal.followJson;
  }

  /** Seeks to `timeSecs` (exact). */
  setTime(timeSecs: number): void {
    this.journal.timeSecs = timeSecs;
    this.life.optional((e) => e.setTime(timeSecs), undefined);
  }

  /** Plays forward by `dtSecs`. */
  advance(dtSecs: number): void {
    this.life.optional((e) => e.advance(dtSecs), undefined);
    this.journal.timeSecs = this.timeSecs();
  }

  /** Current simulation time. */
  timeSecs(): number {
    return this.life.optional((e) => e.timeSecs(), this.journal.timeSecs);
  }

  /** The core's timeline of the current scene: length and the start | loop | end segments. */
  timeline(): TimelineInfo {
    if (this.timelineCache === null) {
      const json = this.life.optional((e) => e.timelineInfo(), '');
      if (json === '') return { lengthSecs: 0.5, fps: null, segments: [] };
      this.timelineCache = JSON.parse(json) as TimelineInfo;
    }
    return this.timelineCache;
  }

  /** The box the visible systems' particles cover over the timeline, scene pixels (the core's
   * `effectExtent`: what the view frames); null when no system is visible or the module is down. */
  effectExtent(): EffectExtent | null {
    const json = this.life.optional((e) => e.effectExtent(), undefined);
    return json === undefined ? null : (JSON.parse(json) as EffectExtent);
  }

  /** The segment `timeSecs` falls in (none without loop-continuous systems). */
  segmentAt(timeSecs: number): SegmentKind | null {
    const kind = this.life.optional((e) => e.segmentAt(timeSecs), undefined);
    return kind === 'start' || kind === 'loop' || kind === 'end' ? kind : null;
  }

  /** Per system, the exported animation a loop-continuous system shows at `timeSecs` and the
   * time into it (null: one-shot, playing its animation at `timeSecs`). */
  animationsAt(timeSecs: number): (AnimationAt | null)[] {
    const json = this.life.optional((e) => e.animationsAt(timeSecs), '[]');
    return JSON.parse(json) as (AnimationAt | null)[];
  }

  /**
   * Plays `dtSecs` on the core's clock (the loop repeats seamlessly; with `playEnd` it runs on
   * into the end; past the length, at least `minLengthSecs`, back to 0); true when it restarted.
   */
  play(dtSecs: number, minLengthSecs: number, playEnd: boolean): boolean {
    const restarted = this.life.optional((e) => e.play(dtSecs, minLengthSecs, playEnd), false);
    this.journal.timeSecs = this.timeSecs();
    return restarted;
  }

  /** Draws a frame. */
  render(): void {
    this.life.optional((e) => e.render(), undefined);
  }

  /**
   * Draws a frame without the grid (what the particles alone look like: the compare view's pixel
   * modes measure it against the Spine runtime's drawing, which has no grid), the grid setting
   * kept for the next frame.
   */
  renderWithoutGrid(): void {
    const grid = this.journal.grid;
    if (grid) this.life.optional((e) => e.setGrid(false), undefined);
    try {
      this.render();
    } finally {
      if (grid) this.life.optional((e) => e.setGrid(true), undefined);
    }
  }

  /** Resizes the drawing buffer. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    this.journal.size = [cssWidth, cssHeight, dpr];
    this.life.optional((e) => e.resize(cssWidth, cssHeight, dpr), undefined);
  }

  /** Scene pixel at the canvas centre, and zoom. */
  setView(panX: number, panY: number, zoom: number): void {
    this.journal.view = [panX, panY, zoom];
    this.life.optional((e) => e.setView(panX, panY, zoom), undefined);
  }

  /** Grid on or off. */
  setGrid(on: boolean): void {
    this.journal.grid = on;
    this.life.optional((e) => e.setGrid(on), undefined);
  }

  /** Collider and path outlines on or off (each object's own eye still hides it). */
  setObjectOutlines(on: boolean): void {
    this.journal.objectOutlines = on;
    this.life.optional((e) => e.setObjectOutlines(on), undefined);
  }

  /** Background colour `#rrggbb`. */
  setBackground(hex: string): void {
    this.journal.background = hex;
    this.life.optional((e) => e.setBackground(hex), undefined);
  }

  /** Registers an image (straight-alpha RGBA8) under a scene path. */
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void {
    this.life.optional((e) => e.addImage(path, width, height, rgba), undefined, true);
    this.journal.images.set(path, { width, height, rgba });
  }

  /** Forgets an image. */
  removeImage(path: string): void {
    this.journal.images.delete(path);
    this.life.optional((e) => e.removeImage(path), undefined);
  }

  /** Pixels of a user image given to the Editor, or null. */
  imageData(path: string): ImagePixels | null {
    return this.journal.images.get(path) ?? null;
  }

  /** Paths of the user images the Editor holds. */
  imagePaths(): string[] {
    return [...this.journal.images.keys()].sort();
  }

  /** Live statistics, or null before {@link attach}. */
  stats(): EditorStats | null {
    const text = this.life.optional((e) => e.stats(), null);
    return text === null ? null : (JSON.parse(text) as EditorStats);
  }

  // ---- vertex clips (web/skeleton/): throw EngineCrash while there is no Editor ---------------

  /** Uploads a baked vertex clip (see web/skeleton/spine/clip.ts); returns its id. */
  addVertexClip(
    name: string,
    fps: number,
    uvs: Float32Array,
    indices: Uint32Array,
    topologies: Uint32Array,
    frames: Uint32Array,
    positions: Float32Array,
    draws: Uint32Array,
    drawColors: Float32Array,
    optionsJson: string,
  ): number {
    return this.life.required((e) => e.addVertexClip(name, fps, uvs, indices, topologies, frames, positions, draws, drawColors, optionsJson));
  }

  /** Removes a vertex clip; false when there was none. */
  removeVertexClip(id: number): boolean {
    return this.life.required((e) => e.removeVertexClip(id));
  }

  /** Replaces every clip instance (13 numbers each, web/skeleton/spine/clip.ts `writeInstance`). */
  setClipInstanceArray(values: Float64Array): void {
    this.life.required((e) => e.setClipInstanceArray(values));
  }

  // ---- MS3D model files (web/models/objects.ts): throw EngineCrash while there is no Editor ----
  // The model objects themselves come with the scene (`models[]`) and are posed at its time.

  /** Parses, bakes and uploads a model file under its content key: the `AddedModel` JSON. */
  addModel(key: string, name: string, bytes: Uint8Array, optionsJson: string): string {
    return this.life.required((e) => e.addModel(key, name, bytes, optionsJson));
  }

  /** The clips of a loaded model file with the file's markers (JSON `ModelClipInfo[]`). */
  modelClips(key: string): string {
    return this.life.required((e) => e.modelClips(key));
  }

  /** Forgets a model file; false when it was not loaded. */
  removeModel(key: string): boolean {
    return this.life.required((e) => e.removeModel(key));
  }

  /** Markers crossed since the previous call (JSON `MarkerEvent[]`). */
  modelEvents(): string {
    return this.life.required((e) => e.modelEvents());
  }

  /** Model files loaded and objects drawn (JSON `ModelStats`). */
  modelStats(): string {
    return this.life.required((e) => e.modelStats());
  }
}
