// PNG files for tests, written here without the product's encoder (web/export/builtin-images.ts):
// a signature and IHDR stating any size (a header may claim 20000×20000 over one row of pixels,
// to test what is refused from the header alone), chunks with their CRC, and small whole files.
import { deflateSync } from 'node:zlib';

/** The 8-byte PNG signature. */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `parts` one after another. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `v` as 4 big-endian bytes. */
function u32be(v: number): Uint8Array {
  return Uint8Array.of(v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
}

/** CRC-32 of a chunk's type and data (bit by bit: the chunks here are small). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concatBytes(Uint8Array.from(type, (c) => c.charCodeAt(0)), data);
  return concatBytes(u32be(data.length), typed, u32be(crc32(typed)));
}

/** The signature and an IHDR chunk (8-bit RGBA) stating `width`×`height`. */
export function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = concatBytes(u32be(width), u32be(height), Uint8Array.of(8, 6, 0, 0, 0));
  return concatBytes(Uint8Array.from(SIGNATURE), pngChunk('IHDR', ihdr));
}

/** A PNG whose header states `width`×`height` over `rows` rows of grey pixels (all of them when
 * `rows` is the height: a complete, valid file; fewer: a file that claims more than it holds). */
export function pngClaiming(width: number, height: number, rows = Math.min(height, 1)): Uint8Array {
  const stride = Math.min(width, 4096) * 4 + 1;
  const raw = new Uint8Array(stride * rows).fill(0x80);
  for (let y = 0; y < rows; y++) raw[y * stride] = 0;
  return concatBytes(pngHeader(width, height), pngChunk('IDAT', new Uint8Array(deflateSync(raw))), pngChunk('IEND', new Uint8Array(0)));
}
