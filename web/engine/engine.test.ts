import { describe, expect, it } from 'vitest';
import { Engine, EngineCrash } from './engine';
import type { WasmEditor, WasmModule } from './wasm-api';

// A fake wasm module whose `normalizeScene('panic')` and `setScene('{"panic":true}')` trap like a
// Rust panic does, recording what each Editor instance received.
function fakeLoader() {
  const editors: { generation: number; calls: string[] }[] = [];
  const loads: number[] = [];
  const loader = async (generation: number): Promise<WasmModule> => {
    loads.push(generation);
    const trap = (): never => {
      throw new WebAssembly.RuntimeError('unreachable');
    };
    const fake = {
      Editor: {
        async create(): Promise<WasmEditor> {
          const record = { generation, calls: [] as string[] };
          editors.push(record);
          let time = 0;
          const log = (s: string): void => void record.calls.push(s);
          const editor: Partial<WasmEditor> = {
            rendererTier: () => 'WebGL2',
            setScene: (json: string) => (json.includes('panic') ? trap() : log(`scene ${json}`)),
            setTime: (s: number) => {
              time = s;
              log(`time ${s}`);
            },
            advance: (dt: number) => {
              time += dt;
            },
            timeSecs: () => time,
            timelineInfo: () => '{"lengthSecs":2,"fps":null,"segments":[]}',
            segmentAt: () => undefined,
            animationsAt: () => '[]',
            play: (dt: number) => {
              time += dt;
              return false;
            },
            render: () => (time > 100 ? trap() : undefined),
            resize: (w: number, h: number) => log(`resize ${w}x${h}`),
            setView: (x: number, y: number, z: number) => log(`view ${x},${y},${z}`),
            setGrid: (on: boolean) => log(`grid ${on}`),
            setObjectOutlines: (on: boolean) => log(`outlines ${on}`),
            setBackground: (hex: string) => log(`bg ${hex}`),
            addImage: (path: string) => log(`image ${path}`),
            removeImage: (path: string) => log(`remove ${path}`),
            setFollowTracks: (json: string) => log(`follow ${json}`),
            stats: () => '{"liveParticles":3,"systems":[{"live":3}],"frameCpuMs":0.5}',
            free: () => undefined,
          };
          return editor as WasmEditor;
        },
      },
      normalizeScene: (json: string) => (json === 'panic' ? trap() : json.trim()),
      defaultScene: () => '{}',
      builtinTextures: () => '[{"name":"soft_dot","width":64,"height":64}]',
      simHash: () => 'h',
      benchSim: () => 1,
      fieldSchema: () => '{"version":1,"fields":[]}',
    };
    // The calls the facade makes in these tests, not the whole module.
    return fake as unknown as WasmModule;
  };
  return { loader, editors, loads };
}

const fakeCanvas = (): HTMLCanvasElement => ({}) as HTMLCanvasElement;

describe('Engine crash recovery', () => {
  it('passes ordinary errors through without restarting', async () => {
    const { loader, loads } = fakeLoader();
    const engine = await Engine.load(loader);
    expect(engine.normalizeScene(' {} ')).toBe('{}');
    expect(engine.builtinTextures()[0].name).toBe('soft_dot');
    expect(loads).toEqual([0]);
  });

  it('re-instantiates after a trap in a pure function and keeps working', async () => {
    const { loader, loads } = fakeLoader();
    const engine = await Engine.load(loader);
    const messages: string[] = [];
    engine.onCrash((m, ok) => messages.push(`${ok} ${m}`));
    expect(() => engine.normalizeScene('panic')).toThrow(EngineCrash);
    // While it restarts, the answers drawn every frame (frame read-out, follow marker) are null,
    // not a throw that would stop the page's frame loop.
    expect(engine.frameAt(1, 30)).toBeNull();
    expect(engine.boneTrackPositionAt({ skeleton: 's', bone: 'b', sampleFps: 30, points: [[0, 0]] }, 0)).toBeNull();
    await engine.settled();
    expect(loads).toEqual([0, 1]);
    expect(messages).toEqual(['true RuntimeError: unreachable']);
    expect(engine.normalizeScene('{"a":1}')).toBe('{"a":1}');
  });

  it('recreates the Editor on a fresh canvas and re-applies scene, images, view and time', async () => {
    const { loader, editors } = fakeLoader();
    const engine = await Engine.load(loader);
    let replaced = 0;
    await engine.attach(fakeCanvas(), 'auto', () => {
      replaced++;
      return fakeCanvas();
    });
    engine.resize(640, 480, 1);
    engine.setView(10, 20, 2);
    engine.setGrid(false);
    engine.setObjectOutlines(false);
    engine.setBackground('#123456');
    engine.addImage('fx/a.png', 1, 1, new Uint8Array(4));
    engine.setFollowTracks('{"tracks":[]}');
    engine.setScene('{"ok":1}');
    engine.setTime(101);
    engine.render(); // traps (time > 100)
    expect(engine.stats()).toBeNull(); // no Editor while recovering
    await engine.settled();
    expect(replaced).toBe(1);
    expect(editors).toHaveLength(2);
    const calls = editors[1].calls;
    expect(calls).toContain('resize 640x480');
    expect(calls).toContain('view 10,20,2');
    expect(calls).toContain('grid false');
    expect(calls).toContain('outlines false');
    expect(calls).toContain('bg #123456');
    expect(calls).toContain('image fx/a.png');
    expect(calls).toContain('scene {"ok":1}');
    // The tracks come back before the scene, so its followers are born on their bones.
    expect(calls.indexOf('follow {"tracks":[]}')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('follow {"tracks":[]}')).toBeLessThan(calls.indexOf('scene {"ok":1}'));
    expect(engine.followTracks()).toBe('{"tracks":[]}');
    expect(calls).toContain('time 101');
    expect(engine.stats()?.liveParticles).toBe(3);
    expect(engine.crashes).toBe(1);
  });

  it('comes back without the scene when the scene itself traps', async () => {
    const { loader, editors } = fakeLoader();
    const engine = await Engine.load(loader);
    const messages: boolean[] = [];
    engine.onCrash((_, ok) => messages.push(ok));
    await engine.attach(fakeCanvas(), 'webgl2', () => fakeCanvas());
    expect(() => engine.setScene('{"panic":true}')).toThrow(EngineCrash);
    await engine.settled();
    expect(messages).toEqual([true]);
    expect(editors[editors.length - 1].calls.some((c) => c.startsWith('scene'))).toBe(false);
    expect(engine.rendererTier()).toBe('WebGL2');
  });
});
