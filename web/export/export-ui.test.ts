// The pure parts of the export UI: JSON fault location, test-only faults (and that the pipeline
// refuses them with their location), the budget text.
import { describe, expect, it } from 'vitest';
import { budgetText, formatBytes } from './budget-format';
import { applyExportFault, exportFaultFromQuery } from '../../tests/support/export-fault';
import { locateJsonFault } from './json-locate';
import { assertJsonSyntax, runExportPipeline } from './pipeline';

const SKELETON = JSON.stringify({
  skeleton: { spine: '4.2.22' },
  bones: [{ name: 'root' }, { name: 'p0', parent: 'root' }],
  slots: [{ name: 'p0', bone: 'p0', attachment: 'dot' }],
  skins: [{ name: 'default', attachments: { p0: { dot: { width: 8, height: 8 } } } }],
  animations: { animation: { bones: { p0: { translate: [{ x: 1.5, y: 2 }, { time: 0.5, x: 3, y: -4 }] } } } },
});
const REPORT = { bones: 2, slots: 1, attachments: 1, keys: { translate: 2 }, unreducedKeys: {}, bytes: SKELETON.length, bakeMs: 1, peakAlive: 1, lives: 1, animations: ['animation'], warnings: [] };
const fakeExport = (): string => JSON.stringify({ json: SKELETON, report: REPORT });

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
  it('reads the query and leaves other values alone', () => {
    expect(exportFaultFromQuery('?renderer=webgl2&exportFault=nan')).toBe('nan');
    expect(exportFaultFromQuery('?exportFault=inf')).toBe('inf');
    expect(exportFaultFromQuery('?exportFault=slot')).toBe('slot');
    expect(exportFaultFromQuery('?exportFault=boom')).toBeNull();
    expect(exportFaultFromQuery('')).toBeNull();
  });

  it('nan: refused as invalid JSON with the JSON path of the key', () => {
    const broken = applyExportFault(SKELETON, 'nan');
    expect(broken).toContain('"x":NaN');
    expect(() => assertJsonSyntax(broken)).toThrow(/not valid JSON at animations\.animation\.bones\.p0\.translate\[0\]\.x \(line 1, column \d+, byte \d+\)/);
    const reply = runExportPipeline(fakeExport, '{}', '{}', () => 0, () => {}, 'nan');
    expect(reply.kind).toBe('failed');
    if (reply.kind === 'failed') expect(reply.message).toMatch(/translate\[0\]\.x/);
  });

  it('inf: read by spine-core, refused as non-finite naming the timeline', () => {
    const reply = runExportPipeline(fakeExport, '{}', '{}', () => 0, () => {}, 'inf');
    expect(reply).toEqual({ kind: 'failed', message: expect.stringMatching(/non-finite number at animations\.animation \(\w+ key value \d+\)/) as unknown as string });
  });

  it('slot: refused by spine-core naming the bone', () => {
    const reply = runExportPipeline(fakeExport, '{}', '{}', () => 0, () => {}, 'slot');
    expect(reply.kind).toBe('failed');
    if (reply.kind === 'failed') expect(reply.message).toMatch(/spine-core could not read the export: .*__no_such_bone__/);
  });

  it('without a fault the same export passes', () => {
    expect(runExportPipeline(fakeExport, '{}', '{}', () => 0).kind).toBe('done');
  });
});

describe('budget text', () => {
  const e = { bonesPoolOn: 12, bonesPoolOff: 301, particleFrames: 5000, unreducedKeys: 20000, bytesPoolOn: 683_120, bytesPoolOff: 758_260 };
  it('formats bytes', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
  it('shows the pool-off numbers prominently only when the pool is off', () => {
    const on = budgetText(e, true, false);
    expect(on.headline).toBe('Estimated 12 bones, ≤ 667.1 KB');
    expect(on.poolOffWarning).toBeNull();
    expect(on.other).toContain('301 bones');
    const off = budgetText(e, false, true);
    expect(off.headline).toBe('预计骨骼 301，大小 ≤ 740.5 KB');
    expect(off.poolOffWarning).toContain('共 301 根');
    expect(off.poolOffWarning).toContain('×25.1');
    expect(off.keys).toContain('20000');
  });
});
