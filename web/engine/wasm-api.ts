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
  /** The core's timeline (crates/sp-wasm/src/timeline_api.rs): JSON `TimelineInfo` (generated contract). */
  timelineInfo(): string;
  segmentAt(timeSecs: number): string | undefined;
  /** Per system `AnimationAt | null` (generated contract): the exported animation shown at `timeSecs` (JSON). */
  animationsAt(timeSecs: number): string;
  /** Plays `dtSecs` on the core's clock; true when it restarted at 0. */
  play(dtSecs: number, minLengthSecs: number, playEnd: boolean): boolean;
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

/** `Ms3dCpuSkinning`: every instance's vertices skinned on the CPU per frame (sp-wasm ms3d/cpu_skinning.rs). */
export interface WasmMs3dCpuSkinning {
  /** Skins instance i at clip-local time `timesSecs[i]` (looping); returns the vertices skinned. */
  frame(timesSecs: Float64Array): number;
  /** Vertices of the model. */
  vertexCount(): number;
  /** Duration of the clip, seconds. */
  durationSecs(): number;
  /** Sum of every skinned x so far (keeps the work observable). */
  checksum(): number;
  free(): void;
}

/** The wasm module after initialisation. */
export interface WasmModule {
  Editor: { create(canvas: HTMLCanvasElement, renderer: RendererRequest): Promise<WasmEditor> };
  normalizeScene(json: string): string;
  defaultScene(): string;
  builtinTextures(): string;
  /** Straight RGBA8 pixels of a built-in texture (`undefined`: unknown name); absent from older builds. */
  builtinTexturePixels?: (name: string) => Uint8Array | undefined;
  simHash(sceneJson: string, timeSecs: number, fps: number): string;
  /** The core's clock (crates/sp-wasm/src/time.rs). */
  Timebase: new (fps: number) => { frameOf(timeSecs: number): number; free(): void };
  /** The document's field schema as JSON (sp_sim::document::schema). */
  fieldSchema(): string;
  /**
   * Simulation benchmark: ns per particle-step; with `forces` (a module built with the motion
   * model: `benchSim.length >= 3`) ns per particle per grid step with turbulence + vortex +
   * attractor. An older module ignores the third argument.
   */
  benchSim(liveParticles: number, steps: number, forces?: boolean): number;
  /** CPU skinning of MS3D instances (the playback benchmark's alternative; bench/bench-ms3d.ts). */
  Ms3dCpuSkinning?: new (bytes: Uint8Array, clip: number) => WasmMs3dCpuSkinning;
  exportSpine?: (sceneJson: string, imagesJson: string, followJson?: string) => string;
  skelInfo?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => string;
  skelRepair?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => unknown;
}

/** Loads a fresh, initialised module instance; `generation` > 0 must give a new instance. */
export type WasmLoader = (generation: number) => Promise<WasmModule>;
