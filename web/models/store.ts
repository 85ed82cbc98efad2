// The models the page gave the wasm Editor, kept so they survive a wasm crash (web/engine.ts
// re-instantiates the module and creates a new Editor, whose model store is empty).
//
// For each model the store keeps its bytes, its addModel options, the pixels of the images it
// was given, the markers of its clips, and the parameters of its instances. The page only sees
// stable ids (numbered here); each maps to the id the current Editor gave. After a recovery,
// `restore` re-adds everything to the new Editor and remaps the ids, so the panel keeps working
// unchanged. Instances restart from clip time 0 (their playback time lives in the dead module).
// A model the new Editor refuses is dropped and reported to the `onLost` listeners.

import type { AddedModel, InstanceParams, MarkerEvent, ModelClipInfo, WasmModelEditor } from './api';

/** Pixels of an image given to the Editor (straight-alpha RGBA8). */
export interface ImagePixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

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

/** True for the error a wasm trap raises (the caller's recovery handles it). */
function isTrap(e: unknown): boolean {
  const ctor = (globalThis as { WebAssembly?: { RuntimeError?: unknown } }).WebAssembly?.RuntimeError;
  return typeof ctor === 'function' && e instanceof (ctor as new () => Error);
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

  /**
   * `callEditor` runs `f` on the live Editor through the facade (throws when there is none);
   * `imageData` gives the pixels of a registered image.
   */
  constructor(
    private readonly callEditor: <T>(f: (e: WasmModelEditor) => T) => T,
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
    const added = JSON.parse(this.callEditor((e) => e.addModel(name, bytes, optionsJson))) as AddedModel;
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
    return JSON.parse(this.callEditor((e) => e.modelClips(m.wasmId))) as ModelClipInfo[];
  }

  /** Removes a model and its instances. */
  removeModel(id: number): void {
    const m = this.model(id);
    this.callEditor((e) => e.removeModel(m.wasmId));
    this.models.delete(id);
    for (const [key, inst] of this.instances) if (inst.model === id) this.instances.delete(key);
  }

  /** Adds an instance (playing, or paused when `p.playing` is false); returns its stable id. */
  addInstance(model: number, p: InstanceParams): number {
    const m = this.model(model);
    const wasmId = this.callEditor((e) => {
      const created = e.addModelInstance(m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping);
      if (!p.playing) e.setModelInstance(created, m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping, false);
      return created;
    });
    const id = ++this.nextId;
    this.instances.set(id, { wasmId, model, params: { ...p } });
    return id;
  }

  /** Changes an instance (another model or clip restarts it). */
  setInstance(instance: number, model: number, p: InstanceParams): void {
    const inst = this.instance(instance);
    const m = this.model(model);
    this.callEditor((e) => e.setModelInstance(inst.wasmId, m.wasmId, p.clip, p.x, p.y, p.rotationDeg, p.scale, p.speed, p.looping, p.playing));
    inst.model = model;
    inst.params = { ...p };
  }

  /** Removes an instance; returns whether it existed. */
  removeInstance(instance: number): boolean {
    const inst = this.instances.get(instance);
    if (inst === undefined) return false;
    const existed = this.callEditor((e) => e.removeModelInstance(inst.wasmId));
    this.instances.delete(instance);
    return existed;
  }

  /** Places a marker on a 1-based model frame of a clip. */
  addMarker(model: number, clip: number, name: string, frame: number): void {
    const m = this.model(model);
    this.callEditor((e) => e.addMarker(m.wasmId, clip, name, frame));
    this.snapshotMarkers(m);
  }

  /** Removes marker `index` of a clip. */
  removeMarker(model: number, clip: number, index: number): void {
    const m = this.model(model);
    this.callEditor((e) => e.removeMarker(m.wasmId, clip, index));
    this.snapshotMarkers(m);
  }

  /** Markers crossed since the previous call, with stable ids (events of unknown ids dropped). */
  events(): MarkerEvent[] {
    const raw = JSON.parse(this.callEditor((e) => e.modelEvents())) as MarkerEvent[];
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
        if (isTrap(e)) throw e;
        lost.push(id);
        reasons.push(`${m.name}: ${e instanceof Error ? e.message : String(e)}`);
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
    const clips = JSON.parse(this.callEditor((e) => e.modelClips(m.wasmId))) as ModelClipInfo[];
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
