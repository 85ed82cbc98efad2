import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_FEATURES, SIMD, WasmFeatureMissing, assertWasmFeatures } from './wasm-features';

const ROOT = join(import.meta.dirname, '../..');

describe('WebAssembly feature probes', () => {
  it('the SIMD probe validates in an engine with SIMD (Node 20 = V8, as Chromium)', () => {
    expect(WebAssembly.validate(SIMD.probe)).toBe(true);
    expect(() => assertWasmFeatures()).not.toThrow();
  });

  it('the SIMD probe needs SIMD: the same module with its v128 result or opcode changed is invalid', () => {
    const i32Result = SIMD.probe.slice();
    i32Result[14] = 0x7f; // () -> i32: the splat's v128 no longer matches
    expect(WebAssembly.validate(i32Result)).toBe(false);
    const badOpcode = SIMD.probe.slice();
    badOpcode[27] = 0xff; // an unassigned SIMD opcode
    expect(WebAssembly.validate(badOpcode)).toBe(false);
  });

  it('the shipped module is compiled for SIMD (its target_features section), so the probe guards a real requirement', () => {
    const wasm = readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'));
    // rustc's `target_features` custom section lists each feature as a `+` prefix, the name's
    // length (one LEB128 byte here) and the name.
    expect(wasm.includes(Buffer.from('+\x07simd128', 'latin1'))).toBe(true);
    expect(wasm.includes(Buffer.from('target_features', 'latin1'))).toBe(true);
  });

  it('an engine that rejects the probe gets a message naming the feature and the browsers that have it', () => {
    let error: unknown;
    try {
      assertWasmFeatures(() => false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WasmFeatureMissing);
    expect((error as WasmFeatureMissing).feature).toBe(SIMD);
    expect((error as Error).message).toMatch(/WebAssembly SIMD .*Safari 16\.4/);
  });

  it('an engine without WebAssembly, or whose validate throws, lacks the features too', () => {
    expect(() => assertWasmFeatures(null)).toThrow(WasmFeatureMissing);
    expect(() =>
      assertWasmFeatures(() => {
        throw new Error('no');
      }),
    ).toThrow(WasmFeatureMissing);
    expect(REQUIRED_FEATURES).toContain(SIMD);
  });
});

