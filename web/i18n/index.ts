// UI language: Chinese (zh-CN) by default, English on request; the choice persists in
// localStorage. Texts are plain strings placed with textContent (never parsed as markup);
// `{name}` placeholders are filled by `t(key, { name })`.

import { en } from './en';
import { zh } from './zh';

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

/** Switches to the other language (the toolbar's language button). */
export function toggleLang(store: KeyValueStorage | null = storage()): void {
  setLang(current === 'en' ? 'zh-CN' : 'en', store);
}

/** Registers a language-change listener. */
export function onLangChange(listener: (lang: Lang) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A text that already ends a sentence (Chinese or Latin full stop, exclamation or question mark). */
const ENDS_SENTENCE = /[。！？.!?]$/;

/**
 * `template` with each `{name}` placeholder replaced by `value(name)` (left as it is when that
 * gives null). A full stop (`。` or `.`) right after a placeholder is dropped when the inserted
 * text already ends a sentence, so an error worded as a whole sentence placed into
 * `…：{error}。…` does not end in `。。`.
 */
export function fillTemplate(template: string, value: (name: string) => string | null): string {
  return template.replace(/\{(\w+)\}([。.])?/g, (whole, name: string, stop: string | undefined) => {
    const text = value(name);
    if (text === null) return whole;
    return stop === undefined || ENDS_SENTENCE.test(text) ? text : text + stop;
  });
}

/**
 * Translated text for `key`, with `{name}` placeholders replaced by `params` (a full stop after an
 * inserted sentence is not doubled: {@link fillTemplate}).
 */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = tables[current][key] ?? zh[key];
  return fillTemplate(text, (name) => (name in params ? String(params[name]) : null));
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

/** Something whose text can be relabelled (a DOM node, or a test double). */
export interface TextTarget {
  textContent: string | null;
}

/** Something whose attributes can be relabelled (a DOM element, or a test double). */
export interface AttrTarget {
  setAttribute(name: string, value: string): void;
}

/**
 * The texts of one panel that follow the language: each is set when registered and again by
 * {@link Relabel.apply} (after a language switch). Only labels are rewritten: the panel's
 * inputs, selections and results stay as they are.
 */
export class Relabel {
  private readonly updates: (() => void)[] = [];

  /** Runs `update` now and on every {@link Relabel.apply}. */
  on(update: () => void): void {
    this.updates.push(update);
    update();
  }

  /** Sets `node`'s text to `text()` now and on every apply; returns `node`. */
  text<T extends TextTarget>(node: T, text: () => string): T {
    this.on(() => (node.textContent = text()));
    return node;
  }

  /** Sets attribute `name` of `node` to `text()` now and on every apply; returns `node`. */
  attr<T extends AttrTarget>(node: T, name: string, text: () => string): T {
    this.on(() => node.setAttribute(name, text()));
    return node;
  }

  /** Re-applies every registered text in the current language. */
  apply(): void {
    for (const update of this.updates) update();
  }
}

/**
 * Calls `relabel` after every language switch while `anchor` is in the page; the listener goes
 * at the first switch that finds `anchor` out of the page (its panel was closed or replaced).
 * `anchor` must be placed in the page before the next switch. Returns the unsubscribe function.
 */
export function followLang(anchor: { readonly isConnected: boolean }, relabel: () => void): () => void {
  const off = onLangChange(() => {
    if (anchor.isConnected) relabel();
    else off();
  });
  return off;
}
