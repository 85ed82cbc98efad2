import { describe, expect, it } from 'vitest';
import { Engine } from '../engine/engine';
import type { WasmEditor, WasmModelEditor, WasmModule } from '../engine/wasm-api';
import type { InstanceParams } from './api';
import { modelStoreOn } from './store';

// A fake wasm module whose Editor has the model methods. Ids differ per generation (100·g + n),
// so a restart changes every wasm id; `render()` traps once the time passes 100 (a Rust panic).
// `addModel` refuses a file named `bad*` in generation ≥ 1 and traps on `trap*` in generation ≥ 1.
interface Record {
  generation: number;
  calls: string[];
  emit: (instance: number, model: number, marker: string) => void;
}

function fakeLoader() {
  const editors: Record[] = [];
  const trap = (): never => {
    throw new WebAssembly.RuntimeError('unreachable');
  };
  // The calls the store makes in these tests, not the whole module.
  const loader = async (generation: number): Promise<WasmModule> =>
    ({
    Editor: {
      async create(): Promise<WasmEditor> {
        const calls: string[] = [];
        const log = (s: string): void => void calls.push(s);
        let next = 100 * generation;
        let time = 0;
        let events: { instance: number; model: number; clip: string; marker: string }[] = [];
        const models = new Map<number, { markers: { name: string; frame: number }[] }>();
        editors.push({ generation, calls, emit: (instance, model, marker) => events.push({ instance, model, clip: 'wave', marker }) });
        const editor: Partial<WasmEditor> & WasmModelEditor = {
          rendererTier: () => 'WebGL2',
          setScene: (json: string) => log(`scene ${json}`),
          setTime: (s: number) => {
            time = s;
          },
          advance: () => undefined,
          timeSecs: () => time,
          timelineInfo: () => '{"lengthSecs":0.5,"fps":null,"segments":[]}',
          segmentAt: () => undefined,
          animationsAt: () => '[]',
          play: () => false,
          render: () => (time > 100 ? trap() : undefined),
          resize: () => undefined,
          setView: () => undefined,
          setGrid: () => undefined,
          setBackground: () => undefined,
          addImage: (path: string) => log(`image ${path}`),
          removeImage: (path: string) => log(`remove ${path}`),
          setFollowTracks: () => undefined,
          stats: () => '{"liveParticles":0,"systems":[],"frameCpuMs":0}',
          free: () => undefined,
          addModel: (name: string, bytes: Uint8Array, optionsJson: string) => {
            if (generation >= 1 && name.startsWith('bad')) throw new Error(`${name}: header section, byte 0: refused`);
            if (generation >= 1 && name.startsWith('trap')) trap();
            const id = ++next;
            models.set(id, { markers: [] });
            log(`addModel ${id} ${name} [${[...bytes].join(',')}] ${optionsJson}`);
            return JSON.stringify({ id, name, counts: {}, clips: [{ name: 'wave' }, { name: 'bend' }], memory: {}, pixelsPerUnit: 1, groups: [], warnings: [] });
          },
          modelClips: (id: number) => {
            const m = models.get(id);
            if (m === undefined) throw new Error(`there is no model ${id}`);
            return JSON.stringify([{ name: 'wave', markers: m.markers }, { name: 'bend', markers: [] }]);
          },
          removeModel: (id: number) => void models.delete(id),
          addModelInstance: (model: number, clip: number, x: number, y: number, rot: number, scale: number, speed: number, looping: boolean) => {
            if (!models.has(model)) throw new Error(`there is no model ${model}`);
            const id = ++next;
            log(`instance ${id} of ${model}: ${clip} ${x},${y} ${rot} ${scale} ${speed} ${looping}`);
            return id;
          },
          setModelInstance: (id: number, model: number, clip: number, x: number, y: number, _r: number, _s: number, _v: number, _l: boolean, playing: boolean) =>
            log(`set ${id} of ${model}: ${clip} ${x},${y} playing ${playing}`),
          removeModelInstance: (id: number) => {
            log(`removeInstance ${id}`);
            return true;
          },
          addMarker: (model: number, clip: number, name: string, frame: number) => {
            const m = models.get(model);
            if (m === undefined || clip !== 0) throw new Error('bad marker');
            m.markers.push({ name, frame });
            m.markers.sort((a, b) => a.frame - b.frame);
            log(`marker ${model} ${clip} ${name}@${frame}`);
          },
          removeMarker: (model: number, _clip: number, index: number) => void models.get(model)?.markers.splice(index, 1),
          modelEvents: () => {
            const out = JSON.stringify(events);
            events = [];
            return out;
          },
          modelInstances: () => '[]',
          modelStats: () => '{}',
        };
        return editor as WasmEditor;
      },
    },
    normalizeScene: (json: string) => json,
    defaultScene: () => '{}',
    builtinTextures: () => '[]',
    simHash: () => 'h',
    benchSim: () => 1,
    fieldSchema: () => '{"version":1,"fields":[]}',
  }) as unknown as WasmModule;
  return { loader, editors };
}

