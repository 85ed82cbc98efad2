// Worker boot shared by the export and estimate workers: each loads its own instance of the
// wasm build (glue module plus binary, both URLs resolved against the worker's location) once,
// and posts typed replies to the page.
import glueUrl from '../../pkg/sp_wasm.js?url';
import wasmUrl from '../../pkg/sp_wasm_bg.wasm?url';

/** The part of the wasm-bindgen glue every worker needs: its initialiser (resolving to the instance's exports). */
export interface GlueBase {
  default: (options: { module_or_path: string | URL }) => Promise<{ memory?: WebAssembly.Memory }>;
}

/** Lazily loads one wasm instance; `reset` drops it so the next `load` starts a fresh one. */
export interface WasmLoader<G extends GlueBase> {
  /** The loaded glue (the same promise until `reset`). */
  load(): Promise<G>;
  /** Forgets the instance (after a trap, which poisons it). */
  reset(): void;
  /** The loaded instance's linear memory in bytes (0 before it loaded). */
  memoryBytes(): number;
}

/** A loader for this worker's wasm instance, typed as the exports `G` the worker uses. */
export function wasmLoader<G extends GlueBase>(): WasmLoader<G> {
  let ready: Promise<G> | null = null;
  let memory: WebAssembly.Memory | null = null;
  return {
    load() {
      ready ??= (async () => {
        const glue = (await import(/* @vite-ignore */ new URL(glueUrl, self.location.href).href)) as G;
        memory = (await glue.default({ module_or_path: new URL(wasmUrl, self.location.href) })).memory ?? null;
        return glue;
      })();
      return ready;
    },
    reset() {
      ready = null;
      memory = null;
    },
    memoryBytes() {
      return memory?.buffer.byteLength ?? 0;
    },
  };
}

/** Posts `reply` from this worker to the page. */
export function postReply<R>(reply: R): void {
  (self as unknown as Worker).postMessage(reply);
}
