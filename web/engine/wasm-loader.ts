// Loads the wasm-bindgen module. The glue and the .wasm are emitted as plain assets so that a
// crashed instance can be replaced by a genuinely new one: each generation imports the glue
// under a distinct URL (a new ES module record, hence new wasm memory and state). The import is
// typed by wasm-bindgen's own declarations (web/pkg/sp_wasm.d.ts).

import glueUrl from '../pkg/sp_wasm.js?url';
import wasmUrl from '../pkg/sp_wasm_bg.wasm?url';
import type { WasmLoader, WasmModule } from './wasm-api';
import { assertWasmFeatures } from './wasm-features';

/**
 * The loader used by the page (see {@link WasmLoader}); rejects with
 * `WasmFeatureMissing` (wasm-features.ts) before any download when the browser lacks
 * a WebAssembly feature the module is compiled for.
 */
export const loadWasm: WasmLoader = async (generation: number): Promise<WasmModule> => {
  assertWasmFeatures();
  const base = new URL(glueUrl, document.baseURI);
  if (generation > 0) base.searchParams.set('instance', String(generation));
  const glue = (await import(/* @vite-ignore */ base.href)) as WasmModule;
  await glue.default({ module_or_path: new URL(wasmUrl, document.baseURI) });
  return glue;
};
