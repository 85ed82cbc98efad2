// Benchmark runner (not a test): the editor's frame CPU with 1,000 live trailed particles on
// both tiers (Chromium on SwiftShader), against the same scene with the trail off, interleaved.
// `frameCpuMs` is the wasm editor's own figure (simulation since the last frame + `render()`:
// sprite and ribbon building, upload, encoding, submit; not the GPU's work, not the page's UI);
// `renderMs` its `render()` part alone (what the renderer's trail path costs, without the
// simulation's step and history recording).
//
//   npm run build && node --import tsx tests/e2e/bench-trails.ts [--rounds 4] [--bones 8]
import type { Page } from 'playwright-core';
import { launch, openEditor, serveDist, setPlaying, type SeamWindow, type Tier } from './support';

const arg = (name: string, dflt: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : dflt);
const rounds = arg('--rounds', 4);
const bones = arg('--bones', 8);

function scene(trail: boolean): string {
  return JSON.stringify({
    version: 1,
    systems: [
      {
        name: 'TrailBench', seed: 9, mode: 'loopContinuous', durationSecs: 60, ratePerSec: 1000, maxParticles: 1200,
        lifetimeSecs: { min: 1, max: 1 }, speed: { min: 150, max: 300 }, spreadDeg: 360, gravity: [0, 200], damping: 0.8,
        alphaCurve: [{ t: 0, v: 1 }, { t: 1, v: 0 }], textures: ['builtin:spark'], alignToVelocity: true, blend: 'additive',
        trail: { enabled: trail, lengthSecs: 0.3, bones, widthPx: 10, images: ['builtin:trail_fade'] },
      },
    ],
  });
}

/** Median frame CPU (ms) over `frames` displayed frames while playing `json` (after 1 s of warm-up). */
async function measure(page: Page, json: string, frames = 90): Promise<{ ms: number; renderMs: number; ribbons: number; live: number }> {
  await setPlaying(page, false);
  await page.evaluate((s) => {
    const t = (window as unknown as SeamWindow).spineParticleTest;
    if (!t.replaceScene(s, 'bench')) throw new Error('scene refused');
    t.setView([0, 0], 1);
    t.seek(2);
  }, json);
  await setPlaying(page, true);
  await page.waitForTimeout(1000);
  return page.evaluate(async (n) => {
    const t = (window as unknown as SeamWindow).spineParticleTest;
    const ms: number[] = [];
    const render: number[] = [];
    let last = { ribbons: 0, liveParticles: 0 };
    for (let i = 0; i < n; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const s = t.engine.stats() as unknown as { frameCpuMs: number; renderMs: number; ribbons: number; liveParticles: number };
      ms.push(s.frameCpuMs);
      render.push(s.renderMs);
      last = s;
    }
    ms.sort((a, b) => a - b);
    render.sort((a, b) => a - b);
    return { ms: ms[ms.length >> 1], renderMs: render[render.length >> 1], ribbons: last.ribbons, live: last.liveParticles };
  }, frames);
}

const server = await serveDist();
try {
  for (const tier of ['webgpu', 'webgl2'] as Tier[]) {
    const browser = await launch(tier);
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
      const { page } = await openEditor(context, server.url, tier === 'webgl2' ? '?renderer=webgl2' : '');
      const on: number[] = [];
      const off: number[] = [];
      const renderOn: number[] = [];
      const renderOff: number[] = [];
      let info = { ribbons: 0, live: 0 };
      for (let r = 0; r < rounds; r++) {
        const a = await measure(page, scene(true));
        on.push(a.ms);
        renderOn.push(a.renderMs);
        info = a;
        const b = await measure(page, scene(false));
        off.push(b.ms);
        renderOff.push(b.renderMs);
      }
      const stat = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return `${s[s.length >> 1].toFixed(2)} ms (${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)})`;
      };
      console.log(`${tier}: ${info.live} live, ${info.ribbons} ribbons, N = ${bones}: frame CPU ${stat(on)} with trails vs ${stat(off)} without (median of per-round medians, ${rounds} interleaved rounds of 90 frames); render() ${stat(renderOn)} vs ${stat(renderOff)}`);
      await context.close();
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
