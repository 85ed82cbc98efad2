import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine/engine';
import { loadImage } from '../editor/images';
import { setLang } from '../i18n';
import { decodeImage, ImageError, MAX_IMAGE_SIDE } from './images';

// decodeImage refuses an image whose header states a side above the limit before anything
// decodes it: createImageBitmap (a full decode, ~23 s for a 20000×20000 PNG in Chromium) is
// stubbed here and must not be called.

afterEach(() => {
  vi.unstubAllGlobals();
  setLang('zh-CN', null);
});

/** Stubs createImageBitmap with a bitmap of `width`×`height`; returns the stub and its close(). */
function stubDecoder(width: number, height: number): { decode: ReturnType<typeof vi.fn>; close: ReturnType<typeof vi.fn> } {
  const close = vi.fn();
  const decode = vi.fn(() => Promise.resolve({ width, height, close }));
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, close };
}

describe('decodeImage: the size limit', () => {
  it('refuses a 20000×20000 PNG from its header, without decoding, naming the size', async () => {
    const { decode } = stubDecoder(20000, 20000);
    const error = await decodeImage(new Blob([hugePng()])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageError);
    expect(error).toMatchObject({ problem: 'tooBig', size: { width: 20000, height: 20000 } });
    expect((error as Error).message).toBe('20000×20000 is larger than 4096×4096');
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses JPEG and WebP headers above the limit without decoding', async () => {
    const { decode } = stubDecoder(1, 1);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 8, 0x00, 0x10, 0x13, 0x88, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    await expect(decodeImage(new Blob([jpeg]))).rejects.toMatchObject({ size: { width: 5000, height: 16 } });
    const webp = new Uint8Array([...ascii('RIFF'), 30, 0, 0, 0, ...ascii('WEBPVP8X'), 10, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0]);
    await expect(decodeImage(new Blob([webp]))).rejects.toMatchObject({ size: { width: 4097, height: 1 } });
    expect(decode).not.toHaveBeenCalled();
  });

  it('decodes an image whose header is within the limit', async () => {
    const { decode, close } = stubDecoder(MAX_IMAGE_SIDE + 1, 2);
    // The header says 4096×2; if the decoder disagrees, the decoded size decides (and is named).
    const error = await decodeImage(new Blob([pngHeader(MAX_IMAGE_SIDE, 2)])).catch((e: unknown) => e);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ size: { width: 4097, height: 2 } });
    expect(close).toHaveBeenCalled();
  });

  it('decodes when the header states no size, and checks the decoded size', async () => {
    const { decode } = stubDecoder(9000, 10);
    // A JPEG whose frame header leaves the height to a later DNL marker (height 0).
    const dnl = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 8, 0, 0, 0x23, 0x28, 1, 1, 0x11, 0]);
    await expect(decodeImage(new Blob([dnl]))).rejects.toMatchObject({ size: { width: 9000, height: 10 } });
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('keeps the other refusals as ImageError', async () => {
    stubDecoder(1, 1);
    await expect(decodeImage(new Blob([]))).rejects.toMatchObject({ problem: 'empty' });
    await expect(decodeImage(new Blob([ascii('GIF89a')]))).rejects.toMatchObject({ problem: 'notAnImage' });
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('bad data')));
    const corrupt = await decodeImage(new Blob([pngHeader(4, 4)])).catch((e: unknown) => e);
    expect(corrupt).toBeInstanceOf(ImageError);
    expect(corrupt).toMatchObject({ problem: 'corrupt' });
  });

  it('the editor shows the size in the refusal it words (web/editor/images.ts loadImage)', async () => {
    const { decode } = stubDecoder(20000, 20000);
    const shown: [string, string][] = [];
    const asset = await loadImage({} as Engine, (kind, text) => void shown.push([kind, text]), 'huge.png', new Blob([hugePng()]));
    expect(asset).toBeNull();
    expect(shown).toEqual([['error', '图片“huge.png”无法使用：图片尺寸为 20000×20000，超过 4096×4096 的上限']]);
    setLang('en', null);
    shown.length = 0;
    await loadImage({} as Engine, (kind, text) => void shown.push([kind, text]), 'huge.png', new Blob([hugePng()]));
    expect(shown).toEqual([['error', 'Image "huge.png" cannot be used: the image is 20000×20000, above the 4096×4096 limit']]);
    expect(decode).not.toHaveBeenCalled();
  });
});

function ascii(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function u32be(v: number): number[] {
  return [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

/** PNG signature and an IHDR chunk (8-bit RGBA) stating `width`×`height` (CRC not checked here). */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32be(13), ...ascii('IHDR'), ...u32be(width), ...u32be(height), 8, 6, 0, 0, 0, 0, 0, 0, 0]);
}

/** A 1.6 MB file whose PNG header states 20000×20000 (the rest is zero bytes). */
function hugePng(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(1_600_000);
  bytes.set(pngHeader(20000, 20000));
  return bytes;
}
