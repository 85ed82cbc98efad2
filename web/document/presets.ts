// Built-in preset library: the scene files of presets/ (repository root), bundled into the page
// as raw text. A preset applies as a new scene, or its systems are appended to the current one.

import { t, type MessageKey } from '../i18n';
import { zh } from '../i18n/zh';
import { naturalCompare } from '../files/natsort';
import { uniqueName } from './names';
import type { Scene } from './types';

/** One preset. */
export interface Preset {
  /** File stem, e.g. `fire`. */
  id: string;
  /** Raw scene JSON. */
  json: string;
}

const rawFiles = import.meta.glob('../../presets/*.json', { eager: true, query: '?raw', import: 'default' }) as Record<string, string>;

/** Presets from a `{path: text}` record, sorted by file name. */
export function presetsFrom(files: Record<string, string>): Preset[] {
  return Object.entries(files)
    .map(([path, json]) => ({ id: path.replace(/^.*\//, '').replace(/\.json$/i, ''), json }))
    .sort((a, b) => naturalCompare(a.id, b.id));
}

/** The bundled presets. */
export const PRESETS: Preset[] = presetsFrom(rawFiles);

/** Display name of a preset in the current language (the i18n key `preset_<id>`, else the id). */
export function presetName(id: string): string {
  const key = `preset_${id.toLowerCase()}`;
  if (key in zh) return t(key as MessageKey);
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
