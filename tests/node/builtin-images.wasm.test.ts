// The built-in images download (web/export/builtin-images.ts) gives, for every preset, one PNG
// per built-in image its CLI export names: the file `PATH.png` for each attachment path the export
// writes for a `builtin:` reference, at the attachment's width and height, and with exactly the
// pixels the editor's module draws (the wasm `builtinTexturePixels`). The PNGs are read back by the
// tests' decoder on Node's zlib (tests/support/png.ts), which shares no code with the writer.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../web/engine/engine.ts';
import { builtinImagesZip, builtinNamesUsed, encodePng } from '../../web/export/builtin-images.ts';
import type { Scene } from '../../web/document/types.ts';
import { cliPath } from '../support/cli';
import { decodePng } from '../support/png';
import { loadWasm } from '../support/wasm';
import { tempDir } from '../support/tmp';

const ROOT = join(import.meta.dirname, '../..');

let engine: Engine;

const dir = tempDir('sp-builtin-', afterAll);

beforeAll(async () => {
  const wasm = await loadWasm();
  engine = await Engine.load(async () => wasm);
});

/** Attachment paths and sizes of a Spine JSON's region and mesh attachments. */
function attachments(spine: { skins?: { attachments?: Record<string, Record<string, { path?: string; width?: number; height?: number }>> }[] }): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const skin of spine.skins ?? []) {
    for (const slot of Object.values(skin.attachments ?? {})) {
      for (const [name, a] of Object.entries(slot)) out.set(a.path ?? name, [a.width ?? 0, a.height ?? 0]);
    }
  }
  return out;
}

describe('built-in images download', () => {
  it('writes lossless PNGs', () => {
    const rgba = new Uint8Array(5 * 3 * 4).map((_, i) => (i * 37 + 11) & 0xff);
    expect(decodePng(encodePng({ width: 5, height: 3, rgba }))).toEqual({ width: 5, height: 3, rgba });
    expect(() => encodePng({ width: 5, height: 3, rgba: rgba.subarray(4) })).toThrow(/5 × 3/);
  });

  it('gives every preset the PNGs its export names, with the pixels the editor draws', () => {
    const known = engine.builtinTextures().map((b) => b.name);
    const sizes = new Map(engine.builtinTextures().map((b) => [b.name, b]));
    const pixels = (name: string) => {
      const b = sizes.get(name);
      const rgba = engine.builtinTexturePixels(name);
      return b === undefined || rgba === null ? null : { width: b.width, height: b.height, rgba };
    };
    const presets = readdirSync(join(ROOT, 'presets')).filter((f) => f.endsWith('.json'));
    expect(presets.length).toBeGreaterThan(10);
    let checked = 0;
    for (const file of presets) {
      const path = join(ROOT, 'presets', file);
      // As the page holds it: normalised, a system's default texture written out.
      const scene = JSON.parse(engine.normalizeScene(readFileSync(path, 'utf8'))) as Scene;
      const used = builtinNamesUsed(scene, known);
      const { zip, names } = builtinImagesZip(used, pixels);
      expect(names, file).toEqual(used);
      const files = unzipSync(zip);
      expect(Object.keys(files).sort(), file).toEqual(used.map((n) => `${n}.png`).sort());
      // The export's attachments: every built-in one has its PNG, at its size, with the module's pixels.
      const out = join(dir, `${file}.spine.json`);
      execFileSync(cliPath, ['export', path, '-o', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      const named = attachments(JSON.parse(readFileSync(out, 'utf8')));
      for (const name of used) {
        const png = decodePng(files[`${name}.png`]);
        const size = named.get(name);
        expect(size, `${file}: the export names ${name}`).toBeDefined();
        expect([png.width, png.height], `${file}: ${name}`).toEqual(size);
        expect(Buffer.from(png.rgba).equals(Buffer.from(engine.builtinTexturePixels(name) ?? [])), `${file}: ${name} pixels`).toBe(true);
        checked++;
      }
      for (const [p] of named) {
        if (known.includes(p)) expect(used, `${file}: the export's ${p} is in the download`).toContain(p);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
