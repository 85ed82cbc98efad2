// The editor's frame read-out is the core's clock: Engine.frameAt (the facade the timeline uses
// through Player.frame) calls the wasm Timebase, and gives, at the edges of a frame, the frames
// the native core gives for the same table (tests/fixtures/time/frame-edges.json, checked
// natively by sp-sim's `frame_of_agrees_with_the_shared_edge_table`). The editor used to
// compute ⌊t·fps + 1e-6⌋ itself, which the 5e-7 rows tell apart from the core's 1e-9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../web/engine/engine.ts';
import type { WasmModule } from '../../web/engine/wasm-api.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Case {
  fps: number;
  frames: number;
  frame: number;
  why: string;
}
const table = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/time/frame-edges.json'), 'utf8')) as { cases: Case[] };

let engine: Engine;

beforeAll(async () => {
  const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as WasmModule & {
    initSync(o: { module: Uint8Array }): unknown;
  };
  glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
  engine = await Engine.load(async () => glue);
});

describe('frame of a time (wasm Timebase through the facade)', () => {
  it('agrees with the core at the edges of a frame', () => {
    expect(table.cases.length).toBeGreaterThanOrEqual(5);
    for (const c of table.cases) expect(engine.frameAt(c.frames / c.fps, c.fps), c.why).toBe(c.frame);
  });
  it('tells the core’s 1e-9 from the 1e-6 the editor used to add', () => {
    const edge = table.cases.filter((c) => c.why.includes('old 1e-6'));
    expect(edge.length).toBeGreaterThan(0);
    for (const c of edge) {
      const old = Math.floor((c.frames / c.fps) * c.fps + 1e-6);
      expect(old, c.why).not.toBe(c.frame);
      expect(engine.frameAt(c.frames / c.fps, c.fps)).toBe(c.frame);
    }
  });
  it('refuses a frame rate that is not positive', () => {
    expect(() => engine.frameAt(1, 0)).toThrow(/fps/);
  });
});
