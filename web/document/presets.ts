// Built-in preset library: the scene files of presets/ (repository root), bundled into the page
// as raw text. A preset applies as a new scene, or its systems are appended to the current one.

import { t, type MessageKey } from '../i18n';
import { zh } from '../i18n/zh';
import { naturalCompare } from '../files/natsort';
import { uniqueName } from './names';
import type { ParticleSystem, Scene } from './types';

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
 * animations added to the project's list, image references merged, and the scene objects they
 * need brought along: the preset's paths (a name the draft already uses takes the next free one,
 * and the systems following it follow the renamed path) and its colliders, acting on the
 * preset's own systems only (a preset collider for every system would start to act on the
 * draft's systems too). Returns how many systems were added.
 */
export function mergePresetSystems(draft: Scene, preset: Scene): number {
  const systemNames = new Map<string, string>();
  const added: ParticleSystem[] = [];
  for (const sys of preset.systems) {
    const copy = structuredClone(sys);
    copy.name = uniqueName(copy.name, [...draft.systems.map((s) => s.name), ...added.map((s) => s.name)]);
    systemNames.set(sys.name, copy.name);
    added.push(copy);
  }
  const pathNames = new Map<string, string>();
  for (const path of preset.paths ?? []) {
    const copy = structuredClone(path);
    const paths = (draft.paths ??= []);
    copy.name = uniqueName(copy.name, paths.map((p) => p.name));
    pathNames.set(path.name, copy.name);
    paths.push(copy);
  }
  for (const collider of preset.colliders ?? []) {
    const copy = structuredClone(collider);
    const colliders = (draft.colliders ??= []);
    copy.name = uniqueName(copy.name, colliders.map((c) => c.name));
    copy.systems = collider.systems.length === 0
      ? added.map((s) => s.name)
      : collider.systems.map((n) => systemNames.get(n) ?? n);
    colliders.push(copy);
  }
  for (const copy of added) {
    const follow = copy.pathFollow;
    if (follow !== undefined) follow.path = pathNames.get(follow.path) ?? follow.path;
    if (!draft.animations.includes(copy.animation)) draft.animations.push(copy.animation);
    draft.systems.push(copy);
  }
  for (const image of preset.images) {
    if (!draft.images.some((i) => i.path === image.path)) draft.images.push(structuredClone(image));
  }
  return preset.systems.length;
}
