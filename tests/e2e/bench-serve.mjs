// The static server of the benchmark runners (bench.mjs, bench-export.mjs, bench-skeleton.mjs,
// bench-ms3d.mjs): serves the built site `dist` on a free loopback port; a path outside it, or a
// missing file, is a 404. `headers` are added to every answer (e.g. cross-origin isolation for
// fine timers). `inPackagesPage` serves copies of web/pkg to one page for the A/B runners of
// scripts/ (bench-wasm-sim-ab.mjs, bench-wasm-export-ab.mjs).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { BASE_FLAGS } from './bench-cli.mjs';

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Starts serving `dist`; resolves to `{ port, close() }`. */
export async function serveDist(dist, headers = {}) {
  const server = createServer((req, res) => {
    const file = normalize(join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...headers });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { port: server.address().port, close: () => server.close() };
}

/**
 * Calls `measure(mods, ...args)` in one page of Debian's Chromium (headless), `mods` being the
 * initialised packages of `pkgDirs` (copies of web/pkg) in that order; resolves to its result.
 * `measure` runs in the page from its source text, so it may use only its arguments. The A/B
 * runners of scripts/ put the builds they compare in one page, so they share the launch, whose
 * speed varies more than a change does.
 */
export async function inPackagesPage(pkgDirs, measure, args) {
  const site = mkdtempSync(join(tmpdir(), 'sp-packages-'));
  pkgDirs.forEach((d, i) => symlinkSync(d, join(site, `p${i}`)));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>packages</title>');
  const server = await serveDist(site);
  const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: BASE_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/index.html`);
    return await page.evaluate(
      async ({ count, source, args }) => {
        const mods = [];
        for (let i = 0; i < count; i++) {
          const m = await import(`/p${i}/sp_wasm.js`);
          await m.default({ module_or_path: `/p${i}/sp_wasm_bg.wasm` });
          mods.push(m);
        }
        return new Function('mods', 'args', `return (${source})(mods, ...args);`)(mods, args);
      },
      { count: pkgDirs.length, source: measure.toString(), args },
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(site, { recursive: true });
  }
}
