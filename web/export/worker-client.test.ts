// The export workers' pool with fake workers: a worker that finished an export serves the next
// one, one that failed, was cancelled or grew past the memory limit is stopped, at most one waits.
import { describe, expect, it } from 'vitest';
import type { ExportReply, ExportRequest } from './protocol';
import { ExportWorkers, type ExportWorkerLike } from './worker-client';

/** A worker that records its requests; `reply` answers the last one. */
class FakeWorker implements ExportWorkerLike {
  onmessage: ((e: MessageEvent<ExportReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly requests: ExportRequest[] = [];
  terminated = false;
  postMessage(request: ExportRequest): void {
    this.requests.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(r: ExportReply): void {
    this.onmessage?.({ data: r } as MessageEvent<ExportReply>);
  }
  fail(message: string): void {
    this.onerror?.({ message } as ErrorEvent);
  }
}

const done = (memoryBytes?: number): ExportReply => ({
  kind: 'done',
  json: '{}',
  report: {} as Extract<ExportReply, { kind: 'done' }>['report'],
  check: { bones: 0, slots: 0, animations: [] },
  totalMs: 1,
  memoryBytes,
});

function pool(limit = 100): { workers: ExportWorkers; spawned: FakeWorker[] } {
  const spawned: FakeWorker[] = [];
  const workers = new ExportWorkers(() => {
    const w = new FakeWorker();
    spawned.push(w);
    return w;
  }, limit);
  return { workers, spawned };
}

describe('export workers', () => {
  it('the worker started ahead serves the first export and, kept, the next one', async () => {
    const { workers, spawned } = pool();
    workers.prepare();
    workers.prepare();
    expect(spawned.length).toBe(1);
    const stages: string[] = [];
    const first = workers.run('scene 1', '{}', '', (s) => stages.push(s));
    expect(workers.hasIdle).toBe(false);
    workers.prepare(); // the pointer back on the button while it runs: its worker may be kept
    expect(spawned.length).toBe(1);
    spawned[0].reply({ kind: 'progress', stage: 'baking' });
    spawned[0].reply(done(50));
    expect((await first.result).kind).toBe('done');
    expect(stages).toEqual(['baking']);
    expect(spawned[0].terminated).toBe(false);
    expect(workers.hasIdle).toBe(true);
    const second = workers.run('scene 2', '{}', '', () => {});
    spawned[0].reply(done(60));
    expect((await second.result).kind).toBe('done');
    expect(spawned.length).toBe(1);
    expect(spawned[0].requests.map((r) => r.sceneJson)).toEqual(['scene 1', 'scene 2']);
  });

  it('stops a worker that failed, was cancelled, crashed or grew past the limit', async () => {
    const { workers, spawned } = pool(100);
    const failed = workers.run('a', '{}', '', () => {});
    spawned[0].reply({ kind: 'failed', failure: { code: 'exporter', detail: 'no' } });
    expect((await failed.result).kind).toBe('failed');
    const cancelled = workers.run('b', '{}', '', () => {});
    cancelled.cancel();
    expect(await cancelled.result).toEqual({ kind: 'failed', failure: { code: 'cancelled' } });
    spawned[1].reply(done(10)); // a reply after the cancel is ignored
    const crashed = workers.run('c', '{}', '', () => {});
    spawned[2].fail('boom');
    expect(await crashed.result).toEqual({ kind: 'failed', failure: { code: 'worker', detail: 'boom' } });
    const big = workers.run('d', '{}', '', () => {});
    spawned[3].reply(done(101));
    const unknown = workers.run('e', '{}', '', () => {});
    spawned[4].reply(done());
    await Promise.all([big.result, unknown.result]);
    expect(spawned.map((w) => w.terminated)).toEqual([true, true, true, true, true]);
    expect(workers.hasIdle).toBe(false);
  });

  it('runs overlapping exports on separate workers and keeps one of them', async () => {
    const { workers, spawned } = pool();
    const a = workers.run('a', '{}', '', () => {});
    const b = workers.run('b', '{}', '', () => {});
    expect(spawned.length).toBe(2);
    spawned[1].reply(done(1));
    spawned[0].reply(done(1));
    await Promise.all([a.result, b.result]);
    expect(spawned.map((w) => w.terminated)).toEqual([true, false]);
    workers.dispose();
    expect(spawned[1].terminated).toBe(true);
  });

  it('drops a waiting worker whose module failed to load', () => {
    const { workers, spawned } = pool();
    workers.prepare();
    spawned[0].fail('module script failed');
    expect(spawned[0].terminated).toBe(true);
    expect(workers.hasIdle).toBe(false);
    workers.run('a', '{}', '', () => {});
    expect(spawned.length).toBe(2);
  });
});
