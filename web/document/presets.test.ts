import { describe, expect, it } from 'vitest';
import { mergePresetSystems, PRESETS, presetsFrom } from './presets';
import { encodeScenePayload } from './share';
import type { Scene } from './types';

describe('preset library', () => {
  it('bundles the presets/ folder: at least 8 scenes with systems', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(8);
    for (const p of PRESETS) {
      const scene = JSON.parse(p.json) as Scene;
      expect(scene.systems.length, p.id).toBeGreaterThan(0);
    }
    const ids = PRESETS.map((p) => p.id);
    for (const id of ['fire', 'smoke', 'rain', 'snow']) expect(ids).toContain(id);
  });

  it('keeps share URLs of presets well under 2,000 characters', () => {
    for (const p of PRESETS) {
      const payload = encodeScenePayload(JSON.stringify(JSON.parse(p.json)));
      expect(payload.length, p.id).toBeLessThan(1500);
    }
  });

  it('sorts by natural file name and derives ids', () => {
    const list = presetsFrom({ '../presets/b10.json': '{}', '../presets/b2.json': '{}', '../presets/a.json': '{}' });
    expect(list.map((p) => p.id)).toEqual(['a', 'b2', 'b10']);
  });

  it('merges preset systems with unique names, their animations and images', () => {
    const draft = { animations: ['animation'], systems: [{ name: 'Flame', animation: 'animation' }], images: [] } as unknown as Scene;
    const preset = { animations: ['burst'], systems: [{ name: 'Flame', animation: 'burst' }], images: [{ path: 'a.png', width: 1, height: 1 }] } as unknown as Scene;
    expect(mergePresetSystems(draft, preset)).toBe(1);
    expect(draft.systems.map((s) => s.name)).toEqual(['Flame', 'Flame 2']);
    expect(draft.animations).toEqual(['animation', 'burst']);
    expect(draft.images).toEqual([{ path: 'a.png', width: 1, height: 1 }]);
  });

  it("brings a preset's paths and colliders along, renamed when taken, acting on its own systems only", () => {
    const preset = (id: string): Scene => {
      const p = PRESETS.find((x) => x.id === id);
      if (p === undefined) throw new Error(id);
      // What the core's normalisation fills in that these files leave out.
      const raw = JSON.parse(p.json) as Partial<Scene> & Pick<Scene, 'systems'>;
      const scene: Scene = { ...raw, animations: raw.animations ?? [], images: raw.images ?? [] } as Scene;
      scene.colliders = scene.colliders?.map((c) => ({ ...c, systems: c.systems ?? [] }));
      return scene;
    };
    const draft = {
      animations: ['animation'],
      systems: [{ name: 'Rain', animation: 'animation' }],
      images: [],
      colliders: [{ name: 'Ledge left', visible: true, shape: { kind: 'segment', a: [0, 0], b: [1, 0] }, systems: [] }],
    } as unknown as Scene;
    mergePresetSystems(draft, preset('rain_ledges'));
    // The draft's own collider is untouched; the preset's two join it, named apart, acting on
    // the preset's systems (its "Rain" renamed "Rain 2") and not on the draft's "Rain".
    expect(draft.systems.map((s) => s.name)).toEqual(['Rain', 'Rain 2', 'Splash left', 'Splash right']);
    expect(draft.colliders?.map((c) => [c.name, c.systems])).toEqual([
      ['Ledge left', []],
      ['Ledge left 2', ['Rain 2', 'Splash left', 'Splash right']],
      ['Ledge right', ['Rain 2', 'Splash left', 'Splash right']],
    ]);
    // Twice a preset with a path: the second copy follows its own path.
    mergePresetSystems(draft, preset('comet_path'));
    mergePresetSystems(draft, preset('comet_path'));
    expect(draft.paths?.map((p) => p.name)).toEqual(['Orbit', 'Orbit 2']);
    expect(draft.systems.slice(4).map((s) => [s.name, s.pathFollow?.path])).toEqual([
      ['Comet tail', 'Orbit'],
      ['Comet head', 'Orbit'],
      ['Comet tail 2', 'Orbit 2'],
      ['Comet head 2', 'Orbit 2'],
    ]);
    expect(draft.paths?.[1].points).toEqual(draft.paths?.[0].points);
    // Collider lists that name systems follow their renames.
    const named = preset('rain_ledges');
    named.colliders = named.colliders?.map((c) => ({ ...c, systems: ['Rain'] }));
    mergePresetSystems(draft, named);
    expect(draft.colliders?.slice(3).map((c) => c.systems)).toEqual([['Rain 3'], ['Rain 3']]);
  });
});
