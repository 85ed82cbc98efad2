// End-to-end: Spine skeletons dropped on the built editor open the skeleton panel
// (web/skeleton/panel/panel.ts): header metadata of the official coin 4.2 .skel with a synthesised
// atlas; a 3.8 skeleton without atlas (version note, missing-atlas warning); a coin whose string 0
// was byte-edited to "clipping " (trailing space, Ark-Pets #150) repaired and downloaded. The
// panel speaks Chinese by default and English after the page's language switch, relabelled in
// place (the same panel, its playback section and its repair report kept). A 4.2 skeleton that
// spine-core cannot load (the coin .skel cut short, a JSON skeleton whose slots name missing
// bones) is refused: not placed in the scene, its panel and the message area say why, naming the
// file, in the page's language, never with the runtime's raw exception.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { regionPaths, synthAtlas } from '../support/synth-atlas';
import { skeletonDrop } from './skeleton-files';
import { documentOf, dropFiles, openEditor, useSite } from './support';

const FIXTURES = join(import.meta.dirname, '../fixtures/spine');
const COIN_SKEL = readFileSync(join(FIXTURES, 'coin-pro-4.2.skel'));
const COIN_38 = readFileSync(join(FIXTURES, 'coin-pro-3.8.skel'));
const ATLAS = synthAtlas(regionPaths(readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8')), 'coin-pro-4.2.png');

/** The coin with string 0 `clipping` (at byte 52: length varint 9 + 8 bytes) made `clipping `. */
function coinWithTrailingSpace(): Buffer {
  assert.equal(COIN_SKEL.subarray(52, 61).toString('latin1'), '\x09clipping', 'the coin string table starts at byte 51 (reference §3.4)');
  return Buffer.concat([Buffer.from([...COIN_SKEL.subarray(0, 52), 10]), COIN_SKEL.subarray(53, 61), Buffer.from(' '), COIN_SKEL.subarray(61)]);
}

const site = useSite('webgpu');

/** Waits for the skeleton panel showing `title` (fails with a hint when spine drops are not routed). */
async function panelFor(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((t) => document.querySelector('#skeleton-panel h2')?.textContent === t, title, { timeout: 15_000 });
  } catch {
    const messages = await page.$$eval('#messages .text', (els) => els.map((e) => e.textContent ?? ''));
    throw new Error(`no skeleton panel for ${title}: is the 'spine' drop action routed to openSkeletonDrop? Editor messages: ${JSON.stringify(messages)}`);
  }
}

const field = (page: Page, key: string): Promise<string | null> => page.textContent(`#skeleton-panel [data-field="${key}"]`);

/** Clicks the page's language button and waits until the page is in `lang`. */
async function switchLang(page: Page, lang: 'en' | 'zh-CN'): Promise<void> {
  await page.click('#lang-button');
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** The texts of the skeleton panel's messages. */
const messages = (page: Page): Promise<string[]> => page.$$eval('#skeleton-panel .skeleton-message', (els) => els.map((e) => e.textContent ?? ''));

describe('skeleton panel', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    ({ page, errors } = await openEditor(context, site.url));
  });
  after(async () => {
    await context?.close();
  });

  it('shows the header of the coin 4.2 .skel dropped with its atlas', async () => {
    await dropFiles(page, [
      { name: 'coin-pro-4.2.skel', bytes: COIN_SKEL },
      { name: 'coin-pro-4.2.atlas', bytes: new TextEncoder().encode(ATLAS) },
    ]);
    await panelFor(page, 'coin-pro-4.2.skel');
    // Chinese by default.
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await field(page, 'format'), '二进制 (.skel)');
    assert.equal(await field(page, 'version'), '4.2.22');
    // The binary stores float32 43988001 / c3188001 (reference §3.4), shown exactly.
    assert.equal(await field(page, 'size'), '305.00003 × 302，原点 (-152.50002, -151)');
    assert.equal(await field(page, 'fps'), '30');
    assert.equal(await field(page, 'images'), './images/');
    assert.equal(await field(page, 'referenceScale'), '100');
    assert.equal(await field(page, 'nonessential'), '有');
    assert.equal(await field(page, 'strings'), '8');
    assert.equal(await field(page, 'headerSize'), '186 字节');
    assert.equal(await field(page, 'atlas'), 'coin-pro-4.2.atlas（找到 0 张贴图页图片）');
    assert.equal(await page.textContent('#skeleton-panel .skeleton-ok'), '未发现问题。');
    assert.equal(await page.textContent('#skeleton-panel [data-action="repair"]'), '修复');
    // Nothing to repair: the button is off and says why (it downloaded the skeleton unchanged).
    assert.equal(await page.$eval('#skeleton-panel [data-action="repair"]', (b) => (b as HTMLButtonElement).disabled), true);
    assert.equal(await page.getAttribute('#skeleton-panel [data-action="repair"]', 'title'), '未发现问题，无需修复。');
    assert.equal(await page.getAttribute('#skeleton-panel', 'aria-label'), 'Spine 骨架');
    assert.equal(await page.$('#skeleton-panel .skeleton-message.warning'), null, 'no missing-atlas warning');
    const dts = (): Promise<string[]> => page.$$eval('#skeleton-panel .skeleton-meta dt', (els) => els.map((e) => e.textContent ?? ''));
    assert.deepEqual((await dts()).slice(0, 3), ['格式', '版本', '哈希']);
    await page.waitForSelector('#skeleton-panel [data-role="playback"] h3', { timeout: 30_000 });
    assert.equal(await page.textContent('#skeleton-panel [data-role="playback"] h3'), '播放');
    // The page image was not dropped: one note, in Chinese (the bake's own English note on the
    // same page, "播放：atlas page … has no image…", is not shown beside it).
    const playNotes = (): Promise<string[]> => page.$$eval('#skeleton-panel [data-role="playback"] .skeleton-message:not([data-role])', (els) => els.map((e) => e.textContent ?? '').filter((t) => t !== ''));
    assert.deepEqual(await playNotes(), ['图集页 coin-pro-4.2.png 没有图片：其上的附件以纯色绘制。']);

    // English after the switch, relabelled in place: the same panel, charset choice and playback.
    await page.click('#skeleton-panel [data-charset="legacy"] input');
    await page.evaluate(() => ((document.getElementById('skeleton-panel') as HTMLElement & { __before?: boolean }).__before = true));
    await switchLang(page, 'en');
    assert.equal(await page.evaluate(() => (document.getElementById('skeleton-panel') as HTMLElement & { __before?: boolean }).__before), true, 'the open panel was relabelled, not rebuilt');
    assert.equal(await page.$eval('#skeleton-panel [data-charset="legacy"] input', (e) => (e as HTMLInputElement).checked), true, 'the charset choice is kept');
    assert.equal(await page.textContent('#skeleton-panel [data-charset="legacy"]'), ' Rewrite the skeleton for a legacy GBK atlas reader');
    assert.equal(await field(page, 'format'), 'binary (.skel)');
    assert.equal(await field(page, 'size'), '305.00003 × 302 at (-152.50002, -151)');
    assert.equal(await field(page, 'nonessential'), 'yes');
    assert.equal(await field(page, 'headerSize'), '186 bytes');
    assert.equal(await field(page, 'atlas'), 'coin-pro-4.2.atlas (0 page image(s) found)');
    assert.equal(await page.textContent('#skeleton-panel .skeleton-ok'), 'No defects found.');
    assert.equal(await page.textContent('#skeleton-panel [data-action="repair"]'), 'Repair');
    assert.equal(await page.getAttribute('#skeleton-panel [data-action="repair"]', 'title'), 'No defects found: nothing to repair.');
    assert.equal(await page.getAttribute('#skeleton-panel', 'aria-label'), 'Spine skeleton');
    assert.deepEqual((await dts()).slice(0, 3), ['Format', 'Version', 'Hash']);
    assert.equal(await page.textContent('#skeleton-panel [data-role="playback"] h3'), 'Playback');
    assert.deepEqual(await playNotes(), ['No image for atlas page(s) coin-pro-4.2.png: their attachments are drawn as flat colour.']);
    assert.equal(await page.$eval('#skeleton-panel [data-control="animation"]', (e) => (e as HTMLSelectElement).value), 'animation');
    assert.match((await page.textContent('#skeleton-panel [data-role="play-status"]')) ?? '', /^animation: 82 frames at 30 fps, \d+ vertices, \d+ triangles/);
    assert.equal(await page.textContent('#skeleton-panel [data-action="add-instance"]'), 'Add instance at view centre');
    await switchLang(page, 'zh-CN');
    assert.match((await page.textContent('#skeleton-panel [data-role="play-status"]')) ?? '', /^animation：82 帧，30 fps，\d+ 个顶点，\d+ 个三角形/);
    assert.equal(await page.textContent('#skeleton-panel [data-action="add-instance"]'), '在视图中心添加实例');
    assert.equal(await page.textContent('#skeleton-panel .skeleton-ok'), '未发现问题。');
    assert.deepEqual(errors, []);
  });

  it('a 3.8 skeleton without atlas: header shown, playback note and missing-atlas warning', async () => {
    await dropFiles(page, [{ name: 'coin-pro-3.8.skel', bytes: COIN_38 }]);
    await panelFor(page, 'coin-pro-3.8.skel');
    assert.equal(await field(page, 'version'), '3.8.55');
    assert.equal(await field(page, 'referenceScale'), '—（仅 4.2）');
    let texts = await messages(page);
    assert.ok(texts.includes('Spine 3.8.55：播放需要 Spine 4.2；文件头读取与修复支持 3.8–4.2。'), JSON.stringify(texts));
    assert.ok(texts.some((t) => t.startsWith('拖入的文件中没有 .atlas')), JSON.stringify(texts));
    // Without an atlas there is no charset mismatch to resolve: no choice offered.
    assert.equal(await page.$('#skeleton-panel .skeleton-charset'), null);
    await switchLang(page, 'en');
    assert.equal(await field(page, 'referenceScale'), '— (4.2 only)');
    texts = await messages(page);
    assert.ok(texts.includes('Spine 3.8.55: playback needs Spine 4.2; header reading and repair work for 3.8–4.2.'), JSON.stringify(texts));
    assert.ok(texts.some((t) => t.startsWith('No .atlas among the dropped files')), JSON.stringify(texts));
    await switchLang(page, 'zh-CN');
    assert.equal(await page.$$eval('.skeleton-panel', (els) => els.length), 1, 'the new panel replaced the previous one');
  });

  /** Texts of the page's message area of `kind` (`info` or `error`). */
  const pageMessages = (kind: string): Promise<string[]> => page.$$eval(`#messages .message.${kind} .text`, (els) => els.map((e) => e.textContent ?? ''));
  const skeletonCount = async (): Promise<number> => ((await documentOf(page)).skeletons as unknown[]).length;
  const closeMessages = (): Promise<void> => page.evaluate(() => document.querySelectorAll('#messages .message').forEach((m) => m.remove()));

  for (const size of [1000, 2000]) {
    it(`refuses the coin .skel cut to ${size} of its 2,790 bytes: not placed, worded as ending early`, async () => {
      const [skel, atlas, png] = skeletonDrop('coin-pro-4.2', true);
      assert.equal(skel.bytes.length, 2790);
      const before = await skeletonCount();
      await closeMessages();
      await dropFiles(page, [{ name: skel.name, bytes: skel.bytes.slice(0, size) }, atlas, png]);
      await panelFor(page, 'coin-pro-4.2.skel');
      const refused = '#skeleton-panel [data-role="refused"]';
      await page.waitForSelector(refused, { timeout: 30_000 });
      const expected = `coin-pro-4.2.skel 提前结束或已损坏：spine-core 读到文件末尾（第 ${size} 字节）之后仍需要数据，文件可能被截断。`;
      assert.equal(await page.textContent(refused), `骨架未加入场景：${expected}`);
      // The header is still shown (it is readable), but not as a file without problems.
      assert.equal(await field(page, 'version'), '4.2.22');
      assert.equal(await page.$('#skeleton-panel .skeleton-ok'), null, 'no "no defects found" for a refused file');
      assert.deepEqual(await pageMessages('error'), [`骨架未加入场景：${expected}`]);
      assert.ok(!(await pageMessages('info')).some((m) => m.startsWith('已将骨骼')), 'no "added" note');
      assert.equal(await skeletonCount(), before, 'nothing placed in the scene');
      assert.equal(await page.$('#skeleton-panel [data-role="playback"] h3'), null, 'no playback section');
      const all = (): Promise<string> => page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(await all(), /DataView|Offset is outside/);
      await switchLang(page, 'en');
      assert.equal(
        await page.textContent(refused),
        `The skeleton was not added to the scene: coin-pro-4.2.skel ends early or is corrupt: spine-core needed data past its last byte (byte ${size}); the file may be cut short.`,
      );
      assert.doesNotMatch(await all(), /DataView|Offset is outside/);
      await switchLang(page, 'zh-CN');
      assert.equal(await skeletonCount(), before);
      assert.deepEqual(errors, []);
    });
  }

  it('refuses a JSON skeleton that is valid JSON but not a valid skeleton, naming what spine-core missed', async () => {
    const [json, atlas, png] = skeletonDrop('coin-pro-4.2');
    const cut = JSON.parse(new TextDecoder().decode(json.bytes)) as { bones: unknown[] };
    cut.bones = cut.bones.slice(0, 1);
    const before = await skeletonCount();
    await closeMessages();
    await dropFiles(page, [{ name: 'coin-cut.json', bytes: new TextEncoder().encode(JSON.stringify(cut)) }, { ...atlas, name: 'coin-cut.atlas' }, png]);
    await panelFor(page, 'coin-cut.json');
    const refused = '#skeleton-panel [data-role="refused"]';
    await page.waitForSelector(refused, { timeout: 30_000 });
    const text = '骨架未加入场景：spine-core 无法载入 coin-cut.json：找不到插槽“coin-side”引用的骨骼“coin-side-straight”。';
    assert.equal(await page.textContent(refused), text);
    assert.deepEqual(await pageMessages('error'), [text]);
    assert.equal(await skeletonCount(), before, 'nothing placed in the scene');
    assert.deepEqual(errors, []);
  });

  it('repairs a trailing-space defect and downloads the repaired skeleton and the report', async () => {
    const broken = coinWithTrailingSpace();
    await dropFiles(page, [
      { name: 'coin-broken.skel', bytes: broken },
      { name: 'coin-broken.atlas', bytes: new TextEncoder().encode(ATLAS) },
    ]);
    await panelFor(page, 'coin-broken.skel');
    const rows = await page.$$eval('#skeleton-panel .skeleton-defects tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-kind'), ...Array.from(tr.children, (td) => td.textContent)]));
    assert.deepEqual(rows, [['trailing_whitespace', '名称末尾有空白', '字符串 0', '"clipping "']]);
    assert.equal(await page.$eval('#skeleton-panel [data-action="repair"]', (b) => (b as HTMLButtonElement).disabled), false, 'a defect: the repair is on');
    assert.equal(await page.getAttribute('#skeleton-panel [data-action="repair"]', 'title'), '');

    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.click('#skeleton-panel [data-action="repair"]');
    await page.waitForFunction(() => document.querySelector('#skeleton-panel .skeleton-report .skeleton-changes') !== null);
    const deadline = Date.now() + 10_000;
    while (downloads.length < 2 && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(300);
    // The atlas is valid UTF-8 and needed no change: not downloaded.
    assert.deepEqual(downloads.map((d) => d.suggestedFilename()).sort(), ['coin-broken.repaired.skel', 'repair-report.json']);
    const read = async (name: string): Promise<Buffer> => {
      const d = downloads.find((x) => x.suggestedFilename() === name)!;
      return readFileSync((await d.path())!);
    };
    assert.ok((await read('coin-broken.repaired.skel')).equals(COIN_SKEL), 'the repaired skeleton is the original coin, byte for byte');
    const report = JSON.parse((await read('repair-report.json')).toString('utf8'));
    assert.equal(report.changes.length, 1);
    assert.deepEqual([report.changes[0].index, report.changes[0].before, report.changes[0].after], [0, 'clipping ', 'clipping']);
    assert.equal(report.charsetFix, 'reencode-atlas');
    const shown = (): Promise<string | null> => page.textContent('#skeleton-panel .skeleton-changes li');
    assert.ok((await shown())?.startsWith('字符串 0："clipping " → "clipping"'), (await shown()) ?? '');
    const reportLine = (): Promise<string | null> => page.textContent('#skeleton-panel .skeleton-report .skeleton-message');
    assert.equal(await reportLine(), '已修复 1 个名称；已下载修复后的文件和 repair-report.json。');
    // The switch relabels the report and the defects; the report stays.
    await switchLang(page, 'en');
    assert.ok((await shown())?.startsWith('string 0: "clipping " → "clipping"'), (await shown()) ?? '');
    assert.equal(await reportLine(), '1 name(s) repaired; downloaded the repaired files and repair-report.json.');
    const englishRows = await page.$$eval('#skeleton-panel .skeleton-defects tbody tr', (trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)));
    assert.deepEqual(englishRows, [['trailing whitespace', 'string 0', '"clipping "']]);
    assert.equal(downloads.length, 2, 'relabelling does not repair again');
    await switchLang(page, 'zh-CN');
    assert.deepEqual(errors, []);
  });
});
