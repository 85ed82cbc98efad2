// UI language: Chinese (zh-CN) by default, English on request; the choice persists in
// localStorage. Texts are plain strings placed with textContent (never parsed as markup);
// `{name}` placeholders are filled by `t(key, { name })`.

import { en } from './i18n-en';
import { zh } from './i18n-zh';

/** Supported languages. */
export type Lang = 'zh-CN' | 'en';
/** Message keys (the Chinese table is the reference). */
export type MessageKey = keyof typeof zh;

/** localStorage key of the language choice. */
export const LANG_STORAGE_KEY = 'spineparticle.lang';

const tables: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zh, en };

let current: Lang = 'zh-CN';
const listeners = new Set<(lang: Lang) => void>();

/** Minimal storage interface (localStorage or a test double). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Parses a stored language; Chinese unless exactly `en`. */
export function parseLang(value: string | null): Lang {
  return value === 'en' ? 'en' : 'zh-CN';
}

/** Loads the persisted language (Chinese when none). */
export function initLang(store: KeyValueStorage | null = storage()): Lang {
  current = parseLang(store?.getItem(LANG_STORAGE_KEY) ?? null);
  return current;
}

/** Current language. */
export function lang(): Lang {
  return current;
}

/** Switches language, persists it, notifies listeners. */
export function setLang(next: Lang, store: KeyValueStorage | null = storage()): void {
  current = next;
  try {
    store?.setItem(LANG_STORAGE_KEY, next);
  } catch {
    // Storage full or denied: the switch still applies to this page.
  }
  for (const listener of listeners) listener(next);
}

/** Registers a language-change listener. */
export function onLangChange(listener: (lang: Lang) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translated text for `key`, with `{name}` placeholders replaced by `params`. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = tables[current][key] ?? zh[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Every key of both tables, for tests. */
export function missingKeys(): { lang: Lang; key: string }[] {
  const out: { lang: Lang; key: string }[] = [];
  for (const l of Object.keys(tables) as Lang[]) {
    for (const key of Object.keys(zh)) {
      if (!(key in tables[l])) out.push({ lang: l, key });
    }
  }
  return out;
}
