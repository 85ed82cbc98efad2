// The shape of the wasm-bindgen module web/pkg/sp_wasm.js (CONTRACTS.md, "wasm boundary").
// Only web/engine.ts and web/wasm-loader.ts use it; everything else goes through the facade.

/** Renderer requested from `Editor.create`. */
export type RendererRequest = 'auto' | 'webgpu' | 'webgl2';
/** Renderer tier actually running. */
export type RendererTier = 'WebGPU' | 'WebGL2';

/** The wasm `Editor` instance. */
export interface WasmEditor {
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
  /** Bone tracks of following systems (`{tracks: [...]}`, see web/skeleton/follow-track.ts). */
  setFollowTracks(tracksJson: string): void;
  stats(): string;
  free(): void;
  /** The canvas drawn on: the Editor may replace the given one by a fresh clone (WebGL2 fallback). */
  canvas?: () => HTMLCanvasElement;
}

/** The wasm module after initialisation. */
export interface WasmModule {
  Editor: { create(canvas: HTMLCanvasElement, renderer: RendererRequest): Promise<WasmEditor> };
  normalizeScene(json: string): string;
  defaultScene(): string;
  builtinTextures(): string;
  simHash(sceneJson: string, timeSecs: number, fps: number): string;
  benchSim(liveParticles: number, steps: number): number;
  exportSpine?: (sceneJson: string, imagesJson: string, followJson?: string) => string;
  skelInfo?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => string;
  skelRepair?: (bytes: Uint8Array, atlas?: Uint8Array | null, legacyCharset?: string | null) => unknown;
}

/** Loads a fresh, initialised module instance; `generation` > 0 must give a new instance. */
export type WasmLoader = (generation: number) => Promise<WasmModule>;
