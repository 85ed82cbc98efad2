// What the model panel needs from the page (ModelApi) and the JSON shapes of the wasm model
// methods (crates/sp-wasm/src/ms3d/editor_api.rs). web/models/store.ts implements the API over
// the engine facade, so wasm traps start its recovery and models survive it.

/** Counts of a loaded model. */
export interface ModelCounts {
  vertices: number;
  triangles: number;
  groups: number;
  materials: number;
  joints: number;
}

/** One clip as `addModel`/`modelClips` describe it. */
export interface ModelClipInfo {
  name: string;
  frames: number;
  fps: number;
  durationSecs: number;
  startFrame: number;
  endFrame: number;
  bytesPerFrame?: number;
  bytesTotal?: number;
  markers?: { name: string; frame: number }[];
}

/** The JSON `addModel` returns. */
export interface AddedModel {
  id: number;
  name: string;
  counts: ModelCounts;
  clips: ModelClipInfo[];
  memory: { encoding: string; bytesPerVertexPerFrame: number; bytesPerFrame: number; bytesTotal: number };
  pixelsPerUnit: number;
  groups: { name: string; material: number | null; texture: string | null; image: string | null; color: number[] }[];
  warnings: string[];
}

/** A marker crossed during playback. */
export interface MarkerEvent {
  instance: number;
  model: number;
  clip: string;
  marker: string;
}

/** Instance placement and playback. */
export interface InstanceParams {
  clip: number;
  x: number;
  y: number;
  rotationDeg: number;
  scale: number;
  speed: number;
  looping: boolean;
  playing: boolean;
}

/** Everything the model panel calls. Every method may throw an `Error` with a plain message. */
export interface ModelApi {
  /** Parses, bakes and uploads a model. `images`: paths of images registered for it. */
  addModel(name: string, bytes: Uint8Array, images: string[]): AddedModel;
  /** The clips with their markers. */
  clips(modelId: number): ModelClipInfo[];
  /** Removes a model and its instances. */
  removeModel(modelId: number): void;
  /** Adds an instance (paused when `p.playing` is false); returns its id. */
  addInstance(modelId: number, p: InstanceParams): number;
  /** Changes an instance. */
  setInstance(instanceId: number, modelId: number, p: InstanceParams): void;
  /** Removes an instance. */
  removeInstance(instanceId: number): void;
  /** Places a marker on a 1-based model frame of a clip. */
  addMarker(modelId: number, clip: number, name: string, frame: number): void;
  /** Removes marker `index` of a clip. */
  removeMarker(modelId: number, clip: number, index: number): void;
  /** Markers crossed since the previous call. */
  events(): MarkerEvent[];
  /** Called with the ids of models dropped because the Editor restarted without them. */
  onLost(listener: (ids: number[], reason: string) => void): () => void;
  /** Decodes a dropped image and registers it under `path`; false when it was refused. */
  addImage(path: string, file: Blob): Promise<boolean>;
  /** Scene point at the canvas centre (where a new model is placed). */
  viewCentre(): [number, number];
}
