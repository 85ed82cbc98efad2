// Built-in preset library: the scene files of presets/ (repository root), bundled into the page
// as raw text. A preset applies as a new scene, or its systems are appended to the current one.

import { lang } from './i18n';
import { naturalCompare } from './natsort';
import { uniqueName } from './ui/sceneList';
import type { Scene } from './types';

/** One preset. */
export interface Preset {
  /** File stem, e.g. `fire`. */
  id: string;
  /** Raw scene JSON. */
  json: string;
}

const rawFiles = import.meta.glob('../presets/*.json', { eager: true, query: '?raw', import: 'default' }) as Record<string, string>;

/** Presets from a `{path: text}` record, sorted by file name. */
export function presetsFrom(files: Record<string, string>): Preset[] {
  return Object.entries(files)
    .map(([path, json]) => ({ id: path.replace(/^.*\//, '').replace(/\.json$/i, ''), json }))
    .sort((a, b) => naturalCompare(a.id, b.id));
}

/** The bundled presets. */
export const PRESETS: Preset[] = presetsFrom(rawFiles);

const NAMES: Record<string, [zh: string, en: string]> = {
  fire: ['火焰', 'Fire'],
  smoke: ['烟雾', 'Smoke'],
  sparks_burst: ['火花爆发', 'Sparks burst'],
  sparks: ['火花爆发', 'Sparks burst'],
  magic_circle: ['魔法阵循环', 'Magic circle loop'],
  magic_circle_loop: ['魔法阵循环', 'Magic circle loop'],
  rain: ['下雨', 'Rain'],
  snow: ['下雪', 'Snow'],
  coin_fountain: ['金币喷泉', 'Coin fountain'],
  hit_flash: ['受击闪光', 'Hit flash'],
  magic_portal: ['魔法传送门', 'Magic portal'],
  turbulent_smoke: ['湍流烟雾', 'Turbulent smoke'],
  fireflies: ['萤火虫', 'Fireflies'],
  leaf_vortex: ['落叶旋涡', 'Leaf vortex'],
};

/** Display name of a preset in the current language. */
export function presetName(id: string): string {
  const known = NAMES[id.toLowerCase()];
  if (known !== undefined) return lang() === 'en' ? known[1] : known[0];
  return id.replace(/[_-]+/g, ' ');
}

/**
 * Appends the systems of `preset` (a normalised scene) to `draft`: names made unique, their
 * animations added to the project's list, image references merged.
 */
export function mergePresetSystems(draft: Scene, preset: Scene): number {
  for (const sys of preset.systems) {
    const copy = structuredClone(sys);
    copy.name = uniqueName(copy.name, draft.systems.map((s) => s.name));
    for (const name of [copy.animation]) {
      if (!draft.animations.includes(name)) draft.animations.push(name);
    }
    draft.systems.push(copy);
  }
  for (const image of preset.images) {
    if (!draft.images.some((i) => i.path === image.path)) draft.images.push(structuredClone(image));
  }
  return preset.systems.length;
}
