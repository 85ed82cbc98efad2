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
// And three that parse and play but draw the wrong pixels (issue 15, the compare view's pixel
// check must see them):
//   anchor   — every skin attachment offset (`x`, `y`) has the wrong sign;
//   blend    — every slot blend is swapped (additive ↔ multiply, normal ↔ screen);
//   flipbook — every attachment key shows the next image of its slot's skin list (one frame off).

/** A deliberate export fault. */
export type ExportFault = 'nan' | 'inf' | 'slot' | 'anchor' | 'blend' | 'flipbook';

/**
 * `json` with `fault` applied; throws if the text has nothing the fault can corrupt. Self-contained
 * (it is sent to the browser as source text).
 */
export function applyExportFault(json: string, fault: ExportFault): string {
  if (fault === 'anchor' || fault === 'blend' || fault === 'flipbook') {
    type Att = Record<string, unknown>;
    const doc = JSON.parse(json) as {
      slots?: { blend?: string }[];
      skins?: { attachments?: Record<string, Record<string, Att>> }[];
      animations?: Record<string, { slots?: Record<string, { attachment?: { name: string | null }[] }> }>;
    };
    let changed = 0;
    if (fault === 'anchor') {
      for (const skin of doc.skins ?? [])
        for (const atts of Object.values(skin.attachments ?? {}))
          for (const a of Object.values(atts))
            for (const k of ['x', 'y'])
              if (typeof a[k] === 'number' && a[k] !== 0) {
                a[k] = -(a[k] as number);
                changed++;
              }
    } else if (fault === 'blend') {
      const swap: Record<string, string> = { additive: 'multiply', multiply: 'additive', normal: 'screen', screen: 'normal' };
      for (const slot of doc.slots ?? []) {
        slot.blend = swap[slot.blend ?? 'normal'];
        changed++;
      }
    } else {
      const names = new Map<string, string[]>();
      for (const skin of doc.skins ?? []) for (const [slot, atts] of Object.entries(skin.attachments ?? {})) names.set(slot, Object.keys(atts));
      for (const anim of Object.values(doc.animations ?? {}))
        for (const [slot, timelines] of Object.entries(anim.slots ?? {})) {
          const list = names.get(slot) ?? [];
          if (list.length < 2) continue;
          for (const key of timelines.attachment ?? []) {
            const at = key.name === null ? -1 : list.indexOf(key.name);
            if (at < 0) continue;
            key.name = list[(at + 1) % list.length];
            changed++;
          }
        }
    }
    if (changed === 0) throw new Error(`exportFault=${fault}: the export has nothing to corrupt`);
    return JSON.stringify(doc);
  }
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
    `const corrupt = (out) => ({ ...out, json: applyExportFault(out.json, ${JSON.stringify(fault)}) });`,
    'export function exportSpine(...args) { return corrupt(real.exportSpine(...args)); }',
    'export function exportSpineWithProgress(...args) { return corrupt(real.exportSpineWithProgress(...args)); }',
  ].join('\n');
}
