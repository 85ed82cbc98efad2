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

/** Parses an atlas and gives each page a {@link PageTexture} of its real size. */
export function loadAtlas(atlasText: string, pageSizes: Readonly<Record<string, PageSize>> = {}): TextureAtlas {
  const atlas = new TextureAtlas(atlasText);
  if (atlas.pages.length === 0) throw new Error('atlas: no page found (is this a Spine .atlas file?)');
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
      throw new Error(`atlas page "${page.name}": no size in the atlas and no page image of that name`);
    }
    page.setTexture(new PageTexture(page.name, { width: page.width, height: page.height }));
  }
  return atlas;
}

/**
 * Reads a 4.2 skeleton (JSON text, or binary bytes — JSON bytes are recognised too) against its
 * atlas. Throws spine-core's own errors (e.g. `Region not found in atlas: …`), prefixed with
 * `skeleton: `.
 */
export function loadSkeleton(skeleton: string | Uint8Array, atlasText: string, options: LoadOptions = {}): LoadedSkeleton {
  const atlas = loadAtlas(atlasText, options.pageSizes);
  const loader = new AtlasAttachmentLoader(atlas);
  let data: SkeletonData;
  try {
    if (typeof skeleton === 'string' || isJsonSkeleton(skeleton)) {
      const reader = new SkeletonJson(loader);
      reader.scale = options.scale ?? 1;
      const text = typeof skeleton === 'string' ? skeleton : new TextDecoder().decode(skeleton);
      data = reader.readSkeletonData(text);
    } else {
      const reader = new SkeletonBinary(loader);
      reader.scale = options.scale ?? 1;
      data = reader.readSkeletonData(skeleton);
    }
  } catch (e) {
    throw new Error(`skeleton: ${errorText(e)}`);
  }
  return { data, atlas };
}
