// The ONE facade over the wasm module: every call into Rust from the page goes through a typed
// method here. It owns the module instance and the Editor, records what the Editor was given
// (journal.ts), and recovers from a Rust panic: a `WebAssembly.RuntimeError` from any call
// re-instantiates the module, recreates the Editor on a fresh canvas, replays the journal, calls
// the `onRebuild` hooks (models, skeleton clips) and reports the crash to `onCrash` listeners.

import { crashText, EngineCrash, isWasmTrap } from './crash';
import { EditorJournal, type ImagePixels } from './journal';
import type { RendererRequest, RendererTier, WasmEditor, WasmLoader, WasmModule } from './wasm-api';

export type { RendererRequest, RendererTier } from './wasm-api';
export { EngineCrash } from './crash';

/** Live statistics of the Editor. */
export interface EngineStats {
  liveParticles: number;
  systems: { live: number }[];
  frameCpuMs: number;
  /** Renderer rebuilds after a lost GPU context. */
  rebuilds?: number;
  /** Time of the last `render()`, ms. */
  renderMs?: number;
  /** Draw calls of the last frame. */
  drawCalls?: number;
  /** Clip instances drawn in the last frame. */
  clipInstances?: number;
}

/** Built-in texture description. */
export interface BuiltinTexture {
  name: string;
  width: number;
  height: number;
}

/**
 * Called with each fresh Editor after a crash, once the journal is replayed and before the page
 * uses it. `restored` is false when the Editor came back empty (the scene itself, or a hook,
 * trapped again): state that could not be restored should then be forgotten. A trap thrown by
 * a hook makes the recovery start again without the scene.
 */
export type RebuildHook = (editor: WasmEditor, restored: boolean) => void;

/** Renderer forced by `?renderer=webgpu|webgl2` in a location search string (else auto). */
export function rendererFromQuery(search: string): RendererRequest {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgl2' || value === 'webgpu' ? value : 'auto';
}

/** Facade over the wasm module and its Editor. */
export class Engine {
  private module: WasmModule;
  private generation = 0;
  private readonly loader: WasmLoader;
  private editor: WasmEditor | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private rendererRequest: RendererRequest = 'auto';
  private replaceCanvas: ((old: HTMLCanvasElement) => HTMLCanvasElement) | null = null;
  private recovering: Promise<void> | null = null;
  private readonly crashListeners = new Set<(message: string, recovered: boolean) => void>();
  private readonly rebuildHooks = new Set<RebuildHook>();
  private readonly journal = new EditorJournal();
  /** Number of crashes recovered so far. */
  crashes = 0;

  private constructor(module: WasmModule, loader: WasmLoader) {
    this.module = module;
    this.loader = loader;
  }

  /** Loads the module (no Editor yet). */
  static async load(loader: WasmLoader): Promise<Engine> {
    return new Engine(await loader(0), loader);
  }

