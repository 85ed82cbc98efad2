// What the benchmark runners (bench.mjs, bench-ms3d.mjs, bench-skeleton.mjs,
// bench-editor-export.mjs) share: Chromium's flags per renderer tier, the command-line options
// every runner reads the same way, and one run of a playback benchmark page (bench-ms3d.mjs,
// bench-skeleton.mjs) in a Chromium launched for a tier.

import { chromium } from 'playwright-core';

/** Flags every launch gets (see README "Tests"). */
export const BASE_FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** The flags that select each renderer tier in headless Chromium (SwiftShader). */
export const TIER_FLAGS = {
  webgpu: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=swiftshader'],
  webgl2: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};

/**
 * The command line of runner `name`: `fail` (prints `name: message`, exits 1), `option`
 * (`--x value` or the fallback), `wholeOption` (a whole number ≥ min) and the `tiers` of `--tier`
 * (webgpu, webgl2 or both; default both).
 */
export function runnerArgs(name) {
  const fail = (message) => {
    console.error(`${name}: ${message}`);
    process.exit(1);
  };
  const option = (key, fallback) => {
    const i = process.argv.indexOf(`--${key}`);
    if (i < 0) return fallback;
    const value = process.argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`--${key} needs a value`);
    return value;
  };
  const wholeOption = (key, fallback, min) => {
    const text = option(key, String(fallback));
    const v = Number(text);
    if (!Number.isInteger(v) || v < min) fail(`--${key} ${text}: expected a whole number ≥ ${min}`);
    return v;
  };
  const tierArg = option('tier', 'both');
  if (!['webgpu', 'webgl2', 'both'].includes(tierArg)) fail(`--tier ${tierArg}: expected webgpu, webgl2 or both`);
  const tiers = tierArg === 'both' ? ['webgpu', 'webgl2'] : [tierArg];
  return { fail, option, wholeOption, tiers };
}

/**
 * Runs playback benchmark page `path` (of the site served at `port`, e.g.
 * `bench/bench-ms3d.html`) once in Debian's Chromium launched for `tier`: opens it with
 * `?renderer=tier`, waits until it is ready, and calls `window[entry](input)`, echoing the page's
 * status line to stderr every 15 s; then writes the launch line (renderer, timer step, isolation,
 * browser) with `log`. Resolves to `{ results, ok }`: `results` null when the run threw (its error
 * and the page's console errors printed); `ok` false then, or when the page ran another renderer
 * than `tier` (printed).
 */
export async function runBenchPage(port, tier, path, entry, input, log) {
  const browser = await chromium.launch({ executablePath: process.env.SP_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE_FLAGS, ...TIER_FLAGS[tier]] });
  let results;
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/${path}?renderer=${tier}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 60_000 });
    const progress = setInterval(() => {
      page.textContent('#status').then((t) => console.error(`[${tier}] ${t}`), () => undefined);
    }, 15_000);
    try {
      results = await page.evaluate(({ entry, input }) => window[entry](input), { entry, input });
    } catch (e) {
      console.error(`${tier}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      for (const m of errors) console.error(`[page] ${m}`);
      return { results: null, ok: false };
    } finally {
      clearInterval(progress);
    }
  } finally {
    await browser.close();
  }
  let ok = true;
  if (results.tier === null || results.tier.toLowerCase() !== tier) {
    console.error(`${tier}: the page runs renderer ${results.tier}, not ${tier}`);
    ok = false;
  }
  log(`\n== ${tier} launch (renderer ${results.tier}; timer step ${(results.timerResolutionMs * 1000).toFixed(0)} µs, cross-origin isolated ${results.crossOriginIsolated}) — ${results.userAgent}`);
  return { results, ok };
}
