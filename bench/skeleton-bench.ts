// The two sides of the skeleton playback benchmark (bench/bench-skeleton.ts drives them, one
// displayed frame per animation frame). Both play the same animation for N instances, instance i
// at time t + phase(i) (the instances are not in step, as in a real scene), t = frame / 60 s.
//
// - Baked (the vertex-frame playback per frame): for every instance its time (the renderer picks
//   the frames, unblended across a layout change), the instances as one Float64Array
//   (clip.ts `writeInstance`) sent by `setClipInstanceArray` (no JSON), then the page calls the
//   Editor's `render()` (per instance: frame pick, one matrix, one 112-byte record; per layout and
//   draw range in use: one instanced draw; upload, encode, submit). The clip is baked once
//   (bake.ts → clip.ts `toVertexClip` → `addVertexClip`) before timing, exactly as the editor's
//   scene (scene.ts) plays skeletons.
// - CPU (spine-core's own per-frame path, cpu.ts `CpuReference`): per instance apply (looping)
//   + update + updateWorldTransform + computeWorldVertices (and clipping) of every visible
//   region and mesh. No vertex upload and no draw: a lower bound of what a spine-core renderer
//   spends, so the ratio errs in the CPU path's favour.
//
// Pure apart from the `WasmClipEditor` calls; timing and frames belong to the page.

import { bakeAnimation, type StepsCovering } from '../web/skeleton/spine/bake';
import { clipOptionsJson, PER_INSTANCE, toVertexClip, writeInstance, type VertexClipArrays } from '../web/skeleton/spine/clip';
import { CpuReference } from './skeleton-cpu';
import type { LoadedSkeleton } from '../web/skeleton/spine/load';
import type { WasmClipEditor } from '../web/engine/wasm-api';

/** Median, 90th percentile, mean, min and max of a sample, in the samples' unit. */
export interface Summary {
  median: number;
  p90: number;
  mean: number;
  min: number;
  max: number;
  count: number;
}

/** Linear-interpolated quantile `q` (0..1) of `samples` (not modified); NaN when empty. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const at = Math.min(Math.max(q, 0), 1) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** {@link Summary} of `samples`. */
export function summarize(samples: readonly number[]): Summary {
  const mean = samples.length === 0 ? Number.NaN : samples.reduce((s, v) => s + v, 0) / samples.length;
  return { median: quantile(samples, 0.5), p90: quantile(samples, 0.9), mean, min: quantile(samples, 0), max: quantile(samples, 1), count: samples.length };
}

/** Time offset of instance `i`, seconds: spread over `periodSecs` by the golden ratio. */
export function phaseSecs(i: number, periodSecs: number): number {
  const golden = 0.6180339887498949;
  return ((i * golden) % 1) * periodSecs;
}

/** Instance positions: a centred grid of `count` cells of `cellPx` scene pixels. */
export function gridPositions(count: number, cellPx: number): [number, number][] {
  const cols = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(1, Math.ceil(count / cols));
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const c = i % cols;
    const r = Math.floor(i / cols);
    out.push([(c - (cols - 1) / 2) * cellPx, (r - (rows - 1) / 2) * cellPx]);
  }
  return out;
}

/** The Editor calls the baked side uses: the editor's own clip calls (play.ts). */
export type BenchClipEditor = WasmClipEditor;

/** What the baked side uploaded once, before timing. */
export interface BakedSetup {
  clipId: number;
  arrays: VertexClipArrays;
  /** Bake + conversion time, ms. */
  bakeMs: number;
  /** Largest extent of the skeleton over all frames, skeleton units (for instance scaling). */
  extent: number;
}

/** The baked (vertex-frame) side. */
export class BakedSide {
  private positions: [number, number][] = [];
  private scale = 1;
  private values = new Float64Array(0);

  private constructor(
    private readonly call: <T>(f: (e: BenchClipEditor) => T) => T,
    readonly setup: BakedSetup,
  ) {}

