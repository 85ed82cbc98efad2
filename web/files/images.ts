// Image decoding for dropped or picked files: checks the container signature, refuses an image
// whose header states a side above the limit before decoding anything (image-header.ts), decodes
// with createImageBitmap, and reads straight-alpha RGBA8 pixels through a 2D canvas.

import { sniffImage } from './drop';
import { IMAGE_HEADER_BYTES, readImageSize } from './image-header';

/** Largest accepted image side, pixels (GPU texture limits are 8192 on many devices). */
export const MAX_IMAGE_SIDE = 4096;

/** A decoded image. */
export interface DecodedImage {
  width: number;
  height: number;
  /** Straight-alpha RGBA8, row-major, top row first. */
  rgba: Uint8Array;
}

/** Why an image could not be used. */
export type ImageProblem = 'notAnImage' | 'corrupt' | 'empty' | 'tooBig';

/** An image that could not be used. */
export class ImageError extends Error {
  constructor(
    readonly problem: ImageProblem,
    message: string,
    /** `tooBig`: the image's size, as its header states it or as decoded (the editor names it). */
    readonly size?: { width: number; height: number },
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

/** Throws `tooBig` when `width` or `height` is above {@link MAX_IMAGE_SIDE}. */
function checkImageSide(width: number, height: number): void {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageError('tooBig', `${width}×${height} is larger than ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}`, { width, height });
  }
}

/**
 * Decodes `blob` into RGBA8. Throws {@link ImageError}; a side above {@link MAX_IMAGE_SIDE}
 * (`tooBig`) is read from the header when it can be (at once, nothing decoded), else found after
 * decoding.
 */
export async function decodeImage(blob: Blob): Promise<DecodedImage> {
  if (blob.size === 0) throw new ImageError('empty', 'the file is empty');
  const head = new Uint8Array(await blob.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  if (sniffImage(head) === null) throw new ImageError('notAnImage', 'not a PNG, JPEG or WebP file');
  const stated = readImageSize(head);
  if (stated !== null) checkImageSide(stated.width, stated.height);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch {
    throw new ImageError('corrupt', 'the image data is corrupt');
  }
  try {
    const { width, height } = bitmap;
    if (width === 0 || height === 0) throw new ImageError('empty', 'the image has no pixels');
    checkImageSide(width, height);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx === null) throw new ImageError('corrupt', 'no 2D canvas to read the image');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, width, height).data;
    return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    bitmap.close();
  }
}
