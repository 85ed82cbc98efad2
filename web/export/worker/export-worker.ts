// The export worker: loads its own wasm instance, runs the pipeline, posts the result. The tab
// never freezes during a long bake, and cancelling is `worker.terminate()`.
import { failureOf } from '../failure';
import { runExportPipeline, type ExportSpineFn } from '../pipeline';
import type { ExportReply, ExportRequest } from '../protocol';
import { postReply, wasmLoader, type GlueBase } from './wasm-boot';

interface Glue extends GlueBase {
  exportSpine?: (sceneJson: string, imagesJson: string, followJson?: string) => string;
  exportSpineWithProgress?: (
    sceneJson: string,
    imagesJson: string,
    onProgress: (stage: string, done: number, total: number) => boolean,
    followJson?: string,
  ) => string;
}

const post = (reply: ExportReply): void => postReply(reply);
const wasm = wasmLoader<Glue>();

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
  post(runExportPipeline(exportSpine, event.data.sceneJson, event.data.imagesJson, () => performance.now(), (stage) => post({ kind: 'progress', stage })));
};
