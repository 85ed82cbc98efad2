// The facade's pure functions: the calls into the wasm module that need no Editor and work
// before `attach` (scene validation, the field schema, curves, the frame rule, collider and path
// geometry, hashes, the Spine export, skeleton reading, the simulation benchmark). `Engine`
// (engine.ts) extends this class and is the only one to: the module stays behind the one facade,
// and these calls share its crash recovery (a trap re-instantiates the module, lifecycle.ts).

import type { BoneTrackJson, BuiltinTexture, CurveKey, ExportResult, FieldSchema, ObjectHit, ObjectOutlines } from '../generated/contract';
import { EditorJournal } from './journal';
import { EditorLifecycle } from './lifecycle';
import type { WasmLoader, WasmModule } from './wasm-api';

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

/** The pure functions of the facade (`Engine`, engine.ts; see the file comment). */
export abstract class EngineFunctions {
  /** What the Editor was given (engine.ts records it; the export reads the bone tracks). */
  protected readonly journal = new EditorJournal();
  /** The module, its Editor and their recovery. */
  protected readonly life: EditorLifecycle;
  private schema: FieldSchema | null = null;

  protected constructor(module: WasmModule, loader: WasmLoader) {
    this.life = new EditorLifecycle(module, loader, this.journal);
  }

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
}
