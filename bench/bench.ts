// Benchmark page: in one run, the wasm simulation (`benchSim`, ns per particle-step at 10k and
// 100k live particles), @pixi/particle-emitter 5.0.10 updating the equivalent configuration with
// pixi.js 7 display objects (no rendering), their ratio, and the editor's frame CPU time with 10k
// live particles (simulation + instance upload + submit). The workload is sp_sim::sim::bench:
// lifetime 4 s, rate live/4 per s, speed 50..150 px/s, 360° spread, gravity (0, 50), angular
// velocity −90..90 °/s, scale 1 → 0.5, colour #ffffff → #ffcc66 → #ff3300, alpha 1 → 0.
// Results go to the table and to `window.benchResults` (read by tests/e2e/bench.mjs).

import { Emitter } from '@pixi/particle-emitter';
// The emitter's own @pixi/* 7.x peers (pixi.js 7.4.2 bundles a second copy of them; mixing the
// two copies would hand the emitter foreign classes).
import { Texture } from '@pixi/core';
import { Container } from '@pixi/display';
import { Engine } from '../web/engine/engine';
import { loadWasm } from '../web/engine/wasm-loader';

/** One measured figure. */
export interface BenchRow {
  measure: string;
  live: number;
  steps: number;
  value: number;
  unit: string;
}

const LIFETIME_SECS = 4;
const DT = 1 / 60;
const PARTICLE_STEPS = 20_000_000;

function addRow(row: BenchRow): void {
  const body = document.querySelector('#results tbody');
  if (body === null) return;
  const tr = document.createElement('tr');
  for (const text of [row.measure, String(row.live), String(row.steps), `${row.value.toFixed(2)} ${row.unit}`]) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.appendChild(td);
  }
  body.appendChild(tr);
}

function status(text: string): void {
  const el = document.getElementById('status');
  if (el !== null) el.textContent = text;
}

const nextFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** ns per particle-step of @pixi/particle-emitter on the equivalent workload. */
function benchPixi(live: number): { ns: number; steps: number; live: number } {
  const container = new Container();
  const rate = live / LIFETIME_SECS;
  const emitter = new Emitter(container, {
    lifetime: { min: LIFETIME_SECS, max: LIFETIME_SECS },
    frequency: 1 / rate,
    particlesPerWave: 1,
    maxParticles: live + 1,
    emitterLifetime: -1,
    pos: { x: 0, y: 0 },
    addAtBack: false,
    autoUpdate: false,
    emit: true,
    behaviors: [
      { type: 'alpha', config: { alpha: { list: [{ value: 1, time: 0 }, { value: 0, time: 1 }] } } },
      { type: 'scale', config: { scale: { list: [{ value: 1, time: 0 }, { value: 0.5, time: 1 }] }, minMult: 1 } },
      { type: 'color', config: { color: { list: [{ value: 'ffffff', time: 0 }, { value: 'ffcc66', time: 0.5 }, { value: 'ff3300', time: 1 }] } } },
      { type: 'moveAcceleration', config: { accel: { x: 0, y: 50 }, minStart: 50, maxStart: 150, rotate: false } },
      { type: 'rotation', config: { accel: 0, minSpeed: -90, maxSpeed: 90, minStart: 0, maxStart: 360 } },
      { type: 'spawnShape', config: { type: 'torus', data: { x: 0, y: 0, radius: 50, innerRadius: 0, affectRotation: false } } },
      { type: 'textureSingle', config: { texture: Texture.WHITE } },
    ],
  });
  // Warm up to the steady population (one lifetime).
  for (let t = 0; t < LIFETIME_SECS + 0.05; t += DT) emitter.update(DT);
  for (let i = 0; i < 5; i++) emitter.update(DT);
  const steps = Math.max(20, Math.round(PARTICLE_STEPS / 10 / live));
  let particleSteps = 0;
  const start = performance.now();
  for (let i = 0; i < steps; i++) {
    emitter.update(DT);
    particleSteps += emitter.particleCount;
  }
  const ms = performance.now() - start;
  const count = emitter.particleCount;
  emitter.destroy();
  return { ns: (ms * 1e6) / particleSteps, steps, live: count };
}

/** A one-system scene equivalent to the bench workload, for the editor frame measurement. */
function benchSceneJson(engine: Engine, live: number): string {
  const doc = JSON.parse(engine.normalizeScene('{"systems":[{}]}')) as { systems: Record<string, unknown>[] };
  Object.assign(doc.systems[0], {
    name: `bench ${live}`,
    mode: 'loopContinuous',
    durationSecs: 1,
    emitter: { kind: 'circle', radius: 50, edge: false },
    ratePerSec: live / LIFETIME_SECS,
    maxParticles: live + 1,
    lifetimeSecs: { min: LIFETIME_SECS, max: LIFETIME_SECS },
    speed: { min: 50, max: 150 },
    spreadDeg: 360,
    gravity: [0, 50],
    damping: 0.1,
    angularVelocityDeg: { min: -90, max: 90 },
    scaleCurve: [{ t: 0, v: 1 }, { t: 1, v: 0.5 }],
    colorGradient: [{ t: 0, color: '#ffffff' }, { t: 0.5, color: '#ffcc66' }, { t: 1, color: '#ff3300' }],
    alphaCurve: [{ t: 0, v: 1 }, { t: 1, v: 0 }],
    blend: 'additive',
  });
  return engine.normalizeScene(JSON.stringify(doc));
}

