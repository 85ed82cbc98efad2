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
});
