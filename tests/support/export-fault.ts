// Test-only export faults, to prove that a broken export is refused and nothing is downloaded
// (issue 4, "a deliberately broken export is refused with no download"). Opening the editor with
// `?exportFault=nan|inf|slot` corrupts the JSON the wasm bake returned, after the bake and
// before the checks (JSON syntax, spine-core parse, finite numbers):
//   nan  — the first key value (`x`, `y` or `value`) under `animations` becomes the bare token
//          `NaN` (not JSON);
//   inf  — the same value becomes `1e999` (valid JSON that reads as Infinity);
//   slot — the first slot's bone becomes an unknown name (spine-core refuses it).
// Harmless in production: it only breaks the user's own export, which is then refused.
import type { ExportFault } from '../../web/export/protocol';

/** The fault asked for by a location search string, or null. */
export function exportFaultFromQuery(search: string): ExportFault | null {
  const value = new URLSearchParams(search).get('exportFault');
  return value === 'nan' || value === 'inf' || value === 'slot' ? value : null;
}

const KEY_VALUE = /("(?:x|y|value)"\s*:\s*)(-?\d[\d.eE+-]*)/g;

/** `json` with `fault` applied; throws if the text has nothing the fault can corrupt. */
export function applyExportFault(json: string, fault: ExportFault): string {
  if (fault === 'slot') {
    const at = json.search(/"slots"\s*:\s*\[\s*\{/);
    const bone = at < 0 ? -1 : json.slice(at).search(/"bone"\s*:\s*"/);
    if (bone < 0) throw new Error('exportFault=slot: the export has no slot to corrupt');
    const start = at + bone;
    return json.slice(0, start) + json.slice(start).replace(/"bone"\s*:\s*"[^"]*"/, '"bone":"__no_such_bone__"');
  }
  const animations = json.search(/"animations"\s*:\s*\{/);
  if (animations < 0) throw new Error(`exportFault=${fault}: the export has no animation to corrupt`);
  KEY_VALUE.lastIndex = animations;
  const m = KEY_VALUE.exec(json);
  if (m === null) throw new Error(`exportFault=${fault}: the export has no key value to corrupt`);
  const valueAt = m.index + m[1].length;
  return json.slice(0, valueAt) + (fault === 'nan' ? 'NaN' : '1e999') + json.slice(valueAt + m[2].length);
}
