// What the benchmark tests (sim-bench, skeleton-bench, ms3d-bench) share: running a benchmark
// runner of this folder (bench.mjs, bench-skeleton.mjs, bench-ms3d.mjs: they serve the test build
// dist-test/ and open its benchmark pages in Chromium) with `--json`, and reading its results,
// once for all the tests of a file.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { before } from 'node:test';
import { promisify } from 'node:util';

/** A runner's results (its JSON on stdout: one entry per browser launch) and its log (stderr). */
export interface RunnerOutput<Run> {
  runs: Run[];
  log: string;
}

/** Runs runner `script` (a file of tests/e2e/) with `args` and `--json`; 110 s at most. */
export async function runRunner<Run>(script: string, args: string[]): Promise<RunnerOutput<Run>> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, script), ...args, '--json'], { maxBuffer: 16 << 20, timeout: 110_000 });
  return { runs: JSON.parse(stdout) as Run[], log: stderr };
}

/**
 * Starts `run` in a `before` hook of the current scope; the returned function resolves to its
 * result, for every test of the scope. The run is settled in the hook, so a failing run is
 * reported by the tests that await it, not as an unhandled rejection.
 */
export function runBefore<T>(run: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  before(() => {
    result = run();
    result.catch(() => undefined);
  });
  return async () => {
    assert.ok(result !== undefined);
    return result;
  };
}
