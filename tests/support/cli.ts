// Locates the native `spineparticle` binary for Node tests. scripts/test.sh builds it and sets
// SPINEPARTICLE_BIN; a developer running vitest by hand gets target/debug/spineparticle.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Absolute path of the CLI binary the tests run. */
export const cliPath: string = resolve(process.env.SPINEPARTICLE_BIN ?? 'target/debug/spineparticle');

/** Runs the CLI with `args`; returns stdout. Throws (with stderr) on a non-zero exit. */
export function runCli(args: string[], input?: string): string {
  if (!existsSync(cliPath)) {
    throw new Error(`CLI not built at ${cliPath}: run \`cargo build -p sp-cli\` or set SPINEPARTICLE_BIN`);
  }
  return execFileSync(cliPath, args, { encoding: 'utf8', input, maxBuffer: 1 << 30 });
}

/** Runs the CLI expecting failure; returns { code, stderr }. Throws if it succeeded. */
export function runCliFailing(args: string[]): { code: number; stderr: string } {
  try {
    execFileSync(cliPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { status: number; stderr: string };
    return { code: err.status, stderr: String(err.stderr) };
  }
  throw new Error(`expected \`spineparticle ${args.join(' ')}\` to fail`);
}
