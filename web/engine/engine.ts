// The ONE facade over the wasm module: every call into Rust from the page goes through a typed
// method here. It records what the Editor was given (journal.ts) and leaves the module's life to
// lifecycle.ts: a Rust panic in any call re-instantiates the module, recreates the Editor on a
// fresh canvas, replays the journal, calls the `onRebuild` hooks (models, skeleton clips) and
// reports the crash to `onCrash` listeners. Pure functions work before `attach`; Editor methods
// wait for it (scene and view calls do nothing meanwhile, clip and model calls throw
// `EngineCrash`).

import type { AnimationAt, BoneTrackJson, BuiltinTexture, CurveKey, EditorStats, EffectExtent, ExportResult, FieldSchema, ObjectHit, ObjectOutlines, SegmentKind, TimelineInfo } from '../generated/contract';
import { EditorJournal, type ImagePixels } from './journal';
import { EditorLifecycle, type RebuildHook } from './lifecycle';
import type { RendererRequest, RendererTier, WasmLoader, WasmModule } from './wasm-api';

export type { RendererRequest, RendererTier } from './wasm-api';
export { EngineCrash } from './crash';
export type { AnimationAt, BuiltinTexture, EditorStats, SegmentKind, TimelineInfo } from '../generated/contract';
export type { RebuildHook } from './lifecycle';

/**
 * The core's `Timebase.stepsCovering` (sp_sim::time: `max(0, ⌈d·fps − 1e-9⌉)`, frame steps
 * until the last frame at `fps` reaches `durationSecs`) of module `m`: the one frame rule of
 * baked clips (web/skeleton/spine/bake.ts `StepsCovering`). Throws unless `fps` is finite and
 * above 0.
 */
export function stepsCoveringOf(m: WasmModule): (durationSecs: number, fps: number) => number {
  return (durationSecs, fps) => withTimebase(m, fps, (timebase) => timebase.stepsCovering(durationSecs));
}

/** `f` of module `m`'s `Timebase` at `fps` (freed after; throws unless `fps` is finite and above 0). */
function withTimebase<T>(m: WasmModule, fps: number, f: (timebase: InstanceType<WasmModule['Timebase']>) => T): T {
  const timebase = new m.Timebase(fps);
  try {
    return f(timebase);
  } finally {
    timebase.free();
  }
}

/** Renderer forced by `?renderer=webgpu|webgl2` in a location search string (else auto). */
export function rendererFromQuery(search: string): RendererRequest {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgl2' || value === 'webgpu' ? value : 'auto';
}

/** Facade over the wasm module and its Editor. */
export class Engine {
  private readonly journal = new EditorJournal();
  private readonly life: EditorLifecycle;
  private schema: FieldSchema | null = null;
  /** {@link timeline} of the current scene and tracks (dropped when either changes). */
  private timelineCache: TimelineInfo | null = null;

