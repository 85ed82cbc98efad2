// Chinese for the English phrases that reach the page inside texts the editor does not word
// itself: the parameters of coded Rust errors that carry a sentence or a field name rather than
// data (serde_json's and sp-skel's JSON syntax messages, serde's type errors, sp-sim's and
// sp-skel's own reasons, sp-skel's binary field names), applied per parameter by
// error-wording.ts, and the errors spine-core throws while loading a skeleton (worded by
// web/skeleton/object/refusal.ts). Exact phrases first, then patterns; a phrase not listed is
// shown as it is (the Rust or spine-core sentence, which the CLI and the console print too).

import { lang } from './index';

/** A pattern and the Chinese it gives for a match. */
type Rule = readonly [RegExp, (m: RegExpExecArray) => string];

/** Chinese of `text` by `exact`, then the first matching rule of `rules`; null when none knows it. */
function translate(text: string, exact: Readonly<Record<string, string>>, rules: readonly Rule[]): string | null {
  if (Object.hasOwn(exact, text)) return exact[text];
  for (const [pattern, word] of rules) {
    const m = pattern.exec(text);
    if (m !== null) return word(m);
  }
  return null;
}

/** serde_json's syntax messages (`sim.document.json`, and inside `sim.field.type`). */
const SERDE_SYNTAX_ZH: Readonly<Record<string, string>> = {
  'EOF while parsing a list': '数组未结束就到了文本末尾',
  'EOF while parsing an object': '对象未结束就到了文本末尾',
  'EOF while parsing a string': '字符串未结束就到了文本末尾',
  'EOF while parsing a value': '缺少值（文本为空或提前结束）',
  'expected `:`': '此处应为“:”',
  'expected `,` or `]`': '此处应为“,”或“]”',
  'expected `,` or `}`': '此处应为“,”或“}”',
  'expected ident': '此处应为 true、false 或 null',
  'expected value': '此处应为一个值',
  'expected `"`': '此处应为“"”',
  'invalid escape': '无效的转义序列',
  'invalid number': '无效的数字',
  'number out of range': '数字超出范围',
  'invalid unicode code point': '无效的 Unicode 码位',
  'control character (\\u0000-\\u001F) found while parsing a string': '字符串中有控制字符（\\u0000-\\u001F）',
  'key must be a string': '键必须是带双引号的字符串',
  'invalid value: expected key to be a number in quotes': '键应为带引号的数字',
  'float key must be finite (got NaN or +/-inf)': '浮点数键必须是有限数值（不能是 NaN 或 ±inf）',
  'lone leading surrogate in hex escape': '十六进制转义中有孤立的前导代理项',
  'trailing comma': '多余的逗号',
  'trailing characters': '值后面还有多余的字符',
  'unexpected end of hex escape': '十六进制转义不完整',
  'recursion limit exceeded': '嵌套层数超过上限',
};

/** sp-skel's JSON parser messages (`skel.jsonSyntax`). */
const SKEL_SYNTAX_ZH: Readonly<Record<string, string>> = {
  'invalid UTF-8': '不是有效的 UTF-8 文本',
  'unexpected data after the JSON value': 'JSON 值后面还有多余的内容',
  'nested deeper than 256 levels': '嵌套超过 256 层',
  'unexpected end of input, expected a value': '文本提前结束，此处应为一个值',
  'expected a value': '此处应为一个值',
  'expected a member name (string)': '此处应为成员名（字符串）',
  "expected ',' or '}'": '此处应为“,”或“}”',
  "expected ',' or ']'": '此处应为“,”或“]”',
  'truncated \\u escape': '\\u 转义不完整',
  'bad \\u escape': '无效的 \\u 转义',
  'unterminated string': '字符串未结束',
  'unterminated escape': '转义序列未结束',
  'unknown escape': '未知的转义序列',
  'control character in string': '字符串中有控制字符',
  'expected a digit': '此处应为数字',
  "expected a digit after '.'": '“.”后应为数字',
  'expected a digit in the exponent': '指数部分应为数字',
  'bad number': '无效的数字',
};

