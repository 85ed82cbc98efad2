// The export worker: loads its own wasm instance, runs the pipeline, posts the result. The tab
// never freezes during a long bake, and cancelling is `worker.terminate()`.
import glueUrl from '../../pkg/sp_wasm.js?url';
import wasmUrl from '../../pkg/sp_wasm_bg.wasm?url';
import { runExportPipeline, type ExportSpineFn } from '../pipeline';
import type { ExportReply, ExportRequest } from '../protocol';

interface Glue {
  default: (options: { module_or_path: string | URL }) => Promise<unknown>;
  exportSpine?: ExportSpineFn;
  exportSpineWithProgress?: (sceneJson: string, imagesJson: string, onProgress: (stage: string, done: number, total: number) => boolean) => string;
}

const post = (reply: ExportReply): void => (self as unknown as Worker).postMessage(reply);

let ready: Promise<Glue> | null = null;
function load(): Promise<Glue> {
  ready ??= (async () => {
    const glue = (await import(/* @vite-ignore */ new URL(glueUrl, self.location.href).href)) as Glue;
    await glue.default({ module_or_path: new URL(wasmUrl, self.location.href) });
    return glue;
  })();
  return ready;
}

self.onmessage = async (event: MessageEvent<ExportRequest>) => {
  try {
    post({ kind: 'progress', stage: 'loading' });
    const glue = await load();
    if (typeof glue.exportSpine !== 'function') throw new Error('this build has no Spine exporter');
    const withProgress = glue.exportSpineWithProgress;
    const exportSpine: ExportSpineFn = withProgress
      ? (scene, images) =>
          withProgress(scene, images, (stage, done, total) => {
            post({ kind: 'progress', stage: 'baking', detail: { stage, done, total } });
            return true;
          })
      : glue.exportSpine;
    const reply = runExportPipeline(exportSpine, event.data.sceneJson, event.data.imagesJson, () => performance.now(), (stage) =>
      post({ kind: 'progress', stage }),
      event.data.fault ?? null,
    );
    post(reply);
  } catch (e) {
    post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
