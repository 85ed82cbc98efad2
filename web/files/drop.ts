// Drag-and-drop routing (pure): decides what a set of dropped files means before anything is
// decoded. Sizes are checked first, so a huge drop is refused without reading it.
//
// Rules: a scene `.json` (content has `systems` or `version`, no `skeleton`/`bones`) opens the
// scene, and images dropped with it travel beside it by relative path; a Spine skeleton (`.skel`,
// or `.json` whose content has `skeleton`/`bones`) with its `.atlas` and pages is recognised;
// `.ms3d` models take the images dropped with them; otherwise images become one texture (one image) or a flipbook
// (several, in natural file-name order).
//
// An atlas's pages are the images in its folder (the router does not read the atlas). They are
// the atlas's, never a particle texture or flipbook: an atlas no skeleton takes (none in the
// drop, none readable, or none of its name) is not used, and neither are its pages; both are
// reported `unused` with the cause (`Rejected.because`). They still travel beside a scene or with
// a model dropped with them, as every other image does.

import { naturalCompare } from './natsort';

/** Largest single file accepted, bytes. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Largest whole drop accepted, bytes. */
export const MAX_DROP_BYTES = 96 * 1024 * 1024;
/** Largest JSON file read for sniffing, bytes. */
export const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** What a `.json` file's content is. */
export type JsonKind = 'scene' | 'spine' | 'unknown' | 'invalid';

/** A dropped file as the router sees it. */
export interface DropFile {
  /** Relative path with `/` (folder drops keep their structure), e.g. `fx/fire_01.png`. */
  path: string;
  /** Size in bytes. */
  size: number;
  /** For `.json` files: the sniffed content kind (see {@link sniffJson}). */
  jsonKind?: JsonKind;
}

/** File category by name. */
export type FileCategory = 'image' | 'json' | 'skel' | 'atlas' | 'ms3d' | 'unsupported';

/** Why a file was not used. */
export type RejectReason = 'tooLarge' | 'unsupported' | 'invalidJson' | 'unknownJson' | 'unused';

/**
 * Why an atlas and its pages are `unused`: the drop held no skeleton at all, only skeleton
 * candidates it refused (a `.skel`, or a `.json` that is invalid, neither scene nor skeleton, or
 * too large), or skeletons that took another atlas (or none of this one's name).
 */
export type UnusedAtlasCause = 'noSkeleton' | 'skeletonRefused' | 'noMatchingSkeleton';

/** A file the drop does not use, with the reason. */
export interface Rejected {
  /** The file's relative path, as in {@link DropFile.path}. */
  path: string;
  /** Why it is not used. */
  reason: RejectReason;
  /** `tooLarge`: the file's size and the limit of its kind, bytes. */
  sizeBytes?: number;
  /** `tooLarge`: the limit of the file's kind, bytes. */
  limitBytes?: number;
  /** `unused` atlas, or image taken as its page: why no skeleton used them. */
  because?: UnusedAtlasCause;
  /** `unused` image taken as a page: the path of the atlas it belongs to. */
  atlas?: string;
}

/** One thing the drop asks the editor to do. */
export type DropAction =
  | { kind: 'scene'; scene: DropFile; images: DropFile[] }
  | { kind: 'spine'; skeleton: DropFile; atlas: DropFile | null; pages: DropFile[] }
  | { kind: 'ms3d'; model: DropFile; images: DropFile[] }
  | { kind: 'texture'; image: DropFile }
  | { kind: 'flipbook'; frames: DropFile[] };

/** The routing decision for one drop. */
export interface DropPlan {
  actions: DropAction[];
  rejected: Rejected[];
  /** Set when the whole drop is above {@link MAX_DROP_BYTES}: nothing is read. */
  totalTooLarge: boolean;
  /** Total size of the drop, bytes. */
  totalBytes: number;
}

/** Lower-case extension without the dot (`''` when none). */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Last path component. */
export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(slash + 1) : path;
}

/** Directory part with a trailing `/`, or `''`. */
export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

/** Category of a file from its name. */
export function categorize(path: string): FileCategory {
  switch (extensionOf(path)) {
    case 'png':
    case 'jpg':
    case 'jpeg':
    case 'webp':
      return 'image';
    case 'json':
      return 'json';
    case 'skel':
      return 'skel';
    case 'atlas':
      return 'atlas';
    case 'ms3d':
      return 'ms3d';
    default:
      return 'unsupported';
  }
}

