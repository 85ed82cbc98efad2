// End-to-end: the MS3D playback benchmark (tests/e2e/bench-ms3d.mjs driving
// bench/bench-ms3d.html) runs once with few frames on the WebGPU tier with the rigged character
// (31 joints, 4,200 vertices) at 1 and 100 instances (1,000 is the runner's: SwiftShader draws
// each such frame in seconds here). Every instance is drawn, by instanced draws whose number does
// not grow with the instances; the CPU side skins every vertex of every instance; and the
// editor's playback (render() with the instances on the canvas) costs a fraction of the CPU of
// skinning at 100 instances (it would not if playback skinned on the CPU again, or if render()
// came to cost per instance what skinning does).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runBefore, runRunner, type RunnerOutput } from './bench-runs';

interface Summary {
  median: number;
  p90: number;
  count: number;
}

interface Row {
  instances: number;
  baked: Summary;
  bakedInterval: Summary;
  floor: Summary;
  cpu: Summary;
  drawCalls: number;
  clipInstances: number;
  cpuVerticesPerInstance: number;
}

interface Run {
  launch: string;
  tier: string;
  models: { name: string; vertices: number; joints: number; rows: Row[] }[];
}

const FRAMES = 10;
const COUNTS = [1, 100];

function runBench(): Promise<RunnerOutput<Run>> {
  return runRunner('bench-ms3d.mjs', ['--tier', 'webgpu', '--frames', String(FRAMES), '--warmup', '2', '--rounds', '2', '--counts', COUNTS.join(','), '--models', 'character']);
}

describe('MS3D playback benchmark (webgpu)', () => {
  const bench = runBefore(runBench);
  const row = (runs: Run[], n: number): Row => {
    const r = runs[0]?.models[0]?.rows.find((x) => x.instances === n);
    assert.ok(r !== undefined, `no row for ${n} instances`);
    return r;
  };

  it('times every count, draws every instance with instanced draws, skins every vertex on the CPU side', { timeout: 120_000 }, async () => {
    const { runs, log } = await bench();
    assert.equal(runs.length, 1, log);
    assert.equal(runs[0].tier, 'WebGPU');
    const model = runs[0].models[0];
    assert.equal(model.name, 'character');
    assert.equal(model.vertices, 4200);
    assert.equal(model.joints, 31);
    assert.deepEqual(model.rows.map((r) => r.instances), COUNTS);
    for (const r of model.rows) {
      const where = `× ${r.instances}`;
      for (const [what, s] of Object.entries({ baked: r.baked, floor: r.floor, cpu: r.cpu })) {
        assert.equal(s.count, FRAMES, `${where}: ${what} has a sample per timed frame`);
        assert.ok(Number.isFinite(s.median) && s.median > 0, `${where}: ${what} ${s.median} ms is a measured time`);
      }
      assert.equal(r.clipInstances, r.instances, `${where}: the baked frame drew every instance\n${log}`);
      assert.equal(r.cpuVerticesPerInstance, 4200, `${where}: the CPU side skinned every vertex`);
    }
    assert.equal(row(runs, 100).drawCalls, row(runs, 1).drawCalls, `draw calls do not grow with the instances\n${log}`);
  });

  // Measured on this machine (2 cores shared, loaded): ~16–20× at 100 and ~40× at 200 (WebGPU).
  // 3× leaves room for load and still fails if playback went back to per-instance work of the
  // CPU side's order. A median of 10 frames can still land in a stall of the starved machine
  // (once: render() 3.6 ms at a 357 ms frame interval), so a miss is measured once more, in a
  // new page, and the gate holds on that run: a real regression misses both.
  it('vertex frames cost under a third of the CPU of skinning at 100 instances', { timeout: 240_000 }, async () => {
    const gate = (runs: Run[]): { ok: boolean; text: string } => {
      const at100 = row(runs, 100);
      return {
        ok: at100.baked.median * 3 < at100.cpu.median,
        text: `× 100: render() ${at100.baked.median.toFixed(3)} ms × 3 must be below CPU skinning ${at100.cpu.median.toFixed(3)} ms (frame interval ${at100.bakedInterval.median.toFixed(1)} ms)`,
      };
    };
    const first = await bench();
    const firstGate = gate(first.runs);
    if (firstGate.ok) return;
    const again = await runBench();
    const againGate = gate(again.runs);
    assert.ok(againGate.ok, `first run: ${firstGate.text}\nsecond run: ${againGate.text}\n${again.log}`);
  });
});
