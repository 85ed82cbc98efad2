// Temporary folders for tests, removed when they are done with, so that running the tests again
// and again does not fill the system's temp folder. The test runners stop their processes
// without an `exit` event (vitest's forks), so the removal is the runner's own hook or a
// `finally`, never left to the process's end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new empty folder `prefix…` in the system's temp folder; `cleanUp` is given its removal to
 * run when the tests using it are done: vitest's `afterAll` or node:test's `after`.
 */
export function tempDir(prefix: string, cleanUp: (remove: () => void) => void): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `body` run with a new empty folder `prefix…`, removed when it returns or throws. */
export function withTempDir<T>(prefix: string, body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