  /**
   * Bakes `animation` of `loaded` at `fps`, converts and uploads it. `pagePath(i)` is the image
   * path registered for atlas page i; `now` is the clock for the bake time; `stepsCovering` the
   * core's frame rule (Engine.stepsCovering).
   */
  static create(call: <T>(f: (e: BenchClipEditor) => T) => T, name: string, loaded: LoadedSkeleton, animation: string, fps: number, pagePath: (page: number) => string | null, now: () => number, stepsCovering: StepsCovering): BakedSide {
    const t0 = now();
    const baked = bakeAnimation(loaded, animation, { fps, stepsCovering });
    const arrays = toVertexClip(baked, pagePath);
    const bakeMs = now() - t0;
    const clipId = call((e) => e.addVertexClip(name, arrays.fps, arrays.uvs, arrays.indices, arrays.topologyRanges, arrays.frames, arrays.positions, arrays.draws, arrays.drawColors, clipOptionsJson(arrays)));
    let lo = [Infinity, Infinity];
    let hi = [-Infinity, -Infinity];
    for (let i = 0; i < arrays.positions.length; i += 3) {
      lo = [Math.min(lo[0], arrays.positions[i]), Math.min(lo[1], arrays.positions[i + 1])];
      hi = [Math.max(hi[0], arrays.positions[i]), Math.max(hi[1], arrays.positions[i + 1])];
    }
    const extent = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-6);
    return new BakedSide(call, { clipId, arrays, bakeMs, extent });
  }

  /** Places `count` instances in a grid of `cellPx` cells, each scaled to fit its cell. */
  place(count: number, cellPx: number): void {
    this.positions = gridPositions(count, cellPx);
    this.scale = (0.9 * cellPx) / this.setup.extent;
  }

  /** Period of the looping clip, seconds (the renderer wraps at frames / fps). */
  periodSecs(): number {
    return this.setup.arrays.frameCount / this.setup.arrays.fps;
  }

  /**
   * The per-frame work before `render()`: each placed instance's time at `t + phase(i)`, written
   * into one Float64Array, `setClipInstanceArray`. Returns the instances sent.
   */
  push(t: number): number {
    const { clipId } = this.setup;
    const period = this.periodSecs();
    const s = this.scale;
    const n = this.positions.length;
    if (this.values.length !== n * PER_INSTANCE) this.values = new Float64Array(n * PER_INSTANCE);
    for (let i = 0; i < n; i++) {
      const [x, y] = this.positions[i];
      writeInstance(this.values, i, { clip: clipId, timeSecs: t + phaseSecs(i, period), loop: true, x, y, scaleX: s, scaleY: s, depth: i });
    }
    this.call((e) => e.setClipInstanceArray(this.values));
    return n;
  }

  /** Removes the instances (nothing of this clip is drawn). */
  clear(): void {
    this.call((e) => e.setClipInstanceArray(new Float64Array(0)));
  }

  /** Removes the clip. */
  dispose(): void {
    this.clear();
    this.call((e) => e.removeVertexClip(this.setup.clipId));
  }
}

/** The CPU side: one spine-core skeleton per instance, posed every frame. */
export class CpuSide {
  private readonly refs: CpuReference[] = [];
  private vertices = 0;

  constructor(
    private readonly loaded: LoadedSkeleton,
    private readonly animation: string,
    private readonly periodSecs: number,
  ) {}

  /** Uses `count` instances (creating skeletons as needed; not timed). */
  resize(count: number): void {
    while (this.refs.length < count) this.refs.push(new CpuReference(this.loaded, this.animation));
    this.refs.length = count;
  }

  /** Poses every instance at `t + phase(i)` and computes its world vertices; returns their total. */
  frame(t: number): number {
    let total = 0;
    for (let i = 0; i < this.refs.length; i++) total += this.refs[i].frame(t + phaseSecs(i, this.periodSecs));
    this.vertices = total;
    return total;
  }

  /** Vertices computed by the last frame. */
  get lastVertices(): number {
    return this.vertices;
  }

  /** Sum over every piece drawn (keeps the vertex work observable). */
  checksum(): number {
    return this.refs.reduce((s, r) => s + r.sum, 0);
  }
}
