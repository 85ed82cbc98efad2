// Test-only export faults, to prove that a broken export is refused and nothing is downloaded
// (issue 4, "a deliberately broken export is refused with no download"). Nothing of this ships:
// the e2e tests serve the page a wrapped wasm glue module (`faultyGlue`, installed by
// tests/e2e/support.ts `injectExportFault`) whose `exportSpine` and `exportSpineWithProgress`
// corrupt the skeleton JSON the real bake returned, after the bake and before the page's checks
// (JSON syntax, spine-core parse, finite numbers):
//   nan  — the first key value (`x`, `y` or `value`) under `animations` becomes the bare token
//          `NaN` (not JSON);
//   inf  — the same value becomes `1e999` (valid JSON that reads as Infinity);
//   slot — the first slot's bone becomes an unknown name (spine-core refuses it).

/** A deliberate export fault. */
export type ExportFault = 'nan' | 'inf' | 'slot';

/**
 * `json` with `fault` applied; throws if the text has nothing the fault can corrupt. Self-contained
 * (it is sent to the browser as source text).
 */
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
  const keyValue = /("(?:x|y|value)"\s*:\s*)(-?\d[\d.eE+-]*)/g;
  keyValue.lastIndex = animations;
  const m = keyValue.exec(json);
  if (m === null) throw new Error(`exportFault=${fault}: the export has no key value to corrupt`);
  const valueAt = m.index + m[1].length;
  return json.slice(0, valueAt) + (fault === 'nan' ? 'NaN' : '1e999') + json.slice(valueAt + m[2].length);
}

/**
 * The source of an ES module that stands in for the wasm-bindgen glue at `realUrl`: it re-exports
 * everything of the real glue (its initialiser too) and wraps `exportSpine` and
 * `exportSpineWithProgress` so that the skeleton JSON they return carries `fault`.
 */
export function faultyGlue(realUrl: string, fault: ExportFault): string {
  const real = JSON.stringify(realUrl);
  return [
    `import init, * as real from ${real};`,
    `export * from ${real};`,
    'export default init;',
    `const applyExportFault = ${applyExportFault.toString()};`,
    `const corrupt = (out) => { const o = JSON.parse(out); o.json = applyExportFault(o.json, ${JSON.stringify(fault)}); return JSON.stringify(o); };`,
    'export function exportSpine(...args) { return corrupt(real.exportSpine(...args)); }',
    'export function exportSpineWithProgress(...args) { return corrupt(real.exportSpineWithProgress(...args)); }',
  ].join('\n');
}