  private constructor(module: WasmModule, loader: WasmLoader) {
    this.life = new EditorLifecycle(module, loader, this.journal);
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

  // ---- pure functions --------------------------------------------------------------------

  /** Validates and normalises a scene document (throws an Error naming the field path). */
  normalizeScene(json: string): string {
    return this.life.call((m) => m.normalizeScene(json));
  }

  /** The default scene JSON. */
  defaultScene(): string {
    return this.life.call((m) => m.defaultScene());
  }

  /** Built-in textures. */
  builtinTextures(): BuiltinTexture[] {
    return JSON.parse(this.life.call((m) => m.builtinTextures())) as BuiltinTexture[];
  }

  /** Straight-alpha RGBA8 pixels of the built-in texture `name` (null: unknown, or a build without them). */
  builtinTexturePixels(name: string): Uint8Array | null {
    return this.life.call((m) => m.builtinTexturePixels?.(name) ?? null);
  }

  /**
   * The frame showing at `timeSecs` at `fps`: the core's `Timebase.frameOf` (sp_sim::time,
   * ⌊t·fps + 1e-9⌋, 0 for negative times); null while the module restarts after a crash (the
   * read-out is drawn every frame). Throws unless `fps` is finite and above 0.
   */
  frameAt(timeSecs: number, fps: number): number | null {
    return this.life.callOr<number | null>((m) => withTimebase(m, fps, (timebase) => timebase.frameOf(timeSecs)), null);
  }

  /** Frame steps at `fps` until the last frame reaches `durationSecs`: {@link stepsCoveringOf} (throws while the module restarts). */
  stepsCovering(durationSecs: number, fps: number): number {
    return this.life.call((m) => stepsCoveringOf(m)(durationSecs, fps));
  }

  /**
   * The scene position of a bone track at scene time `timeSecs`: the core's
   * `BoneTrack::position_at` (sp_sim::sim::follow), the function the preview and the export
   * evaluate; null while the module restarts after a crash (the marker is drawn every frame).
   */
  boneTrackPositionAt(track: BoneTrackJson, timeSecs: number): [number, number] | null {
    const flat = new Float32Array(2 * track.points.length);
    track.points.forEach(([x, y], i) => flat.set([x, y], 2 * i));
    const at = this.life.callOr((m) => m.boneTrackPositionAt(flat, track.sampleFps, track.loop ?? false, timeSecs), null);
    return at === null ? null : [at[0], at[1]];
  }

  /**
   * The content key of byte strings (FNV-1a 64 over each one's length and bytes, 16 hex
   * digits): the core's `sp_sim::sim::content_hash`, read by the module in 1 MiB chunks.
   */
  contentHash(parts: readonly Uint8Array[]): string {
    return this.life.call((m) => m.contentHash([...parts]));
  }

  /** Every editable field of the document with its kind, unit, limits, step and default. */
  fieldSchema(): FieldSchema {
    this.schema ??= JSON.parse(this.life.call((m) => m.fieldSchema())) as FieldSchema;
    return this.schema;
  }

  /**
   * `n` values of the curve `keys` at normalised lives `i/(n − 1)`, evaluated by the core
   * (`Curve::sample`): what the curve editor draws; null while the module restarts.
   */
  sampleCurve(keys: readonly CurveKey[], n: number): Float32Array | null {
    const json = JSON.stringify(keys);
    return this.life.callOr<Float32Array | null>((m) => m.sampleCurve(json, n), null);
  }

  /**
   * The outlines of the scene's colliders and the curves of its paths, scene pixels, as the
   * simulation sees them (closed shapes repeat their first point); null while the module restarts.
   */
  objectOutlines(sceneJson: string): ObjectOutlines | null {
    const json = this.life.callOr<string | null>((m) => m.objectOutlines(sceneJson), null);
    return json === null ? null : (JSON.parse(json) as ObjectOutlines);
  }

  /**
   * The visible collider or path part within `radiusPx` scene pixels of scene point `(x, y)`
   * (Bézier handles, then points and centres, then lines), or null.
   */
  hitObject(sceneJson: string, x: number, y: number, radiusPx: number): ObjectHit | null {
    const json = this.life.callOr((m) => m.hitObject(sceneJson, x, y, radiusPx), 'null');
    return JSON.parse(json) as ObjectHit | null;
  }

  /** Hash of every particle state at every frame up to `timeSecs`. */
  simHash(sceneJson: string, timeSecs: number, fps: number): string {
    return this.life.call((m) => m.simHash(sceneJson, timeSecs, fps));
  }

  /**
   * Simulation cost, ns per particle-step; with `forces` (only when {@link benchSimTakesForces})
   * ns per particle per grid step of the integrated motion with turbulence + vortex + attractor.
   */
  benchSim(liveParticles: number, steps: number, forces = false): number {
    if (forces && !this.benchSimTakesForces) throw new Error('this wasm build has no forces in benchSim (the motion model is not in it)');
    return this.life.call((m) => (forces ? m.benchSim(liveParticles, steps, true) : m.benchSim(liveParticles, steps)));
  }

  /** Whether the wasm `benchSim` takes the `forces` flag (a build with the motion model). */
  get benchSimTakesForces(): boolean {
    return this.life.loaded.benchSim.length >= 3;
  }

  /** Whether the Spine exporter is compiled in. */
  get canExport(): boolean {
    return typeof this.life.loaded.exportSpine === 'function';
  }

  /** Spine export: the skeleton's text and the report; throws on failure. `followJson` defaults to the tracks the Editor follows. */
  exportSpine(sceneJson: string, imagesJson: string, followJson: string = this.journal.followJson): ExportResult {
    return this.life.call((m) => m.exportSpine(sceneJson, imagesJson, followJson));
  }

  /** Spine skeleton header (JSON); throws with the reader's message. */
  skelInfo(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): string {
    return this.life.call((m) => m.skelInfo(bytes, atlas ?? null, legacyCharset ?? null));
  }

  /** Spine skeleton repair (wasm `SkelRepairResult`); throws with the reader's message. */
  skelRepair(bytes: Uint8Array, atlas: Uint8Array | undefined, legacyCharset: string | undefined): unknown {
    return this.life.call((m) => m.skelRepair(bytes, atlas ?? null, legacyCharset ?? null));
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
