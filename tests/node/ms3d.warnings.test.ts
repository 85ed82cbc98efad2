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

  it('a comments section cut short: the model loads, the warning says what is lost and why in both languages', () => {
    const { info, size } = infoWith([1, 0, 0, 0]);
    const [w] = info.warningDetails;
    expect(w.code).toBe('ms3d.warning.commentsNotRead');
    expect(w.params.offset).toBe(size);
    expect(info.bytesConsumed).toBe(size);
    // Why, as a nested issue: the reader's error code and its parameters (`error.*`).
    expect(w.params.errorCode).toBe('ms3d.truncated');
    expect(w.params['error.section']).toBe('comments');
    expect(w.params['error.offset']).toBe(size + 4);
    const en = errorWording(w, 'en') ?? '';
    expect(en).toBe(
      `comments section, byte ${size}: not read, so the comments (clip names and frame ranges among them) and the sections after them are missing: ` +
        `The model file ends early: comments section, byte ${size + 4} needs ${w.params['error.needed']} bytes, 0 remain.`,
    );
    const zh = errorWording(w, 'zh-CN') ?? '';
    expect(zh).toBe(
      `注释段第 ${size} 字节：未能读取，因此缺少注释（包括片段名称和帧范围）及其后的各段：模型文件提前结束：注释段第 ${size + 4} 字节需要 ${w.params['error.needed']} 字节，只剩 0 字节。`,
    );
    // No English reaches a Chinese user: no Latin word, no placeholder left.
    expect(zh).not.toMatch(/[A-Za-z{}]/);
  });

  it('a comment count larger than the file: the nested cause (count too large) is worded in Chinese too', () => {
    const { info, size } = infoWith([1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]);
    const [w] = info.warningDetails;
    expect(w.code).toBe('ms3d.warning.commentsNotRead');
    expect(w.params.errorCode).toBe('ms3d.countTooLarge');
    expect(w.params['error.count']).toBe(0x7fffffff);
    const zh = errorWording(w, 'zh-CN') ?? '';
    expect(zh).toBe(
      `注释段第 ${size} 字节：未能读取，因此缺少注释（包括片段名称和帧范围）及其后的各段：` +
        `注释段第 ${size + 4} 字节：2147483647 项至少需要 ${w.params['error.minBytes']} 字节，只剩 0 字节。`,
    );
    expect(zh).not.toMatch(/[A-Za-z{}]/);
  });
});
