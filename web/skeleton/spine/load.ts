// Loads a Spine 4.2 skeleton (JSON text or binary .skel bytes) with its atlas into spine-core
// 4.2.119, without any real texture: each atlas page gets a `PageTexture` that only knows the
// page's name and size in pixels. Pure TypeScript, runs in Node tests and in the browser.
//
// Page sizes: a 4.x atlas declares `size:` per page; older atlases do not, and then the sizes of
// the page images must be given (the region UVs are u = x / pageWidth, v = y / pageHeight, with
// u2/v2 from x + width, y + height — or x + height, y + width for regions rotated 90°). When a
// given size differs from the declared one, the given (real image) size wins and the page's
// region UVs are recomputed with it.

import {
  AtlasAttachmentLoader,
  SkeletonBinary,
  SkeletonData,
  SkeletonJson,
  Texture,
  TextureAtlas,
  type TextureAtlasPage,
  type TextureFilter,
  type TextureWrap,
} from '@esotericsoftware/spine-core';
import { errorText } from '../../errors';

/** Width and height of an atlas page image, pixels. */
export interface PageSize {
  width: number;
  height: number;
}

/** A stand-in texture: the page's name and size, no pixels (the renderer owns the real image). */
export class PageTexture extends Texture {
  /** Page name as written in the atlas (its image file). */
  readonly name: string;
  /** Size in pixels. */
  readonly width: number;
  /** Size in pixels. */
  readonly height: number;

  constructor(name: string, size: PageSize) {
    super({ name, width: size.width, height: size.height });
    this.name = name;
    this.width = size.width;
    this.height = size.height;
  }

  override setFilters(_min: TextureFilter, _mag: TextureFilter): void {}
  override setWraps(_u: TextureWrap, _v: TextureWrap): void {}
  override dispose(): void {}
}

/** A skeleton loaded with its atlas. */
export interface LoadedSkeleton {
  /** spine-core's skeleton data (bones, slots, skins, animations). */
  data: SkeletonData;
  /** The parsed atlas, pages carrying {@link PageTexture}s. */
  atlas: TextureAtlas;
}

/** Options of {@link loadSkeleton}. */
export interface LoadOptions {
  /** Real page image sizes by page name (override the atlas's `size:`; required when absent). */
  pageSizes?: Readonly<Record<string, PageSize>>;
  /** Scale applied while reading (spine-core's `SkeletonJson.scale`), default 1. */
  scale?: number;
}

/** Whether `bytes` look like a JSON skeleton (first non-blank byte `{`, after an optional BOM). */
export function isJsonSkeleton(bytes: Uint8Array): boolean {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return i < bytes.length && bytes[i] === 0x7b;
}

function recomputeUvs(page: TextureAtlasPage): void {
  for (const r of page.regions) {
    r.u = r.x / page.width;
    r.v = r.y / page.height;
    const w = r.degrees === 90 ? r.height : r.width;
    const h = r.degrees === 90 ? r.width : r.height;
    r.u2 = (r.x + w) / page.width;
    r.v2 = (r.y + h) / page.height;
  }
}

/**
 * Why an atlas cannot be used, as data for the page to word: it names no page, or page `page`
 * has no size (none in the atlas, and no image of that name was given).
 */
export type AtlasLoadProblem = { kind: 'noPage' } | { kind: 'pageWithoutSize'; page: string };

/** An atlas that cannot be used (see {@link AtlasLoadProblem}); its message is English. */
export class AtlasLoadError extends Error {
  constructor(readonly problem: AtlasLoadProblem) {
    super(problem.kind === 'noPage' ? 'atlas: no page found (is this a Spine .atlas file?)' : `atlas page "${problem.page}": no size in the atlas and no page image of that name`);
    this.name = 'AtlasLoadError';
  }
}

/**
 * Parses an atlas and gives each page a {@link PageTexture} of its real size. Throws an
 * {@link AtlasLoadError} for an atlas without pages or a page without a size.
 */
export function loadAtlas(atlasText: string, pageSizes: Readonly<Record<string, PageSize>> = {}): TextureAtlas {
  const atlas = new TextureAtlas(atlasText);
  if (atlas.pages.length === 0) throw new AtlasLoadError({ kind: 'noPage' });
  for (const page of atlas.pages) {
    const given = pageSizes[page.name];
    if (given !== undefined) {
      if (!(given.width > 0 && given.height > 0)) {
        throw new Error(`atlas page "${page.name}": image size ${given.width}×${given.height} is not positive`);
      }
      if (given.width !== page.width || given.height !== page.height) {
        page.width = given.width;
        page.height = given.height;
        recomputeUvs(page);
      }
    } else if (!(page.width > 0 && page.height > 0)) {
      throw new AtlasLoadError({ kind: 'pageWithoutSize', page: page.name });
    }
    page.setTexture(new PageTexture(page.name, { width: page.width, height: page.height }));
  }
  return atlas;
}

