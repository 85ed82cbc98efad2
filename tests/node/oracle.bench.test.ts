// The fidelity oracle on the benchmark reference scene (tests/golden/bench_reference.json: the
// scene behind the README's reduction and size figures; 4 systems, 1,566 particles at peak,
// 10 s at 30 fps), every frame.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScene } from './oracle/run';

describe('oracle: benchmark reference scene', () => {
  it('every frame matches the preview', { timeout: 600_000 }, () => {
    const r = checkScene('bench_reference', join(import.meta.dirname, '../golden/bench_reference.json'));
    expect(r.errors).toEqual([]);
    expect(r.errorCount).toBe(0);
    expect(r.frames).toBeGreaterThan(300);
    expect(r.pairs).toBeGreaterThan(300_000);
  });
});
