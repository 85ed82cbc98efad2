import { describe, expect, it } from 'vitest';
import { concatBytes as concat, crc32, pngClaiming, pngHeader } from '../../tests/support/png-write';
import { readImageSize, type ImageHeaderSize } from './image-header';

// Real 3×2 files: the JPEG and the WebP bitstreams were encoded by Chromium's canvas
// (convertToBlob; the JPEG's ICC segment removed, the WebP bitstreams re-wrapped as simple and
// extended files); each decodes to 3×2 in Chromium. The PNG is built below with zlib.
const JPEG_3X2 = b64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAaEAEAAQUAAAAAAAAAAAAAAAAABAMGNXW0/8QAFAEBAAAAAAAAAAAAAAAAAAAACP/EAB4RAAAFBQEAAAAAAAAAAAAAAAABBDWyAgMFBnJz/9oADAMBAAIRAxEAPwChs7ESNjP66wAebC8rPW5MwscU3p+KYkP/2Q==',
);
const WEBP_LOSSY_3X2 = b64(
  'UklGRlwAAABXRUJQVlA4IFAAAABwAwCdASoDAAIAAUAmJagCdLoB+AH4AUoCqAMkA/QAFuz2xGAAzjS77P/+sDam/9fj4O7L1DshYfg7svUP/Rn/9RoKVymPfzzzXKZ/fMAAAA==',
);
const WEBP_LOSSLESS_3X2 = b64('UklGRiAAAABXRUJQVlA4TBMAAAAvAkAAAA9QoPnf//kPBy2I6H8AAA==');
const WEBP_EXTENDED_3X2 = b64(
  'UklGRm4AAABXRUJQVlA4WAoAAAAAAAAAAgAAAQAAVlA4IFAAAABwAwCdASoDAAIAAUAmJagCdLoB+AH4AUoCqAMkA/QAFuz2xGAAzjS77P/+sDam/9fj4O7L1DshYfg7svUP/Rn/9RoKVymPfzzzXKZ/fMAAAA==',
);
const PNG_3X2 = pngClaiming(3, 2, 2);

const REAL: [string, Uint8Array, ImageHeaderSize][] = [
  ['png', PNG_3X2, { format: 'png', width: 3, height: 2 }],
  ['jpeg', JPEG_3X2, { format: 'jpeg', width: 3, height: 2 }],
  ['webp lossy (VP8)', WEBP_LOSSY_3X2, { format: 'webp', width: 3, height: 2 }],
  ['webp lossless (VP8L)', WEBP_LOSSLESS_3X2, { format: 'webp', width: 3, height: 2 }],
  ['webp extended (VP8X)', WEBP_EXTENDED_3X2, { format: 'webp', width: 3, height: 2 }],
];

