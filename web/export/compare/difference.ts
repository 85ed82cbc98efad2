// The pixel difference between the preview and the official Spine renderer (issue 15), on two
// RGBA8 images of the same size (rows of `width·4` bytes; alpha ignored: both are drawn on the
// same opaque background).
//
// With `d_c(p) = |a_c(p) − b_c(p)|` for the colour channels c ∈ {r, g, b} of pixel p (0..255):
// - MSE = Σ_p Σ_c d_c(p)² / (3·N), PSNR = 10·log10(255² / MSE) dB (∞ when MSE = 0);
// - off share = #{p : max_c d_c(p) > 8} / N (a pixel "off by more than 8/255");
// - the difference image shows min(255, AMPLIFY · d_c(p)) per channel, opaque.
// Pure: no DOM, usable from Node tests.

/** Threshold of an "off" pixel, in 1/255 steps (a channel differing by more than this). */
export const OFF_THRESHOLD = 8;

/** How much the difference image amplifies |preview − Spine|. */
export const AMPLIFY = 8;

/** The numbers of one comparison. */
export interface Difference {
  /** Peak signal-to-noise ratio over r, g, b, dB (`Infinity` when the images are equal). */
  psnrDb: number;
  /** Share of pixels with a channel off by more than {@link OFF_THRESHOLD}/255, 0..1. */
  offShare: number;
  /** Pixels compared. */
  pixels: number;
}

/** Compares two RGBA8 images of equal length (see the file comment); `out` gets the amplified difference. */
export function difference(a: Uint8ClampedArray | Uint8Array, b: Uint8ClampedArray | Uint8Array, out?: Uint8ClampedArray): Difference {
  if (a.length !== b.length || a.length % 4 !== 0) throw new Error(`difference: images of ${a.length} and ${b.length} bytes`);
  if (out !== undefined && out.length !== a.length) throw new Error(`difference: output of ${out.length} bytes for ${a.length}`);
  let squares = 0;
  let off = 0;
  for (let i = 0; i < a.length; i += 4) {
    const dr = Math.abs(a[i] - b[i]);
    const dg = Math.abs(a[i + 1] - b[i + 1]);
    const db = Math.abs(a[i + 2] - b[i + 2]);
    squares += dr * dr + dg * dg + db * db;
    if (dr > OFF_THRESHOLD || dg > OFF_THRESHOLD || db > OFF_THRESHOLD) off++;
    if (out !== undefined) {
      out[i] = dr * AMPLIFY;
      out[i + 1] = dg * AMPLIFY;
      out[i + 2] = db * AMPLIFY;
      out[i + 3] = 255;
    }
  }
  const pixels = a.length / 4;
  const mse = pixels === 0 ? 0 : squares / (3 * pixels);
  return { psnrDb: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse), offShare: pixels === 0 ? 0 : off / pixels, pixels };
}

/** `Difference` as `"41.2 dB · 0.12 %"` (∞ when equal). */
export function formatDifference(d: Difference): { psnr: string; off: string } {
  return { psnr: Number.isFinite(d.psnrDb) ? d.psnrDb.toFixed(1) : '∞', off: (d.offShare * 100).toFixed(2) };
}
