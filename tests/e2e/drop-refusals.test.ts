// End-to-end: drops the editor refuses, and what the user is told. A Spine atlas and its page
// dropped with a skeleton cut short (invalid JSON), or with no skeleton at all, are reported
// unused and never become the selected system's texture (web/files/drop.ts planDrop); a PNG whose
// header states 20000×20000 is refused from its header at once, the message naming the size
// (web/files/images.ts, web/files/image-header.ts), where a full decode froze the tab ~23 s.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { pngClaiming } from '../support/png-write';
import { skeletonDrop } from './skeleton-files';
import { documentOf, dropFiles, openEditor, useSite } from './support';

const site = useSite('webgl2');

/** Starts recording every message the page shows (the message area keeps only the last few). */
async function recordMessages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenMessages: string[] }).seenMessages = seen;
    const box = document.getElementById('messages');
    if (box === null) throw new Error('no #messages');
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (node instanceof HTMLElement) seen.push(node.querySelector('.text')?.textContent ?? node.textContent ?? '');
        }
      }
    }).observe(box, { childList: true });
  });
}

/** The messages recorded since {@link recordMessages}, then forgets them. */
async function takeMessages(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages.splice(0));
}

/** Waits until a recorded message contains `text` (fails naming the messages shown meanwhile). */
async function waitForMessage(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction((x) => (window as unknown as { seenMessages: string[] }).seenMessages.some((m) => m.includes(x)), text, { timeout });
  } catch {
    const seen = await page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages);
    throw new Error(`no message with ${JSON.stringify(text)} within ${timeout} ms; shown: ${JSON.stringify(seen)}`);
  }
}

describe('refused drops', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    ({ page, errors } = await openEditor(context, site.url));
    await recordMessages(page);
  });
  after(async () => {
    await context?.close();
  });

  it('an atlas and its page never become the texture when their skeleton is refused or missing', async () => {
    await page.click('#system-list li[data-index="0"] .name');
    const before = await documentOf(page);
    const [json, atlas, png] = skeletonDrop('coin-pro-4.2');
    assert.equal(json.name, 'coin-pro-4.2.json');
    // The skeleton cut to 3,000 bytes: not valid JSON.
    await dropFiles(page, [{ name: json.name, bytes: json.bytes.subarray(0, 3000) }, atlas, png]);
    // The page is named either way: as unused, or (the bug) as the texture it became.
    await waitForMessage(page, '“coin-pro-4.2.png”');
    // Give a texture action (what the drop did before) time to decode and apply.
    await page.waitForTimeout(1000);
    // Each says why: the skeleton could not be read, so its atlas and the atlas's page are not used.
    assert.deepEqual(await takeMessages(page), ['“coin-pro-4.2.json”不是有效的 JSON。', '“coin-pro-4.2.atlas”未被使用：一同拖入的骨架无法读取。', '“coin-pro-4.2.png”未被使用：它是图集“coin-pro-4.2.atlas”的页面图片，不作为粒子贴图。']);
    assert.deepEqual(await documentOf(page), before, 'the document (the selected system\'s texture) is unchanged');

    // The atlas and its page alone: the same.
    await dropFiles(page, [atlas, png]);
    await waitForMessage(page, '“coin-pro-4.2.png”');
    await page.waitForTimeout(1000);
    assert.deepEqual(await takeMessages(page), ['“coin-pro-4.2.atlas”未被使用：拖入的文件中没有骨架（.json 或 .skel）。', '“coin-pro-4.2.png”未被使用：它是图集“coin-pro-4.2.atlas”的页面图片，不作为粒子贴图。']);
    assert.deepEqual(await documentOf(page), before);
    assert.deepEqual(errors, []);
  });

  it('a PNG whose header states 20000×20000 is refused at once, naming its size', async (t) => {
    const before = await documentOf(page);
    const started = Date.now();
    await dropFiles(page, [{ name: 'huge.png', bytes: pngClaiming(20000, 20000) }]);
    await waitForMessage(page, '图片“huge.png”无法使用：图片尺寸为 20000×20000，超过 4096×4096 的上限', 2000);
    const took = Date.now() - started;
    assert.ok(took < 2000, `refused in ${took} ms`);
    t.diagnostic(`refused ${took} ms after the drop`);
    assert.deepEqual(await documentOf(page), before);
    await takeMessages(page);
    // In English too.
    await page.click('#lang-button');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await dropFiles(page, [{ name: 'huge.png', bytes: pngClaiming(20000, 20000) }]);
    await waitForMessage(page, 'Image "huge.png" cannot be used: the image is 20000×20000, above the 4096×4096 limit', 2000);
    assert.deepEqual(errors, []);
  });
});