async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  const push = (row: BenchRow): void => {
    rows.push(row);
    addRow(row);
  };
  const engine = await Engine.load(loadWasm);
  const ratios: Record<string, number> = {};
  // Best of three alternating runs per size: the machine may be shared with other work.
  const REPEATS = 3;
  for (const live of [10_000, 100_000]) {
    const steps = Math.max(20, Math.round(PARTICLE_STEPS / live));
    engine.benchSim(live, 10); // warm-up (JIT tiers, allocator)
    let wasmNs = Infinity;
    let pixi = { ns: Infinity, steps: 0, live: 0 };
    for (let r = 0; r < REPEATS; r++) {
      status(`wasm benchSim ${live}, run ${r + 1}/${REPEATS}…`);
      await nextFrame();
      wasmNs = Math.min(wasmNs, engine.benchSim(live, steps));
      status(`@pixi/particle-emitter ${live}, run ${r + 1}/${REPEATS}…`);
      await nextFrame();
      const run = benchPixi(live);
      if (run.ns < pixi.ns) pixi = run;
    }
    push({ measure: `wasm sim (benchSim), best of ${REPEATS}`, live, steps, value: wasmNs, unit: 'ns/particle-step' });
    push({ measure: `@pixi/particle-emitter 5.0.10, best of ${REPEATS}`, live: pixi.live, steps: pixi.steps, value: pixi.ns, unit: 'ns/particle-step' });
    ratios[String(live)] = pixi.ns / wasmNs;
    push({ measure: 'ratio pixi / wasm', live, steps: 0, value: pixi.ns / wasmNs, unit: '×' });
  }

  status('editor frame at 10k live…');
  await nextFrame();
  const canvas = document.getElementById('canvas') as HTMLCanvasElement;
  const renderer = new URLSearchParams(location.search).get('renderer');
  await engine.attach(canvas, renderer === 'webgl2' || renderer === 'webgpu' ? renderer : 'auto', (old) => old);
  engine.resize(640, 360, 1);
  engine.setScene(benchSceneJson(engine, 10_000));
  engine.setTime(LIFETIME_SECS + 0.05);
  engine.render();
  // One frame per animation frame, as in the editor: a tight loop of render() calls would
  // measure the swap chain's back-pressure, not the frame's CPU work.
  const frames = 120;
  const measureFrames = async (count: number): Promise<{ wall: number; reported: number; simMs: number; renderMs: number; live: number }> => {
    const sum = { wall: 0, reported: 0, simMs: 0, renderMs: 0, live: 0 };
    for (let i = 0; i < count; i++) {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const begin = performance.now();
      engine.advance(DT);
      engine.render();
      sum.wall += performance.now() - begin;
      const stats = engine.stats();
      sum.reported += stats?.frameCpuMs ?? 0;
      sum.simMs += stats?.simMs ?? 0;
      sum.renderMs += stats?.renderMs ?? 0;
      sum.live = stats?.liveParticles ?? 0;
      if (i % 20 === 0) status(`editor frame ${i}/${count}: ${(sum.wall / (i + 1)).toFixed(2)} ms`);
    }
    return sum;
  };
  const tier = engine.rendererTier() ?? '?';
  const big = await measureFrames(frames);
  push({ measure: `editor frame CPU, JS-timed (${tier}, 640×360)`, live: big.live, steps: frames, value: big.wall / frames, unit: 'ms' });
  push({ measure: `editor frame CPU, engine stats (${tier})`, live: big.live, steps: frames, value: big.reported / frames, unit: 'ms' });
  push({ measure: '  of which simulation', live: big.live, steps: frames, value: big.simMs / frames, unit: 'ms' });
  push({ measure: '  of which render (instances + submit)', live: big.live, steps: frames, value: big.renderMs / frames, unit: 'ms' });

  (window as unknown as { benchResults: unknown }).benchResults = { rows, ratios, tier: engine.rendererTier(), userAgent: navigator.userAgent };
  status('done');
  document.body.dataset.done = 'true';
}

run().catch((e: unknown) => {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  status(`failed: ${message}`);
  (window as unknown as { benchResults: unknown }).benchResults = { error: message };
  document.body.dataset.done = 'error';
});
