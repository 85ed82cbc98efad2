// What the playback benchmark pages (bench-skeleton.ts, bench-ms3d.ts) share: the Editor on the
// page's canvas, the status line, the timer's resolution, running work once per animation frame
// as the editor draws, the warm-up and alternating rounds of the baked and CPU sides, the results
// table's rows, and the `window` entry point their runner calls.

import { Engine, rendererFromQuery } from '../web/engine/engine';
import { loadWasm } from '../web/engine/wasm-loader';
import { errorText } from '../web/errors';
import type { Summary } from './skeleton-bench';

/** The pages' canvas, CSS pixels (as the pages' style sizes it). */
export const CANVAS_W = 480;
export const CANVAS_H = 270;

/** The renderer and timing conditions of a run: what every page's result starts with. */
export interface RunInfo {
  tier: string | null;
  userAgent: string;
  crossOriginIsolated: boolean;
  /** Smallest step of performance.now() seen, ms. */
  timerResolutionMs: number;
}

/** Shows `text` in the page's status line. */
export function status(text: string): void {
  const el = document.getElementById('status');
  if (el !== null) el.textContent = text;
}

/** Smallest step of performance.now() seen, ms. */
function timerResolutionMs(): number {
  let best = Infinity;
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    let b = performance.now();
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best;
}

let engineReady: Promise<Engine> | null = null;

/**
 * The page's Engine, made on the first call: the Editor on `#canvas` (the renderer of
 * `?renderer=`, else auto) at {@link CANVAS_W} × {@link CANVAS_H}, black, no grid, an empty scene.
 */
export function pageEngine(): Promise<Engine> {
  engineReady ??= (async () => {
    const engine = await Engine.load(loadWasm);
    const canvas = document.getElementById('canvas') as HTMLCanvasElement;
    await engine.attach(canvas, rendererFromQuery(location.search), (old) => old);
    engine.resize(CANVAS_W, CANVAS_H, 1);
    engine.setGrid(false);
    engine.setBackground('#000000');
    engine.setScene(engine.normalizeScene('{"systems":[]}'));
    engine.render();
    return engine;
  })();
  return engineReady;
}

/** {@link RunInfo} of `engine` on this page. */
export function runInfo(engine: Engine): RunInfo {
  return {
    tier: engine.rendererTier(),
    userAgent: navigator.userAgent,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    timerResolutionMs: timerResolutionMs(),
  };
}

/** The side of a grid's cells that puts `count` instances on the canvas, scene pixels at zoom 1. */
export function gridCellPx(count: number): number {
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  return Math.min(CANVAS_W / cols, CANVAS_H / rows);
}

/** Runs `body` in each of the next `count` animation frames. */
export async function eachFrame(count: number, body: () => void): Promise<void> {
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve, reject) =>
      requestAnimationFrame(() => {
        try {
          body();
          resolve();
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      }),
    );
  }
}

/** Frames of round `r` when `frames` are split into `rounds` alternating blocks. */
function roundFrames(frames: number, rounds: number, r: number): number {
  return Math.floor(frames / rounds) + (r < frames % rounds ? 1 : 0);
}

/** `count` frames of one side, timed and recorded, or untimed (`record` false: warm-up). */
export type Block = (count: number, record: boolean) => Promise<void>;

/** What {@link alternateRounds} runs: the two sides and how many frames of each. */
export interface Rounds {
  /** Names the measurement (skeleton or model, and count) in the status line. */
  label: string;
  /** Untimed frames of each side first. */
  warmupFrames: number;
  /** Timed frames of each side, split into `rounds` alternating blocks. */
  frames: number;
  rounds: number;
  /** The vertex-frame side. */
  baked: Block;
  /** The CPU side, and its name in the status line. */
  cpu: Block;
  cpuName: string;
}

/**
 * Warms both sides up, then times them in alternating blocks, interleaved so machine load hits
 * both alike: every other round the CPU side goes first, so neither side always follows the other.
 */
export async function alternateRounds(o: Rounds): Promise<void> {
  status(`${o.label}: warm-up…`);
  await o.baked(o.warmupFrames, false);
  await o.cpu(o.warmupFrames, false);
  for (let r = 0; r < o.rounds; r++) {
    const count = roundFrames(o.frames, o.rounds, r);
    const blocks = [
      async (): Promise<void> => {
        status(`${o.label}: round ${r + 1}/${o.rounds}, vertex frames…`);
        await o.baked(count, true);
      },
      async (): Promise<void> => {
        status(`${o.label}: round ${r + 1}/${o.rounds}, ${o.cpuName}…`);
        await o.cpu(count, true);
      },
    ];
    if (r % 2 === 1) blocks.reverse();
    for (const block of blocks) await block();
  }
}

/** A time summary as the results table shows it: `median / p90`, ms. */
export function msText(s: Summary): string {
  return `${s.median.toFixed(3)} / ${s.p90.toFixed(3)}`;
}

/** Appends a row of `cells` to the results table. */
export function addRow(cells: string[]): void {
  const body = document.querySelector('#results tbody');
  if (body === null) return;
  const tr = document.createElement('tr');
  for (const text of cells) {
    const td = document.createElement('td');
    td.textContent = text;
    tr.appendChild(td);
  }
  body.appendChild(tr);
}

/**
 * Publishes `run` as `window[name]`, the runner's entry point (a failure is shown in the status
 * line, then thrown to the runner), and marks the page ready for it.
 */
export function exposeRun<I, R>(name: string, run: (input: I) => Promise<R>): void {
  (window as unknown as Record<string, (input: I) => Promise<R>>)[name] = async (input) => {
    try {
      return await run(input);
    } catch (e) {
      status(`failed: ${errorText(e)}`);
      throw e;
    }
  };
  document.body.dataset.ready = 'true';
}