/** Image container recognised from its first bytes, or null. */
export function sniffImage(head: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const at = (i: number): number => (i < head.length ? head[i] : -1);
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const ascii = (from: number, to: number): string =>
    String.fromCharCode(...Array.from(head.subarray(from, to)));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** What a JSON text is: a scene document, a Spine skeleton, something else, or not JSON. */
export function sniffJson(text: string): JsonKind {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'invalid';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'unknown';
  const obj = value as Record<string, unknown>;
  if ('skeleton' in obj || 'bones' in obj) return 'spine';
  if ('systems' in obj || 'version' in obj) return 'scene';
  return 'unknown';
}

/** Routes a drop (see the module rules). Files must carry `jsonKind` when they are `.json`. */
export function planDrop(files: readonly DropFile[]): DropPlan {
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const plan: DropPlan = { actions: [], rejected: [], totalTooLarge: false, totalBytes };
  if (totalBytes > MAX_DROP_BYTES) {
    plan.totalTooLarge = true;
    return plan;
  }
  const images: DropFile[] = [];
  const scenes: DropFile[] = [];
  const skeletons: DropFile[] = [];
  const atlases: DropFile[] = [];
  const models: DropFile[] = [];
  for (const file of files) {
    const category = categorize(file.path);
    if (category === 'unsupported') {
      plan.rejected.push({ path: file.path, reason: 'unsupported' });
      continue;
    }
    const cap = category === 'json' ? MAX_JSON_BYTES : MAX_FILE_BYTES;
    if (file.size > cap) {
      plan.rejected.push({ path: file.path, reason: 'tooLarge', sizeBytes: file.size, limitBytes: cap });
      continue;
    }
    switch (category) {
      case 'image':
        images.push(file);
        break;
      case 'skel':
        skeletons.push(file);
        break;
      case 'atlas':
        atlases.push(file);
        break;
      case 'ms3d':
        models.push(file);
        break;
      case 'json':
        if (file.jsonKind === 'scene') scenes.push(file);
        else if (file.jsonKind === 'spine') skeletons.push(file);
        else {
          plan.rejected.push({
            path: file.path,
            reason: file.jsonKind === 'invalid' ? 'invalidJson' : 'unknownJson',
          });
        }
        break;
    }
  }
  const byPath = (a: DropFile, b: DropFile): number => naturalCompare(a.path, b.path);
  images.sort(byPath);
  scenes.sort(byPath);
  skeletons.sort(byPath);
  atlases.sort(byPath);
  models.sort(byPath);

  const usedImages = new Set<DropFile>();
  // Spine skeletons: each takes the atlas of its own name (else the only atlas) and the images
  // in the atlas's folder as pages.
  for (const skeleton of skeletons) {
    const stem = baseName(skeleton.path).replace(/\.[^.]*$/, '');
    const atlas =
      atlases.find((a) => baseName(a.path).replace(/\.atlas$/i, '') === stem) ??
      (atlases.length === 1 ? atlases[0] : null);
    const dir = dirName((atlas ?? skeleton).path);
    const pages = images.filter((img) => dirName(img.path) === dir && !usedImages.has(img));
    for (const p of pages) usedImages.add(p);
    plan.actions.push({ kind: 'spine', skeleton, atlas, pages });
  }
  const usedAtlases = new Set(
    plan.actions.flatMap((a) => (a.kind === 'spine' && a.atlas !== null ? [a.atlas] : [])),
  );
  // An atlas no skeleton took is not used; its pages (the free images in its folder) are held
  // back from the texture and flipbook below, so a refused or missing skeleton never turns its
  // atlas page into a particle texture. A scene or model dropped with them still gets them.
  const imagesGoElsewhere = scenes.length > 0 || models.length > 0;
  const because: UnusedAtlasCause =
    skeletons.length > 0 ? 'noMatchingSkeleton' : plan.rejected.some(isRefusedSkeleton) ? 'skeletonRefused' : 'noSkeleton';
  const heldPages = new Set<DropFile>();
  for (const atlas of atlases) {
    if (usedAtlases.has(atlas)) continue;
    plan.rejected.push({ path: atlas.path, reason: 'unused', because });
    const dir = dirName(atlas.path);
    for (const img of images) {
      if (dirName(img.path) !== dir || usedImages.has(img) || heldPages.has(img)) continue;
      heldPages.add(img);
      if (!imagesGoElsewhere) plan.rejected.push({ path: img.path, reason: 'unused', because, atlas: atlas.path });
    }
  }
  const freeImages = images.filter((img) => !usedImages.has(img));
  if (models.length > 0 && scenes.length === 0) {
    // Images dropped with models are their textures (matched by name by the model loader).
    models.forEach((model, n) => plan.actions.push({ kind: 'ms3d', model, images: n === 0 ? freeImages : [] }));
    return plan;
  }
  for (const model of models) plan.actions.push({ kind: 'ms3d', model, images: [] });

  if (scenes.length > 0) {
    // One scene per drop: the first in natural order opens with every free image beside it.
    const [scene, ...others] = scenes;
    plan.actions.unshift({ kind: 'scene', scene, images: freeImages });
    for (const other of others) plan.rejected.push({ path: other.path, reason: 'unused' });
    return plan;
  }
  const textureImages = freeImages.filter((img) => !heldPages.has(img));
  if (textureImages.length === 1) plan.actions.push({ kind: 'texture', image: textureImages[0] });
  else if (textureImages.length > 1) plan.actions.push({ kind: 'flipbook', frames: textureImages });
  return plan;
}

/** Whether a rejection refused a file that could have been a skeleton (`.skel` or `.json`). */
function isRefusedSkeleton(r: Rejected): boolean {
  const category = categorize(r.path);
  return category === 'skel' || category === 'json';
}
