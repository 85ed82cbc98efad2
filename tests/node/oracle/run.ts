// Test helpers around the oracle: export a scene with the CLI, run the oracle, keep its report
// (target/oracle/<name>.json, read by scripts/oracle-table.mjs for the README's table).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportWithCli, runOracle, type OracleOptions, type OracleReport, type PreviewDifference } from './oracle';

/** One oracle run as the tests record it. */
export interface Recorded extends OracleReport {
  name: string;
  bytes: number;
  bones: number;
  totalMs: number;
}

const OUT = join(import.meta.dirname, '../../../target/oracle');

/** Exports `scenePath` (CLI, `extraArgs`), runs the oracle, records the report under `name`. */
export function checkScene(name: string, scenePath: string, extraArgs: string[] = [], options: OracleOptions = {}): Recorded {
  const t = performance.now();
  const { json, report } = exportWithCli(scenePath, extraArgs);
  const r = runOracle(scenePath, json, options);
  const recorded: Recorded = { name, bytes: report.bytes, bones: report.bones, ...r, totalMs: performance.now() - t };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}.json`), JSON.stringify(recorded, null, 1));
  return recorded;
}

/** `system segment@frame` of each difference, in the order found. */
export function differenceKeys(list: PreviewDifference[]): string[] {
  return list.map((d) => `${d.system} ${d.segment}@${d.frame}`);
}
