// The budget worker: a long-lived wasm instance answering `estimateSpine` requests, so the
// estimate (a bake without reduction) never blocks the page while the user edits.
import { isWasmTrap } from '../../engine/crash';
import { failureOf } from '../failure';
import type { EstimateReply, EstimateRequest, SpineEstimate } from '../protocol';
import { postReply, wasmLoader, type GlueBase } from './wasm-boot';

interface Glue extends GlueBase {
  estimateSpine?: (sceneJson: string) => string;
}

const post = (reply: EstimateReply): void => postReply(reply);
const wasm = wasmLoader<Glue>();

self.onmessage = async (event: MessageEvent<EstimateRequest>) => {
  const { id, sceneJson } = event.data;
  let glue: Glue;
  try {
    glue = await wasm.load();
  } catch (e) {
    post({ id, kind: 'failed', failure: failureOf(e, 'worker') });
    return;
  }
  if (typeof glue.estimateSpine !== 'function') {
    post({ id, kind: 'failed', failure: { code: 'noExporter' } });
    return;
  }
  try {
    const t0 = performance.now();
    const estimate = JSON.parse(glue.estimateSpine(sceneJson)) as SpineEstimate;
    post({ id, kind: 'estimate', estimate, ms: performance.now() - t0 });
  } catch (e) {
    // A trap (Rust panic) poisons the instance: the next request loads a fresh one.
    if (isWasmTrap(e)) wasm.reset();
    post({ id, kind: 'failed', failure: failureOf(e) });
  }
};