  /** Called after every crash with its message, and whether the Editor came back. */
  onCrash(listener: (message: string, recovered: boolean) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /** Registers a {@link RebuildHook}; returns its removal. */
  onRebuild(hook: RebuildHook): () => void {
    this.rebuildHooks.add(hook);
    return () => this.rebuildHooks.delete(hook);
  }

  /** Resolves when no recovery is in progress. */
  async settled(): Promise<void> {
    while (this.recovering !== null) await this.recovering;
  }

  // ---- pure functions --------------------------------------------------------------------

  /** Validates and normalises a scene document (throws an Error naming the field path). */
  normalizeScene(json: string): string {
    return this.call((m) => m.normalizeScene(json));
  }

  /** The default scene JSON. */
  defaultScene(): string {
    return this.call((m) => m.defaultScene());
  }

  /** Built-in textures. */
  builtinTextures(): BuiltinTexture[] {
    return JSON.parse(this.call((m) => m.builtinTextures())) as BuiltinTexture[];
  }

  /** Hash of every particle state at every frame up to `timeSecs`. */
  simHash(sceneJson: string, timeSecs: number, fps: number): string {
    return this.call((m) => m.simHash(sceneJson, timeSecs, fps));
  }

  /** Simulation cost, ns per particle-step. */
  benchSim(liveParticles: number, steps: number): number {
    return this.call((m) => m.benchSim(liveParticles, steps));
  }

  /** Whether the Spine exporter is compiled in. */
  get canExport(): boolean {
    return typeof this.module.exportSpine === 'function';
  }

  /** Spine export: JSON `{json, report}`; throws on failure. `followJson` defaults to the tracks the Editor follows. */
  exportSpine(sceneJson: string, imagesJson: string, followJson: string = this.journal.followJson): string {
    return this.call((m) => {
      if (m.exportSpine === undefined) throw new Error('this build has no Spine exporter');
      return m.exportSpine(sceneJson, imagesJson, followJson);
    });
  }

  /** Spine skeleton header (JSON); throws with the reader's message. */
  skelInfo(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): string {
    return this.call((m) => {
      if (m.skelInfo === undefined) throw new Error('this build has no skeleton reader');
      return m.skelInfo(bytes, atlas ?? null, legacyCharset ?? null);
    });
  }

  /** Spine skeleton repair (wasm `SkelRepairResult`); throws with the reader's message. */
  skelRepair(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): unknown {
    return this.call((m) => {
      if (m.skelRepair === undefined) throw new Error('this build has no skeleton repair');
      return m.skelRepair(bytes, atlas ?? null, legacyCharset ?? null);
    });
  }

  // ---- editor ------------------------------------------------------------------------------

  /**
   * Creates the Editor on `canvas`. `replaceCanvas` puts a fresh canvas in place of a crashed
   * one (a GPU context cannot always be re-taken on the same element) and returns it.
   */
  async attach(
    canvas: HTMLCanvasElement,
    renderer: RendererRequest,
    replaceCanvas: (old: HTMLCanvasElement) => HTMLCanvasElement,
  ): Promise<void> {
    this.canvas = canvas;
    this.rendererRequest = renderer;
    this.replaceCanvas = replaceCanvas;
    this.editor = await this.module.Editor.create(canvas, renderer);
    this.canvas = this.editor.canvas?.() ?? canvas;
  }

  /** The canvas the Editor draws on (changes after a crash). */
  get currentCanvas(): HTMLCanvasElement | null {
    return this.canvas;
  }

  /** Active renderer tier, or null before {@link attach}. */
  rendererTier(): RendererTier | null {
    const tier = this.editorCall((e) => e.rendererTier(), null);
    return tier === 'WebGPU' || tier === 'WebGL2' ? tier : null;
  }

  /** Sets the scene (full normalised document); throws on an invalid document. */
  setScene(json: string): void {
    this.editorCall((e) => e.setScene(json), undefined, true);
    this.journal.sceneJson = json;
  }

  /**
   * Sets the bone tracks that following systems follow (web/skeleton/spine/follow-track.ts);
   * throws naming the bad field, keeping the previous tracks.
   */
  setFollowTracks(json: string): void {
    this.editorCall((e) => e.setFollowTracks(json), undefined, true);
    this.journal.followJson = json;
  }

  /** The bone tracks last given to {@link setFollowTracks} (`''`: none). */
  followTracks(): string {
    return this.journal.followJson;
  }

  /** Seeks to `timeSecs` (exact). */
  setTime(timeSecs: number): void {
    this.journal.timeSecs = timeSecs;
    this.editorCall((e) => e.setTime(timeSecs), undefined);
  }

  /** Plays forward by `dtSecs`. */
  advance(dtSecs: number): void {
    this.editorCall((e) => e.advance(dtSecs), undefined);
    this.journal.timeSecs = this.timeSecs();
  }

  /** Current simulation time. */
  timeSecs(): number {
    return this.editorCall((e) => e.timeSecs(), this.journal.timeSecs);
  }

  /** Draws a frame. */
  render(): void {
    this.editorCall((e) => e.render(), undefined);
  }

  /** Resizes the drawing buffer. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    this.journal.size = [cssWidth, cssHeight, dpr];
    this.editorCall((e) => e.resize(cssWidth, cssHeight, dpr), undefined);
  }

  /** Scene pixel at the canvas centre, and zoom. */
  setView(panX: number, panY: number, zoom: number): void {
    this.journal.view = [panX, panY, zoom];
    this.editorCall((e) => e.setView(panX, panY, zoom), undefined);
  }

  /** Grid on or off. */
  setGrid(on: boolean): void {
    this.journal.grid = on;
    this.editorCall((e) => e.setGrid(on), undefined);
  }

  /** Background colour `#rrggbb`. */
  setBackground(hex: string): void {
    this.journal.background = hex;
    this.editorCall((e) => e.setBackground(hex), undefined);
  }

  /** Registers an image (straight-alpha RGBA8) under a scene path. */
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void {
    this.editorCall((e) => e.addImage(path, width, height, rgba), undefined, true);
    this.journal.images.set(path, { width, height, rgba });
  }

  /** Forgets an image. */
  removeImage(path: string): void {
    this.journal.images.delete(path);
    this.editorCall((e) => e.removeImage(path), undefined);
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
  stats(): EngineStats | null {
    const text = this.editorCall((e) => e.stats(), null);
    return text === null ? null : (JSON.parse(text) as EngineStats);
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
    return this.required((e) => e.addVertexClip(name, fps, uvs, indices, topologies, frames, positions, draws, drawColors, optionsJson));
  }

  /** Removes a vertex clip; false when there was none. */
  removeVertexClip(id: number): boolean {
    return this.required((e) => e.removeVertexClip(id));
  }

  /** Replaces every clip instance (13 numbers each, web/skeleton/spine/clip.ts `writeInstance`). */
  setClipInstanceArray(values: Float64Array): void {
    this.required((e) => e.setClipInstanceArray(values));
  }

  // ---- MS3D models (web/models/store.ts): throw EngineCrash while there is no Editor ----------

  /** Parses, bakes and uploads a model: the `addModel` JSON. */
  addModel(name: string, bytes: Uint8Array, optionsJson: string): string {
    return this.required((e) => e.addModel(name, bytes, optionsJson));
  }

  /** The clips of a model with their markers (JSON). */
  modelClips(modelId: number): string {
    return this.required((e) => e.modelClips(modelId));
  }

  /** Removes a model and its instances. */
  removeModel(modelId: number): void {
    this.required((e) => e.removeModel(modelId));
  }

  /** Adds a playing instance; returns its id. */
  addModelInstance(modelId: number, clip: number, x: number, y: number, rotationDeg: number, scale: number, speed: number, looping: boolean): number {
    return this.required((e) => e.addModelInstance(modelId, clip, x, y, rotationDeg, scale, speed, looping));
  }

  /** Changes an instance. */
  setModelInstance(instanceId: number, modelId: number, clip: number, x: number, y: number, rotationDeg: number, scale: number, speed: number, looping: boolean, playing: boolean): void {
    this.required((e) => e.setModelInstance(instanceId, modelId, clip, x, y, rotationDeg, scale, speed, looping, playing));
  }

  /** Removes an instance; false when there was none. */
  removeModelInstance(instanceId: number): boolean {
    return this.required((e) => e.removeModelInstance(instanceId));
  }

  /** Places a marker on a 1-based model frame of a clip. */
  addMarker(modelId: number, clip: number, name: string, frame: number): void {
    this.required((e) => e.addMarker(modelId, clip, name, frame));
  }

  /** Removes marker `index` of a clip. */
  removeMarker(modelId: number, clip: number, index: number): void {
    this.required((e) => e.removeMarker(modelId, clip, index));
  }

  /** Markers crossed since the previous call (JSON). */
  modelEvents(): string {
    return this.required((e) => e.modelEvents());
  }

  // ---- crash handling --------------------------------------------------------------------

  private call<T>(f: (m: WasmModule) => T): T {
    if (this.recovering !== null) throw new EngineCrash('the engine is restarting after a crash');
    try {
      return f(this.module);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashText(e));
      }
      throw e;
    }
  }

