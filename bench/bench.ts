// Simulation benchmark page (bench/bench.html, driven by tests/e2e/bench.mjs): in one page and
// run, the wasm simulation (`benchSim`) against @pixi/particle-emitter 5.0.10 on the same
// workload, then the editor's frame CPU time at 10k live particles.
//
// The workload (crates/sp-sim/src/sim/bench.rs): a steady population of `live` particles,
// lifetime 4 s, rate live/4 per s, speed 50..150 px/s, 360° spread from a disc of radius 50,
// gravity (0, 50), no damping (the emitter has no damping behaviour), angular velocity
// −90..90 °/s, scale 1 → 0.5, colour #ffffff → #ffcc66 → #ff3300, alpha 1 → 0, no rendering.
// Per particle and step both sides age the particle, move it under constant acceleration,
// advance its rotation and evaluate the scale, colour and alpha curves; per step they perform
// rate·dt births and as many deaths.
//
// What is timed, per size and round:
// - wasm: `benchSim(live, steps)`: a fresh simulation warmed to the steady population (untimed),
//   then `steps` steps of 1/60 s timed inside wasm (performance.now()); ns per particle-step.
// - pixi: the same `steps` calls of `emitter.update(1/60)` on an emitter that was warmed to the
//   steady population once per size (untimed) and lives in a `LinkedListContainer` (the
//   library's container for particles: a death unlinks in O(1), where a plain `Container` shifts
//   its child array); ns per particle-step.
// - setters: the pixi display-object property writes alone (x, y, rotation, scale, alpha, tint
//   on every live particle, the writes the emitter's behaviours make per step), `steps / 4`
//   passes (at least 20): what pixi's `Sprite`/`Transform` setters cost on top of the arithmetic
//   (the rotation setter recomputes cos/sin for the skew cache, tint goes through a `Color`
//   object). The wasm side writes plain struct fields instead.
// - forces (`?forces=1`, a wasm build whose `benchSim` takes the forces flag): the same
//   simulation with turbulence + vortex + attractor, ns per particle per grid step (4 per
//   frame), at 10k and 100k.
// Rounds interleave the sides (wasm, pixi, setters[, forces], the order reversed every other
// round) so machine load hits them alike; each figure is reported as median (min–max).
//
// Query: `renderer`, `sims` (0 skips the simulation figures), `sizes` (1000,10000,100000), `repeats` (5), `psteps` (particle-steps per
// timed run, 10,000,000: steps = psteps / live, at least 20), `forces` (1), `frame` (0 skips the
// editor frame). Results: the table and `window.benchResults` (see {@link BenchResults}).

import { Emitter, LinkedListContainer } from '@pixi/particle-emitter';
// The emitter's own @pixi/* 7.x peers (pixi.js 7.4.2 bundles a second copy of them; mixing the
// two copies would hand the emitter foreign classes).
import { Texture } from '@pixi/core';
import type { Sprite } from '@pixi/sprite';
import { Engine } from '../web/engine/engine';
import { loadWasm } from '../web/engine/wasm-loader';
import { summarize, type Summary } from './skeleton-bench';

/** One size's samples, ns per particle-step (forces: per particle per grid step). */
export interface SimRow {
  live: number;
  steps: number;
  wasm: Summary;
  pixi: Summary;
  setters: Summary;
  forces: Summary | null;
  /** Per-round pixi / wasm. */
  ratio: Summary;
  /** Live particles of the emitter in each round (the same population as the wasm side's). */
  pixiLive: number[];
  /** The emitter's parent container (`LinkedListContainer`; class names are minified in the build). */
  container: string;
  raw: { wasm: number[]; pixi: number[]; setters: number[]; forces: number[] };
}

/** The editor-frame figures, ms per frame (JS-timed and as the engine reports them). */
export interface FrameRow {
  tier: string;
  live: number;
  frames: number;
  wall: Summary;
  reported: Summary;
  simMs: Summary;
  renderMs: Summary;
}

/** `window.benchResults`. */
export interface BenchResults {
  sims: SimRow[];
  frame: FrameRow | null;
  repeats: number;
  particleSteps: number;
  /** Whether the wasm `benchSim` takes the forces flag. */
  forcesAvailable: boolean;
  forcesRequested: boolean;
  tier: string | null;
  userAgent: string;
}

const LIFETIME_SECS = 4;
const DT = 1 / 60;

