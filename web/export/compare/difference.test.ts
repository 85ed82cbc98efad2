import { describe, expect, it } from 'vitest';
import { AMPLIFY, difference, formatDifference } from './difference';
import { attachmentNames, premultiply } from './spine-view';

const image = (pixels: number[][]): Uint8Array => new Uint8Array(pixels.flat());

describe('pixel difference of the compare view', () => {
  it('equal images: infinite PSNR, nothing off, a black difference image', () => {
    const a = image([[10, 20, 30, 255], [200, 100, 0, 255]]);
    const out = new Uint8ClampedArray(8);
    const d = difference(a, a.slice(), out);
    expect(d).toEqual({ psnrDb: Infinity, offShare: 0, pixels: 2 });
    expect([...out]).toEqual([0, 0, 0, 255, 0, 0, 0, 255]);
    expect(formatDifference(d)).toEqual({ psnr: '∞', off: '0.00' });
  });

  it('PSNR is 10·log10(255²/MSE) over r, g, b and alpha is ignored', () => {
    // One channel of one of two pixels differs by 30: MSE = 900 / 6 = 150.
    const a = image([[0, 0, 0, 255], [0, 0, 0, 255]]);
    const b = image([[30, 0, 0, 0], [0, 0, 0, 255]]);
    const d = difference(a, b);
    expect(d.psnrDb).toBeCloseTo(10 * Math.log10((255 * 255) / 150), 10);
    expect(d.offShare).toBe(0.5);
  });

  it('a pixel is off only past 8/255 and the difference image is amplified', () => {
    const a = image([[100, 100, 100, 255], [100, 100, 100, 255]]);
    const b = image([[108, 92, 100, 255], [109, 100, 100, 255]]);
    const out = new Uint8ClampedArray(8);
    expect(difference(a, b, out).offShare).toBe(0.5);
    expect([...out.slice(0, 3)]).toEqual([8 * AMPLIFY, 8 * AMPLIFY, 0]);
    expect(out[4]).toBe(Math.min(255, 9 * AMPLIFY));
  });

  it('refuses images of different sizes', () => {
    expect(() => difference(new Uint8Array(8), new Uint8Array(4))).toThrow(/8 and 4 bytes/);
  });
});

describe('the Spine canvas atlas', () => {
  it('names images by the export attachment paths (spec §8)', () => {
    expect(attachmentNames('builtin:soft_dot')).toEqual(['soft_dot']);
    expect(attachmentNames('./images/fx/fire.PNG')).toEqual(['images/fx/fire', 'fx/fire', 'fire']);
    expect(attachmentNames('seq\\f_01.png')).toEqual(['seq/f_01', 'f_01']);
  });

  it('premultiplies like the preview: round(c·a/255)', () => {
    expect([...premultiply(new Uint8Array([255, 128, 1, 128, 9, 9, 9, 0]))]).toEqual([128, 64, 1, 128, 0, 0, 0, 0]);
  });
});
