// Every error and warning code of the Rust side has zh and en wording whose placeholders are
// parameters of that code, and a coded error is worded with its parameters.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../generated/error-codes';
import { errorWording, errorsEn, errorsZh, placeholders } from './error-wording';

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('error wording', () => {
  it('covers exactly the generated codes in both languages', () => {
    expect(Object.keys(errorsEn).sort()).toEqual([...codes].sort());
    expect(Object.keys(errorsZh).sort()).toEqual([...codes].sort());
  });

  for (const [lang, table] of [
    ['en', errorsEn],
    ['zh', errorsZh],
  ] as const) {
    it(`${lang}: every wording is non-empty and uses only its code's parameters`, () => {
      for (const code of codes) {
        const text = table[code];
        expect(text.trim(), code).not.toBe('');
        const params: readonly string[] = ERROR_CODES[code];
        for (const name of placeholders(text)) expect(params, `${code} {${name}}`).toContain(name);
      }
    });
  }

  it('the Chinese table is Chinese where it has words of its own', () => {
    // Wordings that are only placeholders ("{name}: {message}") have no words to translate.
    for (const code of codes) {
      const words = errorsZh[code].replace(/\{\w+\}/g, '').replace(/[\s:：.,()（）"“”\\/…]/g, '');
      if (words.length > 0 && /[A-Za-z]/.test(errorsEn[code].replace(/\{\w+\}/g, ''))) {
        expect(/[\u4e00-\u9fff]/.test(errorsZh[code]), code).toBe(true);
      }
    }
  });

  it('fills the parameters of a coded error', () => {
    const e = { code: 'sim.field.aboveMax', params: { path: 'systems[0].ratePerSec', value: 200000, limit: 100000 } };
    expect(errorWording(e, 'en')).toBe('systems[0].ratePerSec: 200000 is above the limit 100000.');
    expect(errorWording(e, 'zh-CN')).toBe('systems[0].ratePerSec：200000 超过上限 100000。');
    expect(errorWording(new Error('plain'), 'en')).toBeNull();
    expect(errorWording({ code: 'no.such.code' }, 'en')).toBeNull();
  });

  it('words the JSON kinds of a skeleton header warning in Chinese, not in English', () => {
    const w = { code: 'skel.warning.ignored', params: { path: 'skeleton.fps', found: 'an array', expected: 'a number' } };
    expect(errorWording(w, 'en')).toBe('skeleton.fps is an array, not a number; ignored.');
    expect(errorWording(w, 'zh-CN')).toBe('skeleton.fps 的类型是数组，应为数字；已忽略。');
    const s = { code: 'skel.warning.skeletonNotObject', params: { found: 'a string' } };
    expect(errorWording(s, 'zh-CN')).toBe('skeleton 是字符串，不是对象；其元数据已忽略。');
  });
});
