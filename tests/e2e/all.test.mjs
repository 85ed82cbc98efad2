// Entry point for `node --test tests/e2e/` (Node 20 only discovers .js/.mjs/.cjs test files in a
// directory): registers tsx and loads every tests/e2e/*.test.ts in name order, in this process.
// `node --import tsx --test tests/e2e/*.test.ts` runs the same files directly.

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const dir = dirname(fileURLToPath(import.meta.url));
for (const name of readdirSync(dir).filter((n) => n.endsWith('.test.ts')).sort()) {
  await import(pathToFileURL(join(dir, name)).href);
}
