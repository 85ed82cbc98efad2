import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../document/presets';
import { en } from './en';
import { initLang, lang, LANG_STORAGE_KEY, missingKeys, onLangChange, parseLang, setLang, t, type KeyValueStorage } from './index';
import { zh } from './zh';

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

describe('i18n', () => {
  it('defaults to Chinese, with the exact export label', () => {
    initLang(new MemoryStorage());
    expect(lang()).toBe('zh-CN');
    expect(t('exportButton')).toBe('导出Spine Json');
  });

  it('switches to English and persists the choice', () => {
    const storage = new MemoryStorage();
    initLang(storage);
    let seen = '';
    const off = onLangChange((l) => (seen = l));
    setLang('en', storage);
    off();
    expect(seen).toBe('en');
    expect(storage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(t('undo')).toBe('Undo');
    initLang(storage);
    expect(lang()).toBe('en');
    setLang('zh-CN', storage);
    expect(t('undo')).toBe('撤销');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    initLang(new MemoryStorage());
    expect(t('missingImages', { list: 'a.png' })).toBe('缺少图片：a.png');
    expect(t('missingImages')).toBe('缺少图片：{list}');
  });

  it('has every key in both languages, with the same placeholders', () => {
    expect(missingKeys()).toEqual([]);
    for (const key of Object.keys(zh) as (keyof typeof zh)[]) {
      const names = (s: string): string[] => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(en[key]), key).toEqual(names(zh[key]));
      expect(en[key].trim(), key).not.toBe('');
    }
  });

  it('has exactly the same keys in both tables, each Chinese in one and English in the other', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    // The language button names the other language; its title is bilingual on purpose.
    const bilingual = new Set(['otherLanguage', 'languageButtonTitle']);
    for (const key of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(zh[key].trim(), key).not.toBe('');
      if (bilingual.has(key)) continue;
      expect(zh[key], `zh ${key}`).toMatch(CJK);
      expect(en[key], `en ${key}`).not.toMatch(CJK);
    }
  });

  it('names every bundled preset in both languages', () => {
    for (const p of PRESETS) {
      expect(`preset_${p.id}` in zh, p.id).toBe(true);
      expect(`preset_${p.id}` in en, p.id).toBe(true);
    }
  });

  it('is the only source of UI text: no other module holds Chinese text or reads the page language', () => {
    const offenders: string[] = [];
    for (const file of uiSources()) {
      const code = withoutComments(readFileSync(file, 'utf8'));
      const name = relative(WEB, file);
      if (CJK.test(code)) offenders.push(`${name}: Chinese text outside web/i18n/`);
      if (/documentElement\.lang(?!\s*=[^=])/.test(code)) offenders.push(`${name}: reads <html lang>`);
      if (/\blang\(\)\s*[!=]==/.test(code)) offenders.push(`${name}: picks texts by language`);
    }
    expect(offenders).toEqual([]);
  });

  it('parses stored values defensively', () => {
    expect(parseLang(null)).toBe('zh-CN');
    expect(parseLang('fr')).toBe('zh-CN');
    expect(parseLang('en')).toBe('en');
  });
});

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;
const WEB = join(import.meta.dirname, '..');

/** The TypeScript sources of the page (web/), without the tables, the tests and the wasm glue. */
function uiSources(dir = WEB): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(WEB, 'i18n') || path === join(WEB, 'pkg') ? [] : uiSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `code` without its comments (line and block comments; strings are kept). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}
