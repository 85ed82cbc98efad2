// The models the page gave the wasm Editor, kept so they survive a wasm crash (web/engine/
// re-instantiates the module and creates a new Editor, whose model store is empty).
//
// For each model the store keeps its bytes, its addModel options, the pixels of the images it
// was given, the markers of its clips, and the parameters of its instances. The page only sees
// stable ids (numbered here); each maps to the id the current Editor gave. After a recovery,
// `restore` re-adds everything to the new Editor and remaps the ids, so the panel keeps working
// unchanged. Instances restart from clip time 0 (their playback time lives in the dead module).
// A model the new Editor refuses is dropped and reported to the `onLost` listeners.

import { isWasmTrap } from '../engine/crash';
import type { Engine } from '../engine/engine';
import type { ImagePixels } from '../engine/journal';
import type { WasmModelEditor } from '../engine/wasm-api';
import { errorText } from '../errors';
import type { AddedModel, InstanceParams, MarkerEvent, ModelApi, ModelClipInfo } from './api';

/** The facade's model methods (they throw `EngineCrash` while the Editor is restarting). */
export type ModelCalls = Pick<
  Engine,
  'addModel' | 'modelClips' | 'removeModel' | 'addModelInstance' | 'setModelInstance' | 'removeModelInstance' | 'addMarker' | 'removeMarker' | 'modelEvents'
>;

interface ModelRecord {
  wasmId: number;
  name: string;
  bytes: Uint8Array;
  optionsJson: string;
  images: Map<string, ImagePixels>;
  /** Markers per clip index, in the Editor's order (as `modelClips` lists them). */
  markers: { name: string; frame: number }[][];
}

/** What `restore` needs of a fresh Editor: the model methods and `addImage`. */
export type RestoreTarget = WasmModelEditor & {
  addImage(path: string, width: number, height: number, rgba: Uint8Array): void;
};

interface InstanceRecord {
  wasmId: number;
  model: number;
  params: InstanceParams;
}

