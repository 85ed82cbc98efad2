// Test helpers around the oracle: export a scene with the CLI, run the oracle, keep its report
// (target/oracle/<name>.json, read by scripts/oracle-table.mjs for the README's table), and the
// list of loop segments the canvas does not show yet (issue 16).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportWithCli, runOracle, type OracleReport, type PreviewDifference } from './oracle';

/** One oracle run as the tests record it. */
export interface Recorded extends OracleReport {
  name: string;
  bytes: number;
  bones: number;
  totalMs: number;
}

const OUT = join(import.meta.dirname, '../../../target/oracle');

/** Exports `scenePath` (CLI, `extraArgs`), runs the oracle, records the report under `name`. */
export function checkScene(name: string, scenePath: string, extraArgs: string[] = []): Recorded {
  const t = performance.now();
  const { json, report } = exportWithCli(scenePath, extraArgs);
  const r = runOracle(scenePath, json);
  const recorded: Recorded = { name, bytes: report.bytes, bones: report.bones, ...r, totalMs: performance.now() - t };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}.json`), JSON.stringify(recorded, null, 1));
  return recorded;
}

/**
 * Issue 16: the export's loop-continuous segments are the periodic construction, while the canvas
 * plays the plain simulation, so these (system, segment) pairs differ from what the canvas shows,
 * first at the frame given. The test asserts exactly this list: when the simulation plays the
 * construction (issue 16), entries start to fail and must be removed. One-shot systems and end
 * segments are not listed (the canvas has no end segment yet).
 */
export const CANVAS_DIFFERS_UNTIL_ISSUE_16: Record<string, string[]> = {
  'coin_fountain.json': ['Coins start@0', 'Glints start@0', 'Coins loop@0', 'Glints loop@0'],
  'fire.json': ['Embers start@0', 'Flame start@1', 'Flame loop@0', 'Embers loop@0'],
  'magic_circle.json': ['Motes start@1', 'Motes loop@0'],
  'rain.json': ['Rain start@0', 'Rain loop@0'],
  'smoke.json': ['Smoke start@1', 'Smoke loop@0'],
  'snow.json': ['Snow start@1', 'Snow loop@0'],
  // The motion presets (loop-continuous like smoke): the same two segments.
  'fireflies.json': ['Fireflies start@1', 'Fireflies loop@0'],
  'leaf_vortex.json': ['Leaf vortex start@1', 'Leaf vortex loop@0'],
  'magic_portal.json': ['Portal swirl start@1', 'Portal swirl loop@0'],
  'turbulent_smoke.json': ['Turbulent smoke start@1', 'Turbulent smoke loop@0'],
  'loop_continuous.json': ['Blink start@0', 'Fountain start@16', 'Fountain loop@0', 'Blink loop@0'],
  'loop_pool_off_bezier.json': ['Drift start@0', 'Drift loop@0'],
  'stacking.json': ['Smoke oldest on top start@1', 'Smoke oldest on top loop@0'],
  'default scene': ['Sparks start@0', 'Smoke start@1', 'Flame start@1', 'Smoke loop@0', 'Flame loop@0', 'Sparks loop@0'],
};

/** `system segment@frame` of each difference, in the order found. */
export function differenceKeys(list: PreviewDifference[]): string[] {
  return list.map((d) => `${d.system} ${d.segment}@${d.frame}`);
}
