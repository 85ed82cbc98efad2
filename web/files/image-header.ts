// The pixel size of a PNG, JPEG or WebP file read from its header alone, so that an image too big
// to use is refused before anything decodes it (a full decode of a 20000×20000 PNG takes tens of
// seconds). Pure and defensive: the bytes are untrusted, every read is bounds-checked, nothing
// throws, and anything not understood is `null` ("unknown": the caller decodes as before).
//
// What is read (all offsets from the start of the file):
// - PNG: the 8-byte signature, then the first chunk, which must be `IHDR` of length 13: width and
//   height are its first two big-endian u32 (bytes 16–23).
// - JPEG: SOI (FF D8), then marker segments walked by their big-endian u16 lengths (APPn, COM,
//   DQT, DHT, DRI, … skipped; FF fill bytes and the stand-alone markers RSTn / TEM allowed) up to
//   the first frame header SOFn (C0–C3, C5–C7, C9–CB, CD–CF; not DHT C4, JPG C8, DAC CC):
//   precision u8, height u16, width u16. Scan data (SOS) or EOI before a frame header, a height
//   of 0 (set later by a DNL marker) or a segment running past the bytes given: unknown.
// - WebP: `RIFF` size `WEBP`, then the first chunk at byte 12: `VP8 ` (lossy: key-frame start
//   code 9D 01 2A, then 14-bit little-endian width and height), `VP8L` (lossless: signature 2F,
//   then 14 bits width − 1 and 14 bits height − 1, version bits 0) or `VP8X` (extended: 24-bit
//   little-endian canvas width − 1 and height − 1 at chunk bytes 4–9).
//
// The size is the one stored in the file; a JPEG whose EXIF orientation turns it is shown turned
// by the browser, which only swaps the two sides (a limit on both sides is unaffected).

/** Container formats the header reader understands (the images the editor accepts). */
export type ImageHeaderFormat = 'png' | 'jpeg' | 'webp';

/** An image's size as its header states it. */
export interface ImageHeaderSize {
  /** The container the size was read from. */
  format: ImageHeaderFormat;
  /** Width in pixels, at least 1. */
  width: number;
  /** Height in pixels, at least 1. */
  height: number;
}

/**
 * How many leading bytes of a file {@link readImageSize} should be given: enough for PNG and
 * WebP (30 bytes) and for a JPEG whose frame header follows large APPn segments (EXIF
 * thumbnails, ICC profiles split over several 64 KiB segments). A frame header further in
 * leaves the size unknown.
 */
export const IMAGE_HEADER_BYTES = 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The size `bytes` (the first bytes of an image file, see {@link IMAGE_HEADER_BYTES}) states in
 * its header, or `null` when it is not a PNG, JPEG or WebP header this reader understands, is cut
 * short, or states no usable size (0 pixels wide or high). Never throws, never reads outside
 * `bytes`.
 */
export function readImageSize(bytes: Uint8Array): ImageHeaderSize | null {
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return readPng(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes);
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return readWebp(bytes);
  return null;
}

function readPng(b: Uint8Array): ImageHeaderSize | null {
  // Signature (8), IHDR length (4) = 13, type (4) = "IHDR", width (4), height (4).
  if (b.length < 24 || u32be(b, 8) !== 13 || !startsWith(b, 12, ascii('IHDR'))) return null;
  return sized('png', u32be(b, 16), u32be(b, 20));
}

/** Whether JPEG marker `m` (the byte after FF) starts a frame header (SOFn). */
function isStartOfFrame(m: number): boolean {
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function readJpeg(b: Uint8Array): ImageHeaderSize | null {
  let p = 2; // after SOI
  // Every pass moves p forward by at least one byte, so the walk ends within b.length passes.
  while (p < b.length) {
    if (b[p] !== 0xff) return null; // not at a marker: not a segment structure we follow
    // Skip fill bytes: any number of FF may precede a marker code.
    while (p < b.length && b[p] === 0xff) p += 1;
    if (p >= b.length) return null;
    const marker = b[p];
    p += 1; // p is now at the segment's length field, if it has one
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // TEM, RSTn, SOI: no length
    if (marker === 0xd9 || marker === 0xda) return null; // EOI or scan data before any frame header
    if (marker === 0x00) return null; // a stuffed zero is not a marker outside scan data
    if (p + 2 > b.length) return null;
    const length = u16be(b, p); // counts its own two bytes
    if (length < 2 || p + length > b.length) return null;
    if (isStartOfFrame(marker)) {
      // length (2), precision (1), height (2), width (2), component count (1), …
      if (length < 8) return null;
      return sized('jpeg', u16be(b, p + 5), u16be(b, p + 3));
    }
    p += length;
  }
  return null;
}

function readWebp(b: Uint8Array): ImageHeaderSize | null {
  // RIFF header (12), then the first chunk: fourcc (4), size (4, little-endian), data from 20.
  if (b.length < 20) return null;
  const chunkSize = u32le(b, 16);
  const d = 20;
  if (startsWith(b, 12, ascii('VP8 '))) {
    // Frame tag (3 bytes; bit 0 clear on a key frame), start code 9D 01 2A, width, height.
    if (chunkSize < 10 || b.length < d + 10) return null;
    if ((b[d] & 1) !== 0 || b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) return null;
    // The top two bits of each are the upscaling hint, not part of the size.
    return sized('webp', u16le(b, d + 6) & 0x3fff, u16le(b, d + 8) & 0x3fff);
  }
  if (startsWith(b, 12, ascii('VP8L'))) {
    if (chunkSize < 5 || b.length < d + 5 || b[d] !== 0x2f) return null;
    const bits = u32le(b, d + 1);
    if (bits >>> 29 !== 0) return null; // version must be 0
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(b, 12, ascii('VP8X'))) {
    // Flags (1), reserved (3), canvas width − 1 (3), canvas height − 1 (3).
    if (chunkSize < 10 || b.length < d + 10) return null;
    return sized('webp', u24le(b, d + 4) + 1, u24le(b, d + 7) + 1);
  }
  return null;
}

function sized(format: ImageHeaderFormat, width: number, height: number): ImageHeaderSize | null {
  return width > 0 && height > 0 ? { format, width, height } : null;
}

function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

function startsWith(b: Uint8Array, at: number, expected: readonly number[]): boolean {
  if (at + expected.length > b.length) return false;
  return expected.every((v, i) => b[at + i] === v);
}

// Readers below are only called after the caller checked that the bytes exist.

function u16be(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1];
}

function u32be(b: Uint8Array, at: number): number {
  return b[at] * 0x1000000 + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
}

function u16le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

function u24le(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
}

function u32le(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;
}