describe('readImageSize', () => {
  it('test guard: a read outside the bytes fails', () => {
    expect(() => guarded(new Uint8Array(2))[2]).toThrow(RangeError);
    expect(() => guarded(new Uint8Array(2))[-1]).toThrow(RangeError);
    expect(guarded(new Uint8Array([7, 9])).length).toBe(2);
    expect(crc32(ascii('IEND'))).toBe(0xae426082); // the well-known CRC of an empty IEND chunk
  });

  it.each(REAL)('reads the size of a real %s file', (_, bytes, size) => {
    expect(readImageSize(guarded(bytes))).toEqual(size);
  });

  it('reads sizes far above the limit from the header alone', () => {
    expect(readImageSize(guarded(pngHeader(20000, 20000)))).toEqual({ format: 'png', width: 20000, height: 20000 });
    expect(readImageSize(guarded(pngHeader(0xffffffff, 1)))).toEqual({ format: 'png', width: 0xffffffff, height: 1 });
    expect(readImageSize(guarded(jpegWithSize(JPEG_3X2, 20000, 9000)))).toEqual({ format: 'jpeg', width: 20000, height: 9000 });
    expect(readImageSize(guarded(jpegWithSize(JPEG_3X2, 65535, 65535)))).toEqual({ format: 'jpeg', width: 65535, height: 65535 });
    // VP8: 14 bits each, the 2 scale bits above them ignored.
    const lossy = WEBP_LOSSY_3X2.slice();
    lossy.set([0xff, 0xff, 0x20, 0xcf], 26); // width 0x3fff with scale bits, height 0x0f20 with scale bits
    expect(readImageSize(guarded(lossy))).toEqual({ format: 'webp', width: 16383, height: 3872 });
    // VP8L: 14 bits of width − 1 and of height − 1.
    const lossless = WEBP_LOSSLESS_3X2.slice();
    lossless.set(u32le((16383 | (9999 << 14)) >>> 0), 21);
    expect(readImageSize(guarded(lossless))).toEqual({ format: 'webp', width: 16384, height: 10000 });
    // VP8X: 24 bits of canvas width − 1 and height − 1.
    const extended = WEBP_EXTENDED_3X2.slice();
    extended.set([0x1f, 0x4e, 0x00, 0xff, 0xff, 0xff], 24);
    expect(readImageSize(guarded(extended))).toEqual({ format: 'webp', width: 20000, height: 16777216 });
  });

  it('walks JPEG segments: APPn and comments before the frame header, fill bytes, other SOF kinds', () => {
    const exif = segment(0xe1, new Uint8Array(60000).fill(0xff)); // a large APP1 full of FF bytes
    const comment = segment(0xfe, new TextEncoder().encode('made by hand'));
    const walked = concat(JPEG_3X2.subarray(0, 2), exif, comment, new Uint8Array([0xff, 0xff, 0xff]), JPEG_3X2.subarray(2));
    expect(readImageSize(guarded(walked))).toEqual({ format: 'jpeg', width: 3, height: 2 });
    for (const sof of [0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      const kind = JPEG_3X2.slice();
      kind[sofOffset(JPEG_3X2) + 1] = sof;
      expect(readImageSize(guarded(kind)), sof.toString(16)).toEqual({ format: 'jpeg', width: 3, height: 2 });
    }
    // DHT (C4), JPG (C8) and DAC (CC) are not frame headers: read as plain segments, then SOS.
    for (const notSof of [0xc4, 0xc8, 0xcc]) {
      const kind = JPEG_3X2.slice();
      kind[sofOffset(JPEG_3X2) + 1] = notSof;
      expect(readImageSize(guarded(kind)), notSof.toString(16)).toBeNull();
    }
    // Stand-alone markers (no length) between segments are stepped over.
    const standalone = concat(JPEG_3X2.subarray(0, 2), new Uint8Array([0xff, 0x01, 0xff, 0xd0]), JPEG_3X2.subarray(2));
    expect(readImageSize(guarded(standalone))).toEqual({ format: 'jpeg', width: 3, height: 2 });
  });

  it('is unknown when the JPEG frame header states no size or comes too late', () => {
    // Height 0: set later by a DNL marker.
    expect(readImageSize(guarded(jpegWithSize(JPEG_3X2, 3, 0)))).toBeNull();
    expect(readImageSize(guarded(jpegWithSize(JPEG_3X2, 0, 2)))).toBeNull();
    // Scan data or the end before any frame header.
    const sof = sofOffset(JPEG_3X2);
    expect(readImageSize(guarded(concat(JPEG_3X2.subarray(0, sof), new Uint8Array([0xff, 0xda, 0x00, 0x02]), JPEG_3X2.subarray(sof))))).toBeNull();
    expect(readImageSize(guarded(concat(JPEG_3X2.subarray(0, 2), new Uint8Array([0xff, 0xd9]), JPEG_3X2.subarray(2))))).toBeNull();
    // Junk where a marker should be, a stuffed zero, a length below 2, a frame header too short.
    expect(readImageSize(guarded(concat(JPEG_3X2.subarray(0, 2), new Uint8Array([0x12]), JPEG_3X2.subarray(2))))).toBeNull();
    expect(readImageSize(guarded(new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x00, 0x10])))).toBeNull();
    expect(readImageSize(guarded(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0])))).toBeNull();
    expect(readImageSize(guarded(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x07, 8, 0, 2, 0, 3, 1])))).toBeNull();
    // A segment longer than the bytes given (the frame header beyond them).
    expect(readImageSize(guarded(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3])))).toBeNull();
  });

  it('is unknown for headers it does not trust', () => {
    const notIhdr = pngHeader(20, 20);
    notIhdr.set(ascii('CgBI'), 12);
    expect(readImageSize(guarded(notIhdr))).toBeNull();
    const badLength = pngHeader(20, 20);
    badLength[11] = 12;
    expect(readImageSize(guarded(badLength))).toBeNull();
    expect(readImageSize(guarded(pngHeader(0, 20)))).toBeNull();
    expect(readImageSize(guarded(pngHeader(20, 0)))).toBeNull();
    const interFrame = WEBP_LOSSY_3X2.slice();
    interFrame[20] |= 1; // not a key frame
    expect(readImageSize(guarded(interFrame))).toBeNull();
    const noStartCode = WEBP_LOSSY_3X2.slice();
    noStartCode[23] = 0x9c;
    expect(readImageSize(guarded(noStartCode))).toBeNull();
    const badSignature = WEBP_LOSSLESS_3X2.slice();
    badSignature[20] = 0x2e;
    expect(readImageSize(guarded(badSignature))).toBeNull();
    const badVersion = WEBP_LOSSLESS_3X2.slice();
    badVersion[24] |= 0x20;
    expect(readImageSize(guarded(badVersion))).toBeNull();
    const otherChunk = WEBP_LOSSY_3X2.slice();
    otherChunk.set(ascii('ALPH'), 12);
    expect(readImageSize(guarded(otherChunk))).toBeNull();
    const shortChunk = WEBP_EXTENDED_3X2.slice();
    shortChunk[16] = 9;
    expect(readImageSize(guarded(shortChunk))).toBeNull();
    expect(readImageSize(guarded(ascii('GIF89a\u0001\u0000\u0001\u0000')))).toBeNull();
    expect(readImageSize(guarded(new Uint8Array(0)))).toBeNull();
  });

  it('never throws or reads past the bytes on every prefix of the real files', () => {
    for (const [name, bytes, size] of REAL) {
      let known = 0;
      for (let n = 0; n <= bytes.length; n++) {
        const got = readImageSize(guarded(bytes.subarray(0, n)));
        if (got !== null) {
          expect(got, `${name} cut to ${n} bytes`).toEqual(size);
          known += 1;
        }
      }
      // Once the header is complete the size is known, whatever follows is missing.
      expect(known, name).toBeGreaterThan(0);
      expect(readImageSize(guarded(bytes.subarray(0, bytes.length - known + 1)))).toEqual(size);
    }
  });

  it('never throws or reads past the bytes on hostile input', () => {
    let seed = 0x2545f491;
    const random = (): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x100000000;
    };
    const starts = [PNG_3X2.subarray(0, 16), JPEG_3X2.subarray(0, 2), WEBP_LOSSY_3X2.subarray(0, 16), WEBP_LOSSLESS_3X2.subarray(0, 16), WEBP_EXTENDED_3X2.subarray(0, 16)];
    // Bytes biased towards markers and small lengths, so the JPEG walk takes many segments.
    const pick = [0xff, 0xff, 0xd8, 0xda, 0xc0, 0xc2, 0xe1, 0x00, 0x01, 0x02, 0x08, 0x2f, 0x9d, 0x01, 0x2a];
    for (let i = 0; i < 4000; i++) {
      const start = starts[i % starts.length];
      const tail = Array.from({ length: Math.floor(random() * 64) }, () => (random() < 0.6 ? pick[Math.floor(random() * pick.length)] : Math.floor(random() * 256)));
      const bytes = concat(start, new Uint8Array(tail));
      const got = readImageSize(guarded(bytes));
      if (got !== null) {
        expect(got.width).toBeGreaterThan(0);
        expect(got.height).toBeGreaterThan(0);
      }
    }
    // Every single-byte change of each real file.
    for (const [, bytes] of REAL) {
      for (let at = 0; at < Math.min(bytes.length, 200); at++) {
        for (const v of [0x00, 0x01, 0x7f, 0xff]) {
          const changed = bytes.slice();
          changed[at] = v;
          expect(() => readImageSize(guarded(changed))).not.toThrow();
        }
      }
    }
  });
});

