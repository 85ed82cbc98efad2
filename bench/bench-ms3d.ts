// MS3D playback benchmark page (bench/bench-ms3d.html), driven by tests/e2e/bench-ms3d.mjs
// through `window.runMs3dBench(input)`: for each model (.ms3d bytes) and instance count N, one
// displayed frame per animation frame (as the editor draws), in the same page and run,
// interleaved in rounds so machine load hits both alike:
//
// - baked: the editor's own MS3D playback (web/models, sp-wasm ms3d): the model parsed, baked to
//   vertex frames and uploaded once by `addModel` (untimed), N model objects placed by a scene
//   with N `models[]` entries (each its own speed; `setScene`, untimed), then per frame the scene
//   time advanced by 1/60 s (`advance`, untimed: no particle systems) and the Editor's `render()`
//   — which poses every object at the scene time (sp_ms3d::stage), hands the instance list to the
//   renderer and encodes and submits the instanced draws (the GPU blends frames i and i+1).
//   Timed: render().
// - CPU: skinning on the CPU, `Ms3dCpuSkinning.frame(times)` (sp-wasm ms3d/cpu_skinning.rs, the
//   same sp_ms3d rig compiled to wasm): per instance the clip frame at its time, every joint's
//   matrix and every vertex's weighted blend into the instance's own buffer. No upload and no
//   draw (a lower bound of a CPU-skinning player, so the ratio errs in its favour); the render()
//   of the then empty canvas that follows is reported as the frame floor every renderer pays.
//
// Instance i plays at speed 0.5 + (i mod 11)/10 on both sides (the CPU side at time
// frame/60 · speed, the baked side at scene time frame/60 · speed), so instances are not in step.

import type { Engine } from '../web/engine/engine';
import { loadWasm } from '../web/engine/wasm-loader';
import { addRow, alternateRounds, eachFrame, exposeRun, gridCellPx, msText, pageEngine, runInfo, status, type RunInfo } from './page';
import { gridPositions, summarize, type Summary } from './skeleton-bench';

/** One model to measure. */
export interface Ms3dBenchModel {
  /** Short name. */
  name: string;
  /** The .ms3d file, base64. */
  base64: string;
  /** Clip index (default 0). */
  clip?: number;
}

/** What the runner asks for. */
export interface Ms3dBenchInput {
  models: Ms3dBenchModel[];
  /** Instance counts, e.g. [1, 50, 200, 1000]. */
  counts: number[];
  /** Timed frames per side and count. */
  frames: number;
  /**
   * Timed frames per side for counts of 500 and more (default `frames`): without a GPU,
   * SwiftShader draws each frame of 1,000 rigged characters in seconds, and the page waits for
   * each frame as the editor does.
   */
  largeFrames?: number;
  /** Untimed frames per side and count before timing. */
  warmupFrames: number;
  /** The timed frames are split into this many alternating baked/CPU blocks. */
  rounds: number;
}

/** One model at one instance count (ms per displayed frame). */
export interface Ms3dBenchRow {
  model: string;
  instances: number;
  /** Baked: the Editor's render() with N instances. */
  baked: Summary;
  /** Baked: render() as the Editor times it itself (`stats().renderMs`). */
  bakedReported: Summary;
  /**
   * Time between consecutive displayed frames of the baked blocks (animation-frame callbacks):
   * includes the GPU's work, which render() only submits (SwiftShader here, on the same cores).
   */
  bakedInterval: Summary;
  /** render() of the empty canvas, measured in the CPU blocks. */
  floor: Summary;
  /** CPU skinning of N instances. */
  cpu: Summary;
  /** cpu.median / baked.median. */
  ratio: number;
  /** (cpu.median + floor.median) / baked.median: both sides paying a frame's render(). */
  ratioWithFloor: number;
  /** Draw calls of the last baked frame. */
  drawCalls: number;
  /** Clip instances the last baked frame drew. */
  clipInstances: number;
  /** Vertices the CPU side skinned per instance. */
  cpuVerticesPerInstance: number;
}

