import { launch, serveDist } from './support';
const server = await serveDist();
const browser = await launch('webgpu');
const page = await browser.newPage();
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
await page.goto(server.url.replace(/\/$/, '/') + 'web/bench.html');
await page.waitForFunction(() => document.body.dataset.done !== undefined, undefined, { timeout: 300000 });
const s = await page.evaluate(() => {
  const w = window as any;
  return document.getElementById('status')?.textContent;
});
console.log(s);
await browser.close(); await server.close();
