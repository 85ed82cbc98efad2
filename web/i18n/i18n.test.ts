import { describe, expect, it } from 'vitest';
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

  it('parses stored values defensively', () => {
    expect(parseLang(null)).toBe('zh-CN');
    expect(parseLang('fr')).toBe('zh-CN');
    expect(parseLang('en')).toBe('en');
  });
});
