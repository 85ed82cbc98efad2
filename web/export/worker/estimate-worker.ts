// The budget worker: a long-lived wasm instance answering `estimateSpine` requests, so the
// estimate (a bake without reduction) never blocks the page while the user edits.
import glueUrl from '../../pkg/sp_wasm.js?url';
import wasmUrl from '../../pkg/sp_wasm_bg.wasm?url';
import type { EstimateReply, EstimateRequest, SpineEstimate } from '../protocol';

interface Glue {
  default: (options: { module_or_path: string | URL }) => Promise<unknown>;
  estimateSpine?: (sceneJson: string) => string;
}

const post = (reply: EstimateReply): void => (self as unknown as Worker).postMessage(reply);

let ready: Promise<Glue> | null = null;
function load(): Promise<Glue> {
  ready ??= (async () => {
    const glue = (await import(/* @vite-ignore */ new URL(glueUrl, self.location.href).href)) as Glue;
    await glue.default({ module_or_path: new URL(wasmUrl, self.location.href) });
    return glue;
  })();
  return ready;
}

self.onmessage = async (event: MessageEvent<EstimateRequest>) => {
  const { id, sceneJson } = event.data;
  try {
    const glue = await load();
    if (typeof glue.estimateSpine !== 'function') throw new Error('this build has no Spine exporter');
    const t0 = performance.now();
    const estimate = JSON.parse(glue.estimateSpine(sceneJson)) as SpineEstimate;
    post({ id, kind: 'estimate', estimate, ms: performance.now() - t0 });
  } catch (e) {
    // A trap (Rust panic) poisons the instance: the next request loads a fresh one.
    if (e instanceof WebAssembly.RuntimeError) ready = null;
    post({ id, kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
