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
    const wasm = new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm')));
    expect(targetFeatures(wasm)).toContain('+simd128');
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

/** The `+name` / `-name` entries of a module's `target_features` custom section (rustc writes it). */
function targetFeatures(wasm: Uint8Array): string[] {
  let at = 8;
  const leb = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = wasm[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  };
  const name = (): string => {
    const length = leb();
    const text = new TextDecoder().decode(wasm.subarray(at, at + length));
    at += length;
    return text;
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 0 && name() === 'target_features') {
      const out: string[] = [];
      for (let n = leb(); n > 0; n--) {
        const prefix = String.fromCharCode(wasm[at++]!);
        out.push(prefix + name());
      }
      return out;
    }
    at = end;
  }
  return [];
}