/**
 * `bytes` behind a proxy that throws on any element read outside `0 … length − 1`, so a read out
 * of bounds fails the test (a plain typed array would quietly give `undefined`).
 */
function guarded(bytes: Uint8Array): Uint8Array {
  return new Proxy(bytes, {
    get(target, key) {
      if (typeof key === 'string' && /^-?\d+$/.test(key)) {
        const index = Number(key);
        if (index < 0 || index >= target.length) throw new RangeError(`read at ${index} of ${target.length} bytes`);
        return target[index];
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function b64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function u32le(v: number): Uint8Array {
  return new Uint8Array([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]);
}

/** A JPEG marker segment: FF, marker, big-endian length (counting itself), data. */
function segment(marker: number, data: Uint8Array): Uint8Array {
  const n = data.length + 2;
  return concat(new Uint8Array([0xff, marker, n >> 8, n & 0xff]), data);
}

/** Offset of the (only) SOF0 marker's FF byte in `jpeg`. */
function sofOffset(jpeg: Uint8Array): number {
  for (let i = 0; i + 1 < jpeg.length; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === 0xc0) return i;
  throw new Error('no SOF0');
}

/** `jpeg` with its frame header's width and height replaced. */
function jpegWithSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  const at = sofOffset(jpeg) + 5; // FF C0, length (2), precision (1)
  out.set([height >> 8, height & 0xff, width >> 8, width & 0xff], at);
  return out;
}