function imagesOf(optionsJson: string): string[] {
  try {
    const images = (JSON.parse(optionsJson) as { images?: unknown }).images;
    return Array.isArray(images) ? images.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** The models and instances of the page, under stable ids (see the file comment). */
export class ModelStore {
  private readonly models = new Map<number, ModelRecord>();
  private readonly instances = new Map<number, InstanceRecord>();
  private readonly lostListeners = new Set<(ids: number[], reason: string) => void>();
  private nextId = 0;

  /** `calls` are the facade's model methods; `imageData` gives the pixels of a registered image. */
  constructor(
    private readonly calls: ModelCalls,
    private readonly imageData: (path: string) => ImagePixels | null,
  ) {}

  /** Called with the stable ids of models that could not be restored after a crash. */
  onLost(listener: (ids: number[], reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Stable ids of the models held, ascending. */
  modelIds(): number[] {
    return [...this.models.keys()].sort((a, b) => a - b);
  }

  /** Parses, bakes and uploads a model; the result carries the stable id. */
  addModel(name: string, bytes: Uint8Array, optionsJson: string): AddedModel {
    const added = JSON.parse(this.calls.addModel(name, bytes, optionsJson)) as AddedModel;
    const images = new Map<string, ImagePixels>();
    for (const path of imagesOf(optionsJson)) {
      const pixels = this.imageData(path);
      if (pixels !== null) images.set(path, pixels);
    }
    const id = ++this.nextId;
    this.models.set(id, {
      wasmId: added.id,
      name,
      bytes: bytes.slice(),
      optionsJson,
      images,
      markers: added.clips.map(() => []),
    });
    return { ...added, id };
  }

  /** The clips of a model with their markers. */
  clips(id: number): ModelClipInfo[] {
    const m = this.model(id);
    return JSON.parse(this.calls.modelClips(m.wasmId)) as ModelClipInfo[];
  }

  /** Removes a model and its instances. */
  removeModel(id: number): void {
    const m = this.model(id);
    this.calls.removeModel(m.wasmId);
    this.models.delete(id);
    for (const [key, inst] of this.instances) if (inst.model === id) this.instances.delete(key);
  }

  /** Adds an instance (playing, or paused when `p.playing` is false); returns its stable id. */
  addInstance(model: number, p: InstanceParams): number {
    const m = this.model(model);
    const wasmId = this.calls.addModelInstance(m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping);
    if (!p.playing) this.calls.setModelInstance(wasmId, m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping, false);
    const id = ++this.nextId;
    this.instances.set(id, { wasmId, model, params: { ...p } });
    return id;
  }

  /** Changes an instance (another model or clip restarts it). */
  setInstance(instance: number, model: number, p: InstanceParams): void {
    const inst = this.instance(instance);
    const m = this.model(model);
    this.calls.setModelInstance(inst.wasmId, m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping, p.playing);
    inst.model = model;
    inst.params = { ...p };
  }

  /** Removes an instance; returns whether it existed. */
  removeInstance(instance: number): boolean {
    const inst = this.instances.get(instance);
    if (inst === undefined) return false;
    const existed = this.calls.removeModelInstance(inst.wasmId);
    this.instances.delete(instance);
    return existed;
  }

  /** Places a marker on a 1-based model frame of a clip. */
  addMarker(model: number, clip: number, name: string, frame: number): void {
    const m = this.model(model);
    this.calls.addMarker(m.wasmId, clip, name, frame);
    this.snapshotMarkers(m);
  }

  /** Removes marker `index` of a clip. */
  removeMarker(model: number, clip: number, index: number): void {
    const m = this.model(model);
    this.calls.removeMarker(m.wasmId, clip, index);
    this.snapshotMarkers(m);
  }

  /** Markers crossed since the previous call, with stable ids (events of unknown ids dropped). */
  events(): MarkerEvent[] {
    const raw = JSON.parse(this.calls.modelEvents()) as MarkerEvent[];
    const models = new Map([...this.models].map(([id, m]) => [m.wasmId, id]));
    const instances = new Map([...this.instances].map(([id, i]) => [i.wasmId, id]));
    const out: MarkerEvent[] = [];
    for (const ev of raw) {
      const model = models.get(ev.model);
      const instance = instances.get(ev.instance);
      if (model !== undefined && instance !== undefined) out.push({ ...ev, model, instance });
    }
    return out;
  }

  /**
   * Re-adds every model (with the images it was given that `hasImage` says the new Editor lacks),
   * its markers and its instances to a fresh Editor, remapping the stable ids. A wasm trap is
   * rethrown (the caller's recovery decides); a model refused otherwise is dropped and reported
   * to the `onLost` listeners. Returns the stable ids dropped.
   */
  restore(editor: RestoreTarget, hasImage: (path: string) => boolean): number[] {
    const lost: number[] = [];
    const reasons: string[] = [];
    const added = new Set<string>();
    for (const id of this.modelIds()) {
      const m = this.models.get(id) as ModelRecord;
      try {
        for (const [path, img] of m.images) {
          if (hasImage(path) || added.has(path)) continue;
          editor.addImage(path, img.width, img.height, img.rgba);
          added.add(path);
        }
        m.wasmId = (JSON.parse(editor.addModel(m.name, m.bytes, m.optionsJson)) as AddedModel).id;
        m.markers.forEach((list, clip) => {
          for (const mk of list) editor.addMarker(m.wasmId, clip, mk.name, mk.frame);
        });
        for (const inst of this.instances.values()) {
          if (inst.model !== id) continue;
          const p = inst.params;
          inst.wasmId = editor.addModelInstance(m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping);
          if (!p.playing) editor.setModelInstance(inst.wasmId, m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping, false);
        }
      } catch (e) {
        if (isWasmTrap(e)) throw e;
        lost.push(id);
        reasons.push(`${m.name}: ${errorText(e)}`);
      }
    }
    if (lost.length > 0) this.drop(lost, `not restored after the crash (${reasons.join('; ')})`);
    return lost;
  }

  /** Forgets every model (the Editor came back empty); tells the `onLost` listeners. */
  forgetAll(reason: string): number[] {
    const ids = this.modelIds();
    if (ids.length > 0) this.drop(ids, reason);
    return ids;
  }

  private drop(ids: number[], reason: string): void {
    for (const id of ids) {
      this.models.delete(id);
      for (const [key, inst] of this.instances) if (inst.model === id) this.instances.delete(key);
    }
    for (const listener of this.lostListeners) listener(ids, reason);
  }

  private snapshotMarkers(m: ModelRecord): void {
    const clips = JSON.parse(this.calls.modelClips(m.wasmId)) as ModelClipInfo[];
    m.markers = clips.map((c) => (c.markers ?? []).map((mk) => ({ name: mk.name, frame: mk.frame })));
  }

  private model(id: number): ModelRecord {
    const m = this.models.get(id);
    if (m === undefined) throw new Error(`there is no model ${id}`);
    return m;
  }

  private instance(id: number): InstanceRecord {
    const inst = this.instances.get(id);
    if (inst === undefined) throw new Error(`there is no instance ${id}`);
    return inst;
  }
}

/**
 * A model store over the facade: it re-adds its models to every Editor recreated after a crash,
 * and forgets them when the Editor came back empty.
 */
export function modelStoreOn(engine: Engine): ModelStore {
  const store = new ModelStore(engine, (path) => engine.imageData(path));
  engine.onRebuild((editor, restored) => {
    if (!restored) store.forgetAll('the engine restarted without its models after a second crash');
    else if (typeof (editor as Partial<WasmModelEditor>).addModel === 'function') store.restore(editor, (path) => engine.imageData(path) !== null);
  });
  return store;
}

/**
 * The {@link ModelApi} of the panel over a model store (which calls the Editor through the facade
 * and keeps stable ids across a wasm restart), a way to decode and register a dropped image, and
 * the scene point at the canvas centre.
 */
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
