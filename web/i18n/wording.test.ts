// The errors the page words from Rust parameters and templates, with the module's real errors:
// in Chinese no English fragment (a JSON syntax message, a serde type error, a binary field name,
// a reason) and no doubled full stop where an error that is a whole sentence is placed into a
// template that ends it again (`分享链接无法打开：{error}。…`); English as Rust says it, one stop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WasmModule } from '../engine/wasm-api';
import { loadWasm } from '../../tests/support/wasm';
import { issueText } from './error-wording';
import { fillTemplate, setLang, t, type KeyValueStorage } from './index';
import { paramPhraseZh, spineCoreMessageZh } from './message-wording';

const COIN = new Uint8Array(readFileSync(join(import.meta.dirname, '../../tests/fixtures/spine/coin-pro-4.2.skel')));

const memory: KeyValueStorage = { getItem: () => null, setItem: () => undefined };

let wasm: WasmModule;

beforeAll(async () => {
  wasm = await loadWasm();
});

afterEach(() => setLang('zh-CN', memory));

/** What `normalizeScene` throws for `json` (the share link's and the scene file's check). */
function sceneError(json: string): unknown {
  try {
    wasm.normalizeScene(json);
  } catch (e) {
    return e;
  }
  throw new Error(`${json} was accepted`);
}

/** What `skelInfo` throws for `bytes` (the skeleton panel's header read). */
function skelError(bytes: Uint8Array): unknown {
  try {
    wasm.skelInfo(bytes, null, null);
  } catch (e) {
    return e;
  }
  throw new Error('the bytes were read');
}

/** A share link's error in the current language, as the page shows it. */
const shared = (e: unknown): string => t('shareInvalid', { error: issueText(e) });

/** A skeleton panel's header error in the current language, as the panel shows it. */
const unreadable = (e: unknown): string => t('skelCannotRead', { path: 'x.skel', error: issueText(e) });

/**
 * Latin words of three letters or more in `text` that are neither data (the file name, JSON paths,
 * names and values in quotes) nor names that stay as they are in Chinese (JSON, Spine, base64).
 */
function englishWords(text: string): string[] {
  const data = text
    .replaceAll('x.skel', '')
    .replace(/“[^”]*”|"[^"]*"/g, '')
    .replace(/[\w.]*\[\d+\][\w.[\]]*/g, '');
  const kept = new Set(['JSON', 'Spine', 'base64']);
  return [...data.matchAll(/[A-Za-z][A-Za-z0-9]{2,}/g)].map((m) => m[0]).filter((w) => !kept.has(w));
}

const RANDOM = Uint8Array.from([7, 200, 13, 99, 1, 250, 31, 64, 128, 3, 77, 190, 5, 42, 220, 11]);

/** The brief's cases: what each input gives in Chinese. */
const CASES: { name: string; text: () => string; zh: string }[] = [
  { name: 'empty #scene=', text: () => shared(sceneError('')), zh: '分享链接无法打开：JSON 格式错误（第 1 行，第 0 列）：缺少值（文本为空或提前结束）。编辑器保持原样。' },
  { name: 'not JSON', text: () => shared(sceneError('{abc')), zh: '分享链接无法打开：JSON 格式错误（第 1 行，第 2 列）：键必须是带双引号的字符串。编辑器保持原样。' },
  { name: '[1]', text: () => shared(sceneError('[1]')), zh: '分享链接无法打开：文档：必须是 JSON 对象（{…}）。编辑器保持原样。' },
  {
    name: 'maxParticles 1e9',
    text: () => shared(sceneError(JSON.stringify({ version: 1, systems: [{ name: 'x', maxParticles: 1e9 }] }))),
    zh: '分享链接无法打开：systems[0].maxParticles：1000000000 超过上限 100000。编辑器保持原样。',
  },
  { name: 'version 99', text: () => shared(sceneError('{"version":99}')), zh: '分享链接无法打开：文档版本为 99；本编辑器最高支持版本 1。编辑器保持原样。' },
  { name: '10-byte .skel', text: () => unreadable(skelError(COIN.slice(0, 10))), zh: '无法读取 x.skel：骨架文件提前结束：第 9 字节处的 版本（4.x 布局，第 8 字节起） 需要 6 字节，只剩 1 字节。' },
  { name: '100-byte .skel', text: () => unreadable(skelError(COIN.slice(0, 100))), zh: '无法读取 x.skel：骨架文件提前结束：第 84 字节处的 字符串表第 2 项 需要 25 字节，只剩 16 字节。' },
  {
    name: 'random bytes',
    text: () => unreadable(skelError(RANDOM)),
    zh: '无法读取 x.skel：不是 Spine 骨架：第 8 字节处（4.x 布局）和 base64 哈希字符串之后（3.8 布局）都没有 Spine 版本字符串，文件也不以“{”开头（JSON）',
  },
  { name: 'JSON without skeleton', text: () => unreadable(skelError(new TextEncoder().encode('{"a":1}'))), zh: '无法读取 x.skel：不是 Spine 骨架：JSON 对象中既没有“skeleton”部分，也没有“bones”部分' },
  {
    name: 'a type error',
    text: () => shared(sceneError('{"systems":[{"maxParticles":"x"}]}')),
    zh: '分享链接无法打开：systems[0].maxParticles：类型错误：字符串 "x"，应为非负整数。编辑器保持原样。',
  },
  {
    name: 'an unknown choice',
    text: () => shared(sceneError('{"systems":[{"blend":"weird"}]}')),
    zh: '分享链接无法打开：systems[0].blend：未知取值“weird”，应为以下之一：“normal”、“additive”、“multiply”、“screen”。编辑器保持原样。',
  },
];

