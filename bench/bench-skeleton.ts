// Skeleton playback benchmark page (bench/bench-skeleton.html), driven by
// tests/e2e/bench-skeleton.mjs through `window.runSkeletonBench(input)`: for each skeleton (a
// Spine 4.2 JSON with a synthetic atlas, tests/support/synth-atlas.ts, and a synthetic page image)
// and each instance count N, one displayed frame per animation frame (as the editor draws), it
// times in the same page and run, interleaved in rounds so machine load hits both alike:
//
// - baked: the per-frame work for N vertex-clip instances (bench/skeleton-bench.ts
//   `BakedSide.push`: instance times into a Float64Array, `setClipInstanceArray`) + the Editor's
//   `render()` (instanced: draws per layout and draw range in use, not per instance), with the N
//   instances on the canvas;
// - CPU: spine-core's per-frame path for N instances (`CpuSide.frame`: apply + update +
//   updateWorldTransform + computeWorldVertices of every visible attachment, no upload or draw),
//   followed by an untimed-for-the-ratio `render()` of the then empty canvas, reported as the
//   frame floor every renderer pays.
//
// Animation time is an input (frame k is at k / 60 s on both sides), not the wall clock.

import type { Engine } from '../web/engine/engine';
import { BakedSide, type BenchClipEditor, CpuSide, summarize, type Summary } from './skeleton-bench';
import { loadSkeleton } from '../web/skeleton/spine/load';
import { pageImagePath } from '../web/skeleton/object/play';
import { regionPaths, synthAtlas } from '../tests/support/synth-atlas';
import { addRow, alternateRounds, eachFrame, exposeRun, gridCellPx, msText, pageEngine, runInfo, status, type RunInfo } from './page';

/** One skeleton to measure. */
export interface BenchSkeleton {
  /** Short name (coin, vine). */
  name: string;
  /** The Spine 4.2 JSON text. */
  json: string;
  /** Animation (default: the first). */
  animation?: string;
}

/** What the runner asks for. */
export interface SkeletonBenchInput {
  skeletons: BenchSkeleton[];
  /** Instance counts, e.g. [1, 50, 200]. */
  counts: number[];
  /** Timed frames per side and count. */
  frames: number;
  /** Untimed frames per side and count before timing. */
  warmupFrames: number;
  /** The timed frames are split into this many alternating baked/CPU blocks. */
  rounds: number;
  /** Bake rate, frames per second. */
  bakeFps: number;
}

/** One row: one skeleton at one instance count (all times ms per displayed frame). */
export interface SkeletonBenchRow {
  skeleton: string;
  instances: number;
  /** Baked: instance times + setClipInstanceArray + render(). */
  baked: Summary;
  /** Baked: the JS part before render(). */
  bakedPush: Summary;
  /** Baked: render() (JS-timed). */
  bakedRender: Summary;
  /** Baked: render() as the Editor times it itself (`stats().renderMs`). */
  bakedRenderReported: Summary;
  /** render() of the empty canvas, measured in the CPU blocks. */
  floor: Summary;
  /** CPU path: pose + world vertices of N instances. */
  cpu: Summary;
  /** cpu.median / baked.median. */
  ratio: number;
  /** (cpu.median + floor.median) / baked.median: both sides paying a frame's render(). */
  ratioWithFloor: number;
  /** cpu.median / bakedPush.median: the playback work alone, without the frame's encode/submit. */
  ratioPush: number;
  /** Draw calls of the last baked frame (`stats().drawCalls`). */
  drawCalls: number;
  /** Clip instances the last baked frame drew (`stats().clipInstances`). */
  clipInstances: number;
  /** World vertices the CPU path computed per instance in its last frame. */
  cpuVerticesPerInstance: number;
}

/** Per skeleton: the clip and the rows. */
export interface SkeletonBenchSkeleton {
  name: string;
  animation: string;
  clipVertices: number;
  clipTriangles: number;
  clipFrames: number;
  topologies: number;
  /** GPU bytes of the frame buffers (f32x3). */
  clipBytes: number;
  /** Draw ranges of the clip over all its frames (each frame names a run of them). */
  clipDraws: number;
  bakeMs: number;
  limits: string[];
  rows: SkeletonBenchRow[];
}

/** `window.runSkeletonBench`'s result. */
export interface SkeletonBenchResult extends RunInfo {
  skeletons: SkeletonBenchSkeleton[];
}

const PAGE = 'bench-page.png';
const PAGE_W = 1024;
const PAGE_H = 512;

