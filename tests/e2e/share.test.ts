// End-to-end: share URLs. A shared scene opens in a fresh browser context identical to the
// source (document and canvas pixels at a fixed paused time); hostile URLs show an error and
// leave the editor working; names are never markup.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { deflateSync } from 'fflate';
import type { Page } from 'playwright-core';
import { encodeScenePayload, toBase64Url } from '../../web/document/share';
import { canvasPixels, documentOf, freezeAt, openEditor, sha256, shownErrors, useSite, waitReady } from './support';

const site = useSite('webgpu');

async function addSystem(page: Page): Promise<number> {
  await page.click('#add-system');
  return (await documentOf(page)).systems.length;
}

it('a shared URL opens the same scene in a fresh browser context', async () => {
  const source = await site.browser.newContext({ viewport: { width: 1200, height: 760 } });
  const { page, errors } = await openEditor(source, site.url);
  // Make the scene differ from the default, then share.
  await page.click('#system-list li[data-index="0"] .name');
  const rate = page.locator('input[data-key="systems[0].ratePerSec"]');
  await rate.fill('75');
  await rate.press('Tab');
  await page.click('#share-button');
  await page.waitForFunction(() => (document.getElementById('share-url') as HTMLInputElement).value.includes('#scene='));
  const url = await page.inputValue('#share-url');
  assert.ok(url.startsWith(site.url), url);
  assert.ok(url.length < 2000, `the default scene's share URL is short (${url.length} characters)`);
  // The view framed on the edited scene, as the opened link frames it (the view is not shared).
  await page.click('#fit-view');
  await freezeAt(page, 0.6);
  const shot = (await canvasPixels(page)).png;
  const doc = await documentOf(page);

  const fresh = await site.browser.newContext({ viewport: { width: 1200, height: 760 } });
  const target = await fresh.newPage();
  const targetErrors: string[] = [];
  target.on('console', (m) => m.type() === 'error' && targetErrors.push(m.text()));
  await target.goto(url);
  await waitReady(target);
  assert.deepEqual(await documentOf(target), doc);
  assert.equal(new URL(target.url()).hash, '', 'the fragment is consumed');
  await freezeAt(target, 0.6);
  const shot2 = (await canvasPixels(target)).png;
  assert.equal(sha256(shot2), sha256(shot), 'identical pixels at the same paused time');
  // The share load is undoable: undo returns to the fresh context's default scene.
  await target.click('#undo-button');
  assert.notDeepEqual(await documentOf(target), doc);
  assert.deepEqual(errors, []);
  assert.deepEqual(targetErrors, []);
  await source.close();
  await fresh.close();
});

it('hostile share URLs show an error and leave the editor working', async () => {
  const context = await site.browser.newContext();
  const { page } = await openEditor(context, site.url);
  const original = await documentOf(page);
  const bomb = toBase64Url(deflateSync(new Uint8Array(8 * 1024 * 1024).fill(32)));
  const invalid = encodeScenePayload(JSON.stringify({ version: 1, systems: [{ name: 'x', maxParticles: 1e9 }] }));
  const newer = encodeScenePayload(JSON.stringify({ version: 999, systems: [] }));
  const cases: [string, RegExp][] = [
    ['%%%not-base64', /base64/],
    [toBase64Url(new TextEncoder().encode('not deflate at all, just text')), /压缩|compress/],
    [bomb, /1 MiB/],
    // The core's reasons worded in the page's language (Chinese by default), not in English.
    [invalid, /systems\[0\]\.maxParticles：1000000000 超过上限 100000。/],
    [newer, /文档版本为 999；本编辑器最高支持版本 1。/],
    [encodeScenePayload('{"systems": [ {"name": '), /JSON 格式错误（第 1 行/],
  ];
  for (const [payload, pattern] of cases) {
    await page.evaluate(() => document.querySelectorAll('#messages .message').forEach((m) => m.remove()));
    await page.evaluate((p) => (location.hash = `scene=${p}`), payload);
    await page.waitForFunction(() => document.querySelectorAll('#messages .message.error').length > 0);
    const shown = (await shownErrors(page)).join('\n');
    assert.match(shown, pattern, `payload ${payload.slice(0, 30)}…`);
    assert.deepEqual(await documentOf(page), original, 'the document is unchanged');
  }
  // Still working: a system can be added and particles are counted.
  const before = original.systems.length;
  assert.equal(await addSystem(page), before + 1);
  await page.waitForFunction(() => Number(document.getElementById('status-particles')?.textContent) > 0);
  await context.close();
});

it('names are text, never markup, wherever they are shown', async () => {
  const context = await site.browser.newContext();
  const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const payload = encodeScenePayload(JSON.stringify({ version: 1, animations: [evil], systems: [{ name: evil, animation: evil, textures: [evil] }] }));
  const { page, errors } = await openEditor(context, site.url, '', `#scene=${payload}`);
  const doc = await documentOf(page);
  assert.equal(doc.systems[0].name, evil);
  assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
  assert.equal(await page.locator('#system-list img, #system-list script, #properties img, #messages img').count(), 0);
  assert.equal(await page.textContent('#system-list li[data-index="0"] .name'), evil);
  assert.ok((await page.textContent('#status-missing'))?.includes(evil), 'the missing image is listed as text');
  assert.deepEqual(errors.filter((e) => !e.includes('http 404')), []);
  await context.close();
});
