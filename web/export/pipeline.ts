// The export pipeline shared by the worker and the main-thread fallback: wasm bake (which
// validates structurally in Rust, naming the JSON path of any fault) → the skeleton's one parse
// (a syntax fault located) → the official runtime reads the parsed skeleton → result. Nothing
// here touches the DOM; failures are data (protocol.ts `ExportFailure`), worded by the page.
import { errorText } from '../errors';
import type { ExportResult } from '../generated/contract';
import { ExportFailed, failureOf } from './failure';
import { locateJsonFault } from './json-locate';
import type { ExportReply } from './protocol';
import { checkWithSpineRuntime } from './runtime-check';

/** The wasm entry (`exportSpine`), injected so tests can run the pipeline without a browser. */
export type ExportSpineFn = (sceneJson: string, imagesJson: string) => ExportResult;

/** Runs the pipeline; never throws (failures become `{kind: 'failed'}`). */
export function runExportPipeline(
  exportSpine: ExportSpineFn,
  sceneJson: string,
  imagesJson: string,
  now: () => number,
  progress: (stage: 'baking' | 'checking') => void = () => {},
): ExportReply {
  const started = now();
  try {
    progress('baking');
    const { json, report } = exportSpine(sceneJson, imagesJson);
    if (typeof json !== 'string' || report === undefined) throw new ExportFailed({ code: 'noSkeleton' });
    progress('checking');
    const check = checkWithSpineRuntime(parseSkeleton(json));
    return { kind: 'done', json, report, check, totalMs: now() - started };
  } catch (e) {
    return { kind: 'failed', failure: failureOf(e) };
  }
}

/**
 * The skeleton text parsed (the pipeline's only parse of it); throws an {@link ExportFailed}
 * naming line, column, byte offset and JSON path when `json` is not JSON.
 */
export function parseSkeleton(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch (e) {
    const f = locateJsonFault(json);
    if (f === null) throw new ExportFailed({ code: 'invalidJson', detail: errorText(e) });
    throw new ExportFailed({ code: 'invalidJsonAt', path: f.path, line: f.line, column: f.column, offset: f.offset, token: f.token });
  }
}

/** `{ path: [width, height] }` for the images the page holds. */
export function imagesJson(images: { path: string; width: number; height: number }[]): string {
  const map: Record<string, [number, number]> = {};
  for (const i of images) if (i.width > 0 && i.height > 0) map[i.path] = [i.width, i.height];
  return JSON.stringify(map);
}
