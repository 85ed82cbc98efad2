import { defineConfig } from 'vitest/config';

// Unit tests of the UI logic (web/**) and Node tests that drive the native CLI and the official
// Spine runtime (tests/node/**). Browser tests live in tests/e2e and run under `node --test`.
export default defineConfig({
  test: {
    include: ['web/**/*.test.ts', 'bench/**/*.test.ts', 'tests/node/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
  },
});