/** sp-sim's own sentences inside `sim.field.type`. */
const SIM_MESSAGES_ZH: Readonly<Record<string, string>> = {
  'the document must be a JSON object': '必须是 JSON 对象（{…}）',
};

/** What serde says it found (`Unexpected`'s English), in Chinese. */
const FOUND_RULES: readonly Rule[] = [
  [/^boolean `(.*)`$/s, (m) => `布尔值 ${m[1]}`],
  [/^integer `(.*)`$/s, (m) => `整数 ${m[1]}`],
  [/^floating point `(.*)`$/s, (m) => `浮点数 ${m[1]}`],
  [/^character `(.*)`$/s, (m) => `字符 ${m[1]}`],
  [/^string (".*")$/s, (m) => `字符串 ${m[1]}`],
  [/^sequence$/, () => '数组'],
  [/^map$/, () => '对象'],
  [/^unit value$/, () => 'null'],
];

/** What serde says it expected (the `expecting` of the project's types and serde's own), in Chinese. */
const EXPECTED_RULES: readonly Rule[] = [
  [/^u(8|16|32|64|128|size)$/, () => '非负整数'],
  [/^i(8|16|32|64|128|size)$/, () => '整数'],
  [/^f(32|64)$/, () => '数字'],
  [/^a string$/, () => '字符串'],
  [/^a boolean$/, () => '布尔值'],
  [/^a sequence$/, () => '数组'],
  [/^(a map|struct \w+)$/, () => '对象'],
  [/^an array of length (\d+)$/, (m) => `长度为 ${m[1]} 的数组`],
  [/^a tuple of size (\d+)$/, (m) => `${m[1]} 个元素的数组`],
  [/^a colour #rgb or #rrggbb$/, () => '#rgb 或 #rrggbb 格式的颜色'],
  [/^an object with a `kind`$/, () => '带“kind”字段的对象'],
  [/^\[x, y\] or \[x, y, rotationDeg, scaleX, scaleY\]$/, () => '[x, y] 或 [x, y, rotationDeg, scaleX, scaleY]'],
];

/** `text` worded by `rules`, else as it is. */
function orAsIs(text: string, rules: readonly Rule[]): string {
  return translate(text, {}, rules) ?? text;
}

/** serde's list of names (`` `a`, `b` `` or `` `a` or `b` ``) as Chinese quotes and separators. */
function names(list: string): string {
  return list.replace(/`([^`]*)`/g, '“$1”').replace(/”, “/g, '”、“').replace(/” or “/g, '”或“');
}

/** serde's data errors and sp-sim's formatted sentences (`sim.field.type`'s `message`). */
const MESSAGE_RULES: readonly Rule[] = [
  [/^invalid type: (.+), expected (.+)$/s, (m) => `类型错误：${orAsIs(m[1], FOUND_RULES)}，应为${orAsIs(m[2], EXPECTED_RULES)}`],
  [/^invalid value: (.+), expected (.+)$/s, (m) => `无效的值：${orAsIs(m[1], FOUND_RULES)}，应为${orAsIs(m[2], EXPECTED_RULES)}`],
  [/^invalid length (\d+), expected (.+)$/s, (m) => `长度 ${m[1]} 无效，应为${orAsIs(m[2], EXPECTED_RULES)}`],
  [/^missing field `(.+)`$/s, (m) => `缺少字段“${m[1]}”`],
  [/^duplicate field `(.+)`$/s, (m) => `字段“${m[1]}”重复`],
  [/^unknown variant `(.*)`, expected one of (.+)$/s, (m) => `未知取值“${m[1]}”，应为以下之一：${names(m[2])}`],
  [/^unknown variant `(.*)`, expected (.+)$/s, (m) => `未知取值“${m[1]}”，应为${names(m[2])}`],
  [/^unknown variant `(.*)`, there are no variants$/s, (m) => `未知取值“${m[1]}”`],
  [/^unknown field `(.*)`, expected one of (.+)$/s, (m) => `未知字段“${m[1]}”，应为以下之一：${names(m[2])}`],
  [/^unknown field `(.*)`, expected (.+)$/s, (m) => `未知字段“${m[1]}”，应为${names(m[2])}`],
  [/^unknown field `(.*)`, there are no fields$/s, (m) => `未知字段“${m[1]}”`],
  [/^(.+) is not a version number$/s, (m) => `${m[1]} 不是版本号`],
  [/^colour (.+) is not #rgb or #rrggbb$/s, (m) => `颜色 ${m[1]} 不是 #rgb 或 #rrggbb 格式`],
  [/^expected '(.)'$/, (m) => `此处应为“${m[1]}”`],
  [/^expected (true|false|null)$/, (m) => `此处应为 ${m[1]}`],
];

