// The built-in textures a scene uses, as the PNG files its export names. The export writes an
// attachment path for every image (export spec §8: `builtin:NAME` becomes the path `NAME` in the
// images folder) and never the files themselves; a user's own images are files they have, but the
// built-in ones exist only inside the editor. This packs those the scene uses into one ZIP of
// `NAME.png` files to unpack into the Spine project's images folder, pixel for pixel what the
// preview draws (straight-alpha RGBA8, written losslessly: no canvas round trip, which would
// premultiply and quantise the soft edges).

import { zipSync, zlibSync } from 'fflate';
import { BUILTIN_PREFIX, type Scene } from '../document/types';

/** Straight-alpha RGBA8 pixels of one image. */
export interface RgbaImage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * Names of the built-in textures `doc` refers to (any string field `builtin:NAME`: textures,
 * flipbook frames, trail images …) among `known`, in `known`'s order.
 */
export function builtinNamesUsed(doc: Scene, known: readonly string[]): string[] {
  const used = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.startsWith(BUILTIN_PREFIX)) used.add(v.slice(BUILTIN_PREFIX.length));
    } else if (Array.isArray(v)) {
      for (const x of v) walk(x);
    } else if (v !== null && typeof v === 'object') {
      for (const x of Object.values(v)) walk(x);
    }
  };
  walk(doc.systems);
  return known.filter((n) => used.has(n));
}

/** The CRC-32 table of PNG chunks (polynomial 0xEDB88320). */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * A PNG file of `image` (8-bit RGBA, no interlace, filter "none" on every row, zlib at level 9).
 * Throws when the pixel buffer does not hold `width × height` pixels.
 */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height, rgba } = image;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0) || rgba.length !== width * height * 4) {
    throw new Error(`encodePng: ${rgba.length} bytes do not hold ${width} × ${height} RGBA pixels`);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, filter set 0, no interlace
  const rows = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', zlibSync(rows, { level: 9 })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A ZIP of `NAME.png` for each of `names` whose pixels `pixels(name)` gives (the others are
 * left out), and the names it holds.
 */
export function builtinImagesZip(names: readonly string[], pixels: (name: string) => RgbaImage | null): { zip: Uint8Array; names: string[] } {
  const files: Record<string, Uint8Array> = {};
  const packed: string[] = [];
  for (const name of names) {
    const image = pixels(name);
    if (image === null) continue;
    // PNG data is already deflated: stored, not compressed again.
    files[`${name}.png`] = encodePng(image);
    packed.push(name);
  }
  return { zip: zipSync(files, { level: 0 }), names: packed };
}