  /** Calls the Editor; throws EngineCrash when there is none (or after starting a recovery). */
  private required<T>(f: (e: WasmEditor) => T): T {
    const editor = this.editor;
    if (editor === null || this.recovering !== null) throw new EngineCrash('the editor is not running');
    try {
      return f(editor);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashText(e));
      }
      throw e;
    }
  }

  /** Calls the Editor; `fallback` while there is none. Non-trap errors propagate only if `rethrow`. */
  private editorCall<T>(f: (e: WasmEditor) => T, fallback: T, rethrow = false): T {
    const editor = this.editor;
    if (editor === null || this.recovering !== null) return fallback;
    try {
      return f(editor);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        if (rethrow) throw new EngineCrash(crashText(e));
        return fallback;
      }
      if (rethrow) throw e;
      return fallback;
    }
  }

  private startRecovery(cause: unknown): void {
    if (this.recovering !== null) return;
    const message = crashText(cause);
    this.crashes += 1;
    // The dead Editor's memory belongs to the dead instance: never touch it again.
    this.editor = null;
    this.recovering = this.recover()
      .then(
        () => this.notify(message, true),
        (e: unknown) => this.notify(`${message}; restart failed: ${crashText(e)}`, false),
      )
      .finally(() => {
        this.recovering = null;
      });
  }

  private async recover(): Promise<void> {
    try {
      await this.rebuild(true);
    } catch (e) {
      if (!isWasmTrap(e)) throw e;
      // The scene (or a model) itself brings the module down: come back with an empty Editor.
      this.journal.sceneJson = null;
      await this.rebuild(false);
    }
  }

  private async rebuild(withScene: boolean): Promise<void> {
    this.generation += 1;
    this.module = await this.loader(this.generation);
    if (this.canvas === null || this.replaceCanvas === null) return;
    this.canvas = this.replaceCanvas(this.canvas);
    const editor = await this.module.Editor.create(this.canvas, this.rendererRequest);
    this.canvas = editor.canvas?.() ?? this.canvas;
    this.journal.replay(editor, withScene);
    for (const hook of this.rebuildHooks) hook(editor, withScene);
    this.editor = editor;
  }

  private notify(message: string, recovered: boolean): void {
    for (const listener of this.crashListeners) listener(message, recovered);
  }
}
