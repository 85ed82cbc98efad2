// The export worker: loads its own wasm instance, runs the pipeline, posts the result. The tab
// never freezes during a long bake, and cancelling is `worker.terminate()`.
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
  try {
    post({ kind: 'progress', stage: 'loading' });
    const glue = await wasm.load();
    if (typeof glue.exportSpine !== 'function') throw new Error('this build has no Spine exporter');
    const withProgress = glue.exportSpineWithProgress;
    const plain = glue.exportSpine;
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
    const reply = runExportPipeline(exportSpine, event.data.sceneJson, event.data.imagesJson, () => performance.now(), (stage) =>
      post({ kind: 'progress', stage }),
      event.data.fault ?? null,
    );
    post(reply);
  } catch (e) {
    post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
