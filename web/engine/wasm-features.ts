// The WebAssembly features the module is compiled for, checked before it is fetched: the build
// targets wasm32 with SIMD (`.cargo/config.toml`, `+simd128`), so an engine without it would
// fail to compile the module with an opcode error. Each feature has a tiny probe module that
// only validates where the feature exists (the technique of wasm-feature-detect, written out).

/** A WebAssembly feature the module needs, with the first browser versions that have it. */
export interface WasmFeature {
  /** Short name, as in the error. */
  name: string;
  /** Browsers that have it (the error's advice). */
  since: string;
  /** A module that validates only where the feature exists. */
  probe: Uint8Array<ArrayBuffer>;
}

/**
 * Fixed-width SIMD (128-bit vectors): a module whose one function `() -> v128` is
 * `i32.const 0; i32x4.splat`.
 */
export const SIMD: WasmFeature = {
  name: 'WebAssembly SIMD (128-bit)',
  since: 'Chrome / Edge 91, Firefox 89, Safari 16.4',
  probe: new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type section: () -> v128
    0x03, 0x02, 0x01, 0x00, //                         function section: one function of type 0
    0x0a, 0x08, 0x01, 0x06, 0x00, //                   code section: one body of 6 bytes, no locals
    0x41, 0x00, 0xfd, 0x11, 0x0b, //                   i32.const 0; i32x4.splat; end
  ]),
};

/** Every feature the module is compiled for. */
export const REQUIRED_FEATURES: readonly WasmFeature[] = [SIMD];

/** Thrown when the engine lacks a feature of {@link REQUIRED_FEATURES}. */
export class WasmFeatureMissing extends Error {
  /** The missing feature. */
  readonly feature: WasmFeature;

  constructor(feature: WasmFeature) {
    super(`this browser's WebAssembly lacks ${feature.name}, which the editor needs (${feature.since} or later)`);
    this.name = 'WasmFeatureMissing';
    this.feature = feature;
  }
}

/**
 * Throws {@link WasmFeatureMissing} for the first required feature `validate` rejects
 * (`WebAssembly.validate` by default; `null`, an engine without WebAssembly, lacks them all).
 */
export function assertWasmFeatures(
  validate: ((bytes: Uint8Array<ArrayBuffer>) => boolean) | null = globalThis.WebAssembly?.validate ?? null,
): void {
  for (const feature of REQUIRED_FEATURES) {
    let ok: boolean;
    try {
      ok = validate !== null && validate(feature.probe);
    } catch {
      ok = false;
    }
    if (!ok) throw new WasmFeatureMissing(feature);
  }
}