/**
 * Why spine-core could not load a skeleton, as data for the page to word in its language:
 * - `endsEarly`: a binary skeleton read past its last byte (spine-core's reads are DataView
 *   reads: a cut file, or a count or length damaged into a larger one, throws a RangeError
 *   there); `sizeBytes` is the file's size, the byte the read ran past;
 * - `corrupt`: any other low-level failure (a TypeError, RangeError or JSON SyntaxError inside
 *   spine-core's reader, or a binary file spine-core refused): not a readable 4.2 skeleton;
 *   in both, `detail` is the runtime's own exception text, kept for debugging and never shown
 *   (nor put in the error's message);
 * - `rejected`: spine-core's own reason, naming what it could not find (a bone, slot, skin,
 *   constraint, or an atlas region: `Region not found in atlas: …`), in `detail`;
 * - `noAnimation`: it loaded, but has no animation to play.
 */
export type SkeletonLoadProblem =
  | { kind: 'endsEarly'; sizeBytes: number; detail: string }
  | { kind: 'corrupt'; detail: string }
  | { kind: 'rejected'; detail: string }
  | { kind: 'noAnimation' };

/** A skeleton spine-core could not load (see {@link SkeletonLoadProblem}); its message is English. */
export class SkeletonLoadError extends Error {
  constructor(readonly problem: SkeletonLoadProblem) {
    super(`skeleton: ${SkeletonLoadError.sentence(problem)}`);
    this.name = 'SkeletonLoadError';
  }

  private static sentence(p: SkeletonLoadProblem): string {
    switch (p.kind) {
      case 'endsEarly':
        return `the file ends early or is corrupt: spine-core needed data past its last byte (byte ${p.sizeBytes})`;
      case 'corrupt':
        return 'the file is corrupt or not a Spine 4.2 skeleton: spine-core cannot read it';
      case 'rejected':
        return p.detail;
      case 'noAnimation':
        return 'the skeleton has no animation to play';
    }
  }
}

/**
 * What a failure of spine-core's reader means (see {@link SkeletonLoadProblem}): `thrown` is what
 * `readSkeletonData` threw for a skeleton of `sizeBytes` bytes, `binary` or JSON.
 */
export function loadProblem(thrown: unknown, binary: boolean, sizeBytes: number): SkeletonLoadProblem {
  const detail = errorText(thrown);
  const lowLevel = thrown instanceof RangeError || thrown instanceof TypeError || thrown instanceof SyntaxError || !(thrown instanceof Error);
  if (binary && thrown instanceof RangeError) return { kind: 'endsEarly', sizeBytes, detail };
  // A binary file holds no references spine-core could fail to find but atlas regions: any
  // other refusal ("… must not be null", an unknown timeline type) is damaged data.
  if (lowLevel || (binary && !detail.startsWith('Region not found in atlas'))) return { kind: 'corrupt', detail };
  return { kind: 'rejected', detail };
}

/**
 * Reads a 4.2 skeleton (JSON text, or binary bytes — JSON bytes are recognised too) against its
 * atlas. Throws a {@link SkeletonLoadError} when spine-core cannot read it: its message is
 * spine-core's own (e.g. `Region not found in atlas: …`), or says that the file ends early or is
 * corrupt, prefixed with `skeleton: `. An atlas that cannot be read throws from
 * {@link loadAtlas} first.
 */
export function loadSkeleton(skeleton: string | Uint8Array, atlasText: string, options: LoadOptions = {}): LoadedSkeleton {
  const atlas = loadAtlas(atlasText, options.pageSizes);
  const loader = new AtlasAttachmentLoader(atlas);
  const binary = typeof skeleton !== 'string' && !isJsonSkeleton(skeleton);
  let data: SkeletonData;
  try {
    if (!binary) {
      const reader = new SkeletonJson(loader);
      reader.scale = options.scale ?? 1;
      const text = typeof skeleton === 'string' ? skeleton : new TextDecoder().decode(skeleton);
      data = reader.readSkeletonData(text);
    } else {
      const reader = new SkeletonBinary(loader);
      reader.scale = options.scale ?? 1;
      // spine-core reads `bytes.buffer` from its start: a view into a larger buffer is copied.
      const exact = skeleton.byteOffset === 0 && skeleton.byteLength === skeleton.buffer.byteLength ? skeleton : skeleton.slice();
      data = reader.readSkeletonData(exact);
    }
  } catch (e) {
    throw new SkeletonLoadError(loadProblem(e, binary, typeof skeleton === 'string' ? skeleton.length : skeleton.byteLength));
  }
  return { data, atlas };
}