/** Per model: what was uploaded and the rows. */
export interface Ms3dBenchModelResult {
  name: string;
  bytes: number;
  vertices: number;
  triangles: number;
  joints: number;
  clip: string;
  clipFrames: number;
  /** addModel (parse + bake + upload), ms. */
  loadMs: number;
  rows: Ms3dBenchRow[];
}

/** `window.runMs3dBench`'s result. */
export interface Ms3dBenchResult extends RunInfo {
  models: Ms3dBenchModelResult[];
}

/** The Editor's default placement draws the bind pose this many scene pixels across. */
const DEFAULT_EXTENT_PX = 240;

const speedOf = (i: number): number => 0.5 + (i % 11) / 10;

function validate(input: Ms3dBenchInput): void {
  const whole = (v: number, min: number): boolean => Number.isInteger(v) && v >= min;
  if (input.models.length === 0) throw new Error('input.models is empty');
  if (input.counts.length === 0 || !input.counts.every((n) => whole(n, 1) && n <= 2000)) throw new Error(`input.counts: ${JSON.stringify(input.counts)} must be whole numbers 1..2000`);
  if (input.largeFrames !== undefined && !whole(input.largeFrames, 1)) throw new Error(`input.largeFrames: ${input.largeFrames} must be a whole number ≥ 1`);
  if (!whole(input.frames, 1) || !whole(input.warmupFrames, 0) || !whole(input.rounds, 1) || input.rounds > input.frames) {
    throw new Error(`input: frames ${input.frames}, warmupFrames ${input.warmupFrames}, rounds ${input.rounds} must be whole numbers with 1 ≤ rounds ≤ frames`);
  }
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

interface AddModelResult {
  key: string;
  counts: { vertices: number; triangles: number; joints: number };
  clips: { name: string; frames: number }[];
}

async function measureModel(engine: Engine, Skinning: NonNullable<Awaited<ReturnType<typeof loadWasm>>['Ms3dCpuSkinning']>, spec: Ms3dBenchModel, input: Ms3dBenchInput): Promise<Ms3dBenchModelResult> {
  const bytes = fromBase64(spec.base64);
  const clip = spec.clip ?? 0;
  const t0 = performance.now();
  const key = `bench-${spec.name}`;
  const added = JSON.parse(engine.addModel(key, `${spec.name}.ms3d`, bytes, '{}')) as AddModelResult;
  const loadMs = performance.now() - t0;
  const clipInfo = added.clips[clip];
  if (clipInfo === undefined) throw new Error(`${spec.name}: no clip ${clip}`);
  const cpu = new Skinning(bytes, clip);
  const out: Ms3dBenchModelResult = {
    name: spec.name,
    bytes: bytes.length,
    vertices: added.counts.vertices,
    triangles: added.counts.triangles,
    joints: added.counts.joints,
    clip: clipInfo.name,
    clipFrames: clipInfo.frames,
    loadMs,
    rows: [],
  };
  const empty = { ...(JSON.parse(engine.defaultScene()) as Record<string, unknown>), systems: [], models: [] };
  const clearInstances = (): void => engine.setScene(JSON.stringify(empty));
  try {
    for (const n of input.counts) {
      const frames = n >= 500 ? (input.largeFrames ?? input.frames) : input.frames;
      const rounds = Math.min(input.rounds, frames);
      const warmupFrames = n >= 500 ? Math.min(input.warmupFrames, 2) : input.warmupFrames;
      const cellPx = gridCellPx(n);
      const positions = gridPositions(n, cellPx);
      const scale = (0.9 * cellPx) / DEFAULT_EXTENT_PX;
      const addInstances = (): void => {
        const models = positions.map(([x, y], i) => ({
          name: `m${i}`,
          path: `${spec.name}.ms3d`,
          key,
          transform: { x, y, rotationDeg: 0, scaleX: scale, scaleY: scale },
          clip: clipInfo.name,
          speed: speedOf(i),
          loop: true,
          upAxis: '',
          visible: true,
          markers: [],
        }));
        engine.setScene(JSON.stringify({ ...empty, models }));
      };
      const times = new Float64Array(n);
      cpu.frame(times); // sizes the CPU side's buffers (untimed)
      const s = { baked: [] as number[], reported: [] as number[], cpu: [] as number[], floor: [] as number[], interval: [] as number[] };
      let drawCalls = 0;
      let clipInstances = 0;
      let cpuVertices = 0;
      let cpuFrame = 0;
      const bakedBlock = async (count: number, record: boolean): Promise<void> => {
        addInstances();
        let previous: number | null = null;
        await eachFrame(count, () => {
          engine.advance(1 / 60);
          const a = performance.now();
          engine.render();
          const b = performance.now();
          if (previous !== null && record) s.interval.push(a - previous);
          previous = a;
          if (!record) return;
          s.baked.push(b - a);
          const stats = engine.stats() as { renderMs?: number; drawCalls?: number; clipInstances?: number } | null;
          if (stats?.renderMs !== undefined) s.reported.push(stats.renderMs);
          drawCalls = stats?.drawCalls ?? 0;
          clipInstances = stats?.clipInstances ?? 0;
        });
        clearInstances();
      };
      const cpuBlock = (count: number, record: boolean): Promise<void> =>
        eachFrame(count, () => {
          const t = cpuFrame++ / 60;
          for (let i = 0; i < n; i++) times[i] = t * speedOf(i);
          const a = performance.now();
          cpuVertices = cpu.frame(times);
          const b = performance.now();
          engine.render();
          const c = performance.now();
          if (!record) return;
          s.cpu.push(b - a);
          s.floor.push(c - b);
        });
      await alternateRounds({ label: `${spec.name} × ${n}`, warmupFrames, frames, rounds, baked: bakedBlock, cpu: cpuBlock, cpuName: 'CPU skinning' });
      const row: Ms3dBenchRow = {
        model: spec.name,
        instances: n,
        baked: summarize(s.baked),
        bakedReported: summarize(s.reported),
        bakedInterval: summarize(s.interval),
        floor: summarize(s.floor),
        cpu: summarize(s.cpu),
        ratio: 0,
        ratioWithFloor: 0,
        drawCalls,
        clipInstances,
        cpuVerticesPerInstance: cpuVertices / n,
      };
      row.ratio = row.cpu.median / row.baked.median;
      row.ratioWithFloor = (row.cpu.median + row.floor.median) / row.baked.median;
      out.rows.push(row);
      addRow([row.model, String(row.instances), msText(row.baked), msText(row.floor), msText(row.cpu), `${row.ratio.toFixed(1)}×`]);
    }
  } finally {
    clearInstances();
    engine.removeModel(key);
  }
  // Keeps the CPU side's results observable (the vertices were really computed).
  if (!Number.isFinite(cpu.checksum())) throw new Error(`${spec.name}: CPU skinning produced a non-finite vertex`);
  cpu.free();
  return out;
}

/** Runs the benchmark (see the file comment). */
async function runMs3dBench(input: Ms3dBenchInput): Promise<Ms3dBenchResult> {
  validate(input);
  const engine = await pageEngine();
  // The same (already initialised) module instance the Engine uses.
  const module = await loadWasm(0);
  const Skinning = module.Ms3dCpuSkinning;
  if (Skinning === undefined) throw new Error('this wasm build has no Ms3dCpuSkinning');
  const result: Ms3dBenchResult = { ...runInfo(engine), models: [] };
  for (const spec of input.models) result.models.push(await measureModel(engine, Skinning, spec, input));
  status('done');
  return result;
}

exposeRun('runMs3dBench', runMs3dBench);