/** sp-skel's binary field names (`skel.truncated`, `skel.badValue`, `skel.unwritable`'s `what`). */
const SKEL_FIELDS_ZH: Readonly<Record<string, string>> = {
  hash: '哈希',
  version: '版本',
  width: '宽度',
  height: '高度',
  referenceScale: '参考缩放',
  nonessential: '非必要数据标志',
  fps: '帧率',
  images: '图片路径',
  audio: '音频路径',
  'string table': '字符串表',
  'string table count': '字符串表的项数',
  'version (4.x layout, byte 8)': '版本（4.x 布局，第 8 字节起）',
  'hash (3.8 layout)': '哈希（3.8 布局）',
  'version (3.8 layout)': '版本（3.8 布局）',
};

/** Field names with a number in them. */
const SKEL_FIELD_RULES: readonly Rule[] = [[/^string table entry (\d+)$/, (m) => `字符串表第 ${m[1]} 项`]];

/** sp-skel's `expected` values (`skel.badValue`). */
const SKEL_EXPECTED_ZH: Readonly<Record<string, string>> = {
  'count (0 or more)': '项数（0 或以上）',
  'string length (varint 0 = null, 1 = empty, n = n-1 bytes)': '字符串长度（varint：0 为 null，1 为空，n 为 n-1 字节）',
};

/** sp-skel's reasons (`skel.notSkeleton`, `skel.unwritable`'s `reason`). */
const SKEL_REASONS_ZH: Readonly<Record<string, string>> = {
  "no Spine version string at byte 8 (4.x layout) nor after a base64 hash string (3.8 layout), and the file does not start with '{' (JSON)":
    '第 8 字节处（4.x 布局）和 base64 哈希字符串之后（3.8 布局）都没有 Spine 版本字符串，文件也不以“{”开头（JSON）',
  'a JSON object without a "skeleton" or "bones" section': 'JSON 对象中既没有“skeleton”部分，也没有“bones”部分',
  'string longer than 2^31 - 2 bytes': '字符串超过 2^31 - 2 字节',
  '3.8 has a string hash, 4.x an 8-byte hash': '3.8 的哈希是字符串，4.x 的哈希是 8 字节',
  'present in 4.2 headers and only there': '只有 4.2 的文件头有此字段',
  'more than 2^31 - 1 strings': '字符串超过 2^31 - 1 个',
};

/** JSON paths that are words rather than paths (`sim.field.type`, `skel.jsonShape`). */
const PATHS_ZH: Readonly<Record<string, string>> = {
  '(document)': '文档',
  '(root)': '根',
};

/** Exact phrases and rules of each parameter that can carry English words. */
const PARAMS_ZH: Readonly<Record<string, readonly [Readonly<Record<string, string>>, readonly Rule[]]>> = {
  message: [{ ...SERDE_SYNTAX_ZH, ...SKEL_SYNTAX_ZH, ...SIM_MESSAGES_ZH }, MESSAGE_RULES],
  what: [SKEL_FIELDS_ZH, SKEL_FIELD_RULES],
  expected: [SKEL_EXPECTED_ZH, []],
  reason: [SKEL_REASONS_ZH, []],
  path: [PATHS_ZH, []],
};

/**
 * Chinese of the value of parameter `name` of a coded error when it is one of the English
 * phrases listed here (a JSON syntax message, a serde type error, a binary field name, a reason),
 * or null: the value is data (a name, a number, a path) or a phrase not listed.
 */
export function paramPhraseZh(name: string, value: string): string | null {
  const tables = PARAMS_ZH[name];
  return tables === undefined ? null : translate(value, tables[0], tables[1]);
}

