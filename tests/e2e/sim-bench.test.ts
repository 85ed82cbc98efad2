// End-to-end: the simulation benchmark (tests/e2e/bench.mjs driving bench/bench.html) runs once
// with few steps at 1,000 live particles on the WebGL2 tier (the simulation figures do not use
// the renderer). Both sides do the same work: @pixi/particle-emitter holds its particles in the
// library's LinkedListContainer and keeps the same live population as the wasm workload, both
// sides time the same number of steps, and every round gives a finite figure per side; the wasm
// simulation is faster per particle-step than the emitter (it would not be if the per-particle
// loop allocated, or stepped every particle more than once).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runRunner } from './bench-runs';

interface Summary {
  median: number;
  min: number;
  max: number;
  count: number;
}

interface SimRow {
  live: number;
  steps: number;
  wasm: Summary;
  pixi: Summary;
  setters: Summary;
  ratio: Summary;
  pixiLive: number[];
  container: string;
}

const REPEATS = 2;

it('wasm and @pixi/particle-emitter do the same work at 1,000 live; wasm is faster per particle-step', { timeout: 120_000 }, async () => {
  const { runs, log } = await runRunner<{ sims: SimRow[] }>('bench.mjs', ['--tier', 'webgl2', '--sizes', '1000', '--repeats', String(REPEATS), '--psteps', '300000', '--no-frame']);
  assert.equal(runs.length, 1, log);
  const [row] = runs[0].sims;
  assert.equal(row.live, 1000);
  assert.equal(row.steps, 300, 'both sides time psteps / live steps');
  assert.equal(row.container, 'LinkedListContainer');
  assert.equal(row.pixiLive.length, REPEATS);
  for (const live of row.pixiLive) assert.ok(Math.abs(live - 1000) <= 1, `the emitter keeps the wasm workload's population: ${live} live`);
  for (const [what, s] of Object.entries({ wasm: row.wasm, pixi: row.pixi, setters: row.setters })) {
    assert.equal(s.count, REPEATS, `${what}: one figure per round`);
    assert.ok(Number.isFinite(s.median) && s.median > 0, `${what}: ${s.median} ns per particle-step is a measured time`);
  }
  assert.ok(row.ratio.median > 2, `pixi / wasm ${row.ratio.median.toFixed(1)}× (measured ~15× on this machine)\n${log}`);
});
