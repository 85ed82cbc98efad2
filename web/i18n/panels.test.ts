// The skeleton panel, its playback section and the MS3D model panel speak both languages: every
// message key they use exists in both tables, is Chinese in the Chinese table and English in the
// English one, and is given every placeholder its text needs; every key of their sections is
// used; and the relabel helpers rewrite labels on a language switch while the panel is open.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { followLang, initLang, Relabel, setLang, t, type KeyValueStorage } from './index';
import { zh } from './zh';

const PANEL_FILES = ['skeleton/panel/panel.ts', 'skeleton/panel/controls.ts', 'skeleton/panel/placement.ts', 'models/panel.ts', 'models/objects.ts', 'editor/sceneList.ts', 'skeleton/skeletons.ts', 'skeleton/object/refusal.ts'];
/** Table sections written for these panels. */
const PANEL_PREFIX = /^(skel|play|model)[A-Z_]/;

const sources = PANEL_FILES.map((file) => ({ file, text: readFileSync(new URL(`../${file}`, import.meta.url), 'utf8') }));

/** The object literal starting at `text[open]` (`{`), braces balanced. */
function objectAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error(`unbalanced braces from offset ${open}`);
}

/** Every `t('key', params?)` call of `text`, with the text of its parameter object ('' without). */
function calls(text: string): { key: string; params: string }[] {
  const out: { key: string; params: string }[] = [];
  for (const m of text.matchAll(/\bt\('(\w+)'(\s*,\s*)?/g)) {
    const after = m.index + m[0].length;
    out.push({ key: m[1], params: m[2] !== undefined && text[after] === '{' ? objectAt(text, after) : '' });
  }
  return out;
}

/** Keys named as string literals (maps of keys such as the defect kinds and model counts). */
function literalKeys(text: string): string[] {
  return [...text.matchAll(/'(\w+)'/g)].map((m) => m[1]).filter((k) => PANEL_PREFIX.test(k) && k in zh);
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

class MemoryStorage implements KeyValueStorage {
  private readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

describe('panel texts', () => {
  const used = new Set<string>();
  for (const { text } of sources) {
    for (const c of calls(text)) used.add(c.key);
    for (const k of literalKeys(text)) used.add(k);
  }

  it('reads the panels through t()', () => {
    for (const { file, text } of sources) expect(calls(text).length, file).toBeGreaterThan(/(skeletons|objects|sceneList|refusal)\.ts$/.test(file) ? 3 : 10);
  });

  it('uses only keys of both tables, Chinese in one and English in the other', () => {
    const zhTable = zh as Record<string, string>;
    const enTable = en as Record<string, string>;
    for (const key of used) {
      expect(key in zhTable && key in enTable, `key ${key}`).toBe(true);
      expect(zhTable[key], `zh ${key}`).toMatch(CHINESE);
      expect(enTable[key], `en ${key}`).not.toMatch(CJK);
      expect(enTable[key].trim(), `en ${key}`).not.toBe('');
    }
  });

  it('passes every placeholder each text needs', () => {
    for (const { file, text } of sources) {
      for (const { key, params } of calls(text)) {
        // `name: value` or the shorthand `name` between `{`/`,` and `,`/`}`.
        const given = new Set([...params.matchAll(/(?:^\{|,)\s*(\w+)\s*(?=[:,}])/g)].map((m) => m[1]));
        for (const name of placeholders(zh[key as keyof typeof zh] ?? '')) expect(given.has(name), `${file}: t('${key}') without {${name}}`).toBe(true);
      }
    }
  });

  it('uses every key of the panel sections of the tables', () => {
    const unused = Object.keys(zh).filter((k) => PANEL_PREFIX.test(k) && !used.has(k));
    expect(unused).toEqual([]);
  });
});

describe('relabelling', () => {
  it('rewrites texts and attributes on a switch while the anchor is in the page, then lets go', () => {
    const storage = new MemoryStorage();
    initLang(storage);
    const labels = new Relabel();
    const node = { textContent: null as string | null };
    const attrs = new Map<string, string>();
    labels.text(node, () => t('skelRepair'));
    labels.attr({ setAttribute: (n: string, v: string) => void attrs.set(n, v) }, 'aria-label', () => t('skelPanel'));
    expect([node.textContent, attrs.get('aria-label')]).toEqual(['修复', 'Spine 骨架']);

    const anchor = { isConnected: true };
    let relabels = 0;
    followLang(anchor, () => {
      relabels++;
      labels.apply();
    });
    setLang('en', storage);
    expect([node.textContent, attrs.get('aria-label'), relabels]).toEqual(['Repair', 'Spine skeleton', 1]);

    // Closed: the next switch unsubscribes instead of relabelling, for good.
    anchor.isConnected = false;
    setLang('zh-CN', storage);
    anchor.isConnected = true;
    setLang('en', storage);
    expect([node.textContent, relabels]).toEqual(['Repair', 1]);
    setLang('zh-CN', storage);
  });

  it('formats the playback status and the model counts in both languages', () => {
    const storage = new MemoryStorage();
    initLang(storage);
    const status = { animation: 'run', frames: 82, fps: 30, vertices: 120, triangles: 60, layouts: '' };
    expect(t('playStatus', status)).toBe('run：82 帧，30 fps，120 个顶点，60 个三角形。');
    setLang('en', storage);
    expect(t('playStatus', { ...status, layouts: t('playLayouts', { count: 2 }) })).toBe('run: 82 frames at 30 fps, 120 vertices, 60 triangles, 2 layouts.');
    expect([t('modelVertexOne', { count: 1 }), t('modelVertexMany', { count: 2 })]).toEqual(['1 vertex', '2 vertices']);
    setLang('zh-CN', storage);
  });
});
