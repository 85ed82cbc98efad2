// What the model panel needs from the page (ModelApi), and an adapter over the wasm Editor.
//
// The Editor methods come from crates/sp-wasm/src/ms3d/editor_api.rs (`editor_model_methods!`).
// The page passes the adapter the facade's model store (web/engine.ts `Engine.models`: calls go
// through the facade, so wasm traps start its recovery, and models survive it), a way to decode
// and register a dropped image, and the scene point at the canvas centre.

import type { ModelStore } from './store';

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

/** Builds a {@link ModelApi} over the facade's model store (web/models/store.ts), which calls
 * the Editor through the facade (its crash handling applies) and keeps stable ids across a
 * wasm restart. */
export function editorModelApi(
  store: ModelStore,
  addImage: (path: string, file: Blob) => Promise<boolean>,
  viewCentre: () => [number, number],
): ModelApi {
  return {
    addModel: (name, bytes, images) => store.addModel(name, bytes, JSON.stringify({ images })),
    clips: (id) => store.clips(id),
    removeModel: (id) => store.removeModel(id),
    addInstance: (id, p) => store.addInstance(id, p),
    setInstance: (inst, id, p) => store.setInstance(inst, id, p),
    removeInstance: (inst) => void store.removeInstance(inst),
    addMarker: (id, clip, name, frame) => store.addMarker(id, clip, name, frame),
    removeMarker: (id, clip, index) => store.removeMarker(id, clip, index),
    events: () => store.events(),
    onLost: (listener) => store.onLost(listener),
    addImage,
    viewCentre,
  };
}
