// The budget worker: a long-lived wasm instance answering `estimateSpine` requests, so the
// estimate (a bake without reduction) never blocks the page while the user edits.
import type { EstimateReply, EstimateRequest, SpineEstimate } from '../protocol';
import { postReply, wasmLoader, type GlueBase } from './wasm-boot';

interface Glue extends GlueBase {
  estimateSpine?: (sceneJson: string) => string;
}

const post = (reply: EstimateReply): void => postReply(reply);
const wasm = wasmLoader<Glue>();

self.onmessage = async (event: MessageEvent<EstimateRequest>) => {
  const { id, sceneJson } = event.data;
  try {
    const glue = await wasm.load();
    if (typeof glue.estimateSpine !== 'function') throw new Error('this build has no Spine exporter');
    const t0 = performance.now();
    const estimate = JSON.parse(glue.estimateSpine(sceneJson)) as SpineEstimate;
    post({ id, kind: 'estimate', estimate, ms: performance.now() - t0 });
  } catch (e) {
    // A trap (Rust panic) poisons the instance: the next request loads a fresh one.
    if (e instanceof WebAssembly.RuntimeError) wasm.reset();
    post({ id, kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
