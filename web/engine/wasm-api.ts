// The shape of the wasm-bindgen module web/pkg/sp_wasm.js, written by hand until the contract step
// types it from wasm-bindgen's own sp_wasm.d.ts. Only web/engine/ uses it (and the model store's
// crash replay, which receives a fresh Editor); everything else goes through the facade.

/** Renderer requested from `Editor.create`. */
export type RendererRequest = 'auto' | 'webgpu' | 'webgl2';
/** Renderer tier actually running. */
export type RendererTier = 'WebGPU' | 'WebGL2';

/** The clip methods of the wasm `Editor` (crates/sp-wasm/src/clips_api.rs). */
export interface WasmClipEditor {
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
  ): number;
  removeVertexClip(id: number): boolean;
  /** Replaces every clip instance: 13 numbers each (web/skeleton/spine/clip.ts `writeInstance`). */
  setClipInstanceArray(values: Float64Array): void;
}

/** The model methods of the wasm `Editor` (crates/sp-wasm/src/ms3d/editor_api.rs). */
export interface WasmModelEditor {
  addModel(name: string, bytes: Uint8Array, optionsJson: string): string;
  modelClips(modelId: number): string;
  removeModel(modelId: number): void;
  addModelInstance(modelId: number, clip: number, x: number, y: number, rotationDeg: number, scale: number, speed: number, looping: boolean): number;
  setModelInstance(instanceId: number, modelId: number, clip: number, x: number, y: number, rotationDeg: number, scale: number, speed: number, looping: boolean, playing: boolean): void;
  removeModelInstance(instanceId: number): boolean;
  modelInstances(): string;
  addMarker(modelId: number, clip: number, name: string, frame: number): void;
  removeMarker(modelId: number, clip: number, index: number): void;
  modelEvents(): string;
  modelStats(): string;
}

/** The scene and view methods of the wasm `Editor`. */
export interface WasmSceneEditor {
  rendererTier(): string;
  setScene(sceneJson: string): void;
  setTime(timeSecs: number): void;
  advance(dtSecs: number): void;
  timeSecs(): number;
  render(): void;
  resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): void;
  setView(panX: number, panY: number, zoom: number): void;
  setGrid(on: boolean): void;
  setBackground(hex: string): void;
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void;
  removeImage(path: string): void;
  /** Bone tracks of following systems (`{tracks: [...]}`, see web/skeleton/spine/follow-track.ts). */
  setFollowTracks(tracksJson: string): void;
  stats(): string;
  free(): void;
  /** The canvas drawn on: the Editor may replace the given one by a fresh clone (WebGL2 fallback). */
  canvas?: () => HTMLCanvasElement;
}

/** The wasm `Editor` instance: scene and view, vertex clips, MS3D models. */
export type WasmEditor = WasmSceneEditor & WasmClipEditor & WasmModelEditor;

/** The wasm module after initialisation. */
export interface WasmModule {
  Editor: { create(canvas: HTMLCanvasElement, renderer: RendererRequest): Promise<WasmEditor> };
  normalizeScene(json: string): string;
  defaultScene(): string;
  builtinTextures(): string;
  simHash(sceneJson: string, timeSecs: number, fps: number): string;
  /** The editor timeline's length for a scene, seconds (sp_sim::time::timeline_length_secs). */
  timelineLength(sceneJson: string): number;
  /** The document's field schema as JSON (sp_sim::document::schema). */
  fieldSchema(): string;
  benchSim(liveParticles: number, steps: number): number;
  exportSpine?: (sceneJson: string, imagesJson: string, followJson?: string) => string;
  skelInfo?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => string;
  skelRepair?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => unknown;
}

/** Loads a fresh, initialised module instance; `generation` > 0 must give a new instance. */
export type WasmLoader = (generation: number) => Promise<WasmModule>;
