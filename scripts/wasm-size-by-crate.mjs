// Prints where a WebAssembly module's bytes go: its sections, its function bodies summed by the
// crate that names them (from the `name` custom section) and its TOP largest functions.
//
//   node scripts/wasm-size-by-crate.mjs MODULE.wasm [TOP]
//
// The module must keep its function names (scripts/wasm-size-by-crate.sh builds one that does).
// A body is counted under the first `crate::` path in its name, the way rustc's legacy mangling
// demangles: `<wgpu::… as …>::finish` counts under `wgpu`, `core::ptr::drop_in_place<…>` under
// `core`. wasm-bindgen's exports (no path) count under their own name's first word.

import { readFileSync } from 'node:fs';

const [path, topArg] = process.argv.slice(2);
if (!path) {
  console.error('usage: node scripts/wasm-size-by-crate.mjs MODULE.wasm [TOP]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const bytes = readFileSync(path);
if (bytes.readUInt32LE(0) !== 0x6d736100) {
  console.error(`${path}: not a WebAssembly module (no \\0asm magic)`);
  process.exit(1);
}

let at = 8;
/** Reads one unsigned LEB128 number at `at`. */
function leb() {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
}
/** Reads a length-prefixed UTF-8 name at `at`. */
function name() {
  const length = leb();
  const text = bytes.subarray(at, at + length).toString('utf8');
  at += length;
  return text;
}
/** Skips a limits record (memory or table): flags, minimum, optional maximum. */
function limits() {
  const flags = leb();
  leb();
  if (flags & 1) leb();
}

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export',
  'start', 'element', 'code', 'data', 'data count', 'tag'];
const sections = [];
const bodies = [];
const names = new Map();
let importedFunctions = 0;

while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const start = at;
  let label = SECTION[id] ?? `section ${id}`;
  if (id === 0) {
    label = `custom "${name()}"`;
    if (label === 'custom "name"') readNames(start + size);
  } else if (id === 2) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) {
        leb();
        importedFunctions++;
      } else if (kind === 1) {
        at++;
        limits();
      } else if (kind === 2) {
        limits();
      } else if (kind === 3) {
        at += 2;
      } else {
        leb();
      }
    }
  } else if (id === 10) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      const length = leb();
      bodies.push(length);
      at += length;
    }
  }
  sections.push([label, size]);
  at = start + size;
}

/** Reads the function names of a `name` section that ends at `end`. */
function readNames(end) {
  while (at < end) {
    const sub = bytes[at++];
    const size = leb();
    const start = at;
    if (sub === 1) {
      const count = leb();
      for (let i = 0; i < count; i++) {
        const index = leb();
        names.set(index, name());
      }
    }
    at = start + size;
  }
}

if (names.size === 0) {
  console.error(`${path}: no function names (build it with scripts/wasm-size-by-crate.sh)`);
  process.exit(1);
}

const functions = bodies.map((size, i) => {
  const full = names.get(i + importedFunctions) ?? `function ${i + importedFunctions}`;
  return { size, name: full };
});
/** The crate a function's name starts its first path with. */
function crateOf(full) {
  const path = /([A-Za-z_][A-Za-z0-9_]*)::/.exec(full);
  return path ? path[1] : full.split(/[^A-Za-z0-9_]/)[0] || full;
}
const byCrate = new Map();
for (const f of functions) {
  const crate = crateOf(f.name);
  const entry = byCrate.get(crate) ?? { size: 0, count: 0 };
  entry.size += f.size;
  entry.count += 1;
  byCrate.set(crate, entry);
}
const code = functions.reduce((sum, f) => sum + f.size, 0);
const kib = (n) => `${(n / 1024).toFixed(1).padStart(8)} KiB`;

console.log(`${path}: ${bytes.length} bytes`);
console.log('\nsections');
for (const [label, size] of sections) console.log(`${kib(size)}  ${label}`);
console.log(`\nfunction bodies by crate (${functions.length} functions, ${kib(code).trim()})`);
for (const [crate, { size, count }] of [...byCrate].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
  console.log(`${kib(size)}  ${((100 * size) / code).toFixed(1).padStart(5)} %  ${String(count).padStart(5)} fn  ${crate}`);
}
console.log(`\nlargest functions`);
for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, top)) {
  console.log(`${kib(f.size)}  ${f.name.length > 150 ? `${f.name.slice(0, 147)}...` : f.name}`);
}
