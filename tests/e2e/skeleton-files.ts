// Files for dropping a Spine skeleton in end-to-end tests: the official examples ship without
// atlases and pages, so the atlas names every region (web/skeleton/synth-atlas.ts) and the page
// is a synthesised PNG whose 64×64 cells each have their own colour and a diagonal stripe.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zlibSync } from 'fflate';
import { regionPaths, synthAtlas } from '../../web/skeleton/synth-atlas';

/** The shared fixtures folder of Spine examples. */
export const SPINE_FIXTURES = join(import.meta.dirname, '../fixtures/spine');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Opaque RGBA pixels whose 64×64 cells each have their own bright colour with a diagonal stripe. */
export function pageRgba(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor(x / 64) + Math.floor(y / 64) * 16;
      const stripe = (x + y) % 16 < 8;
      const o = (y * width + x) * 4;
      rgba[o] = stripe ? 255 : 60 + ((cell * 67) % 180);
      rgba[o + 1] = stripe ? 220 : 60 + ((cell * 131) % 180);
      rgba[o + 2] = stripe ? 40 : 60 + ((cell * 29) % 180);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** {@link pageRgba} as a PNG. */
export function pagePng(width: number, height: number): Buffer {
  const rgba = pageRgba(width, height);
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

/**
 * The files of a drop of the JSON example `name` (e.g. `vine-pro-4.2`): the skeleton (the JSON,
 * or the `.skel` when `binary`), a synthesised atlas naming its regions, and its page.
 */
export function skeletonDrop(name: string, binary = false): { name: string; bytes: Uint8Array }[] {
  const json = readFileSync(join(SPINE_FIXTURES, `${name}.json`), 'utf8');
  const page = `${name}.png`;
  const skeleton = binary ? readFileSync(join(SPINE_FIXTURES, `${name}.skel`)) : Buffer.from(json);
  return [
    { name: binary ? `${name}.skel` : `${name}.json`, bytes: skeleton },
    { name: `${name}.atlas`, bytes: new TextEncoder().encode(synthAtlas(regionPaths(json), page, 1024, 512)) },
    { name: page, bytes: pagePng(1024, 512) },
  ];
}
