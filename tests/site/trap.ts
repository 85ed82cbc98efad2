// A wasm loader for the test build that can make the Editor trap on demand: it loads the page's
// own module and wraps each Editor so that, once armed, its next method call throws the
// `WebAssembly.RuntimeError` a Rust panic raises. The engine facade then recovers exactly as
// from a real panic.

import type { RendererRequest, WasmEditor, WasmLoader, WasmModule } from '../../web/engine/wasm-api';

/** A loader with a trap to arm. */
export interface TrapLoader {
  loader: WasmLoader;
  /** Arms the trap; resolves once an Editor call has hit it. */
  arm(): Promise<void>;
}

/** Wraps `inner` (see the file comment). */
export function trapOnDemand(inner: WasmLoader): TrapLoader {
  let armed: (() => void) | null = null;
  const wrap = (editor: WasmEditor): WasmEditor =>
    new Proxy(editor, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const hit = armed;
          if (hit !== null) {
            armed = null;
            hit();
            throw new WebAssembly.RuntimeError('unreachable (forced by the test)');
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const loader: WasmLoader = async (generation) => {
    const module = await inner(generation);
    // Only `Editor.create` is replaced (the class itself is not needed by the facade).
    const Editor = { create: async (canvas: HTMLCanvasElement, renderer?: RendererRequest) => wrap(await module.Editor.create(canvas, renderer)) };
    return { ...module, Editor: Editor as unknown as WasmModule['Editor'] };
  };
  return { loader, arm: () => new Promise((resolve) => (armed = resolve)) };
}
