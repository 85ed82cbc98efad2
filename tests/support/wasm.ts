// The browser module (web/pkg, built by scripts/build-wasm.sh) loaded in Node, for tests that
// check the page's answers against the core without a browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BoneTrackJson } from '../../web/generated/contract.ts';
import type { WasmModule } from '../../web/engine/wasm-api.ts';
import { stepsCoveringOf } from '../../web/engine/engine.ts';
import type { StepsCovering } from '../../web/skeleton/spine/bake.ts';

const ROOT = join(import.meta.dirname, '../..');

let loaded: Promise<WasmModule> | null = null;

/** The initialised module (one instance per test process). */
export function loadWasm(): Promise<WasmModule> {
  loaded ??= (async () => {
    const glue = (await import(pathToFileURL(join(ROOT, 'web/pkg/sp_wasm.js')).href)) as WasmModule & {
      initSync(o: { module: Uint8Array }): unknown;
    };
    glue.initSync({ module: new Uint8Array(readFileSync(join(ROOT, 'web/pkg/sp_wasm_bg.wasm'))) });
    return glue;
  })();
  return loaded;
}

/** The core's frame rule (`Timebase.stepsCovering`, as Engine.stepsCovering calls it): bakes and tracks take it. */
export async function coreStepsCovering(): Promise<StepsCovering> {
  return stepsCoveringOf(await loadWasm());
}

/** The core's position of `track` at scene time `t` (wasm `boneTrackPositionAt`). */
export function trackPositionAt(wasm: WasmModule, track: BoneTrackJson, t: number): [number, number] {
  const [x, y] = wasm.boneTrackPositionAt(new Float32Array(track.points.flat()), track.sampleFps, track.loop ?? false, t);
  return [x, y];
}