const fakeCanvas = (): HTMLCanvasElement => ({}) as HTMLCanvasElement;
const params = (over: Partial<InstanceParams> = {}): InstanceParams => ({
  clip: 0,
  x: 10,
  y: 20,
  rotationDeg: 0,
  scale: 1,
  speed: 1,
  looping: true,
  playing: true,
  ...over,
});

async function crashAndRecover(engine: Engine): Promise<void> {
  engine.setTime(101);
  engine.render(); // traps
  await engine.settled();
  engine.setTime(0);
}

describe('models survive a wasm crash', () => {
  it('re-adds models, their images, markers and instances under the same stable ids', async () => {
    const { loader, editors } = fakeLoader();
    const engine = await Engine.load(loader);
    const models = modelStoreOn(engine);
    await engine.attach(fakeCanvas(), 'auto', () => fakeCanvas());
    engine.addImage('m/skin.png', 1, 1, new Uint8Array(4));
    const added = models.addModel('m/a.ms3d', new Uint8Array([7, 8, 9]), '{"images":["m/skin.png"]}');
    const walker = models.addInstance(added.id, params());
    const paused = models.addInstance(added.id, params({ x: 70, playing: false }));
    models.setInstance(walker, added.id, params({ clip: 1, x: 15 }));
    models.addMarker(added.id, 0, 'hit', 12);
    models.addMarker(added.id, 0, 'early', 3);
    models.removeMarker(added.id, 0, 1); // 'hit' (sorted after 'early')
    engine.removeImage('m/skin.png'); // the model keeps its texture's pixels
    editors[0].emit(3, 1, 'early'); // wasm instance 3 = `paused`
    expect(models.events()).toEqual([{ instance: paused, model: added.id, clip: 'wave', marker: 'early' }]);

    await crashAndRecover(engine);
    expect(editors).toHaveLength(2);
    const calls = editors[1].calls;
    expect(calls).toEqual([
      'image m/skin.png',
      'addModel 101 m/a.ms3d [7,8,9] {"images":["m/skin.png"]}',
      'marker 101 0 early@3',
      'instance 102 of 101: 1 15,20 0 1 1 true',
      'instance 103 of 101: 0 70,20 0 1 1 true',
      'set 103 of 101: 0 70,20 playing false',
    ]);
    // The page's ids still work and map to the new wasm ids.
    expect(models.clips(added.id)[0].markers).toEqual([{ name: 'early', frame: 3 }]);
    models.setInstance(paused, added.id, params({ x: 80 }));
    expect(calls[calls.length - 1]).toBe('set 103 of 101: 0 80,20 playing true');
    editors[1].emit(103, 101, 'early');
    expect(models.events()).toEqual([{ instance: paused, model: added.id, clip: 'wave', marker: 'early' }]);
    expect(models.removeInstance(walker)).toBe(true);
    expect(calls[calls.length - 1]).toBe('removeInstance 102');
    models.removeModel(added.id);
    expect(models.modelIds()).toEqual([]);
  });

  it('drops a model the new Editor refuses and tells the listeners', async () => {
    const { loader, editors } = fakeLoader();
    const engine = await Engine.load(loader);
    const models = modelStoreOn(engine);
    await engine.attach(fakeCanvas(), 'auto', () => fakeCanvas());
    const lost: string[] = [];
    models.onLost((ids, reason) => lost.push(`${ids.join(',')} ${reason}`));
    const good = models.addModel('good.ms3d', new Uint8Array([1]), '{}');
    const bad = models.addModel('bad.ms3d', new Uint8Array([2]), '{}');
    models.addInstance(bad.id, params());
    await crashAndRecover(engine);
    expect(lost).toEqual([`${bad.id} not restored after the crash (bad.ms3d: bad.ms3d: header section, byte 0: refused)`]);
    expect(models.modelIds()).toEqual([good.id]);
    expect(editors[1].calls.filter((c) => c.startsWith('instance'))).toEqual([]);
    expect(() => models.clips(bad.id)).toThrow(`there is no model ${bad.id}`);
  });

  it('comes back without models when re-adding them traps again', async () => {
    const { loader, editors } = fakeLoader();
    const engine = await Engine.load(loader);
    const models = modelStoreOn(engine);
    const crashes: boolean[] = [];
    engine.onCrash((_, ok) => crashes.push(ok));
    await engine.attach(fakeCanvas(), 'auto', () => fakeCanvas());
    engine.setScene('{"ok":1}');
    const lost: number[][] = [];
    models.onLost((ids) => lost.push(ids));
    const m = models.addModel('trap.ms3d', new Uint8Array([3]), '{}');
    await crashAndRecover(engine);
    expect(crashes).toEqual([true]);
    expect(lost).toEqual([[m.id]]);
    expect(models.modelIds()).toEqual([]);
    expect(editors).toHaveLength(3);
    expect(editors[2].calls.some((c) => c.startsWith('addModel') || c.startsWith('scene'))).toBe(false);
  });
});
