// Which dropped files make up a Spine skeleton (pure, no DOM): the skeleton (`.skel`, or `.json`
// whose top level has `skeleton` or `bones`), its `.atlas` (same name stem, else the only atlas),
// and the atlas's page images found among the drop. Also the names of downloaded files and the
// version note. Sizes are checked before anything is read (64 MiB, as sp_skel::check_size).

/** Largest skeleton or atlas read, bytes (sp_skel::MAX_SKELETON_BYTES). */
export const MAX_SKELETON_BYTES = 64 * 1024 * 1024;

/** A dropped file with its relative path (`/`-separated). */
export interface DroppedFile {
  path: string;
  file: Blob;
}

/** The files of one skeleton. */
export interface SkeletonFiles {
  skeleton: DroppedFile;
  atlas: DroppedFile | null;
  /** Atlas page images found in the drop, in atlas order (empty without an atlas). */
  pages: DroppedFile[];
  /** Other skeletons in the drop (only the first one is opened). */
  others: string[];
}

/** Why no skeleton could be opened. */
export type FindProblem =
  | { kind: 'noSkeleton' }
  | { kind: 'tooLarge'; path: string; sizeBytes: number };

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function stemOf(path: string): string {
  const name = lastSegment(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

function extOf(path: string): string {
  const name = lastSegment(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a JSON text is a Spine skeleton (a top-level object with `skeleton` or `bones`). */
export function isSkeletonJson(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) && ('skeleton' in v || 'bones' in v);
  } catch {
    return false;
  }
}

/** Page image names of an atlas text: the first line of each blank-line-separated block. */
export function atlasPageNames(text: string): string[] {
  const names: string[] = [];
  let expectPage = true;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') expectPage = true;
    else if (expectPage) {
      // A header block (4.x: none before the first page) would be `key: value` lines.
      if (!line.includes(':')) names.push(line);
      expectPage = false;
    }
  }
  return names;
}

/** Finds the skeleton, its atlas and page images in a drop. */
export async function findSkeletonFiles(files: readonly DroppedFile[], decodeAtlas: (bytes: Uint8Array) => string = (b) => new TextDecoder().decode(b)): Promise<SkeletonFiles | FindProblem> {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const skeletons: DroppedFile[] = [];
  for (const f of sorted) {
    const ext = extOf(f.path);
    if (ext === 'skel') skeletons.push(f);
    else if (ext === 'json' && f.file.size <= MAX_SKELETON_BYTES && isSkeletonJson(await f.file.text())) skeletons.push(f);
  }
  const skeleton = skeletons[0];
  if (skeleton === undefined) return { kind: 'noSkeleton' };
  if (skeleton.file.size > MAX_SKELETON_BYTES) return { kind: 'tooLarge', path: skeleton.path, sizeBytes: skeleton.file.size };
  const atlases = sorted.filter((f) => extOf(f.path) === 'atlas');
  const atlas = atlases.find((a) => stemOf(a.path) === stemOf(skeleton.path)) ?? (atlases.length === 1 ? atlases[0] : null);
  if (atlas !== null && atlas.file.size > MAX_SKELETON_BYTES) return { kind: 'tooLarge', path: atlas.path, sizeBytes: atlas.file.size };
  const pages: DroppedFile[] = [];
  if (atlas !== null) {
    const text = decodeAtlas(new Uint8Array(await atlas.file.arrayBuffer()));
    const dir = dirOf(atlas.path);
    for (const name of atlasPageNames(text)) {
      const page = sorted.find((f) => f.path === dir + name) ?? sorted.find((f) => lastSegment(f.path) === lastSegment(name));
      if (page !== undefined) pages.push(page);
    }
  }
  return { skeleton, atlas, pages, others: skeletons.slice(1).map((s) => s.path) };
}

/** `hero.skel` → `hero.repaired.skel` (folders dropped; no extension → `name.repaired`). */
export function repairedName(path: string): string {
  const name = lastSegment(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}.repaired${name.slice(dot)}` : `${name}.repaired`;
}

/** What the editor does with a skeleton version: plays it (4.2), reads and repairs it only
 * (3.8–4.1), or neither (anything else, or no version). */
export type VersionSupport = 'playable' | 'readable' | 'unsupported';

/** The {@link VersionSupport} of a skeleton version read from its header. */
export function versionSupport(version: string | null): VersionSupport {
  if (version !== null && /^4\.2(\.|$)/.test(version)) return 'playable';
  return version !== null && /^(3\.8|4\.0|4\.1)(\.|$)/.test(version) ? 'readable' : 'unsupported';
}
