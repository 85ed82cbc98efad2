// The ONE facade over the wasm module (CONTRACTS.md). It owns the module instance and the
// Editor, remembers what was given to the Editor (scene, images, view, size, time), and recovers
// from a Rust panic: a `WebAssembly.RuntimeError` from any call re-instantiates the module,
// recreates the Editor on a fresh canvas, re-applies everything (models through their store,
// skeleton pages as images; `onRebuild` hooks for the rest) and reports the crash.

import type { WasmModelEditor } from '../models/api';
import { ModelStore, type RestoreTarget } from '../models/store';
import type { RendererRequest, RendererTier, WasmEditor, WasmLoader, WasmModule } from './wasm-api';

export type { RendererRequest, RendererTier } from './wasm-api';

/** Live statistics of the Editor. */
export interface EngineStats {
  liveParticles: number;
  systems: { live: number }[];
  frameCpuMs: number;
}

/** Built-in texture description. */
export interface BuiltinTexture {
  name: string;
  width: number;
  height: number;
}

/** Thrown by a call that crashed the module (after recovery has been started). */
export class EngineCrash extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineCrash';
  }
}

interface ImageCopy {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Renderer forced by `?renderer=webgpu|webgl2` in a location search string (else auto). */
export function rendererFromQuery(search: string): RendererRequest {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgl2' || value === 'webgpu' ? value : 'auto';
}

/** True for the error a wasm trap (Rust panic, `unreachable`) raises. */
export function isWasmTrap(e: unknown): boolean {
  const RuntimeErrorCtor = (globalThis as { WebAssembly?: { RuntimeError?: unknown } }).WebAssembly
    ?.RuntimeError;
  return typeof RuntimeErrorCtor === 'function' && e instanceof (RuntimeErrorCtor as new () => Error);
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
  private readonly rebuildHooks = new Set<() => void>();
  // Everything the Editor was given, re-applied after a crash.
  private sceneJson: string | null = null;
  private followJson = '';
  private readonly images = new Map<string, ImageCopy>();
  private view: [number, number, number] = [0, 0, 1];
  private grid = true;
  private background = '#202028';
  private size: [number, number, number] | null = null;
  private lastTime = 0;
  /** Number of crashes recovered so far. */
  crashes = 0;
  /** The MS3D models and their instances, re-added to the new Editor after a crash. */
  readonly models: ModelStore;

  private constructor(module: WasmModule, loader: WasmLoader) {
    this.module = module;
    this.loader = loader;
    this.models = new ModelStore(
      (f) => this.withEditor((e) => f(e as WasmModelEditor)),
      (path) => this.images.get(path) ?? null,
    );
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

  /**
   * Called on every new Editor after a crash, once scene, images, view and models are restored
   * and before the page uses it (e.g. the skeletons forget the clip ids of the dead Editor).
   */
  onRebuild(hook: () => void): () => void {
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
  exportSpine(sceneJson: string, imagesJson: string, followJson: string = this.followJson): string {
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

  /**
   * Runs `f` on the live Editor (for panels that use Editor methods beyond the core contract,
   * e.g. MS3D models); throws when there is none. A trap starts the usual recovery.
   */
  withEditor<T>(f: (editor: unknown) => T): T {
    const editor = this.editor;
    if (editor === null || this.recovering !== null) throw new EngineCrash('the editor is not running');
    try {
      return f(editor);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashMessage(e));
      }
      throw e;
    }
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
    this.sceneJson = json;
  }

  /**
   * Sets the bone tracks that following systems follow (web/skeleton/follow-track.ts); throws
   * naming the bad field, keeping the previous tracks.
   */
  setFollowTracks(json: string): void {
    this.editorCall((e) => e.setFollowTracks(json), undefined, true);
    this.followJson = json;
  }

  /** The bone tracks last given to {@link setFollowTracks} (`''`: none). */
  followTracks(): string {
    return this.followJson;
  }

  /** Seeks to `timeSecs` (exact). */
  setTime(timeSecs: number): void {
    this.lastTime = timeSecs;
    this.editorCall((e) => e.setTime(timeSecs), undefined);
  }

  /** Plays forward by `dtSecs`. */
  advance(dtSecs: number): void {
    this.editorCall((e) => e.advance(dtSecs), undefined);
    this.lastTime = this.timeSecs();
  }

  /** Current simulation time. */
  timeSecs(): number {
    return this.editorCall((e) => e.timeSecs(), this.lastTime);
  }

  /** Draws a frame. */
  render(): void {
    this.editorCall((e) => e.render(), undefined);
  }

  /** Resizes the drawing buffer. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    this.size = [cssWidth, cssHeight, dpr];
    this.editorCall((e) => e.resize(cssWidth, cssHeight, dpr), undefined);
  }

  /** Scene pixel at the canvas centre, and zoom. */
  setView(panX: number, panY: number, zoom: number): void {
    this.view = [panX, panY, zoom];
    this.editorCall((e) => e.setView(panX, panY, zoom), undefined);
  }

  /** Grid on or off. */
  setGrid(on: boolean): void {
    this.grid = on;
    this.editorCall((e) => e.setGrid(on), undefined);
  }

  /** Background colour `#rrggbb`. */
  setBackground(hex: string): void {
    this.background = hex;
    this.editorCall((e) => e.setBackground(hex), undefined);
  }

  /** Registers an image (straight-alpha RGBA8) under a scene path. */
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void {
    this.editorCall((e) => e.addImage(path, width, height, rgba), undefined, true);
    this.images.set(path, { width, height, rgba });
  }

  /** Forgets an image. */
  removeImage(path: string): void {
    this.images.delete(path);
    this.editorCall((e) => e.removeImage(path), undefined);
  }

  /** Pixels of a user image given to the Editor, or null. */
  imageData(path: string): { width: number; height: number; rgba: Uint8Array } | null {
    return this.images.get(path) ?? null;
  }

  /** Paths of the user images the Editor holds. */
  imagePaths(): string[] {
    return [...this.images.keys()].sort();
  }

  /** Live statistics, or null before {@link attach}. */
  stats(): EngineStats | null {
    const text = this.editorCall((e) => e.stats(), null);
    return text === null ? null : (JSON.parse(text) as EngineStats);
  }

  // ---- crash handling --------------------------------------------------------------------

  private call<T>(f: (m: WasmModule) => T): T {
    if (this.recovering !== null) throw new EngineCrash('the engine is restarting after a crash');
    try {
      return f(this.module);
    } catch (e) {
      if (isWasmTrap(e)) {
        this.startRecovery(e);
        throw new EngineCrash(crashMessage(e));
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
        if (rethrow) throw new EngineCrash(crashMessage(e));
        return fallback;
      }
      if (rethrow) throw e;
      return fallback;
    }
  }

  private startRecovery(cause: unknown): void {
    if (this.recovering !== null) return;
    const message = crashMessage(cause);
    this.crashes += 1;
    const dead = this.editor;
    this.editor = null;
    this.recovering = this.recover(dead)
      .then(
        () => this.notify(message, true),
        (e: unknown) => this.notify(`${message}; restart failed: ${crashMessage(e)}`, false),
      )
      .finally(() => {
        this.recovering = null;
      });
  }

  private async recover(dead: WasmEditor | null): Promise<void> {
    void dead; // its memory belongs to the dead instance: never touch it again
    try {
      await this.rebuild(true);
    } catch (e) {
      if (!isWasmTrap(e)) throw e;
      // The scene (or a model) itself brings the module down: come back with an empty Editor.
      this.sceneJson = null;
      this.models.forgetAll('the engine restarted without its models after a second crash');
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
    if (this.size !== null) editor.resize(...this.size);
    editor.setView(...this.view);
    editor.setGrid(this.grid);
    editor.setBackground(this.background);
    for (const [path, img] of this.images) editor.addImage(path, img.width, img.height, img.rgba);
    if (this.followJson !== '') editor.setFollowTracks(this.followJson);
    if (withScene && this.sceneJson !== null) {
      try {
        editor.setScene(this.sceneJson);
      } catch (e) {
        if (isWasmTrap(e)) throw e;
        this.sceneJson = null;
      }
    }
    editor.setTime(this.lastTime);
    if (withScene && typeof (editor as Partial<WasmModelEditor>).addModel === 'function') {
      this.models.restore(editor as unknown as RestoreTarget, (path) => this.images.has(path));
    }
    for (const hook of this.rebuildHooks) hook();
    this.editor = editor;
  }

  private notify(message: string, recovered: boolean): void {
    for (const listener of this.crashListeners) listener(message, recovered);
  }
}

function crashMessage(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
