// The export pipeline shared by the worker and the main-thread fallback: wasm bake (which
// validates structurally in Rust, naming the JSON path of any fault) → parse with the official
// runtime → result. Nothing here touches the DOM.
import { applyExportFault } from '../../tests/support/export-fault';
import { locateJsonFault } from './json-locate';
import type { ExportFault, ExportReply, ExportReport } from './protocol';
import { checkWithSpineRuntime } from './runtime-check';

/** The wasm entry (`exportSpine`), injected so tests can run the pipeline without a browser. */
export type ExportSpineFn = (sceneJson: string, imagesJson: string) => string;

/** Runs the pipeline; never throws (failures become `{kind: 'failed'}`). */
export function runExportPipeline(
  exportSpine: ExportSpineFn,
  sceneJson: string,
  imagesJson: string,
  now: () => number,
  progress: (stage: 'baking' | 'checking') => void = () => {},
  fault: ExportFault | null = null,
): ExportReply {
  const started = now();
  try {
    progress('baking');
    const raw = exportSpine(sceneJson, imagesJson);
    const parsed = JSON.parse(raw) as { json: string; report: ExportReport };
    const report = parsed.report;
    if (typeof parsed.json !== 'string' || report === undefined) throw new Error('the exporter returned no skeleton');
    const json = fault === null ? parsed.json : applyExportFault(parsed.json, fault);
    progress('checking');
    assertJsonSyntax(json);
    const check = checkWithSpineRuntime(json);
    return { kind: 'done', json, report, check, totalMs: now() - started };
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}

/** Throws an Error naming line, column, byte offset and JSON path when `json` is not JSON. */
export function assertJsonSyntax(json: string): void {
  try {
    JSON.parse(json);
    return;
  } catch (e) {
    const f = locateJsonFault(json);
    if (f === null) throw new Error(`the export is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    throw new Error(`the export is not valid JSON at ${f.path} (line ${f.line}, column ${f.column}, byte ${f.offset}): unexpected ${JSON.stringify(f.token)}`);
  }
}

/** `{ path: [width, height] }` for the images the page holds. */
export function imagesJson(images: { path: string; width: number; height: number }[]): string {
  const map: Record<string, [number, number]> = {};
  for (const i of images) if (i.width > 0 && i.height > 0) map[i.path] = [i.width, i.height];
  return JSON.stringify(map);
}

/** Plain-text summary lines (bones, slots, attachments, keys by type, bytes, time, warnings). */
export function summaryLines(report: ExportReport, totalMs: number, zh: boolean): string[] {
  const keys = Object.entries(report.keys)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const kb = (report.bytes / 1024).toFixed(1);
  const ms = (report.bakeMs ?? totalMs).toFixed(0);
  const lines = zh
    ? [
        `骨骼 ${report.bones}，插槽 ${report.slots}，附件 ${report.attachments}`,
        `关键帧：${keys}`,
        `大小 ${kb} KB，烘焙 ${ms} ms`,
      ]
    : [`${report.bones} bones, ${report.slots} slots, ${report.attachments} attachments`, `keys: ${keys}`, `${kb} KB, baked in ${ms} ms`];
  for (const w of report.warnings) lines.push(`${zh ? '警告' : 'warning'}: ${w}`);
  return lines;
}
