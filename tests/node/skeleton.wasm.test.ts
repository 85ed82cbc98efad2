// The wasm skeleton bindings (crates/sp-wasm/src/skel.rs) as built into web/pkg by
// scripts/build-wasm.sh, called from Node the way the panel calls them: skelInfo's JSON shape,
// skelRepair's bytes and report, errors as JS Errors with the crate's message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SkeletonInfo, SkelWasm } from '../../web/skeleton/types.ts';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/spine');
const COIN = new Uint8Array(readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')));

let wasm: SkelWasm;

beforeAll(async () => {
  const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as SkelWasm & { initSync(o: { module: Uint8Array }): unknown };
  glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
  wasm = glue;
});

/** The coin with string 0 `clipping` made `clipping ` (length varint 9 → 10 at byte 52). */
function brokenCoin(): Uint8Array {
  const out = new Uint8Array(COIN.length + 1);
  out.set(COIN.subarray(0, 61));
  out[52] = 10;
  out[61] = 0x20;
  out.set(COIN.subarray(61), 62);
  return out;
}

describe('wasm skelInfo / skelRepair', () => {
  it('skelInfo gives the CLI JSON shape', () => {
    const info = JSON.parse(wasm.skelInfo(COIN, undefined, undefined)) as SkeletonInfo;
    expect(info).toMatchObject({ format: 'binary', version: '4.2.22', referenceScale: 100, nonessential: true, fps: 30, images: './images/', headerSize: 186, defects: [] });
    expect(info.strings).toHaveLength(8);
    expect(info.strings?.[0]).toBe('clipping');
  });

  it('skelRepair trims the trailing space and returns the atlas unchanged', () => {
    const broken = brokenCoin();
    const info = JSON.parse(wasm.skelInfo(broken, undefined, undefined)) as SkeletonInfo;
    expect(info.defects).toEqual([{ kind: 'trailing_whitespace', index: 0, value: 'clipping ' }]);
    const atlas = new TextEncoder().encode('coin.png\nsize:64,64\nclipping\nbounds:0,0,8,8\n');
    const result = wasm.skelRepair(broken, atlas, undefined);
    expect(Array.from(result.skeleton())).toEqual(Array.from(COIN));
    expect(Array.from(result.atlas() ?? [])).toEqual(Array.from(atlas));
    expect(result.atlasChanged()).toBe(false);
    const report = JSON.parse(result.reportJson());
    expect(report.changes).toMatchObject([{ index: 0, before: 'clipping ', after: 'clipping' }]);
    const legacy = wasm.skelRepair(broken, undefined, 'gbk');
    expect(legacy.atlas()).toBeUndefined();
    expect(JSON.parse(legacy.reportJson()).charsetFix).toMatch(/^legacy-reader:/);
    result.free?.();
    legacy.free?.();
  });

  it('errors are JS Errors with the message', () => {
    expect(() => wasm.skelInfo(COIN.subarray(0, 30), undefined, undefined)).toThrow(Error);
    expect(() => wasm.skelInfo(COIN, undefined, 'klingon')).toThrow(/klingon/);
    expect(() => wasm.skelInfo(new Uint8Array(64 * 1024 * 1024 + 1), undefined, undefined)).toThrow(/^skeleton: .*64 MiB/);
  });
});
