// End-to-end: the skeleton playback benchmark (tests/e2e/bench-skeleton.mjs driving
// web/bench-skeleton.html) runs once with few frames on the WebGPU tier; it gives finite timings
// for every instance count and skeleton with every instance drawn, and the vertex-frame path costs
// less CPU per frame than spine-core's per-frame path at 200 instances (it would not if playback
// posed or skinned on the CPU again: the baked side would then pay the CPU side's work plus the
// draw).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';

interface Summary {
  median: number;
  p90: number;
  mean: number;
  count: number;
}

interface Row {
  skeleton: string;
  instances: number;
  baked: Summary;
  bakedPush: Summary;
  bakedRender: Summary;
  floor: Summary;
  cpu: Summary;
  ratio: number;
  drawCalls: number;
  cpuVerticesPerInstance: number;
}

interface Run {
  launch: string;
  tier: string;
  skeletons: { name: string; clipVertices: number; rows: Row[] }[];
}

const RUNNER = join(import.meta.dirname, 'bench-skeleton.mjs');
const FRAMES = 40;

/** Runs the benchmark once (WebGPU, few frames) for the tests below. */
async function runBench(): Promise<{ runs: Run[]; log: string }> {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [RUNNER, '--tier', 'webgpu', '--frames', String(FRAMES), '--warmup', '10', '--rounds', '2', '--counts', '1,50,200', '--skeletons', 'coin,vine', '--json'],
    { maxBuffer: 16 << 20, timeout: 110_000 },
  );
  return { runs: JSON.parse(stdout) as Run[], log: stderr };
}

function fasterAt200(sk: Run['skeletons'][number], log: string): void {
  const at200 = sk.rows.find((r) => r.instances === 200);
  assert.ok(at200 !== undefined, `${sk.name}: no row for 200 instances`);
  assert.ok(
    at200.baked.median < at200.cpu.median,
    `${sk.name} × 200: vertex frames ${at200.baked.median.toFixed(3)} ms per frame (${at200.drawCalls} draw calls) must be below spine-core's CPU path ${at200.cpu.median.toFixed(3)} ms\n${log}`,
  );
}

describe('skeleton playback benchmark (webgpu)', () => {
  let result: Promise<{ runs: Run[]; log: string }> | undefined;
  before(() => {
    result = runBench();
    // Settled here so a failing run is reported by the tests, not as an unhandled rejection.
    result.catch(() => undefined);
  });
  const bench = async (): Promise<{ runs: Run[]; log: string }> => {
    assert.ok(result !== undefined);
    return result;
  };

  it('gives finite timings for every skeleton and instance count, every instance drawn', { timeout: 120_000 }, async () => {
    const { runs, log } = await bench();
    assert.equal(runs.length, 1, log);
    assert.equal(runs[0].tier, 'WebGPU');
    assert.deepEqual(runs[0].skeletons.map((s) => s.name), ['coin', 'vine']);
    for (const sk of runs[0].skeletons) {
      assert.ok(sk.clipVertices > 0, `${sk.name}: the clip has vertices`);
      assert.deepEqual(sk.rows.map((r) => r.instances), [1, 50, 200]);
      for (const r of sk.rows) {
        const where = `${sk.name} × ${r.instances}`;
        for (const [what, s] of Object.entries({ baked: r.baked, push: r.bakedPush, render: r.bakedRender, floor: r.floor, cpu: r.cpu })) {
          assert.equal(s.count, FRAMES, `${where}: ${what} has a sample per timed frame`);
          for (const v of [s.median, s.p90, s.mean]) assert.ok(Number.isFinite(v) && v >= 0, `${where}: ${what} ${v} ms is a finite time`);
        }
        assert.ok(r.baked.median > 0 && r.cpu.median > 0, `${where}: both sides took measurable time`);
        assert.ok(r.cpuVerticesPerInstance > 0, `${where}: the CPU path computed vertices`);
        assert.ok(r.drawCalls >= r.instances, `${where}: the baked frame drew every instance (${r.drawCalls} draw calls)`);
      }
    }
  });

  it('vertex frames cost less CPU than spine-core at 200 instances of the vine (one layout)', { timeout: 120_000 }, async () => {
    const { runs, log } = await bench();
    const vine = runs[0]?.skeletons.find((s) => s.name === 'vine');
    assert.ok(vine !== undefined, log);
    fasterAt200(vine, log);
  });

  // The coin's bake has 44 layouts (clipping, attachment switches); clip.ts merges them into one
  // union clip whose 174 draw ranges are all drawn for every instance (34,800 draw calls at 200),
  // ~15× the CPU path. Per-frame index ranges and draws (the "render" work) are the fix; drop the
  // todo once they are merged.
  it('vertex frames cost less CPU than spine-core at 200 instances of the coin (44 layouts)', { timeout: 120_000, todo: 'every range of the union clip is drawn per instance until clips have per-frame draws' }, async () => {
    const { runs, log } = await bench();
    const coin = runs[0]?.skeletons.find((s) => s.name === 'coin');
    assert.ok(coin !== undefined, log);
    fasterAt200(coin, log);
  });
});
