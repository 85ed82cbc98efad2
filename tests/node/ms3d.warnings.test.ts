// MS3D parser warnings reach the UI as codes with parameters, and the UI's wording of them
// (web/i18n/error-wording.ts) says what Rust says in English and says it in Chinese, with the
// section and the byte. The models are damaged copies of tests/fixtures/ms3d/jeep1.ms3d (bytes
// appended after its last section), read by `spineparticle ms3d info --json`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../web/generated/contract.ts';
import { errorWording } from '../../web/i18n/error-wording.ts';
import { runCli } from '../support/cli.ts';

const JEEP = join(import.meta.dirname, '../fixtures/ms3d/jeep1.ms3d');
const dir = mkdtempSync(join(tmpdir(), 'ms3d-warnings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `ms3d info --json` of jeep1.ms3d with `tail` appended. */
function infoWith(tail: number[]): { info: ModelInfo; size: number } {
  const bytes = readFileSync(JEEP);
  const path = join(dir, `jeep-${tail.join('-')}.ms3d`);
  writeFileSync(path, Buffer.concat([bytes, Buffer.from(tail)]));
  return { info: JSON.parse(runCli(['ms3d', 'info', '--json', path])) as ModelInfo, size: bytes.length };
}

const stripStop = (s: string): string => s.replace(/\.$/, '');

describe('ms3d warnings', () => {
  it('an unknown comments sub-version: coded, with the byte, worded in en as Rust says it and in zh', () => {
    const { info, size } = infoWith([7, 0, 0, 0, 1]);
    expect(info.warningDetails.map((w) => w.code)).toEqual(['ms3d.warning.unknownSubVersion', 'ms3d.warning.trailingBytes']);
    expect(info.warnings).toEqual(info.warningDetails.map((w) => w.message));
    for (const w of info.warningDetails) {
      expect(w.params.offset).toBe(size);
      expect(stripStop(errorWording(w, 'en') ?? '')).toBe(stripStop(w.message));
      const zh = errorWording(w, 'zh-CN') ?? '';
      expect(zh).toMatch(/^注释段第 \d+ 字节：/);
      expect(zh).toContain(String(size));
      expect(zh).not.toMatch(/[{}]|comments/);
    }
    expect(errorWording(info.warningDetails[0], 'zh-CN')).toBe(`注释段第 ${size} 字节：未知子版本 7（应为 [1] 之一）；文件其余部分未读取。`);
  });

  it('a comments section cut short: the model loads, the warning says what is lost in both languages', () => {
    const { info, size } = infoWith([1, 0, 0, 0]);
    const [w] = info.warningDetails;
    expect(w.code).toBe('ms3d.warning.commentsNotRead');
    expect(w.params.offset).toBe(size);
    expect(info.bytesConsumed).toBe(size);
    expect(stripStop(errorWording(w, 'en') ?? '')).toBe(stripStop(w.message));
    expect(errorWording(w, 'zh-CN')).toContain(`注释段第 ${size} 字节：未能读取，因此缺少注释`);
  });
});