/** spine-core's names of what a reference points to or comes from, in Chinese. */
const SPINE_THINGS_ZH: Readonly<Record<string, string>> = {
  bone: '骨骼',
  'target bone': '目标骨骼',
  slot: '插槽',
  'target slot': '目标插槽',
  skin: '皮肤',
  event: '事件',
  'IK constraint': 'IK 约束',
  'IK Constraint': 'IK 约束',
  'transform constraint': '变换约束',
  'Transform constraint': '变换约束',
  'path constraint': '路径约束',
  'Path constraint': '路径约束',
  'physics constraint': '物理约束',
  'Physics constraint': '物理约束',
  'Physics bone': '物理约束的骨骼',
  'Parent mesh': '父网格',
  Bone: '骨骼',
  Slot: '插槽',
  Skin: '皮肤',
  Event: '事件',
  region: '区域',
  mesh: '网格',
  sequence: '序列',
};

/** A spine-core name of a thing, in Chinese (as it is when not listed). */
function thing(name: string): string {
  return SPINE_THINGS_ZH[name] ?? name;
}

/** What spine-core found null (its "… must not be null" / "… cannot be null" errors), in Chinese. */
const NULL_NAMES_ZH: Readonly<Record<string, string>> = {
  name: '名称',
  boneData: '骨骼数据',
  boneName: '骨骼名称',
  slotName: '插槽名称',
  skinName: '皮肤名称',
  eventDataName: '事件名称',
  animationName: '动画名称',
  constraintName: '约束名称',
  attachmentName: '附件名称',
  'String in string table': '字符串表中的字符串',
  'Bone name': '骨骼名称',
  'Slot name': '插槽名称',
  'IK constraint data name': 'IK 约束名称',
  'Transform constraint data name': '变换约束名称',
  'Path constraint data name': '路径约束名称',
  'Physics constraint data name': '物理约束名称',
  'readSkin()': '读取的皮肤',
  'Linked mesh parent': '链接网格的父网格',
  'Event data name': '事件名称',
  'Animatio name': '动画名称',
  'Skin name': '皮肤名称',
  'Attachment name': '附件名称',
  'Path of linked mesh': '链接网格的路径',
};

/** spine-core's load errors (SkeletonJson, SkeletonBinary, AtlasAttachmentLoader). */
const SPINE_CORE_RULES: readonly Rule[] = [
  [/^Region not found in atlas: (.*) \((region|mesh) attachment: (.*)\)$/s, (m) => `图集中没有区域“${m[1]}”（${thing(m[2])}附件“${m[3]}”需要它）`],
  [/^Region not found in atlas: (.*) \(sequence: (.*)\)$/s, (m) => `图集中没有区域“${m[1]}”（序列“${m[2]}”需要它）`],
  [
    /^Couldn't find (target bone|target slot|bone|slot|IK constraint|transform constraint|path constraint|physics constraint) (.*) for (slot|IK constraint|transform constraint|path constraint|skin) (.*?)\.?$/s,
    (m) => `找不到${thing(m[3])}“${m[4]}”引用的${thing(m[1])}“${m[2]}”`,
  ],
  [
    /^(Bone|Slot|Skin|Event|IK Constraint|Transform constraint|Path constraint|Physics constraint|Physics bone|Parent mesh) not found: (.*)$/s,
    (m) => `找不到${thing(m[1])}“${m[2]}”`,
  ],
  [/^(.*) (?:must not be null|cannot be null|should not have returned null)\.?$/s, (m) => `${NULL_NAMES_ZH[m[1]] ?? m[1]}为空（null）`],
  [/^index must be >= 0\.?$/, () => '索引为负数'],
];

/** Chinese of a spine-core load error's message, or null when it is not one listed here. */
export function spineCoreMessageZh(message: string): string | null {
  return translate(message, {}, SPINE_CORE_RULES);
}

/**
 * spine-core's load error `message` in the UI language: English as spine-core wrote it; Chinese
 * by {@link spineCoreMessageZh}, or as written when it is not listed there.
 */
export function spineCoreText(message: string): string {
  return lang() === 'en' ? message : (spineCoreMessageZh(message) ?? message);
}