const query = new URLSearchParams(location.search);
/** Whole numbers in `min..=max` from the query (a bad value fails the run with its name). */
const intList = (name: string, fallback: number[], max: number): number[] => {
  const text = query.get(name);
  if (text === null) return fallback;
  const values = text.split(',').map(Number);
  if (!values.every((v) => Number.isInteger(v) && v >= 1 && v <= max)) throw new Error(`?${name}=${text}: expected whole numbers 1..${max}`);
  return values;
};
const WANT_FORCES = query.get('forces') === '1';
const WANT_FRAME = query.get('frame') !== '0';
const FORCE_SIZES = [10_000, 100_000];
/** The run's settings from the query (read inside the run, so a bad value is reported). */
const settings = (): { sizes: number[]; repeats: number; particleSteps: number } => ({
  sizes: query.get('sims') === '0' ? [] : intList('sizes', [1_000, 10_000, 100_000], 1_000_000),
  repeats: intList('repeats', [5], 100)[0],
  particleSteps: intList('psteps', [10_000_000], 1_000_000_000)[0],
});

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

const spreadText = (s: Summary, digits = 1): string => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

function addRow(measure: string, live: number, steps: number, value: string): void {
  const body = document.querySelector('#results tbody');
  if (body === null) return;
  const tr = document.createElement('tr');
  for (const text of [measure, String(live), String(steps), value]) tr.appendChild(cell(text));
  body.appendChild(tr);
}

function status(text: string): void {
  const el = document.getElementById('status');
  if (el !== null) el.textContent = text;
}

const nextFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The emitter on the workload of the module comment, warmed to its steady population. */
function pixiEmitter(live: number): { emitter: Emitter; container: LinkedListContainer } {
  const container = new LinkedListContainer();
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
  // Warm up to the steady population (one lifetime and a little), as benchSim does.
  for (let t = 0; t < LIFETIME_SECS + 0.05; t += DT) emitter.update(DT);
  for (let i = 0; i < 5; i++) emitter.update(DT);
  return { emitter, container };
}

/** ns per particle-step of `steps` emitter updates. */
function timePixi(emitter: Emitter, steps: number): { ns: number; live: number } {
  let particleSteps = 0;
  const start = performance.now();
  for (let i = 0; i < steps; i++) {
    emitter.update(DT);
    particleSteps += emitter.particleCount;
  }
  const ms = performance.now() - start;
  return { ns: (ms * 1e6) / particleSteps, live: emitter.particleCount };
}

/** The emitter's live particles (its private linked list, walked once, untimed). */
function liveSprites(emitter: Emitter): Sprite[] {
  const out: Sprite[] = [];
  type Linked = Sprite & { next: Linked | null };
  for (let p = (emitter as unknown as { _activeParticlesFirst: Linked | null })._activeParticlesFirst; p !== null; p = p.next) out.push(p);
  return out;
}

/** ns per particle of the display-object writes the behaviours make per step, `passes` times. */
function timeSetters(sprites: Sprite[], passes: number): number {
  const start = performance.now();
  for (let k = 0; k < passes; k++) {
    const f = (k % 64) / 64;
    const tint = 0xff0000 | ((0xcc * (1 - f)) << 8) | (0x66 * (1 - f));
    for (let i = 0; i < sprites.length; i++) {
      const s = sprites[i];
      s.x += 0.01;
      s.y += 0.01;
      s.rotation += 0.001;
      s.scale.x = s.scale.y = 1 - 0.5 * f;
      s.alpha = 1 - f;
      s.tint = tint;
    }
  }
  const ms = performance.now() - start;
  return (ms * 1e6) / (passes * Math.max(1, sprites.length));
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
    damping: 0,
    angularVelocityDeg: { min: -90, max: 90 },
    scaleCurve: [{ t: 0, v: 1 }, { t: 1, v: 0.5 }],
    colorGradient: [{ t: 0, color: '#ffffff' }, { t: 0.5, color: '#ffcc66' }, { t: 1, color: '#ff3300' }],
    alphaCurve: [{ t: 0, v: 1 }, { t: 1, v: 0 }],
    blend: 'additive',
  });
  return engine.normalizeScene(JSON.stringify(doc));
}

async function measureSize(engine: Engine, live: number, withForces: boolean, repeats: number, particleSteps: number): Promise<SimRow> {
  // benchSim takes at most 100,000 steps.
  const steps = Math.min(100_000, Math.max(20, Math.round(particleSteps / live)));
  const setterPasses = Math.max(20, Math.round(steps / 4));
  status(`${live} live: warming the emitter…`);
  await nextFrame();
  engine.benchSim(live, 10); // JIT tiers and allocator
  if (withForces) engine.benchSim(live, 10, true);
  const { emitter, container } = pixiEmitter(live);
  const raw = { wasm: [] as number[], pixi: [] as number[], setters: [] as number[], forces: [] as number[] };
  const pixiLive: number[] = [];
  try {
    for (let r = 0; r < repeats; r++) {
      const sides: (() => void)[] = [
        () => raw.wasm.push(engine.benchSim(live, steps)),
        () => {
          const run = timePixi(emitter, steps);
          raw.pixi.push(run.ns);
          pixiLive.push(run.live);
        },
        () => raw.setters.push(timeSetters(liveSprites(emitter), setterPasses)),
      ];
      if (withForces) sides.push(() => raw.forces.push(engine.benchSim(live, steps, true)));
      if (r % 2 === 1) sides.reverse();
      for (const side of sides) {
        status(`${live} live: round ${r + 1}/${repeats}…`);
        await nextFrame();
        side();
      }
    }
  } finally {
    emitter.destroy();
  }
  const ratios = raw.pixi.map((p, i) => p / raw.wasm[i]);
  return {
    live,
    steps,
    wasm: summarize(raw.wasm),
    pixi: summarize(raw.pixi),
    setters: summarize(raw.setters),
    forces: withForces ? summarize(raw.forces) : null,
    ratio: summarize(ratios),
    pixiLive,
    container: container instanceof LinkedListContainer ? 'LinkedListContainer' : 'another container',
    raw,
  };
}

