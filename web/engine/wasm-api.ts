// The wasm module's types, taken from the declarations wasm-bindgen emits with the module
// (web/pkg/sp_wasm.d.ts, written by `bash scripts/build-wasm.sh`; `npm run typecheck` builds it
// first on a fresh clone): nothing here restates a Rust signature. Only web/engine/ uses the
// module (and the model store's crash replay and the skeleton player, which receive the Editor's
// clip and model methods); everything else goes through the facade (engine.ts).

import type * as Glue from '../pkg/sp_wasm';

/** Renderer requested from `Editor.create`. */
export type RendererRequest = 'auto' | 'webgpu' | 'webgl2';
/** Renderer tier actually running. */
export type RendererTier = 'WebGPU' | 'WebGL2';

/** The wasm module after initialisation (its exports, as wasm-bindgen declares them). */
export type WasmModule = typeof Glue;

/** The wasm `Editor` instance: scene and view, vertex clips, MS3D models. */
export type WasmEditor = Glue.Editor;

/** The clip methods of the wasm `Editor` (crates/sp-wasm/src/clips_api.rs). */
export type WasmClipEditor = Pick<WasmEditor, 'addVertexClip' | 'removeVertexClip' | 'setClipInstanceArray'>;

/** Loads a fresh, initialised module instance; `generation` > 0 must give a new instance. */
export type WasmLoader = (generation: number) => Promise<WasmModule>;
