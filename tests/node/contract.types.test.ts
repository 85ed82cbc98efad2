// The generated contract (web/generated/contract.ts, from the Rust types by ts-rs) says exactly
// what the wasm module writes: the JSON the module returns for the default scene, every preset,
// an export, an estimate, skeleton info and repair report, model info, the field schema, the
// built-in textures and a thrown error is written into a TypeScript file as object literals
// assigned to their generated types, and the TypeScript compiler checks it (an extra key, a
// missing required key or a wrong type is an error). The checker is tsc, which shares no code
// with the generator. Needs web/pkg (scripts/build-wasm.sh).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../web/generated/error-codes.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Wasm {
  initSync(o: { module: Uint8Array }): unknown;
  defaultScene(): string;
  normalizeScene(json: string): string;
  exportSpine(scene: string, images: string, follow?: string): { json: string; report: { warningDetails: unknown[] } };
  estimateSpine(scene: string): string;
  skelInfo(bytes: Uint8Array, atlas?: Uint8Array, charset?: string): string;
  skelRepair(bytes: Uint8Array, atlas?: Uint8Array, charset?: string): { reportJson(): string; free(): void };
  ms3dInfo(bytes: Uint8Array): string;
  fieldSchema(): string;
  builtinTextures(): string;
  errorCodes(): string;
  timelineLength(scene: string): number;
}

let wasm: Wasm;

beforeAll(async () => {
  wasm = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as Wasm;
  wasm.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
});

/** `[type, value]` pairs: what the module returned, with the type the contract declares. */
function samples(): [string, unknown][] {
  const out: [string, unknown][] = [];
  const scene = wasm.defaultScene();
  out.push(['Scene', JSON.parse(scene)]);
  for (const f of readdirSync(join(ROOT, 'presets')).filter((n) => n.endsWith('.json')).sort()) {
    out.push(['Scene', JSON.parse(wasm.normalizeScene(readFileSync(join(ROOT, 'presets', f), 'utf8')))]);
  }
  const exported = wasm.exportSpine(scene, '');
  exported.json = exported.json.slice(0, 16);
  out.push(['ExportResult', exported]);
  // A scene that warns (a missing image): the report's warning details are typed too.
  const warned = JSON.parse(scene) as { systems: { textures: string[] }[] };
  warned.systems[0].textures = ['missing/smoke.png'];
  const withWarnings = wasm.exportSpine(JSON.stringify(warned), '');
  expect(withWarnings.report.warningDetails.length).toBeGreaterThan(0);
  withWarnings.json = '';
  out.push(['ExportResult', withWarnings]);
  out.push(['Estimate', JSON.parse(wasm.estimateSpine(scene))]);
  const spine = join(ROOT, 'tests/fixtures/spine');
  for (const f of ['coin-pro-4.2.skel', 'coin-pro-4.2.json', 'coin-pro-3.8.skel']) {
    const bytes = new Uint8Array(readFileSync(join(spine, f)));
    out.push(['SkeletonInfo', JSON.parse(wasm.skelInfo(bytes))]);
    const repaired = wasm.skelRepair(bytes, new TextEncoder().encode('coin.png\nsize:64,64\n'));
    out.push(['RepairReport', JSON.parse(repaired.reportJson())]);
    repaired.free();
  }
  out.push(['ModelInfo', JSON.parse(wasm.ms3dInfo(new Uint8Array(readFileSync(join(ROOT, 'tests/fixtures/ms3d/POA.ms3d')))))]);
  out.push(['FieldSchema', JSON.parse(wasm.fieldSchema())]);
  out.push(['Array<BuiltinTexture>', JSON.parse(wasm.builtinTextures())]);
  try {
    wasm.normalizeScene('{"version":1,"systems":[{"ratePerSec":1e9}]}');
  } catch (e) {
    const err = e as { code: string; params: unknown; message: string };
    out.push(['Diagnostic', { code: err.code, params: err.params, message: err.message }]);
  }
  return out;
}

/** tsc's diagnostics for `source` (a module importing the contract), as text. */
function typecheck(source: string): string[] {
  const dir = mkdtempSync(join(ROOT, 'tests/node/.contract-check-'));
  try {
    const file = join(dir, 'check.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function module(pairs: [string, unknown][]): string {
  const names = new Set(pairs.map(([t]) => t.replace(/^Array<(.*)>$/, '$1')));
  const lines = [`import type { ${[...names].sort().join(', ')} } from '${join(ROOT, 'web/generated/contract.ts')}';`];
  pairs.forEach(([type, value], i) => lines.push(`export const v${i}: ${type} = ${JSON.stringify(value)};`));
  return lines.join('\n');
}

describe('generated contract = what the wasm module writes', () => {
  it('every answer type-checks against its generated type (no extra, no missing keys)', () => {
    const pairs = samples();
    expect(pairs.length).toBeGreaterThan(15);
    expect(typecheck(module(pairs))).toEqual([]);
  });

  it('the check fails on an extra key, a missing key and a wrong type', () => {
    const scene = JSON.parse(wasm.defaultScene()) as Record<string, unknown>;
    const extra = { ...scene, unknownField: 1 };
    const missing = { ...scene };
    delete missing.export;
    const wrong = { ...scene, version: '1' };
    for (const bad of [extra, missing, wrong]) {
      expect(typecheck(module([['Scene', bad]])).length).toBeGreaterThan(0);
    }
  });

  it('the generated code list is the module\'s, and thrown errors carry a listed code', () => {
    const codes = JSON.parse(wasm.errorCodes()) as Record<string, string[]>;
    expect(Object.keys(codes).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const [code, params] of Object.entries(codes)) expect([...ERROR_CODES[code as keyof typeof ERROR_CODES]]).toEqual(params);
    const bad = ['{', '{"version":99}', '{"version":1,"systems":[{"name":"\\u0007"}]}', '{"version":1,"export":{"fps":0}}'];
    for (const text of bad) {
      let thrown: { code?: string; params?: Record<string, unknown>; message?: string } = {};
      try {
        wasm.normalizeScene(text);
      } catch (e) {
        thrown = e as typeof thrown;
      }
      expect(thrown.code, text).toBeDefined();
      const listed = codes[thrown.code ?? ''];
      expect(listed, thrown.code).toBeDefined();
      expect(Object.keys(thrown.params ?? {}).sort()).toEqual([...listed].sort());
      expect(thrown.message).toBeTruthy();
    }
  });

  it('timelineLength is the Rust timeline rule', () => {
    expect(wasm.timelineLength('{"version":1,"systems":[]}')).toBe(0.5);
    const one = '{"version":1,"systems":[{"delaySecs":0.5,"durationSecs":1,"lifetimeSecs":{"min":1,"max":2}}]}';
    expect(wasm.timelineLength(one)).toBe(3.5);
  });
});