async function measureFrame(engine: Engine): Promise<FrameRow> {
  status('editor frame at 10k live…');
  await nextFrame();
  const canvas = document.getElementById('canvas') as HTMLCanvasElement;
  const renderer = query.get('renderer');
  await engine.attach(canvas, renderer === 'webgl2' || renderer === 'webgpu' ? renderer : 'auto', (old) => old);
  engine.resize(640, 360, 1);
  engine.setScene(benchSceneJson(engine, 10_000));
  engine.setTime(LIFETIME_SECS + 0.05);
  engine.render();
  // One frame per animation frame, as in the editor: a tight loop of render() calls would
  // measure the swap chain's back-pressure, not the frame's CPU work.
  const frames = 120;
  const s = { wall: [] as number[], reported: [] as number[], simMs: [] as number[], renderMs: [] as number[] };
  let live = 0;
  for (let i = 0; i < frames; i++) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const begin = performance.now();
    engine.advance(DT);
    engine.render();
    s.wall.push(performance.now() - begin);
    const stats = engine.stats();
    s.reported.push(stats?.frameCpuMs ?? 0);
    s.simMs.push(stats?.simMs ?? 0);
    s.renderMs.push(stats?.renderMs ?? 0);
    live = stats?.liveParticles ?? 0;
  }
  return { tier: engine.rendererTier() ?? '?', live, frames, wall: summarize(s.wall), reported: summarize(s.reported), simMs: summarize(s.simMs), renderMs: summarize(s.renderMs) };
}

async function run(): Promise<void> {
  const { sizes, repeats, particleSteps } = settings();
  status('loading the wasm module…');
  const engine = await Engine.load(loadWasm);
  const forcesAvailable = engine.benchSimTakesForces;
  if (WANT_FORCES && !forcesAvailable) throw new Error('?forces=1 but this wasm build has no forces in benchSim (the motion model is not in it)');
  const sims: SimRow[] = [];
  for (const live of sizes) {
    const row = await measureSize(engine, live, WANT_FORCES && FORCE_SIZES.includes(live), repeats, particleSteps);
    sims.push(row);
    const tail = `median (min–max) of ${repeats}`;
    addRow(`wasm sim (benchSim), ns/particle-step, ${tail}`, live, row.steps, spreadText(row.wasm, 2));
    addRow(`@pixi/particle-emitter 5.0.10 (${row.container}), ns/particle-step`, live, row.steps, spreadText(row.pixi));
    addRow('  of which display-object setters (measured alone), ns/particle', live, Math.max(20, Math.round(row.steps / 4)), spreadText(row.setters));
    addRow('ratio pixi / wasm, per round', live, row.steps, `${spreadText(row.ratio)}×`);
    if (row.forces !== null) addRow('wasm sim with turbulence + vortex + attractor, ns/particle/grid step', live, row.steps, spreadText(row.forces, 2));
  }
  const frame = WANT_FRAME ? await measureFrame(engine) : null;
  if (frame !== null) {
    addRow(`editor frame CPU, JS-timed (${frame.tier}, 640×360), ms`, frame.live, frame.frames, spreadText(frame.wall, 2));
    addRow(`editor frame CPU, engine stats (${frame.tier}), ms`, frame.live, frame.frames, spreadText(frame.reported, 2));
    addRow('  of which simulation, ms', frame.live, frame.frames, spreadText(frame.simMs, 2));
    addRow('  of which render (instances + submit), ms', frame.live, frame.frames, spreadText(frame.renderMs, 2));
  }
  const results: BenchResults = {
    sims,
    frame,
    repeats,
    particleSteps,
    forcesAvailable,
    forcesRequested: WANT_FORCES,
    tier: engine.rendererTier(),
    userAgent: navigator.userAgent,
  };
  (window as unknown as { benchResults: unknown }).benchResults = results;
  status('done');
  document.body.dataset.done = 'true';
}

run().catch((e: unknown) => {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  status(`failed: ${message}`);
  (window as unknown as { benchResults: unknown }).benchResults = { error: message };
  document.body.dataset.done = 'error';
});
