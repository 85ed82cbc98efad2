// The pure parts of the export UI: JSON fault location, test-only faults (the glue wrapper the
// e2e tests inject, and that the pipeline refuses each fault with its location, worded in both
// languages), the budget text.
import { describe, expect, it } from 'vitest';
import { applyExportFault, faultyGlue, type ExportFault } from '../../tests/support/export-fault';
import { initLang, setLang, type KeyValueStorage } from '../i18n';
import { budgetText, formatBytes } from './budget-format';
import { failureText } from './failure-text';
import { locateJsonFault } from './json-locate';
import type { ExportReport, ExportResult } from '../generated/contract';
import { parseSkeleton, runExportPipeline } from './pipeline';
import type { ExportReply } from './protocol';

class MemoryStorage implements KeyValueStorage {
  private readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

/** The failure of `reply` worded in English (the e2e tests match the same words). */
function englishFailure(reply: ExportReply): string {
  if (reply.kind !== 'failed') return `not failed: ${reply.kind}`;
  const storage = new MemoryStorage();
  setLang('en', storage);
  const text = failureText(reply.failure);
  initLang(new MemoryStorage());
  return text;
}

const SKELETON = JSON.stringify({
  skeleton: { spine: '4.2.22' },
  bones: [{ name: 'root' }, { name: 'p0', parent: 'root' }],
  slots: [{ name: 'p0', bone: 'p0', attachment: 'dot' }],
  skins: [{ name: 'default', attachments: { p0: { dot: { width: 8, height: 8 } } } }],
  animations: { animation: { bones: { p0: { translate: [{ x: 1.5, y: 2 }, { time: 0.5, x: 3, y: -4 }] } } } },
});
// Only the fields the pipeline and the summary read (a fake's report, not one the exporter wrote).
const REPORT = { bones: 2, slots: 1, attachments: 1, keys: { translate: 2 }, unreducedKeys: {}, bytes: SKELETON.length, bakeMs: 1, peakAlive: 1, lives: 1, animations: ['animation'], warnings: [] } as unknown as ExportReport;
const fakeExport = (): ExportResult => ({ json: SKELETON, report: REPORT });
const faulty = (fault: ExportFault) => (): ExportResult => ({ json: applyExportFault(SKELETON, fault), report: REPORT });

describe('locateJsonFault', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const t of [SKELETON, '[]', '{}', ' 1 ', '"x"', '[1,[2,{"a":null}],true]', '{"a":{}}']) expect(locateJsonFault(t)).toBeNull();
  });

  it('names path, line, column and offset of the first error', () => {
    const text = '{\n  "a": [1, 2, NaN],\n  "b": 1\n}';
    expect(locateJsonFault(text)).toEqual({ offset: 16, line: 2, column: 15, path: 'a[2]', token: text.slice(16, 40) });
    expect(locateJsonFault('{"k":1,}')?.path).toBe('k');
    expect(locateJsonFault('{"k":1} x')?.offset).toBe(8);
    expect(locateJsonFault('[1')?.token).toBe('(end of text)');
    expect(locateJsonFault('{"a b":[0,{"c":tru}]}')?.path).toBe('["a b"][1].c');
  });
});

describe('export faults', () => {
  it('the injected glue corrupts what the real exporter returns and passes everything else through', async () => {
    const realGlue = `data:text/javascript,${encodeURIComponent(
      `export default () => 'init'; export const estimateSpine = () => 'estimate'; export function exportSpine() { return ${JSON.stringify({ json: SKELETON, report: REPORT })}; } export const exportSpineWithProgress = exportSpine;`,
    )}`;
    const glue = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(faultyGlue(realGlue, 'nan'))}`)) as Record<string, () => unknown>;
    expect(glue.default()).toBe('init');
    expect(glue.estimateSpine()).toBe('estimate');
    for (const f of [glue.exportSpine, glue.exportSpineWithProgress]) {
      const out = f() as ExportResult;
      expect(out.json).toContain('"x":NaN');
      expect(out.report).toEqual(REPORT);
    }
  });

  it('nan: refused as invalid JSON with the JSON path of the key', () => {
    const broken = applyExportFault(SKELETON, 'nan');
    expect(broken).toContain('"x":NaN');
    expect(() => parseSkeleton(broken)).toThrow(expect.objectContaining({ failure: expect.objectContaining({ code: 'invalidJsonAt', path: 'animations.animation.bones.p0.translate[0].x', line: 1 }) }));
    const reply = runExportPipeline(faulty('nan'), '{}', '{}', () => 0);
    expect(reply.kind).toBe('failed');
    expect(englishFailure(reply)).toMatch(/not valid JSON at animations\.animation\.bones\.p0\.translate\[0\]\.x \(line 1, column \d+, byte \d+\)/);
  });

  it('inf: read by spine-core, refused as non-finite naming the timeline', () => {
    const reply = runExportPipeline(faulty('inf'), '{}', '{}', () => 0);
    expect(reply).toEqual({ kind: 'failed', failure: expect.objectContaining({ code: 'nonFiniteKey', at: 'animations.animation' }) as unknown });
    expect(englishFailure(reply)).toMatch(/non-finite number at animations\.animation \(\w+ key value \d+\)/);
  });

  it('slot: refused by spine-core naming the bone', () => {
    const reply = runExportPipeline(faulty('slot'), '{}', '{}', () => 0);
    expect(reply.kind).toBe('failed');
    expect(englishFailure(reply)).toMatch(/spine-core could not read the export: .*__no_such_bone__/);
  });

  it('a failure reads in Chinese in the Chinese UI', () => {
    initLang(new MemoryStorage());
    const reply = runExportPipeline(faulty('slot'), '{}', '{}', () => 0);
    if (reply.kind !== 'failed') throw new Error('not refused');
    expect(failureText(reply.failure)).toMatch(/^spine-core 无法读取导出：.*__no_such_bone__/);
  });

  it('without a fault the same export passes', () => {
    expect(runExportPipeline(fakeExport, '{}', '{}', () => 0).kind).toBe('done');
  });
});

describe('budget text', () => {
  const e = { bonesPoolOn: 12, bonesPoolOff: 301, particleFrames: 5000, unreducedKeys: 20000, bytesPoolOn: 683_120, bytesPoolOff: 758_260, collisionEvents: 0, impactKeys: 0, pathRootKeys: 0 };
  it('formats bytes', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
  it('shows the pool-off numbers prominently only when the pool is off', () => {
    setLang('en', new MemoryStorage());
    const on = budgetText(e, true);
    expect(on.headline).toBe('Estimated 12 bones, ≤ 667.1 KB');
    expect(on.poolOffWarning).toBeNull();
    expect(on.other).toContain('301 bones');
    setLang('zh-CN', new MemoryStorage());
    const off = budgetText(e, false);
    expect(off.headline).toBe('预计骨骼 301，大小 ≤ 740.5 KB');
    expect(off.poolOffWarning).toContain('共 301 根');
    expect(off.poolOffWarning).toContain('×25.1');
    expect(off.keys).toContain('20000');
  });
});
