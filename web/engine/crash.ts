// What a crash of the wasm module looks like from TypeScript: a Rust panic (or `unreachable`)
// surfaces as a `WebAssembly.RuntimeError` (a trap); the facade turns it into an `EngineCrash`
// after starting its recovery. Every module that can meet a trap asks `isWasmTrap`.

import { errorText } from '../errors';

/** Thrown by a call that crashed the module (after recovery has been started). */
export class EngineCrash extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineCrash';
  }
}

/** True for the error a wasm trap (Rust panic, `unreachable`) raises. */
export function isWasmTrap(e: unknown): boolean {
  const RuntimeErrorCtor = (globalThis as { WebAssembly?: { RuntimeError?: unknown } }).WebAssembly?.RuntimeError;
  return typeof RuntimeErrorCtor === 'function' && e instanceof (RuntimeErrorCtor as new () => Error);
}

/** How a crash is reported: `RuntimeError: unreachable`. */
export function crashText(e: unknown): string {
  return errorText(e, true);
}
