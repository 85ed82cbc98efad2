// The export worker: loads its own wasm instance as soon as it starts (the page starts one ahead
// of the export and keeps it for the next, web/export/worker-client.ts), runs the pipeline for
// each request, posts the result. The tab never freezes during a long bake, and cancelling is
// `worker.terminate()`.
import type { ExportResult } from '../../generated/contract';
import { failureOf } from '../failure';
import { runExportPipeline, type ExportSpineFn } from '../pipeline';
import type { ExportReply, ExportRequest } from '../protocol';
import { postReply, wasmLoader, type GlueBase } from './wasm-boot';

interface Glue extends GlueBase {
  exportSpine?: (sceneJson: string, imagesJson: string, followJson?: string) => ExportResult;
  exportSpineWithProgress?: (
    sceneJson: string,
    imagesJson: string,
    onProgress: (stage: string, done: number, total: number) => boolean,
    followJson?: string,
  ) => ExportResult;
}

const post = (reply: ExportReply): void => postReply(reply);
const wasm = wasmLoader<Glue>();
// Loaded ahead of the first request; a failure is reported to that request (the same promise).
wasm.load().catch(() => {});

self.onmessage = async (event: MessageEvent<ExportRequest>) => {
  let glue: Glue;
  try {
    post({ kind: 'progress', stage: 'loading' });
    glue = await wasm.load();
  } catch (e) {
    post({ kind: 'failed', failure: failureOf(e, 'worker') });
    return;
  }
  const plain = glue.exportSpine;
  if (typeof plain !== 'function') {
    post({ kind: 'failed', failure: { code: 'noExporter' } });
    return;
  }
  const withProgress = glue.exportSpineWithProgress;
  const follow = event.data.followJson ?? '';
  const exportSpine: ExportSpineFn = withProgress
    ? (scene, images) =>
        withProgress(
          scene,
          images,
          (stage, done, total) => {
            post({ kind: 'progress', stage: 'baking', detail: { stage, done, total } });
            return true;
          },
          follow,
        )
    : (scene, images) => plain(scene, images, follow);
  const reply = runExportPipeline(exportSpine, event.data.sceneJson, event.data.imagesJson, () => performance.now(), (stage) => post({ kind: 'progress', stage }));
  post(reply.kind === 'done' ? { ...reply, memoryBytes: wasm.memoryBytes() } : reply);
};