/** Opaque RGBA cells of 64 px, each its own colour with a stripe (any image would do). */
function pageRgba(): Uint8Array {
  const rgba = new Uint8Array(PAGE_W * PAGE_H * 4);
  for (let y = 0; y < PAGE_H; y++) {
    for (let x = 0; x < PAGE_W; x++) {
      const cell = Math.floor(x / 64) + Math.floor(y / 64) * 16;
      const stripe = (x + y) % 16 < 8;
      const o = (y * PAGE_W + x) * 4;
      rgba[o] = stripe ? 255 : 60 + ((cell * 67) % 180);
      rgba[o + 1] = stripe ? 220 : 60 + ((cell * 131) % 180);
      rgba[o + 2] = stripe ? 40 : 60 + ((cell * 29) % 180);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

function validate(input: SkeletonBenchInput): void {
  const whole = (v: number, min: number): boolean => Number.isInteger(v) && v >= min;
  if (input.skeletons.length === 0) throw new Error('input.skeletons is empty');
  if (input.counts.length === 0 || !input.counts.every((n) => whole(n, 1) && n <= 2000)) throw new Error(`input.counts: ${JSON.stringify(input.counts)} must be whole numbers 1..2000`);
  if (!whole(input.frames, 1) || !whole(input.warmupFrames, 0) || !whole(input.rounds, 1) || input.rounds > input.frames) {
    throw new Error(`input: frames ${input.frames}, warmupFrames ${input.warmupFrames}, rounds ${input.rounds} must be whole numbers with 1 ≤ rounds ≤ frames`);
  }
  if (!(input.bakeFps > 0 && input.bakeFps <= 240)) throw new Error(`input.bakeFps: ${input.bakeFps} is outside 0 < fps ≤ 240`);
}

async function measureSkeleton(engine: Engine, spec: BenchSkeleton, input: SkeletonBenchInput): Promise<SkeletonBenchSkeleton> {
  const call = <T>(f: (e: BenchClipEditor) => T): T => f(engine);
  const atlas = synthAtlas(regionPaths(spec.json), PAGE, PAGE_W, PAGE_H);
  const loaded = loadSkeleton(spec.json, atlas);
  const animation = spec.animation ?? loaded.data.animations[0]?.name;
  if (animation === undefined) throw new Error(`${spec.name}: the skeleton has no animation`);
  const path = pageImagePath(`bench-${spec.name}`, PAGE);
  engine.addImage(path, PAGE_W, PAGE_H, pageRgba());
  const baked = BakedSide.create(call, `bench:${spec.name}`, loaded, animation, input.bakeFps, () => path, () => performance.now(), (d, f) => engine.stepsCovering(d, f));
  const cpu = new CpuSide(loaded, animation, baked.periodSecs());
  const { arrays } = baked.setup;
  const out: SkeletonBenchSkeleton = {
    name: spec.name,
    animation,
    clipVertices: arrays.vertexCount,
    clipTriangles: arrays.indices.length / 3,
    clipFrames: arrays.frameCount,
    topologies: arrays.topologies,
    clipBytes: arrays.frameCount * arrays.vertexCount * 12,
    clipDraws: arrays.draws.length,
    bakeMs: baked.setup.bakeMs,
    limits: arrays.limits,
    rows: [],
  };
  try {
    for (const n of input.counts) {
      baked.place(n, gridCellPx(n));
      cpu.resize(n);
      const s = { push: [] as number[], render: [] as number[], reported: [] as number[], baked: [] as number[], cpu: [] as number[], floor: [] as number[] };
      let drawCalls = 0;
      let clipInstances = 0;
      let bakedFrame = 0;
      let cpuFrame = 0;
      const bakedBlock = (count: number, record: boolean): Promise<void> =>
        eachFrame(count, () => {
          const t = bakedFrame++ / 60;
          const a = performance.now();
          baked.push(t);
          const b = performance.now();
          engine.render();
          const c = performance.now();
          if (!record) return;
          s.push.push(b - a);
          s.render.push(c - b);
          s.baked.push(c - a);
          const stats = engine.stats();
          if (stats?.renderMs !== undefined) s.reported.push(stats.renderMs);
          drawCalls = stats?.drawCalls ?? 0;
          clipInstances = stats?.clipInstances ?? 0;
        });
      const cpuBlock = (count: number, record: boolean): Promise<void> => {
        baked.clear();
        return eachFrame(count, () => {
          const t = cpuFrame++ / 60;
          const a = performance.now();
          cpu.frame(t);
          const b = performance.now();
          engine.render();
          const c = performance.now();
          if (!record) return;
          s.cpu.push(b - a);
          s.floor.push(c - b);
        });
      };
      const { warmupFrames, frames, rounds } = input;
      await alternateRounds({ label: `${spec.name} × ${n}`, warmupFrames, frames, rounds, baked: bakedBlock, cpu: cpuBlock, cpuName: 'CPU path' });
      if (cpu.lastVertices === 0) throw new Error(`${spec.name}: the CPU path computed no vertex (nothing visible?)`);
      const row: SkeletonBenchRow = {
        skeleton: spec.name,
        instances: n,
        baked: summarize(s.baked),
        bakedPush: summarize(s.push),
        bakedRender: summarize(s.render),
        bakedRenderReported: summarize(s.reported),
        floor: summarize(s.floor),
        cpu: summarize(s.cpu),
        ratio: 0,
        ratioWithFloor: 0,
        ratioPush: 0,
        drawCalls,
        clipInstances,
        cpuVerticesPerInstance: cpu.lastVertices / n,
      };
      row.ratio = row.cpu.median / row.baked.median;
      row.ratioWithFloor = (row.cpu.median + row.floor.median) / row.baked.median;
      row.ratioPush = row.cpu.median / row.bakedPush.median;
      out.rows.push(row);
      addRow([row.skeleton, String(row.instances), msText(row.baked), msText(row.bakedRender), msText(row.floor), msText(row.cpu), `${row.ratio.toFixed(1)}×`]);
    }
  } finally {
    baked.dispose();
    engine.removeImage(path);
  }
  // Keeps the CPU path's results observable (the vertices were really computed).
  if (!Number.isFinite(cpu.checksum())) throw new Error(`${spec.name}: the CPU path produced a non-finite vertex`);
  return out;
}

/** Runs the benchmark (see the file comment). */
async function runSkeletonBench(input: SkeletonBenchInput): Promise<SkeletonBenchResult> {
  validate(input);
  const engine = await pageEngine();
  const result: SkeletonBenchResult = { ...runInfo(engine), skeletons: [] };
  for (const spec of input.skeletons) result.skeletons.push(await measureSkeleton(engine, spec, input));
  status('done');
  return result;
}

exposeRun('runSkeletonBench', runSkeletonBench);