describe('error wording in Chinese', () => {
  for (const c of CASES) {
    it(`${c.name}: no English fragment, no doubled full stop`, () => {
      setLang('zh-CN', memory);
      const text = c.text();
      expect(text).toBe(c.zh);
      expect(text).not.toMatch(/。。|\.。|。\./);
      expect(englishWords(text)).toEqual([]);
    });
  }
});

describe('error wording in English', () => {
  it('is what Rust says, with one full stop', () => {
    setLang('en', memory);
    expect(shared(sceneError(''))).toBe('The shared link cannot be opened: not valid JSON at line 1, column 0: EOF while parsing a value. The editor is unchanged.');
    expect(shared(sceneError('[1]'))).toBe('The shared link cannot be opened: (document): the document must be a JSON object. The editor is unchanged.');
    expect(shared(sceneError('{"version":99}'))).toBe(
      'The shared link cannot be opened: the document has version 99, newer than this editor understands (version 1); update the editor to open it. The editor is unchanged.',
    );
    expect(unreadable(skelError(COIN.slice(0, 10)))).toBe('Cannot read x.skel: unexpected end of file at byte 9 reading version (4.x layout, byte 8) (needs 6 bytes, 1 left)');
    for (const c of CASES) expect(c.text()).not.toMatch(/\.\.(?!\.)|[\u4e00-\u9fff]/);
  });
});

describe('fillTemplate', () => {
  it('does not add a full stop after a text that already ends a sentence', () => {
    const fill = (template: string, value: string): string => fillTemplate(template, (n) => (n === 'error' ? value : null));
    expect(fill('无法打开：{error}。请重试。', '超过上限 100。')).toBe('无法打开：超过上限 100。请重试。');
    expect(fill('无法打开：{error}。请重试。', '超过上限 100')).toBe('无法打开：超过上限 100。请重试。');
    expect(fill('Cannot open: {error}. Try again.', 'above the limit.')).toBe('Cannot open: above the limit. Try again.');
    expect(fill('Cannot open: {error}. Try again.', 'above the limit (100)')).toBe('Cannot open: above the limit (100). Try again.');
    expect(fill('无法打开：{error}。', '是文件吗？')).toBe('无法打开：是文件吗？');
    expect(fill('（{error}）。', '已恢复。')).toBe('（已恢复。）。');
    // A placeholder without a value stays as it is, its stop with it.
    expect(fill('{other}。{error}', 'x')).toBe('{other}。x');
  });

  it('is what t() and the coded errors use', () => {
    setLang('zh-CN', memory);
    expect(t('shareInvalid', { error: '文档版本为 99；本编辑器最高支持版本 1。' })).toBe('分享链接无法打开：文档版本为 99；本编辑器最高支持版本 1。编辑器保持原样。');
    setLang('en', memory);
    expect(t('shareInvalid', { error: 'it is too large.' })).toBe('The shared link cannot be opened: it is too large. The editor is unchanged.');
  });
});

describe('phrases of parameters and of spine-core', () => {
  it('words the listed phrases of a parameter, and only of that parameter', () => {
    expect(paramPhraseZh('message', 'EOF while parsing a value')).toBe('缺少值（文本为空或提前结束）');
    expect(paramPhraseZh('message', 'missing field `kind`')).toBe('缺少字段“kind”');
    expect(paramPhraseZh('message', 'invalid value: integer `-1`, expected u32')).toBe('无效的值：整数 -1，应为非负整数');
    expect(paramPhraseZh('message', "expected ','")).toBe('此处应为“,”');
    expect(paramPhraseZh('what', 'string table entry 12')).toBe('字符串表第 12 项');
    expect(paramPhraseZh('path', '(document)')).toBe('文档');
    expect(paramPhraseZh('path', 'systems[0].name')).toBeNull();
    expect(paramPhraseZh('name', 'EOF while parsing a value')).toBeNull();
    expect(paramPhraseZh('message', 'something new')).toBeNull();
  });

  it("words spine-core's load errors", () => {
    expect(spineCoreMessageZh("Couldn't find bone nope for slot a")).toBe('找不到插槽“a”引用的骨骼“nope”');
    expect(spineCoreMessageZh("Couldn't find slot clipping for skin default.")).toBe('找不到皮肤“default”引用的插槽“clipping”');
    expect(spineCoreMessageZh('Slot not found: nope')).toBe('找不到插槽“nope”');
    expect(spineCoreMessageZh('Region not found in atlas: coin-front-logo (region attachment: coin-front-logo)')).toBe('图集中没有区域“coin-front-logo”（区域附件“coin-front-logo”需要它）');
    expect(spineCoreMessageZh('name cannot be null.')).toBe('名称为空（null）');
    expect(spineCoreMessageZh('Offset is outside the bounds of the DataView')).toBeNull();
  });
});
