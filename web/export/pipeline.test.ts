// The page's export pipeline in Node: a real export (the native CLI stands in for the wasm
// `exportSpine`, same entry, same bytes) passes the official runtime; a broken one is refused
// with its location and produces no skeleton.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath } from '../../tests/support/cli';
import type { ExportReport, ExportResult } from '../generated/contract';
import { initLang, setLang, type KeyValueStorage } from '../i18n';
import { failureText } from './failure-text';
import { imagesJson, runExportPipeline } from './pipeline';
import { summaryLines } from './summary';
import { withTempDir } from '../../tests/support/tmp';

const memory = (): KeyValueStorage => {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

function cliExportSpine(sceneJson: string): ExportResult {
  return withTempDir('sp-web-export-', (dir) => {
    const scene = join(dir, 'scene.json');
    const out = join(dir, 'out.json');
    execFileSync('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(scene)}, process.argv[1])`, sceneJson]);
    const report = execFileSync(cliPath, ['export', scene, '-o', out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { json: readFileSync(out, 'utf8'), report: JSON.parse(report) as ExportReport };
  });
}

describe('export pipeline', () => {
  it('exports, checks with spine-core and summarises', () => {
    const scene = readFileSync(resolve('presets/hit_flash.json'), 'utf8');
    const reply = runExportPipeline(cliExportSpine, scene, '{}', () => 0);
    expect(reply.kind).toBe('done');
    if (reply.kind !== 'done') return;
    expect(reply.check.bones).toBe(reply.report.bones);
    expect(reply.check.animations.map((a) => a.name)).toContain('animation');
    initLang(memory());
    const lines = summaryLines(reply.report, 12);
    expect(lines[0]).toContain(`骨骼 ${reply.report.bones}`);
    setLang('en', memory());
    expect(summaryLines(reply.report, 12)[1]).toMatch(/^keys: /);
    initLang(memory());
  });

  it("words the exporter's warnings in the UI language", () => {
    // The comet preset without its path: the exporter warns that the path is missing.
    const comet = JSON.parse(readFileSync(resolve('presets/comet_path.json'), 'utf8')) as { paths?: unknown };
    delete comet.paths;
    const reply = runExportPipeline(cliExportSpine, JSON.stringify(comet), '{}', () => 0);
    expect(reply.kind).toBe('done');
    if (reply.kind !== 'done') return;
    initLang(memory());
    expect(summaryLines(reply.report, 12)).toContain('警告：系统“Comet tail”沿路径“Orbit”运动，但场景中没有该路径：导出时忽略它。');
    setLang('en', memory());
    expect(summaryLines(reply.report, 12)).toContain('warning: System "Comet tail" travels the path "Orbit", which the scene does not have: exported without it.');
    initLang(memory());
  });

  it('refuses a skeleton the runtime cannot read, naming where', () => {
    const broken = (): ExportResult => ({
      json: JSON.stringify({ skeleton: { spine: '4.2.22' }, bones: [{ name: 'root' }], slots: [{ name: 's', bone: 'ghost' }] }),
      // Only the fields the pipeline reads (a fake's report).
      report: { bones: 1, slots: 1, attachments: 0, keys: {}, unreducedKeys: {}, bytes: 0, bakeMs: 0, peakAlive: 0, lives: 0, animations: [], warnings: [] } as unknown as ExportReport,
    });
    const reply = runExportPipeline(broken, '{}', '{}', () => 0);
    expect(reply.kind).toBe('failed');
    if (reply.kind === 'failed') {
      expect(reply.failure.code).toBe('runtimeRefused');
      setLang('en', memory());
      expect(failureText(reply.failure)).toMatch(/spine-core could not read the export: .*ghost/);
      initLang(memory());
    }
    const throwing = (): ExportResult => {
      throw new Error('invalid Spine JSON at animations.a.bones.b.translate[1].x: expected a finite number');
    };
    const r2 = runExportPipeline(throwing, '{}', '{}', () => 0);
    expect(r2).toEqual({ kind: 'failed', failure: { code: 'exporter', detail: 'invalid Spine JSON at animations.a.bones.b.translate[1].x: expected a finite number' } });
    if (r2.kind === 'failed') expect(failureText(r2.failure)).toBe('invalid Spine JSON at animations.a.bones.b.translate[1].x: expected a finite number');
  });

  it('passes only images with known sizes', () => {
    expect(JSON.parse(imagesJson([{ path: 'a.png', width: 3, height: 4 }, { path: 'b.png', width: 0, height: 0 }]))).toEqual({ 'a.png': [3, 4] });
  });
});
