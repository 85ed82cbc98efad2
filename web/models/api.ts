// What the model panel needs from the page (ModelApi); the JSON shapes of the wasm model methods
// are the generated contract's (web/generated/contract.ts). web/models/store.ts implements the
// API over the engine facade, so wasm traps start its recovery and models survive it.

import type { AddedModel, InstanceState, MarkerEvent, ModelClipInfo } from '../generated/contract';

export type { AddedModel, MarkerEvent, ModelClipInfo, ModelCounts } from '../generated/contract';

/** Instance placement and playback (the wasm `InstanceState` without its model id). */
export type InstanceParams = Omit<InstanceState, 'model'>;

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
